/* build.c: building the cluster model from a document.
 *
 * The steps follow Pacemaker 2.1.5's cluster_status(): cluster options,
 * nodes, resources, tags, constraints, then the status section.  Each step
 * lives in its own file (options.c, nodes.c, resources.c, constraints.c,
 * status.c); this file runs them in order, as stages a rebuild
 * (rebuild.c) can take over from the model before.
 */
#include "model/model_internal.h"
#include "model/limits.h"

static CsModel *cs_model_new(const CsDocument *document, CsTime now)
{
    CsModel *model = g_new0(CsModel, 1);

    model->document = document;
    model->now = now;
    model->config_part = cs_model_part_new();
    model->op_defaults = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    cs_model_new_status(model);
    cs_model_new_resources(model, NULL);
    cs_model_new_constraints(model, NULL);
    model->warnings = g_ptr_array_new_with_free_func(g_free);
    return model;
}

/* ---- stages -------------------------------------------------------------
 * Each stage's warnings and features are noted, so that a rebuild can take
 * those of the stages it does not run again from the model before it, in
 * their place. */

CsStageRun cs_stage_begin(CsModel *model, CsModelStage stage)
{
    CsStageRun run = {model, stage, model->features};

    model->features = 0;
    return run;
}

void cs_stage_end(const CsStageRun *run)
{
    CsModel *model = run->model;

    model->stage_features[run->stage] = model->features;
    model->features |= run->features_before;
    model->stage_warnings_end[run->stage] = model->warnings->len;
}

guint cs_stage_warnings_start(const CsModel *model, CsModelStage stage)
{
    return stage == 0 ? 0 : model->stage_warnings_end[stage - 1];
}

/* The stage as previous ran it: its warnings and features. */
void cs_stage_copy(CsModel *model, const CsModel *previous, CsModelStage stage)
{
    CsStageRun run = cs_stage_begin(model, stage);

    for (guint i = cs_stage_warnings_start(previous, stage);
         i < previous->stage_warnings_end[stage]; i++) {
        g_ptr_array_add(model->warnings, g_strdup(g_ptr_array_index(previous->warnings, i)));
    }
    model->features = previous->stage_features[stage];
    cs_stage_end(&run);
}

void cs_stage_nodes(CsModel *model, gboolean with_resources)
{
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_NODES);

    cs_model_unpack_nodes(model, with_resources);
    cs_stage_end(&run);
}

void cs_stage_constraints(CsModel *model, const CsModel *previous, const GPtrArray *touched)
{
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_CONSTRAINTS);

    cs_model_unpack_constraints(model, previous, touched);
    cs_stage_end(&run);
}

void cs_stage_status(CsModel *model, const CsModel *previous)
{
    cs_stage_status_renumbered(model, previous, NULL, previous);
}

void cs_stage_status_renumbered(CsModel *model, const CsModel *previous, const int *renumber,
                                const CsModel *records_from)
{
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_STATUS);

    cs_model_unpack_status_renumbered(model, previous, renumber, records_from);
    cs_model_index_status(model);
    cs_stage_end(&run);
}

/* No remote or guest node and no connection resource: then nodes are
 * what <nodes> says and the resources stage changed none of them, which
 * cs_model_rebuild() needs to read the nodes again alone. */
static gboolean cs_model_nodes_plain(const CsModel *model)
{
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        if (node->type == CS_NODE_REMOTE || node->type == CS_NODE_GUEST) {
            return FALSE;
        }
    }
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->is_remote_connection) {
            return FALSE;
        }
    }
    return TRUE;
}

CsModel *cs_model_build(const CsDocument *document, CsTime now, GError **error)
{
    gboolean id_refs = FALSE;

    if (!cs_model_check_document(document, error)
        || !cs_model_check_limits(document, &id_refs, error) /* model/limits.h */
        || !cs_model_check_references(document, error)) {
        return NULL;
    }
    CsModel *model = cs_model_new(document, now);
    model->id_refs = id_refs;
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_OPTIONS);

    cs_model_unpack_options(model);
    cs_stage_end(&run);
    cs_stage_nodes(model, TRUE);
    run = cs_stage_begin(model, CS_MODEL_STAGE_RESOURCES);
    if (!cs_model_unpack_resources(model, error)
        || !cs_model_check_size(model, error)) { /* model/limits.h */
        cs_model_free(model);
        return NULL;
    }
    cs_stage_end(&run);
    model->plain_nodes = cs_model_nodes_plain(model);
    cs_stage_constraints(model, NULL, NULL);
    cs_stage_status(model, NULL);
    return model;
}
