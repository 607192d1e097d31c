/* remote_node.c: remote nodes, guest nodes and bundle replicas told as
 * an operator reads them (remote_node.h).
 *
 * Pacemaker Explained 2.1, "Pacemaker Remote": a remote node is reached
 * through its connection resource (ocf:pacemaker:remote), which runs on
 * a cluster node and retries after reconnect_interval; a guest node is a
 * resource's remote-node meta attribute, and its implicit connection
 * runs with that container, so whatever runs on a guest node lives as
 * long as its container and its container's host.  "Bundles": each
 * replica is a container, an address, a connection and a guest node of
 * the bundle's name and number, and the resource inside the bundle runs
 * on that guest node.
 */
#include "explain/remote_node.h"
#include "explain/next.h"
#include "explain/words.h"

#include <string.h>

void cs_node_fact_free(CsNodeFact *fact)
{
    if (fact == NULL)
        return;
    g_free(fact->name);
    g_free(fact->value);
    g_free(fact);
}

/* ---- reading ------------------------------------------------------------ */

static const CsResource *remote_rsc(const CsModel *model, int rsc)
{
    if (rsc < 0 || (guint)rsc >= model->resources->len)
        return NULL;
    return g_ptr_array_index(model->resources, rsc);
}

static const CsNode *remote_node(const CsModel *model, int node)
{
    if (node < 0 || (guint)node >= model->nodes->len)
        return NULL;
    return g_ptr_array_index(model->nodes, node);
}

static const char *remote_uname(const CsModel *model, int node)
{
    const CsNode *info = remote_node(model, node);
    return info != NULL ? info->uname : "?";
}

/* The bundle a connection is a replica part of, or -1. */
static int connection_bundle(const CsModel *model, const CsResource *connection)
{
    const CsResource *parent = connection != NULL ? remote_rsc(model, connection->parent) : NULL;
    return parent != NULL && parent->kind == CS_RSC_BUNDLE ? parent->index : -1;
}

CsNodeKind cs_remote_node_kind(const CsModel *model, int node)
{
    const CsNode *info = remote_node(model, node);
    if (info == NULL || (info->type != CS_NODE_REMOTE && info->type != CS_NODE_GUEST))
        return CS_NODE_KIND_CLUSTER;
    if (info->type == CS_NODE_REMOTE)
        return CS_NODE_KIND_REMOTE;
    return connection_bundle(model, remote_rsc(model, info->remote_rsc)) >= 0 ? CS_NODE_KIND_REPLICA
                                                                              : CS_NODE_KIND_GUEST;
}

const char *cs_remote_kind_name(CsNodeKind kind)
{
    switch (kind) {
    case CS_NODE_KIND_CLUSTER: return "cluster node";
    case CS_NODE_KIND_REMOTE: return "remote node";
    case CS_NODE_KIND_GUEST: return "guest node";
    case CS_NODE_KIND_REPLICA: return "bundle replica";
    }
    return "node";
}

/* The number Pacemaker gives a replica: its guest node's name ends in
 * "-N" after the bundle's id. */
static int replica_number(const CsResource *bundle, const char *uname)
{
    gsize length = strlen(bundle->id);
    if (strncmp(uname, bundle->id, length) != 0 || uname[length] != '-')
        return -1;
    char *end = NULL;
    gint64 number = g_ascii_strtoll(uname + length + 1, &end, 10);
    return end != NULL && *end == '\0' && number >= 0 && number < G_MAXINT ? (int)number : -1;
}

/* Why the transition fences node, or NULL when it does not. */
static const char *fence_reason(const CsTransition *transition, int node)
{
    for (guint i = 0; i < cs_transition_length(transition); i++) {
        const CsPlannedAction *action = cs_transition_action(transition, i);
        if (action->rsc < 0 && action->from_node == node)
            return action->reason != NULL ? action->reason : "it is unclean";
    }
    return NULL;
}

gboolean cs_remote_node_read(CsSolution *solution, int node, CsRemoteNode *out)
{
    const CsModel *model = cs_solution_model(solution);
    CsNodeKind kind = cs_remote_node_kind(model, node);
    if (kind == CS_NODE_KIND_CLUSTER)
        return FALSE;
    const CsTransition *transition = cs_solution_transition(solution);
    const CsNode *info = remote_node(model, node);
    const CsResource *connection = remote_rsc(model, info->remote_rsc);
    *out = (CsRemoteNode){.kind = kind,
                          .node = node,
                          .connection = connection != NULL ? connection->index : -1,
                          .connection_now = -1,
                          .connection_next = -1,
                          .container = -1,
                          .host_now = -1,
                          .host_next = -1,
                          .bundle = -1,
                          .replica = -1,
                          .fence_reason = fence_reason(transition, node)};
    if (connection == NULL)
        return TRUE;
    out->connection_now = cs_solution_current_node(solution, connection->index);
    out->connection_next = cs_next_node(solution, transition, connection->index);
    out->reconnect_ms = connection->remote_reconnect_ms;
    if (kind != CS_NODE_KIND_REMOTE && connection->container >= 0) {
        out->container = connection->container;
        out->host_now = cs_solution_current_node(solution, out->container);
        out->host_next = cs_next_node(solution, transition, out->container);
    }
    out->bundle = connection_bundle(model, connection);
    if (out->bundle >= 0)
        out->replica = replica_number(remote_rsc(model, out->bundle), info->uname);
    return TRUE;
}

GArray *cs_remote_node_resources(CsSolution *solution, int node)
{
    const CsModel *model = cs_solution_model(solution);
    const CsTransition *transition = cs_solution_transition(solution);
    GArray *found = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint rsc = 0; rsc < model->resources->len; rsc++) {
        const CsResource *info = g_ptr_array_index(model->resources, rsc);
        if (info->kind != CS_RSC_PRIMITIVE)
            continue;
        if (cs_solution_current_node(solution, (int)rsc) == node
            || cs_next_node(solution, transition, (int)rsc) == node) {
            int index = (int)rsc;
            g_array_append_val(found, index);
        }
    }
    return found;
}

GArray *cs_bundle_replica_parts(const CsSolution *solution, int bundle, int n)
{
    const CsModel *model = cs_solution_model(solution);
    const CsResource *info = remote_rsc(model, bundle);
    GArray *parts = g_array_new(FALSE, FALSE, sizeof(int));
    if (info == NULL || info->bundle == NULL || info->children == NULL || info->children->len == 0
        || n < 0 || n >= info->bundle->replicas)
        return parts;
    /* The children replica by replica, then the clone of the resource
     * inside (if any), whose instance n goes with replica n. */
    const CsResource *clone =
        remote_rsc(model, g_array_index(info->children, int, info->children->len - 1));
    gboolean inside = clone != NULL && clone->kind == CS_RSC_CLONE;
    guint count = info->children->len - (inside ? 1 : 0);
    guint replicas = (guint)info->bundle->replicas;
    if (count == 0 || count % replicas != 0)
        return parts;
    guint size = count / replicas;
    g_array_append_vals(parts, &g_array_index(info->children, int, (guint)n *size), size);
    if (inside && (guint)n < clone->children->len)
        g_array_append_val(parts, g_array_index(clone->children, int, n));
    return parts;
}

/* ---- wording ------------------------------------------------------------- */

/* "n1", "n1 -> n2", "stopped -> n2", "n1 -> stopped", "stopped". */
static char *now_and_next(const CsModel *model, int now, int next)
{
    const char *from = now >= 0 ? remote_uname(model, now) : "stopped";
    if (now == next)
        return g_strdup(from);
    return g_strdup_printf("%s -> %s", from, next >= 0 ? remote_uname(model, next) : "stopped");
}

/* "60s", "1500ms", or "not set (0)". */
static char *interval_text(gint64 ms)
{
    if (ms <= 0)
        return g_strdup("not set (0): reconnects at once (after any fencing)");
    if (ms % 1000 == 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "s", ms / 1000);
    return g_strdup_printf("%" G_GINT64_FORMAT "ms", ms);
}

static char *agent_text(const CsResource *info)
{
    if (info->rsc_class == NULL)
        return g_strdup(info->id);
    return g_strdup_printf(
        "%s (%s%s%s:%s)", info->id, info->rsc_class, info->provider != NULL ? ":" : "",
        info->provider != NULL ? info->provider : "", info->type != NULL ? info->type : "?");
}

char *cs_remote_kind_text(const CsModel *model, const CsRemoteNode *remote)
{
    const CsResource *container = remote_rsc(model, remote->container);
    const CsResource *bundle = remote_rsc(model, remote->bundle);
    if (remote->kind == CS_NODE_KIND_REPLICA && bundle != NULL)
        return g_strdup_printf("guest node of bundle %s, replica %d", bundle->id, remote->replica);
    if (remote->kind == CS_NODE_KIND_GUEST && container != NULL)
        return g_strdup_printf("guest node (remote-node of %s)", container->id);
    return g_strdup("Pacemaker Remote node (ocf:pacemaker:remote)");
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a remote or guest node is
 * up while its connection runs; fencing a guest node recovers its
 * container. */
char *cs_remote_state_text(const CsModel *model, const CsRemoteNode *remote)
{
    if (remote->fence_reason != NULL)
        return g_strdup_printf("unclean: fenced next ('%s')", remote->fence_reason);
    if (remote->connection >= 0 && remote->connection_now < 0)
        return g_strdup(remote->connection_next >= 0 ? "down: up once its connection starts"
                                                     : "down: its connection is stopped");
    const char *why = cs_words_node_unavailable(remote_node(model, remote->node));
    return g_strdup(why != NULL ? why : "online");
}

static char *resources_text(CsSolution *solution, int node)
{
    const CsModel *model = cs_solution_model(solution);
    const CsTransition *transition = cs_solution_transition(solution);
    g_autoptr(GArray) found = cs_remote_node_resources(solution, node);
    g_autoptr(GString) text = g_string_new(NULL);
    for (guint i = 0; i < found->len; i++) {
        int rsc = g_array_index(found, int, i);
        gboolean now = cs_solution_current_node(solution, rsc) == node;
        gboolean next = cs_next_node(solution, transition, rsc) == node;
        g_string_append_printf(text, "%s%s%s", i > 0 ? ", " : "", remote_rsc(model, rsc)->id,
                               now && next ? ""
                               : now       ? " (leaves)"
                                           : " (arrives)");
    }
    return text->len > 0 ? g_string_free(g_steal_pointer(&text), FALSE) : g_strdup("none");
}

static void add_fact(GPtrArray *facts, const char *name, char *value)
{
    CsNodeFact *fact = g_new0(CsNodeFact, 1);
    fact->name = g_strdup(name);
    fact->value = value;
    g_ptr_array_add(facts, fact);
}

GPtrArray *cs_remote_node_facts(CsSolution *solution, int node)
{
    CsRemoteNode remote;
    if (!cs_remote_node_read(solution, node, &remote))
        return NULL;
    const CsModel *model = cs_solution_model(solution);
    GPtrArray *facts = g_ptr_array_new_with_free_func((GDestroyNotify)cs_node_fact_free);
    add_fact(facts, "kind", cs_remote_kind_text(model, &remote));
    add_fact(facts, "state", cs_remote_state_text(model, &remote));
    const CsResource *connection = remote_rsc(model, remote.connection);
    add_fact(facts, "connection",
             connection != NULL ? agent_text(connection) : g_strdup("none configured"));
    if (connection != NULL) {
        add_fact(facts, "connection runs on",
                 now_and_next(model, remote.connection_now, remote.connection_next));
        add_fact(facts, "reconnect_interval", interval_text(remote.reconnect_ms));
    }
    const CsResource *container = remote_rsc(model, remote.container);
    if (container != NULL) {
        add_fact(facts, "container", agent_text(container));
        add_fact(facts, "container host", now_and_next(model, remote.host_now, remote.host_next));
    }
    add_fact(facts, "resources on it", resources_text(solution, node));
    return facts;
}

/* ---- the chain ------------------------------------------------------------ */

/* "stops", "recovers", "moves": an action's verb after its subject. */
static const char *verb_text(CsActionKind kind)
{
    switch (kind) {
    case CS_ACTION_START: return "starts";
    case CS_ACTION_STOP: return "stops";
    case CS_ACTION_MOVE: return "moves";
    case CS_ACTION_RECOVER: return "recovers";
    case CS_ACTION_RESTART: return "restarts";
    case CS_ACTION_MIGRATE: return "migrates";
    case CS_ACTION_RELOAD: return "reloads";
    case CS_ACTION_FENCE: return "is fenced";
    case CS_ACTION_PROMOTE: return "is promoted";
    case CS_ACTION_DEMOTE: return "is demoted";
    case CS_ACTION_REPROMOTE: return "is re-promoted";
    }
    return "changes";
}

/* " (n1 -> n2)" or " (n1)" for an action. */
static char *where_text(const CsModel *model, const CsPlannedAction *action)
{
    if (action->from_node >= 0 && action->to_node >= 0 && action->from_node != action->to_node)
        return g_strdup_printf(" (%s -> %s)", remote_uname(model, action->from_node),
                               remote_uname(model, action->to_node));
    int node = action->from_node >= 0 ? action->from_node : action->to_node;
    return node >= 0 ? g_strdup_printf(" (%s)", remote_uname(model, node)) : g_strdup("");
}

/* " because node n1 left the cluster", when the node the action leaves
 * can run nothing; else "". */
static char *because_text(const CsModel *model, const CsPlannedAction *action)
{
    const CsNode *from = remote_node(model, action->from_node);
    if (from == NULL || action->to_node == action->from_node)
        return g_strdup("");
    if (from->unclean && !from->online)
        return g_strdup_printf(" because node %s left the cluster (unclean)", from->uname);
    const char *why = cs_words_node_unavailable(from);
    return why != NULL ? g_strdup_printf(" because node %s is %s", from->uname, why) : g_strdup("");
}

static const CsPlannedAction *first_action(CsSolution *solution, int rsc)
{
    guint n = 0;
    const CsPlannedAction *const *actions =
        rsc >= 0 ? cs_transition_actions_of(cs_solution_transition(solution), rsc, &n) : NULL;
    return n > 0 ? actions[0] : NULL;
}

/* "its container vm1 recovers (n1 -> n2) because node n1 left the
 * cluster", or NULL when part does not act. */
static char *link_text(CsSolution *solution, const char *role, int part)
{
    const CsPlannedAction *action = first_action(solution, part);
    if (action == NULL)
        return NULL;
    const CsModel *model = cs_solution_model(solution);
    g_autofree char *where = where_text(model, action);
    g_autofree char *because = because_text(model, action);
    return g_strdup_printf("%s %s %s%s%s%s", role, remote_rsc(model, part)->id,
                           verb_text(action->kind), where, because,
                           action->blocked ? " (blocked)" : "");
}

/* The remote or guest node whose connection or container rsc is, read
 * into *remote. */
static gboolean link_of(CsSolution *solution, int rsc, CsRemoteNode *remote)
{
    const CsModel *model = cs_solution_model(solution);
    for (guint node = 0; rsc >= 0 && node < model->nodes->len; node++)
        if (cs_remote_node_read(solution, (int)node, remote)
            && (remote->connection == rsc || remote->container == rsc))
            return TRUE;
    return FALSE;
}

gboolean cs_remote_chain_read(CsSolution *solution, const CsPlannedAction *action,
                              CsRemoteNode *remote)
{
    if (action->rsc < 0)
        return FALSE;
    if (link_of(solution, action->rsc, remote))
        return action->rsc == remote->connection;
    return cs_remote_node_read(solution, action->from_node, remote)
           || cs_remote_node_read(solution, action->to_node, remote);
}

/* A connection's action: "g1 moves: its container vm1 recovers (n1 ->
 * n2) because node n1 left the cluster (unclean)". */
static char *connection_sentence(CsSolution *solution, const CsPlannedAction *action,
                                 const CsRemoteNode *remote)
{
    g_autofree char *container = link_text(solution, "its container", remote->container);
    if (container == NULL)
        return NULL;
    return g_strdup_printf("%s %s: %s", remote_rsc(cs_solution_model(solution), action->rsc)->id,
                           verb_text(action->kind), container);
}

char *cs_remote_chain_sentence(CsSolution *solution, const CsPlannedAction *action)
{
    CsRemoteNode remote;
    if (!cs_remote_chain_read(solution, action, &remote))
        return NULL;
    if (action->rsc == remote.connection)
        return connection_sentence(solution, action, &remote);
    const CsModel *model = cs_solution_model(solution);
    const char *uname = remote_uname(model, remote.node);
    const char *kind = cs_remote_kind_name(remote.kind);
    g_autofree char *role = g_strdup_printf("its %s %s's container", kind, uname);
    g_autofree char *container = link_text(solution, role, remote.container);
    g_free(role);
    role = g_strdup_printf("its %s %s's connection", kind, uname);
    g_autofree char *connection = link_text(solution, role, remote.connection);
    const char *link = container != NULL ? container : connection;
    g_autofree char *fenced =
        remote.fence_reason != NULL
            ? g_strdup_printf("its %s %s is fenced ('%s')", kind, uname, remote.fence_reason)
            : NULL;
    if (link == NULL && fenced == NULL)
        return NULL;
    return g_strdup_printf("%s %s: %s%s%s", remote_rsc(model, action->rsc)->id,
                           verb_text(action->kind), link != NULL ? link : fenced,
                           link != NULL && fenced != NULL ? "; " : "",
                           link != NULL && fenced != NULL ? fenced : "");
}

/* "    container vm1 (ocf:pacemaker:Dummy): n1 -> n2 (Recover)" */
static void explain_link(CsSolution *solution, const char *role, int part, GString *out)
{
    const CsModel *model = cs_solution_model(solution);
    const CsResource *info = remote_rsc(model, part);
    if (info == NULL)
        return;
    g_autofree char *agent = agent_text(info);
    g_autofree char *where =
        now_and_next(model, cs_solution_current_node(solution, part),
                     cs_next_node(solution, cs_solution_transition(solution), part));
    const CsPlannedAction *action = first_action(solution, part);
    g_string_append_printf(out, "    %s %s: %s%s%s%s\n", role, agent, where,
                           action != NULL ? " (" : "",
                           action != NULL ? cs_action_kind_name(action->kind) : "",
                           action != NULL ? (action->blocked ? ", blocked)" : ")") : "");
}

/* The remote or guest node the chain of rsc goes through: the one it
 * is the connection or container of, else the node it runs on now or
 * next; -1 for none. */
static int chain_node(CsSolution *solution, int rsc)
{
    const CsModel *model = cs_solution_model(solution);
    CsRemoteNode remote;
    if (link_of(solution, rsc, &remote))
        return remote.node;
    int now = cs_solution_current_node(solution, rsc);
    int next = cs_next_node(solution, cs_solution_transition(solution), rsc);
    if (cs_remote_node_kind(model, now) != CS_NODE_KIND_CLUSTER)
        return now;
    return cs_remote_node_kind(model, next) != CS_NODE_KIND_CLUSTER ? next : -1;
}

CsChainPlace cs_remote_explain_read(CsSolution *solution, int rsc, CsRemoteNode *remote)
{
    const CsResource *info = remote_rsc(cs_solution_model(solution), rsc);
    if (info == NULL || info->kind != CS_RSC_PRIMITIVE)
        return CS_CHAIN_NONE;
    int node = chain_node(solution, rsc);
    if (node < 0 || !cs_remote_node_read(solution, node, remote))
        return CS_CHAIN_NONE;
    if (rsc == remote->container)
        return CS_CHAIN_CONTAINER;
    return rsc == remote->connection ? CS_CHAIN_CONNECTION : CS_CHAIN_RUNS_ON;
}

const char *cs_chain_place_name(CsChainPlace place)
{
    switch (place) {
    case CS_CHAIN_NONE: break;
    case CS_CHAIN_CONTAINER: return "container";
    case CS_CHAIN_CONNECTION: return "connection";
    case CS_CHAIN_RUNS_ON: return "on";
    }
    return NULL;
}

void cs_remote_explain(CsSolution *solution, int rsc, GString *out)
{
    CsRemoteNode remote;
    CsChainPlace place = cs_remote_explain_read(solution, rsc, &remote);
    if (place == CS_CHAIN_NONE)
        return;
    const CsModel *model = cs_solution_model(solution);
    g_autofree char *kind = cs_remote_kind_text(model, &remote);
    const char *uname = remote_uname(model, remote.node);
    const char *kind_name = cs_remote_kind_name(remote.kind);
    if (place == CS_CHAIN_RUNS_ON)
        g_string_append_printf(out, "  on %s %s: %s\n", kind_name, uname, kind);
    else
        g_string_append_printf(out, "  %s of %s %s: %s\n", cs_chain_place_name(place), kind_name,
                               uname, kind);
    explain_link(solution, "container", remote.container, out);
    explain_link(solution, "connection", remote.connection, out);
    g_autofree char *state = cs_remote_state_text(model, &remote);
    g_autofree char *on_it = resources_text(solution, remote.node);
    g_string_append_printf(out, "    %s %s: %s; runs %s\n", kind_name, uname, state, on_it);
}
