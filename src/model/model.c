/* model.c: the cluster model's ground floor: roles, freeing, the empty
 * parts a build fills, the document checks, lookups, and the small
 * helpers the model's files share.  It calls none of them: the build is
 * in build.c, rebuilding after an edit in rebuild.c, XML reading in
 * base/xml.c.
 */
#include <stdarg.h>
#include <string.h>
#include <stdlib.h>

#include "model/model_internal.h"
#include "model/limits.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-model-error-quark, cs_model_error)
/* clang-format on */

/* ---- roles ------------------------------------------------------------ */

const char *cs_role_name(CsRole role)
{
    switch (role) {
    case CS_ROLE_STOPPED: return "Stopped";
    case CS_ROLE_STARTED: return "Started";
    case CS_ROLE_UNPROMOTED: return "Unpromoted";
    case CS_ROLE_PROMOTED: return "Promoted";
    case CS_ROLE_UNKNOWN: break;
    }
    return "Unknown";
}

/* Pacemaker's text2role(): the legacy names Slave and Master still work
 * in 2.1.5 (Pacemaker Explained 2.1, "Resource Meta-Attributes", target-role). */
CsRole cs_role_parse(const char *text)
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
    if (g_ascii_strcasecmp(text, "Unpromoted") == 0 || g_ascii_strcasecmp(text, "Slave") == 0) {
        return CS_ROLE_UNPROMOTED;
    }
    if (g_ascii_strcasecmp(text, "Promoted") == 0 || g_ascii_strcasecmp(text, "Master") == 0) {
        return CS_ROLE_PROMOTED;
    }
    return CS_ROLE_UNKNOWN;
}

/* Pacemaker Explained 2.1, "Reusing Parts of the Configuration": an
 * element with id-ref stands for the element of the same tag with that
 * id.  Pacemaker searches by tag and id; the document indexes ids. */
xmlNode *cs_model_expand_idref(const CsModel *model, xmlNode *element)
{
    const char *ref = cs_xml_attr(element, "id-ref");

    if (ref == NULL) {
        return element;
    }
    xmlNode *target = cs_document_lookup_id(model->document, ref);
    if (target == NULL || strcmp((const char *)target->name, (const char *)element->name) != 0) {
        return NULL;
    }
    return target;
}

void cs_model_warn(CsModel *model, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    g_ptr_array_add(model->warnings, g_strdup_vprintf(format, args));
    va_end(args);
}

void cs_model_rule_context_init(const CsModel *model, CsRuleContext *context)
{
    memset(context, 0, sizeof(*context));
    context->now = model->now;
}

/* ---- freeing ----------------------------------------------------------- */

void cs_node_free(CsNode *node)
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

void cs_op_free(CsOp *op)
{
    g_free(op->id);
    g_free(op->name);
    g_free(op->on_fail);
    g_hash_table_destroy(op->meta);
    g_free(op);
}

CsBundle *cs_bundle_ref(CsBundle *bundle)
{
    g_atomic_int_inc(&bundle->refs);
    return bundle;
}

void cs_bundle_unref(CsBundle *bundle)
{
    if (bundle == NULL || !g_atomic_int_dec_and_test(&bundle->refs))
        return;
    g_free(bundle->runtime);
    g_free(bundle->image);
    g_free(bundle->network_mode);
    g_free(bundle->ip_range_start);
    g_free(bundle->host_interface);
    g_free(bundle->host_netmask);
    g_ptr_array_unref(bundle->ports);
    g_ptr_array_unref(bundle->storage);
    g_free(bundle->options);
    g_free(bundle->run_command);
    g_free(bundle);
}

void cs_resource_unref(CsResource *rsc)
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

void cs_location_free(CsLocation *location)
{
    g_free(location->id);
    g_free(location->node);
    g_ptr_array_free(location->rules, TRUE);
    g_strfreev(location->submatches);
    g_free(location);
}

void cs_colocation_free(CsColocation *colocation)
{
    g_free(colocation->id);
    g_free(colocation->node_attribute);
    g_free(colocation->set_id);
    g_free(colocation);
}

void cs_order_free(CsOrder *order)
{
    g_free(order->id);
    g_free(order->first_action);
    g_free(order->then_action);
    g_free(order->set_id);
    g_free(order);
}

void cs_ticket_constraint_free(CsTicketConstraint *ticket)
{
    g_free(ticket->id);
    g_free(ticket->ticket);
    g_free(ticket->loss_policy);
    g_free(ticket);
}

void cs_ticket_free(CsTicket *ticket)
{
    g_free(ticket->id);
    g_free(ticket);
}

void cs_rsc_state_free(CsRscState *state)
{
    g_free(state->rsc_id);
    /* shared by the states of models rebuilt from one another */
    g_ptr_array_unref(state->history);
    g_free(state->on_fail_applied);
    g_free(state->pending_task);
    g_free(state);
}

void cs_fail_count_free(CsFailCount *fail_count)
{
    g_free(fail_count->rsc_id);
    g_free(fail_count->operation);
    g_free(fail_count);
}

void cs_status_ban_free(CsStatusBan *ban)
{
    g_free(ban->reason);
    g_free(ban);
}

static void cs_options_clear(CsOptions *options)
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

CsModelPart *cs_model_part_new(void)
{
    CsModelPart *part = g_new(CsModelPart, 1);

    part->refs = 1;
    return part;
}

CsModelPart *cs_model_part_ref(CsModelPart *part)
{
    g_atomic_int_inc(&part->refs);
    return part;
}

/* TRUE when the caller held the last reference and must free the part's
 * contents. */
static gboolean cs_model_part_unref(CsModelPart *part)
{
    if (!g_atomic_int_dec_and_test(&part->refs)) {
        return FALSE;
    }
    g_free(part);
    return TRUE;
}

/* The config part: cluster options and op_defaults (each model holds
 * its own reference to rsc_defaults). */
static void cs_model_free_config(CsModel *model)
{
    cs_options_clear(&model->options);
    g_hash_table_destroy(model->op_defaults);
}

/* The status part: the nodes (the status section changes them) and what
 * the status section says. */
static void cs_model_free_status(CsModel *model)
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

static void cs_model_free_constraints(CsModel *model)
{
    g_ptr_array_free(model->constraint_units, TRUE); /* the entries' owners */
    g_ptr_array_free(model->locations, TRUE);
    g_ptr_array_free(model->colocations, TRUE);
    g_ptr_array_free(model->orders, TRUE);
    g_ptr_array_free(model->ticket_constraints, TRUE);
    g_ptr_array_free(model->tickets, TRUE);
    g_hash_table_destroy(model->tags);
}

void cs_model_drop_config(CsModel *model)
{
    if (model->rsc_defaults != NULL) {
        g_hash_table_unref(model->rsc_defaults);
    }
    if (model->rsc_defaults_names != NULL) {
        g_ptr_array_unref(model->rsc_defaults_names);
    }
    if (cs_model_part_unref(model->config_part)) {
        cs_model_free_config(model);
    }
}

void cs_model_free(CsModel *model)
{
    if (model == NULL) {
        return;
    }
    cs_model_free_constraints(model);
    g_ptr_array_free(model->warnings, TRUE);
    g_hash_table_unref(model->rsc_by_id);
    g_ptr_array_free(model->resources, TRUE); /* drops one reference each */
    cs_model_drop_config(model);
    if (cs_model_part_unref(model->status_part)) {
        cs_model_free_status(model);
    }
    g_free(model);
}

/* ---- building ---------------------------------------------------------- */

static gint64 *cs_pair_key(const CsModel *model, int rsc, int node)
{
    gint64 *key = g_new(gint64, 1);

    *key = ((gint64)rsc + 1) * ((gint64)model->nodes->len + 1) + node;
    return key;
}

/* Lookups by (resource, node) must not scan every entry: the engine asks
 * for each pair of a large cluster. */
static void cs_model_index_states(CsModel *model)
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

static void cs_model_index_fail_counts(CsModel *model)
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
void cs_model_index_status(CsModel *model)
{
    if (model->state_index == NULL) {
        cs_model_index_states(model);
    }
    if (model->fail_count_index == NULL) {
        cs_model_index_fail_counts(model);
    }
}

/* An empty status part: no nodes yet, nothing from the status section. */
void cs_model_new_status(CsModel *model)
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
void cs_model_new_resources(CsModel *model, const CsModel *previous)
{
    model->resources = g_ptr_array_new_full(previous != NULL ? previous->resources->len : 0,
                                            (GDestroyNotify)cs_resource_unref);
    model->rsc_by_id = previous != NULL
                           ? g_hash_table_ref(previous->rsc_by_id)
                           : g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
}

/* A usable CIB has <cib><configuration> with crm_config, nodes, resources
 * and constraints (the schema requires all four; Pacemaker refuses a CIB
 * without them).  The status section may be missing. */
gboolean cs_model_check_document(const CsDocument *document, GError **error)
{
    xmlNode *root =
        document != NULL && document->xml != NULL ? xmlDocGetRootElement(document->xml) : NULL;
    static const char *const required[] = {"crm_config", "nodes", "resources", "constraints"};

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
static const xmlNode *cs_unknown_reference(const CsDocument *document, const xmlNode *element,
                                           gboolean in_constraints, const char **attribute)
{
    static const char *const constraint_refs[] = {"rsc", "with-rsc", "first", "then", NULL};

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
        const xmlNode *found =
            cs_unknown_reference(document, element->children,
                                 in_constraints || cs_xml_is(element, "constraints"), attribute);
        if (found != NULL) {
            return found;
        }
    }
    return NULL;
}

static gboolean cs_model_refuse_reference(const CsDocument *document, const xmlNode *where,
                                          const char *attribute, GError **error)
{
    if (where == NULL) {
        return TRUE;
    }
    const char *value = cs_xml_attr(where, attribute);
    g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID,
                "%s:%ld: <%s> %s=\"%s\" names no element: Pacemaker's schema "
                "refuses such a CIB",
                document->path != NULL ? document->path : "input", xmlGetLineNo(where),
                (const char *)where->name, attribute, value);
    return FALSE;
}

gboolean cs_model_check_references(const CsDocument *document, GError **error)
{
    xmlNode *configuration = cs_document_section(document, "crm_config");
    const char *attribute = NULL;

    configuration = configuration != NULL ? configuration->parent : NULL;
    const xmlNode *where =
        configuration != NULL
            ? cs_unknown_reference(document, configuration->children, FALSE, &attribute)
            : NULL;
    return cs_model_refuse_reference(document, where, attribute, error);
}

gboolean cs_model_check_constraint_references(const CsDocument *document, GError **error)
{
    xmlNode *constraints = cs_document_section(document, "constraints");
    const char *attribute = NULL;
    const xmlNode *where =
        constraints != NULL
            ? cs_unknown_reference(document, constraints->children, TRUE, &attribute)
            : NULL;

    return cs_model_refuse_reference(document, where, attribute, error);
}

/* ---- lookups ----------------------------------------------------------- */

gboolean cs_model_execution_date(const CsDocument *document, CsTime *out)
{
    xmlNode *root =
        document != NULL && document->xml != NULL ? xmlDocGetRootElement(document->xml) : NULL;
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

gboolean cs_model_resolve_now(const CsDocument *document, const char *time_text, CsTime *out,
                              GError **error)
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
    g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID, "--time '%s': %s", time_text,
                parse_error->message);
    return FALSE;
}

CsNode *cs_model_node(const CsModel *model, const char *uname_or_id)
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

CsResource *cs_model_resource(const CsModel *model, const char *id)
{
    int index = id != NULL ? GPOINTER_TO_INT(g_hash_table_lookup(model->rsc_by_id, id)) : 0;

    return index > 0 ? g_ptr_array_index(model->resources, index - 1) : NULL;
}

CsResource *cs_model_top(const CsModel *model, const CsResource *rsc)
{
    while (rsc->parent >= 0) {
        rsc = g_ptr_array_index(model->resources, rsc->parent);
    }
    return (CsResource *)rsc;
}

CsRscState *cs_model_rsc_state(const CsModel *model, int rsc, int node)
{
    gint64 key = ((gint64)rsc + 1) * ((gint64)model->nodes->len + 1) + node;

    return g_hash_table_lookup(model->state_index, &key);
}

/* Whether record is a failure of an operation rsc configures with
 * on-fail=block: the same name and interval, and the record is the
 * resource's last failure or its result is not the one expected. */
static gboolean failed_blocking_op(const CsResource *rsc, const CsOpRecord *record)
{
    gboolean failed = g_str_has_suffix(record->id, "_last_failure_0")
                      || (record->target_rc >= 0 && record->rc_code != record->target_rc);

    for (guint i = 0; failed && i < rsc->ops->len; i++) {
        const CsOp *op = g_ptr_array_index(rsc->ops, i);

        if (op->on_fail != NULL && g_ascii_strcasecmp(op->on_fail, "block") == 0
            && g_strcmp0(op->name, record->operation) == 0 && op->interval_ms == record->interval_ms)
            return TRUE;
    }
    return FALSE;
}

/* The state of rsc on node, also while the status is being read (before
 * the index is made). */
static const CsRscState *find_rsc_state(const CsModel *model, int rsc, int node)
{
    if (model->state_index != NULL)
        return cs_model_rsc_state(model, rsc, node);
    for (guint i = 0; model->rsc_states != NULL && i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->node == node)
            return state;
    }
    return NULL;
}

/* Pacemaker Explained 2.1, "Resource Meta-Attributes" (failure-timeout)
 * and "Resource Operations" (on-fail=block): a failure-timeout is ignored
 * when the failed operation itself has on-fail=block -- not when some
 * other operation of the resource has (corpus expire-non-blocked-failure,
 * and with migration-threshold=1 added, checked with the oracle). */
gboolean cs_model_failure_never_expires(const CsModel *model, int rsc, int node)
{
    const CsResource *resource;
    const CsRscState *state;

    if (rsc < 0)
        return FALSE;
    resource = g_ptr_array_index(model->resources, rsc);
    if (!resource->block_failure_timeout)
        return FALSE;
    state = find_rsc_state(model, rsc, node);
    for (guint i = 0; state != NULL && i < state->history->len; i++)
        if (failed_blocking_op(resource, g_ptr_array_index(state->history, i)))
            return TRUE;
    return FALSE;
}

/* Pacemaker's pe_get_failcount(): the fail counts of every operation of
 * the resource on the node add up; when failure-timeout is set and the
 * most recent failure is older than it, they all count as zero (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes", failure-timeout) -- unless
 * the failed operation uses on-fail=block, which keeps failures forever. */
int cs_model_fail_count(const CsModel *model, int rsc, int node)
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
        if (resource->failure_timeout_s > 0 && !cs_model_failure_never_expires(model, rsc, node)
            && model->now.seconds > last_failure + resource->failure_timeout_s) {
            return 0;
        }
    }
    return total;
}
