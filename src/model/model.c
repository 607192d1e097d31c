/* model.c: building and freeing the cluster model, lookups, and the small
 * helpers the model's files share.
 *
 * The steps follow Pacemaker 2.1.5's cluster_status(): cluster options,
 * nodes, resources, tags, constraints, then the status section.  Each step
 * lives in its own file (options.c, nodes.c, resources.c, constraints.c,
 * status.c).
 */
#include <stdarg.h>
#include <string.h>
#include <stdlib.h>

#include "model/model_internal.h"
#include "model/limits.h"

G_DEFINE_QUARK(cs-model-error-quark, cs_model_error)

/* ---- roles ------------------------------------------------------------ */

const char *
cs_role_name(CsRole role)
{
    switch (role) {
    case CS_ROLE_STOPPED:    return "Stopped";
    case CS_ROLE_STARTED:    return "Started";
    case CS_ROLE_UNPROMOTED: return "Unpromoted";
    case CS_ROLE_PROMOTED:   return "Promoted";
    case CS_ROLE_UNKNOWN:    break;
    }
    return "Unknown";
}

/* Pacemaker's text2role(): the legacy names Slave and Master still work
 * in 2.1.5 (Pacemaker Explained 2.1, "Resource Meta-Attributes", target-role). */
CsRole
cs_role_parse(const char *text)
{
    if (text == NULL) {
        return CS_ROLE_UNKNOWN;
    }
    if (g_ascii_strcasecmp(text, "Stopped") == 0) {
        return CS_ROLE_STOPPED;
    }
    if (g_ascii_strcasecmp(text, "Started") == 0) {
        return CS_ROLE_STARTED;
    }
    if (g_ascii_strcasecmp(text, "Unpromoted") == 0
        || g_ascii_strcasecmp(text, "Slave") == 0) {
        return CS_ROLE_UNPROMOTED;
    }
    if (g_ascii_strcasecmp(text, "Promoted") == 0
        || g_ascii_strcasecmp(text, "Master") == 0) {
        return CS_ROLE_PROMOTED;
    }
    return CS_ROLE_UNKNOWN;
}

/* ---- XML helpers ------------------------------------------------------- */

const char *
cs_xml_attr(const xmlNode *element, const char *name)
{
    if (element == NULL || element->type != XML_ELEMENT_NODE) {
        return NULL;
    }
    /* The first byte rules out most attributes without a call: this is
     * the model's innermost loop. */
    for (const xmlAttr *attr = element->properties; attr != NULL; attr = attr->next) {
        if (attr->name[0] != (xmlChar)name[0]
            || strcmp((const char *)attr->name, name) != 0) {
            continue;
        }
        if (attr->children == NULL) {
            return "";
        }
        if (attr->children->next == NULL && attr->children->type == XML_TEXT_NODE) {
            return (const char *)attr->children->content;
        }
        /* Entity references split a value into several nodes: rare in a
         * CIB; the document owns a merged copy via xmlNodeGetContent. */
        return (const char *)attr->children->content;
    }
    return NULL;
}

xmlNode *
cs_xml_first_element(const xmlNode *parent)
{
    if (parent == NULL) {
        return NULL;
    }
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type == XML_ELEMENT_NODE) {
            return child;
        }
    }
    return NULL;
}

xmlNode *
cs_xml_next_element(const xmlNode *element)
{
    for (xmlNode *next = element->next; next != NULL; next = next->next) {
        if (next->type == XML_ELEMENT_NODE) {
            return next;
        }
    }
    return NULL;
}

gboolean
cs_xml_is(const xmlNode *element, const char *name)
{
    return element != NULL && element->type == XML_ELEMENT_NODE
        && strcmp((const char *)element->name, name) == 0;
}

/* Pacemaker Explained 2.1, "Reusing Parts of the Configuration": an
 * element with id-ref stands for the element of the same tag with that
 * id.  Pacemaker searches by tag and id; the document indexes ids. */
xmlNode *
cs_model_expand_idref(const CsModel *model, xmlNode *element)
{
    const char *ref = cs_xml_attr(element, "id-ref");

    if (ref == NULL) {
        return element;
    }
    xmlNode *target = cs_document_lookup_id(model->document, ref);
    if (target == NULL || strcmp((const char *)target->name,
                                 (const char *)element->name) != 0) {
        return NULL;
    }
    return target;
}

void
cs_model_warn(CsModel *model, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    g_ptr_array_add(model->warnings, g_strdup_vprintf(format, args));
    va_end(args);
}

void
cs_model_rule_context_init(const CsModel *model, CsRuleContext *context)
{
    memset(context, 0, sizeof(*context));
    context->now = model->now;
}

/* ---- freeing ----------------------------------------------------------- */

void
cs_node_free(CsNode *node)
{
    if (node == NULL) {
        return;
    }
    g_free(node->id);
    g_free(node->uname);
    g_hash_table_destroy(node->attrs);
    g_hash_table_destroy(node->utilization);
    g_free(node);
}

void
cs_op_free(CsOp *op)
{
    g_free(op->id);
    g_free(op->name);
    g_free(op->on_fail);
    g_hash_table_destroy(op->meta);
    g_free(op);
}

void
cs_resource_unref(CsResource *rsc)
{
    if (rsc == NULL || !g_atomic_int_dec_and_test(&rsc->refs)) {
        return;
    }
    /* A resource derived again after an edit of <rsc_defaults> shares
     * the containers its meta attributes do not reach: references. */
    cs_ref_string_drop(rsc->id);
    g_array_unref(rsc->children);
    cs_ref_string_drop(rsc->rsc_class);
    cs_ref_string_drop(rsc->provider);
    cs_ref_string_drop(rsc->type);
    cs_ref_string_drop(rsc->template_id);
    g_hash_table_unref(rsc->meta);
    g_hash_table_unref(rsc->params);
    g_hash_table_unref(rsc->utilization);
    g_ptr_array_unref(rsc->ops);
    cs_bundle_unref(rsc->bundle);
    g_strfreev(rsc->meta_inherited);
    g_free(rsc);
}

void
cs_location_free(CsLocation *location)
{
    g_free(location->id);
    g_free(location->node);
    g_ptr_array_free(location->rules, TRUE);
    g_strfreev(location->submatches);
    g_free(location);
}

void
cs_colocation_free(CsColocation *colocation)
{
    g_free(colocation->id);
    g_free(colocation->node_attribute);
    g_free(colocation->set_id);
    g_free(colocation);
}

void
cs_order_free(CsOrder *order)
{
    g_free(order->id);
    g_free(order->first_action);
    g_free(order->then_action);
    g_free(order->set_id);
    g_free(order);
}

void
cs_ticket_constraint_free(CsTicketConstraint *ticket)
{
    g_free(ticket->id);
    g_free(ticket->ticket);
    g_free(ticket->loss_policy);
    g_free(ticket);
}

void
cs_ticket_free(CsTicket *ticket)
{
    g_free(ticket->id);
    g_free(ticket);
}

void
cs_rsc_state_free(CsRscState *state)
{
    g_free(state->rsc_id);
    /* shared by the states of models rebuilt from one another */
    g_ptr_array_unref(state->history);
    g_free(state->on_fail_applied);
    g_free(state->pending_task);
    g_free(state);
}

void
cs_fail_count_free(CsFailCount *fail_count)
{
    g_free(fail_count->rsc_id);
    g_free(fail_count->operation);
    g_free(fail_count);
}

void
cs_status_ban_free(CsStatusBan *ban)
{
    g_free(ban->reason);
    g_free(ban);
}

static void
cs_options_clear(CsOptions *options)
{
    if (options->values != NULL) {
        g_hash_table_destroy(options->values);
    }
    g_free(options->cluster_name);
    g_free(options->dc_uuid);
    g_free(options->stonith_action);
}

/* A part of the model that models rebuilt from one another share (see
 * cs_model_rebuild), freed with the last of them.  The count is atomic:
 * the session frees retired models on a worker thread. */
typedef struct CsModelPart {
    gint refs;
} CsModelPart;

static CsModelPart *
cs_model_part_new(void)
{
    CsModelPart *part = g_new(CsModelPart, 1);

    part->refs = 1;
    return part;
}

static CsModelPart *
cs_model_part_ref(CsModelPart *part)
{
    g_atomic_int_inc(&part->refs);
    return part;
}

/* TRUE when the caller held the last reference and must free the part's
 * contents. */
static gboolean
cs_model_part_unref(CsModelPart *part)
{
    if (!g_atomic_int_dec_and_test(&part->refs)) {
        return FALSE;
    }
    g_free(part);
    return TRUE;
}

/* The config part: cluster options and op_defaults (each model holds
 * its own reference to rsc_defaults). */
static void
cs_model_free_config(CsModel *model)
{
    cs_options_clear(&model->options);
    g_hash_table_destroy(model->op_defaults);
}

/* The status part: the nodes (the status section changes them) and what
 * the status section says. */
static void
cs_model_free_status(CsModel *model)
{
    g_hash_table_destroy(model->node_by_uname);
    g_hash_table_destroy(model->node_by_id);
    g_ptr_array_free(model->nodes, TRUE);
    /* The histories may be shared with the models rebuilt from this one
     * (status.c, cs_histories_take_over): references, dropped. */
    g_ptr_array_unref(model->rsc_states);
    g_ptr_array_unref(model->fail_counts);
    g_ptr_array_unref(model->status_bans);
    if (model->state_index != NULL) {
        g_hash_table_unref(model->state_index);
    }
    if (model->fail_count_index != NULL) {
        g_hash_table_unref(model->fail_count_index);
    }
    if (model->digest_verdicts != NULL) {
        g_hash_table_unref(model->digest_verdicts);
    }
}

static void
cs_model_free_constraints(CsModel *model)
{
    g_ptr_array_free(model->constraint_units, TRUE);   /* the entries' owners */
    g_ptr_array_free(model->locations, TRUE);
    g_ptr_array_free(model->colocations, TRUE);
    g_ptr_array_free(model->orders, TRUE);
    g_ptr_array_free(model->ticket_constraints, TRUE);
    g_ptr_array_free(model->tickets, TRUE);
    g_hash_table_destroy(model->tags);
}

void
cs_model_free(CsModel *model)
{
    if (model == NULL) {
        return;
    }
    cs_model_free_constraints(model);
    g_ptr_array_free(model->warnings, TRUE);
    g_hash_table_unref(model->rsc_by_id);
    g_ptr_array_free(model->resources, TRUE);   /* drops one reference each */
    if (model->rsc_defaults != NULL) {
        g_hash_table_unref(model->rsc_defaults);
    }
    if (model->rsc_defaults_names != NULL) {
        g_ptr_array_unref(model->rsc_defaults_names);
    }
    if (cs_model_part_unref(model->config_part)) {
        cs_model_free_config(model);
    }
    if (cs_model_part_unref(model->status_part)) {
        cs_model_free_status(model);
    }
    g_free(model);
}

/* ---- building ---------------------------------------------------------- */

static gint64 *
cs_pair_key(const CsModel *model, int rsc, int node)
{
    gint64 *key = g_new(gint64, 1);

    *key = ((gint64)rsc + 1) * ((gint64)model->nodes->len + 1) + node;
    return key;
}

/* Lookups by (resource, node) must not scan every entry: the engine asks
 * for each pair of a large cluster. */
static void
cs_model_index_states(CsModel *model)
{
    model->state_index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    for (guint i = 0; i < model->rsc_states->len; i++) {
        CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        gint64 *key = cs_pair_key(model, state->rsc, state->node);
        if (g_hash_table_contains(model->state_index, key)) {
            g_free(key);
        } else {
            g_hash_table_insert(model->state_index, key, state);
        }
    }
}

static void
cs_model_index_fail_counts(CsModel *model)
{
    model->fail_count_index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                                    (GDestroyNotify)g_ptr_array_unref);
    for (guint i = 0; i < model->fail_counts->len; i++) {
        CsFailCount *fail_count = g_ptr_array_index(model->fail_counts, i);
        gint64 *key = cs_pair_key(model, fail_count->rsc, fail_count->node);
        GPtrArray *list = g_hash_table_lookup(model->fail_count_index, key);
        if (list == NULL) {
            list = g_ptr_array_new();
            g_hash_table_insert(model->fail_count_index, key, list);
        } else {
            g_free(key);
        }
        g_ptr_array_add(list, fail_count);
    }
}

/* The indexes a status read left unset: those of histories and fail
 * counts taken over came with them. */
static void
cs_model_index_status(CsModel *model)
{
    if (model->state_index == NULL) {
        cs_model_index_states(model);
    }
    if (model->fail_count_index == NULL) {
        cs_model_index_fail_counts(model);
    }
}

/* Sized as previous's (NULL: empty) plus room: an edit adds a few. */
static void
cs_model_new_constraints(CsModel *model, const CsModel *previous)
{
    guint room = previous != NULL ? 8 : 0;

    model->constraint_units = g_ptr_array_new_full(
        previous != NULL ? previous->constraint_units->len + room : 0,
        (GDestroyNotify)cs_constraint_unit_unref);
    model->locations = g_ptr_array_sized_new(previous != NULL
                                             ? previous->locations->len + room : 0);
    model->colocations = g_ptr_array_sized_new(previous != NULL
                                               ? previous->colocations->len + room : 0);
    model->orders = g_ptr_array_sized_new(previous != NULL ? previous->orders->len + room : 0);
    model->ticket_constraints = g_ptr_array_new();
    model->tickets = g_ptr_array_new_with_free_func((GDestroyNotify)cs_ticket_free);
    model->tags = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)g_ptr_array_unref);
}

/* An empty status part: no nodes yet, nothing from the status section. */
static void
cs_model_new_status(CsModel *model)
{
    model->status_part = cs_model_part_new();
    model->nodes = g_ptr_array_new_with_free_func((GDestroyNotify)cs_node_free);
    model->node_by_uname = g_hash_table_new(g_str_hash, g_str_equal);
    model->node_by_id = g_hash_table_new(g_str_hash, g_str_equal);
    model->rsc_states = g_ptr_array_new_with_free_func((GDestroyNotify)cs_rsc_state_free);
    model->fail_counts = g_ptr_array_new_with_free_func((GDestroyNotify)cs_fail_count_free);
    model->status_bans = g_ptr_array_new_with_free_func((GDestroyNotify)cs_status_ban_free);
    model->state_index = NULL;
    model->fail_count_index = NULL;
    model->digest_verdicts = NULL;
    model->recheck_by = 0;
}

/* The id index is previous's when given: the same ids at the same
 * indices (cs_reread_same_place). */
static void
cs_model_new_resources(CsModel *model, const CsModel *previous)
{
    model->resources = g_ptr_array_new_full(previous != NULL ? previous->resources->len : 0,
                                            (GDestroyNotify)cs_resource_unref);
    model->rsc_by_id = previous != NULL ? g_hash_table_ref(previous->rsc_by_id)
                       : g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
}

static CsModel *
cs_model_new(const CsDocument *document, CsTime now)
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

/* A usable CIB has <cib><configuration> with crm_config, nodes, resources
 * and constraints (the schema requires all four; Pacemaker refuses a CIB
 * without them).  The status section may be missing. */
static gboolean
cs_model_check_document(const CsDocument *document, GError **error)
{
    xmlNode *root = document != NULL && document->xml != NULL
                    ? xmlDocGetRootElement(document->xml) : NULL;
    static const char *const required[] = { "crm_config", "nodes", "resources",
                                            "constraints" };

    if (root == NULL || !cs_xml_is(root, "cib")) {
        g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID,
                    "%s: not a CIB (root element is not <cib>)",
                    document != NULL && document->path ? document->path : "input");
        return FALSE;
    }
    for (gsize i = 0; i < G_N_ELEMENTS(required); i++) {
        if (cs_document_section(document, required[i]) == NULL) {
            g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID,
                        "%s: not a usable CIB: <configuration> has no <%s>",
                        document->path ? document->path : "input", required[i]);
            return FALSE;
        }
    }
    return TRUE;
}

/* Pacemaker validates a CIB against its schema before it schedules, and
 * there an id-ref, and a constraint's rsc, with-rsc, first and then, and a
 * set's resource_ref, are IDREFs: one naming no element makes crm_simulate
 * refuse the whole CIB ("IDREF attribute ... references an unknown ID";
 * checked against crm_simulate).  cibscope refuses it too rather than
 * answer for a CIB Pacemaker would not run.  NULL when all are found. */
static const xmlNode *
cs_unknown_reference(const CsDocument *document, const xmlNode *element,
                     gboolean in_constraints, const char **attribute)
{
    static const char *const constraint_refs[] = { "rsc", "with-rsc", "first", "then", NULL };

    for (; element != NULL; element = element->next) {
        if (element->type != XML_ELEMENT_NODE) {
            continue;
        }
        const char *id_ref = cs_xml_attr(element, "id-ref");
        if (id_ref != NULL && cs_document_lookup_id(document, id_ref) == NULL) {
            *attribute = "id-ref";
            return element;
        }
        for (gsize i = 0; in_constraints && constraint_refs[i] != NULL; i++) {
            const char *ref = cs_xml_attr(element, constraint_refs[i]);
            if (ref != NULL && cs_document_lookup_id(document, ref) == NULL) {
                *attribute = constraint_refs[i];
                return element;
            }
        }
        /* The document indexes every id attribute, a resource_ref's too:
         * its id names nothing when no other element holds it (a tag it
         * names may come after the constraints). */
        if (in_constraints && cs_xml_is(element, "resource_ref")) {
            const char *ref = cs_xml_attr(element, "id");
            if (ref != NULL && cs_document_lookup_id(document, ref) == element
                && (document->duplicated == NULL
                    || !g_hash_table_contains(document->duplicated, ref))) {
                *attribute = "id";
                return element;
            }
        }
        const xmlNode *found = cs_unknown_reference(document, element->children,
                                                    in_constraints
                                                    || cs_xml_is(element, "constraints"),
                                                    attribute);
        if (found != NULL) {
            return found;
        }
    }
    return NULL;
}

static gboolean
cs_model_check_references(const CsDocument *document, GError **error)
{
    xmlNode *configuration = cs_document_section(document, "crm_config");
    const char *attribute = NULL;

    configuration = configuration != NULL ? configuration->parent : NULL;
    const xmlNode *where = configuration != NULL
                           ? cs_unknown_reference(document, configuration->children,
                                                  FALSE, &attribute)
                           : NULL;
    if (where == NULL) {
        return TRUE;
    }
    const char *value = cs_xml_attr(where, attribute);
    g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID,
                "%s:%ld: <%s> %s=\"%s\" names no element: Pacemaker's schema "
                "refuses such a CIB", document->path != NULL ? document->path : "input",
                xmlGetLineNo(where), (const char *)where->name, attribute, value);
    return FALSE;
}

/* ---- stages -------------------------------------------------------------
 * Each stage's warnings and features are noted, so that a rebuild can take
 * those of the stages it does not run again from the model before it, in
 * their place. */

typedef struct {
    CsModel *model;
    CsModelStage stage;
    guint features_before;
} CsStageRun;

static CsStageRun
cs_stage_begin(CsModel *model, CsModelStage stage)
{
    CsStageRun run = { model, stage, model->features };

    model->features = 0;
    return run;
}

static void
cs_stage_end(const CsStageRun *run)
{
    CsModel *model = run->model;

    model->stage_features[run->stage] = model->features;
    model->features |= run->features_before;
    model->stage_warnings_end[run->stage] = model->warnings->len;
}

static guint
cs_stage_warnings_start(const CsModel *model, CsModelStage stage)
{
    return stage == 0 ? 0 : model->stage_warnings_end[stage - 1];
}

/* The stage as previous ran it: its warnings and features. */
static void
cs_stage_copy(CsModel *model, const CsModel *previous, CsModelStage stage)
{
    CsStageRun run = cs_stage_begin(model, stage);

    for (guint i = cs_stage_warnings_start(previous, stage);
         i < previous->stage_warnings_end[stage]; i++) {
        g_ptr_array_add(model->warnings, g_strdup(g_ptr_array_index(previous->warnings, i)));
    }
    model->features = previous->stage_features[stage];
    cs_stage_end(&run);
}

static void
cs_stage_nodes(CsModel *model, gboolean with_resources)
{
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_NODES);

    cs_model_unpack_nodes(model, with_resources);
    cs_stage_end(&run);
}

static void
cs_stage_constraints(CsModel *model, const CsModel *previous, const GPtrArray *touched)
{
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_CONSTRAINTS);

    cs_model_unpack_constraints(model, previous, touched);
    cs_stage_end(&run);
}

static void
cs_stage_status(CsModel *model, const CsModel *previous)
{
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_STATUS);

    cs_model_unpack_status(model, previous);
    cs_model_index_status(model);
    cs_stage_end(&run);
}

/* No remote or guest node and no connection resource: then nodes are
 * what <nodes> says and the resources stage changed none of them, which
 * cs_model_rebuild() needs to read the nodes again alone. */
static gboolean
cs_model_nodes_plain(const CsModel *model)
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

CsModel *
cs_model_build(const CsDocument *document, CsTime now, GError **error)
{
    gboolean id_refs = FALSE;

    if (!cs_model_check_document(document, error)
        || !cs_model_check_limits(document, &id_refs, error)      /* model/limits.h */
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
        || !cs_model_check_size(model, error)) {   /* model/limits.h */
        cs_model_free(model);
        return NULL;
    }
    cs_stage_end(&run);
    model->plain_nodes = cs_model_nodes_plain(model);
    cs_stage_constraints(model, NULL, NULL);
    cs_stage_status(model, NULL);
    return model;
}

/* ---- rebuilding --------------------------------------------------------
 * doc/DESIGN.md "Performance": an edit and its re-solve within one frame.  The
 * stages depend on one another as in Pacemaker's cluster_status(): the
 * nodes on the options; the resources on the options and the number of
 * nodes (clone-max), and they link remote and guest nodes; the
 * constraints on resources (their ids, critical) and tags; the status
 * section on all of them, and it changes the nodes (online, standby,
 * transient attributes).  So an edit of node attributes or of transient
 * ones reads the nodes, the constraints and the status again and keeps
 * the resources; an edit of one resource's meta attributes reads that
 * resource (and its children, which inherit them) and the constraints
 * again, and the status section too when the resource changed in
 * something the status section reads. */

typedef struct {
    GPtrArray *old;            /* CsResource* of previous, subtree tops */
    GPtrArray *fresh;          /* per top: GPtrArray of CsResource* read again */
    GPtrArray *warnings;       /* per top: GPtrArray of char*, NULL for none */
    gboolean status_again;     /* something the status section reads changed */
    gboolean constraints_again;    /* something constraints read changed */
    /* After an edit of <rsc_defaults>: what the section gives now (owned
     * until the new model takes them), NULL otherwise. */
    GHashTable *rsc_defaults;
    GPtrArray *rsc_defaults_names;
} CsReread;

static void
cs_reread_clear(CsReread *reread)
{
    for (guint i = 0; i < reread->fresh->len; i++) {
        GPtrArray *fresh = g_ptr_array_index(reread->fresh, i);
        for (guint j = 0; j < fresh->len; j++) {
            cs_resource_unref(g_ptr_array_index(fresh, j));
        }
    }
    g_ptr_array_free(reread->old, TRUE);
    g_ptr_array_free(reread->fresh, TRUE);
    g_ptr_array_free(reread->warnings, TRUE);
    g_clear_pointer(&reread->rsc_defaults, g_hash_table_unref);
    g_clear_pointer(&reread->rsc_defaults_names, g_ptr_array_unref);
}

static gboolean
cs_hash_equal(GHashTable *a, GHashTable *b)
{
    GHashTableIter iter;
    gpointer key, value;

    if (g_hash_table_size(a) != g_hash_table_size(b)) {
        return FALSE;
    }
    g_hash_table_iter_init(&iter, a);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        if (g_strcmp0(value, g_hash_table_lookup(b, key)) != 0) {
            return FALSE;
        }
    }
    return TRUE;
}

static gboolean
cs_ops_equal(const GPtrArray *a, const GPtrArray *b)
{
    if (a == b) {
        return TRUE;   /* shared (cs_model_rederive_resource) */
    }
    if (a->len != b->len) {
        return FALSE;
    }
    for (guint i = 0; i < a->len; i++) {
        const CsOp *x = g_ptr_array_index(a, i), *y = g_ptr_array_index(b, i);
        if (x->xml != y->xml || g_strcmp0(x->id, y->id) != 0
            || g_strcmp0(x->name, y->name) != 0 || x->interval_ms != y->interval_ms
            || x->role != y->role || g_strcmp0(x->on_fail, y->on_fail) != 0
            || x->enabled != y->enabled || x->timeout_ms != y->timeout_ms
            || !cs_hash_equal(x->meta, y->meta)) {
            return FALSE;
        }
    }
    return TRUE;
}

/* The resource read again is the same resource in the same place of the
 * tree, and nothing links it to a node or a container. */
static gboolean
cs_reread_same_place(const CsResource *old, const CsResource *fresh)
{
    if (old->index != fresh->index || strcmp(old->id, fresh->id) != 0
        || old->kind != fresh->kind || old->parent != fresh->parent
        || old->xml != fresh->xml || old->template_xml != fresh->template_xml
        || old->children->len != fresh->children->len
        || old->promotable != fresh->promotable || old->fence_device != fresh->fence_device
        || old->warnings_count != fresh->warnings_count) {
        return FALSE;
    }
    if (old->children->len > 0
        && memcmp(old->children->data, fresh->children->data,
                  old->children->len * sizeof(int)) != 0) {
        return FALSE;
    }
    return !old->is_remote_connection && !fresh->is_remote_connection
           && !old->implicit && old->container < 0 && old->remote_node < 0
           && !g_hash_table_contains(old->meta, "container")
           && !g_hash_table_contains(fresh->meta, "container")
           && cs_xml_guest_node_name(fresh->xml) == NULL;
}

/* What status.c reads of a resource (and of its operations) is unchanged. */
static gboolean
cs_reread_same_for_status(const CsResource *old, const CsResource *fresh)
{
    return old->managed == fresh->managed
           && old->failure_timeout_s == fresh->failure_timeout_s
           && old->block_failure_timeout == fresh->block_failure_timeout
           && old->remote_reconnect_ms == fresh->remote_reconnect_ms
           && old->globally_unique == fresh->globally_unique
           && cs_ops_equal(old->ops, fresh->ops);
}

/* What constraints.c reads of a resource beyond its place in the tree
 * (cs_reread_same_place) is unchanged: colocation influence defaults to
 * critical, rsc-pattern takes resources by priority, templates act as
 * tags. */
static gboolean
cs_reread_same_for_constraints(const CsResource *old, const CsResource *fresh)
{
    return old->critical == fresh->critical && old->priority == fresh->priority
           && g_strcmp0(old->template_id, fresh->template_id) == 0;
}

/* Whether rsc has an ancestor among the tops. */
static gboolean
cs_reread_covered(const CsModel *previous, GHashTable *tops, const CsResource *rsc)
{
    for (int up = rsc->parent; up >= 0;) {
        const CsResource *ancestor = g_ptr_array_index(previous->resources, up);
        if (g_hash_table_contains(tops, ancestor)) {
            return TRUE;
        }
        up = ancestor->parent;
    }
    return FALSE;
}

/* Unfencing is enabled by any set in <resources> that asks for it: when
 * it was not, only the resources read again can have started to; when it
 * was, the whole section is looked at again. */
static gboolean
cs_reread_same_unfencing(const CsModel *previous, const CsReread *reread)
{
    if (previous->enable_unfencing) {
        return reread->old->len == 0 || cs_model_enable_unfencing(previous);
    }
    for (guint i = 0; i < reread->old->len; i++) {
        const CsResource *rsc = g_ptr_array_index(reread->old, i);
        if (cs_xml_enables_unfencing(rsc->xml)) {
            return FALSE;
        }
    }
    return TRUE;
}

static gint
cs_rsc_index_compare(gconstpointer a, gconstpointer b)
{
    const CsResource *left = *(const CsResource *const *)a;
    const CsResource *right = *(const CsResource *const *)b;

    return left->index < right->index ? -1 : left->index > right->index;
}

static void
cs_warnings_unref(gpointer warnings)
{
    if (warnings != NULL) {
        g_ptr_array_unref(warnings);
    }
}

static void
cs_reread_init(CsReread *reread)
{
    reread->old = g_ptr_array_new();
    reread->fresh = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
    reread->warnings = g_ptr_array_new_with_free_func(cs_warnings_unref);
    reread->status_again = FALSE;
    reread->constraints_again = FALSE;
    reread->rsc_defaults = NULL;
    reread->rsc_defaults_names = NULL;
}

/* Reads each changed resource again; FALSE when one cannot be followed. */
static gboolean
cs_reread_resources(const CsModel *previous, const GPtrArray *elements, CsReread *reread)
{
    g_autoptr(GHashTable) tops = g_hash_table_new(NULL, NULL);
    g_autoptr(GPtrArray) sorted = g_ptr_array_new();

    cs_reread_init(reread);
    for (guint i = 0; elements != NULL && i < elements->len; i++) {
        xmlNode *xml = g_ptr_array_index(elements, i);
        CsResource *rsc = cs_model_resource(previous, cs_xml_attr(xml, "id"));
        if (rsc == NULL || rsc->xml != xml || !cs_model_check_edited_part(xml)) {
            return FALSE;
        }
        if (g_hash_table_add(tops, rsc)) {
            g_ptr_array_add(sorted, rsc);
        }
    }
    /* in document order: a subtree's top before what it holds */
    g_ptr_array_sort(sorted, cs_rsc_index_compare);
    for (guint i = 0; i < sorted->len; i++) {
        CsResource *rsc = g_ptr_array_index(sorted, i);
        if (cs_reread_covered(previous, tops, rsc)) {
            continue;
        }
        GPtrArray *fresh = g_ptr_array_new();
        GPtrArray *warnings = g_ptr_array_new_with_free_func(g_free);
        g_ptr_array_add(reread->old, rsc);
        g_ptr_array_add(reread->fresh, fresh);
        g_ptr_array_add(reread->warnings, warnings);
        cs_model_reread_resource(previous, rsc, fresh, warnings);
        for (guint j = 0; j < fresh->len; j++) {
            const CsResource *old = (guint)rsc->index + j < previous->resources->len
                ? g_ptr_array_index(previous->resources, (guint)rsc->index + j) : NULL;
            if (old == NULL || !cs_reread_same_place(old, g_ptr_array_index(fresh, j))) {
                return FALSE;
            }
            reread->status_again = reread->status_again
                || !cs_reread_same_for_status(old, g_ptr_array_index(fresh, j));
            reread->constraints_again = reread->constraints_again
                || !cs_reread_same_for_constraints(old, g_ptr_array_index(fresh, j));
        }
        /* Same children everywhere: the same subtree, so no more and no
         * fewer resources than before. */
        if (fresh->len == 0) {
            return FALSE;
        }
    }
    return cs_reread_same_unfencing(previous, reread);
}

/* ---- after an edit of <rsc_defaults> -------------------------------------
 * Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Resource
 * Defaults": rsc_defaults
 * give each resource the meta attributes it does not set itself (nor its
 * ancestors' sets), and a group's or clone's meta passes on to what it
 * holds.  So an edit there changes, in each resource, only the names the
 * section gives (before or after), where the resource did not set them:
 * the rest of the resource (operations, parameters, children) is
 * shared, and only the resources whose meta changed are made anew. */

/* Whether unfencing stays as previous had it: the section can enable it
 * too (cs_model_enable_unfencing). */
static gboolean
cs_rederive_same_unfencing(const CsModel *previous)
{
    if (previous->enable_unfencing) {
        return cs_model_enable_unfencing(previous);
    }
    return !cs_xml_enables_unfencing(cs_document_section(previous->document,
                                                         "rsc_defaults"));
}

/* The names previous's section gave and the section gives now. */
static GPtrArray *
cs_rederive_names(const CsModel *previous, const GPtrArray *now)
{
    GPtrArray *names = g_ptr_array_sized_new(previous->rsc_defaults_names->len + now->len);

    for (guint i = 0; i < previous->rsc_defaults_names->len; i++) {
        g_ptr_array_add(names, g_ptr_array_index(previous->rsc_defaults_names, i));
    }
    for (guint i = 0; i < now->len; i++) {
        g_ptr_array_add(names, g_ptr_array_index(now, i));
    }
    return names;
}

/* The list of resources read again that old's new one joins: the last
 * when old comes right after the ones it holds (cs_rebuild_resources
 * puts a list's j-th resource at its first one's index + j), else a new
 * one.  Most resources an edit reaches are neighbours: one list for a
 * run of them instead of one each. */
static GPtrArray *
cs_rederive_run(CsReread *reread, const CsResource *old)
{
    if (reread->old->len > 0) {
        const CsResource *first = g_ptr_array_index(reread->old, reread->old->len - 1);
        GPtrArray *list = g_ptr_array_index(reread->fresh, reread->fresh->len - 1);
        if (first->index + (int)list->len == old->index) {
            return list;
        }
    }
    GPtrArray *list = g_ptr_array_new();
    g_ptr_array_add(reread->old, (gpointer)old);
    g_ptr_array_add(reread->fresh, list);
    /* none to put in place: one that gave warnings is not followed */
    g_ptr_array_add(reread->warnings, NULL);
    return list;
}

/* One resource derived again, checked and recorded as one read again;
 * FALSE when the rebuild cannot follow it (a warning, a new place). */
static gboolean
cs_rederive_one(CsModel *scratch, const CsResource *old, const GPtrArray *names,
                GHashTable *defaults, GPtrArray *warnings, CsReread *reread)
{
    CsResource *fresh = cs_model_rederive_resource(scratch, old, names, defaults, warnings);

    if (fresh == NULL) {
        return TRUE;
    }
    g_ptr_array_add(cs_rederive_run(reread, old), fresh);
    g_ptr_array_index(scratch->resources, old->index) = fresh;
    /* The warnings of old's subtree are where they were only if reading
     * its meta gave none, then and now. */
    if (warnings->len > 0 || old->warnings_count > 0 || !cs_reread_same_place(old, fresh)) {
        return FALSE;
    }
    reread->status_again = reread->status_again || !cs_reread_same_for_status(old, fresh);
    reread->constraints_again = reread->constraints_again
                                || !cs_reread_same_for_constraints(old, fresh);
    return TRUE;
}

/* Every resource of previous whose meta the edit of <rsc_defaults>
 * changes, derived again; FALSE when one cannot be followed. */
static gboolean
cs_rederive_resources(const CsModel *previous, CsReread *reread)
{
    CsModel scratch = *previous;

    cs_reread_init(reread);
    cs_model_unpack_rsc_defaults(&scratch);   /* the section as it is now */
    reread->rsc_defaults = scratch.rsc_defaults;
    reread->rsc_defaults_names = scratch.rsc_defaults_names;
    if (scratch.rsc_defaults_names == NULL || !cs_rederive_same_unfencing(previous)) {
        return FALSE;
    }
    g_autoptr(GPtrArray) names = cs_rederive_names(previous, scratch.rsc_defaults_names);
    g_autoptr(GHashTable) shared = cs_rsc_defaults_per_resource(&scratch)
                                   ? NULL : cs_rsc_defaults_for(&scratch, NULL);
    g_autoptr(GPtrArray) resources = g_ptr_array_sized_new(previous->resources->len);
    g_ptr_array_set_size(resources, (gint)previous->resources->len);
    memcpy(resources->pdata, previous->resources->pdata,
           previous->resources->len * sizeof(gpointer));
    scratch.resources = resources;   /* the new ones replace the old as made */
    /* the warnings of one resource: the first that gives any ends it */
    g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < previous->resources->len; i++) {
        const CsResource *old = g_ptr_array_index(previous->resources, i);
        g_autoptr(GHashTable) own = shared == NULL ? cs_rsc_defaults_for(&scratch, old) : NULL;
        if (!cs_rederive_one(&scratch, old, names, own != NULL ? own : shared, warnings,
                             reread)) {
            return FALSE;
        }
    }
    return TRUE;
}

/* The resources of previous, those read again replaced, and their
 * warnings put in the place of the old ones. */
static void
cs_rebuild_resources(CsModel *model, const CsModel *previous, CsReread *reread)
{
    guint count = previous->resources->len;

    g_ptr_array_set_size(model->resources, (gint)count);
    memcpy(model->resources->pdata, previous->resources->pdata, count * sizeof(gpointer));
    for (guint i = 0; i < count; i++) {
        CsResource *rsc = g_ptr_array_index(model->resources, i);
        g_atomic_int_inc(&rsc->refs);
    }
    /* The features come from what the same-place check compared. */
    cs_stage_copy(model, previous, CS_MODEL_STAGE_RESOURCES);
    guint stage_start = cs_stage_warnings_start(model, CS_MODEL_STAGE_RESOURCES);
    for (guint i = 0; i < reread->old->len; i++) {
        const CsResource *old = g_ptr_array_index(reread->old, i);
        GPtrArray *fresh = g_ptr_array_index(reread->fresh, i);
        GPtrArray *warnings = g_ptr_array_index(reread->warnings, i);
        for (guint j = 0; j < fresh->len; j++) {
            guint index = (guint)old->index + j;
            cs_resource_unref(g_ptr_array_index(model->resources, index));
            g_ptr_array_index(model->resources, index) = g_ptr_array_index(fresh, j);
        }
        g_ptr_array_set_size(fresh, 0);   /* the model holds them now */
        for (guint j = 0; warnings != NULL && j < warnings->len; j++) {
            guint at = stage_start + old->warnings_first + j;
            g_free(g_ptr_array_index(model->warnings, at));
            g_ptr_array_index(model->warnings, at) = g_strdup(g_ptr_array_index(warnings, j));
        }
    }
}

/* The nodes read again are the ones previous had, in the same order. */
static gboolean
cs_rebuild_same_nodes(const CsModel *model, const CsModel *previous)
{
    if (model->nodes->len != previous->nodes->len) {
        return FALSE;
    }
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        const CsNode *before = g_ptr_array_index(previous->nodes, i);
        if (strcmp(node->id, before->id) != 0 || strcmp(node->uname, before->uname) != 0
            || node->type != before->type) {
            return FALSE;
        }
    }
    return TRUE;
}

/* Transient attributes are the only part of the status section an edit
 * that says nodes_or_status changes: their ids are what could pass a
 * limit. */
static gboolean
cs_rebuild_check_status_limits(const CsDocument *document)
{
    xmlNode *status = cs_document_section(document, "status");

    for (xmlNode *state = cs_xml_first_element(status); state != NULL;
         state = cs_xml_next_element(state)) {
        for (xmlNode *child = cs_xml_first_element(state); child != NULL;
             child = cs_xml_next_element(child)) {
            if (cs_xml_is(child, "transient_attributes")
                && !cs_model_check_edited_part(child)) {
                return FALSE;
            }
        }
    }
    return TRUE;
}

/* Whether a date_expression (date_spec lives inside one) is anywhere
 * under element: the only part of a rule whose value depends on the
 * clock (Pacemaker Explained 2.1, "Date Expressions"). */
static gboolean
cs_xml_has_date_expression(const xmlNode *element)
{
    for (const xmlNode *child = element->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE) {
            continue;
        }
        if (xmlStrEqual(child->name, BAD_CAST "date_expression")
            || cs_xml_has_date_expression(child)) {
            return TRUE;
        }
    }
    return FALSE;
}

/* Whether anything the build read depends on the clock.  Rules are read
 * in the configuration only (nvsets of options, nodes, resources,
 * rsc_defaults and op_defaults; constraint lifetimes), and a rule reads
 * the clock only through a date expression.  The status section reads it
 * only to expire failures (Pacemaker's check_operation_expiry() and
 * failure-timeout fail counts, Pacemaker Explained 2.1, "Resource Meta-Attributes" failure-timeout),
 * which only a resource with a failure timeout does; orphans have none.
 * Everything else that reads the clock (location rules, shutdown locks,
 * fail counts asked of the model) reads model->now during the solve. */
static gboolean
cs_model_reads_clock(const CsModel *model)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->failure_timeout_s > 0) {
            return TRUE;
        }
    }
    xmlNode *root = xmlDocGetRootElement(model->document->xml);
    for (xmlNode *child = cs_xml_first_element(root); child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, "configuration") && cs_xml_has_date_expression(child)) {
            return TRUE;
        }
    }
    return FALSE;
}

static gboolean
cs_rebuild_refuse(GError **error, const char *why)
{
    g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED,
                "no partial rebuild: %s", why);
    return FALSE;
}

/* An edit of <rsc_defaults>, alone but for constraints. */
static gboolean
cs_rebuild_check_defaults(const CsModel *previous, const CsModelChanges *changes,
                          CsReread *reread, GError **error)
{
    xmlNode *section = cs_document_section(previous->document, "rsc_defaults");

    if (changes->nodes_or_status
        || (changes->meta_resources != NULL && changes->meta_resources->len > 0)) {
        return cs_rebuild_refuse(error, "rsc_defaults with other changes");
    }
    if (!previous->plain_nodes || previous->id_refs || previous->rsc_defaults_names == NULL) {
        return cs_rebuild_refuse(error, "rsc_defaults that cannot be followed");
    }
    if (section != NULL && !cs_model_check_edited_part(section)) {
        return cs_rebuild_refuse(error, "an id past the limits");
    }
    if (!cs_rederive_resources(previous, reread)) {
        return cs_rebuild_refuse(error, "rsc_defaults changed more than meta attributes");
    }
    return TRUE;
}

static gboolean
cs_rebuild_check(CsModel *previous, const CsModelChanges *changes, CsReread *reread,
                 GError **error)
{
    const CsDocument *document = previous->document;
    gboolean meta = changes->meta_resources != NULL && changes->meta_resources->len > 0;

    /* An empty list of touched constraints: <constraints> is as it was
     * when previous passed the limits. */
    gboolean constraints_same = changes->constraints != NULL && changes->constraints->len == 0;

    if (!cs_model_check_document(document, error)
        || (!constraints_same
            && !cs_model_check_constraint_limits(document, error))) {  /* model/limits.h */
        return FALSE;
    }
    if ((changes->nodes_or_status || meta) && !previous->plain_nodes) {
        return cs_rebuild_refuse(error, "remote or guest nodes");
    }
    /* A set, pair or rule named by id-ref is read wherever it is named. */
    if ((changes->nodes_or_status || meta) && previous->id_refs) {
        return cs_rebuild_refuse(error, "id-ref in the document");
    }
    if (changes->nodes_or_status
        && (!cs_model_check_edited_part(cs_document_section(document, "nodes"))
            || (!changes->status_untouched && !cs_rebuild_check_status_limits(document)))) {
        return cs_rebuild_refuse(error, "an id past the limits");
    }
    gboolean clock = changes->now != NULL && (changes->now->seconds != previous->now.seconds
                                              || changes->now->offset != previous->now.offset);
    if (clock && (changes->nodes_or_status || meta || !constraints_same
                  || changes->rsc_defaults)) {
        return cs_rebuild_refuse(error, "a new clock with other changes");
    }
    if (clock && cs_model_reads_clock(previous)) {
        return cs_rebuild_refuse(error, "what the model read depends on the clock");
    }
    if (changes->rsc_defaults) {
        return cs_rebuild_check_defaults(previous, changes, reread, error);
    }
    if (!cs_reread_resources(previous, changes->meta_resources, reread)) {
        return cs_rebuild_refuse(error, "a resource changed more than its meta attributes");
    }
    return TRUE;
}

CsModel *
cs_model_rebuild(CsModel *previous, const CsModelChanges *changes, GError **error)
{
    CsReread reread = { 0 };

    if (!cs_rebuild_check(previous, changes, &reread, error)) {
        if (reread.old != NULL) {
            cs_reread_clear(&reread);
        }
        return NULL;
    }
    gboolean status_again = changes->nodes_or_status || reread.status_again;
    CsModel *model = g_new(CsModel, 1);

    /* Every field from previous, then each part either shared (one more
     * reference) or made anew, before anything can fail. */
    *model = *previous;
    if (changes->now != NULL) {
        model->now = *changes->now;   /* alone: cs_rebuild_check */
    }
    model->warnings = g_ptr_array_new_with_free_func(g_free);
    model->features = 0;
    cs_model_part_ref(model->config_part);
    if (reread.rsc_defaults != NULL) {
        model->rsc_defaults = g_steal_pointer(&reread.rsc_defaults);
        model->rsc_defaults_names = g_steal_pointer(&reread.rsc_defaults_names);
    } else {
        g_hash_table_ref(model->rsc_defaults);
        if (model->rsc_defaults_names != NULL) {
            g_ptr_array_ref(model->rsc_defaults_names);
        }
    }
    if (status_again) {
        cs_model_new_status(model);
    } else {
        cs_model_part_ref(model->status_part);
    }
    cs_model_new_resources(model, previous);
    cs_model_new_constraints(model, previous);

    cs_stage_copy(model, previous, CS_MODEL_STAGE_OPTIONS);
    if (status_again) {
        /* previous's resources made no remote or guest node (plain_nodes,
         * which cs_rebuild_check requires here): when none was read
         * again, they make none now, and the 2,000-resource scan for
         * them is skipped. */
        cs_stage_nodes(model, reread.old->len > 0);
    } else {
        cs_stage_copy(model, previous, CS_MODEL_STAGE_NODES);
    }
    /* The resources were read with previous's nodes (clone-max counts
     * them) and their warnings follow those of the nodes. */
    if (status_again && (!cs_rebuild_same_nodes(model, previous)
                         || model->stage_warnings_end[CS_MODEL_STAGE_NODES]
                            != previous->stage_warnings_end[CS_MODEL_STAGE_NODES])) {
        cs_rebuild_refuse(error, "the nodes changed");
        cs_reread_clear(&reread);
        cs_model_free(model);
        return NULL;
    }
    cs_rebuild_resources(model, previous, &reread);
    cs_reread_clear(&reread);
    if (!cs_model_check_size(model, error)) {   /* model/limits.h */
        cs_model_free(model);
        return NULL;
    }
    /* The constraints the edit did not touch give what they gave, unless
     * a resource changed in what they read. */
    gboolean take_over = changes->constraints != NULL && !reread.constraints_again;
    cs_stage_constraints(model, take_over ? previous : NULL, changes->constraints);
    if (status_again) {
        /* An edit of <nodes> or of transient attributes (a standby, a
         * node attribute, a fail count) leaves the histories (the
         * <lrm> of each node_state: any other change in status is
         * CS_EDIT_CHANGED_OTHER) and the resources as they were: they
         * may then be taken over (status.c decides, by what the
         * node_state pass gave). */
        gboolean histories_unchanged = !reread.status_again
                                       && (changes->meta_resources == NULL
                                           || changes->meta_resources->len == 0);
        cs_stage_status(model, histories_unchanged ? previous : NULL);
    } else {
        /* The status section reads no constraint, but it grants the
         * tickets constraints name: that pass runs on the new tickets. */
        cs_model_unpack_ticket_states(model);
        cs_stage_copy(model, previous, CS_MODEL_STAGE_STATUS);
    }
    return model;
}

CsModel *
cs_model_rebuild_constraints(CsModel *previous, GError **error)
{
    CsModelChanges changes = { .nodes_or_status = FALSE };

    return cs_model_rebuild(previous, &changes, error);
}

/* ---- lookups ----------------------------------------------------------- */

gboolean
cs_model_execution_date(const CsDocument *document, CsTime *out)
{
    xmlNode *root = document != NULL && document->xml != NULL
                    ? xmlDocGetRootElement(document->xml) : NULL;
    const char *value = cs_xml_attr(root, "execution-date");
    char *end = NULL;

    if (value == NULL) {
        return FALSE;
    }
    gint64 seconds = g_ascii_strtoll(value, &end, 10);
    if (end == value) {
        return FALSE;
    }
    out->seconds = seconds;
    out->offset = 0;
    return TRUE;
}

gboolean
cs_model_resolve_now(const CsDocument *document, const char *time_text,
                     CsTime *out, GError **error)
{
    if (time_text == NULL) {
        if (!cs_model_execution_date(document, out)) {
            *out = cs_time_now();
        }
        return TRUE;
    }
    g_autoptr(GError) parse_error = NULL;
    if (cs_time_parse(time_text, out, &parse_error)) {
        return TRUE;
    }
    g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID,
                "--time '%s': %s", time_text, parse_error->message);
    return FALSE;
}

CsNode *
cs_model_node(const CsModel *model, const char *uname_or_id)
{
    if (uname_or_id == NULL) {
        return NULL;
    }
    CsNode *node = g_hash_table_lookup(model->node_by_uname, uname_or_id);
    if (node == NULL) {
        node = g_hash_table_lookup(model->node_by_id, uname_or_id);
    }
    return node;
}

CsResource *
cs_model_resource(const CsModel *model, const char *id)
{
    int index = id != NULL ? GPOINTER_TO_INT(g_hash_table_lookup(model->rsc_by_id, id)) : 0;

    return index > 0 ? g_ptr_array_index(model->resources, index - 1) : NULL;
}

CsResource *
cs_model_top(const CsModel *model, const CsResource *rsc)
{
    while (rsc->parent >= 0) {
        rsc = g_ptr_array_index(model->resources, rsc->parent);
    }
    return (CsResource *)rsc;
}

CsRscState *
cs_model_rsc_state(const CsModel *model, int rsc, int node)
{
    gint64 key = ((gint64)rsc + 1) * ((gint64)model->nodes->len + 1) + node;

    return g_hash_table_lookup(model->state_index, &key);
}

/* Pacemaker's pe_get_failcount(): the fail counts of every operation of
 * the resource on the node add up; when failure-timeout is set and the
 * most recent failure is older than it, they all count as zero (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes", failure-timeout) -- unless an operation uses
 * on-fail=block, which keeps failures forever. */
int
cs_model_fail_count(const CsModel *model, int rsc, int node)
{
    CsScore total = 0;
    gint64 last_failure = 0;
    gint64 key = ((gint64)rsc + 1) * ((gint64)model->nodes->len + 1) + node;
    GPtrArray *list = g_hash_table_lookup(model->fail_count_index, &key);

    for (guint i = 0; list != NULL && i < list->len; i++) {
        CsFailCount *fail_count = g_ptr_array_index(list, i);
        total = cs_score_add(total, fail_count->count);
        last_failure = MAX(last_failure, fail_count->last_failure);
    }
    if (total > 0 && rsc >= 0) {
        const CsResource *resource = g_ptr_array_index(model->resources, rsc);
        if (resource->failure_timeout_s > 0 && !resource->block_failure_timeout
            && model->now.seconds > last_failure + resource->failure_timeout_s) {
            return 0;
        }
    }
    return total;
}
