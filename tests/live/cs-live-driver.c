/* cs-live-driver.c: the live and history library calls, one per command,
 * for tests/live/run-cluster.sh (which needs them before the console and
 * the command language are wired to a real cluster).
 *
 *   cs-live-driver status                 the status bar's live text
 *   cs-live-driver predict                where each resource will run
 *   cs-live-driver commit RSC NODE STICKY_RSC VALUE
 *       ban RSC from NODE (as crm_resource --ban writes it) and set
 *       STICKY_RSC's resource-stickiness, print the operations and the
 *       prediction, then commit behind the epoch guard
 *   cs-live-driver history DIR            as cibscope history DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cib/live.h"
#include "engine/engine.h"
#include "explain/history.h"
#include "model/model.h"

static int driver_fail(const char *what, const GError *error)
{
    fprintf(stderr, "cs-live-driver: %s: %s\n", what, error ? error->message : "failed");
    return 2;
}

/* "RSC NODE" (or "RSC Stopped") for each primitive, one a line. */
static int driver_predict(const CsDocument *document)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsModel) model = cs_model_build(document, cs_time_now(), &error);
    if (model == NULL)
        return driver_fail("model", error);
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    if (solution == NULL)
        return driver_fail("solve", error);
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind != CS_RSC_PRIMITIVE)
            continue;
        int node = cs_solution_assigned_node(solution, rsc->index);
        const CsNode *where = node >= 0 ? g_ptr_array_index(model->nodes, node) : NULL;
        printf("predict %s %s\n", rsc->id, where ? where->uname : "Stopped");
    }
    return 0;
}

static void driver_add_xml(CsDocument *document, xmlNode *parent, const char *xml)
{
    xmlNode *list = NULL;
    if (xmlParseInNodeContext(parent, xml, (int)strlen(xml), 0, &list) == XML_ERR_OK)
        xmlAddChildList(parent, list);
    cs_document_reindex(document);
}

static gboolean driver_edit(CsDocument *edited, const char *rsc, const char *node,
                            const char *sticky_rsc, const char *value)
{
    g_autofree char *ban = g_strdup_printf(
        "<rsc_location id=\"cli-ban-%s-on-%s\" rsc=\"%s\" role=\"Started\" node=\"%s\" "
        "score=\"-INFINITY\"/>", rsc, node, rsc, node);
    driver_add_xml(edited, cs_document_section(edited, "constraints"), ban);
    xmlNode *primitive = cs_document_lookup_id(edited, sticky_rsc);
    if (primitive == NULL)
        return FALSE;
    g_autofree char *meta_id = g_strdup_printf("%s-meta_attributes", sticky_rsc);
    g_autofree char *pair_id = g_strdup_printf("%s-meta_attributes-resource-stickiness", sticky_rsc);
    xmlNode *pair = cs_document_lookup_id(edited, pair_id);
    if (pair != NULL) {
        xmlSetProp(pair, BAD_CAST "value", BAD_CAST value);
        return TRUE;
    }
    xmlNode *meta = cs_document_lookup_id(edited, meta_id);
    g_autofree char *nvpair = g_strdup_printf(
        "<nvpair id=\"%s\" name=\"resource-stickiness\" value=\"%s\"/>", pair_id, value);
    if (meta != NULL) {
        driver_add_xml(edited, meta, nvpair);
    } else {
        g_autofree char *wrapped = g_strdup_printf("<meta_attributes id=\"%s\">%s</meta_attributes>",
                                                   meta_id, nvpair);
        driver_add_xml(edited, primitive, wrapped);
    }
    return TRUE;
}

static int driver_commit(char **argv)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) base = cs_live_query(&error);
    if (base == NULL)
        return driver_fail("query", error);
    g_autoptr(CsDocument) edited = cs_live_query(&error);
    if (edited == NULL || !driver_edit(edited, argv[0], argv[1], argv[2], argv[3]))
        return driver_fail("edit", error);
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    for (guint i = 0; i < ops->len; i++) {
        const CsLiveOp *op = g_ptr_array_index(ops, i);
        g_autofree char *line = cs_live_op_command_line(op);
        printf("op %s\n   # %s\n", line, op->summary);
    }
    int status = driver_predict(edited);
    if (status != 0)
        return status;
    g_autoptr(GString) report = g_string_new(NULL);
    gboolean ok = cs_live_commit(base, ops, report, &error);
    fputs(report->str, stdout);
    return ok ? 0 : driver_fail("commit", error);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 1;
    const char *command = argv[1];
    if (strcmp(command, "history") == 0 && argc == 3)
        return cs_history_run(argv[2], NULL);
    if (strcmp(command, "commit") == 0 && argc == 6)
        return driver_commit(argv + 2);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_live_query(&error);
    if (document == NULL)
        return driver_fail("query", error);
    if (strcmp(command, "predict") == 0)
        return driver_predict(document);
    if (strcmp(command, "status") == 0) {
        CsLiveVersion version;
        cs_live_version_read(document, &version);
        g_autofree char *text = cs_live_status_text(&version);
        printf("%s\n", text);
        cs_live_version_clear(&version);
        return 0;
    }
    return 1;
}
