/* status.c: what the status section says: which nodes are online or need
 * fencing, where each resource runs and in which role, what failed, and
 * the fail counts.
 *
 * This follows Pacemaker 2.1.5's status unpacking (unpack_status(),
 * determine_online_status(), unpack_lrm_resource(), unpack_rsc_op()): node
 * states first, then each node's resource history in call order, cluster
 * nodes before the remote and guest nodes whose connections they run.
 * Pacemaker Explained 2.1, "Operation Properties" (on-fail) and "Handling
 * Resource Failure" (fail counts, failure-timeout) describe the
 * consequences.
 */
#include <stdlib.h>
#include <string.h>

#include "model/model_internal.h"
#include "model/digest.h"

/* Executor statuses and OCF exit codes as the CIB records them. */
enum {
    CS_EXEC_PENDING = -1,
    CS_EXEC_DONE = 0,
    CS_EXEC_CANCELLED = 1,
    CS_EXEC_TIMEOUT = 2,
    CS_EXEC_NOT_SUPPORTED = 3,
    CS_EXEC_ERROR = 4,
    CS_EXEC_ERROR_HARD = 5,
    CS_EXEC_ERROR_FATAL = 6,
    CS_EXEC_NOT_INSTALLED = 7,
    CS_EXEC_NOT_CONNECTED = 8,
    CS_EXEC_INVALID = 9,
    CS_EXEC_NO_FENCE_DEVICE = 10,
    CS_EXEC_NO_SECRETS = 11,
};
enum {
    CS_OCF_OK = 0,
    CS_OCF_INVALID_PARAM = 2,
    CS_OCF_UNIMPLEMENTED = 3,
    CS_OCF_INSUFFICIENT_PRIV = 4,
    CS_OCF_NOT_INSTALLED = 5,
    CS_OCF_NOT_CONFIGURED = 6,
    CS_OCF_NOT_RUNNING = 7,
    CS_OCF_RUNNING_PROMOTED = 8,
    CS_OCF_FAILED_PROMOTED = 9,
    CS_OCF_DEGRADED = 190,
    CS_OCF_DEGRADED_PROMOTED = 191,
};

/* on-fail policies in increasing severity (Pacemaker compares them so). */
typedef enum {
    CS_ON_FAIL_IGNORE,
    CS_ON_FAIL_DEMOTE,
    CS_ON_FAIL_RECOVER,
    CS_ON_FAIL_RESET_REMOTE,
    CS_ON_FAIL_RESTART_CONTAINER,
    CS_ON_FAIL_MIGRATE,
    CS_ON_FAIL_BLOCK,
    CS_ON_FAIL_STOP,
    CS_ON_FAIL_STANDBY,
    CS_ON_FAIL_FENCE,
} CsOnFail;

static const char *const cs_on_fail_names[] = {
    "ignore",  "demote", "restart", "reset-remote", "restart-container",
    "migrate", "block",  "stop",    "standby",      "fence",
};

/* Everything one pass over the status section needs. */
typedef struct {
    CsModel *model;
    CsRole *rsc_role; /* per resource: the highest role anywhere */
    gboolean *rsc_failed;
    gboolean *rsc_unmanaged;     /* per resource: made unmanaged by a history */
    gboolean *unpacked;          /* per node: history read */
    GHashTable *lrm_index;       /* "uname\nrsc" -> <lrm_resource> */
    gboolean in_histories;       /* the histories are being read */
    gboolean legacy_fail_counts; /* cs_legacy_fail_counts(), asked once */
    /* <lrm_resource> -> the history (CsOpRecord*, sorted) a model of the
     * same document read from it, borrowed; NULL when there is none */
    GHashTable *earlier;
} CsStatusRun;

/* The running state of one resource history on one node while its
 * operations are replayed (not the History view's CsHistoryView). */
typedef struct {
    CsStatusRun *run;
    CsRscState *state;
    CsResource *rsc; /* NULL for an orphan */
    CsNode *node;
    CsRole role;
    CsOnFail on_fail;
    CsOpRecord *last_failure;
    gboolean managed;
    int ban_target; /* index banned for hard errors */
} CsOpReplay;

/* ---- small readers ----------------------------------------------------- */

/* strtol's answer for the common text, an optional '-' and up to 18
 * digits, without strtol (a history holds some ten numbers per
 * operation, and a standby edit on 2,000 resources reads them all
 * again); FALSE for anything else, which strtol then reads. */
static gboolean cs_plain_decimal(const char *text, gint64 *value, const char **end)
{
    const char *cursor = text + (text[0] == '-');
    gint64 magnitude = 0;
    int digits = 0;

    while (g_ascii_isdigit(*cursor) && digits < 18) {
        magnitude = magnitude * 10 + (*cursor - '0');
        cursor++;
        digits++;
    }
    /* more digits than 18 could overflow: strtol knows what to do */
    if (digits == 0 || g_ascii_isdigit(*cursor)) {
        return FALSE;
    }
    *value = text[0] == '-' ? -magnitude : magnitude;
    *end = cursor;
    return TRUE;
}

static int cs_text_int(const char *value, int fallback)
{
    char *end = NULL;
    const char *plain_end;
    gint64 plain;

    if (value == NULL) {
        return fallback;
    }
    if (cs_plain_decimal(value, &plain, &plain_end)) {
        return (int)(long)plain;
    }
    long parsed = strtol(value, &end, 10);
    return end == value ? fallback : (int)parsed;
}

static gint64 cs_text_epoch(const char *value)
{
    const char *plain_end;
    gint64 plain;

    if (value != NULL && cs_plain_decimal(value, &plain, &plain_end)) {
        return plain;
    }
    return value != NULL ? g_ascii_strtoll(value, NULL, 10) : -1;
}

static int cs_xml_int(const xmlNode *xml, const char *name, int fallback)
{
    return cs_text_int(cs_xml_attr(xml, name), fallback);
}

/* One integer of a transition key and the ':' after it (the last one
 * needs none); FALSE when there is no number there. */
static gboolean cs_key_field(const char **cursor, gboolean last, long *value)
{
    char *end = NULL;
    const char *plain_end;
    gint64 plain;

    if (cs_plain_decimal(*cursor, &plain, &plain_end)) {
        *value = (long)plain;
        end = (char *)plain_end;
    } else {
        *value = strtol(*cursor, &end, 10);
    }
    if (end == *cursor || (!last && *end != ':')) {
        return FALSE;
    }
    *cursor = last ? end : end + 1;
    return TRUE;
}

/* The target rc is the third field of the transition key
 * "action:transition:target_rc:uuid". */
static int cs_key_target_rc(const char *key)
{
    long action, transition, target_rc;

    if (key == NULL || !cs_key_field(&key, FALSE, &action)
        || !cs_key_field(&key, FALSE, &transition) || !cs_key_field(&key, TRUE, &target_rc)) {
        return -1;
    }
    return (int)target_rc;
}

/* The attributes of an <lrm_rsc_op> the model reads. */
typedef struct CsOpAttrs {
    const char *id, *operation, *operation_key, *interval, *call_id, *rc_code;
    const char *op_status, *transition_key, *last_rc_change, *last_run;
    const char *op_digest, *op_restart_digest, *op_secure_params;
    const char *migrate_source, *migrate_target;
} CsOpAttrs;

/* Where an attribute of that name goes in CsOpAttrs, or NULL.  The status
 * section holds most of a CIB's attributes, so the operation history is
 * read in one pass over each element's attributes, dispatched on the
 * first byte, instead of one search per name. */
static const char **cs_op_attr_slot(CsOpAttrs *attrs, const char *name)
{
#define CS_SLOT(text, field)                                                                       \
    if (strcmp(name, text) == 0)                                                                   \
    return &attrs->field
    switch (name[0]) {
    case 'i':
        CS_SLOT("id", id);
        CS_SLOT("interval", interval);
        break;
    case 'o':
        CS_SLOT("operation", operation);
        CS_SLOT("operation_key", operation_key);
        CS_SLOT("op-status", op_status);
        CS_SLOT("op-digest", op_digest);
        CS_SLOT("op-restart-digest", op_restart_digest);
        CS_SLOT("op-secure-params", op_secure_params);
        break;
    case 'c': CS_SLOT("call-id", call_id); break;
    case 'r': CS_SLOT("rc-code", rc_code); break;
    case 't': CS_SLOT("transition-key", transition_key); break;
    case 'l':
        CS_SLOT("last-rc-change", last_rc_change);
        CS_SLOT("last-run", last_run);
        break;
    case 'm':
        CS_SLOT("migrate_source", migrate_source);
        CS_SLOT("migrate_target", migrate_target);
        break;
    default: break;
    }
#undef CS_SLOT
    return NULL;
}

/* An attribute's value as cs_xml_attr() gives it. */
static const char *cs_attr_text(const xmlAttr *attr)
{
    return attr->children != NULL ? (const char *)attr->children->content : "";
}

static void cs_op_attrs_read(const xmlNode *xml, CsOpAttrs *attrs)
{
    memset(attrs, 0, sizeof *attrs);
    for (const xmlAttr *attr = xml->properties; attr != NULL; attr = attr->next) {
        const char **slot = cs_op_attr_slot(attrs, (const char *)attr->name);
        if (slot != NULL && *slot == NULL) {
            *slot = cs_attr_text(attr);
        }
    }
}

static CsOpRecord *cs_op_record_new(xmlNode *xml)
{
    CsOpRecord *record = g_new0(CsOpRecord, 1);
    CsOpAttrs attrs;

    cs_op_attrs_read(xml, &attrs);
    record->xml = xml;
    record->id = g_strdup(attrs.id);
    record->operation = g_strdup(attrs.operation);
    record->operation_key = g_strdup(attrs.operation_key != NULL ? attrs.operation_key : attrs.id);
    record->interval_ms = (guint)cs_text_int(attrs.interval, 0);
    record->call_id = cs_text_int(attrs.call_id, -1);
    record->rc_code = cs_text_int(attrs.rc_code, 1);
    record->op_status = cs_text_int(attrs.op_status, 0);
    record->target_rc = cs_key_target_rc(attrs.transition_key);
    record->last_rc_change = cs_text_epoch(attrs.last_rc_change);
    record->last_run = cs_text_epoch(attrs.last_run);
    record->op_digest = g_strdup(attrs.op_digest);
    record->op_restart_digest = g_strdup(attrs.op_restart_digest);
    record->op_secure_digest = g_strdup(attrs.op_secure_params);
    record->migrate_source = g_strdup(attrs.migrate_source);
    record->migrate_target = g_strdup(attrs.migrate_target);
    return record;
}

static void cs_op_record_destroy(gpointer data)
{
    CsOpRecord *record = data;

    g_free(record->id);
    g_free(record->operation);
    g_free(record->op_digest);
    g_free(record->op_restart_digest);
    g_free(record->op_secure_digest);
    g_free(record->migrate_source);
    g_free(record->migrate_target);
    g_free(record->operation_key);
    g_free(record);
}

/* ---- history order ----------------------------------------------------- */

/* "op_status:rc;action:transition:target_rc:uuid": the transition number
 * and the uuid of the controller that ran it. */
static gboolean cs_magic_decode(const char *magic, int *transition, const char **uuid)
{
    const char *key = magic != NULL ? strchr(magic, ';') : NULL;
    int action, target_rc;

    if (key == NULL || sscanf(key + 1, "%d:%d:%d:", &action, transition, &target_rc) != 3) {
        return FALSE;
    }
    const char *at = key + 1;
    for (int colons = 0; colons < 3 && at != NULL; colons++) {
        at = strchr(at, ':');
        at = at != NULL ? at + 1 : NULL;
    }
    *uuid = at != NULL ? at : "";
    return TRUE;
}

/* Two records by last-rc-change: the earlier first; 0 when either is
 * unknown (negative) or they are equal. */
static int cs_op_compare_changed(const CsOpRecord *left, const CsOpRecord *right)
{
    if (left->last_rc_change >= 0 && left->last_rc_change < right->last_rc_change) {
        return -1;
    }
    if (right->last_rc_change >= 0 && left->last_rc_change > right->last_rc_change) {
        return 1;
    }
    return 0;
}

/* Pacemaker's pe__is_newer_op() on one node's history: by call id; equal
 * call ids by last-rc-change; pending operations (call id -1) by their
 * transition number. */
static gint cs_op_compare(gconstpointer a, gconstpointer b)
{
    const CsOpRecord *left = a;
    const CsOpRecord *right = b;

    if (left->call_id == -1 && right->call_id == -1) {
        return 0;
    }
    if (left->call_id >= 0 && left->call_id < right->call_id) {
        return -1;
    }
    if (right->call_id >= 0 && left->call_id > right->call_id) {
        return 1;
    }
    if (left->call_id >= 0 && right->call_id >= 0) {
        return cs_op_compare_changed(left, right);
    }
    int left_id, right_id;
    const char *left_uuid, *right_uuid;
    if (!cs_magic_decode(cs_xml_attr(left->xml, "transition-magic"), &left_id, &left_uuid)
        || !cs_magic_decode(cs_xml_attr(right->xml, "transition-magic"), &right_id, &right_uuid)) {
        return 0;
    }
    if (g_ascii_strcasecmp(left_uuid, right_uuid) != 0 || left_id == right_id) {
        return right->call_id == -1 ? -1 : 1;
    }
    if ((left_id >= 0 && left_id < right_id) || right_id == -1) {
        return -1;
    }
    if ((right_id >= 0 && left_id > right_id) || left_id == -1) {
        return 1;
    }
    return 0;
}

/* The same comparison between records of two nodes (migration checks):
 * call ids are comparable only on one node, otherwise last-rc-change. */
static int cs_op_newer(const CsOpRecord *a, const CsOpRecord *b, gboolean same_node)
{
    if (same_node) {
        return cs_op_compare(a, b);
    }
    if (a->call_id >= 0 && b->call_id >= 0) {
        return cs_op_compare_changed(a, b);
    }
    return 0;
}

/* ---- nodes ------------------------------------------------------------- */

static const char *cs_node_attr(const CsNode *node, const char *name)
{
    return g_hash_table_lookup(node->attrs, name);
}

/* The id of the connection (container FALSE: named as the node) or the
 * container (NAME-RUNTIME-N) of the bundle replica whose guest node is
 * node, new; NULL when the bundle is not known. */
static char *cs_bundle_replica_id(const CsModel *model, const CsNode *node, gboolean container)
{
    const char *dash = strrchr(node->uname, '-');
    g_autofree char *bundle_id = g_strndup(node->uname, (gsize)(dash - node->uname));
    const CsResource *bundle = cs_model_resource(model, bundle_id);

    if (bundle == NULL || bundle->bundle == NULL || bundle->bundle->runtime == NULL)
        return NULL;
    return container ? g_strdup_printf("%s-%s-%s", bundle_id, bundle->bundle->runtime, dash + 1)
                     : g_strdup(node->uname);
}

/* Pacemaker Explained 2.1, "Guest Nodes": a bundle replica's guest node
 * is fenced by recovering its container, which the histories read so far
 * then show failed where it is active. */
static void cs_bundle_guest_fence(CsStatusRun *run, CsNode *node)
{
    g_autofree char *id = cs_bundle_replica_id(run->model, node, TRUE);

    node->remote_requires_reset = TRUE;
    for (guint i = 0; id != NULL && i < run->model->rsc_states->len; i++) {
        CsRscState *state = g_ptr_array_index(run->model->rsc_states, i);

        if (state->rsc < 0 && strcmp(state->rsc_id, id) == 0 && state->role > CS_ROLE_STOPPED)
            state->failed = TRUE;
    }
}

/* Pacemaker's pe_fence_node() for our purposes: a cluster or remote node
 * becomes unclean; a guest node is "fenced" by recovering its container. */
static void cs_fence_node(CsStatusRun *run, CsNode *node)
{
    CsModel *model = run->model;

    if (node->bundle_guest) {
        cs_bundle_guest_fence(run, node);
        return;
    }
    if (node->type == CS_NODE_GUEST) {
        if (node->remote_rsc >= 0) {
            CsResource *connection = g_ptr_array_index(model->resources, node->remote_rsc);
            if (connection->container >= 0) {
                CsResource *container = g_ptr_array_index(model->resources, connection->container);
                if (container->managed) {
                    node->remote_requires_reset = TRUE;
                    run->rsc_failed[container->index] = TRUE;
                }
            }
        }
        return;
    }
    if (node->type == CS_NODE_REMOTE) {
        node->remote_requires_reset = TRUE;
    }
    node->unclean = TRUE;
    if (run->in_histories) {
        node->history_fenced = TRUE;
    }
}

/* Pacemaker's pe_can_fence(). */
static gboolean cs_can_fence(const CsModel *model, const CsNode *node)
{
    if (node->type == CS_NODE_GUEST) {
        return TRUE;
    }
    if (!model->options.stonith_enabled || !model->stonith_resource_present) {
        return FALSE;
    }
    if (model->options.have_quorum || model->options.no_quorum_policy == CS_NO_QUORUM_IGNORE) {
        return TRUE;
    }
    return node->online;
}

static gboolean cs_node_online_no_fencing(CsStatusRun *run, const xmlNode *state, CsNode *node)
{
    const char *in_cluster = cs_xml_attr(state, "in_ccm");
    const char *is_peer = cs_xml_attr(state, "crmd");
    const char *join = cs_xml_attr(state, "join");

    if (!cs_text_is_true(in_cluster)) {
        return FALSE;
    }
    if (is_peer != NULL && g_ascii_strcasecmp(is_peer, "online") == 0) {
        return join != NULL && g_ascii_strcasecmp(join, "member") == 0;
    }
    if (node->expected_up) {
        cs_fence_node(run, node); /* unexpectedly down */
    }
    return FALSE;
}

static gboolean cs_terminate_requested(const CsNode *node)
{
    const char *terminate = cs_node_attr(node, "terminate");

    if (cs_text_is_true(terminate)) {
        return TRUE;
    }
    return terminate != NULL && terminate[0] != '\0' && terminate[0] != '0'
           && g_ascii_isdigit(terminate[0]);
}

/* Pacemaker's determine_online_status_fencing(): which combinations of
 * membership (in_ccm), controller (crmd), join and expected state mean
 * online, pending, or a node to fence. */
static gboolean cs_node_online_fencing(CsStatusRun *run, const xmlNode *state, CsNode *node)
{
    const char *in_cluster = cs_xml_attr(state, "in_ccm");
    const char *is_peer = cs_xml_attr(state, "crmd");
    const char *join = cs_xml_attr(state, "join");
    const char *expected = cs_xml_attr(state, "expected");
    gboolean terminate = cs_terminate_requested(node);
    gboolean online = cs_text_is_true(in_cluster);
    gboolean crmd_online = is_peer != NULL && g_ascii_strcasecmp(is_peer, "online") == 0;

    if (expected == NULL) {
        expected = "down";
    }
    if (node->shutdown) {
        online = crmd_online;
    } else if (in_cluster == NULL) {
        cs_fence_node(run, node);
    } else if (join != NULL && g_ascii_strcasecmp(join, "banned") == 0) {
        cs_fence_node(run, node);
    } else if (!terminate && g_ascii_strcasecmp(expected, "down") == 0) {
        if (cs_text_is_true(in_cluster) || crmd_online) {
            node->standby = TRUE;
            node->pending = TRUE;
        }
    } else if (terminate && join != NULL && g_ascii_strcasecmp(join, "down") == 0
               && !cs_text_is_true(in_cluster) && !crmd_online) {
        online = FALSE; /* just fenced */
    } else if (!cs_text_is_true(in_cluster)) {
        cs_fence_node(run, node);
    } else if (!crmd_online) {
        cs_fence_node(run, node);
    } else if (terminate) {
        cs_fence_node(run, node);
    } else if (join != NULL && g_ascii_strcasecmp(join, "member") == 0) {
        /* active */
    } else if (join != NULL
               && (g_ascii_strcasecmp(join, "pending") == 0
                   || g_ascii_strcasecmp(join, "down") == 0)) {
        node->standby = TRUE;
        node->pending = TRUE;
    } else {
        cs_fence_node(run, node);
    }
    return online;
}

static void cs_node_determine_online(CsStatusRun *run, const xmlNode *state, CsNode *node)
{
    const char *shutdown = cs_node_attr(node, "shutdown");
    const char *expected = cs_xml_attr(state, "expected");
    gboolean online;

    node->shutdown = shutdown != NULL && strcmp(shutdown, "0") != 0;
    node->expected_up =
        !node->shutdown && expected != NULL && g_ascii_strcasecmp(expected, "member") == 0;
    if (node->type == CS_NODE_PING) {
        node->unclean = FALSE;
        online = FALSE;
    } else if (!run->model->options.stonith_enabled) {
        online = cs_node_online_no_fencing(run, state, node);
    } else {
        online = cs_node_online_fencing(run, state, node);
    }
    node->online = online;
}

static xmlNode *cs_child(const xmlNode *parent, const char *name)
{
    for (xmlNode *child = cs_xml_first_element(parent); child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, name)) {
            return child;
        }
    }
    return NULL;
}

static CsNode *cs_state_node(const CsModel *model, const xmlNode *state)
{
    const char *id = cs_xml_attr(state, "id");
    const char *uname = cs_xml_attr(state, "uname");

    if (id == NULL || uname == NULL) {
        return NULL;
    }
    CsNode *node = g_hash_table_lookup(model->node_by_id, id);
    return node != NULL ? node : g_hash_table_lookup(model->node_by_uname, uname);
}

static void cs_fail_counts_from_attrs(CsStatusRun *run, CsNode *node);

/* Pacemaker's unpack_node_state(), the first pass over node_state. */
static void cs_node_state_unpack(CsStatusRun *run, xmlNode *state)
{
    CsModel *model = run->model;
    CsNode *node = cs_state_node(model, state);

    if (node == NULL) {
        if (cs_xml_attr(state, "id") != NULL && cs_xml_attr(state, "uname") != NULL) {
            cs_model_warn(model,
                          "ignoring recorded node state for '%s': it is no longer "
                          "in the configuration",
                          cs_xml_attr(state, "uname"));
        }
        return;
    }
    node->has_state = TRUE;
    node->state_xml = state;
    if (node->type == CS_NODE_REMOTE || node->type == CS_NODE_GUEST) {
        node->remote_was_fenced = cs_xml_int(state, "node_fenced", 0) > 0;
        return;
    }
    cs_node_add_attrs(model, node, cs_child(state, "transient_attributes"), TRUE);
    cs_fail_counts_from_attrs(run, node);
    if (cs_text_is_true(cs_node_attr(node, "standby"))) {
        node->standby = TRUE;
    }
    if (cs_text_is_true(cs_node_attr(node, "maintenance"))) {
        node->maintenance = TRUE;
    }
    node->unclean = FALSE;
    node->unseen = FALSE;
    cs_node_determine_online(run, state, node);
    if (!model->options.have_quorum && node->online
        && model->options.no_quorum_policy == CS_NO_QUORUM_SUICIDE) {
        cs_fence_node(run, node);
    }
}

/* The node a connection is active on, from the histories read so far
 * (its host's come first), or NULL. */
static const CsNode *cs_connection_host(const CsModel *model, int connection)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == connection && state->role >= CS_ROLE_STARTED)
            return g_ptr_array_index(model->nodes, state->node);
    }
    return NULL;
}

/* Pacemaker's determine_remote_online_status(): a remote or guest node is
 * online when its connection is started (and its container, for a guest).
 * A guest whose connection runs on a cluster node that left unclean is
 * down and needs fencing (Pacemaker Explained 2.1, "Pacemaker Remote";
 * checked with crm_simulate, corpus guest-node-host-dies); followed for
 * guest nodes only, remote nodes are judged in src/engine/remote.c. */
static void cs_remote_determine_online(CsStatusRun *run, CsNode *node)
{
    CsModel *model = run->model;

    if (node->remote_rsc < 0) {
        node->online = FALSE;
        return;
    }
    CsResource *connection = g_ptr_array_index(model->resources, node->remote_rsc);
    int container = connection->container;
    CsRole role = run->rsc_role[connection->index];

    if (role == CS_ROLE_STARTED) {
        node->online = TRUE;
    }
    /* a remote node whose connection runs but is to stop, as target-role
     * Stopped asks, is shutting down from the start: it can run nothing
     * while resources are sorted and placed (checked with crm_simulate
     * 2.1.5, gen_remote.py seed 1084456: the order a placement strategy
     * sorts resources in).  A guest's implicit connection takes no
     * target-role. */
    if (role == CS_ROLE_STARTED && container < 0 && connection->target_role == CS_ROLE_STOPPED) {
        node->shutdown = TRUE;
    }
    if (container >= 0 && run->rsc_failed[container]) {
        node->online = FALSE;
        node->remote_requires_reset = TRUE;
    } else if (run->rsc_failed[connection->index]) {
        node->online = FALSE;
    } else if (role == CS_ROLE_STOPPED
               || (container >= 0 && run->rsc_role[container] == CS_ROLE_STOPPED)) {
        node->online = FALSE;
        node->remote_requires_reset = FALSE;
    } else if (container >= 0) {
        const CsNode *host = cs_connection_host(model, connection->index);

        if (host != NULL && !host->online && host->unclean) {
            node->online = FALSE;
            node->remote_requires_reset = TRUE;
        }
    }
}

/* Pacemaker's unpack_handle_remote_attrs(). */
static void cs_remote_attrs_unpack(CsStatusRun *run, CsNode *node)
{
    CsModel *model = run->model;
    xmlNode *state = node->state_xml;

    node->remote_maintenance = cs_xml_int(state, "node_in_maintenance", 0) > 0;
    if (!node->remote_requires_reset) {
        node->unclean = FALSE;
        node->unseen = FALSE;
    }
    cs_node_add_attrs(model, node, cs_child(state, "transient_attributes"), TRUE);
    cs_fail_counts_from_attrs(run, node);
    const char *shutdown = cs_node_attr(node, "shutdown");
    if (shutdown != NULL && strcmp(shutdown, "0") != 0) {
        node->shutdown = TRUE;
    }
    if (cs_text_is_true(cs_node_attr(node, "standby"))) {
        node->standby = TRUE;
    }
    CsResource *connection =
        node->remote_rsc >= 0 ? g_ptr_array_index(model->resources, node->remote_rsc) : NULL;
    /* A remote node is in maintenance when its connection is unmanaged,
     * configured so or made so by running on a node in maintenance
     * (checked with crm_simulate 2.1.5: the node hosting remote1's
     * connection put in maintenance shows "RemoteNode remote1:
     * maintenance", its resources pinned at INFINITY). */
    if (cs_text_is_true(cs_node_attr(node, "maintenance"))
        || (connection != NULL
            && (!connection->managed || run->rsc_unmanaged[connection->index]))) {
        node->maintenance = TRUE;
    }
    const char *discovery = cs_node_attr(node, "resource-discovery-enabled");
    if (discovery != NULL && !cs_text_is_true(discovery)
        && !(node->type == CS_NODE_REMOTE && !model->options.stonith_enabled)) {
        node->rsc_discovery_enabled = FALSE;
    }
}

/* ---- fail counts ------------------------------------------------------- */

/* The resource a fail count or history id names: itself, or without a
 * clone instance suffix ":N". */
static CsResource *cs_history_rsc(const CsModel *model, const char *rsc_id, int *instance)
{
    CsResource *rsc = cs_model_resource(model, rsc_id);
    const char *colon = strrchr(rsc_id, ':');

    *instance = -1;
    if (rsc != NULL || colon == NULL || colon[1] == '\0') {
        return rsc;
    }
    for (const char *digit = colon + 1; *digit != '\0'; digit++) {
        if (!g_ascii_isdigit(*digit)) {
            return NULL;
        }
    }
    g_autofree char *base = g_strndup(rsc_id, (gsize)(colon - rsc_id));
    rsc = cs_model_resource(model, base);
    if (rsc != NULL) {
        *instance = atoi(colon + 1);
    }
    return rsc;
}

/* fail-count-RSC#OP_INTERVAL (or the legacy fail-count-RSC) with its
 * last-failure-... companion (Pacemaker Explained 2.1, "Failure Counts"). */
static void cs_fail_count_add(CsModel *model, CsNode *node, const char *name, const char *value)
{
    const char *spec = name + strlen("fail-count-");
    const char *hash = strrchr(spec, '#');
    g_autofree char *rsc_id = hash != NULL ? g_strndup(spec, (gsize)(hash - spec)) : g_strdup(spec);
    CsFailCount *fail_count = g_new0(CsFailCount, 1);
    int instance;

    fail_count->rsc_id = g_strdup(rsc_id);
    CsResource *rsc = cs_history_rsc(model, rsc_id, &instance);
    fail_count->rsc = rsc != NULL ? rsc->index : -1;
    fail_count->node = node->index;
    if (hash != NULL) {
        const char *underscore = strrchr(hash + 1, '_');
        if (underscore != NULL) {
            fail_count->operation = g_strndup(hash + 1, (gsize)(underscore - hash - 1));
            fail_count->interval_ms = (guint)g_ascii_strtoull(underscore + 1, NULL, 10);
        } else {
            fail_count->operation = g_strdup(hash + 1);
        }
    }
    cs_score_parse(value, &fail_count->count);
    g_autofree char *last_name = g_strconcat("last-failure-", spec, NULL);
    const char *last = cs_node_attr(node, last_name);
    fail_count->last_failure = last != NULL ? g_ascii_strtoll(last, NULL, 10) : 0;
    g_ptr_array_add(model->fail_counts, fail_count);
}

static gint cs_string_pointer_compare(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Pacemaker 2.1.5 reads one form of fail count only, by the CIB's
 * crm_feature_set: before 3.0.13 the legacy whole-resource
 * fail-count-RSC, from 3.0.13 on the per-operation fail-count-RSC#OP_MS
 * (Pacemaker Explained 2.1, "Failure Counts"; the other form is ignored, as crm_simulate
 * shows). */
static gboolean cs_legacy_fail_counts(const CsModel *model)
{
    xmlNode *root = xmlDocGetRootElement(model->document->xml);
    const char *feature_set = cs_xml_attr(root, "crm_feature_set");

    return feature_set == NULL || cs_rule_compare(feature_set, "3.0.13", "version") < 0;
}

static void cs_fail_counts_from_attrs(CsStatusRun *run, CsNode *node)
{
    CsModel *model = run->model;
    GHashTableIter iter;
    gpointer name, value;
    g_autoptr(GPtrArray) names = g_ptr_array_new();
    gboolean legacy = run->legacy_fail_counts;

    /* Drop what an earlier read of this node's attributes gave. */
    for (guint i = model->fail_counts->len; i > 0; i--) {
        CsFailCount *fail_count = g_ptr_array_index(model->fail_counts, i - 1);
        if (fail_count->node == node->index) {
            g_ptr_array_remove_index(model->fail_counts, i - 1);
        }
    }
    g_hash_table_iter_init(&iter, node->attrs);
    while (g_hash_table_iter_next(&iter, &name, &value)) {
        if (g_str_has_prefix(name, "fail-count-")
            && (strchr((const char *)name + strlen("fail-count-"), '#') == NULL) == legacy) {
            g_ptr_array_add(names, name);
        }
    }
    /* Hash order is arbitrary: sort for a stable model. */
    g_ptr_array_sort(names, cs_string_pointer_compare);
    for (guint i = 0; i < names->len; i++) {
        const char *fail_name = g_ptr_array_index(names, i);
        cs_fail_count_add(model, node, fail_name, cs_node_attr(node, fail_name));
    }
}

/* The fail count of rsc on node, every operation's (oracle: a monitor's
 * unexpired fail count keeps an old failed probe from expiring), with or
 * without failure-timeout expiry (Pacemaker's pe_get_failcount()). */
static int cs_op_fail_count(const CsModel *model, const CsResource *rsc, const CsNode *node,
                            gboolean effective)
{
    CsScore total = 0;
    gint64 last_failure = 0;

    for (guint i = 0; i < model->fail_counts->len; i++) {
        CsFailCount *fail_count = g_ptr_array_index(model->fail_counts, i);
        if (fail_count->rsc != rsc->index || fail_count->node != node->index) {
            continue;
        }
        total = cs_score_add(total, fail_count->count);
        last_failure = MAX(last_failure, fail_count->last_failure);
    }
    if (effective && total > 0 && rsc->failure_timeout_s > 0
        && !cs_model_failure_never_expires(model, rsc->index, node->index)
        && model->now.seconds > last_failure + rsc->failure_timeout_s) {
        return 0;
    }
    return total;
}

/* ---- one operation ----------------------------------------------------- */

static void cs_ban(CsModel *model, int rsc, int node, const char *reason)
{
    CsStatusBan *ban = g_new0(CsStatusBan, 1);

    ban->rsc = rsc;
    ban->node = node;
    ban->reason = g_strdup(reason);
    ban->history = -1;
    g_ptr_array_add(model->status_bans, ban);
}

static void cs_history_set_active(CsOpReplay *history)
{
    CsResource *top = history->rsc != NULL ? cs_model_top(history->run->model, history->rsc) : NULL;

    history->role = top != NULL && top->promotable ? CS_ROLE_UNPROMOTED : CS_ROLE_STARTED;
}

static gboolean cs_record_is_probe(const CsOpRecord *record)
{
    return record->interval_ms == 0 && g_strcmp0(record->operation, "monitor") == 0;
}

/* Pacemaker's pcmk_xe_mask_probe_failure(): a probe that found the agent
 * missing or misconfigured means "not running here". */
static gboolean cs_record_masked_probe(const CsOpReplay *history, const CsOpRecord *record)
{
    if (!cs_record_is_probe(record)) {
        return FALSE;
    }
    if (history->rsc != NULL && history->rsc->parent >= 0) {
        CsResource *top = cs_model_top(history->run->model, history->rsc);
        if (top->kind == CS_RSC_BUNDLE) {
            return FALSE;
        }
    }
    return record->rc_code == CS_OCF_NOT_INSTALLED || record->rc_code == CS_OCF_INVALID_PARAM
           || record->op_status == CS_EXEC_NOT_INSTALLED;
}

static CsOnFail cs_on_fail_parse(const char *text, gboolean *known)
{
    *known = TRUE;
    for (gsize i = 0; i < G_N_ELEMENTS(cs_on_fail_names); i++) {
        if (g_ascii_strcasecmp(text, cs_on_fail_names[i]) == 0) {
            return (CsOnFail)i;
        }
    }
    if (g_ascii_strcasecmp(text, "nothing") == 0) {
        return CS_ON_FAIL_IGNORE;
    }
    *known = FALSE;
    return CS_ON_FAIL_RECOVER;
}

/* The configured op a history entry belongs to (Pacemaker's
 * find_rsc_op_entry_helper() as custom_action() calls it: disabled ops
 * included): by name and interval; migrate_to and migrate_from fall back
 * to an op named "migrate". */
static CsOp *cs_history_config_op(const CsResource *rsc, const CsOpRecord *record)
{
    for (guint i = 0; i < rsc->ops->len; i++) {
        CsOp *op = g_ptr_array_index(rsc->ops, i);
        if (op->interval_ms == record->interval_ms
            && g_ascii_strcasecmp(op->name, record->operation) == 0) {
            return op;
        }
    }
    if (g_str_has_prefix(record->operation, "migrate")) {
        return cs_resource_find_op(rsc, "migrate", 0);
    }
    return NULL;
}

/* The on-fail value for a demote without one: the on-fail of an enabled
 * recurring monitor for the promoted role. */
static const char *cs_demote_on_fail(const CsResource *rsc)
{
    for (guint i = 0; i < rsc->ops->len; i++) {
        CsOp *op = g_ptr_array_index(rsc->ops, i);
        const char *on_fail = cs_xml_attr(op->xml, "on-fail");
        const char *enabled = cs_xml_attr(op->xml, "enabled");
        if (on_fail == NULL || (enabled != NULL && !cs_text_is_true(enabled))
            || g_ascii_strcasecmp(op->name, "monitor") != 0 || op->role != CS_ROLE_PROMOTED
            || op->interval_ms == 0 || g_ascii_strcasecmp(on_fail, "demote") == 0) {
            continue;
        }
        return on_fail;
    }
    return NULL;
}

/* The on-fail op_defaults give an operation the resource does not
 * configure: their rules see the recorded operation's name and interval
 * and the resource's agent (Pacemaker Explained 2.1, "Operation
 * Properties" and "Using Rules to Control Resource Options":
 * op_expression, rsc_expression).  Owned by the caller. */
static char *cs_history_default_on_fail(const CsModel *model, const CsResource *rsc,
                                        const CsOpRecord *record)
{
    g_autoptr(GHashTable) meta = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    CsRuleContext context;

    if (rsc == NULL)
        return g_strdup(g_hash_table_lookup(model->op_defaults, "on-fail"));
    cs_model_op_rule_context(model, rsc, record->operation, record->interval_ms, &context);
    cs_nvsets_unpack(model->document, cs_document_section(model->document, "op_defaults"),
                     "meta_attributes", &context, NULL, meta);
    return g_strdup(g_hash_table_lookup(meta, "on-fail"));
}

/* Pacemaker's unpack_operation() on-fail and fail role for a history
 * entry (Pacemaker Explained 2.1, "Operation Properties", on-fail and its defaults). */
static CsOnFail cs_history_on_fail(CsOpReplay *history, const CsOpRecord *record, CsRole *fail_role)
{
    CsModel *model = history->run->model;
    const CsResource *rsc = history->rsc;
    const char *task = record->operation;
    CsOp *op = rsc != NULL ? cs_history_config_op(rsc, record) : NULL;
    g_autofree char *default_on_fail =
        op != NULL ? NULL : cs_history_default_on_fail(model, rsc, record);
    const char *value = op != NULL ? g_hash_table_lookup(op->meta, "on-fail") : default_on_fail;
    gboolean known = TRUE;
    CsOnFail on_fail = CS_ON_FAIL_RECOVER;
    gboolean container = FALSE;

    *fail_role = CS_ROLE_UNKNOWN;
    if (rsc != NULL) {
        /* A filler (meta container) defaults to restart-container too:
         * corpus container-3, its failed stop is then ignored.  So does a
         * guest node's connection, whose container is the guest's
         * (checked with the oracle: a failed start or monitor of it
         * restarts the container, a failed stop is ignored; an on-fail
         * in op_defaults still comes first). */
        container = rsc->container >= 0;
        for (guint i = 0; i < model->resources->len && !container; i++) {
            CsResource *other = g_ptr_array_index(model->resources, i);
            container = other->is_remote_connection && other->container == rsc->index;
        }
    }
    if (value != NULL && g_ascii_strcasecmp(task, "stop") == 0
        && (g_ascii_strcasecmp(value, "standby") == 0 || g_ascii_strcasecmp(value, "stop") == 0
            || g_ascii_strcasecmp(value, "demote") == 0)) {
        /* Pacemaker 2.1.5 does not allow standby, stop or demote as the
         * on-fail of a stop and uses the default instead (Pacemaker
         * Explained 2.1, "Operation Properties"; checked with crm_simulate: a failed stop with
         * on-fail=stop fences its node, with on-fail=restart it does
         * not). */
        value = NULL;
    } else if (value == NULL && g_ascii_strcasecmp(task, "demote") == 0 && rsc != NULL) {
        value = cs_demote_on_fail(rsc);
    } else if (value != NULL && g_ascii_strcasecmp(value, "demote") == 0
               && g_ascii_strcasecmp(task, "promote") != 0
               && !(g_ascii_strcasecmp(task, "monitor") == 0 && op != NULL
                    && op->role == CS_ROLE_PROMOTED && op->interval_ms > 0)) {
        value = NULL;
    }
    if (value != NULL) {
        on_fail = cs_on_fail_parse(value, &known);
        if (g_ascii_strcasecmp(value, "restart-container") == 0 && !container) {
            known = FALSE;
        }
        if (on_fail == CS_ON_FAIL_FENCE && !model->options.stonith_enabled) {
            on_fail = CS_ON_FAIL_STOP;
        }
        if (on_fail == CS_ON_FAIL_STOP) {
            *fail_role = CS_ROLE_STOPPED;
        }
        if (!known) {
            value = NULL;
        }
    }
    gboolean managed = rsc == NULL || rsc->managed;
    if (value == NULL && container) {
        on_fail = CS_ON_FAIL_RESTART_CONTAINER;
    } else if ((value == NULL || !managed) && rsc != NULL && rsc->is_remote_connection
               && !cs_record_is_probe(record) && g_ascii_strcasecmp(task, "start") != 0) {
        if (!managed) {
            on_fail = CS_ON_FAIL_STOP;
            *fail_role = CS_ROLE_STOPPED;
        } else {
            on_fail = CS_ON_FAIL_RESET_REMOTE;
            if (rsc->remote_reconnect_ms > 0) {
                *fail_role = CS_ROLE_STOPPED;
            }
        }
    } else if (value == NULL && g_ascii_strcasecmp(task, "stop") == 0) {
        on_fail = model->options.stonith_enabled ? CS_ON_FAIL_FENCE : CS_ON_FAIL_BLOCK;
    } else if (value == NULL) {
        on_fail = CS_ON_FAIL_RECOVER;
    }
    if (*fail_role == CS_ROLE_UNKNOWN) {
        *fail_role =
            g_ascii_strcasecmp(task, "promote") == 0 ? CS_ROLE_UNPROMOTED : CS_ROLE_STARTED;
    }
    return on_fail;
}

static void cs_history_next_role(CsOpReplay *history, CsRole role)
{
    history->state->next_role = role;
}

/* Pacemaker's check_recoverable(): a failed stop that cannot be fenced
 * leaves the resource blocked. */
static void cs_history_check_recoverable(CsOpReplay *history, const CsOpRecord *record)
{
    if (g_strcmp0(record->operation, "stop") != 0
        || cs_can_fence(history->run->model, history->node)) {
        return;
    }
    history->managed = FALSE;
    history->state->blocked = TRUE;
}

/* Pacemaker's remap_operation(): what a result means given the expected
 * one; may change the role. */
static void cs_history_remap(CsOpReplay *history, const CsOpRecord *record, int *rc, int *status)
{
    gboolean probe = cs_record_is_probe(record);
    int target_rc = record->target_rc;

    if (g_strcmp0(record->operation, "monitor") == 0) {
        if (*rc == CS_OCF_DEGRADED) {
            *rc = CS_OCF_OK;
        } else if (*rc == CS_OCF_DEGRADED_PROMOTED) {
            *rc = CS_OCF_RUNNING_PROMOTED;
        }
    }
    if (cs_record_masked_probe(history, record)) {
        *status = CS_EXEC_DONE;
        *rc = CS_OCF_NOT_RUNNING;
    }
    if (*status != CS_EXEC_DONE && *status != CS_EXEC_ERROR) {
        return;
    }
    *status = CS_EXEC_DONE;
    if (target_rc < 0 || target_rc != *rc) {
        *status = CS_EXEC_ERROR;
    }
    switch (*rc) {
    case CS_OCF_OK:
        if (probe && target_rc == CS_OCF_NOT_RUNNING) {
            *status = CS_EXEC_DONE;
        }
        break;
    case CS_OCF_NOT_RUNNING:
        if (probe || target_rc == *rc || !history->managed) {
            *status = CS_EXEC_DONE;
            history->role = CS_ROLE_STOPPED;
            history->on_fail = CS_ON_FAIL_IGNORE;
            cs_history_next_role(history, CS_ROLE_UNKNOWN);
        }
        break;
    case CS_OCF_RUNNING_PROMOTED:
        if (probe && *rc != target_rc) {
            *status = CS_EXEC_DONE;
        }
        history->role = CS_ROLE_PROMOTED;
        break;
    case CS_OCF_DEGRADED_PROMOTED:
    case CS_OCF_FAILED_PROMOTED:
        history->role = CS_ROLE_PROMOTED;
        *status = CS_EXEC_ERROR;
        break;
    case CS_OCF_NOT_CONFIGURED: *status = CS_EXEC_ERROR_FATAL; break;
    case CS_OCF_UNIMPLEMENTED:
        if (record->interval_ms == 0) {
            cs_history_check_recoverable(history, record);
            *status = CS_EXEC_ERROR_HARD;
        } else {
            *status = CS_EXEC_NOT_SUPPORTED;
        }
        break;
    case CS_OCF_NOT_INSTALLED:
    case CS_OCF_INVALID_PARAM:
    case CS_OCF_INSUFFICIENT_PRIV:
        cs_history_check_recoverable(history, record);
        *status = CS_EXEC_ERROR_HARD;
        break;
    default:
        if (*status == CS_EXEC_DONE) {
            *status = CS_EXEC_ERROR;
        }
        break;
    }
}

/* Pacemaker's check_operation_expiry(): an entry older than
 * failure-timeout no longer counts, unless a fail count still does. */
static gboolean cs_history_expired(CsOpReplay *history, const CsOpRecord *record)
{
    CsModel *model = history->run->model;
    const CsResource *rsc = history->rsc;
    gboolean expired = FALSE;

    if (rsc == NULL || rsc->failure_timeout_s <= 0 || record->last_rc_change < 0) {
        return FALSE;
    }
    if (model->now.seconds >= record->last_rc_change + rsc->failure_timeout_s) {
        gboolean remote_wait = rsc->remote_reconnect_ms > 0 && model->options.stonith_enabled
                               && record->interval_ms != 0
                               && g_strcmp0(record->operation, "monitor") == 0;
        if (remote_wait && rsc->remote_node >= 0) {
            CsNode *remote = g_ptr_array_index(model->nodes, rsc->remote_node);
            remote_wait = !remote->remote_was_fenced;
        }
        expired = !remote_wait;
    }
    int unexpired = cs_op_fail_count(model, rsc, history->node, TRUE);
    gint64 recheck = record->last_rc_change + rsc->failure_timeout_s + 1;
    if (unexpired > 0 && model->now.seconds < recheck
        && (model->recheck_by == 0 || recheck < model->recheck_by)) {
        model->recheck_by = recheck;
    }
    if (expired && cs_op_fail_count(model, rsc, history->node, FALSE) > 0 && unexpired > 0) {
        expired = FALSE;
    }
    if (expired && cs_record_is_probe(record)) {
        switch (record->rc_code) {
        case CS_OCF_OK:
        case CS_OCF_NOT_RUNNING:
        case CS_OCF_RUNNING_PROMOTED:
        case CS_OCF_DEGRADED:
        case CS_OCF_DEGRADED_PROMOTED: expired = FALSE; break;
        default: break;
        }
    }
    return expired;
}

/* ---- migration --------------------------------------------------------- */

static xmlNode *cs_lrm_resource(const CsStatusRun *run, const char *uname, const char *rsc_id)
{
    g_autofree char *key = g_strconcat(uname, "\n", rsc_id, NULL);

    return g_hash_table_lookup(run->lrm_index, key);
}

/* Pacemaker's find_lrm_op(): the operation of rsc on a node, optionally
 * for a given migration peer and with a given successful result.  Only a
 * single match counts: a failed operation recorded twice (RSC_last_0 and
 * RSC_last_failure_0), or a probe beside a recurring monitor, is found
 * as none (checked with crm_simulate: a failed migrate_from recorded
 * twice leaves the migration partial, its source still preferred). */
static xmlNode *cs_find_lrm_op(const CsStatusRun *run, const char *rsc_id, const char *operation,
                               const char *uname, const char *peer, int target_rc)
{
    xmlNode *lrm = uname != NULL ? cs_lrm_resource(run, uname, rsc_id) : NULL;
    xmlNode *found = NULL;

    for (xmlNode *op = cs_xml_first_element(lrm); op != NULL; op = cs_xml_next_element(op)) {
        if (!cs_xml_is(op, "lrm_rsc_op")
            || g_strcmp0(cs_xml_attr(op, "operation"), operation) != 0) {
            continue;
        }
        if (peer != NULL && strcmp(operation, "migrate_to") == 0
            && g_strcmp0(cs_xml_attr(op, "migrate_target"), peer) != 0) {
            continue;
        }
        if (peer != NULL && strcmp(operation, "migrate_from") == 0
            && g_strcmp0(cs_xml_attr(op, "migrate_source"), peer) != 0) {
            continue;
        }
        if (found != NULL) {
            return NULL;
        }
        found = op;
    }
    if (found != NULL && target_rc >= 0
        && (cs_xml_int(found, "rc-code", 1) != target_rc
            || cs_xml_int(found, "op-status", 4) != CS_EXEC_DONE)) {
        return NULL;
    }
    return found;
}

static gboolean cs_op_newer_xml(xmlNode *a, xmlNode *b, gboolean same_node)
{
    CsOpRecord *left = cs_op_record_new(a);
    CsOpRecord *right = cs_op_record_new(b);
    int result = cs_op_newer(left, right, same_node);

    cs_op_record_destroy(left);
    cs_op_record_destroy(right);
    return result > 0;
}

/* Any start, stop or migration on the node newer than op; or a probe or
 * monitor there that found it stopped. */
static gboolean cs_newer_state(const CsStatusRun *run, const char *rsc_id, const char *uname,
                               xmlNode *op, gboolean same_node, gboolean monitors_too)
{
    xmlNode *lrm = uname != NULL ? cs_lrm_resource(run, uname, rsc_id) : NULL;

    for (xmlNode *other = cs_xml_first_element(lrm); other != NULL;
         other = cs_xml_next_element(other)) {
        const char *task = cs_xml_attr(other, "operation");
        if (other == op || !cs_xml_is(other, "lrm_rsc_op") || task == NULL) {
            continue;
        }
        gboolean relevant = strcmp(task, "start") == 0 || strcmp(task, "stop") == 0
                            || strcmp(task, "migrate_to") == 0 || strcmp(task, "migrate_from") == 0;
        if (relevant && cs_op_newer_xml(other, op, same_node)) {
            return TRUE;
        }
    }
    if (monitors_too) {
        xmlNode *monitor = cs_find_lrm_op(run, rsc_id, "monitor", uname, NULL, CS_OCF_NOT_RUNNING);
        return monitor != NULL && cs_op_newer_xml(monitor, op, same_node);
    }
    return FALSE;
}

static gboolean cs_newer_after_migrate(const CsStatusRun *run, const char *rsc_id,
                                       const char *uname, xmlNode *migrate_to,
                                       xmlNode *migrate_from)
{
    xmlNode *op = migrate_from != NULL ? migrate_from : migrate_to;
    const char *source = cs_xml_attr(op, "migrate_source");
    const char *target = cs_xml_attr(op, "migrate_target");
    gboolean same_node = FALSE;

    if (g_strcmp0(uname, target) == 0 && migrate_from != NULL) {
        op = migrate_from;
        same_node = TRUE;
    } else if (g_strcmp0(uname, target) == 0) {
        op = migrate_to;
    } else if (g_strcmp0(uname, source) == 0 && migrate_to != NULL) {
        op = migrate_to;
        same_node = TRUE;
    } else if (g_strcmp0(uname, source) == 0) {
        op = migrate_from;
    }
    return op != NULL && cs_newer_state(run, rsc_id, uname, op, same_node, TRUE);
}

/* Pacemaker's unknown_on_node() negated: some operation of rsc on the
 * node that is not pending (rc-code 193). */
static gboolean cs_known_on(const CsStatusRun *run, const char *rsc_id, const char *uname)
{
    xmlNode *lrm = cs_lrm_resource(run, uname, rsc_id);

    for (xmlNode *op = cs_xml_first_element(lrm); op != NULL; op = cs_xml_next_element(op)) {
        if (cs_xml_is(op, "lrm_rsc_op") && cs_xml_int(op, "rc-code", 0) != 193) {
            return TRUE;
        }
    }
    return FALSE;
}

static void cs_history_migrating(CsOpReplay *history, CsNode *source, CsNode *target)
{
    history->state->migrating = TRUE;
    history->state->migration_source = source != NULL ? source->index : -1;
    history->state->migration_target = target != NULL ? target->index : -1;
}

/* Pacemaker's unpack_migrate_to_success(). */
static void cs_history_migrate_to_done(CsOpReplay *history, const CsOpRecord *record)
{
    CsStatusRun *run = history->run;
    CsModel *model = run->model;
    const char *rsc_id = history->state->rsc_id;
    const char *source = record->migrate_source;
    const char *target = record->migrate_target;

    if (source == NULL || target == NULL || strcmp(source, history->node->uname) != 0) {
        return;
    }
    gboolean source_newer = cs_newer_state(run, rsc_id, source, record->xml, TRUE, FALSE);
    xmlNode *migrate_from = cs_find_lrm_op(run, rsc_id, "migrate_from", target, source, -1);
    if (source_newer && migrate_from != NULL) {
        return;
    }
    gboolean target_newer = cs_newer_after_migrate(run, rsc_id, target, record->xml, migrate_from);
    if (source_newer && target_newer) {
        return;
    }
    history->role = CS_ROLE_STARTED;
    CsNode *target_node = cs_model_node(model, target);
    CsNode *source_node = cs_model_node(model, source);
    int from_rc = migrate_from != NULL ? cs_xml_int(migrate_from, "rc-code", 1) : 0;
    int from_status = migrate_from != NULL ? cs_xml_int(migrate_from, "op-status", 0) : 0;

    if (migrate_from != NULL && from_rc == CS_OCF_OK && from_status == CS_EXEC_DONE) {
        history->role = CS_ROLE_STOPPED;
        history->state->dangling_migration = TRUE;
    } else if (migrate_from != NULL && from_status != CS_EXEC_PENDING) {
        if (!target_newer && target_node != NULL && target_node->online) {
            cs_history_migrating(history, NULL, target_node);
        } else {
            history->state->failed = TRUE;
            if (history->rsc != NULL) {
                run->rsc_failed[history->rsc->index] = TRUE;
            }
        }
    } else if (!target_newer && target_node != NULL && target_node->online
               && !cs_known_on(run, rsc_id, target)) {
        /* nothing known on the online target yet (it will be probed):
         * the resource is only where the migrate_to ran (checked with
         * crm_simulate: no second active node, stickiness counts; an
         * offline target still fails the migration) */
        history->state->migration_target_unknown = TRUE;
    } else if (!target_newer && target_node != NULL && target_node->online) {
        cs_history_migrating(
            history, source_node != NULL && source_node->online ? source_node : NULL, target_node);
    } else if (!source_newer) {
        history->state->failed = TRUE;
        if (history->rsc != NULL) {
            run->rsc_failed[history->rsc->index] = TRUE;
        }
    }
}

/* Pacemaker's unpack_migrate_to_failure() and unpack_migrate_from_failure(). */
static void cs_history_migration_failed(CsOpReplay *history, const CsOpRecord *record, gboolean to)
{
    CsStatusRun *run = history->run;
    const char *rsc_id = history->state->rsc_id;
    const char *source = record->migrate_source;
    const char *target = record->migrate_target;
    const char *peer = to ? target : source;

    if (source == NULL || target == NULL
        || strcmp(to ? source : target, history->node->uname) != 0) {
        return;
    }
    history->role = CS_ROLE_STARTED;
    xmlNode *peer_op = cs_find_lrm_op(run, rsc_id, to ? "migrate_from" : "migrate_to", peer,
                                      to ? source : target, CS_OCF_OK);
    gboolean known = cs_known_on(run, rsc_id, peer);
    gboolean newer = to ? cs_newer_after_migrate(run, rsc_id, target, record->xml, peer_op)
                        : cs_newer_after_migrate(run, rsc_id, source, peer_op, record->xml);
    if (known && !newer) {
        CsNode *peer_node = cs_model_node(run->model, peer);
        if (peer_node != NULL && peer_node->online) {
            cs_history_migrating(history, to ? NULL : peer_node, to ? peer_node : NULL);
        }
    } else if (to && !cs_newer_state(run, rsc_id, source, record->xml, TRUE, FALSE)) {
        history->state->dangling_migration = TRUE;
    }
}

/* ---- applying results -------------------------------------------------- */

static void cs_history_clear_failure(CsOpReplay *history)
{
    switch (history->on_fail) {
    case CS_ON_FAIL_STOP:
    case CS_ON_FAIL_FENCE:
    case CS_ON_FAIL_MIGRATE:
    case CS_ON_FAIL_STANDBY: break; /* not cleared by a later success */
    case CS_ON_FAIL_RESET_REMOTE:
        if (history->rsc == NULL || history->rsc->remote_reconnect_ms == 0) {
            history->on_fail = CS_ON_FAIL_IGNORE;
            cs_history_next_role(history, CS_ROLE_UNKNOWN);
        }
        break;
    default:
        history->on_fail = CS_ON_FAIL_IGNORE;
        cs_history_next_role(history, CS_ROLE_UNKNOWN);
        break;
    }
}

/* Pacemaker's update_resource_state(): the role a successful result
 * implies. */
static void cs_history_update(CsOpReplay *history, const CsOpRecord *record, int rc)
{
    const char *task = record->operation;
    gboolean clear = FALSE;

    if (rc == CS_OCF_NOT_INSTALLED || cs_record_masked_probe(history, record)) {
        history->role = CS_ROLE_STOPPED;
    } else if (rc == CS_OCF_NOT_RUNNING) {
        clear = TRUE;
    } else if (strcmp(task, "monitor") == 0) {
        /* an op without operation_key (a fuzz finding) matches nothing */
        if (history->last_failure != NULL && record->operation_key != NULL
            && history->last_failure->operation_key != NULL
            && g_ascii_strcasecmp(record->operation_key, history->last_failure->operation_key)
                   == 0) {
            clear = TRUE;
        }
        if (history->role < CS_ROLE_STARTED) {
            cs_history_set_active(history);
        }
    } else if (strcmp(task, "start") == 0 || strcmp(task, "migrate_from") == 0) {
        history->role = CS_ROLE_STARTED;
        clear = TRUE;
    } else if (strcmp(task, "stop") == 0) {
        history->role = CS_ROLE_STOPPED;
        clear = TRUE;
    } else if (strcmp(task, "promote") == 0) {
        history->role = CS_ROLE_PROMOTED;
        clear = TRUE;
    } else if (strcmp(task, "demote") == 0) {
        clear = history->on_fail == CS_ON_FAIL_DEMOTE;
        history->role = CS_ROLE_UNPROMOTED;
    } else if (strcmp(task, "migrate_to") == 0) {
        cs_history_migrate_to_done(history, record);
    } else if (history->role < CS_ROLE_STARTED) {
        cs_history_set_active(history);
    }
    if (clear) {
        cs_history_clear_failure(history);
    }
}

static int cs_history_ban_target(const CsOpReplay *history)
{
    return history->ban_target;
}

/* Pacemaker's unpack_rsc_op_failure(). */
static void cs_history_failed(CsOpReplay *history, CsOpRecord *record, int rc)
{
    CsModel *model = history->run->model;
    const char *task = record->operation;
    CsRole fail_role;
    CsOnFail on_fail = cs_history_on_fail(history, record, &fail_role);

    history->last_failure = record;
    if (on_fail > history->on_fail) {
        history->on_fail = on_fail;
    }
    if (strcmp(task, "stop") == 0) {
        if (history->rsc != NULL) {
            cs_ban(model, history->rsc->index, history->node->index, "__stop_fail__");
        }
    } else if (strcmp(task, "migrate_to") == 0) {
        cs_history_migration_failed(history, record, TRUE);
    } else if (strcmp(task, "migrate_from") == 0) {
        cs_history_migration_failed(history, record, FALSE);
    } else if (strcmp(task, "promote") == 0) {
        history->role = CS_ROLE_PROMOTED;
    } else if (strcmp(task, "demote") == 0) {
        if (on_fail == CS_ON_FAIL_BLOCK) {
            history->role = CS_ROLE_PROMOTED;
            cs_history_next_role(history, CS_ROLE_STOPPED);
        } else if (rc == CS_OCF_NOT_RUNNING) {
            history->role = CS_ROLE_STOPPED;
        } else {
            history->role = CS_ROLE_UNPROMOTED;
        }
    }
    if (cs_record_is_probe(record) && rc == CS_OCF_NOT_INSTALLED) {
        history->role = CS_ROLE_STOPPED;
    } else if (history->role < CS_ROLE_STARTED) {
        cs_history_set_active(history);
    }
    if (fail_role != CS_ROLE_STARTED && history->state->next_role < fail_role) {
        cs_history_next_role(history, fail_role);
    }
    if (fail_role == CS_ROLE_STOPPED && history->rsc != NULL) {
        CsResource *banned = history->rsc;
        CsResource *top = cs_model_top(model, banned);
        if (top->kind == CS_RSC_CLONE && !top->globally_unique) {
            banned = top;
        }
        guint history_index = 0;

        cs_ban(model, banned->index, -1, "on-fail=stop");
        if (g_ptr_array_find(model->rsc_states, history->state, &history_index)) {
            CsStatusBan *ban = g_ptr_array_index(model->status_bans, model->status_bans->len - 1);
            ban->history = (int)history_index;
        }
    }
}

static void cs_history_op(CsOpReplay *history, CsOpRecord *record)
{
    CsModel *model = history->run->model;
    const char *task = record->operation;
    int rc = record->rc_code;
    int status = record->op_status;

    if (task == NULL || status < CS_EXEC_PENDING || status > CS_EXEC_NO_SECRETS
        || strcmp(task, "notify") == 0 || strcmp(task, "meta-data") == 0) {
        return;
    }
    gboolean expired = status != CS_EXEC_NOT_INSTALLED && cs_history_expired(history, record);
    record->expired = expired;
    cs_history_remap(history, record, &rc, &status);
    gboolean masked = cs_record_masked_probe(history, record);

    if (expired && masked && record->rc_code != record->target_rc) {
        if (history->role <= CS_ROLE_STOPPED) {
            history->role = CS_ROLE_UNKNOWN;
        }
        return;
    }
    if (expired && rc != record->target_rc
        && (record->interval_ms == 0 || (history->node->online && !history->node->unclean))) {
        return; /* an expired failure is ignored (monitors are rescheduled) */
    }
    if (masked) {
        cs_history_update(history, record, record->target_rc);
        cs_ban(model, cs_history_ban_target(history), history->node->index, "masked-probe-failure");
        return;
    }
    switch (status) {
    case CS_EXEC_CANCELLED: return;
    case CS_EXEC_PENDING:
        if (strcmp(task, "start") == 0) {
            cs_history_set_active(history);
        } else if (strcmp(task, "promote") == 0) {
            history->role = CS_ROLE_PROMOTED;
        }
        history->state->pending = TRUE;
        if (history->state->pending_task == NULL
            && (record->interval_ms != 0 || strcmp(task, "monitor") != 0)) {
            history->state->pending_task = g_strdup(task);
        }
        return;
    case CS_EXEC_DONE: cs_history_update(history, record, rc); return;
    case CS_EXEC_NOT_INSTALLED: {
        CsRole fail_role;
        if (cs_history_on_fail(history, record, &fail_role) == CS_ON_FAIL_IGNORE) {
            history->on_fail = MAX(history->on_fail, CS_ON_FAIL_MIGRATE);
        }
        cs_ban(model, cs_history_ban_target(history), history->node->index, "hard-error");
        cs_history_failed(history, record, rc);
        return;
    }
    case CS_EXEC_NO_FENCE_DEVICE:
    case CS_EXEC_NO_SECRETS: status = CS_EXEC_ERROR_HARD; break;
    default: break;
    }
    CsRole fail_role;
    CsOnFail strategy = cs_history_on_fail(history, record, &fail_role);
    if (strategy == CS_ON_FAIL_IGNORE
        || (strategy == CS_ON_FAIL_RESTART_CONTAINER && strcmp(task, "stop") == 0)) {
        cs_history_update(history, record, record->target_rc);
        history->state->failure_ignored = TRUE;
        if (strategy == CS_ON_FAIL_RESTART_CONTAINER && history->on_fail <= CS_ON_FAIL_RECOVER) {
            history->on_fail = strategy;
        }
        return;
    }
    cs_history_failed(history, record, rc);
    if (status == CS_EXEC_ERROR_HARD) {
        cs_ban(model, cs_history_ban_target(history), history->node->index, "hard-error");
    } else if (status == CS_EXEC_ERROR_FATAL) {
        cs_ban(model, cs_history_ban_target(history), -1, "fatal-error");
    }
}

/* A failure to recover asks for a stop as soon as the history is read
 * (Pacemaker Explained 2.1, "Resource Operations": on-fail restart,
 * restart-container, reset-remote).  On a node that is down that stop
 * cannot run, and a managed resource's stop that cannot run leaves the
 * node unclean, fencing enabled or not, so it takes nothing in this
 * transition (checked with crm_simulate 2.1.5, gen_remote.py seed
 * 1175872: with stonith-enabled=false, a remote node whose connection
 * failed and where a resource failed is "UNCLEAN (offline)" and no
 * resource is placed there as the connection recovers; where the
 * resource only ran, it stays "OFFLINE" and takes resources).  Guest
 * nodes are fenced by their container above. */
static void cs_history_stop_unrunnable(CsOpReplay *history, gboolean managed)
{
    CsNode *node = history->node;

    if (!managed || node->online || node->unclean || node->type == CS_NODE_GUEST
        || node->bundle_guest)
        return;
    cs_fence_node(history->run, node);
}

/* Which resource the failure asks to stop now, and whether it is
 * managed: the resource itself while active, or the container of a
 * filler (restart-container outside a bundle); nothing otherwise. */
static void cs_history_recovery_stop(CsOpReplay *history, CsOnFail on_fail)
{
    const CsModel *model = history->run->model;
    gboolean active = history->role > CS_ROLE_STOPPED;
    const CsResource *rsc = history->rsc;

    if (on_fail == CS_ON_FAIL_RESTART_CONTAINER && rsc != NULL && rsc->container >= 0) {
        const CsResource *container = g_ptr_array_index(model->resources, rsc->container);
        gboolean managed = container->managed && !history->run->rsc_unmanaged[container->index];

        if (container->kind == CS_RSC_PRIMITIVE && cs_model_top(model, rsc)->kind != CS_RSC_BUNDLE)
            cs_history_stop_unrunnable(history, managed);
        return;
    }
    if (active)
        cs_history_stop_unrunnable(history, history->managed);
}

/* Pacemaker's process_rsc_state(): what the final role and on-fail mean
 * for the node and the resource. */
static void cs_history_consequences(CsOpReplay *history)
{
    CsStatusRun *run = history->run;
    CsModel *model = run->model;
    CsNode *node = history->node;
    CsRscState *state = history->state;
    CsOnFail on_fail = history->on_fail;

    if (history->role > CS_ROLE_STOPPED && !node->online && !node->maintenance
        && history->managed) {
        if (node->type == CS_NODE_GUEST) {
            state->failed = TRUE;
            cs_fence_node(run, node);
        } else if (model->options.stonith_enabled) {
            if (node->type == CS_NODE_REMOTE && node->remote_rsc >= 0
                && !run->rsc_failed[node->remote_rsc]) {
                node->unseen = TRUE;
            }
            cs_fence_node(run, node);
        }
    }
    if (on_fail != CS_ON_FAIL_IGNORE) {
        state->on_fail_applied = g_strdup(cs_on_fail_names[on_fail]);
    }
    if (node->unclean) {
        on_fail = CS_ON_FAIL_IGNORE;
    }
    switch (on_fail) {
    case CS_ON_FAIL_DEMOTE: state->failed = TRUE; break;
    case CS_ON_FAIL_FENCE: cs_fence_node(run, node); break;
    case CS_ON_FAIL_STANDBY:
        node->standby = TRUE;
        node->standby_onfail = TRUE;
        break;
    case CS_ON_FAIL_BLOCK:
        history->managed = FALSE;
        state->blocked = TRUE;
        break;
    case CS_ON_FAIL_MIGRATE:
        if (history->rsc != NULL) {
            cs_ban(model, history->rsc->index, node->index, "__action_migration_auto__");
        }
        break;
    case CS_ON_FAIL_STOP: cs_history_next_role(history, CS_ROLE_STOPPED); break;
    case CS_ON_FAIL_RECOVER:
    case CS_ON_FAIL_RESTART_CONTAINER:
    case CS_ON_FAIL_RESET_REMOTE:
        if (history->role != CS_ROLE_STOPPED && history->role != CS_ROLE_UNKNOWN) {
            state->failed = TRUE;
        }
        cs_history_recovery_stop(history, on_fail);
        if (on_fail == CS_ON_FAIL_RESET_REMOTE && history->rsc != NULL
            && model->options.stonith_enabled && history->rsc->remote_node >= 0) {
            CsNode *remote = g_ptr_array_index(model->nodes, history->rsc->remote_node);
            if (remote->type == CS_NODE_REMOTE && !remote->remote_was_fenced) {
                cs_fence_node(run, remote);
            }
        }
        if (on_fail == CS_ON_FAIL_RESET_REMOTE && history->rsc != NULL
            && history->rsc->remote_reconnect_ms > 0) {
            cs_history_next_role(history, CS_ROLE_STOPPED);
        }
        break;
    case CS_ON_FAIL_IGNORE: break;
    }
    if (history->role != CS_ROLE_STOPPED && history->role != CS_ROLE_UNKNOWN
        && on_fail != CS_ON_FAIL_IGNORE) {
        state->failed = TRUE;
    }
    if (state->failed && history->rsc != NULL) {
        run->rsc_failed[history->rsc->index] = TRUE;
    }
    if (!history->managed) {
        state->blocked = state->blocked || on_fail == CS_ON_FAIL_BLOCK;
    }
}

/* A partial migration counts the resource active on its target too
 * (Pacemaker Explained 2.1, "Migrating Resources"): a target in
 * maintenance leaves it unmanaged (checked with crm_simulate 2.1.5: a
 * remote connection half migrated to a node put in maintenance puts its
 * remote node in maintenance, the resources there pinned at INFINITY). */
static gboolean cs_history_migration_target_in_maintenance(const CsOpReplay *history)
{
    const CsRscState *state = history->state;
    if (!state->migrating || state->migration_target < 0) {
        return FALSE;
    }
    const CsNode *target = g_ptr_array_index(history->run->model->nodes, state->migration_target);
    return target->maintenance;
}

/* A resource stops being managed for the histories read after this one
 * when this one left it active on a node in maintenance, or blocked by
 * on-fail=block (Pacemaker Explained 2.1, "Maintenance Mode" and
 * "Resource Operations" on-fail): their failed start, for one, then
 * means not running rather than a failure to recover. */
static void cs_history_keep_unmanaged(const CsOpReplay *history)
{
    /* A clone's histories belong to distinct instances, each with its
     * own flag (one in maintenance leaves another managed). */
    if (history->rsc == NULL
        || cs_model_top(history->run->model, history->rsc)->kind == CS_RSC_CLONE) {
        return;
    }
    if (!history->managed || (history->role > CS_ROLE_STOPPED && history->node->maintenance)
        || cs_history_migration_target_in_maintenance(history)) {
        history->run->rsc_unmanaged[history->rsc->index] = TRUE;
    }
}

/* ---- one resource history ---------------------------------------------- */

/* Pacemaker 2.1.5's pcmk__rsc_agent_changed(): the agent a history was
 * recorded with (standard, provider, type of <lrm_resource>) against the
 * configured one; a changed agent restarts the resource where it is active
 * (Pacemaker Explained 2.1, "Resource properties": the class, provider
 * and type define the agent). */
static gboolean cs_agent_changed(const CsResource *rsc, xmlNode *lrm_resource)
{
    return g_strcmp0(rsc->rsc_class, cs_xml_attr(lrm_resource, "class")) != 0
           || g_strcmp0(rsc->provider, cs_xml_attr(lrm_resource, "provider")) != 0
           || g_strcmp0(rsc->type, cs_xml_attr(lrm_resource, "type")) != 0;
}

/* Whether history was read from lrm_resource as it is: each of its
 * operations one of the records (which never change once read). */
static gboolean cs_history_still(const GPtrArray *history, const xmlNode *lrm_resource)
{
    guint ops = 0;

    for (xmlNode *op = cs_xml_first_element(lrm_resource); op != NULL;
         op = cs_xml_next_element(op)) {
        if (!cs_xml_is(op, "lrm_rsc_op")) {
            continue;
        }
        gboolean found = FALSE;
        for (guint i = 0; i < history->len && !found; i++) {
            found = ((const CsOpRecord *)g_ptr_array_index(history, i))->xml == op;
        }
        if (!found) {
            return FALSE;
        }
        ops++;
    }
    return ops == history->len;
}

/* The records of lrm_resource's operations in Pacemaker's order (a new
 * reference), or NULL when it has none: those an earlier model read,
 * shared, when the operations are the same elements. */
static GPtrArray *cs_lrm_records(const CsStatusRun *run, xmlNode *lrm_resource)
{
    GPtrArray *earlier = run->earlier != NULL ? g_hash_table_lookup(run->earlier, lrm_resource)
                                              : NULL;
    GList *records = NULL;

    if (earlier != NULL && cs_history_still(earlier, lrm_resource)) {
        return g_ptr_array_ref(earlier);
    }
    for (xmlNode *op = cs_xml_first_element(lrm_resource); op != NULL;
         op = cs_xml_next_element(op)) {
        if (cs_xml_is(op, "lrm_rsc_op")) {
            records = g_list_prepend(records, cs_op_record_new(op));
        }
    }
    if (records == NULL) {
        return NULL;
    }
    records = g_list_sort(records, cs_op_compare);
    GPtrArray *history = g_ptr_array_new_with_free_func(cs_op_record_destroy);
    for (GList *item = records; item != NULL; item = item->next) {
        g_ptr_array_add(history, item->data);
    }
    g_list_free(records);
    return history;
}

static void cs_lrm_resource_unpack(CsStatusRun *run, CsNode *node, xmlNode *lrm_resource)
{
    CsModel *model = run->model;
    const char *rsc_id = cs_xml_attr(lrm_resource, "id");
    int instance;

    if (rsc_id == NULL) {
        return;
    }
    GPtrArray *records = cs_lrm_records(run, lrm_resource);
    if (records == NULL) {
        return;
    }
    CsResource *rsc = cs_history_rsc(model, rsc_id, &instance);
    if (rsc != NULL && rsc->kind != CS_RSC_PRIMITIVE) {
        rsc = NULL; /* no longer a primitive: an orphan */
    }
    CsRscState *state = g_new0(CsRscState, 1);
    state->rsc = rsc != NULL ? rsc->index : -1;
    state->rsc_id = g_strdup(rsc_id);
    state->node = node->index;
    state->agent_changed = rsc != NULL && cs_agent_changed(rsc, lrm_resource);
    state->instance = instance;
    state->migration_source = -1;
    state->migration_target = -1;
    state->history = records;
    g_ptr_array_add(model->rsc_states, state);

    /* An orphan stays managed (to be stopped) unless stop-orphan-resources
     * is off; a resource an earlier history made unmanaged stays so. */
    CsOpReplay history = {run,
                          state,
                          rsc,
                          node,
                          CS_ROLE_UNKNOWN,
                          CS_ON_FAIL_IGNORE,
                          NULL,
                          rsc != NULL ? rsc->managed && !run->rsc_unmanaged[rsc->index]
                                      : model->options.stop_orphan_resources,
                          -1};
    if (rsc != NULL) {
        CsResource *top = cs_model_top(model, rsc);
        history.ban_target =
            (top->kind == CS_RSC_CLONE && !top->globally_unique) ? top->index : rsc->index;
    }
    for (guint i = 0; i < records->len; i++) {
        cs_history_op(&history, g_ptr_array_index(records, i));
    }
    cs_history_consequences(&history);
    cs_history_keep_unmanaged(&history);
    state->role = history.role == CS_ROLE_UNKNOWN ? CS_ROLE_STOPPED : history.role;
    state->last_failure = history.last_failure;
    if (rsc != NULL && history.role > run->rsc_role[rsc->index]) {
        run->rsc_role[rsc->index] = history.role;
    }
    if (rsc != NULL && run->rsc_role[rsc->index] == CS_ROLE_UNKNOWN) {
        run->rsc_role[rsc->index] = CS_ROLE_STOPPED;
    }
}

static void cs_node_lrm_unpack(CsStatusRun *run, CsNode *node)
{
    xmlNode *lrm = cs_child(node->state_xml, "lrm");
    xmlNode *resources = cs_child(lrm, "lrm_resources");

    for (xmlNode *entry = cs_xml_first_element(resources); entry != NULL;
         entry = cs_xml_next_element(entry)) {
        if (cs_xml_is(entry, "lrm_resource")) {
            cs_lrm_resource_unpack(run, node, entry);
        }
    }
}

/* A bundle replica's guest node: the highest role of the replica's
 * connection (named as the node) or container (NAME-RUNTIME-N) in the
 * histories read so far; failed tells whether one of them failed, host
 * (when not NULL) where it is active. */
static CsRole cs_bundle_replica_role(const CsModel *model, const CsNode *node, gboolean container,
                                     gboolean *failed, const CsNode **host)
{
    g_autofree char *id = cs_bundle_replica_id(model, node, container);
    CsRole role = CS_ROLE_STOPPED;

    for (guint i = 0; id != NULL && i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc >= 0 || strcmp(state->rsc_id, id) != 0)
            continue;
        role = MAX(role, state->role);
        *failed = *failed || state->failed;
        if (host != NULL && *host == NULL && state->role >= CS_ROLE_STARTED)
            *host = g_ptr_array_index(model->nodes, state->node);
    }
    return role;
}

/* Pacemaker's determine_remote_online_status() for a bundle replica's
 * guest node, whose connection and container the engine makes, as
 * cs_remote_determine_online() judges a guest the model knows: up when
 * the connection is started, down when it or its container failed (a
 * failed container asking for a reset), is stopped, or runs on a node
 * that left unclean while its container is active (Pacemaker Explained
 * 2.1, "Guest Nodes"; with the container stopped or never seen the guest
 * is only down, not fenced: checked with the oracle, gen_bundle.py seed
 * 1320291, tests/data/bundle guest-host-lost-container-*). */
static void cs_bundle_guest_determine_online(CsStatusRun *run, CsNode *node)
{
    gboolean connection_failed = FALSE, container_failed = FALSE;
    const CsNode *host = NULL;
    CsRole connection = cs_bundle_replica_role(run->model, node, FALSE, &connection_failed, &host);
    CsRole container = cs_bundle_replica_role(run->model, node, TRUE, &container_failed, NULL);

    if (connection == CS_ROLE_STARTED) {
        node->online = TRUE;
    }
    if (container_failed) {
        node->online = FALSE;
        node->remote_requires_reset = TRUE;
    } else if (connection_failed) {
        node->online = FALSE;
    } else if (connection == CS_ROLE_STOPPED || container == CS_ROLE_STOPPED) {
        node->online = FALSE;
        node->remote_requires_reset = FALSE;
    } else if (host != NULL && !host->online && host->unclean && container >= CS_ROLE_STARTED) {
        node->online = FALSE;
        node->remote_requires_reset = TRUE;
    }
}

/* Whether a bundle replica's guest node's history can be read: its
 * connection and its container are started. */
static gboolean cs_bundle_guest_readable(const CsStatusRun *run, const CsNode *node)
{
    gboolean failed = FALSE;

    return cs_bundle_replica_role(run->model, node, FALSE, &failed, NULL) == CS_ROLE_STARTED
           && cs_bundle_replica_role(run->model, node, TRUE, &failed, NULL) == CS_ROLE_STARTED;
}

/* Pacemaker's unpack_node_history(): cluster nodes first (offline ones
 * only when fencing or shutdown locks need them), remote nodes once their
 * connection is known to be up, guests once connection and container are;
 * with fence, every node not read yet. */
static gboolean cs_histories_pass(CsStatusRun *run, xmlNode *status, gboolean fence)
{
    CsModel *model = run->model;
    gboolean progress = FALSE;

    for (xmlNode *xml = cs_xml_first_element(status); xml != NULL; xml = cs_xml_next_element(xml)) {
        CsNode *node = cs_xml_is(xml, "node_state") ? cs_state_node(model, xml) : NULL;
        if (node == NULL || node->state_xml != xml || run->unpacked[node->index]) {
            continue;
        }
        guint i = (guint)node->index;
        CsResource *connection =
            node->remote_rsc >= 0 ? g_ptr_array_index(model->resources, node->remote_rsc) : NULL;
        if (fence) {
            /* every remaining node */
        } else if (node->bundle_guest) {
            if (!cs_bundle_guest_readable(run, node)) {
                continue;
            }
        } else if (node->type == CS_NODE_GUEST) {
            if (connection == NULL || run->rsc_role[connection->index] != CS_ROLE_STARTED
                || connection->container < 0
                || run->rsc_role[connection->container] != CS_ROLE_STARTED) {
                continue;
            }
        } else if (node->type == CS_NODE_REMOTE) {
            if (connection == NULL
                || (!model->options.shutdown_lock
                    && run->rsc_role[connection->index] != CS_ROLE_STARTED)) {
                continue;
            }
        } else if (!model->options.stonith_enabled && !model->options.shutdown_lock
                   && !node->online) {
            continue;
        }
        if (node->bundle_guest) {
            cs_bundle_guest_determine_online(run, node);
            cs_remote_attrs_unpack(run, node);
        } else if (node->type == CS_NODE_REMOTE || node->type == CS_NODE_GUEST) {
            cs_remote_determine_online(run, node);
            cs_remote_attrs_unpack(run, node);
        }
        run->unpacked[i] = TRUE;
        cs_node_lrm_unpack(run, node);
        progress = TRUE;
    }
    return progress;
}

/* The node_state order is the document's; histories are read in it. */
static void cs_histories_unpack(CsStatusRun *run, xmlNode *status)
{
    while (cs_histories_pass(run, status, FALSE)) {
    }
    cs_histories_pass(run, status, run->model->options.stonith_enabled);
    for (guint i = 0; i < run->model->nodes->len; i++) {
        CsNode *node = g_ptr_array_index(run->model->nodes, i);
        if (node->bundle_guest && !run->unpacked[i]) {
            cs_bundle_guest_determine_online(run, node);
        } else if ((node->type == CS_NODE_REMOTE || node->type == CS_NODE_GUEST)
                   && !run->unpacked[i]) {
            cs_remote_determine_online(run, node);
        }
    }
}

static void cs_lrm_index_build(CsStatusRun *run, xmlNode *status)
{
    for (xmlNode *state = cs_xml_first_element(status); state != NULL;
         state = cs_xml_next_element(state)) {
        const char *uname = cs_xml_attr(state, "uname");
        xmlNode *resources = cs_child(cs_child(state, "lrm"), "lrm_resources");
        if (!cs_xml_is(state, "node_state") || uname == NULL) {
            continue;
        }
        for (xmlNode *entry = cs_xml_first_element(resources); entry != NULL;
             entry = cs_xml_next_element(entry)) {
            const char *rsc_id = cs_xml_attr(entry, "id");
            if (!cs_xml_is(entry, "lrm_resource") || rsc_id == NULL) {
                continue;
            }
            char *key = g_strconcat(uname, "\n", rsc_id, NULL);
            if (g_hash_table_contains(run->lrm_index, key)) {
                g_free(key);
            } else {
                g_hash_table_insert(run->lrm_index, key, entry);
            }
        }
    }
}

static void cs_tickets_state_unpack(CsModel *model, xmlNode *tickets)
{
    for (xmlNode *xml = cs_xml_first_element(tickets); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        const char *id = cs_xml_attr(xml, "id");
        if (!cs_xml_is(xml, "ticket_state") || id == NULL || *id == '\0') {
            continue;
        }
        CsTicket *ticket = cs_model_ticket(model, id);
        ticket->granted = cs_text_is_true(cs_xml_attr(xml, "granted"));
        const char *last = cs_xml_attr(xml, "last-granted");
        if (last != NULL) {
            ticket->last_granted = g_ascii_strtoll(last, NULL, 10);
        }
        ticket->standby = cs_text_is_true(cs_xml_attr(xml, "standby"));
    }
}

void cs_model_unpack_ticket_states(CsModel *model)
{
    xmlNode *status = cs_document_section(model->document, "status");

    for (xmlNode *xml = cs_xml_first_element(status); xml != NULL; xml = cs_xml_next_element(xml)) {
        if (cs_xml_is(xml, "tickets")) {
            cs_tickets_state_unpack(model, xml);
        }
    }
}

/* A resource inside a clone (or a bundle, whose resource inside runs as
 * a clone's instances, Pacemaker Explained 2.1, "Bundles"): Pacemaker
 * gives each instance a resource object of its own, so a failure marks
 * only the instance whose history shows it, never the instances active
 * elsewhere. */
static gboolean cs_status_in_clone(const CsModel *model, int rsc)
{
    for (int up = rsc; up >= 0;
         up = ((const CsResource *)g_ptr_array_index(model->resources, up))->parent) {
        CsRscKind kind = ((const CsResource *)g_ptr_array_index(model->resources, up))->kind;
        if (kind == CS_RSC_CLONE || kind == CS_RSC_BUNDLE) {
            return TRUE;
        }
    }
    return FALSE;
}

/* ---- histories taken over -----------------------------------------------
 * An edit of <nodes> alone (standby, a node attribute), or of transient
 * attributes alone (a fail count set or cleared, last-failure, any other
 * transient node attribute), changes what the node_state pass derives
 * from node attributes, rarely anything the histories read.  When every
 * node comes out of that pass as it did for the previous model (all its
 * flags, standby aside, which no history reads), and the fail counts the histories read are the same,
 * reading the histories again would give what they gave then: their
 * resource states, bans, warnings, features, recheck time and what they
 * did to the nodes are taken over.  check_session compares every such
 * edit with a model built from scratch. */

static guint32 cs_node_pre_history(const CsNode *node)
{
    /* Maintenance counts on every node: an active resource there needs
     * no fencing, and it is unmanaged for the histories read after. */
    const gboolean flags[] = {
        node->online,
        node->unclean,
        node->pending,
        node->shutdown,
        node->expected_up,
        node->maintenance,
        node->is_dc,
        node->has_state,
        node->unseen,
        node->rsc_discovery_enabled,
        node->remote_was_fenced,
        node->remote_requires_reset,
        node->remote_maintenance,
    };
    guint32 packed = (guint32)node->type << 24;

    for (guint i = 0; i < G_N_ELEMENTS(flags); i++) {
        packed |= (flags[i] ? 1u : 0u) << i;
    }
    return packed;
}

/* Whether reading the histories reads this fail count: only to expire a
 * failure of a resource with a failure-timeout (cs_history_expired,
 * Pacemaker's check_operation_expiry(); Pacemaker Explained 2.1, "Resource Meta-Attributes"
 * failure-timeout).  Every other fail count is read by the solve alone
 * (migration-threshold, cs_model_fail_count), from this model's own. */
static gboolean cs_fail_count_read_by_histories(const CsModel *model, const CsFailCount *fail_count)
{
    if (fail_count->rsc < 0) {
        return FALSE; /* an orphan's: no history's resource */
    }
    const CsResource *rsc = g_ptr_array_index(model->resources, fail_count->rsc);
    return rsc->failure_timeout_s > 0;
}

static gboolean cs_fail_count_equal(const CsFailCount *now, const CsFailCount *then)
{
    return now->rsc == then->rsc && now->node == then->node && now->count == then->count
           && now->interval_ms == then->interval_ms && now->last_failure == then->last_failure
           && g_strcmp0(now->rsc_id, then->rsc_id) == 0
           && g_strcmp0(now->operation, then->operation) == 0;
}

/* The index of model's next fail count from i on, among those the
 * histories read when read_only (all of them otherwise); len at the end. */
static guint cs_next_fail_count(const CsModel *model, guint i, gboolean read_only)
{
    while (i < model->fail_counts->len && read_only
           && !cs_fail_count_read_by_histories(model, g_ptr_array_index(model->fail_counts, i))) {
        i++;
    }
    return i;
}

/* The same fail counts in the same order: all of them, or (read_only)
 * those the histories read. */
static gboolean cs_same_fail_counts(const CsModel *model, const CsModel *previous,
                                    gboolean read_only)
{
    guint i = cs_next_fail_count(model, 0, read_only);
    guint j = cs_next_fail_count(previous, 0, read_only);

    while (i < model->fail_counts->len && j < previous->fail_counts->len) {
        if (!cs_fail_count_equal(g_ptr_array_index(model->fail_counts, i),
                                 g_ptr_array_index(previous->fail_counts, j))) {
            return FALSE;
        }
        i = cs_next_fail_count(model, i + 1, read_only);
        j = cs_next_fail_count(previous, j + 1, read_only);
    }
    return i == model->fail_counts->len && j == previous->fail_counts->len;
}

/* previous's nodes are model's, each read from the same node_state
 * element: what previous read of their histories holds for model. */
static gboolean cs_same_node_states(const CsModel *model, const CsModel *previous)
{
    if (!previous->plain_nodes || model->nodes->len != previous->nodes->len) {
        return FALSE;
    }
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        const CsNode *before = g_ptr_array_index(previous->nodes, i);
        if (node->pre_history != before->pre_history || node->state_xml != before->state_xml) {
            return FALSE;
        }
    }
    return TRUE;
}

static gboolean cs_histories_reusable(const CsModel *model, const CsModel *previous)
{
    if (previous == NULL || model->resources->len != previous->resources->len
        || !cs_same_node_states(model, previous)) {
        return FALSE;
    }
    return cs_same_fail_counts(model, previous, TRUE);
}

/* The arrays and their indexes are shared, not copied: nothing changes
 * them once the status is read, and each model holds one reference
 * (atomic, as retired models are freed on another thread).  The index
 * keys count the nodes, which are as many as previous's.  Fail counts
 * the edit changed stay this model's own, just read; their index is
 * made after (cs_model_index_status). */
static void cs_histories_share(CsModel *model, const CsModel *previous)
{
    g_ptr_array_unref(model->rsc_states);
    model->rsc_states = g_ptr_array_ref(previous->rsc_states);
    g_ptr_array_unref(model->status_bans);
    model->status_bans = g_ptr_array_ref(previous->status_bans);
    model->state_index = g_hash_table_ref(previous->state_index);
    if (cs_same_fail_counts(model, previous, FALSE)) {
        g_ptr_array_unref(model->fail_counts);
        model->fail_counts = g_ptr_array_ref(previous->fail_counts);
        model->fail_count_index = g_hash_table_ref(previous->fail_count_index);
    }
    /* the same histories and, unless a definition changed (digest.h
     * checks), the same verdicts */
    if (previous->digest_verdicts != NULL)
        model->digest_verdicts = g_hash_table_ref(previous->digest_verdicts);
}

/* What the histories did to the nodes (on-fail standby, fencing) and
 * the warnings and features they gave, carried from previous to model. */
static void cs_history_effects_take_over(CsModel *model, const CsModel *previous)
{
    for (guint i = 0; i < model->nodes->len; i++) {
        CsNode *node = g_ptr_array_index(model->nodes, i);
        const CsNode *before = g_ptr_array_index(previous->nodes, i);
        if (before->standby_onfail) {
            node->standby = TRUE;
            node->standby_onfail = TRUE;
        }
        if (before->history_fenced) {
            node->unclean = TRUE;
            node->history_fenced = TRUE;
        }
    }
    for (guint i = previous->warnings->len - previous->history_warnings;
         i < previous->warnings->len; i++) {
        g_ptr_array_add(model->warnings, g_strdup(g_ptr_array_index(previous->warnings, i)));
    }
    model->history_warnings = previous->history_warnings;
    model->history_features = previous->history_features;
    model->features |= previous->history_features;
    model->history_recheck_by = previous->history_recheck_by;
}

static void cs_histories_take_over(CsModel *model, const CsModel *previous)
{
    cs_histories_share(model, previous);
    cs_history_effects_take_over(model, previous);
    model->histories_shared = TRUE;
}

static gint64 cs_earlier_recheck(gint64 a, gint64 b)
{
    return a == 0 ? b : (b == 0 ? a : MIN(a, b));
}

/* ---- histories renumbered -----------------------------------------------
 * An edit of the resource tree alone that leaves each primitive as the
 * histories read it (group add and group remove, cs_model_rebuild checks
 * which) only moves resources in the list: the histories would be read
 * as before, each naming its resource by a new index.  When the nodes
 * come out of the node_state pass as they did (cs_histories_reusable's
 * test) and the fail counts the histories read are the same ones, what
 * previous read is taken over, renumbered: renumber[i] is the index now
 * of previous's resource i, -1 for one gone (which no history may name). */

/* The same fail counts the histories read, renumbered. */
static gboolean cs_same_fail_counts_renumbered(const CsModel *model, const CsModel *previous,
                                               const int *renumber)
{
    guint i = cs_next_fail_count(model, 0, TRUE);
    guint j = cs_next_fail_count(previous, 0, TRUE);

    while (i < model->fail_counts->len && j < previous->fail_counts->len) {
        CsFailCount then = *(CsFailCount *)g_ptr_array_index(previous->fail_counts, j);
        then.rsc = then.rsc >= 0 ? renumber[then.rsc] : -1;
        if (!cs_fail_count_equal(g_ptr_array_index(model->fail_counts, i), &then)) {
            return FALSE;
        }
        i = cs_next_fail_count(model, i + 1, TRUE);
        j = cs_next_fail_count(previous, j + 1, TRUE);
    }
    return i == model->fail_counts->len && j == previous->fail_counts->len;
}

static gboolean cs_histories_renumberable(const CsModel *model, const CsModel *previous,
                                          const int *renumber)
{
    if (previous == NULL || renumber == NULL || !cs_same_node_states(model, previous)) {
        return FALSE;
    }
    for (guint i = 0; i < previous->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(previous->rsc_states, i);
        if (state->rsc >= 0 && renumber[state->rsc] < 0) {
            return FALSE;
        }
    }
    for (guint i = 0; i < previous->status_bans->len; i++) {
        const CsStatusBan *ban = g_ptr_array_index(previous->status_bans, i);
        if (ban->rsc >= 0 && renumber[ban->rsc] < 0) {
            return FALSE;
        }
    }
    return cs_same_fail_counts_renumbered(model, previous, renumber);
}

static CsRscState *cs_rsc_state_renumbered(const CsRscState *old, const int *renumber)
{
    CsRscState *state = g_memdup2(old, sizeof *old);

    state->rsc = old->rsc >= 0 ? renumber[old->rsc] : -1;
    state->rsc_id = g_strdup(old->rsc_id);
    state->history = g_ptr_array_ref(old->history); /* last_failure is in it */
    state->on_fail_applied = g_strdup(old->on_fail_applied);
    state->pending_task = g_strdup(old->pending_task);
    return state;
}

static void cs_histories_renumber(CsModel *model, const CsModel *previous, const int *renumber)
{
    for (guint i = 0; i < previous->rsc_states->len; i++) {
        g_ptr_array_add(model->rsc_states,
                        cs_rsc_state_renumbered(g_ptr_array_index(previous->rsc_states, i),
                                                renumber));
    }
    for (guint i = 0; i < previous->status_bans->len; i++) {
        const CsStatusBan *old = g_ptr_array_index(previous->status_bans, i);
        CsStatusBan *ban = g_new(CsStatusBan, 1);
        ban->rsc = old->rsc >= 0 ? renumber[old->rsc] : -1;
        ban->node = old->node;
        ban->reason = g_strdup(old->reason);
        ban->history = old->history;
        g_ptr_array_add(model->status_bans, ban);
    }
    /* the same records of the same definitions: the same verdicts */
    if (previous->digest_verdicts != NULL) {
        model->digest_verdicts = g_hash_table_ref(previous->digest_verdicts);
    }
    cs_history_effects_take_over(model, previous);
    model->recheck_by = cs_earlier_recheck(model->recheck_by, previous->history_recheck_by);
}

/* Reads the histories, keeping apart what they add to the model. */
static void cs_histories_read(CsStatusRun *run, xmlNode *status)
{
    CsModel *model = run->model;
    guint warnings_before = model->warnings->len;
    guint features_before = model->features;
    gint64 recheck_before = model->recheck_by;

    cs_lrm_index_build(run, status);
    model->features = 0;
    model->recheck_by = 0;
    run->in_histories = TRUE;
    cs_histories_unpack(run, status);
    run->in_histories = FALSE;
    /* Failure is a property of the resource (Pacemaker's pe_rsc_failed):
     * a guest's container can fail after its own history was read. */
    for (guint i = 0; i < model->rsc_states->len; i++) {
        CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        if (state->rsc >= 0 && run->rsc_failed[state->rsc] && state->role > CS_ROLE_STOPPED
            && !cs_status_in_clone(model, state->rsc)) {
            state->failed = TRUE;
        }
    }
    model->history_warnings = model->warnings->len - warnings_before;
    model->history_features = model->features;
    model->features |= features_before;
    model->history_recheck_by = model->recheck_by;
    model->recheck_by = cs_earlier_recheck(recheck_before, model->recheck_by);
}

void cs_model_unpack_status(CsModel *model, const CsModel *previous)
{
    cs_model_unpack_status_renumbered(model, previous, NULL, previous);
}

/* lrm_resource -> the history records_from read from it. */
static GHashTable *cs_earlier_histories(const CsModel *records_from)
{
    GHashTable *earlier = g_hash_table_new(NULL, NULL);

    for (guint i = 0; i < records_from->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(records_from->rsc_states, i);
        const CsOpRecord *first =
            state->history->len > 0 ? g_ptr_array_index(state->history, 0) : NULL;
        if (first != NULL && first->xml->parent != NULL) {
            g_hash_table_insert(earlier, first->xml->parent, state->history);
        }
    }
    return earlier;
}

void cs_model_unpack_status_renumbered(CsModel *model, const CsModel *previous,
                                       const int *renumber, const CsModel *records_from)
{
    xmlNode *status = cs_document_section(model->document, "status");
    guint n_rsc = model->resources->len;
    CsStatusRun run = {
        .model = model,
        .rsc_role = g_new0(CsRole, n_rsc + 1),
        .rsc_failed = g_new0(gboolean, n_rsc + 1),
        .rsc_unmanaged = g_new0(gboolean, n_rsc + 1),
        .unpacked = g_new0(gboolean, model->nodes->len + 1),
        .lrm_index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
        .legacy_fail_counts = cs_legacy_fail_counts(model),
    };

    for (guint i = 0; i < n_rsc; i++) {
        run.rsc_role[i] = CS_ROLE_STOPPED;
    }
    for (xmlNode *xml = cs_xml_first_element(status); xml != NULL; xml = cs_xml_next_element(xml)) {
        if (cs_xml_is(xml, "tickets")) {
            cs_tickets_state_unpack(model, xml);
        } else if (cs_xml_is(xml, "node_state")) {
            cs_node_state_unpack(&run, xml);
        }
    }
    for (guint i = 0; i < model->nodes->len; i++) {
        CsNode *node = g_ptr_array_index(model->nodes, i);
        node->pre_history = cs_node_pre_history(node);
    }
    model->histories_shared = FALSE;
    if (renumber == NULL && cs_histories_reusable(model, previous)) {
        cs_histories_take_over(model, previous);
    } else if (cs_histories_renumberable(model, previous, renumber)) {
        cs_histories_renumber(model, previous, renumber);
    } else {
        if (records_from != NULL && records_from->document == model->document) {
            run.earlier = cs_earlier_histories(records_from);
        }
        cs_histories_read(&run, status);
        g_clear_pointer(&run.earlier, g_hash_table_destroy);
    }
    g_free(run.rsc_role);
    g_free(run.rsc_failed);
    g_free(run.rsc_unmanaged);
    g_free(run.unpacked);
    g_hash_table_destroy(run.lrm_index);
}
