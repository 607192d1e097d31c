/* digest.c: operation digests, to see whether a resource's definition
 * changed since an operation ran.
 *
 * The controller records, with each operation, an MD5 digest of the
 * parameters the operation ran with (op-digest) and, for agents that can
 * reload, one of the parameters that cannot be reloaded
 * (op-restart-digest, over the names listed in op-force-restart).
 * Pacemaker 2.1.5's scheduler recomputes both from the configuration and
 * compares (Pacemaker Explained 5.7.2 "Reloading Agents", and "Resource
 * operations"): a difference means a restart (or a reload).
 *
 * What is hashed: the resource's instance attributes, the operation's own
 * instance attributes, and, for recurring operations only, the operation's
 * timeout as CRM_meta_timeout (in ms); every other meta attribute is left
 * out.  The attributes are sorted by name and written as one XML element,
 * " <parameters name="value" .../>\n" (the layout of Pacemaker's XML
 * writer, leading space and newline included).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"

static gint compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Attribute values escaped as libxml2 writes them inside double quotes. */
static void append_escaped(GString *out, const char *value)
{
    for (const char *p = value; *p != '\0'; p++) {
        switch (*p) {
        case '&': g_string_append(out, "&amp;"); break;
        case '<': g_string_append(out, "&lt;"); break;
        case '>': g_string_append(out, "&gt;"); break;
        case '"': g_string_append(out, "&quot;"); break;
        case '\n': g_string_append(out, "&#10;"); break;
        case '\r': g_string_append(out, "&#13;"); break;
        case '\t': g_string_append(out, "&#9;"); break;
        default: g_string_append_c(out, *p); break;
        }
    }
}

/* MD5 of the canonical " <parameters .../>\n" form of params.  With
 * keep (a space-separated list, as op-force-restart holds it), only the
 * names in the list count. */
static char *digest_of(GHashTable *params, const char *keep)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new();
    g_autoptr(GString) text = g_string_new(" <parameters");
    g_autofree char *padded = keep ? g_strdup_printf(" %s ", keep) : NULL;
    GHashTableIter iter;
    gpointer name;

    g_hash_table_iter_init(&iter, params);
    while (g_hash_table_iter_next(&iter, &name, NULL)) {
        if (padded != NULL) {
            g_autofree char *word = g_strdup_printf(" %s ", (char *)name);

            if (strstr(padded, word) == NULL)
                continue;
        }
        g_ptr_array_add(names, name);
    }
    g_ptr_array_sort(names, compare_names);
    for (guint i = 0; i < names->len; i++) {
        const char *key = g_ptr_array_index(names, i);

        g_string_append_printf(text, " %s=\"", key);
        append_escaped(text, g_hash_table_lookup(params, key));
        g_string_append_c(text, '"');
    }
    g_string_append(text, "/>\n");
    return g_compute_checksum_for_string(G_CHECKSUM_MD5, text->str, -1);
}

/* The configured operation matching task and interval, or NULL. */
const CsOp *cs_digest_find_op(const CsResource *rsc, const char *task,
                              guint interval_ms)
{
    if (rsc->ops == NULL)
        return NULL;
    for (guint i = 0; i < rsc->ops->len; i++) {
        const CsOp *op = g_ptr_array_index(rsc->ops, i);

        if (op->name != NULL && strcmp(op->name, task) == 0
            && op->interval_ms == interval_ms)
            return op;
    }
    return NULL;
}

/* The operation's own <instance_attributes> (Pacemaker's action "extra"
 * parameters, e.g. OCF_CHECK_LEVEL), added to params. */
static gboolean add_op_params(const CsOp *op, GHashTable *params)
{
    gboolean any = FALSE;

    if (op == NULL || op->xml == NULL)
        return FALSE;
    for (xmlNode *set = op->xml->children; set != NULL; set = set->next) {
        if (set->type != XML_ELEMENT_NODE
            || strcmp((const char *)set->name, "instance_attributes") != 0)
            continue;
        for (xmlNode *pair = set->children; pair != NULL; pair = pair->next) {
            xmlChar *name, *value;

            if (pair->type != XML_ELEMENT_NODE
                || strcmp((const char *)pair->name, "nvpair") != 0)
                continue;
            name = xmlGetProp(pair, (const xmlChar *)"name");
            value = xmlGetProp(pair, (const xmlChar *)"value");
            if (name != NULL && value != NULL
                && !g_hash_table_contains(params, name)) {
                g_hash_table_insert(params, g_strdup((char *)name),
                                    g_strdup((char *)value));
                any = TRUE;
            }
            xmlFree(name);
            xmlFree(value);
        }
    }
    return any;
}

/* The timeout Pacemaker gives the operation: its own, else op_defaults'
 * (the model resolves both into timeout_ms), else 20s. */
static guint op_timeout_ms(const CsOp *op)
{
    if (op != NULL && op->timeout_ms > 0)
        return op->timeout_ms;
    return 20000;
}

static GHashTable *digest_params(const CsResource *rsc, const CsOp *op,
                                 guint interval_ms, gboolean *has_op_params)
{
    GHashTable *params = g_hash_table_new_full(g_str_hash, g_str_equal,
                                               g_free, g_free);
    GHashTableIter iter;
    gpointer key, value;

    if (rsc->params != NULL) {
        g_hash_table_iter_init(&iter, rsc->params);
        while (g_hash_table_iter_next(&iter, &key, &value))
            g_hash_table_insert(params, g_strdup(key), g_strdup(value));
    }
    *has_op_params = add_op_params(op, params);
    if (interval_ms > 0)
        g_hash_table_insert(params, g_strdup("CRM_meta_timeout"),
                            g_strdup_printf("%u", op_timeout_ms(op)));
    return params;
}

char *cs_digest_all(const CsResource *rsc, const char *task, guint interval_ms)
{
    gboolean has_op_params;
    const CsOp *op = cs_digest_find_op(rsc, task, interval_ms);
    g_autoptr(GHashTable) params = digest_params(rsc, op, interval_ms,
                                                 &has_op_params);

    return digest_of(params, NULL);
}

char *cs_digest_restart(const CsResource *rsc, const char *task,
                        guint interval_ms, const char *force_restart)
{
    gboolean has_op_params;
    const CsOp *op = cs_digest_find_op(rsc, task, interval_ms);
    g_autoptr(GHashTable) params = digest_params(rsc, op, interval_ms,
                                                 &has_op_params);

    return digest_of(params, force_restart);
}

/* Compares dotted version strings numerically ("3.0.12" < "3.16.0"). */
static int compare_versions(const char *a, const char *b)
{
    while (*a != '\0' || *b != '\0') {
        long x = strtol(a, (char **)&a, 10), y = strtol(b, (char **)&b, 10);

        if (x != y)
            return x < y ? -1 : 1;
        if (*a == '.')
            a++;
        if (*b == '.')
            b++;
        if ((*a != '\0' && !g_ascii_isdigit(*a))
            || (*b != '\0' && !g_ascii_isdigit(*b)))
            break;
    }
    return 0;
}

static char *record_attr(const CsOpRecord *record, const char *name)
{
    xmlChar *value;
    char *copy;

    if (record->xml == NULL)
        return NULL;
    value = xmlGetProp(record->xml, (const xmlChar *)name);
    copy = g_strdup((const char *)value);
    xmlFree(value);
    return copy;
}

static gboolean remove_secure(gpointer key, gpointer value, gpointer data)
{
    g_autofree char *word = g_strdup_printf(" %s ", (const char *)key);

    (void)value;
    return strstr((const char *)data, word) != NULL;
}

static gboolean remove_fence_param(gpointer key, gpointer value, gpointer data)
{
    (void)value;
    (void)data;
    return g_str_has_prefix((const char *)key, "pcmk_");
}

/* The digest of the non-private parameters (op-secure-digest), as
 * Pacemaker computes it for the record's feature set: before 3.16.0 the
 * controller hashed only the agent's own parameters (no operation
 * parameters, no timeout, no pcmk_* fencing parameters). */
static char *secure_digest(const CsResource *rsc, const CsOpRecord *record,
                           GHashTable *params_all)
{
    g_autofree char *version = record_attr(record, "crm_feature_set");
    g_autofree char *secure = record_attr(record, "op-secure-params");
    gboolean old = version == NULL || compare_versions(version, "3.16.0") < 0;
    g_autoptr(GHashTable) params = g_hash_table_new_full(g_str_hash,
                                                         g_str_equal,
                                                         g_free, g_free);
    GHashTable *source = old ? rsc->params : params_all;
    GHashTableIter iter;
    gpointer key, value;

    if (source != NULL) {
        g_hash_table_iter_init(&iter, source);
        while (g_hash_table_iter_next(&iter, &key, &value))
            g_hash_table_insert(params, g_strdup(key), g_strdup(value));
    }
    if (secure != NULL)
        g_hash_table_foreach_remove(params, remove_secure, secure);
    if (old && rsc->fence_device)
        g_hash_table_foreach_remove(params, remove_fence_param, NULL);
    if (old)
        g_hash_table_remove(params, "CRM_meta_timeout");
    return digest_of(params, NULL);
}

/* Pacemaker's only_sanitized_changed(): crm_simulate works on CIBs whose
 * private parameters (passwords) may have been masked, so a difference
 * confined to them is no change. */
static gboolean only_private_changed(const CsResource *rsc,
                                     const CsOpRecord *record,
                                     GHashTable *params_all)
{
    g_autofree char *recorded = record_attr(record, "op-secure-digest");
    g_autofree char *computed = NULL;

    if (recorded == NULL)
        return FALSE;
    computed = secure_digest(rsc, record, params_all);
    return strcmp(computed, recorded) == 0;
}

/* Pacemaker's rsc_action_digest_cmp(): how the recorded digests of one
 * operation compare with the configuration. */
static CsDigestResult compare(const CsOpRecord *record, GHashTable *params,
                              gboolean has_op_params)
{
    const char *recorded_restart = record->op_restart_digest;
    g_autofree char *all = digest_of(params, NULL);

    if (recorded_restart != NULL) {
        /* Without op-force-restart every parameter counts. */
        g_autofree char *list = record_attr(record, "op-force-restart");
        g_autofree char *restart = digest_of(params, list);

        if (strcmp(restart, recorded_restart) != 0)
            return CS_DIGEST_RESTART;
    }
    if (record->op_digest == NULL)
        return CS_DIGEST_UNKNOWN;
    if (strcmp(all, record->op_digest) != 0) {
        /* A one-shot operation with parameters of its own restarts even
         * when only reloadable parameters changed, so that those
         * parameters take effect for it. */
        if (record->interval_ms == 0 && has_op_params)
            return CS_DIGEST_RESTART;
        return CS_DIGEST_ALL;
    }
    return CS_DIGEST_MATCH;
}

CsDigestResult cs_digest_compare(const CsResource *rsc,
                                 const CsOpRecord *record)
{
    gboolean has_op_params;
    const CsOp *op = cs_digest_find_op(rsc, record->operation,
                                       record->interval_ms);
    g_autoptr(GHashTable) params = digest_params(rsc, op, record->interval_ms,
                                                 &has_op_params);
    CsDigestResult result = compare(record, params, has_op_params);

    if (result != CS_DIGEST_MATCH && only_private_changed(rsc, record, params))
        return CS_DIGEST_MATCH;
    return result;
}
