/* graph.h: what the files of the action graph share (actions.c and the
 * files split from it: graph.c, propagate.c, fencing.c, orderings.c,
 * digests.c; and guest.c).  Not a contract: only those files include it. */
#ifndef CS_GRAPH_H
#define CS_GRAPH_H

#include "engine/engine_internal.h"

/* Ordering flags (Pacemaker's pe_ordering). */
enum {
    ORD_OPTIONAL = 1 << 0,
    ORD_IMPLIES_THEN = 1 << 1,
    ORD_IMPLIES_FIRST = 1 << 2,
    ORD_RUNNABLE_LEFT = 1 << 3,
    ORD_RESTART = 1 << 4,
    ORD_ASYMMETRICAL = 1 << 5,
    ORD_ONE_OR_MORE = 1 << 6,
    ORD_PSEUDO_LEFT = 1 << 7,
    ORD_IMPLIES_FIRST_MIGRATABLE = 1 << 8,
    ORD_THEN_CANCELS_FIRST = 1 << 9,
    ORD_PROMOTED_IMPLIES_FIRST = 1 << 10,
    /* Pacemaker's pe_order_implies_then_printed and
     * pe_order_implies_first_printed: they change no flag here, but the
     * edge is walked all the same, which decides the order actions are
     * updated in, and so the reasons they keep. */
    ORD_THEN_PRINTED = 1 << 11,
    ORD_FIRST_PRINTED = 1 << 12,
    /* Pacemaker's pe_order_anti_colocation: made by a -INFINITY
     * colocation, it too changes no flag but is walked. */
    ORD_ANTI_COLOCATION = 1 << 13,
    /* Pacemaker's pe_order_same_node: the ordering joins only actions on
     * the same node, or an action that has no node yet. */
    ORD_SAME_NODE = 1 << 14,
};

enum { UPDATED_FIRST = 1, UPDATED_THEN = 2 };

typedef struct CsEdge {
    CsAct *first, *then;
    guint type;
} CsEdge;

/* An ordering between resources' actions by task, resolved to concrete
 * actions once every action exists (Pacemaker's pe__ordering_t). */
typedef struct CsOrdering {
    int first_rsc;
    CsTask first_task;
    CsAct *first;
    int then_rsc;
    CsTask then_task;
    CsAct *then;
    guint type;
} CsOrdering;

/* graph.c */
void node_list_add(CsGraph *graph, CsNodeList *list, int node);
CsEdge *edge_at(const CsEdgeList *list, guint i);
const CsResource *rsc_info(const CsGraph *graph, int rsc);
const CsNode *node_info(const CsGraph *graph, int node);
gboolean is_group(const CsGraph *graph, int rsc);
gboolean is_clone(const CsGraph *graph, int rsc);
gboolean is_bundle(const CsGraph *graph, int rsc);
gboolean in_promotable(const CsGraph *graph, int rsc);
/* graph.c: the promotable clone of the resource inside bundle rsc
 * (NAME-master), or -1 (not a bundle, or not promotable). */
int bundle_promotable_clone(const CsGraph *graph, int rsc);
gboolean is_collective(const CsGraph *graph, int rsc);
const char *cs_task_name(const CsAct *action);
void set_reason(CsAct *action, const char *reason, gboolean overwrite);
/* graph.c: whether rsc's start waits on a probe that cannot run. */
gboolean awaits_pending_probe(const CsGraph *graph, int rsc);
void order_clone_pending_probes(CsGraph *graph);
/* graph.c: the orderings of starts after probes that cannot run. */
void order_probes(CsGraph *graph);
CsAct *act_alloc(CsGraph *graph, CsTask task, int rsc, int node, guint flags);
CsAct *find_first(const CsGraph *graph, int rsc, CsTask task, int node);
CsAct *rsc_action(CsGraph *graph, int rsc, CsTask task, int node, gboolean optional);
CsAct *pseudo_rsc_action(CsGraph *graph, int rsc, CsTask task, gboolean runnable);
void order_rsc(CsGraph *graph, int first_rsc, CsTask first_task, int then_rsc, CsTask then_task,
               guint type);
void order_action_rsc(CsGraph *graph, CsAct *first, int then_rsc, CsTask then_task, guint type);
void order_rsc_action(CsGraph *graph, int first_rsc, CsTask first_task, CsAct *then, guint type);
gboolean order_actions(CsGraph *graph, CsAct *first, CsAct *then, guint type);
/* an ordering between two actions, applied in turn with the others */
void order_later(CsGraph *graph, CsAct *first, CsAct *then, guint type);
void apply_ordering(CsGraph *graph, const CsOrdering *ordering);
/* propagate.c */
void update_action(CsGraph *graph, CsAct *then);
void block_colocation_dependents(CsGraph *graph, CsAct *action);
/* fencing.c */
void schedule_fencing(CsGraph *graph);
/* Whether any top-level resource is managed: while none is, Pacemaker
 * fences no node (fencing.c). */
gboolean cs_fencing_any_managed(const CsGraph *graph);
/* fencing.c: a fencing action on node (flags added to runnable, e.g.
 * pseudo for a guest node), with reason (owned, may be NULL) */
CsAct *fence_node(CsGraph *graph, int node, guint flags, char *reason);
/* fencing.c: unfencing (Pacemaker Explained 2.1, "Unfencing") */
gboolean unfence_first(const CsGraph *graph, int rsc);
void unfence_prepare(CsGraph *graph);
void unfence_device_changed(CsGraph *graph, int rsc, int node, const char *reason);
void unfence_probes(CsGraph *graph);
void unfence_starts(CsGraph *graph);
void unfence_order_created_starts(CsGraph *graph);
void unfence_order_restart(CsGraph *graph, int rsc);
void unfence_order_stop(CsGraph *graph, CsAct *stop);
/* orderings.c */
void configured_orderings(CsGraph *graph);
/* digests.c */
void check_definitions(CsGraph *graph);
/* guest.c: the orderings a guest node's container imposes */
void cs_guest_order_actions(CsGraph *graph);
/* remote.c: starts on a remote node wait for its connection's start */
void cs_remote_order_actions(CsGraph *graph);
/* remote.c: the fencing of remote nodes whose connection is lost */
void cs_remote_schedule_fencing(CsGraph *graph);
/* remote.c: whether a remote node is fenced with the guests, by name */
gboolean cs_remote_fenced_by_name(const CsSolution *solution, const CsNode *remote);
/* remote.c: why a remote node is fenced, or NULL */
char *cs_remote_fence_reason(const CsSolution *solution, const CsNode *remote);
/* remote.c: the status entry a remote node's fencing is made with, or -1 */
int cs_remote_fenced_with_history(const CsSolution *solution, const CsNode *remote);
/* guest.c: the pseudo fencing of guest nodes the status marks unclean */
void cs_guest_schedule_fencing(CsGraph *graph);
/* guest.c: whether that fencing reboots or powers off the guest */
void cs_guest_name_fencing(CsGraph *graph);

#endif
