/* engine_internal.h: what the engine's own files share while solving.
 *
 * Not a contract: only the engine sources include it.  The solve follows the
 * steps of Pacemaker 2.1.5's scheduler: node criteria (health, locations,
 * stickiness, failure bans, exclusive discovery), the assignment order,
 * then each resource's assignment with its colocations.
 */
#ifndef CS_ENGINE_INTERNAL_H
#define CS_ENGINE_INTERNAL_H

#include "engine/engine.h"
#include "model/rules.h"
#include "model/digest.h"
#include "base/text.h"
#include "base/xml.h"
#include "engine/table.h"

/* A resource's colocations, in Pacemaker's list order.  pdata and len
 * as in a GPtrArray, so that g_ptr_array_index() reads it. */
typedef struct CsColocList {
    gpointer *pdata; /* CsColoc* */
    guint len, size;
    gboolean in_arena;
} CsColocList;

/* A colocation as the engine applies it: user constraints and the
 * implicit "group:internal_colocation" of each member with the previous. */
typedef struct CsColoc {
    const char *id;
    int dependent, primary;
    CsScore score;
    CsRole dependent_role, primary_role; /* Started counts as any */
    const char *attribute;
    gboolean influence;
} CsColoc;

typedef struct CsRscWork {
    CsTable *table;            /* allowed nodes, as they evolve */
    gboolean *criteria_allowed; /* allowed nodes once the node criteria
                                   are applied, before any assignment:
                                   those internal constraints see */
    CsTable *printed;          /* snapshot printed at assignment */
    CsTable *group_printed;    /* members: snapshot printed by the group */
    CsTable *clone_printed;    /* instances: snapshot printed by the clone */
    GPtrArray *bundle_printed; /* a bundle and its implicit resources:
                                  CsTable* snapshots printed by each of the
                                  bundle's assignments (bundle.c), owned,
                                  NULL until used */
    gboolean has_prefer;       /* clone.c: assign to prefer if it is as good
                                as the best node (Pacemaker's prefer) */
    int prefer;
    gboolean provisional, allocating, merging;
    gboolean managed;
    gboolean limit_reached; /* clone.c: an instance past clone-max, never
                               assigned (so still managed when fencing
                               has no device, solve.c) */
    gboolean blocked; /* multiply active with multiple-active=block */
    gboolean exclusive_discovery;
    gboolean *discover_exclusive; /* per node */
    int assigned;                 /* node index or -1 */
    int current;                  /* first node active on, or -1 */
    int n_running;
    CsRole role, next_role;
    CsColocList *this_with; /* this resource is the dependent */
    CsColocList *with_this; /* this resource is the primary */
    /* clone.c: snapshots printed by assignments rolled back (an instance
     * tried on its current node that preferred another); Pacemaker
     * printed them too.  CsTable*, owned, NULL until used. */
    GPtrArray *rolled_back, *rolled_back_group;
} CsRscWork;

/* crm_simulate prints each score table when its assignment prints it
 * (pcmk__clone_allocate, pcmk__group_assign, pcmk__primitive_assign) and
 * each promotion score as the roles are set: the engine notes each print
 * as it happens, and cs_solution_stream_scores() replays them in order. */
typedef enum CsPrintKind {
    CS_PRINT_CLONE,     /* clone_printed of rsc */
    CS_PRINT_GROUP,     /* a group's printed, a member's group_printed */
    CS_PRINT_PRIMITIVE, /* a primitive's printed */
    CS_PRINT_BUNDLE,    /* bundle_printed of rsc (bundle.c) */
    CS_PRINT_PROMOTION, /* promotion line number index (promote.c) */
} CsPrintKind;

typedef struct CsPrintEvent {
    int index; /* resource, or promotion line */
    CsPrintKind kind;
} CsPrintEvent;

void cs_print_log(CsSolution *solution, CsPrintKind kind, int index);

/* Clone work shared by clone.c, promote.c and ticket.c. */
typedef struct CsCloneWork {
    const char **fence_reason;     /* per node: lost ticket fences it */
    gboolean *ticket_blocked;      /* per resource: frozen by a lost ticket */
    gboolean *ticket_unmanaged;    /* per resource: managed until a lost
                                    ticket froze it */
    int *node_count;               /* per (clone, node): instances placed,
                                    scratch while a clone is assigned */
    GArray **order;                /* per resource: a clone's instances in
                                    the order its assignment sorted them */
    struct CsPromoteWork *promote; /* promote.c, NULL until used */
} CsCloneWork;

/* What the kinds of resources do differently, handed down to the files
 * below them (doc/DESIGN.md, "Engine floors"): place.c places any
 * resource, colocation.c applies a colocation with any primary, and the
 * kinds themselves (assign.c, clone.c, bundle.c) call back through these
 * into whichever kind a member or a primary is.  assign.c fills the one
 * table; the solve hands it to the solution. */
typedef struct CsPlacers {
    int (*assign_primitive)(CsSolution *solution, int rsc);
    int (*assign_group)(CsSolution *solution, int group);
    int (*assign_clone)(CsSolution *solution, int clone);
    int (*assign_bundle)(CsSolution *solution, int bundle);
    void (*clone_apply_coloc)(CsSolution *solution, int dependent, int clone, const CsColoc *coloc);
    void (*bundle_apply_coloc)(CsSolution *solution, int dependent, int bundle,
                               const CsColoc *coloc);
    void (*bundle_add_colocations)(CsSolution *solution, int bundle);
    /* clone.c's instance order and interleave check, for promote.c */
    gint (*clone_compare_instances)(const CsSolution *solution, int clone, int rsc1, int rsc2);
    void (*clone_recheck_unpaired)(CsSolution *solution, int instance, const CsColoc *coloc);
    gboolean (*clone_interleaves)(const CsSolution *solution, int dependent, const CsColoc *coloc);
} CsPlacers;

struct CsSolution {
    const CsModel *model;
    int n_rsc, n_nodes;
    CsRscWork *work;
    GPtrArray *colocs;        /* CsColoc*, owned */
    int *num_assigned;        /* per node: resources assigned so far */
    CsArena *arena;           /* the tables the solve made (table.c) */
    guint8 *node_available;   /* per node: cs_engine_node_available(), read
                                once: node choice asks it for every pair
                                of nodes it compares */
    int *name_rank;           /* per node: its place in strcmp order of
                                unames, the last tie-breaker of node choice */
    int *uname_class;         /* per node: the first node whose uname equals
                                its own without case, as colocations
                                compare #uname */
    gboolean unames_distinct; /* no two unames equal without case:
                                     uname_class[node] == node */
    int *sorted_nodes;        /* node order for the resource sort */
    CsScore *location_scores; /* assign.c location_scratch() */
    gboolean *location_listed;
    GArray *assign_order; /* top-level resources (int) as assigned:
                                Pacemaker's sorted resource list, which
                                the Transition Summary follows too */
    gboolean stonith_unmanage;
    GArray *print_log;               /* CsPrintEvent: what was printed, in order */
    char *transition_text;           /* cs_solution_transition_text(), once asked */
    struct CsTransition *transition; /* cs_solution_transition(), once
                                         asked (transition.c) */
    struct CsCapacity *capacity;     /* utilization.c; NULL for placement-
                                     strategy=default */
    struct CsExpansion *expansion;   /* expand.c: the engine's view of the
                                        model with clone instances; NULL
                                        when the model is used as is */
    struct CsCloneWork *clones;      /* clone.c, promote.c, ticket.c */
    const CsPlacers *placers;        /* assign.c's cs_placers */
    GPtrArray *promotion_lines;      /* char*: the "ID promotion score on
                                        NODE: SCORE" lines promote.c wrote
                                        (its own, it frees them) */
    guint8 *remote_unchecked;        /* remote.c: per node, a remote node that
                                  could not run resources in the status
                                  (its definitions go unchecked); NULL
                                  when none */
    guint8 *remote_checked;          /* remote.c: per node, a remote node
                                        that could run resources in the
                                        status and goes down as its
                                        connection stops (its definitions
                                        are checked still); NULL when none */
    /* Score merges left before the solve gives up (colocation.c): dense
     * colocation sets make the merge exponential, in Pacemaker too. */
    gint64 merges_left;
    /* Contributions the merges may still copy: each merge copies a table
     * whose provenance grows with the merges before it, so a handful of
     * resources in dense sets can want gigabytes well within the merge
     * count (a fuzzer's input: 7 resources, 94 million). */
    gint64 merge_items_left;
    /* colocation.c: per node, marked unusable by the positive merge under
     * way (every level of its chain sees and clears the marks); NULL
     * outside one. */
    gboolean *merge_marks;
    /* utilization.c: the first resource whose node, under placement-
     * strategy=balanced, came out of a circle of capacity comparisons
     * among equally scored nodes (-1: none). */
    int capacity_circle_rsc;
};

/* Score merges one solve may make before it is refused as too dense.
 * The most any corpus CIB needs is about 11000 (params-6), the 64x10000
 * benchmark about 9300; past 50000 a refusal costs ~0.1 s, where a larger
 * budget made the fuzzer's sanitizer build spend seconds per input. */
#define CS_MERGE_BUDGET ((gint64)50000)
/* At most ~15,000 copied in the corpus (params-6), ~250,000 for the
 * 64x10000 benchmark. */
#define CS_MERGE_ITEM_BUDGET ((gint64)10000000)

/* engine.c: sets error to a "not modelled" refusal (CS_ENGINE_ERROR_
 * UNSUPPORTED, exit status 3) with the message format makes; FALSE. */
gboolean cs_engine_refuse(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* expand.c: clone instances (Pacemaker Explained 2.1, "Clones") */
typedef struct CsExpansion CsExpansion;
/* What the expansion asks of bundles (bundle.c, a floor above it). */
typedef struct CsBundleExpander {
    gboolean (*is_dropped)(const CsModel *model, int rsc);
    void (*expand)(CsExpansion *expansion, int bundle);
    int (*implicit)(CsExpansion *expansion, const char *id);
    /* id is the connection of a replica a bundle no longer has, active
     * in model's status: an orphan primitive, stopped, no guest node of
     * its own */
    gboolean (*former_connection)(CsExpansion *expansion, const CsModel *model, const char *id);
} CsBundleExpander;
CsExpansion *cs_expansion_new(const CsModel *model, const CsBundleExpander *bundles,
                              GError **error);
void cs_expansion_free(CsExpansion *expansion);
CsModel *cs_expansion_model(CsExpansion *expansion);
/* An instance made for a history no configured instance could take. */
gboolean cs_rsc_is_orphan(const CsSolution *solution, int rsc);
/* A clone's configured child: instances copy it; it is never placed. */
gboolean cs_rsc_is_template(const CsSolution *solution, int rsc);
/* An instance of a globally-unique clone (or a member of one). */
gboolean cs_rsc_is_unique_instance(const CsSolution *solution, int rsc);

/* bundle.c: bundles (Pacemaker Explained 2.1, "Bundles") */
gboolean cs_bundle_check_supported(const CsModel *model, GError **error);
/* A bundle Pacemaker leaves out: docker or podman, a resource inside,
 * no <network>. */
gboolean cs_bundle_is_dropped(const CsModel *model, int rsc);
/* Adds the bundle's implicit resources to the view as its children. */
void cs_bundle_expand(CsExpansion *expansion, int bundle);
void cs_bundle_add_colocations(CsSolution *solution, int bundle);
int cs_bundle_assign(CsSolution *solution, int bundle);
/* The implicit resource of a bundle named id in the view, or -1. */
int cs_bundle_implicit(CsExpansion *expansion, const char *id);
gboolean cs_bundle_former_connection(CsExpansion *expansion, const CsModel *model, const char *id);
extern const CsBundleExpander cs_bundle_expander;
/* Before any constraint: a bundle's guest nodes are listed only by its
 * clone and instances. */
void cs_bundle_limit_guest_nodes(CsSolution *solution);
/* Whether a location of the bundle reaches its implicit child. */
gboolean cs_bundle_location_reaches(const CsModel *model, int child);
/* A bundle's order for the Transition Summary: each replica's address,
 * container, connection and instance; the rest of its children after. */
GArray *cs_bundle_summary_order(const CsModel *model, int bundle);
/* After placement: refuses what the engine cannot follow once a
 * replica's container stays unplaced. */
gboolean cs_bundle_check_placed(const CsSolution *solution, GError **error);
/* promote.c: a promotable clone of groups, interleaved, under a mandatory
 * colocation limited to a role with a clone: an instance left placed with
 * no primary instance on its node is refused.  Of 47 such CIBs checked
 * with crm_simulate (session 30), 11 had one; in one of them (fencing
 * enabled without a device, no primary instance anywhere) crm_simulate
 * prints the group's members -INFINITY everywhere yet neither starts nor
 * stops them and weighs the promotion otherwise; the other 10 and the 36
 * without such an instance were equal. */
gboolean cs_promote_check_role_pairs(const CsSolution *solution, GError **error);
/* rsc is a replica's container. */
gboolean cs_bundle_is_container(const CsSolution *solution, int rsc);
/* The address of the replica whose container is rsc, or -1 (no
 * ip-range-start, or rsc no container). */
int cs_bundle_container_address(const CsSolution *solution, int rsc);
/* The container of the replica whose address is rsc, or -1. */
int cs_bundle_address_container(const CsSolution *solution, int rsc);
/* The bundle of which rsc is an implicit resource in the view (a
 * replica's container, address or connection), or NULL. */
const CsResource *cs_bundle_of_replica(const CsModel *view, int rsc);
/* bundle.c: rsc is a replica's connection whose address is its host's
 * name (no ip-range-start). */
gboolean cs_bundle_connection_by_host_name(const CsModel *view, int rsc);
/* rsc is a bundle's implicit resource and the bundle is unmanaged or in
 * maintenance. */
gboolean cs_bundle_replica_unmanaged(const CsModel *view, int rsc);
/* A colocation's effect on dependent once the bundle is placed. */
void cs_bundle_apply_coloc(CsSolution *solution, int dependent, int bundle, const CsColoc *coloc);
/* expand.c: a new primitive ocf:PROVIDER:TYPE named id, a child of
 * parent in the view, with parent's meta attributes; its index. */
int cs_expansion_add_implicit(CsExpansion *expansion, int parent, const char *id,
                              const char *provider, const char *type);
/* expand.c: gives an implicit resource its parameters and operations
 * (either may be NULL), which the view then owns. */
void cs_expansion_define_implicit(CsExpansion *expansion, int rsc, GHashTable *params,
                                  GPtrArray *ops);
/* expand.c: instance number of template (a primitive), a new child of
 * clone in the view; its index. */
int cs_expansion_add_instance(CsExpansion *expansion, int template, int clone, int number);
/* expand.c: a new guest node uname in the view, reached through
 * connection (whose remote_node it becomes); its index.  Node indices of
 * the model stay as they are: the new node comes after them, unless a
 * <node type="remote"> entry names it, which it then takes over. */
int cs_expansion_add_guest_node(CsExpansion *expansion, const char *uname, int connection);

/* clone.c, promote.c, ticket.c */
void cs_clones_init(CsSolution *solution);
void cs_clones_free(CsSolution *solution);
void cs_tickets_apply(CsSolution *solution);
int cs_clone_assign(CsSolution *solution, int clone);
/* How many instances of clone Pacemaker 2.1.5 places on one node: its
 * clone-node-max when globally unique, else 1 (clone.c). */
int cs_clone_node_limit(const CsResource *clone);
/* The node a lost ticket (loss-policy=fence) fences, with why; NULL. */
const char *cs_ticket_fence_reason(const CsSolution *solution, int node);
gboolean cs_ticket_blocked(const CsSolution *solution, int rsc);
gboolean cs_ticket_denies_promotion(const CsSolution *solution, int rsc);

/* nodes */
/* Pacemaker's pcmk__node_available() without the score (nodes.c
 * cs_nodes_init), inline: colocation merges ask it for every node. */
static inline gboolean cs_engine_node_available(const CsSolution *solution, int node)
{
    return solution->node_available[node];
}
void cs_nodes_init(CsSolution *solution);
gboolean cs_table_any_available(const CsSolution *solution, const CsTable *table);
const char *cs_engine_node_attr(const CsSolution *solution, int node, const char *attribute);

/* No probes are made: maintenance-mode, or enable-startup-probes set to
 * a false value (Pacemaker Explained 2.1, "Cluster Options"; Pacemaker's spellings of false:
 * no, false, off, n, 0; anything else leaves the default, true). */
gboolean cs_startup_probes_disabled(const CsModel *model);

/* A location constraint applies at the solve's time under its deprecated
 * <lifetime> (cs_constraint_in_lifetime, model/rules.h). */
gboolean cs_location_in_lifetime(const CsSolution *solution, const CsLocation *location);

/* colocation.c */
void cs_colocations_build(CsSolution *solution);
/* Whether a group's members are colocated (its collocated meta attribute
 * is not false). */
gboolean cs_group_collocated(const CsResource *group);
/* An implicit colocation of dependent with primary at INFINITY. */
void cs_coloc_add_internal(CsSolution *solution, const char *id, int dependent, int primary,
                           gboolean influence);
/* The same at a finite score (a bundle's connection with its container). */
void cs_coloc_add_internal_scored(CsSolution *solution, const char *id, int dependent, int primary,
                                  CsScore score, gboolean influence);
void cs_group_expand_colocations(CsSolution *solution, int group);
void cs_apply_this_with(CsSolution *solution, int rsc, const CsColoc *coloc);
/* A stable sort that leaves an array already in order alone. */
void cs_sort_array(GArray *array, GCompareDataFunc compare, gpointer data);
void cs_coloc_insert_this_with(CsSolution *solution, int rsc, CsColoc *coloc);
void cs_coloc_insert_with_this(CsSolution *solution, int rsc, CsColoc *coloc);
/* The empty list every resource starts with, shared and never written;
 * cs_coloc_list_free() frees any other. */
CsColocList *cs_coloc_no_list(void);
void cs_coloc_list_free(CsColocList *list);
/* A colocation's effect on dependent once primary is assigned. */
void cs_apply_coloc_score(CsSolution *solution, int dependent, int primary, const CsColoc *coloc);
/* place.c: rsc (and its members) assigned to no node at once. */
void cs_assign_nowhere(CsSolution *solution, int rsc);
/* clone.c: the same when the primary is a clone. */
/* An instance placed all the same (unmanaged) whose interleaved
 * mandatory colocation still finds no instance to pair with is assigned
 * nowhere when its promotion priority is set (Pacemaker applies the
 * instance's colocations again there; checked with crm_simulate). */
void cs_clone_recheck_unpaired(CsSolution *solution, int instance, const CsColoc *coloc);
/* Whether dependent (an instance of coloc's dependent clone) pairs with
 * one instance of the primary clone on its node (interleave=true). */
gboolean cs_clone_interleaves(const CsSolution *solution, int dependent, const CsColoc *coloc);
gboolean cs_clone_instance_pairable(const CsSolution *solution, int instance);
void cs_clone_apply_coloc(CsSolution *solution, int dependent, int clone, const CsColoc *coloc);
void cs_add_dependent_scores(CsSolution *solution, int rsc, const CsColoc *coloc);
CsTable *cs_merge_scores(CsSolution *solution, int other, CsTable *nodes, const char *attribute,
                         float factor, gboolean forward, gboolean rollback, const char *via);
/* The same for a clone taking its dependents' preferences (Pacemaker's
 * pe_weights_positive): no step of the merge may make a node negative; a
 * positive node one would is left at 1. */
CsTable *cs_merge_scores_positive(CsSolution *solution, int other, CsTable *nodes,
                                  const char *attribute, float factor, gboolean rollback,
                                  const char *via);
CsTable *cs_merge_scores_for_order(CsSolution *solution, int rsc);

/* assign.c */
void cs_apply_node_criteria(CsSolution *solution, GError **error);
/* guest.c: the container of a guest node's connection, or -1 (also -1
 * for anything that is not a guest node's connection). */
int cs_guest_container_of(const CsModel *model, int connection);
/* guest.c: the guest node that container hosts, or -1. */
int cs_guest_node_of_container(const CsModel *model, int container);
/* guest.c: a guest node that needs fencing (its container or its host
 * lost) while it cannot be fenced: its container is active on a node
 * that left and cannot itself be fenced. */
gboolean cs_guest_unfenceable(const CsSolution *solution, const CsNode *guest);
/* fencing.c: Pacemaker's pe_can_fence() for a cluster node. */
gboolean cs_fencing_possible(const CsSolution *solution, const CsNode *node);
/* guest.c: whether rsc is a filler that runs on its container's remote
 * or guest node instead of with its container. */
gboolean cs_guest_filler_pinned(const CsModel *model, int rsc);
/* guest.c: such fillers avoid every other node. */
void cs_guest_pin_fillers(CsSolution *solution);
/* guest.c: in an opt-in cluster, guest connections start allowed on
 * every node. */
void cs_guest_allow_connections(CsSolution *solution);
/* guest.c: FALSE (error set) for a guest node situation not modelled. */
gboolean cs_guest_check_supported(const CsSolution *solution, GError **error);
/* remote.c: fencing devices and connections avoid remote nodes. */
void cs_remote_avoid_nodes(CsSolution *solution);
/* remote.c: the connections first, in the given assignment order, each
 * deciding whether its remote node can run resources. */
void cs_remote_assign_connections(CsSolution *solution, const int *order, guint n);
/* remote.c: FALSE (error set) for a remote node situation not modelled. */
gboolean cs_remote_check_supported(const CsSolution *solution, GError **error);
/* remote.c: whether the definitions of what ran on node go unchecked:
 * a remote node that could not run resources in the status. */
gboolean cs_remote_definitions_unchecked(const CsSolution *solution, int node);
/* remote.c: whether the definitions of what ran on node are checked
 * although the node goes down: its connection stops in this transition. */
gboolean cs_remote_definitions_checked(const CsSolution *solution, int node);
/* remote.c: records, as connection (of remote node remote, its state
 * from the status) is assigned, whether that node's definitions are
 * checked: Pacemaker compares them before it assigns anything. */
void cs_remote_note_definition_checks(CsSolution *solution, int connection, const CsNode *remote,
                                      gboolean up);
void cs_assign_all(CsSolution *solution);
extern const CsPlacers cs_placers;
/* place.c: rsc placed, whatever its kind (through solution->placers). */
int cs_assign(CsSolution *solution, int rsc);
/* place.c: a primitive placed on node (-1: nowhere). */
void cs_assign_to(CsSolution *solution, int rsc, int node);
/* nodes.c: where a boolean-op="or" rule's score starts on node (model:
 * the view, to tell a bundle's guest nodes). */
CsScore cs_rule_node_base(const CsModel *model, const CsNode *node, const CsRule *rule);
/* nodes.c: Pacemaker's pcmk__numeric_strcasecmp(): digit runs compare as
 * numbers (the longer run first when equal), other characters without
 * case. */
int cs_numeric_strcasecmp(const char *s1, const char *s2);
/* nodes.c: what a rule of location is evaluated against on node. */
CsRuleContext cs_location_rule_context(const CsSolution *solution, const CsLocation *location,
                                       const CsNode *node);
CsScore cs_node_status_score(const CsNode *node);
/* The node a failed migrate_to left state's resource active on once the
 * source has stopped, or -1. */
int cs_stopped_migration_target(const CsRscState *state);
/* The node a failed migrate_to (its target) or migrate_from (its source)
 * left state's resource active on besides its own, or -1. */
int cs_failed_migration_peer(const CsRscState *state);
/* The target of state's partial migration (migrate_to done, no
 * migrate_from yet) while its source is active, or -1. */
int cs_partial_migration_target(const CsRscState *state);

/* colocation.c: Pacemaker's colocated_resources(): rsc and every resource
 * tied to it by INFINITY colocations, in discovery order (rsc indices). */
GArray *cs_colocated_resources(const CsSolution *solution, int rsc);

/* utilization.c (Pacemaker Explained 2.1, "Utilization and Placement
 * Strategy"): remaining node capacities as resources are assigned. */
void cs_capacity_init(CsSolution *solution);
void cs_capacity_free(CsSolution *solution);
void cs_capacity_consume(CsSolution *solution, int rsc, int node);
void cs_capacity_release(CsSolution *solution, int rsc, int node);
int cs_capacity_compare(const CsSolution *solution, int node1, int node2);
int cs_capacity_ban_insufficient(CsSolution *solution, int rsc);
/* Where a clone instance is placed as Pacemaker's location() tells it
 * (place.c): a cloned group is on a node only when every placed member
 * is there (an unmanaged member kept elsewhere leaves it on none); -1
 * when none. */
int cs_instance_location(const CsSolution *solution, int rsc);
/* Node indices in the iteration order of rsc's allowed-nodes hash table
 * in Pacemaker (NULL under placement-strategy=default). */
const int *cs_capacity_node_order(const CsSolution *solution, int rsc);

/* assign.c: node indices sorted as Pacemaker lists cluster nodes (by name,
 * digit runs compared as numbers, case-insensitive); caller frees. */
int *cs_nodes_in_name_order(const CsSolution *solution);
/* fencing.c: whether unfencing is in use (Pacemaker Explained 2.1,
 * "Unfencing"), and whether node was unfenced already */
gboolean cs_unfencing_in_use(const CsModel *model);
gboolean cs_node_unfenced(const CsNode *node);

/* ---- actions: actions.c, transition.c (digests: model/digest.h) ------- */

/* Frees what cs_solution_transition() kept (NULL: nothing). */
void cs_transition_free(struct CsTransition *transition);

typedef enum {
    CS_TASK_START,
    CS_TASK_STOP,
    CS_TASK_RUNNING,
    CS_TASK_STOPPED,
    CS_TASK_MIGRATE_TO,
    CS_TASK_MIGRATE_FROM,
    CS_TASK_RELOAD,
    CS_TASK_PSEUDO,
    CS_TASK_FENCE,
    /* promotable clones (Pacemaker Explained 2.1, "Promotable clones"): an instance's role
     * changes, and the clone's pseudo-actions around them */
    CS_TASK_PROMOTE,
    CS_TASK_DEMOTE,
    CS_TASK_PROMOTED,
    CS_TASK_DEMOTED,
} CsTask;

/* Action flags (Pacemaker's pe_action_flags). */
enum {
    CS_ACT_OPTIONAL = 1 << 0,
    CS_ACT_RUNNABLE = 1 << 1,
    CS_ACT_PSEUDO = 1 << 2,
    CS_ACT_MIGRATABLE = 1 << 3,
    CS_ACT_REQUIRES_ANY = 1 << 4,
    /* a start Pacemaker's start_resource() made, which waits for its
     * node's unfencing when unfencing is in use (fencing.c) */
    CS_ACT_START_SCHEDULED = 1 << 5,
    /* the stop of a dangling migration's source (actions.c) */
    CS_ACT_DANGLE = 1 << 6,
};

/* Resource flags the action graph needs (Pacemaker's pe_rsc_*). */
enum {
    CS_RSCF_MANAGED = 1 << 0,
    CS_RSCF_FAILED = 1 << 1,
    CS_RSCF_STOP = 1 << 2,
    CS_RSCF_RELOAD = 1 << 3,
    CS_RSCF_BLOCK = 1 << 4,
    CS_RSCF_STOP_UNEXPECTED = 1 << 5,
    CS_RSCF_RESTARTING = 1 << 6,
    CS_RSCF_START_PENDING = 1 << 7,
    CS_RSCF_MIGRATION_CONTINUES = 1 << 8,
};

struct CsEdge;

/* A list carved from the graph's blocks (actions.c graph_alloc()): a
 * full list moves to room twice its size, and nothing is freed before
 * the graph is. */
typedef struct CsEdgeList {
    struct CsEdge **items; /* oldest first */
    guint len, size;
} CsEdgeList;

typedef struct CsAct {
    CsTask task;
    int rsc;  /* -1: a node or ordering action */
    int node; /* -1: none (yet) */
    guint flags;
    char *reason;
    char *name;        /* pseudo and fence actions */
    CsEdgeList before; /* orderings where this is "then" */
    CsEdgeList after;  /* orderings where this is "first" */
    int runnable_before, required_before;
} CsAct;

/* A resource's actions, carved like CsEdgeList. */
typedef struct CsActList {
    CsAct **items; /* creation order */
    guint len, size;
} CsActList;

/* Node indices carved from a graph's blocks (actions.c). */
typedef struct CsNodeList {
    int *items;
    guint len, size;
} CsNodeList;

typedef struct CsGraph {
    const CsSolution *solution;
    const CsModel *model;
    GPtrArray *actions;     /* CsAct*, creation order */
    GPtrArray *orderings;   /* CsOrdering*: pending resource orderings */
    CsActList *by_rsc;      /* per resource: its actions */
    CsNodeList *running_on; /* per resource: the nodes it is active on */
    guint *rsc_flags;
    CsRole *role, *next_role;
    int *assigned;
    gboolean *fenced;         /* per node: fencing scheduled */
    CsAct **unfence;          /* per node: its unfencing ("on"), or NULL */
    gboolean probes_ordered;  /* starts now wait for probes on pending nodes */
    gboolean probes_disabled; /* cs_startup_probes_disabled(), read once */
    /* Actions, edges, orderings and their lists: carved from blocks that
     * are freed with the graph (graph_alloc()). */
    GPtrArray *blocks;
    char *block_next;
    gsize block_left;
} CsGraph;

CsGraph *cs_graph_build(const CsSolution *solution);
/* bundle.c: the address parameter of each bundle connection that
 * reaches its guest by its host's name, once the resources are assigned. */
void cs_bundle_address_connections(const CsGraph *graph);
void cs_graph_free(CsGraph *graph);
/* actions.c: rsc's last migration left its source unstopped. */
gboolean cs_has_dangling_migration(const CsGraph *graph, int rsc);
/* actions.c: the node rsc counts as active on (-1 when none). */
gboolean cs_rsc_needs_fencing(const CsResource *info);
int cs_current_node(const CsGraph *graph, int rsc);
/* Pacemaker's find_actions(): the last of rsc's actions for task on node
 * (any node when node < 0; a node-less action is given node). */
CsAct *cs_graph_find(CsGraph *graph, int rsc, CsTask task, int node);
/* The first of rsc's actions for task made on node (any node when < 0). */
CsAct *cs_graph_find_first(const CsGraph *graph, int rsc, CsTask task, int node);
const char *cs_task_name(const CsAct *action);

#endif
