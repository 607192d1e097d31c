/* version.c: which Pacemaker wrote a CIB (version.h). */
#include <stdlib.h>
#include <string.h>
#include <libxml/xpath.h>

#include "explain/output.h"
#include "explain/version.h"

static const int modelled_release[3] = {2, 1, 5};

/* ---- reading what the CIB says ------------------------------------------ */

static char *root_attribute(const CsDocument *document, const char *name)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    xmlChar *value = root != NULL ? xmlGetProp(root, (const xmlChar *)name) : NULL;
    char *copy = g_strdup((const char *)value);
    xmlFree(value);
    return copy;
}

/* The first node of an XPath query, or NULL. */
static xmlNode *first_match(const CsDocument *document, const char *query)
{
    xmlXPathContext *context = xmlXPathNewContext(document->xml);
    xmlXPathObject *result = xmlXPathEvalExpression((const xmlChar *)query, context);
    xmlNode *node = NULL;
    if (result != NULL && result->nodesetval != NULL && result->nodesetval->nodeNr > 0)
        node = result->nodesetval->nodeTab[0];
    xmlXPathFreeObject(result);
    xmlXPathFreeContext(context);
    return node;
}

static char *node_attribute(const xmlNode *node, const char *name)
{
    xmlChar *value = node != NULL ? xmlGetProp(node, (const xmlChar *)name) : NULL;
    char *copy = g_strdup((const char *)value);
    xmlFree(value);
    return copy;
}

/* dc-version: "Cluster Options" in Pacemaker Explained 2.1 (set by the
 * cluster, read-only for the operator). */
static char *read_dc_version(const CsDocument *document)
{
    xmlNode *nvpair = first_match(document, "/cib/configuration/crm_config"
                                            "/cluster_property_set/nvpair[@name='dc-version']");
    return node_attribute(nvpair, "value");
}

/* "3.0.2-94d4a7b" or "3.16.1": up to three numbers; FALSE when the text
 * does not start with one. */
static gboolean parse_release(const char *text, int release[3])
{
    release[0] = release[1] = release[2] = 0;
    const char *at = text;
    for (int i = 0; i < 3; i++) {
        if (!g_ascii_isdigit(*at))
            return i > 0;
        char *end = NULL;
        release[i] = (int)strtol(at, &end, 10);
        at = end;
        if (*at != '.')
            return TRUE;
        at++;
    }
    return TRUE;
}

static int compare_release(const int a[3], const int b[3])
{
    for (int i = 0; i < 3; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static void set_bound(CsCibOrigin *out, CsOriginKind kind, int major, int minor, int patch,
                      const char *evidence)
{
    out->kind = kind;
    out->release[0] = major;
    out->release[1] = minor;
    out->release[2] = patch;
    out->evidence = g_strdup(evidence);
}

/* Without dc-version: the schema, then the feature set.  pacemaker-4.x
 * came with 3.0.0 and pacemaker-3.10 with 2.1.8; 2.1.5 writes
 * pacemaker-3.9 and feature set 3.16.1. */
static void guess_from_schema(CsCibOrigin *out)
{
    int schema[3];
    int modelled_schema[3] = {3, 9, 0};
    if (out->validate_with != NULL && g_str_has_prefix(out->validate_with, "pacemaker-")
        && parse_release(out->validate_with + strlen("pacemaker-"), schema)) {
        g_autofree char *evidence = g_strdup_printf("validate-with %s", out->validate_with);
        if (schema[0] >= 4) {
            set_bound(out, CS_ORIGIN_AT_LEAST, 3, 0, 0, evidence);
            return;
        }
        if (compare_release(schema, modelled_schema) > 0) {
            set_bound(out, CS_ORIGIN_AT_LEAST, 2, 1, 8, evidence);
            return;
        }
    }
    int features[3], modelled_features[3];
    if (out->feature_set == NULL || !parse_release(out->feature_set, features))
        return;
    parse_release(CS_MODELLED_FEATURE_SET, modelled_features);
    /* 2.1.5 writes 3.16.1 or 3.16.2 (its release candidates and final
     * differ): the series 3.16 is 2.1.5's. */
    features[2] = modelled_features[2] = 0;
    int order = compare_release(features, modelled_features);
    g_autofree char *evidence = g_strdup_printf("crm_feature_set %s", out->feature_set);
    if (order > 0)
        set_bound(out, CS_ORIGIN_AT_LEAST, 2, 1, 6, evidence);
    else if (order < 0)
        set_bound(out, CS_ORIGIN_OLDER, 0, 0, 0, evidence);
}

void cs_cib_origin_read(const CsDocument *document, CsCibOrigin *out)
{
    memset(out, 0, sizeof *out);
    out->dc_version = read_dc_version(document);
    out->feature_set = root_attribute(document, "crm_feature_set");
    out->validate_with = root_attribute(document, "validate-with");
    out->kind = CS_ORIGIN_SAME;
    int release[3];
    if (out->dc_version != NULL && parse_release(out->dc_version, release)) {
        if (compare_release(release, modelled_release) != 0) {
            out->kind = CS_ORIGIN_EXACT;
            memcpy(out->release, release, sizeof release);
        }
        return;
    }
    guess_from_schema(out);
}

void cs_cib_origin_clear(CsCibOrigin *origin)
{
    g_free(origin->dc_version);
    g_free(origin->feature_set);
    g_free(origin->validate_with);
    g_free(origin->evidence);
    memset(origin, 0, sizeof *origin);
}

/* ---- saying it ------------------------------------------------------------ */

/* "3.0.2" of a dc-version "3.0.2-94d4a7b": the part before the build. */
static char *release_text(const CsCibOrigin *origin)
{
    const char *dash = strchr(origin->dc_version, '-');
    return dash != NULL ? g_strndup(origin->dc_version, (gsize)(dash - origin->dc_version))
                        : g_strdup(origin->dc_version);
}

static char *origin_text(const CsCibOrigin *origin)
{
    switch (origin->kind) {
    case CS_ORIGIN_EXACT: {
        g_autofree char *release = release_text(origin);
        return g_strdup_printf("Pacemaker %s", release);
    }
    case CS_ORIGIN_AT_LEAST:
        if (g_str_has_prefix(origin->evidence, "validate-with"))
            return g_strdup_printf("Pacemaker %d.%d.%d or later (%s)", origin->release[0],
                                   origin->release[1], origin->release[2], origin->evidence);
        return g_strdup_printf("a Pacemaker newer than %s (%s)", CS_MODELLED_PACEMAKER,
                               origin->evidence);
    case CS_ORIGIN_OLDER:
        return g_strdup_printf("a Pacemaker older than %s (%s)", CS_MODELLED_PACEMAKER,
                               origin->evidence);
    case CS_ORIGIN_SAME:
    default: return NULL;
    }
}

char *cs_version_note(const CsCibOrigin *origin)
{
    g_autofree char *from = origin_text(origin);
    if (from == NULL)
        return NULL;
    return g_strdup_printf("CIB from %s; answers are Pacemaker %s's", from, CS_MODELLED_PACEMAKER);
}

char *cs_version_short(const CsCibOrigin *origin)
{
    switch (origin->kind) {
    case CS_ORIGIN_EXACT: {
        g_autofree char *release = release_text(origin);
        return g_strdup_printf("CIB %s, answers %s", release, CS_MODELLED_PACEMAKER);
    }
    case CS_ORIGIN_AT_LEAST:
        return g_strdup_printf("CIB >%s, answers %s", CS_MODELLED_PACEMAKER, CS_MODELLED_PACEMAKER);
    case CS_ORIGIN_OLDER:
        return g_strdup_printf("CIB <%s, answers %s", CS_MODELLED_PACEMAKER, CS_MODELLED_PACEMAKER);
    case CS_ORIGIN_SAME:
    default: return NULL;
    }
}

/* ---- the changes since 2.1.5 that this CIB meets ------------------------- */

/* Each change: the release that made it, what it does, and an XPath
 * query on the CIB that finds what the change applies to (the first
 * match is named).  "and_also", when set, must match as well.  From the
 * release notes of 2.1.6 to 3.0.2. */
typedef struct CsSchedulerChange {
    int release[3];
    const char *what;
    const char *query;
    const char *and_also;
} CsSchedulerChange;

#define CONSTRAINTS "/cib/configuration/constraints"
#define RESOURCES "/cib/configuration/resources"
#define CONFIG "/cib/configuration"
#define OPTIONAL_ANTI                                                                              \
    CONSTRAINTS "/rsc_colocation[starts-with(@score,'-') "                                         \
                "and not(starts-with(translate(@score,'inf','INF'),'-INF'))]"
#define MANDATORY_COLOCATION                                                                       \
    CONSTRAINTS "/rsc_colocation[contains(translate(@score,'inf','INF'),'INF')]"
#define OPTIONAL_COLOCATION                                                                        \
    CONSTRAINTS "/rsc_colocation[@score "                                                          \
                "and not(contains(translate(@score,'inf','INF'),'INF'))]"
#define GROUP_MEMBER RESOURCES "//group/primitive/@id"

static const CsSchedulerChange version_changes[] = {
    {{2, 1, 6},
     "mandatory colocations are applied before optional ones",
     OPTIONAL_COLOCATION,
     MANDATORY_COLOCATION},
    {{2, 1, 6},
     "an optional anti-colocation no longer outweighs infinite stickiness",
     OPTIONAL_ANTI,
     CONFIG
     "//nvpair[@name='resource-stickiness' and contains(translate(@value,'inf','INF'),'INF')]"},
    {{2, 1, 7},
     "anti-colocation is weighed against stickiness",
     CONSTRAINTS "/rsc_colocation[starts-with(@score,'-')]",
     CONFIG
     "//nvpair[@name='resource-stickiness' and not(starts-with(@value,'-')) and @value!='0']"},
    {{2, 1, 7},
     "explicit colocations with group members count",
     CONSTRAINTS "/rsc_colocation[@rsc=" GROUP_MEMBER " or @with-rsc=" GROUP_MEMBER "]",
     NULL},
    {{2, 1, 7},
     "clone instances are no longer shuffled without need",
     RESOURCES "//clone | " RESOURCES "//master",
     NULL},
    {{2, 1, 8},
     "a group's location constraints apply when a member is a colocation dependent",
     CONSTRAINTS "/rsc_location[@rsc=" RESOURCES "//group/@id]",
     CONSTRAINTS "/rsc_colocation[@rsc=" GROUP_MEMBER "]"},
    {{2, 1, 8},
     "an operation timeout of 0 means the 20 s default",
     RESOURCES "//op[@timeout='0' or @timeout='0s' or @timeout='0ms']",
     NULL},
    {{2, 1, 9},
     "no-quorum-policy=fence is accepted",
     CONFIG "/crm_config//nvpair[@name='no-quorum-policy' and @value='fence']",
     NULL},
    {{3, 0, 0},
     "globally-unique defaults to true when clone-node-max > 1",
     RESOURCES "//clone[meta_attributes/nvpair[@name='clone-node-max' and @value!='1'] "
               "and not(meta_attributes/nvpair[@name='globally-unique'])]",
     NULL},
    {{3, 0, 0},
     "a negative migration-threshold is invalid",
     CONFIG "//nvpair[@name='migration-threshold' and starts-with(@value,'-')]",
     NULL},
    {{3, 0, 0}, "<master> is gone (upgraded to a promotable clone)", RESOURCES "//master", NULL},
    {{3, 0, 2},
     "the fencing-* options replace stonith-* (2.1.5 reads only stonith-*)",
     CONFIG "/crm_config//nvpair[starts-with(@name,'fencing-')]",
     NULL},
    {{3, 0, 2},
     "stop-removed-resources and cancel-removed-actions replace stop-orphan-* "
     "(2.1.5 reads only stop-orphan-*)",
     CONFIG "/crm_config//nvpair[@name='stop-removed-resources' "
            "or @name='cancel-removed-actions']",
     NULL},
};

/* "rsc_colocation c1", or the element's name alone. */
static char *describe_match(xmlNode *node)
{
    if (node->type == XML_ATTRIBUTE_NODE)
        node = node->parent;
    g_autofree char *id = node_attribute(node, "id");
    return id != NULL ? g_strdup_printf("%s %s", (const char *)node->name, id)
                      : g_strdup((const char *)node->name);
}

/* The release the CIB is known to come from at least (for AT_LEAST a
 * lower bound: only the changes up to it surely apply). */
static gboolean newer_than_modelled(const CsCibOrigin *origin)
{
    return (origin->kind == CS_ORIGIN_EXACT || origin->kind == CS_ORIGIN_AT_LEAST)
           && compare_release(origin->release, modelled_release) > 0;
}

GPtrArray *cs_version_differences(const CsDocument *document, const CsCibOrigin *origin)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    if (!newer_than_modelled(origin))
        return lines;
    for (gsize i = 0; i < G_N_ELEMENTS(version_changes); i++) {
        const CsSchedulerChange *change = &version_changes[i];
        if (compare_release(change->release, origin->release) > 0)
            continue;
        xmlNode *match = first_match(document, change->query);
        if (match == NULL
            || (change->and_also != NULL && first_match(document, change->and_also) == NULL))
            continue;
        g_autofree char *where = describe_match(match);
        g_ptr_array_add(lines, g_strdup_printf("since %d.%d.%d: %s (here: %s)", change->release[0],
                                               change->release[1], change->release[2], change->what,
                                               where));
    }
    return lines;
}

void cs_version_note_write(FILE *stream, const CsDocument *document)
{
    if (g_getenv("CIBSCOPE_QUIET_VERSION") != NULL)
        return;
    CsCibOrigin origin;
    cs_cib_origin_read(document, &origin);
    g_autofree char *note = cs_version_note(&origin);
    if (note != NULL) {
        g_autoptr(GString) text = g_string_new(NULL);
        g_string_append_printf(text, "cibscope: %s\n", note);
        g_autoptr(GPtrArray) lines = cs_version_differences(document, &origin);
        for (guint i = 0; i < lines->len; i++)
            g_string_append_printf(text, "cibscope: %s\n",
                                   (const char *)g_ptr_array_index(lines, i));
        cs_output_write(stream, text->str, text->len, cs_output_mode(stream, CS_OUTPUT_CONTROLS));
    }
    cs_cib_origin_clear(&origin);
}
