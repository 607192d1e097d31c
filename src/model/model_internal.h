/* model_internal.h: what the model's own files share while building.
 *
 * Not a contract: only the model's own .c files include it.  Every unpack step reads
 * one part of the CIB into the model, in the order Pacemaker 2.1.5's
 * cluster_status() does: options, nodes, resources, tags, constraints,
 * status.
 */
#ifndef CS_MODEL_INTERNAL_H
#define CS_MODEL_INTERNAL_H

#include "model/model.h"
#include "model/nvset.h"
#include "model/rules.h"
#include "base/text.h"
#include "base/xml.h"

/* An element with id-ref replaced by the element of the same tag it names
 * (Pacemaker's expand_idref): NULL when the reference is dangling. */
xmlNode *cs_model_expand_idref(const CsModel *model, xmlNode *element);

void cs_model_warn(CsModel *model, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* The rule context for time-only rules (options, defaults). */
void cs_model_rule_context_init(const CsModel *model, CsRuleContext *context);
/* The same, for an operation's rules (op_expression, rsc_expression):
 * rsc's agent, the operation's name and interval. */
void cs_model_op_rule_context(const CsModel *model, const CsResource *rsc, const char *op_name,
                              guint interval_ms, CsRuleContext *context);

/* Unpack steps. */
void cs_model_unpack_options(CsModel *model);
/* model->rsc_defaults and model->rsc_defaults_names, new (options.c). */
void cs_model_unpack_rsc_defaults(CsModel *model);
#define CS_RSC_DEFAULTS_MAX_NAMES 64
/* with_resources: also the remote and guest nodes <resources> makes;
 * FALSE when the resources are those of a model that made none. */
void cs_model_unpack_nodes(CsModel *model, gboolean with_resources);
gboolean cs_model_unpack_resources(CsModel *model, GError **error);
/* previous: the model before an edit of the same document, whose
 * constraint units are taken over for the elements not in touched (see
 * CsModelChanges.constraints); NULL reads every element. */
void cs_model_unpack_constraints(CsModel *model, const CsModel *previous, const GPtrArray *touched);
/* Drops one reference (constraints.c). */
void cs_constraint_unit_unref(CsConstraintUnit *unit);
/* previous: a model of the same document whose status section and
 * resources are unchanged (NULL: none); when the node_state pass leaves
 * every node as it left previous's, its histories are taken over. */
void cs_model_unpack_status(CsModel *model, const CsModel *previous);
/* The same after an edit of the resource tree: renumber[i] is where
 * previous's resource i is now (-1: gone), given only when each resource
 * that moved is, for the histories, what it was (cs_model_rebuild);
 * previous's histories are then taken over, renumbered, when the node_state
 * pass allows it as for cs_model_unpack_status.  Histories read again
 * share the records records_from (a model of the same document, or NULL)
 * read from the same operation elements: a record is what its element
 * says, never changed after. */
void cs_model_unpack_status_renumbered(CsModel *model, const CsModel *previous,
                                       const int *renumber, const CsModel *records_from);
/* The status section's <tickets> alone (granted, standby), as
 * cs_model_unpack_status() reads them. */
void cs_model_unpack_ticket_states(CsModel *model);

/* Node / resource creation and release. */
CsNode *cs_model_add_node(CsModel *model, const char *id, const char *uname, CsNodeType type,
                          xmlNode *xml);
void cs_node_free(CsNode *node);
/* Drops one reference: models rebuilt from one another share resources. */
void cs_resource_unref(CsResource *rsc);
void cs_op_free(CsOp *op);
/* A <bundle>'s settings (bundle.c), new. */
CsBundle *cs_bundle_unpack(CsModel *model, const xmlNode *xml);
/* The guest nodes of a <bundle>'s replicas, when a node_state names one
 * of them (bundle.c). */
void cs_bundle_add_guest_nodes(CsModel *model, const xmlNode *xml);
void cs_location_free(CsLocation *location);
void cs_colocation_free(CsColocation *colocation);
void cs_order_free(CsOrder *order);
void cs_ticket_constraint_free(CsTicketConstraint *ticket);
void cs_ticket_free(CsTicket *ticket);
void cs_rsc_state_free(CsRscState *state);
void cs_fail_count_free(CsFailCount *fail_count);
void cs_status_ban_free(CsStatusBan *ban);

/* Inserts the built-in node attributes (#uname, #id, #is_dc,
 * #cluster-name) as Pacemaker's add_node_attrs() does before each set of
 * attributes is read, then the sets, then #site-name. */
void cs_node_add_attrs(CsModel *model, CsNode *node, xmlNode *sets_parent, gboolean overwrite);

/* The ticket with that id, created (not granted) when new. */
CsTicket *cs_model_ticket(CsModel *model, const char *id);

/* Whether any meta_attributes set of <resources> or <rsc_defaults> says
 * provides or requires "unfencing" (Pacemaker then enables unfencing). */
gboolean cs_model_enable_unfencing(const CsModel *model);
/* The same for one resource element and what it holds. */
gboolean cs_xml_enables_unfencing(const xmlNode *resource);
/* Reads the resource old and its children again from the document into
 * fresh (new CsResource*, old's index first), the warnings the reading
 * gives into warnings (warnings_first as in the whole stage).  Nothing of
 * model changes; the guest connections and containers that
 * cs_model_unpack_resources() links afterwards are not looked at.
 * before: an array (no free function) the caller keeps across calls,
 * holding a prefix of model->resources (empty at first): reading the
 * resources of a model in document order then copies each pointer once. */
void cs_model_reread_resource(const CsModel *model, const CsResource *old, GPtrArray *fresh,
                              GPtrArray *warnings, GPtrArray *before);

/* NULL-tolerant GRefString helpers (the names of a CsResource). */
static inline char *cs_ref_string_new(const char *string)
{
    return string != NULL ? g_ref_string_new(string) : NULL;
}

static inline char *cs_ref_string_share(char *string)
{
    return string != NULL ? g_ref_string_acquire(string) : NULL;
}

static inline void cs_ref_string_drop(char *string)
{
    if (string != NULL) {
        g_ref_string_release(string);
    }
}

/* The resource old after an edit of <rsc_defaults> alone (model is the
 * new model: its rsc_defaults, and its resources before old, the parent
 * among them).  Only the names in names (those the section gives now or
 * gave when old was read) can differ, and only where old did not set
 * them itself (CsResource.meta_inherited); defaults is what the section
 * gives old now.  NULL when old's meta stays as it was; otherwise a new
 * resource sharing old's operations, parameters and children, with meta
 * and the fields read from it derived again (warnings into warnings). */
CsResource *cs_model_rederive_resource(const CsModel *model, const CsResource *old,
                                       const GPtrArray *names, GHashTable *defaults,
                                       GPtrArray *warnings);
/* The resource old with its meta attributes interpreted again under
 * model's options (model: the new model, the resources before old, its
 * parent among them, the new ones), warnings into warnings: a new
 * resource sharing old's meta, operations, parameters and children. */
/* old as it is, moved shift places in the resource list (its parent and
 * children with it): old itself (one more reference) when shift is 0,
 * else a new resource sharing all old holds.  For a subtree the resource
 * tree keeps whole while an edit adds or takes resources before it. */
CsResource *cs_model_renumber_resource(CsResource *old, int shift);
/* The primitive old after an edit of <op_defaults> alone (model: one
 * reading the document as it is now): NULL when its operations read as
 * they did (Pacemaker Explained 2.1, "Operation Defaults": the defaults
 * reach nothing else of a resource); otherwise a new resource sharing
 * all of old but its operations and what they decide. */
CsResource *cs_model_reread_ops(const CsModel *model, const CsResource *old);
CsResource *cs_model_reinterpret_resource(const CsModel *model, const CsResource *old,
                                          GPtrArray *warnings);
/* What <rsc_defaults>'s meta_attributes give rsc (its class, provider and
 * type decide rsc_expression rules); a new cs_ref_table().  rsc NULL: a resource
 * of no agent, right for every resource when the sets have no
 * rsc_expression (cs_rsc_defaults_per_resource). */
GHashTable *cs_rsc_defaults_for(const CsModel *model, const CsResource *rsc);
gboolean cs_rsc_defaults_per_resource(const CsModel *model);

/* ocf:pacemaker:remote (Pacemaker's xml_contains_remote_node()). */
gboolean cs_xml_is_remote_connection(const xmlNode *xml);
/* The raw remote-node meta attribute of a primitive, or NULL. */
const char *cs_xml_guest_node_name(const xmlNode *primitive);
/* Startup fencing (Pacemaker Explained 2.1, "Cluster Options"): with fencing
 * enabled, node is unclean until the status section has seen it. */
void cs_node_startup_fencing(CsModel *model, CsNode *node);
/* node is connection's remote node: linked, with startup fencing for a
 * remote node, the kind "container" for a guest node. */
void cs_node_link_connection(CsModel *model, CsNode *node, const CsResource *connection);

/* The uber-parent: the top of rsc's tree. */
CsResource *cs_model_top(const CsModel *model, const CsResource *rsc);

/* The configured operation matching name and interval (disabled ones
 * included), or NULL. */
CsOp *cs_resource_find_op(const CsResource *rsc, const char *name, guint interval_ms);

/* ---- build stages (model.c), shared with rebuild.c ---------------------
 * Each stage's warnings and features are noted, so that a rebuild can take
 * those of the stages it does not run again from the model before it. */
typedef struct {
    CsModel *model;
    CsModelStage stage;
    guint features_before;
} CsStageRun;

CsStageRun cs_stage_begin(CsModel *model, CsModelStage stage);
void cs_stage_end(const CsStageRun *run);
/* Where the stage's warnings start in model->warnings. */
guint cs_stage_warnings_start(const CsModel *model, CsModelStage stage);
/* The stage as previous ran it: its warnings and features. */
void cs_stage_copy(CsModel *model, const CsModel *previous, CsModelStage stage);
void cs_stage_nodes(CsModel *model, gboolean with_resources);
void cs_stage_constraints(CsModel *model, const CsModel *previous, const GPtrArray *touched);
void cs_stage_status(CsModel *model, const CsModel *previous);
void cs_stage_status_renumbered(CsModel *model, const CsModel *previous, const int *renumber,
                                const CsModel *records_from);

/* The parts of a model that models rebuilt from one another share. */
struct CsModelPart *cs_model_part_new(void);
/* Drops model's references to its config part (options, op_defaults) and
 * to rsc_defaults, freeing what no other model holds. */
void cs_model_drop_config(CsModel *model);
struct CsModelPart *cs_model_part_ref(struct CsModelPart *part);
/* Empty parts of model, made anew (previous, when given, sizes them). */
void cs_model_new_status(CsModel *model);
void cs_model_new_resources(CsModel *model, const CsModel *previous);
void cs_model_new_constraints(CsModel *model, const CsModel *previous);
/* The sections a usable CIB has (else CS_MODEL_ERROR_INVALID). */
gboolean cs_model_check_document(const CsDocument *document, GError **error);
/* Every IDREF of the document names an element (else
 * CS_MODEL_ERROR_INVALID naming it). */
gboolean cs_model_check_references(const CsDocument *document, GError **error);
/* The indexes a status read left unset (those of histories and fail
 * counts taken over came with them). */
void cs_model_index_status(CsModel *model);
/* Every IDREF of <constraints> names an element (else
 * CS_MODEL_ERROR_INVALID, as crm_simulate refuses it): after an edit that
 * took ids away outside the configuration's id-refs (none, id_refs). */
gboolean cs_model_check_constraint_references(const CsDocument *document, GError **error);

#endif
