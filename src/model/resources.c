/* resources.c: primitives, groups, clones and bundles, with their meta
 * attributes, instance attributes, utilization and operations.
 *
 * Pacemaker Explained 2.1, "Cluster Resources" ("Resource Meta-Attributes",
 * "Resource Operations"), "Resource Templates", "Groups", "Clones", and
 * "Using Rules to Control Resource Options" for option sets, as Pacemaker 2.1.5's pe__unpack_resource() reads them.
 */
#include <string.h>

#include "model/model_internal.h"

/* The XML a resource is read from: its own element, and the template it
 * refers to (whose attributes, sets and operations come first). */
typedef struct {
    xmlNode *own;
    xmlNode *template; /* NULL without template= */
} CsRscXml;

static GHashTable *cs_string_table(void)
{
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

static const char *cs_rsc_xml_attr(const CsRscXml *xml, const char *name)
{
    /* An expanded template keeps the template's attributes (its id
     * replaced), not those of the referring primitive. */
    if (xml->template != NULL && strcmp(name, "id") != 0) {
        return cs_xml_attr(xml->template, name);
    }
    return cs_xml_attr(xml->own, name);
}

static gsize cs_rsc_xml_parents(const CsRscXml *xml, xmlNode *parents[2])
{
    gsize n = 0;

    if (xml->template != NULL) {
        parents[n++] = xml->template;
    }
    parents[n++] = xml->own;
    return n;
}

static CsRscKind cs_rsc_kind(const xmlNode *xml, gboolean *known)
{
    *known = TRUE;
    if (cs_xml_is(xml, "primitive")) {
        return CS_RSC_PRIMITIVE;
    }
    if (cs_xml_is(xml, "group")) {
        return CS_RSC_GROUP;
    }
    if (cs_xml_is(xml, "clone") || cs_xml_is(xml, "master")) {
        return CS_RSC_CLONE;
    }
    if (cs_xml_is(xml, "bundle")) {
        return CS_RSC_BUNDLE;
    }
    *known = FALSE;
    return CS_RSC_PRIMITIVE;
}

static xmlNode *cs_find_template(CsModel *model, const char *template_id)
{
    xmlNode *section = cs_document_section(model->document, "resources");

    for (xmlNode *xml = cs_xml_first_element(section); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        if (cs_xml_is(xml, "template") && g_strcmp0(cs_xml_attr(xml, "id"), template_id) == 0) {
            return xml;
        }
    }
    return NULL;
}

static void cs_rsc_add_ancestor_sets(CsModel *model, CsResource *rsc, const CsRuleContext *context)
{
    /* Pacemaker 2.1.5 (expand_parents_fixed_nvpairs): meta attributes
     * set explicitly on a group or clone beat rsc_defaults for its
     * children; the nearest ancestor wins. */
    g_autoptr(GHashTable) explicit_meta = cs_string_table();

    for (int parent = rsc->parent; parent >= 0;) {
        CsResource *ancestor = g_ptr_array_index(model->resources, parent);
        cs_nvsets_unpack(model->document, ancestor->xml, "meta_attributes", context, NULL,
                         explicit_meta);
        parent = ancestor->parent;
    }
    GHashTableIter iter;
    gpointer name, value;
    g_hash_table_iter_init(&iter, explicit_meta);
    while (g_hash_table_iter_next(&iter, &name, &value)) {
        if (!g_hash_table_contains(rsc->meta, name)) {
            cs_ref_table_insert(rsc->meta, name, value);
        }
    }
}

static void cs_note_inherited(GPtrArray **inherited, const char *name)
{
    if (*inherited == NULL) {
        *inherited = g_ptr_array_new_with_free_func(g_free);
    }
    g_ptr_array_add(*inherited, g_strdup(name));
}

/* The names noted, as a NULL-terminated vector; NULL for none. */
static char **cs_inherited_strv(GPtrArray **inherited)
{
    if (*inherited == NULL || (*inherited)->len == 0) {
        return NULL;
    }
    g_ptr_array_set_free_func(*inherited, NULL);
    g_ptr_array_add(*inherited, NULL);
    return (char **)g_ptr_array_free(g_steal_pointer(inherited), FALSE);
}

/* Meta attributes (Pacemaker Explained 2.1, "Resource Meta-Attributes" and
 * "Using Rules to Control Resource Options"): the element's own
 * XML attributes, its meta_attributes sets, its ancestors' explicit sets,
 * rsc_defaults, then whatever the parent's meta holds. */
static void cs_rsc_unpack_meta(CsModel *model, CsResource *rsc, const CsRscXml *xml)
{
    CsRuleContext context;
    xmlNode *parents[2];
    gsize n_parents = cs_rsc_xml_parents(xml, parents);
    const xmlNode *attrs_from = xml->template != NULL ? xml->template : xml->own;

    cs_model_rule_context_init(model, &context);
    context.rsc_class = cs_rsc_xml_attr(xml, "class");
    context.rsc_provider = cs_rsc_xml_attr(xml, "provider");
    context.rsc_type = cs_rsc_xml_attr(xml, "type");

    cs_ref_table_insert(rsc->meta, "id", rsc->id);
    for (const xmlAttr *attr = attrs_from->properties; attr != NULL; attr = attr->next) {
        const char *name = (const char *)attr->name;
        const char *value = cs_xml_attr(attrs_from, name);
        if (value != NULL && !g_hash_table_contains(rsc->meta, name)) {
            cs_ref_table_insert(rsc->meta, name, value);
        }
    }
    cs_nvsets_unpack_refs(model->document, parents, n_parents, "meta_attributes", &context,
                          rsc->meta);
    if (rsc->parent >= 0) {
        cs_rsc_add_ancestor_sets(model, rsc, &context);
    }
    /* What follows is not the resource's own: noted for a rebuild after
     * an edit of <rsc_defaults> (CsResource.meta_inherited). */
    const GPtrArray *names = model->rsc_defaults_names;
    gboolean own[CS_RSC_DEFAULTS_MAX_NAMES];
    g_autoptr(GPtrArray) inherited = NULL;
    for (guint i = 0; names != NULL && i < names->len; i++) {
        own[i] = g_hash_table_contains(rsc->meta, g_ptr_array_index(names, i));
    }
    xmlNode *defaults = cs_document_section(model->document, "rsc_defaults");
    cs_nvsets_unpack_refs(model->document, &defaults, 1, "meta_attributes", &context, rsc->meta);
    for (guint i = 0; names != NULL && i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        if (!own[i] && g_hash_table_contains(rsc->meta, name)) {
            cs_note_inherited(&inherited, name);
        }
    }
    if (rsc->parent >= 0) {
        CsResource *parent = g_ptr_array_index(model->resources, rsc->parent);
        GHashTableIter iter;
        gpointer name, value;
        g_hash_table_iter_init(&iter, parent->meta);
        while (g_hash_table_iter_next(&iter, &name, &value)) {
            if (!g_hash_table_contains(rsc->meta, name)) {
                g_hash_table_insert(rsc->meta, g_ref_string_acquire(name),
                                    g_ref_string_acquire(value));
                if (names != NULL) {
                    cs_note_inherited(&inherited, name);
                }
            }
        }
    }
    rsc->meta_inherited = cs_inherited_strv(&inherited);
}

/* Instance attributes: own sets, then each ancestor's, then the
 * instance_attributes of rsc_defaults (Pacemaker's get_rsc_attributes()). */
static void cs_rsc_unpack_params(CsModel *model, CsResource *rsc, const CsRscXml *xml)
{
    CsRuleContext context;
    xmlNode *parents[2];
    gsize n_parents = cs_rsc_xml_parents(xml, parents);

    cs_model_rule_context_init(model, &context);
    cs_nvsets_unpack_many(model->document, parents, n_parents, "instance_attributes", &context,
                          NULL, rsc->params);
    for (int parent = rsc->parent; parent >= 0;) {
        CsResource *ancestor = g_ptr_array_index(model->resources, parent);
        cs_nvsets_unpack(model->document, ancestor->xml, "instance_attributes", &context, NULL,
                         rsc->params);
        parent = ancestor->parent;
    }
    xmlNode *defaults = cs_document_section(model->document, "rsc_defaults");
    cs_nvsets_unpack(model->document, defaults, "instance_attributes", &context, NULL, rsc->params);

    cs_nvsets_unpack_many(model->document, parents, n_parents, "utilization", &context, NULL,
                          rsc->utilization);
    if (g_hash_table_size(rsc->utilization) > 0) {
        model->features |= CS_FEATURE_UTILIZATION;
    }
}

/* ---- operations -------------------------------------------------------- */

void cs_model_op_rule_context(const CsModel *model, const CsResource *rsc, const char *op_name,
                              guint interval_ms, CsRuleContext *context)
{
    cs_model_rule_context_init(model, context);
    context->rsc_class = rsc->rsc_class;
    context->rsc_provider = rsc->provider;
    context->rsc_type = rsc->type;
    context->op_name = op_name;
    context->op_interval_ms = interval_ms;
}

static CsOp *cs_op_new(const CsModel *model, CsResource *rsc, xmlNode *xml)
{
    CsOp *op = g_new0(CsOp, 1);
    CsRuleContext context;

    op->xml = xml;
    op->id = g_strdup(cs_xml_attr(xml, "id"));
    op->name = g_strdup(cs_xml_attr(xml, "name"));
    op->interval_ms = (guint)cs_interval_parse_ms(cs_xml_attr(xml, "interval"));
    op->role = cs_role_parse(cs_xml_attr(xml, "role"));
    op->meta = cs_string_table();

    for (const xmlAttr *attr = xml->properties; attr != NULL; attr = attr->next) {
        const char *value = cs_xml_attr(xml, (const char *)attr->name);
        if (value != NULL) {
            g_hash_table_insert(op->meta, g_strdup((const char *)attr->name), g_strdup(value));
        }
    }
    cs_model_op_rule_context(model, rsc, op->name, op->interval_ms, &context);
    cs_nvsets_unpack(model->document, xml, "meta_attributes", &context, NULL, op->meta);
    xmlNode *defaults = cs_document_section(model->document, "op_defaults");
    cs_nvsets_unpack(model->document, defaults, "meta_attributes", &context, NULL, op->meta);

    const char *on_fail = g_hash_table_lookup(op->meta, "on-fail");
    op->on_fail = g_strdup(on_fail);
    const char *enabled = g_hash_table_lookup(op->meta, "enabled");
    op->enabled = enabled == NULL || cs_text_is_true(enabled);
    const char *timeout = g_hash_table_lookup(op->meta, "timeout");
    op->timeout_ms = (guint)cs_interval_parse_ms(timeout != NULL ? timeout : "20s");
    if (on_fail != NULL && g_ascii_strcasecmp(on_fail, "block") == 0) {
        rsc->block_failure_timeout = TRUE;
    }
    return op;
}

/* Pacemaker's template_op_key(): operations are the same when name and
 * role match (Started and Unpromoted count as no role). */
static char *cs_op_template_key(xmlNode *op)
{
    const char *role = cs_xml_attr(op, "role");

    if (role == NULL || g_ascii_strcasecmp(role, "Started") == 0
        || g_ascii_strcasecmp(role, "Unpromoted") == 0 || g_ascii_strcasecmp(role, "Slave") == 0) {
        role = "Unknown";
    }
    return g_strdup_printf("%s-%s", cs_xml_attr(op, "name"), role);
}

/* The first <operations> element written in xml, as it stands: an id-ref
 * placeholder is returned unresolved. */
static xmlNode *cs_operations_element(xmlNode *xml)
{
    for (xmlNode *child = cs_xml_first_element(xml); child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, "operations")) {
            return child;
        }
    }
    return NULL;
}

static gboolean cs_is_idref(const xmlNode *xml)
{
    return cs_xml_attr(xml, "id-ref") != NULL;
}

static void cs_rsc_add_ops_from(const CsModel *model, CsResource *rsc, xmlNode *operations,
                                GHashTable *skip_keys)
{
    for (xmlNode *xml = cs_xml_first_element(operations); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        if (!cs_xml_is(xml, "op")) {
            continue;
        }
        xmlNode *op_xml = cs_model_expand_idref(model, xml);
        if (op_xml == NULL || cs_xml_attr(op_xml, "name") == NULL) {
            continue;
        }
        if (skip_keys != NULL) {
            g_autofree char *key = cs_op_template_key(op_xml);
            if (g_hash_table_contains(skip_keys, key)) {
                continue;
            }
        }
        g_ptr_array_add(rsc->ops, cs_op_new(model, rsc, op_xml));
    }
}

/* Pacemaker's unpack_template() (Pacemaker Explained 2.1, "Resource
 * Templates"): without an <operations> of its own a primitive takes the
 * template's, id-ref resolved.  With one, its own come first and then the
 * template's op elements it does not redefine, but only those written
 * inside the template's <operations>: the merge copies them as children of
 * the primitive's element.  So nothing is merged when the template's
 * element is an id-ref (it has no children), and what is merged is lost
 * when the primitive's element is an id-ref, as the operations are then
 * read from the referenced set alone (checked with crm_simulate: a start
 * on-fail=block in the template does not block a failed start then). */
static void cs_rsc_unpack_ops(const CsModel *model, CsResource *rsc, const CsRscXml *xml)
{
    xmlNode *own_element = cs_operations_element(xml->own);
    xmlNode *template_element =
        xml->template != NULL ? cs_operations_element(xml->template) : NULL;

    if (own_element == NULL) {
        if (template_element != NULL) {
            cs_rsc_add_ops_from(model, rsc, cs_model_expand_idref(model, template_element), NULL);
        }
        return;
    }
    xmlNode *own_ops = cs_model_expand_idref(model, own_element);
    cs_rsc_add_ops_from(model, rsc, own_ops, NULL);
    if (template_element == NULL || cs_is_idref(own_element) || cs_is_idref(template_element)) {
        return;
    }
    g_autoptr(GHashTable) own_keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (xmlNode *op = cs_xml_first_element(own_ops); op != NULL; op = cs_xml_next_element(op)) {
        if (cs_xml_is(op, "op")) {
            g_hash_table_add(own_keys, cs_op_template_key(op));
        }
    }
    cs_rsc_add_ops_from(model, rsc, template_element, own_keys);
}

CsOp *cs_resource_find_op(const CsResource *rsc, const char *name, guint interval_ms)
{
    for (guint i = 0; i < rsc->ops->len; i++) {
        CsOp *op = g_ptr_array_index(rsc->ops, i);
        if (op->interval_ms == interval_ms && g_strcmp0(op->name, name) == 0) {
            return op;
        }
    }
    return NULL;
}

/* ---- interpreted meta attributes -------------------------------------- */

static const char *cs_meta(const CsResource *rsc, const char *name)
{
    return g_hash_table_lookup(rsc->meta, name);
}

static gboolean cs_meta_is_default(const char *value)
{
    return value == NULL || g_ascii_strcasecmp(value, "default") == 0;
}

/* Pacemaker's get_target_role(): Started (or default) means no target;
 * roles above Started only mean something for promotable clones, where
 * Promoted is what would happen anyway. */
static CsRole cs_rsc_target_role(CsModel *model, const CsResource *rsc, gboolean promotable_top)
{
    const char *value = cs_meta(rsc, "target-role");

    if (value == NULL || g_ascii_strcasecmp(value, "started") == 0
        || g_ascii_strcasecmp(value, "default") == 0) {
        return CS_ROLE_UNKNOWN;
    }
    CsRole role = cs_role_parse(value);
    if (role == CS_ROLE_UNKNOWN) {
        cs_model_warn(model, "ignoring target-role for %s: '%s' is not valid", rsc->id, value);
        return CS_ROLE_UNKNOWN;
    }
    if (role > CS_ROLE_STARTED) {
        if (!promotable_top) {
            cs_model_warn(model,
                          "ignoring target-role for %s: '%s' only makes sense "
                          "for promotable clones",
                          rsc->id, value);
            return CS_ROLE_UNKNOWN;
        }
        if (role > CS_ROLE_UNPROMOTED) {
            return CS_ROLE_UNKNOWN;
        }
    }
    return role;
}

/* The word among words that value is, ignoring case, or NULL: the
 * static string, so that resources share it. */
static const char *cs_word_among(const char *value, const char *const *words, gsize n_words)
{
    for (gsize i = 0; value != NULL && i < n_words; i++) {
        if (g_ascii_strcasecmp(value, words[i]) == 0) {
            return words[i];
        }
    }
    return NULL;
}

/* Pacemaker's unpack_requires() for a value given (Pacemaker Explained
 * 2.1, "Resource Meta-Attributes", requires: the resource's meta
 * attribute, its parent's, or rsc_defaults), or NULL when none or an
 * invalid one is given. */
static const char *cs_rsc_requires_given(const CsModel *model, const CsResource *rsc)
{
    static const char *const plain[] = {"nothing", "quorum", "fencing"};
    const char *value = cs_meta(rsc, "requires");
    const char *word = cs_word_among(value, plain, G_N_ELEMENTS(plain));

    if (word != NULL) {
        return word;
    }
    if (value != NULL && g_ascii_strcasecmp(value, "unfencing") == 0) {
        if (rsc->fence_device || !model->options.stonith_enabled) {
            return "quorum";
        }
        return "unfencing";
    }
    return NULL;
}

/* Pacemaker's unpack_requires() and its defaults (Pacemaker Explained 2.1, "Resource Meta-Attributes",
 * requires). */
static const char *cs_rsc_requires(CsModel *model, const CsResource *rsc, gboolean enable_unfencing)
{
    const char *given = cs_rsc_requires_given(model, rsc);
    const char *value = cs_meta(rsc, "requires");

    if (given != NULL) {
        return given;
    }
    if (value != NULL) {
        cs_model_warn(model, "requires for %s: '%s' is not valid, using the default", rsc->id,
                      value);
    }
    if (rsc->fence_device || (rsc->kind == CS_RSC_PRIMITIVE && rsc->is_remote_connection)) {
        return "quorum";
    }
    if (enable_unfencing) {
        return "unfencing";
    }
    if (model->options.stonith_enabled) {
        return "fencing";
    }
    if (model->options.no_quorum_policy == CS_NO_QUORUM_IGNORE) {
        return "nothing";
    }
    return "quorum";
}

/* A bundle replica's connection (ocf:pacemaker:remote) takes the
 * bundle's meta attributes but, being a remote connection, defaults to
 * requires=quorum where the bundle and its other implicit resources
 * default by the cluster options (checked with crm_simulate 2.1.5: with
 * stonith-enabled=false and no-quorum-policy=ignore a connection's
 * changed definition keeps its reason "due to resource definition
 * change", which a start requiring nothing loses; with requires=nothing
 * set on the bundle it is lost). */
const char *cs_rsc_connection_requires(const CsModel *model, const CsResource *connection)
{
    const char *given = cs_rsc_requires_given(model, connection);

    return given != NULL ? given : "quorum";
}

static int cs_meta_int(const CsResource *rsc, const char *name, const char *legacy, int fallback)
{
    const char *value = cs_meta(rsc, name);

    if (value == NULL && legacy != NULL) {
        value = cs_meta(rsc, legacy);
    }
    if (value == NULL) {
        return fallback;
    }
    CsScore score = fallback;
    cs_score_parse(value, &score);
    return score < 0 ? 0 : score;
}

/* The nodes a clone's default clone-max counts before any bundle is read:
 * not the guest nodes the model made for a bundle from the status
 * (model/bundle.c), which exist only once their bundle is read (the
 * engine adds them for the clones after it: engine/expand.c). */
int cs_model_clone_max_nodes(const CsModel *model)
{
    int count = 0;

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (!node->bundle_guest || node->xml != NULL)
            count++;
    }
    return count;
}

static void cs_rsc_interpret_clone(CsModel *model, CsResource *rsc)
{
    rsc->promotable = cs_text_is_true(cs_meta(rsc, "promotable")) || cs_xml_is(rsc->xml, "master");
    rsc->clone_max = cs_meta_int(rsc, "clone-max", NULL, cs_model_clone_max_nodes(model));
    rsc->clone_node_max = cs_meta_int(rsc, "clone-node-max", NULL, 1);
    rsc->promoted_max = cs_meta_int(rsc, "promoted-max", "master-max", 1);
    rsc->promoted_node_max = cs_meta_int(rsc, "promoted-node-max", "master-node-max", 1);
    rsc->interleave = cs_text_is_true(cs_meta(rsc, "interleave"));
    rsc->ordered = cs_text_is_true(cs_meta(rsc, "ordered"));
    model->features |= CS_FEATURE_CLONE;
    if (rsc->promotable) {
        model->features |= CS_FEATURE_PROMOTABLE;
    }
}

/* The deprecated cluster option is-managed-default (Pacemaker Explained
 * 2.1, "Cluster Options"; 2.1.5's unpack_config still reads it) is every
 * resource's is-managed before its own meta-attribute or rsc_defaults.
 * Like any boolean option, a value that is not a boolean means the
 * default, true; maintenance-mode overrides it. */
static gboolean cs_managed_by_default(const CsModel *model)
{
    const char *value = g_hash_table_lookup(model->options.values, "is-managed-default");

    if (model->options.maintenance_mode) {
        return FALSE;
    }
    return !cs_text_is_false(value);
}

/* Meta attributes whose field depends on the value alone (and, for
 * resource-stickiness, on where the resource sits): each has one reader
 * that resets its field first, called by cs_rsc_interpret_meta() and by
 * the rebuild after an edit of <rsc_defaults> that changes only these
 * names (cs_model_rederive_resource), so the two cannot drift apart. */

/* priority: 0 by default (Pacemaker Explained 2.1, "Resource Meta-Attributes"). */
static void cs_rsc_read_priority(CsModel *model, CsResource *rsc)
{
    (void)model;
    rsc->priority = 0;
    cs_score_parse(cs_meta(rsc, "priority"), &rsc->priority);
}

/* resource-stickiness: 0 by default, 1 for clone instances (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes"). */
static void cs_rsc_read_stickiness(CsModel *model, CsResource *rsc)
{
    const char *value = cs_meta(rsc, "resource-stickiness");
    const CsResource *top = cs_model_top(model, rsc);

    rsc->stickiness = 0;
    rsc->stickiness_set = FALSE;
    if (!cs_meta_is_default(value)) {
        cs_score_parse(value, &rsc->stickiness);
        rsc->stickiness_set = TRUE;
    } else if (top->kind == CS_RSC_CLONE && rsc != top) {
        rsc->stickiness = 1;
    }
}

/* migration-threshold: INFINITY by default; a negative one is 1 with a
 * warning, as Pacemaker's unpack of the meta attribute does (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes"). */
static void cs_rsc_read_migration_threshold(CsModel *model, CsResource *rsc)
{
    const char *value = cs_meta(rsc, "migration-threshold");

    rsc->migration_threshold = CS_INFINITY;
    if (!cs_meta_is_default(value)) {
        cs_score_parse(value, &rsc->migration_threshold);
        if (rsc->migration_threshold < 0) {
            cs_model_warn(model,
                          "migration-threshold of %s must be non-negative, "
                          "using 1",
                          rsc->id);
            rsc->migration_threshold = 1;
        }
    }
}

/* An interval meta attribute in milliseconds as Pacemaker 2.1.5 keeps
 * it: in an unsigned 32-bit count, longer ones cut to G_MAXUINT, so that
 * no failure-timeout lasts beyond 4294967 seconds (about 49.7 days;
 * oracle: failure-timeout=300000h lets a failure of 2020 expire, traced
 * "timeout=4294967s", gen.py seed 1550009). */
static gint64 cs_rsc_interval_meta_ms(const char *value)
{
    return MIN(cs_interval_parse_ms(value), (gint64)G_MAXUINT);
}

/* failure-timeout (Pacemaker Explained 2.1, "Resource Meta-Attributes"); a remote connection's
 * reconnect_interval takes its place (Pacemaker Explained 2.1, "Pacemaker
 * Remote": reconnect_interval), as unpack_resource does. */
static void cs_rsc_read_failure_timeout(CsModel *model, CsResource *rsc)
{
    const char *value = cs_meta(rsc, "failure-timeout");

    (void)model;
    rsc->failure_timeout_s = 0;
    rsc->remote_reconnect_ms = 0;
    if (value != NULL) {
        rsc->failure_timeout_s = cs_rsc_interval_meta_ms(value) / 1000;
    }
    if (rsc->is_remote_connection && rsc->container < 0 && !rsc->implicit) {
        value = g_hash_table_lookup(rsc->params, "reconnect_interval");
        if (value != NULL) {
            rsc->remote_reconnect_ms = cs_rsc_interval_meta_ms(value);
            rsc->failure_timeout_s = rsc->remote_reconnect_ms / 1000;
        }
    }
}

typedef void (*CsMetaReader)(CsModel *model, CsResource *rsc);

static const struct {
    const char *name;
    CsMetaReader read;
} cs_meta_readers[] = {
    {"priority", cs_rsc_read_priority},
    {"resource-stickiness", cs_rsc_read_stickiness},
    {"migration-threshold", cs_rsc_read_migration_threshold},
    {"failure-timeout", cs_rsc_read_failure_timeout},
};

/* The bit of name's reader in a mask of cs_meta_readers, or 0 when its
 * field depends on more than its value. */
static guint cs_meta_reader_bit(const char *name)
{
    for (guint i = 0; i < G_N_ELEMENTS(cs_meta_readers); i++) {
        if (strcmp(cs_meta_readers[i].name, name) == 0) {
            return 1u << i;
        }
    }
    return 0;
}

static void cs_rsc_interpret_meta(CsModel *model, CsResource *rsc, gboolean enable_unfencing)
{
    static const char *const multiple_active[] = {"stop_only", "block", "stop_unexpected"};
    const char *value;
    CsResource *top = cs_model_top(model, rsc);

    cs_rsc_read_priority(model, rsc);
    value = cs_meta(rsc, "critical");
    rsc->critical = value == NULL || cs_text_is_true(value);
    rsc->notify = cs_text_is_true(cs_meta(rsc, "notify"));
    rsc->globally_unique = cs_text_is_true(cs_meta(rsc, "globally-unique"));

    value = cs_meta(rsc, "allow-migrate");
    rsc->allow_migrate =
        cs_text_is_true(value)
        || (value == NULL && rsc->is_remote_connection && rsc->container < 0 && !rsc->implicit);

    rsc->managed = cs_managed_by_default(model);
    value = cs_meta(rsc, "is-managed");
    if (!cs_meta_is_default(value)) {
        rsc->managed = cs_text_is_true(value);
    }
    rsc->maintenance =
        cs_text_is_true(cs_meta(rsc, "maintenance")) || model->options.maintenance_mode;
    if (rsc->maintenance) {
        rsc->managed = FALSE;
    }

    rsc->multiple_active = cs_word_among(cs_meta(rsc, "multiple-active"), multiple_active,
                                         G_N_ELEMENTS(multiple_active));
    if (rsc->multiple_active == NULL) {
        rsc->multiple_active = "stop_start";
    }

    cs_rsc_read_stickiness(model, rsc);
    cs_rsc_read_migration_threshold(model, rsc);
    rsc->requires = cs_rsc_requires(model, rsc, enable_unfencing);
    cs_rsc_read_failure_timeout(model, rsc);

    gboolean promotable_top =
        top->kind == CS_RSC_CLONE
        && (cs_text_is_true(cs_meta(top, "promotable")) || cs_xml_is(top->xml, "master"));
    rsc->target_role = cs_rsc_target_role(model, rsc, promotable_top);

    if (rsc->kind == CS_RSC_CLONE) {
        cs_rsc_interpret_clone(model, rsc);
    }
}

/* ---- the resource tree ------------------------------------------------- */

typedef struct {
    CsModel *model;
    gboolean enable_unfencing;
    guint warnings_base; /* warnings before the resources stage */
} CsRscBuild;

static CsResource *cs_rsc_unpack(CsRscBuild *build, xmlNode *xml, int parent);

static CsResource *cs_rsc_new(CsModel *model, const char *id, CsRscKind kind, int parent,
                              xmlNode *xml)
{
    CsResource *rsc = g_new0(CsResource, 1);

    rsc->refs = 1;
    rsc->index = (int)model->resources->len;
    rsc->id = cs_ref_string_new(id);
    rsc->kind = kind;
    rsc->parent = parent;
    rsc->children = g_array_new(FALSE, FALSE, sizeof(int));
    rsc->meta = cs_ref_table();
    rsc->params = cs_string_table();
    rsc->utilization = cs_string_table();
    rsc->ops = g_ptr_array_new_with_free_func((GDestroyNotify)cs_op_free);
    rsc->xml = xml;
    rsc->container = -1;
    rsc->remote_node = -1;
    g_ptr_array_add(model->resources, rsc);
    g_hash_table_insert(model->rsc_by_id, g_strdup(rsc->id), GINT_TO_POINTER(rsc->index + 1));
    if (parent >= 0) {
        CsResource *parent_rsc = g_ptr_array_index(model->resources, parent);
        g_array_append_val(parent_rsc->children, rsc->index);
    }
    return rsc;
}

static void cs_rsc_unpack_children(CsRscBuild *build, CsResource *rsc)
{
    xmlNode *xml = rsc->xml;

    if (rsc->kind == CS_RSC_GROUP) {
        for (xmlNode *child = cs_xml_first_element(xml); child != NULL;
             child = cs_xml_next_element(child)) {
            if (cs_xml_is(child, "primitive")) {
                cs_rsc_unpack(build, child, rsc->index);
            }
        }
        if (rsc->children->len == 0) {
            cs_model_warn(build->model, "group %s has no members", rsc->id);
        }
    } else if (rsc->kind == CS_RSC_CLONE || rsc->kind == CS_RSC_BUNDLE) {
        /* A clone holds one group or primitive (a group when both are
         * present); a bundle at most one primitive. */
        xmlNode *inner = NULL;
        for (xmlNode *child = cs_xml_first_element(xml); child != NULL && inner == NULL;
             child = cs_xml_next_element(child)) {
            if (rsc->kind == CS_RSC_CLONE && cs_xml_is(child, "group")) {
                inner = child;
            }
        }
        for (xmlNode *child = cs_xml_first_element(xml); child != NULL && inner == NULL;
             child = cs_xml_next_element(child)) {
            if (cs_xml_is(child, "primitive")) {
                inner = child;
            }
        }
        if (inner != NULL) {
            cs_rsc_unpack(build, inner, rsc->index);
        } else if (rsc->kind == CS_RSC_CLONE) {
            cs_model_warn(build->model, "clone %s has no primitive or group", rsc->id);
        }
    }
}

static CsResource *cs_rsc_unpack_one(CsRscBuild *build, xmlNode *xml, int parent);

/* One resource and its children, noting which warnings they gave: a
 * rebuild that reads the resource again puts its new ones in their place
 * (cs_model_reread_resource). */
static CsResource *cs_rsc_unpack(CsRscBuild *build, xmlNode *xml, int parent)
{
    guint first = build->model->warnings->len;
    CsResource *rsc = cs_rsc_unpack_one(build, xml, parent);

    if (rsc != NULL) {
        rsc->warnings_first = first - build->warnings_base;
        rsc->warnings_count = build->model->warnings->len - first;
    }
    return rsc;
}

static CsResource *cs_rsc_unpack_one(CsRscBuild *build, xmlNode *xml, int parent)
{
    CsModel *model = build->model;
    const char *id = cs_xml_attr(xml, "id");
    gboolean known;
    CsRscKind kind = cs_rsc_kind(xml, &known);
    CsRscXml rsc_xml = {xml, NULL};

    if (!known) {
        cs_model_warn(model, "ignoring unknown resource element <%s>", xml->name);
        return NULL;
    }
    if (id == NULL || *id == '\0') {
        cs_model_warn(model, "ignoring <%s> resource without id", xml->name);
        return NULL;
    }
    if (g_hash_table_contains(model->rsc_by_id, id)) {
        cs_model_warn(model, "ignoring duplicate resource id %s", id);
        return NULL;
    }
    const char *template_id = kind == CS_RSC_PRIMITIVE ? cs_xml_attr(xml, "template") : NULL;
    if (template_id != NULL) {
        rsc_xml.template =
            strcmp(template_id, id) != 0 ? cs_find_template(model, template_id) : NULL;
        if (rsc_xml.template == NULL) {
            cs_model_warn(model, "ignoring resource %s: no template named '%s'", id, template_id);
            return NULL;
        }
        model->features |= CS_FEATURE_TEMPLATE;
    }

    CsResource *rsc = cs_rsc_new(model, id, kind, parent, xml);
    rsc->template_xml = rsc_xml.template;
    rsc->template_id = cs_ref_string_new(template_id);
    if (kind == CS_RSC_PRIMITIVE) {
        rsc->rsc_class = cs_ref_string_new(cs_rsc_xml_attr(&rsc_xml, "class"));
        rsc->provider = cs_ref_string_new(cs_rsc_xml_attr(&rsc_xml, "provider"));
        rsc->type = cs_ref_string_new(cs_rsc_xml_attr(&rsc_xml, "type"));
        rsc->fence_device = g_strcmp0(rsc->rsc_class, "stonith") == 0;
        rsc->is_remote_connection =
            cs_xml_is_remote_connection(rsc_xml.template != NULL ? rsc_xml.template : xml);
        if (rsc->fence_device) {
            model->features |= CS_FEATURE_STONITH;
            model->stonith_resource_present = TRUE;
        }
    }
    if (kind == CS_RSC_BUNDLE) {
        model->features |= CS_FEATURE_BUNDLE;
        rsc->bundle = cs_bundle_unpack(model, xml);
    }
    cs_rsc_unpack_meta(model, rsc, &rsc_xml);
    cs_rsc_unpack_params(model, rsc, &rsc_xml);
    if (kind == CS_RSC_PRIMITIVE) {
        cs_rsc_unpack_ops(model, rsc, &rsc_xml);
    }
    cs_rsc_interpret_meta(model, rsc, build->enable_unfencing);
    cs_rsc_unpack_children(build, rsc);
    return rsc;
}

/* Pacemaker enables unfencing when any resource's meta_attributes (or
 * rsc_defaults) has provides or requires set to "unfencing". */
static gboolean cs_sets_enable_unfencing(const xmlNode *parent)
{
    for (xmlNode *child = cs_xml_first_element(parent); child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, "meta_attributes")) {
            for (xmlNode *pair = cs_xml_first_element(child); pair != NULL;
                 pair = cs_xml_next_element(pair)) {
                const char *name = cs_xml_attr(pair, "name");
                if (cs_xml_is(pair, "nvpair")
                    && (g_strcmp0(name, "provides") == 0 || g_strcmp0(name, "requires") == 0)
                    && g_strcmp0(cs_xml_attr(pair, "value"), "unfencing") == 0) {
                    return TRUE;
                }
            }
        } else if (cs_sets_enable_unfencing(child)) {
            return TRUE;
        }
    }
    return FALSE;
}

gboolean cs_xml_enables_unfencing(const xmlNode *resource)
{
    return cs_sets_enable_unfencing(resource);
}

gboolean cs_model_enable_unfencing(const CsModel *model)
{
    return cs_sets_enable_unfencing(cs_document_section(model->document, "resources"))
           || cs_sets_enable_unfencing(cs_document_section(model->document, "rsc_defaults"));
}

/* A guest node's connection: Pacemaker adds an ocf:pacemaker:remote
 * primitive named after the node, contained in the guest resource, after
 * the configured resources. */
static void cs_rsc_add_guest_connection(CsRscBuild *build, CsResource *container, const char *name)
{
    CsModel *model = build->model;

    if (g_hash_table_contains(model->rsc_by_id, name)) {
        return;
    }
    CsResource *rsc = cs_rsc_new(model, name, CS_RSC_PRIMITIVE, -1, NULL);
    rsc->implicit = TRUE;
    rsc->rsc_class = cs_ref_string_new("ocf");
    rsc->provider = cs_ref_string_new("pacemaker");
    rsc->type = cs_ref_string_new("remote");
    rsc->is_remote_connection = TRUE;
    rsc->container = container->index;
    cs_ref_table_insert(rsc->meta, "id", name);
    cs_ref_table_insert(rsc->meta, "class", "ocf");
    cs_ref_table_insert(rsc->meta, "provider", "pacemaker");
    cs_ref_table_insert(rsc->meta, "type", "remote");
    cs_ref_table_insert(rsc->meta, "container", container->id);
    const char *managed = g_hash_table_lookup(container->meta, "is-managed");
    if (managed != NULL) {
        cs_ref_table_insert(rsc->meta, "is-managed", managed);
    }
    const char *migrate = g_hash_table_lookup(container->meta, "remote-allow-migrate");
    if (migrate != NULL) {
        cs_ref_table_insert(rsc->meta, "allow-migrate", migrate);
    }
    /* The connection's parameter addr is remote-addr, only when given
     * (the node name is not written in: crm_simulate's digests show it). */
    const char *address = g_hash_table_lookup(container->meta, "remote-addr");
    if (address != NULL) {
        g_hash_table_insert(rsc->params, g_strdup("addr"), g_strdup(address));
    }
    const char *port = g_hash_table_lookup(container->meta, "remote-port");
    if (port != NULL) {
        g_hash_table_insert(rsc->params, g_strdup("port"), g_strdup(port));
    }
    xmlNode *defaults = cs_document_section(model->document, "rsc_defaults");
    CsRuleContext context;
    cs_model_rule_context_init(model, &context);
    context.rsc_class = "ocf";
    context.rsc_provider = "pacemaker";
    context.rsc_type = "remote";
    cs_nvsets_unpack_refs(model->document, &defaults, 1, "meta_attributes", &context, rsc->meta);
    cs_rsc_interpret_meta(model, rsc, build->enable_unfencing);
}

/* The resource a container meta attribute names, as Pacemaker looks it up
 * before the status section is read: a resource inside a clone or bundle
 * is known only by its instances' names then, so its own id names none
 * (checked with crm_simulate 2.1.5: a filler whose container is a cloned
 * primitive is placed on its own, with no colocation). */
static CsResource *cs_model_findable_container(const CsModel *model, const char *id)
{
    CsResource *container = cs_model_resource(model, id);
    if (container == NULL) {
        return NULL;
    }
    CsResource *top = cs_model_top(model, container);
    if (top != container && (top->kind == CS_RSC_CLONE || top->kind == CS_RSC_BUNDLE)) {
        return NULL;
    }
    return container;
}

/* Pacemaker's setup_container() and link_rsc2remotenode(). */
static void cs_rsc_link(CsRscBuild *build)
{
    CsModel *model = build->model;

    for (guint i = 0; i < model->resources->len; i++) {
        CsResource *rsc = g_ptr_array_index(model->resources, i);
        const char *container_id = g_hash_table_lookup(rsc->meta, "container");
        if (rsc->kind == CS_RSC_PRIMITIVE && container_id != NULL && rsc->container < 0
            && g_ascii_strcasecmp(container_id, rsc->id) != 0) {
            CsResource *container = cs_model_findable_container(model, container_id);
            if (container != NULL) {
                rsc->container = container->index;
            } else {
                cs_model_warn(model, "resource %s: unknown container %s", rsc->id, container_id);
            }
        }
        if (!rsc->is_remote_connection) {
            continue;
        }
        CsNode *node = cs_model_node(model, rsc->id);
        if (node == NULL) {
            continue;
        }
        rsc->remote_node = node->index;
        cs_node_link_connection(model, node, rsc);
    }
}

void cs_node_link_connection(CsModel *model, CsNode *node, const CsResource *connection)
{
    node->remote_rsc = connection->index;
    if (connection->container < 0) {
        /* A remote node with a connection gets startup fencing as a
         * cluster node does. */
        cs_node_startup_fencing(model, node);
    } else {
        node->type = CS_NODE_GUEST;
        g_hash_table_replace(node->attrs, g_strdup("#kind"), g_strdup("container"));
    }
}

gboolean cs_model_unpack_resources(CsModel *model, GError **error)
{
    xmlNode *section = cs_document_section(model->document, "resources");
    CsRscBuild build = {model, FALSE, model->warnings->len};
    GPtrArray *guests = g_ptr_array_new();

    (void)error;
    build.enable_unfencing = cs_model_enable_unfencing(model);
    model->enable_unfencing = build.enable_unfencing;
    for (xmlNode *xml = cs_xml_first_element(section); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        if (cs_xml_is(xml, "template")) {
            model->features |= CS_FEATURE_TEMPLATE;
            continue;
        }
        CsResource *rsc = cs_rsc_unpack(&build, xml, -1);
        if (rsc == NULL) {
            continue;
        }
        /* Guest primitives, at top level or in a group, are noted for
         * their implicit connections. */
        if (rsc->kind == CS_RSC_PRIMITIVE && cs_xml_guest_node_name(xml) != NULL) {
            g_ptr_array_add(guests, rsc);
        } else if (rsc->kind == CS_RSC_GROUP) {
            for (guint i = 0; i < rsc->children->len; i++) {
                CsResource *member =
                    g_ptr_array_index(model->resources, g_array_index(rsc->children, int, i));
                if (cs_xml_guest_node_name(member->xml) != NULL) {
                    g_ptr_array_add(guests, member);
                }
            }
        }
    }
    for (guint i = 0; i < guests->len; i++) {
        CsResource *guest = g_ptr_array_index(guests, i);
        cs_rsc_add_guest_connection(&build, guest, cs_xml_guest_node_name(guest->xml));
    }
    g_ptr_array_free(guests, TRUE);
    cs_rsc_link(&build);
    if (model->options.stonith_enabled && !model->stonith_resource_present) {
        cs_model_warn(model, "resource start-up disabled since no STONITH resources "
                             "have been defined");
    }
    return TRUE;
}

/* Reads old's element and children again, as cs_model_unpack_resources()
 * read them, into fresh resources with old's indices.  The resources
 * before old (its ancestors among them) are model's; the parent's list
 * of children is left alone (a copy of the parent is read instead). */
void cs_model_reread_resource(const CsModel *model, const CsResource *old, GPtrArray *fresh,
                              GPtrArray *warnings, GPtrArray *before)
{
    CsModel scratch = *model;
    CsResource parent_copy;

    /* before holds model's first resources: as many as precede old */
    g_ptr_array_set_size(before, MIN((gint)before->len, old->index));
    for (guint i = before->len; i < (guint)old->index; i++) {
        g_ptr_array_add(before, g_ptr_array_index(model->resources, i));
    }
    scratch.resources = before;
    if (old->parent >= 0) {
        parent_copy = *(CsResource *)g_ptr_array_index(model->resources, old->parent);
        parent_copy.children = g_array_new(FALSE, FALSE, sizeof(int));
        g_ptr_array_index(scratch.resources, old->parent) = &parent_copy;
    }
    scratch.rsc_by_id = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    scratch.warnings = warnings;
    CsRscBuild build = {&scratch, model->enable_unfencing, 0};
    cs_rsc_unpack(&build, old->xml, old->parent);
    for (guint i = (guint)old->index; i < scratch.resources->len; i++) {
        g_ptr_array_add(fresh, g_ptr_array_index(scratch.resources, i));
    }
    /* offsets as in the whole stage: old's subtree began there */
    for (guint i = 0; i < fresh->len; i++) {
        CsResource *rsc = g_ptr_array_index(fresh, i);
        rsc->warnings_first += old->warnings_first;
    }
    if (old->parent >= 0) {
        g_array_free(parent_copy.children, TRUE);
        g_ptr_array_index(before, old->parent) = g_ptr_array_index(model->resources, old->parent);
    }
    g_hash_table_destroy(scratch.rsc_by_id);
    g_ptr_array_set_size(before, old->index); /* model's again */
}

/* ---- after an edit of <rsc_defaults> ------------------------------------ */

/* The class, provider and type rules in rsc_defaults see: those the
 * resource was read with (cs_rsc_unpack_meta). */
static void cs_rsc_defaults_context(const CsModel *model, const CsResource *rsc,
                                    CsRuleContext *context)
{
    cs_model_rule_context_init(model, context);
    if (rsc == NULL) {
        return;
    }
    if (rsc->kind == CS_RSC_PRIMITIVE) {
        context->rsc_class = rsc->rsc_class;
        context->rsc_provider = rsc->provider;
        context->rsc_type = rsc->type;
    } else {
        context->rsc_class = cs_xml_attr(rsc->xml, "class");
        context->rsc_provider = cs_xml_attr(rsc->xml, "provider");
        context->rsc_type = cs_xml_attr(rsc->xml, "type");
    }
}

GHashTable *cs_rsc_defaults_for(const CsModel *model, const CsResource *rsc)
{
    CsRuleContext context;
    GHashTable *defaults = cs_ref_table();
    xmlNode *section = cs_document_section(model->document, "rsc_defaults");

    cs_rsc_defaults_context(model, rsc, &context);
    cs_nvsets_unpack_refs(model->document, &section, 1, "meta_attributes", &context, defaults);
    return defaults;
}

static gboolean cs_xml_has_element(const xmlNode *element, const char *name)
{
    for (xmlNode *child = cs_xml_first_element(element); child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, name) || cs_xml_has_element(child, name)) {
            return TRUE;
        }
    }
    return FALSE;
}

/* Only an rsc_expression reads the resource (Pacemaker Explained 2.1, "Resource Expressions"
 * "Resource Expressions"); the other expressions of a defaults rule read
 * the clock alone, node attributes never passing there. */
gboolean cs_rsc_defaults_per_resource(const CsModel *model)
{
    return cs_xml_has_element(cs_document_section(model->document, "rsc_defaults"),
                              "rsc_expression");
}

static gboolean cs_strv_has(char **strv, const char *name)
{
    for (gsize i = 0; strv != NULL && strv[i] != NULL; i++) {
        if (strcmp(strv[i], name) == 0) {
            return TRUE;
        }
    }
    return FALSE;
}

static gboolean cs_names_have(const GPtrArray *names, const char *name)
{
    for (guint i = 0; i < names->len; i++) {
        if (strcmp(g_ptr_array_index(names, i), name) == 0) {
            return TRUE;
        }
    }
    return FALSE;
}

/* The value name has for old now, or NULL, given before, its value in
 * old's meta (a table never holds NULL); *own when old sets it itself
 * (what rsc_defaults cannot change).  Otherwise *key is the name as the
 * table giving the value holds it: both GRefStrings, for the new meta to
 * share. */
static char *cs_rederived_value(const CsModel *model, const CsResource *old, const char *name,
                                const char *before, GHashTable *defaults, gboolean *own, char **key)
{
    gpointer found_key = NULL, value = NULL;

    *own = before != NULL && !cs_strv_has(old->meta_inherited, name);
    *key = NULL;
    if (*own) {
        return (char *)before;
    }
    if (!g_hash_table_lookup_extended(defaults, name, &found_key, &value) && old->parent >= 0) {
        const CsResource *parent = g_ptr_array_index(model->resources, old->parent);
        g_hash_table_lookup_extended(parent->meta, name, &found_key, &value);
    }
    *key = found_key;
    return value;
}

/* A copy of old sharing what meta does not reach, the fields read from
 * meta as cs_rsc_new() leaves them. */
static CsResource *cs_rsc_copy_for_meta(const CsResource *old, GHashTable *meta)
{
    CsResource *rsc = g_new(CsResource, 1);

    *rsc = *old;
    rsc->refs = 1;
    rsc->id = cs_ref_string_share(old->id);
    rsc->rsc_class = cs_ref_string_share(old->rsc_class);
    rsc->provider = cs_ref_string_share(old->provider);
    rsc->type = cs_ref_string_share(old->type);
    rsc->template_id = cs_ref_string_share(old->template_id);
    rsc->children = g_array_ref(old->children);
    rsc->params = g_hash_table_ref(old->params);
    rsc->utilization = g_hash_table_ref(old->utilization);
    rsc->ops = g_ptr_array_ref(old->ops);
    rsc->bundle = old->bundle != NULL ? cs_bundle_ref(old->bundle) : NULL;
    rsc->meta = meta;
    rsc->meta_inherited = NULL;
    rsc->priority = 0;
    rsc->stickiness = 0;
    rsc->stickiness_set = FALSE;
    rsc->failure_timeout_s = 0;
    rsc->remote_reconnect_ms = 0;
    rsc->multiple_active = NULL;
    rsc->requires = NULL;
    return rsc;
}

/* Notes in *readers the reader of name when its value changed from
 * before to now; *whole when name has none (every name read again). */
static void cs_note_reader(guint *readers, gboolean *whole, const char *name, const char *now,
                           const char *before)
{
    if (*whole || g_strcmp0(now, before) == 0) {
        return;
    }
    guint bit = cs_meta_reader_bit(name);
    *readers |= bit;
    *whole = bit == 0;
}

/* What old's meta gave, on rsc that has the same meta but for names
 * whose readers run after (the fields cs_rsc_copy_for_meta() resets). */
static void cs_rsc_keep_interpreted(CsResource *rsc, const CsResource *old)
{
    rsc->priority = old->priority;
    rsc->stickiness = old->stickiness;
    rsc->stickiness_set = old->stickiness_set;
    rsc->failure_timeout_s = old->failure_timeout_s;
    rsc->remote_reconnect_ms = old->remote_reconnect_ms;
    rsc->multiple_active = old->multiple_active;
    rsc->requires = old->requires;
}

/* Whether names[i] is also names[j] for some j < i (the names previous's
 * section gave and those it gives now overlap). */
static gboolean cs_names_listed_before(const GPtrArray *names, guint i)
{
    for (guint j = 0; j < i; j++) {
        if (strcmp(g_ptr_array_index(names, j), g_ptr_array_index(names, i)) == 0) {
            return TRUE;
        }
    }
    return FALSE;
}

/* old's meta_inherited after the edit: the names no edit of rsc_defaults
 * reaches stay noted; those it reaches are noted where old does not set
 * them itself and they have a value now.  A name of names was noted in
 * old exactly when it had a value and was not own, so when no name gains
 * or loses its value the list is old's. */
static char **cs_rederived_inherited(const CsResource *old, const GPtrArray *names,
                                     const char *const *now, const char *const *before,
                                     const gboolean *own)
{
    gboolean same = TRUE;

    for (guint i = 0; i < names->len && same; i++) {
        same = own[i] || (now[i] != NULL) == (before[i] != NULL);
    }
    if (same) {
        return g_strdupv(old->meta_inherited);
    }
    g_autoptr(GPtrArray) inherited = NULL;
    for (gsize i = 0; old->meta_inherited != NULL && old->meta_inherited[i] != NULL; i++) {
        if (!cs_names_have(names, old->meta_inherited[i])) {
            cs_note_inherited(&inherited, old->meta_inherited[i]);
        }
    }
    for (guint i = 0; i < names->len; i++) {
        if (!own[i] && now[i] != NULL && !cs_names_listed_before(names, i)) {
            cs_note_inherited(&inherited, g_ptr_array_index(names, i));
        }
    }
    return cs_inherited_strv(&inherited);
}

CsResource *cs_model_rederive_resource(const CsModel *model, const CsResource *old,
                                       const GPtrArray *names, GHashTable *defaults,
                                       GPtrArray *warnings)
{
    /* each name's value now and before, looked up once: most of the
     * resources an edit reaches are visited for nothing else */
    const char *before[2 * CS_RSC_DEFAULTS_MAX_NAMES];
    char *now[2 * CS_RSC_DEFAULTS_MAX_NAMES], *key[2 * CS_RSC_DEFAULTS_MAX_NAMES];
    gboolean own[2 * CS_RSC_DEFAULTS_MAX_NAMES];
    gboolean changed = FALSE;

    g_assert(names->len <= G_N_ELEMENTS(now)); /* previous's names and the new */
    for (guint i = 0; i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        before[i] = g_hash_table_lookup(old->meta, name);
        now[i] = cs_rederived_value(model, old, name, before[i], defaults, &own[i], &key[i]);
        changed = changed || (!own[i] && g_strcmp0(now[i], before[i]) != 0);
    }
    if (!changed) {
        return NULL;
    }
    GHashTable *meta = cs_ref_table_copy(old->meta);
    /* the readers of the names whose value changed; whole once one
     * changed whose field depends on more than its value */
    guint readers = 0;
    gboolean whole = FALSE;
    for (guint i = 0; i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        if (own[i] || g_strcmp0(now[i], before[i]) == 0 || cs_names_listed_before(names, i)) {
            continue;
        }
        cs_note_reader(&readers, &whole, name, now[i], before[i]);
        if (now[i] == NULL) {
            g_hash_table_remove(meta, name);
        } else {
            cs_ref_table_share(meta, key[i], now[i]);
        }
    }
    CsResource *rsc = cs_rsc_copy_for_meta(old, meta);
    rsc->meta_inherited = cs_rederived_inherited(old, names, (const char *const *)now, before, own);
    CsModel scratch = *model;
    scratch.warnings = warnings;
    if (whole) {
        cs_rsc_interpret_meta(&scratch, rsc, model->enable_unfencing);
        return rsc;
    }
    /* only names whose fields depend on their value alone changed */
    cs_rsc_keep_interpreted(rsc, old);
    for (guint i = 0; i < G_N_ELEMENTS(cs_meta_readers); i++) {
        if (readers & (1u << i)) {
            cs_meta_readers[i].read(&scratch, rsc);
        }
    }
    return rsc;
}

CsResource *cs_model_reinterpret_resource(const CsModel *model, const CsResource *old,
                                          GPtrArray *warnings)
{
    CsResource *rsc = cs_rsc_copy_for_meta(old, g_hash_table_ref(old->meta));
    CsModel scratch = *model;

    rsc->meta_inherited = g_strdupv(old->meta_inherited);
    scratch.warnings = warnings;
    cs_rsc_interpret_meta(&scratch, rsc, model->enable_unfencing);
    return rsc;
}

CsResource *cs_model_renumber_resource(CsResource *old, int shift)
{
    if (shift == 0) {
        g_atomic_int_inc(&old->refs);
        return old;
    }
    CsResource *rsc = g_new(CsResource, 1);

    *rsc = *old;
    rsc->refs = 1;
    rsc->index += shift;
    if (rsc->parent >= 0) {
        rsc->parent += shift;
    }
    rsc->id = cs_ref_string_share(old->id);
    rsc->rsc_class = cs_ref_string_share(old->rsc_class);
    rsc->provider = cs_ref_string_share(old->provider);
    rsc->type = cs_ref_string_share(old->type);
    rsc->template_id = cs_ref_string_share(old->template_id);
    if (old->children->len == 0) {
        rsc->children = g_array_ref(old->children); /* no index in it */
    } else {
        rsc->children = g_array_sized_new(FALSE, FALSE, sizeof(int), old->children->len);
        for (guint i = 0; i < old->children->len; i++) {
            int child = g_array_index(old->children, int, i) + shift;
            g_array_append_val(rsc->children, child);
        }
    }
    rsc->meta = g_hash_table_ref(old->meta);
    rsc->params = g_hash_table_ref(old->params);
    rsc->utilization = g_hash_table_ref(old->utilization);
    rsc->ops = g_ptr_array_ref(old->ops);
    rsc->bundle = old->bundle != NULL ? cs_bundle_ref(old->bundle) : NULL;
    rsc->meta_inherited = g_strdupv(old->meta_inherited);
    return rsc;
}

/* ---- after an edit of <op_defaults> -------------------------------------- */

static gboolean cs_tables_equal(GHashTable *a, GHashTable *b)
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

/* Whether two operations read from the same element give the same. */
static gboolean cs_op_same(const CsOp *a, const CsOp *b)
{
    return a->xml == b->xml && a->interval_ms == b->interval_ms && a->role == b->role
           && a->enabled == b->enabled && a->timeout_ms == b->timeout_ms
           && g_strcmp0(a->id, b->id) == 0 && g_strcmp0(a->name, b->name) == 0
           && g_strcmp0(a->on_fail, b->on_fail) == 0 && cs_tables_equal(a->meta, b->meta);
}

static gboolean cs_ops_same(const GPtrArray *a, const GPtrArray *b)
{
    if (a->len != b->len) {
        return FALSE;
    }
    for (guint i = 0; i < a->len; i++) {
        if (!cs_op_same(g_ptr_array_index(a, i), g_ptr_array_index(b, i))) {
            return FALSE;
        }
    }
    return TRUE;
}

CsResource *cs_model_reread_ops(const CsModel *model, const CsResource *old)
{
    if (old->kind != CS_RSC_PRIMITIVE || old->ops->len == 0) {
        return NULL;
    }
    CsResource reading = {.ops = g_ptr_array_new_with_free_func((GDestroyNotify)cs_op_free),
                          .rsc_class = old->rsc_class,
                          .provider = old->provider,
                          .type = old->type};
    CsRscXml xml = {old->xml, old->template_xml};

    cs_rsc_unpack_ops(model, &reading, &xml);
    if (cs_ops_same(reading.ops, old->ops)) {
        g_ptr_array_unref(reading.ops);
        return NULL;
    }
    /* a copy of old but for its operations and what they decide */
    CsResource *rsc = cs_rsc_copy_for_meta(old, g_hash_table_ref(old->meta));
    cs_rsc_keep_interpreted(rsc, old);
    rsc->meta_inherited = g_strdupv(old->meta_inherited);
    g_ptr_array_unref(rsc->ops);
    rsc->ops = reading.ops;
    rsc->block_failure_timeout = reading.block_failure_timeout;
    return rsc;
}
