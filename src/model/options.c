/* options.c: cluster options, rsc_defaults and op_defaults.
 *
 * Pacemaker Explained 2.1, "Cluster-Wide Configuration": properties come
 * from the cluster_property_set elements of crm_config, chosen as "Using
 * Rules to Control Resource Options" describes, with cib-bootstrap-options considered first.  A value that
 * does not validate falls back to the option's default, as Pacemaker's
 * pe_pref() does.
 */
#include <string.h>

#include "model/model_internal.h"

static const char *cs_option(const CsModel *model, const char *name)
{
    return g_hash_table_lookup(model->options.values, name);
}

static gboolean cs_option_boolean(CsModel *model, const char *name, gboolean fallback)
{
    const char *value = cs_option(model, name);

    if (value == NULL) {
        return fallback;
    }
    if (!cs_text_is_true(value) && !cs_text_is_false(value)) {
        cs_model_warn(model, "cluster option %s: '%s' is not a boolean, using default", name,
                      value);
        return fallback;
    }
    return cs_text_is_true(value);
}

static CsScore cs_option_score(const CsModel *model, const char *name, CsScore fallback)
{
    CsScore score;

    if (!cs_score_parse(cs_option(model, name), &score)) {
        return fallback;
    }
    return score;
}

static gint64 cs_option_interval_s(const CsModel *model, const char *name, const char *fallback)
{
    const char *value = cs_option(model, name);

    return cs_interval_parse_ms(value != NULL ? value : fallback) / 1000;
}

static CsNoQuorumPolicy cs_options_no_quorum(CsModel *model)
{
    const char *value = cs_option(model, "no-quorum-policy");

    if (value == NULL || g_ascii_strcasecmp(value, "stop") == 0) {
        return CS_NO_QUORUM_STOP;
    }
    if (g_ascii_strcasecmp(value, "ignore") == 0) {
        return CS_NO_QUORUM_IGNORE;
    }
    if (g_ascii_strcasecmp(value, "freeze") == 0) {
        return CS_NO_QUORUM_FREEZE;
    }
    if (g_ascii_strcasecmp(value, "demote") == 0) {
        return CS_NO_QUORUM_DEMOTE;
    }
    if (g_ascii_strcasecmp(value, "suicide") == 0) {
        /* suicide needs fencing, and a cluster that had quorum once (or
         * no-quorum-panic on <cib>); otherwise Pacemaker resets it to stop. */
        xmlNode *root = xmlDocGetRootElement(model->document->xml);
        gboolean panic = cs_text_is_true(cs_xml_attr(root, "no-quorum-panic"));
        if (!model->options.stonith_enabled) {
            cs_model_warn(model, "no-quorum-policy=suicide reset to stop: fencing is disabled");
            return CS_NO_QUORUM_STOP;
        }
        return (panic || model->options.have_quorum) ? CS_NO_QUORUM_SUICIDE : CS_NO_QUORUM_STOP;
    }
    cs_model_warn(model, "no-quorum-policy: unknown value '%s', using stop", value);
    return CS_NO_QUORUM_STOP;
}

static CsPlacementStrategy cs_options_placement(CsModel *model)
{
    const char *value = cs_option(model, "placement-strategy");

    if (value == NULL || g_ascii_strcasecmp(value, "default") == 0) {
        return CS_PLACEMENT_DEFAULT;
    }
    if (g_ascii_strcasecmp(value, "utilization") == 0) {
        return CS_PLACEMENT_UTILIZATION;
    }
    if (g_ascii_strcasecmp(value, "minimal") == 0) {
        return CS_PLACEMENT_MINIMAL;
    }
    if (g_ascii_strcasecmp(value, "balanced") == 0) {
        return CS_PLACEMENT_BALANCED;
    }
    cs_model_warn(model, "placement-strategy: unknown value '%s', using default", value);
    return CS_PLACEMENT_DEFAULT;
}

static CsHealthStrategy cs_options_health(CsModel *model)
{
    const char *value = cs_option(model, "node-health-strategy");

    if (value == NULL || g_ascii_strcasecmp(value, "none") == 0) {
        return CS_HEALTH_NONE;
    }
    if (g_ascii_strcasecmp(value, "migrate-on-red") == 0) {
        return CS_HEALTH_MIGRATE_ON_RED;
    }
    if (g_ascii_strcasecmp(value, "only-green") == 0) {
        return CS_HEALTH_ONLY_GREEN;
    }
    if (g_ascii_strcasecmp(value, "progressive") == 0) {
        return CS_HEALTH_PROGRESSIVE;
    }
    if (g_ascii_strcasecmp(value, "custom") == 0) {
        return CS_HEALTH_CUSTOM;
    }
    cs_model_warn(model, "node-health-strategy: unknown value '%s', using none", value);
    return CS_HEALTH_NONE;
}

/* Pacemaker's pe__unpack_node_health_scores(): the colour scores depend
 * on the strategy (migrate-on-red and only-green fix them). */
static void cs_options_health_scores(CsModel *model)
{
    CsOptions *options = &model->options;

    options->node_health_base = cs_option_score(model, "node-health-base", 0);
    switch (options->node_health_strategy) {
    case CS_HEALTH_NONE:
        options->node_health_red = 0;
        options->node_health_yellow = 0;
        options->node_health_green = 0;
        break;
    case CS_HEALTH_MIGRATE_ON_RED:
        options->node_health_red = -CS_INFINITY;
        options->node_health_yellow = 0;
        options->node_health_green = 0;
        break;
    case CS_HEALTH_ONLY_GREEN:
        options->node_health_red = -CS_INFINITY;
        options->node_health_yellow = -CS_INFINITY;
        options->node_health_green = 0;
        break;
    default:
        options->node_health_red = cs_option_score(model, "node-health-red", -CS_INFINITY);
        options->node_health_yellow = cs_option_score(model, "node-health-yellow", 0);
        options->node_health_green = cs_option_score(model, "node-health-green", 0);
        break;
    }
}

static void cs_options_interpret(CsModel *model)
{
    CsOptions *options = &model->options;
    xmlNode *root = xmlDocGetRootElement(model->document->xml);
    const char *value;

    options->have_quorum = cs_text_is_true(cs_xml_attr(root, "have-quorum"));
    value = cs_xml_attr(root, "dc-uuid");
    options->dc_uuid = g_strdup(value);

    options->stonith_enabled = cs_option_boolean(model, "stonith-enabled", TRUE);
    options->symmetric_cluster = cs_option_boolean(model, "symmetric-cluster", TRUE);
    options->maintenance_mode = cs_option_boolean(model, "maintenance-mode", FALSE);
    options->stop_all_resources = cs_option_boolean(model, "stop-all-resources", FALSE);
    options->start_failure_is_fatal = cs_option_boolean(model, "start-failure-is-fatal", TRUE);
    options->stop_orphan_resources = cs_option_boolean(model, "stop-orphan-resources", TRUE);
    options->stop_orphan_actions = cs_option_boolean(model, "stop-orphan-actions", TRUE);
    options->concurrent_fencing = cs_option_boolean(model, "concurrent-fencing", FALSE);
    options->shutdown_lock = cs_option_boolean(model, "shutdown-lock", FALSE);
    options->shutdown_lock_limit_s =
        options->shutdown_lock ? cs_option_interval_s(model, "shutdown-lock-limit", "0") : 0;
    options->cluster_recheck_interval_s =
        cs_option_interval_s(model, "cluster-recheck-interval", "15min");
    options->no_quorum_policy = cs_options_no_quorum(model);
    options->placement_strategy = cs_options_placement(model);
    options->node_health_strategy = cs_options_health(model);
    cs_options_health_scores(model);
    options->default_stickiness = cs_option_score(model, "default-resource-stickiness", 0);
    options->cluster_name = g_strdup(cs_option(model, "cluster-name"));
    value = cs_option(model, "stonith-action");
    if (value == NULL || g_ascii_strcasecmp(value, "poweroff") == 0) {
        /* poweroff is the deprecated spelling of off */
        value = value == NULL ? "reboot" : "off";
    }
    options->stonith_action = g_strdup(value);
    options->batch_limit = (int)cs_option_score(model, "batch-limit", 0);
}

/* Whether the CIB names stonith resources is known only after resources;
 * everything else about options is read here, before nodes. */
void cs_model_unpack_options(CsModel *model)
{
    CsRuleContext context;
    xmlNode *crm_config = cs_document_section(model->document, "crm_config");

    cs_model_rule_context_init(model, &context);
    model->options.values = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    cs_nvsets_unpack(model->document, crm_config, "cluster_property_set", &context,
                     "cib-bootstrap-options", model->options.values);
    cs_options_interpret(model);

    cs_model_unpack_rsc_defaults(model);
    xmlNode *op_defaults = cs_document_section(model->document, "op_defaults");
    cs_nvsets_unpack(model->document, op_defaults, "meta_attributes", &context, NULL,
                     model->op_defaults);
}

/* The nvpairs of one meta_attributes set (inside the pre-1.0
 * <attributes> wrapper when there is one): their names into names; FALSE
 * for a "#default" value, which takes away what an earlier set gave (the
 * resource's own value among them), so that which names are the
 * resource's own can no longer be told. */
static gboolean cs_defaults_set_names(const xmlNode *set, GPtrArray *names)
{
    const xmlNode *list = set;
    xmlNode *first = cs_xml_first_element(set);

    if (first != NULL && cs_xml_is(first, "attributes")) {
        list = first;
    }
    for (xmlNode *pair = cs_xml_first_element(list); pair != NULL;
         pair = cs_xml_next_element(pair)) {
        const char *name = cs_xml_attr(pair, "name");
        const char *value = cs_xml_attr(pair, "value");
        if (!cs_xml_is(pair, "nvpair") || name == NULL) {
            continue;
        }
        if (value != NULL && g_ascii_strcasecmp(value, "#default") == 0) {
            return FALSE;
        }
        g_ptr_array_add(names, g_strdup(name));
    }
    return TRUE;
}

/* What a rebuild after an edit of <rsc_defaults> needs to know of it
 * (CsModel.rsc_defaults_names); NULL when it cannot follow one.  Its
 * instance_attributes reach every resource's parameters, which a rebuild
 * does not read again. */
static GPtrArray *cs_rsc_defaults_names(const xmlNode *section)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);

    for (xmlNode *child = cs_xml_first_element(section); child != NULL;
         child = cs_xml_next_element(child)) {
        if (!cs_xml_is(child, "meta_attributes") || !cs_defaults_set_names(child, names)) {
            return NULL;
        }
    }
    /* cs_rsc_unpack_meta() notes each name's presence on the stack */
    if (names->len > CS_RSC_DEFAULTS_MAX_NAMES) {
        return NULL;
    }
    return g_steal_pointer(&names);
}

void cs_model_unpack_rsc_defaults(CsModel *model)
{
    CsRuleContext context;
    xmlNode *section = cs_document_section(model->document, "rsc_defaults");

    cs_model_rule_context_init(model, &context);
    model->rsc_defaults = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    cs_nvsets_unpack(model->document, section, "meta_attributes", &context, NULL,
                     model->rsc_defaults);
    model->rsc_defaults_names = cs_rsc_defaults_names(section);
}
