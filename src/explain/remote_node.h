/* remote_node.h: Pacemaker Remote nodes, guest nodes and bundle
 * replicas as an operator reads them: what kind of node a Matrix column
 * is, what it hangs on (its connection resource and where that runs,
 * reconnect_interval, a guest's container and that container's host),
 * what runs on it, and the chain container -> connection -> guest node
 * -> resource that explain, why and history follow.
 *
 * Every index is one of cs_solution_model() (a bundle's replicas and
 * guest nodes exist only there).  Read from the solution and its
 * transition; nothing here decides a placement.
 */
#ifndef CS_REMOTE_NODE_H
#define CS_REMOTE_NODE_H

#include <glib.h>
#include "engine/engine.h"

typedef enum {
    CS_NODE_KIND_CLUSTER, /* a corosync member */
    CS_NODE_KIND_REMOTE,  /* a Pacemaker Remote node (ocf:pacemaker:remote) */
    CS_NODE_KIND_GUEST,   /* a guest node: remote-node on a container */
    CS_NODE_KIND_REPLICA, /* a bundle replica's guest node */
} CsNodeKind;

/* What a remote or guest node hangs on. */
typedef struct CsRemoteNode {
    CsNodeKind kind;
    int node;
    int connection;                      /* its connection resource, -1 */
    int connection_now, connection_next; /* where it runs; -1: stopped */
    gint64 reconnect_ms;                 /* reconnect_interval, 0: not set */
    int container;                       /* a guest's container, -1 */
    int host_now, host_next;             /* the container's node; -1 */
    int bundle;                          /* a replica's bundle, -1 */
    int replica;                         /* its number, -1 */
    const char *fence_reason;            /* the transition fences the
                                            node: why (the solution's);
                                            NULL: it is not fenced */
} CsRemoteNode;

/* One line of the node view: "connection", "g1 (ocf:pacemaker:remote)". */
typedef struct CsNodeFact {
    char *name;
    char *value;
} CsNodeFact;

void cs_node_fact_free(CsNodeFact *fact);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsNodeFact, cs_node_fact_free)

CsNodeKind cs_remote_node_kind(const CsModel *model, int node);

/* "cluster node", "remote node", "guest node", "bundle replica". */
const char *cs_remote_kind_name(CsNodeKind kind);

/* Fills *out for node; FALSE for a cluster node (or no such node). */
gboolean cs_remote_node_read(CsSolution *solution, int node, CsRemoteNode *out);

/* The resources on node now or once the transition ran (primitives and
 * instances, model order), a new array of indices. */
GArray *cs_remote_node_resources(CsSolution *solution, int node);

/* The node view's lines for a remote or guest node (CsNodeFact*, owned):
 * kind, state, connection and where it runs, reconnect_interval, a
 * guest's container and its host, the resources on it.  NULL for a
 * cluster node. */
GPtrArray *cs_remote_node_facts(CsSolution *solution, int node);

/* The chain action is part of: TRUE with *remote filled for an action
 * of a resource on a remote or guest node, or of a node's connection;
 * FALSE for any other (a container's own action included). */
gboolean cs_remote_chain_read(CsSolution *solution, const CsPlannedAction *action,
                              CsRemoteNode *remote);

/* "d1 recovers: its guest node g1's container vm1 recovers (n1 -> n2)
 * because node n1 left the cluster": the one-line reading of the chain
 * for action (of a resource on a remote or guest node), newly
 * allocated; for a connection's action, "g1 moves: its container vm1
 * recovers (n1 -> n2) because ...".  NULL when no link of the chain
 * acts (nor is the node fenced). */
char *cs_remote_chain_sentence(CsSolution *solution, const CsPlannedAction *action);

/* The engine's resources of replica n of bundle (an index of
 * cs_solution_model()): its container, address and connection in the
 * engine's order, then the instance of the resource inside when there
 * is one (Pacemaker Explained 2.1, "Bundles").  A new array, empty when
 * the bundle has no replica n or is not expanded as one. */
GArray *cs_bundle_replica_parts(const CsSolution *solution, int bundle, int n);

/* "guest node (remote-node of vm1)", "guest node of bundle web, replica
 * 0", "Pacemaker Remote node (ocf:pacemaker:remote)": newly allocated. */
char *cs_remote_kind_text(const CsModel *model, const CsRemoteNode *remote);

/* "online", "down: its connection is stopped", "unclean: fenced next
 * ('...')": newly allocated. */
char *cs_remote_state_text(const CsModel *model, const CsRemoteNode *remote);

/* Where explain finds a resource in a chain. */
typedef enum {
    CS_CHAIN_NONE,       /* in no chain */
    CS_CHAIN_CONTAINER,  /* a guest node's container */
    CS_CHAIN_CONNECTION, /* a remote or guest node's connection */
    CS_CHAIN_RUNS_ON,    /* runs (now or next) on a remote or guest node */
} CsChainPlace;

/* The chain explain tells for rsc, read into *remote (the node it goes
 * through): CS_CHAIN_NONE (and *remote untouched) for a resource in no
 * chain.  cs_remote_explain and the JSON explain both read it. */
CsChainPlace cs_remote_explain_read(CsSolution *solution, int rsc, CsRemoteNode *remote);

/* "container", "connection", "on"; NULL for CS_CHAIN_NONE. */
const char *cs_chain_place_name(CsChainPlace place);

/* explain RSC: for a resource that runs (now or next) on a remote or
 * guest node, or is one's connection or container, the chain it is
 * part of, each link with where it runs now and next; nothing for
 * another resource. */
void cs_remote_explain(CsSolution *solution, int rsc, GString *out);

#endif
