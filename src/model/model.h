/* model.h: the typed cluster model read from a CIB document.
 *
 * Everything is indexed by integers (node i, resource j) with hash lookups
 * by id.  Strings point into memory the model owns.  Rules that depend on a
 * node (location rules) are kept as xmlNode pointers into the document for
 * the engine to evaluate; rules that depend only on time and the resource
 * (meta/instance attribute sets, rsc_defaults, op_defaults, cluster
 * options) are evaluated here against model->now.
 *
 * Sources: Pacemaker Explained 2.1, "Cluster-Wide Configuration", "Cluster
 * Nodes", "Cluster Resources", "Resource Constraints", "Utilization and
 * Placement Strategy", "Groups", "Clones" and "Rules"; the status section as Pacemaker 2.1.5's scheduler unpacks it.
 */
#ifndef CS_MODEL_H
#define CS_MODEL_H

#include <glib.h>
#include <libxml/tree.h>
#include "cib/document.h"
#include "base/iso8601.h"
#include "base/score.h"

typedef enum {
    CS_ROLE_UNKNOWN = 0,
    CS_ROLE_STOPPED,
    CS_ROLE_STARTED,
    CS_ROLE_UNPROMOTED, /* also read from the legacy "Slave" */
    CS_ROLE_PROMOTED,   /* also read from the legacy "Master" */
} CsRole;

const char *cs_role_name(CsRole role);  /* "Started", ... */
CsRole cs_role_parse(const char *text); /* UNKNOWN if unknown */

/* ---- cluster options -------------------------------------------------- */

typedef enum {
    CS_NO_QUORUM_STOP,
    CS_NO_QUORUM_IGNORE,
    CS_NO_QUORUM_FREEZE,
    CS_NO_QUORUM_SUICIDE,
    CS_NO_QUORUM_DEMOTE
} CsNoQuorumPolicy;
typedef enum {
    CS_PLACEMENT_DEFAULT,
    CS_PLACEMENT_UTILIZATION,
    CS_PLACEMENT_MINIMAL,
    CS_PLACEMENT_BALANCED
} CsPlacementStrategy;
typedef enum {
    CS_HEALTH_NONE,
    CS_HEALTH_MIGRATE_ON_RED,
    CS_HEALTH_ONLY_GREEN,
    CS_HEALTH_PROGRESSIVE,
    CS_HEALTH_CUSTOM
} CsHealthStrategy;

typedef struct CsOptions {
    GHashTable *values; /* every crm_config nvpair chosen: name -> value */
    gboolean symmetric_cluster;
    gboolean stonith_enabled;
    gboolean have_quorum; /* <cib have-quorum> */
    CsNoQuorumPolicy no_quorum_policy;
    gboolean maintenance_mode;
    gboolean stop_all_resources;
    gboolean start_failure_is_fatal;
    gboolean stop_orphan_resources;
    gboolean stop_orphan_actions;
    CsPlacementStrategy placement_strategy;
    CsHealthStrategy node_health_strategy;
    CsScore node_health_red, node_health_yellow, node_health_green;
    CsScore node_health_base;
    CsScore default_stickiness; /* legacy default-resource-stickiness */
    char *cluster_name;         /* may be NULL */
    char *dc_uuid;              /* <cib dc-uuid>, may be NULL */
    gint64 cluster_recheck_interval_s;
    gint64 shutdown_lock_limit_s;
    gboolean shutdown_lock;
    gboolean concurrent_fencing;
    char *stonith_action; /* "reboot" by default */
    int batch_limit;
} CsOptions;

/* ---- nodes ------------------------------------------------------------ */

typedef enum { CS_NODE_MEMBER, CS_NODE_REMOTE, CS_NODE_GUEST, CS_NODE_PING } CsNodeType;

typedef struct CsNode {
    int index;
    char *id;
    char *uname;
    CsNodeType type;
    /* instance_attributes (rule-selected) overlaid with the status
     * section's transient attributes, plus the built-ins #uname, #id,
     * #kind, #is_dc and #cluster-name / #site-name when known. */
    GHashTable *attrs;
    GHashTable *utilization; /* name -> value */
    gboolean online;
    gboolean unclean;  /* needs fencing */
    gboolean pending;  /* joining */
    gboolean shutdown; /* shutdown attribute set */
    gboolean expected_up;
    gboolean standby;
    gboolean maintenance;
    gboolean is_dc;
    gboolean has_state; /* a node_state entry exists */
    /* added by the model: */
    gboolean unseen;                /* never seen in status (startup fencing) */
    gboolean standby_onfail;        /* standby because of on-fail=standby */
    gboolean rsc_discovery_enabled; /* remote/guest resource-discovery-enabled */
    gboolean remote_was_fenced;     /* node_state remote_was_fenced="1" */
    gboolean remote_requires_reset;
    gboolean remote_maintenance; /* node_state node_in_maintenance="1" */
    /* status.c, for a rebuild that shares the histories: the node as the
     * node_state pass left it (what the histories read), and whether a
     * history then fenced it. */
    guint32 pre_history;
    gboolean history_fenced;
    int remote_rsc;     /* connection resource index, -1 */
    /* a bundle replica's guest node, made because a node_state names
     * it (model/bundle.c); its connection is the engine's, remote_rsc -1 */
    gboolean bundle_guest;
    CsScore weight;     /* <node score=...> (usually 0) */
    xmlNode *xml;       /* <node> in configuration, may be NULL */
    xmlNode *state_xml; /* <node_state>, may be NULL */
} CsNode;

/* ---- resources -------------------------------------------------------- */

typedef enum { CS_RSC_PRIMITIVE, CS_RSC_GROUP, CS_RSC_CLONE, CS_RSC_BUNDLE } CsRscKind;

typedef struct CsOp {
    char *id;
    char *name; /* start, stop, monitor, promote, ... */
    guint interval_ms;
    CsRole role;   /* UNKNOWN when not given */
    char *on_fail; /* NULL = Pacemaker's default for the op */
    gboolean enabled;
    guint timeout_ms;
    GHashTable *meta; /* the op's own attributes and meta, op_defaults applied;
                         NULL (and id NULL) for the monitor the engine
                         gives a bundle's implicit resource */
    xmlNode *xml;
} CsOp;

/* A <bundle>'s own settings (Pacemaker Explained 2.1, "Bundles"): the
 * container runtime, its replicas and the network and storage the
 * scheduler turns into implicit resources.  Read by model/bundle.c. */
typedef struct CsBundlePort {
    char *id;
    char *port; /* port, NULL for a range */
    char *internal_port;
    char *range;
} CsBundlePort;

/* A <storage-mapping>: source-dir, or source-dir-root (one directory per
 * replica under it), mounted at target-dir with options. */
typedef struct CsBundleStorage {
    char *source, *source_root, *target, *options;
} CsBundleStorage;

typedef struct CsBundle {
    gint refs;     /* resources sharing it (a rebuild's copies) */
    char *runtime; /* "docker", "podman", "rkt"; NULL if none */
    char *image;
    int replicas;          /* default promoted-max, else 1 */
    int replicas_per_host; /* default 1 */
    int promoted_max;      /* default 0 (legacy "masters") */
    gboolean run_command_set;
    char *network_mode;   /* the runtime's network=, NULL */
    char *ip_range_start; /* <network ip-range-start>, NULL */
    char *host_interface, *host_netmask;
    int control_port;         /* default 3121 */
    gboolean control_given;   /* control-port given in <network> */
    gboolean add_host;        /* default true */
    gboolean has_network;     /* a <network> element is there */
    GPtrArray *ports;         /* CsBundlePort* */
    int n_storage;            /* <storage-mapping>s */
    GPtrArray *storage;       /* CsBundleStorage*, document order */
    char *options;            /* the runtime's options=, NULL */
    char *run_command;        /* the runtime's run-command=, NULL */
    gboolean unknown_runtime; /* a runtime element not known */
} CsBundle;

CsBundle *cs_bundle_ref(CsBundle *bundle);
void cs_bundle_unref(CsBundle *bundle);
/* The name Pacemaker gives replica n's ip-range-start address plus n
 * (IPv4 only): NULL when the address is not one it can count from. */
char *cs_bundle_replica_address(const CsBundle *bundle, int n);
/* The parameters Pacemaker 2.1.5 gives replica n's implicit container
 * (guests: the bundle has a resource inside, reached through its
 * network) and address, in a new table of new strings; NULL when the
 * bundle uses a setting whose parameters are not modelled (or has more
 * than 256 replicas with ip-range-start: each container's options name
 * them all). */
GHashTable *cs_bundle_container_params(const CsBundle *bundle, const char *id, int n,
                                       gboolean guests);
GHashTable *cs_bundle_address_params(const CsBundle *bundle, int n);

typedef struct CsResource {
    int index;
    /* id, rsc_class, provider, type and template_id are GRefStrings: a
     * resource derived again after an edit of <rsc_defaults> shares them */
    char *id;
    CsRscKind kind;
    int parent;                        /* index, -1 at top level */
    GArray *children;                  /* int indices, in document order */
    char *rsc_class, *provider, *type; /* primitives; NULL otherwise */
    char *template_id;                 /* primitive template="...", NULL if none */
    GHashTable *meta;                  /* rsc_defaults < parents < own, rule-selected */
    GHashTable *params;                /* instance_attributes, rule-selected */
    GHashTable *utilization;
    GPtrArray *ops; /* CsOp*, document order */

    /* interpreted meta attributes (Pacemaker Explained 2.1, "Resource Meta-Attributes") */
    CsScore stickiness;       /* resource-stickiness (default 0;
                                      1 for clone instances without one) */
    gboolean stickiness_set;  /* given explicitly or via rsc_defaults */
    int migration_threshold;  /* 0 = none; default INFINITY */
    gint64 failure_timeout_s; /* 0 = never */
    gboolean managed;         /* is-managed, and not maintenance */
    gboolean maintenance;
    CsRole target_role; /* UNKNOWN when not given */
    int priority;
    /* multiple_active and requires point to static strings: a copy of
     * the resource shares them */
    const char *multiple_active; /* stop_start (default), stop_only, block, stop_unexpected */
    gboolean allow_migrate;
    gboolean critical;
    const char *requires; /* nothing, quorum, fencing, unfencing */
    /* clones (Pacemaker Explained 2.1, "Clones") */
    gboolean promotable;
    int clone_max, clone_node_max, promoted_max, promoted_node_max;
    gboolean globally_unique, interleave, ordered, notify;
    xmlNode *xml; /* as configured (the referring element
                                  when a template was used) */
    /* added by the model: */
    xmlNode *template_xml;         /* the <template>, or NULL */
    gboolean fence_device;         /* class="stonith" */
    gboolean is_remote_connection; /* ocf:pacemaker:remote (or a guest
                                       node's implicit connection) */
    int container;                 /* index of the container (meta "container",
                                  or the guest whose remote-node made this
                                  connection), -1 */
    int remote_node;               /* node index this connection creates, -1 */
    gint64 remote_reconnect_ms;
    gboolean implicit;              /* made by the model (guest connection) */
    gboolean block_failure_timeout; /* an op has on-fail=block */
    CsBundle *bundle;               /* a <bundle>'s settings, owned; NULL */
    /* cs_model_rebuild(): how many models hold this resource, and the
     * warnings its subtree gave while read (first, relative to the start
     * of the resources stage, and how many). */
    gint refs;
    guint warnings_first, warnings_count;
    /* The names meta took from rsc_defaults or from the parent's meta
     * rather than from the resource's own attributes and sets or its
     * ancestors' sets (NULL-terminated, NULL when none; only noted while
     * model->rsc_defaults_names is known): an edit of <rsc_defaults> can
     * change those and no other (cs_model_rebuild). */
    char **meta_inherited;
} CsResource;

/* ---- constraints ------------------------------------------------------ */

typedef enum { CS_DISCOVERY_ALWAYS, CS_DISCOVERY_NEVER, CS_DISCOVERY_EXCLUSIVE } CsDiscovery;

/* One per (constraint, resource): rsc-pattern, resource sets and tags are
 * expanded here, in the order Pacemaker processes them. */
typedef struct CsLocation {
    char *id;
    int rsc;
    CsRole role;      /* UNKNOWN = any role */
    char *node;       /* uname for the node+score form, else NULL */
    CsScore score;    /* node+score form */
    GPtrArray *rules; /* CsRule*, compiled from the <rule>s when the
                                  model is built; empty for node+score */
    CsDiscovery discovery;
    char **submatches; /* rsc-pattern matches, NULL-terminated, or NULL */
    xmlNode *xml;
} CsLocation;

/* One per ordered pair: sets are expanded as Pacemaker pairs them. */
typedef struct CsColocation {
    char *id;
    int rsc;      /* dependent: placed relative to with_rsc */
    int with_rsc; /* primary */
    CsScore score;
    CsRole rsc_role, with_role; /* UNKNOWN = any (also for "Started") */
    char *node_attribute;       /* "#uname" by default */
    gboolean influence;         /* resolved: constraint, else rsc's critical */
    xmlNode *xml;
    /* added by the model: */
    char *set_id; /* pair made inside a resource_set (Pacemaker
                                  names the colocation after the set), or NULL */
} CsColocation;

typedef enum { CS_ORDER_MANDATORY, CS_ORDER_OPTIONAL, CS_ORDER_SERIALIZE } CsOrderKind;

typedef struct CsOrder {
    char *id;
    int first, then;
    char *first_action, *then_action; /* "start" when not given */
    CsOrderKind kind;                 /* from kind=, or legacy score= */
    gboolean symmetrical;
    int require_all_group; /* -1, or set number for require-all=false */
    xmlNode *xml;
    /* added by the model: every pair Pacemaker creates is listed, the
     * inverse ("then" stops before "first" stops) of symmetrical orders
     * included, marked inverse=TRUE: do not invert again. */
    gboolean inverse;
    char *set_id;          /* the resource_set, or NULL */
    gboolean between_sets; /* made between two resource_sets */
} CsOrder;

typedef struct CsTicketConstraint {
    char *id;
    int rsc;
    char *ticket;
    char *loss_policy; /* stop (default), demote, fence, freeze */
    CsRole rsc_role;
    xmlNode *xml;
} CsTicketConstraint;

typedef struct CsTicket {
    char *id;
    gboolean granted;
    gboolean standby;
    gint64 last_granted;
} CsTicket;

/* ---- status ----------------------------------------------------------- */

/* One <lrm_rsc_op> */
typedef struct CsOpRecord {
    char *id;
    char *operation; /* start, stop, monitor, migrate_to, ... */
    guint interval_ms;
    int call_id;
    int rc_code;
    int op_status;
    int target_rc; /* from transition-key, -1 if unknown */
    gint64 last_rc_change;
    gint64 last_run;
    char *op_digest, *op_restart_digest, *op_secure_digest;
    char *migrate_source, *migrate_target;
    xmlNode *xml;
    /* added by the model: */
    char *operation_key; /* operation_key attribute, or id */
    gboolean expired;    /* failure-timeout made it not count */
} CsOpRecord;

/* What the status section says of one resource on one node. */
typedef struct CsRscState {
    int rsc;      /* index; -1 for an orphan (not configured) */
    char *rsc_id; /* as in <lrm_resource id> */
    int node;
    GPtrArray *history;     /* CsOpRecord*, by call-id (pending last) */
    CsRole role;            /* current role the history implies */
    gboolean failed;        /* the last result was a failure */
    gboolean pending;       /* an operation is in flight */
    gboolean migrating;     /* partial migration seen */
    char *on_fail_applied;  /* on-fail policy the failure triggered, or NULL */
    gboolean agent_changed; /* the history's class, provider or type is
                                  not the configured agent's */
    /* added by the model: */
    int instance;                           /* N of "rsc:N" in the lrm_resource id, -1 */
    CsRole next_role;                       /* UNKNOWN, or what a failure forces
                                  (on-fail=stop: Stopped) */
    gboolean failure_ignored;               /* a failure was treated as success */
    gboolean blocked;                       /* on-fail=block, or unrecoverable stop */
    gboolean dangling_migration;            /* migrate_to+migrate_from done, no stop */
    int migration_source, migration_target; /* partial migration, or -1 */
    gboolean migration_target_unknown;      /* migrate_to done, nothing known
                                               on its online target yet */
    char *pending_task;                     /* in-flight operation, or NULL */
    CsOpRecord *last_failure;               /* the failure that set failed, or NULL */
} CsRscState;

/* A -INFINITY ban the status section implies (Pacemaker's hard-error,
 * fatal-error, __stop_fail__, masked-probe-failure,
 * __action_migration_auto__, on-fail=stop). */
typedef struct CsStatusBan {
    int rsc;      /* index of the resource banned (the clone
                                  for anonymous clone instances) */
    int node;     /* -1 = every node */
    char *reason; /* Pacemaker's constraint id, e.g. "hard-error" */
    int history;  /* index in rsc_states of the history whose failure
                     set an on-fail=stop ban; -1 for any other ban */
} CsStatusBan;

/* One fail-count-RSC#OP_INTERVAL (or legacy fail-count-RSC) attribute. */
typedef struct CsFailCount {
    int rsc; /* -1 for an orphan */
    char *rsc_id;
    int node;
    char *operation; /* NULL for the legacy whole-resource form */
    guint interval_ms;
    int count;           /* INFINITY stored as CS_INFINITY */
    gint64 last_failure; /* 0 when unknown */
} CsFailCount;

/* ---- features, for "not modelled yet" -------------------------------- */

typedef enum {
    CS_FEATURE_CLONE = 1 << 0,
    CS_FEATURE_PROMOTABLE = 1 << 1,
    CS_FEATURE_BUNDLE = 1 << 2,
    CS_FEATURE_REMOTE_NODE = 1 << 3,
    CS_FEATURE_GUEST_NODE = 1 << 4,
    CS_FEATURE_TICKET = 1 << 5,
    CS_FEATURE_TEMPLATE = 1 << 6,
    CS_FEATURE_TAGS = 1 << 7,
    CS_FEATURE_UTILIZATION = 1 << 8,
    CS_FEATURE_STONITH = 1 << 9,
    CS_FEATURE_SETS = 1 << 10,
} CsFeature;

/* ---- the model -------------------------------------------------------- */

/* The build's stages, in Pacemaker's cluster_status() order. */
typedef enum {
    CS_MODEL_STAGE_OPTIONS,
    CS_MODEL_STAGE_NODES,
    CS_MODEL_STAGE_RESOURCES,
    CS_MODEL_STAGE_CONSTRAINTS,
    CS_MODEL_STAGE_STATUS,
    CS_MODEL_STAGE_COUNT,
} CsModelStage;

typedef struct CsConstraintUnit CsConstraintUnit; /* constraints.c */

typedef struct CsModel {
    const CsDocument *document; /* not owned */
    CsTime now;
    CsOptions options;
    GHashTable *rsc_defaults; /* name -> value, not rule-resolved per rsc;
                                     one reference per model (a rebuild after
                                     an edit elsewhere shares it) */
    /* char*: every name an nvpair of <rsc_defaults>'s meta_attributes
     * sets gives, whatever their rules (one reference per model); NULL
     * when a rebuild cannot follow an edit of the section: it also holds
     * instance_attributes, a "#default" value or too many names. */
    GPtrArray *rsc_defaults_names;
    GHashTable *op_defaults;

    GPtrArray *nodes;          /* CsNode*, configuration order, then the
                                     remote/guest nodes resources create
                                     (node_state entries for unknown nodes
                                     are ignored, as Pacemaker does) */
    GHashTable *node_by_uname; /* uname -> CsNode* */
    GHashTable *node_by_id;    /* id -> CsNode* */

    GPtrArray *resources; /* CsResource*, depth-first document order */
    /* id -> index + 1 (GINT_TO_POINTER): a rebuild keeps every id at
     * its index, so models rebuilt from one another share it
     * (referenced; its keys are its own).  cs_model_resource() reads it. */
    GHashTable *rsc_by_id;

    /* The constraint entries, borrowed from constraint_units (which a
     * rebuilt model may share with the model before it): */
    GPtrArray *locations;          /* CsLocation* */
    GPtrArray *colocations;        /* CsColocation* */
    GPtrArray *orders;             /* CsOrder* */
    GPtrArray *ticket_constraints; /* CsTicketConstraint* */
    GPtrArray *tickets;            /* CsTicket* */

    GPtrArray *rsc_states;  /* CsRscState*, in Pacemaker's unpack order:
                                     node_state document order (remote and
                                     guest nodes once their connection is
                                     known up), lrm_resource order within */
    GPtrArray *fail_counts; /* CsFailCount* */

    GPtrArray *status_bans;       /* CsStatusBan* */
    GHashTable *state_index;      /* (rsc, node) key -> CsRscState* (first) */
    GHashTable *fail_count_index; /* (rsc, node) key -> GPtrArray of CsFailCount* */
    GHashTable *digest_verdicts;  /* CsOpRecord* -> its digests' verdict
                                     (model/digest.h), shared with rsc_states */
    GHashTable *tags;             /* tag id -> GPtrArray of char* ids */
    gint64 recheck_by;            /* earliest later time a rule or failure
                                     timeout changes the answer, 0 = none */
    gboolean stonith_resource_present;

    guint features;      /* CsFeature bits present in the CIB */
    GPtrArray *warnings; /* char*: configuration errors ignored as Pacemaker ignores them */

    /* cs_model_rebuild(): the parts this model may share with models
     * rebuilt from it or it from (options and defaults; nodes with all
     * the status section gives), and what each stage of the build added
     * to warnings (their count at its end) and to features. */
    struct CsModelPart *config_part, *status_part;
    guint stage_warnings_end[CS_MODEL_STAGE_COUNT];
    guint stage_features[CS_MODEL_STAGE_COUNT];
    gboolean enable_unfencing; /* a set provides or requires unfencing */
    gboolean plain_nodes;      /* no remote or guest node, no connection:
                                     the nodes are <nodes> alone */
    gboolean id_refs;          /* some element used id-ref when built */
    /* What reading the resource histories added (status.c): a rebuild
     * whose edit left every input of the histories as it was takes these
     * over instead of reading the histories again. */
    guint history_warnings; /* the last ones of the status stage */
    guint history_features;
    gint64 history_recheck_by;
    gboolean histories_shared; /* this model took them over */
    /* What each element of <constraints> gave (constraints.c), in
     * document order: a rebuild takes over those of the elements its
     * edit did not touch, and counts them. */
    GPtrArray *constraint_units; /* CsConstraintUnit*, owned (one reference each) */
    guint constraints_reused;
    /* Set while a constraint is read when it named a resource inside a
     * promotable clone: what it stands for depends on the status. */
    gboolean constraint_read_status;
} CsModel;

#define CS_MODEL_ERROR cs_model_error_quark()
GQuark cs_model_error_quark(void);
typedef enum {
    CS_MODEL_ERROR_INVALID,     /* not a usable CIB (exit 2) */
    CS_MODEL_ERROR_UNSUPPORTED, /* uses something not modelled (exit 3) */
} CsModelError;

/* Builds the model; "now" is the clock for rules and failure timeouts. */
CsModel *cs_model_build(const CsDocument *document, CsTime now, GError **error);
void cs_model_free(CsModel *model);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsModel, cs_model_free)
/* What changed in previous->document since previous was built, and the
 * clock when it changed: cs_edit_log_take_changes() tells. */
typedef struct CsModelChanges {
    gboolean nodes_or_status;  /* <nodes>, or transient attributes in status */
    gboolean status_untouched; /* with nodes_or_status: only <nodes> changed */
    GPtrArray *meta_resources; /* xmlNode*: resources whose own
                                     <meta_attributes> changed; NULL = none */
    /* xmlNode*: the elements directly under <constraints> linked,
     * unlinked or changed inside; the others give what they gave
     * previous, which is taken over.  NULL: unknown, every constraint is
     * read again. */
    GPtrArray *constraints;
    /* The new clock, NULL when it is previous's.  A new clock is followed
     * only alone (no other change) and only when nothing previous read
     * depends on it: the model is then previous's with the new "now",
     * which the solve reads (location rules, lifetimes, shutdown locks). */
    const CsTime *now;
    /* Inside <rsc_defaults> (or the section itself): alone, each
     * resource's meta attributes are derived again where they can change
     * (see CsResource.meta_inherited), the rest shared. */
    gboolean rsc_defaults;
    /* Inside the status section's <tickets>: the ticket states are read
     * again (they are read after the constraints in any case). */
    gboolean tickets;
    /* Inside <crm_config>: the options are read again; the rest is shared
     * when what the later stages read of them is unchanged. */
    gboolean options;
    /* Inside <op_defaults> (or the section itself): every resource is
     * read again (its operations take op_defaults in), the status shared
     * when what it reads of the operations is unchanged. */
    gboolean op_defaults;
    /* A <node_state> itself came, went or changed (node add, node
     * remove): with nodes_or_status; the nodes may then differ from
     * previous's, and the constraints and the whole status section are
     * read again. */
    gboolean node_states;
    /* Resource elements linked or unlinked in the resource tree (a group
     * or clone made or unmade, a resource added, removed or replaced):
     * with nothing but constraints beside it, the resources are read
     * again where the tree changed and shared or renumbered elsewhere,
     * and the constraints, the nodes and the status read again. */
    gboolean resource_tree;
} CsModelChanges;
/* The model of previous->document after an edit confined to
 * <constraints> and what changes says: the same as cs_model_build()
 * would give, at a fraction of the cost, since only what the changes
 * reach is read again.  Everything else is
 * shared with previous (either may be freed first).  NULL with *error
 * when the changes reach further than this can follow (a new node, a
 * remote node, a meta attribute the status section depends on with no
 * way to tell...): build from scratch then. */
CsModel *cs_model_rebuild(CsModel *previous, const CsModelChanges *changes, GError **error);
/* cs_model_rebuild() with nothing but <constraints> changed. */
CsModel *cs_model_rebuild_constraints(CsModel *previous, GError **error);

/* The CIB's execution-date (seconds since the epoch on <cib>), which
 * crm_simulate uses as "now" when no --time is given.  FALSE if absent. */
gboolean cs_model_execution_date(const CsDocument *document, CsTime *out);
/* "now" for a CIB: time_text (ISO 8601) when given; otherwise, as
 * crm_simulate does, the CIB's execution-date, and only then the wall
 * clock.  FALSE with CS_MODEL_ERROR_INVALID when time_text is unreadable. */
gboolean cs_model_resolve_now(const CsDocument *document, const char *time_text, CsTime *out,
                              GError **error);

CsNode *cs_model_node(const CsModel *model, const char *uname_or_id);
CsResource *cs_model_resource(const CsModel *model, const char *id);
/* What a bundle replica's connection, whose meta attributes are the
 * bundle's, requires (Pacemaker Explained 2.1, "Resource
 * Meta-Attributes"): the value given, else quorum. */
const char *cs_rsc_connection_requires(const CsModel *model, const CsResource *connection);
/* Whether some <lrm_resource> of the status section has this id (whether
 * or not Pacemaker reads that node's history). */
gboolean cs_model_history_named(const CsModel *model, const char *id);
/* The ticket named id (granted, revoked or only constrained), or NULL. */
CsTicket *cs_model_find_ticket(const CsModel *model, const char *id);
/* The rsc_states entry for (rsc, node), or NULL. */
CsRscState *cs_model_rsc_state(const CsModel *model, int rsc, int node);
/* Sum of unexpired fail counts of rsc on node (CS_INFINITY saturates). */
int cs_model_fail_count(const CsModel *model, int rsc, int node);
/* The node count a clone's default clone-max starts from (resources.c). */
int cs_model_clone_max_nodes(const CsModel *model);
/* Whether the failures of rsc on node never expire: an operation with
 * on-fail=block failed there. */
gboolean cs_model_failure_never_expires(const CsModel *model, int rsc, int node);

#endif
