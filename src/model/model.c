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
 * in 2.1.5 (Pacemaker Explained 5.4, target-role). */
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

/* "Reusing Parts of the Configuration" (Pacemaker Explained 12.2): an
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

gboolean
cs_text_is_true(const char *text)
{
    if (text == NULL) {
        return FALSE;
    }
    return g_ascii_strcasecmp(text, "true") == 0
        || g_ascii_strcasecmp(text, "on") == 0
        || g_ascii_strcasecmp(text, "yes") == 0
        || g_ascii_strcasecmp(text, "y") == 0
        || g_ascii_strcasecmp(text, "1") == 0;
}

static gint64
cs_unit_multiplier_ms(const char *unit)
{
    while (*unit == ' ') {
        unit++;
    }
    if (*unit == '\0' || g_ascii_strcasecmp(unit, "s") == 0
        || g_ascii_strcasecmp(unit, "sec") == 0) {
        return 1000;
    }
    if (g_ascii_strcasecmp(unit, "ms") == 0 || g_ascii_strcasecmp(unit, "msec") == 0) {
        return 1;
    }
    if (g_ascii_strcasecmp(unit, "m") == 0 || g_ascii_strcasecmp(unit, "min") == 0) {
        return 60 * 1000;
    }
    if (g_ascii_strcasecmp(unit, "h") == 0 || g_ascii_strcasecmp(unit, "hr") == 0) {
        return 3600 * 1000;
    }
    if (g_ascii_strcasecmp(unit, "us") == 0 || g_ascii_strcasecmp(unit, "usec") == 0) {
        return 0;   /* below a millisecond: handled by the caller */
    }
    return -1;
}

/* Intervals and timeouts (Pacemaker Explained 5.5.2): an ISO 8601
 * duration, or a number with an optional unit (default seconds). */
gint64
cs_interval_parse_ms(const char *text)
{
    if (text == NULL) {
        return 0;
    }
    while (*text == ' ' || *text == '\t') {
        text++;
    }
    if (*text == 'P') {
        CsDuration duration;
        if (!cs_duration_parse(text, &duration, NULL)) {
            return 0;
        }
        gint64 seconds = duration.seconds + (gint64)duration.years * 365 * 86400
                         + (gint64)duration.months * 30 * 86400;
        return seconds < 0 ? 0 : seconds * 1000;
    }
    char *end = NULL;
    gint64 number = g_ascii_strtoll(text, &end, 10);
    if (end == text || number < 0) {
        return 0;
    }
    if (*end == '.') {            /* fractional part: ignored, as strtoll */
        end++;
        while (g_ascii_isdigit(*end)) {
            end++;
        }
    }
    gint64 multiplier = cs_unit_multiplier_ms(end);
    if (multiplier < 0) {
        return 0;
    }
    if (multiplier == 0) {
        return number / 1000000;  /* microseconds */
    }
    return number * multiplier;
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
cs_resource_free(CsResource *rsc)
{
    if (rsc == NULL) {
        return;
    }
    g_free(rsc->id);
    g_array_free(rsc->children, TRUE);
    g_free(rsc->rsc_class);
    g_free(rsc->provider);
    g_free(rsc->type);
    g_free(rsc->template_id);
    g_hash_table_destroy(rsc->meta);
    g_hash_table_destroy(rsc->params);
    g_hash_table_destroy(rsc->utilization);
    g_ptr_array_free(rsc->ops, TRUE);
    g_free(rsc->multiple_active);
    g_free(rsc->requires);
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
    g_ptr_array_free(state->history, TRUE);
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

/* What cs_model_rebuild_constraints() leaves as it was: shared by the
 * models rebuilt from one another, freed with the last of them.  The
 * count is atomic: the session frees retired models on a worker thread. */
typedef struct CsModelShared {
    gint refs;
} CsModelShared;

static void
cs_model_free_configuration(CsModel *model)
{
    cs_options_clear(&model->options);
    g_hash_table_destroy(model->rsc_defaults);
    g_hash_table_destroy(model->op_defaults);
    g_hash_table_destroy(model->node_by_uname);
    g_hash_table_destroy(model->node_by_id);
    g_ptr_array_free(model->nodes, TRUE);
    g_hash_table_destroy(model->rsc_by_id);
    g_ptr_array_free(model->resources, TRUE);
    g_ptr_array_free(model->rsc_states, TRUE);
    g_ptr_array_free(model->fail_counts, TRUE);
    g_ptr_array_free(model->status_bans, TRUE);
    if (model->state_index != NULL) {
        g_hash_table_destroy(model->state_index);
    }
    if (model->fail_count_index != NULL) {
        g_hash_table_destroy(model->fail_count_index);
    }
}

static void
cs_model_free_constraints(CsModel *model)
{
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
    if (model->shared == NULL || g_atomic_int_dec_and_test(&model->shared->refs)) {
        g_free(model->shared);
        cs_model_free_configuration(model);
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
cs_model_index_status(CsModel *model)
{
    model->state_index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    model->fail_count_index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                                    (GDestroyNotify)g_ptr_array_unref);
    for (guint i = 0; i < model->rsc_states->len; i++) {
        CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        gint64 *key = cs_pair_key(model, state->rsc, state->node);
        if (g_hash_table_contains(model->state_index, key)) {
            g_free(key);
        } else {
            g_hash_table_insert(model->state_index, key, state);
        }
    }
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

static void
cs_model_new_constraints(CsModel *model)
{
    model->locations = g_ptr_array_new_with_free_func((GDestroyNotify)cs_location_free);
    model->colocations = g_ptr_array_new_with_free_func((GDestroyNotify)cs_colocation_free);
    model->orders = g_ptr_array_new_with_free_func((GDestroyNotify)cs_order_free);
    model->ticket_constraints =
        g_ptr_array_new_with_free_func((GDestroyNotify)cs_ticket_constraint_free);
    model->tickets = g_ptr_array_new_with_free_func((GDestroyNotify)cs_ticket_free);
    model->tags = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)g_ptr_array_unref);
}

static CsModel *
cs_model_new(const CsDocument *document, CsTime now)
{
    CsModel *model = g_new0(CsModel, 1);

    model->document = document;
    model->now = now;
    model->rsc_defaults = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    model->op_defaults = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    model->nodes = g_ptr_array_new_with_free_func((GDestroyNotify)cs_node_free);
    model->node_by_uname = g_hash_table_new(g_str_hash, g_str_equal);
    model->node_by_id = g_hash_table_new(g_str_hash, g_str_equal);
    model->resources = g_ptr_array_new_with_free_func((GDestroyNotify)cs_resource_free);
    model->rsc_by_id = g_hash_table_new(g_str_hash, g_str_equal);
    model->rsc_states = g_ptr_array_new_with_free_func((GDestroyNotify)cs_rsc_state_free);
    model->fail_counts = g_ptr_array_new_with_free_func((GDestroyNotify)cs_fail_count_free);
    model->status_bans = g_ptr_array_new_with_free_func((GDestroyNotify)cs_status_ban_free);
    cs_model_new_constraints(model);
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

/* The constraints stage, with what a rebuild needs to find its part of
 * the warnings and features afterwards. */
static void
cs_model_build_constraints(CsModel *model)
{
    model->warnings_before_constraints = model->warnings->len;
    model->features_before_constraints = model->features;
    cs_model_unpack_constraints(model);
    model->warnings_after_constraints = model->warnings->len;
}

CsModel *
cs_model_build(const CsDocument *document, CsTime now, GError **error)
{
    if (!cs_model_check_document(document, error)
        || !cs_model_check_limits(document, error)) {   /* model/limits.h */
        return NULL;
    }
    CsModel *model = cs_model_new(document, now);

    cs_model_unpack_options(model);
    cs_model_unpack_nodes(model);
    if (!cs_model_unpack_resources(model, error)
        || !cs_model_check_size(model, error)) {   /* model/limits.h */
        cs_model_free(model);
        return NULL;
    }
    cs_model_build_constraints(model);
    cs_model_unpack_status(model);
    cs_model_index_status(model);
    return model;
}

static void
cs_model_copy_warnings(CsModel *model, const CsModel *from, guint start, guint end)
{
    for (guint i = start; i < end; i++) {
        g_ptr_array_add(model->warnings, g_strdup(g_ptr_array_index(from->warnings, i)));
    }
}

/* Pacemaker's cluster_status() unpacks constraints after nodes and
 * resources and before the status section, and nothing before them reads
 * a constraint: so only the constraints stage runs again, and the model
 * takes everything else from previous, as it is.  The status section
 * reads no constraint either, but it grants the tickets constraints
 * name: that pass runs again on the new tickets. */
CsModel *
cs_model_rebuild_constraints(CsModel *previous, GError **error)
{
    const CsDocument *document = previous->document;

    if (!cs_model_check_document(document, error)
        || !cs_model_check_constraint_limits(document, error)) {  /* model/limits.h */
        return NULL;
    }
    if (previous->shared == NULL) {
        previous->shared = g_new0(CsModelShared, 1);
        previous->shared->refs = 1;
    }
    g_atomic_int_inc(&previous->shared->refs);
    CsModel *model = g_new(CsModel, 1);
    *model = *previous;
    model->warnings = g_ptr_array_new_with_free_func(g_free);
    model->features = previous->features_before_constraints;
    cs_model_new_constraints(model);
    cs_model_copy_warnings(model, previous, 0, previous->warnings_before_constraints);
    cs_model_build_constraints(model);
    cs_model_unpack_ticket_states(model);
    cs_model_copy_warnings(model, previous, previous->warnings_after_constraints,
                           previous->warnings->len);
    return model;
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
    return id != NULL ? g_hash_table_lookup(model->rsc_by_id, id) : NULL;
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
 * Explained 5.4, failure-timeout) -- unless an operation uses
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
