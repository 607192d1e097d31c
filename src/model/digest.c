/* digest.c: operation digests, to see whether a resource's definition
 * changed since an operation ran.
 *
 * The controller records, with each operation, an MD5 digest of the
 * parameters the operation ran with (op-digest) and, for agents that can
 * reload, one of the parameters that cannot be reloaded
 * (op-restart-digest, over the names listed in op-force-restart).
 * Pacemaker 2.1.5's scheduler recomputes both from the configuration and
 * compares (Pacemaker Explained 2.1, "Reloading Agents", and "Resource
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

#include "model/digest.h"

/* One parameter to hash: both strings are borrowed (from the model, the
 * operation's XML copies in CsParams.owned, or the timeout buffer). */
typedef struct CsParam {
    const char *name, *value;
} CsParam;

/* The parameters an operation ran with, as a short list rather than a
 * copied hash table: doc/DESIGN.md "Performance", every active resource's
 * history is compared, thousands of digests per transition. */
typedef struct CsParams {
    GArray *list;      /* CsParam, names unique */
    gboolean borrowed; /* list belongs to a memo */
    GPtrArray *owned;  /* xmlChar* read from the operation */
    char timeout[16];  /* CRM_meta_timeout's value */
    gboolean has_op_params;
} CsParams;

static void params_clear(CsParams *params)
{
    if (!params->borrowed)
        g_array_free(params->list, TRUE);
    if (params->owned != NULL)
        g_ptr_array_free(params->owned, TRUE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(CsParams, params_clear)

static CsParam *params_find(const CsParams *params, const char *name)
{
    for (guint i = 0; i < params->list->len; i++) {
        CsParam *param = &g_array_index(params->list, CsParam, i);

        if (strcmp(param->name, name) == 0)
            return param;
    }
    return NULL;
}

/* The value of name, replacing any earlier one (a hash table's insert). */
static void params_set(CsParams *params, const char *name, const char *value)
{
    CsParam *param = params_find(params, name);
    CsParam added = {name, value};

    if (param != NULL)
        param->value = value;
    else
        g_array_append_val(params->list, added);
}

static gint compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(((const CsParam *)a)->name, ((const CsParam *)b)->name);
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

/* Whether name is a word of padded (" a b c "), as op-force-restart and
 * op-secure-params list them. */
static gboolean listed(const char *padded, const char *name)
{
    g_autofree char *word = g_strdup_printf(" %s ", name);

    return strstr(padded, word) != NULL;
}

/* The canonical " <parameters .../>\n" form of params, into text.  With
 * keep (a space-separated list, as op-force-restart holds it), only the
 * names in the list count. */
static void canonical_text(const CsParams *params, const char *keep, GArray *sorted, GString *text)
{
    g_autofree char *padded = keep ? g_strdup_printf(" %s ", keep) : NULL;

    g_array_set_size(sorted, 0);
    for (guint i = 0; i < params->list->len; i++) {
        const CsParam *param = &g_array_index(params->list, CsParam, i);

        if (padded == NULL || listed(padded, param->name))
            g_array_append_val(sorted, *param);
    }
    g_array_sort(sorted, compare_names);
    g_string_assign(text, " <parameters");
    for (guint i = 0; i < sorted->len; i++) {
        const CsParam *param = &g_array_index(sorted, CsParam, i);

        g_string_append_c(text, ' ');
        g_string_append(text, param->name);
        g_string_append(text, "=\"");
        append_escaped(text, param->value);
        g_string_append_c(text, '"');
    }
    g_string_append(text, "/>\n");
}

/* Most resources share their parameters (often none at all), so the same
 * text is hashed again and again: the memo keeps each text's MD5, and its
 * buffers are reused from one digest to the next. */
struct CsDigestMemo {
    GHashTable *known; /* canonical text -> hex MD5, both owned */
    GArray *params;    /* CsParam, lent to one CsParams at a time */
    GArray *sorted;    /* CsParam */
    GString *text;
};

CsDigestMemo *cs_digest_memo_new(void)
{
    CsDigestMemo *memo = g_new0(CsDigestMemo, 1);

    memo->known = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    memo->params = g_array_new(FALSE, FALSE, sizeof(CsParam));
    memo->sorted = g_array_new(FALSE, FALSE, sizeof(CsParam));
    memo->text = g_string_sized_new(256);
    return memo;
}

void cs_digest_memo_free(CsDigestMemo *memo)
{
    if (memo == NULL)
        return;
    g_hash_table_destroy(memo->known);
    g_array_free(memo->params, TRUE);
    g_array_free(memo->sorted, TRUE);
    g_string_free(memo->text, TRUE);
    g_free(memo);
}

/* The MD5 (hex, owned by the memo) of params' canonical text. */
static const char *digest_of(const CsParams *params, const char *keep, CsDigestMemo *memo)
{
    canonical_text(params, keep, memo->sorted, memo->text);
    const char *known = g_hash_table_lookup(memo->known, memo->text->str);
    if (known != NULL)
        return known;
    char *hex = g_compute_checksum_for_data(G_CHECKSUM_MD5, (const guchar *)memo->text->str,
                                            memo->text->len);
    g_hash_table_insert(memo->known, g_strdup(memo->text->str), hex);
    return hex;
}

/* digest_of() for a caller without a memo: a copy. */
static char *digest_once(const CsParams *params, const char *keep)
{
    g_autoptr(CsDigestMemo) memo = cs_digest_memo_new();

    return g_strdup(digest_of(params, keep, memo));
}

/* The configured operation matching task and interval, or NULL. */
const CsOp *cs_digest_find_op(const CsResource *rsc, const char *task, guint interval_ms)
{
    if (rsc->ops == NULL)
        return NULL;
    for (guint i = 0; i < rsc->ops->len; i++) {
        const CsOp *op = g_ptr_array_index(rsc->ops, i);

        if (op->name != NULL && strcmp(op->name, task) == 0 && op->interval_ms == interval_ms)
            return op;
    }
    return NULL;
}

/* The operation's own <instance_attributes> (Pacemaker's action "extra"
 * parameters, e.g. OCF_CHECK_LEVEL), added to params after the
 * resource's: a name already there keeps its value. */
static void add_op_params(const CsOp *op, CsParams *params)
{
    if (op == NULL || op->xml == NULL)
        return;
    for (xmlNode *set = op->xml->children; set != NULL; set = set->next) {
        if (set->type != XML_ELEMENT_NODE
            || strcmp((const char *)set->name, "instance_attributes") != 0)
            continue;
        for (xmlNode *pair = set->children; pair != NULL; pair = pair->next) {
            xmlChar *name, *value;

            if (pair->type != XML_ELEMENT_NODE || strcmp((const char *)pair->name, "nvpair") != 0)
                continue;
            name = xmlGetProp(pair, (const xmlChar *)"name");
            value = xmlGetProp(pair, (const xmlChar *)"value");
            if (name != NULL && value != NULL && params_find(params, (const char *)name) == NULL) {
                CsParam added = {(const char *)name, (const char *)value};

                if (params->owned == NULL)
                    params->owned = g_ptr_array_new_with_free_func(xmlFree);
                g_ptr_array_add(params->owned, name);
                g_ptr_array_add(params->owned, value);
                g_array_append_val(params->list, added);
                params->has_op_params = TRUE;
                continue;
            }
            xmlFree(name);
            xmlFree(value);
        }
    }
}

/* The timeout Pacemaker gives the operation: its own, else op_defaults'
 * (the model resolves both into timeout_ms), else 20s. */
static guint op_timeout_ms(const CsOp *op)
{
    if (op != NULL && op->timeout_ms > 0)
        return op->timeout_ms;
    return 20000;
}

/* Fills params, which must be cleared with params_clear(); with a memo,
 * in the memo's list. */
static void digest_params(const CsResource *rsc, const CsOp *op, guint interval_ms,
                          CsParams *params, CsDigestMemo *memo)
{
    GHashTableIter iter;
    gpointer key, value;

    *params = (CsParams){NULL, memo != NULL, NULL, "", FALSE};
    if (memo != NULL) {
        params->list = memo->params;
        g_array_set_size(params->list, 0);
    } else {
        params->list = g_array_new(FALSE, FALSE, sizeof(CsParam));
    }
    if (rsc->params != NULL) {
        g_hash_table_iter_init(&iter, rsc->params);
        while (g_hash_table_iter_next(&iter, &key, &value)) {
            CsParam param = {key, value};

            g_array_append_val(params->list, param);
        }
    }
    add_op_params(op, params);
    if (interval_ms > 0) {
        g_snprintf(params->timeout, sizeof(params->timeout), "%u", op_timeout_ms(op));
        params_set(params, "CRM_meta_timeout", params->timeout);
    }
}

char *cs_digest_all(const CsResource *rsc, const char *task, guint interval_ms)
{
    g_auto(CsParams) params;

    digest_params(rsc, cs_digest_find_op(rsc, task, interval_ms), interval_ms, &params, NULL);
    return digest_once(&params, NULL);
}

char *cs_digest_without(const CsResource *rsc, const char *task, guint interval_ms,
                        const char *drop)
{
    g_autofree char *padded = g_strdup_printf(" %s ", drop);
    g_auto(CsParams) params;

    digest_params(rsc, cs_digest_find_op(rsc, task, interval_ms), interval_ms, &params, NULL);
    for (guint i = params.list->len; i-- > 0;)
        if (listed(padded, g_array_index(params.list, CsParam, i).name))
            g_array_remove_index(params.list, i);
    return digest_once(&params, NULL);
}

char *cs_digest_restart(const CsResource *rsc, const char *task, guint interval_ms,
                        const char *force_restart)
{
    g_auto(CsParams) params;

    digest_params(rsc, cs_digest_find_op(rsc, task, interval_ms), interval_ms, &params, NULL);
    return digest_once(&params, force_restart);
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
        if ((*a != '\0' && !g_ascii_isdigit(*a)) || (*b != '\0' && !g_ascii_isdigit(*b)))
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

/* The digest of the non-private parameters (op-secure-digest), as
 * Pacemaker computes it for the record's feature set: before 3.16.0 the
 * controller hashed only the agent's own parameters (no operation
 * parameters, no timeout, no pcmk_* fencing parameters). */
static const char *secure_digest(const CsResource *rsc, const CsOpRecord *record,
                                 const CsParams *params_all, CsDigestMemo *memo)
{
    g_autofree char *version = record_attr(record, "crm_feature_set");
    g_autofree char *secure = record_attr(record, "op-secure-params");
    gboolean old = version == NULL || compare_versions(version, "3.16.0") < 0;
    g_auto(CsParams) params = {g_array_new(FALSE, FALSE, sizeof(CsParam)), FALSE, NULL, "", FALSE};
    GHashTableIter iter;
    gpointer key, value;

    if (old && rsc->params != NULL) {
        g_hash_table_iter_init(&iter, rsc->params);
        while (g_hash_table_iter_next(&iter, &key, &value)) {
            CsParam param = {key, value};

            g_array_append_val(params.list, param);
        }
    } else if (!old) {
        g_array_append_vals(params.list, params_all->list->data, params_all->list->len);
    }
    for (guint i = params.list->len; i-- > 0;) {
        const char *name = g_array_index(params.list, CsParam, i).name;

        if ((secure != NULL && listed(secure, name))
            || (old && rsc->fence_device && g_str_has_prefix(name, "pcmk_"))
            || (old && strcmp(name, "CRM_meta_timeout") == 0))
            g_array_remove_index(params.list, i);
    }
    return digest_of(&params, NULL, memo);
}

/* Pacemaker's only_sanitized_changed(): crm_simulate works on CIBs whose
 * private parameters (passwords) may have been masked, so a difference
 * confined to them is no change. */
static gboolean only_private_changed(const CsResource *rsc, const CsOpRecord *record,
                                     const CsParams *params_all, CsDigestMemo *memo)
{
    g_autofree char *recorded = record_attr(record, "op-secure-digest");

    if (recorded == NULL)
        return FALSE;
    return strcmp(secure_digest(rsc, record, params_all, memo), recorded) == 0;
}

/* Pacemaker's rsc_action_digest_cmp(): how the recorded digests of one
 * operation compare with the configuration. */
static CsDigestResult compare(const CsOpRecord *record, const CsParams *params, CsDigestMemo *memo)
{
    const char *recorded_restart = record->op_restart_digest;

    if (recorded_restart != NULL) {
        /* Without op-force-restart every parameter counts. */
        g_autofree char *list = record_attr(record, "op-force-restart");
        if (strcmp(digest_of(params, list, memo), recorded_restart) != 0)
            return CS_DIGEST_RESTART;
    }
    if (record->op_digest == NULL)
        return CS_DIGEST_UNKNOWN;
    if (strcmp(digest_of(params, NULL, memo), record->op_digest) != 0) {
        /* A one-shot operation with parameters of its own restarts even
         * when only reloadable parameters changed, so that those
         * parameters take effect for it. */
        if (record->interval_ms == 0 && params->has_op_params)
            return CS_DIGEST_RESTART;
        return CS_DIGEST_ALL;
    }
    return CS_DIGEST_MATCH;
}

CsDigestResult cs_digest_compare_memo(const CsResource *rsc, const CsOpRecord *record,
                                      CsDigestMemo *memo)
{
    g_auto(CsParams) params;

    digest_params(rsc, cs_digest_find_op(rsc, record->operation, record->interval_ms),
                  record->interval_ms, &params, memo);
    CsDigestResult result = compare(record, &params, memo);

    if (result != CS_DIGEST_MATCH && only_private_changed(rsc, record, &params, memo))
        return CS_DIGEST_MATCH;
    return result;
}

/* Pacemaker Explained 2.1, "Handling Resource Failure": a fail count is
 * cleared when the parameters of the failed start or monitor changed.
 * That check takes the recorded digest as it is: the masking of private
 * parameters that spares an active resource a restart
 * (only_private_changed() above) does not apply, so a failure recorded
 * with op-secure-params whose other parameters are the same is cleared
 * all the same (checked with the oracle: fail-count-cleared-private of
 * tests/data/engine, corpus remote-connection-shutdown). */
CsDigestResult cs_digest_compare_all_params(const CsResource *rsc, const CsOpRecord *record)
{
    g_autoptr(CsDigestMemo) memo = cs_digest_memo_new();
    g_auto(CsParams) params;

    digest_params(rsc, cs_digest_find_op(rsc, record->operation, record->interval_ms),
                  record->interval_ms, &params, memo);
    return compare(record, &params, memo);
}

CsDigestResult cs_digest_compare(const CsResource *rsc, const CsOpRecord *record)
{
    g_autoptr(CsDigestMemo) memo = cs_digest_memo_new();

    return cs_digest_compare_memo(rsc, record, memo);
}

/* ---- the verdicts read with the histories ------------------------------
 * An edit of constraints or nodes changes neither a resource's definition
 * nor its history, and histories are shared between the models rebuilt
 * from one another: each record's digests are compared once, not at
 * every transition.  A verdict is kept with the definition it was made
 * from (a resource read again has new tables), so a stale one is never
 * used. */

/* A verdict holds a reference to the parameters and operations it was
 * made with: while it lives, no other table can take their address, so
 * that comparing pointers tells whether they are still the resource's
 * (a rebuild after an edit of instance attributes shares the verdicts
 * and gives the edited resource new ones). */
typedef struct CsDigestVerdict {
    GHashTable *params; /* rsc->params compared with (a reference) */
    GPtrArray *ops;     /* rsc->ops compared with (a reference) */
    gboolean fence_device;
    CsDigestResult result;
} CsDigestVerdict;

static void cs_digest_verdict_free(gpointer data)
{
    CsDigestVerdict *verdict = data;

    g_hash_table_unref(verdict->params);
    g_ptr_array_unref(verdict->ops);
    g_free(verdict);
}

gboolean cs_digest_record_checked(const CsOpRecord *record)
{
    const char *task = record->operation;

    if (task == NULL)
        return FALSE;
    return record->interval_ms > 0 || strcmp(task, "monitor") == 0 || strcmp(task, "start") == 0
           || strcmp(task, "promote") == 0 || strcmp(task, "migrate_from") == 0;
}

static void verdicts_add_state(GHashTable *verdicts, const CsModel *model, const CsRscState *state,
                               CsDigestMemo *memo)
{
    const CsResource *rsc = g_ptr_array_index(model->resources, state->rsc);

    if (rsc->kind != CS_RSC_PRIMITIVE)
        return;
    for (guint i = 0; i < state->history->len; i++) {
        const CsOpRecord *record = g_ptr_array_index(state->history, i);
        CsDigestVerdict *verdict;

        if (!cs_digest_record_checked(record))
            continue;
        verdict = g_new(CsDigestVerdict, 1);
        *verdict = (CsDigestVerdict){g_hash_table_ref(rsc->params), g_ptr_array_ref(rsc->ops),
                                     rsc->fence_device, cs_digest_compare_memo(rsc, record, memo)};
        g_hash_table_insert(verdicts, (gpointer)record, verdict);
    }
}

GHashTable *cs_digest_verdicts_new(const CsModel *model)
{
    GHashTable *verdicts =
        g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, cs_digest_verdict_free);
    g_autoptr(CsDigestMemo) memo = cs_digest_memo_new();

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        /* Only an active resource's history is compared. */
        if (state->rsc >= 0 && state->role >= CS_ROLE_STARTED && state->history != NULL)
            verdicts_add_state(verdicts, model, state, memo);
    }
    return verdicts;
}

void cs_model_read_digests(CsModel *model)
{
    if (model != NULL && model->digest_verdicts == NULL)
        model->digest_verdicts = cs_digest_verdicts_new(model);
}

CsDigestResult cs_digest_verdict(const CsModel *model, const CsResource *rsc,
                                 const CsOpRecord *record, CsDigestMemo *memo)
{
    const CsDigestVerdict *verdict = NULL;

    if (model->digest_verdicts != NULL)
        verdict = g_hash_table_lookup(model->digest_verdicts, record);
    if (verdict != NULL && verdict->params == rsc->params && verdict->ops == rsc->ops
        && verdict->fence_device == rsc->fence_device)
        return verdict->result;
    return cs_digest_compare_memo(rsc, record, memo);
}
