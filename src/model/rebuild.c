/* rebuild.c: the model of a document after an edit, read again only as
 * far as the edit reaches (cs_model_rebuild), the rest shared with the
 * model before it.  The build it must equal is model.c's.
 */
#include <string.h>

#include "model/model_internal.h"
#include "model/limits.h"

/* ---- rebuilding --------------------------------------------------------
 * doc/DESIGN.md "Performance": an edit and its re-solve within one frame.  The
 * stages depend on one another as in Pacemaker's cluster_status(): the
 * nodes on the options; the resources on the options and the number of
 * nodes (clone-max), and they link remote and guest nodes; the
 * constraints on resources (their ids, critical) and tags; the status
 * section on all of them, and it changes the nodes (online, standby,
 * transient attributes).  So an edit of node attributes or of transient
 * ones reads the nodes, the constraints and the status again and keeps
 * the resources; an edit of one resource's meta attributes reads that
 * resource (and its children, which inherit them) and the constraints
 * again, and the status section too when the resource changed in
 * something the status section reads. */

typedef struct {
    GPtrArray *old;             /* CsResource* of previous, subtree tops */
    GPtrArray *fresh;           /* per top: GPtrArray of CsResource* read again */
    GPtrArray *warnings;        /* per top: GPtrArray of char*, NULL for none */
    gboolean status_again;      /* something the status section reads changed */
    gboolean constraints_again; /* something constraints read changed */
    /* After an edit of <rsc_defaults>: what the section gives now (owned
     * until the new model takes them), NULL otherwise. */
    GHashTable *rsc_defaults;
    GPtrArray *rsc_defaults_names;
    /* After an edit of <crm_config>: a scratch model holding the options
     * stage read again (its config part, rsc_defaults and warnings),
     * until the new model takes them; NULL otherwise. */
    CsModel *config;
} CsReread;

static void cs_reread_clear(CsReread *reread)
{
    for (guint i = 0; i < reread->fresh->len; i++) {
        GPtrArray *fresh = g_ptr_array_index(reread->fresh, i);
        for (guint j = 0; j < fresh->len; j++) {
            cs_resource_unref(g_ptr_array_index(fresh, j));
        }
    }
    g_ptr_array_free(reread->old, TRUE);
    g_ptr_array_free(reread->fresh, TRUE);
    g_ptr_array_free(reread->warnings, TRUE);
    g_clear_pointer(&reread->rsc_defaults, g_hash_table_unref);
    g_clear_pointer(&reread->rsc_defaults_names, g_ptr_array_unref);
    if (reread->config != NULL) {
        cs_model_drop_config(reread->config);
        g_ptr_array_free(reread->config->warnings, TRUE);
        g_clear_pointer(&reread->config, g_free);
    }
}

/* What status.c reads of the operations is unchanged: which they are
 * (element, name, interval, role) and on-fail.  Not their timeouts or
 * other meta attributes (op_defaults give them too): the digest verdicts
 * a shared status keeps are made again for a resource whose operations
 * are new (digest.c). */
static gboolean cs_ops_same_for_status(const GPtrArray *a, const GPtrArray *b)
{
    if (a == b) {
        return TRUE; /* shared (cs_model_rederive_resource) */
    }
    if (a->len != b->len) {
        return FALSE;
    }
    for (guint i = 0; i < a->len; i++) {
        const CsOp *x = g_ptr_array_index(a, i), *y = g_ptr_array_index(b, i);
        if (x->xml != y->xml || g_strcmp0(x->id, y->id) != 0 || g_strcmp0(x->name, y->name) != 0
            || x->interval_ms != y->interval_ms || x->role != y->role
            || g_strcmp0(x->on_fail, y->on_fail) != 0) {
            return FALSE;
        }
    }
    return TRUE;
}

/* The resource read again is the same resource in the same place of the
 * tree, and nothing links it to a node or a container. */
static gboolean cs_reread_same_place(const CsResource *old, const CsResource *fresh)
{
    if (old->index != fresh->index || strcmp(old->id, fresh->id) != 0 || old->kind != fresh->kind
        || old->parent != fresh->parent || old->xml != fresh->xml
        || old->template_xml != fresh->template_xml || old->children->len != fresh->children->len
        || old->promotable != fresh->promotable || old->fence_device != fresh->fence_device
        || old->warnings_count != fresh->warnings_count) {
        return FALSE;
    }
    if (old->children->len > 0
        && memcmp(old->children->data, fresh->children->data, old->children->len * sizeof(int))
               != 0) {
        return FALSE;
    }
    return !old->is_remote_connection && !fresh->is_remote_connection && !old->implicit
           && old->container < 0 && old->remote_node < 0
           && !g_hash_table_contains(old->meta, "container")
           && !g_hash_table_contains(fresh->meta, "container")
           && cs_xml_guest_node_name(fresh->xml) == NULL;
}

/* What status.c reads of a resource (and of its operations) is unchanged.
 * Not the parameters: the digest verdicts (digest.c) a shared status
 * keeps are made again for a resource whose parameters are new. */
static gboolean cs_reread_same_for_status(const CsResource *old, const CsResource *fresh)
{
    /* the agent: a history of another one is an orphan's */
    if (g_strcmp0(old->rsc_class, fresh->rsc_class) != 0
        || g_strcmp0(old->provider, fresh->provider) != 0
        || g_strcmp0(old->type, fresh->type) != 0) {
        return FALSE;
    }
    return old->managed == fresh->managed && old->failure_timeout_s == fresh->failure_timeout_s
           && old->block_failure_timeout == fresh->block_failure_timeout
           && old->remote_reconnect_ms == fresh->remote_reconnect_ms
           && old->globally_unique == fresh->globally_unique
           && cs_ops_same_for_status(old->ops, fresh->ops);
}

/* What constraints.c reads of a resource beyond its place in the tree
 * (cs_reread_same_place) is unchanged: colocation influence defaults to
 * critical, rsc-pattern takes resources by priority, templates act as
 * tags. */
static gboolean cs_reread_same_for_constraints(const CsResource *old, const CsResource *fresh)
{
    return old->critical == fresh->critical && old->priority == fresh->priority
           && g_strcmp0(old->template_id, fresh->template_id) == 0;
}

/* Whether rsc has an ancestor among the tops. */
static gboolean cs_reread_covered(const CsModel *previous, GHashTable *tops, const CsResource *rsc)
{
    for (int up = rsc->parent; up >= 0;) {
        const CsResource *ancestor = g_ptr_array_index(previous->resources, up);
        if (g_hash_table_contains(tops, ancestor)) {
            return TRUE;
        }
        up = ancestor->parent;
    }
    return FALSE;
}

/* Unfencing is enabled by any set in <resources> that asks for it: when
 * it was not, only the resources read again can have started to; when it
 * was, the whole section is looked at again. */
static gboolean cs_reread_same_unfencing(const CsModel *previous, const CsReread *reread)
{
    if (previous->enable_unfencing) {
        return reread->old->len == 0 || cs_model_enable_unfencing(previous);
    }
    for (guint i = 0; i < reread->old->len; i++) {
        const CsResource *rsc = g_ptr_array_index(reread->old, i);
        if (cs_xml_enables_unfencing(rsc->xml)) {
            return FALSE;
        }
    }
    return TRUE;
}

static gint cs_rsc_index_compare(gconstpointer a, gconstpointer b)
{
    const CsResource *left = *(const CsResource *const *)a;
    const CsResource *right = *(const CsResource *const *)b;

    return left->index < right->index ? -1 : left->index > right->index;
}

static void cs_warnings_unref(gpointer warnings)
{
    if (warnings != NULL) {
        g_ptr_array_unref(warnings);
    }
}

static void cs_reread_init(CsReread *reread)
{
    reread->old = g_ptr_array_new();
    reread->fresh = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
    reread->warnings = g_ptr_array_new_with_free_func(cs_warnings_unref);
    reread->status_again = FALSE;
    reread->constraints_again = FALSE;
    reread->rsc_defaults = NULL;
    reread->rsc_defaults_names = NULL;
    reread->config = NULL;
}

/* Reads each changed resource again; FALSE when one cannot be followed. */
static gboolean cs_reread_resources(const CsModel *previous, const GPtrArray *elements,
                                    CsReread *reread)
{
    g_autoptr(GHashTable) tops = g_hash_table_new(NULL, NULL);
    g_autoptr(GPtrArray) sorted = g_ptr_array_new();
    g_autoptr(GPtrArray) before = g_ptr_array_new();

    cs_reread_init(reread);
    for (guint i = 0; elements != NULL && i < elements->len; i++) {
        xmlNode *xml = g_ptr_array_index(elements, i);
        CsResource *rsc = cs_model_resource(previous, cs_xml_attr(xml, "id"));
        if (rsc == NULL || rsc->xml != xml || !cs_model_check_edited_part(xml)) {
            return FALSE;
        }
        if (g_hash_table_add(tops, rsc)) {
            g_ptr_array_add(sorted, rsc);
        }
    }
    /* in document order: a subtree's top before what it holds */
    g_ptr_array_sort(sorted, cs_rsc_index_compare);
    for (guint i = 0; i < sorted->len; i++) {
        CsResource *rsc = g_ptr_array_index(sorted, i);
        if (cs_reread_covered(previous, tops, rsc)) {
            continue;
        }
        GPtrArray *fresh = g_ptr_array_new();
        GPtrArray *warnings = g_ptr_array_new_with_free_func(g_free);
        g_ptr_array_add(reread->old, rsc);
        g_ptr_array_add(reread->fresh, fresh);
        g_ptr_array_add(reread->warnings, warnings);
        cs_model_reread_resource(previous, rsc, fresh, warnings, before);
        for (guint j = 0; j < fresh->len; j++) {
            const CsResource *old =
                (guint)rsc->index + j < previous->resources->len
                    ? g_ptr_array_index(previous->resources, (guint)rsc->index + j)
                    : NULL;
            if (old == NULL || !cs_reread_same_place(old, g_ptr_array_index(fresh, j))) {
                return FALSE;
            }
            reread->status_again = reread->status_again
                                   || !cs_reread_same_for_status(old, g_ptr_array_index(fresh, j));
            reread->constraints_again =
                reread->constraints_again
                || !cs_reread_same_for_constraints(old, g_ptr_array_index(fresh, j));
        }
        /* Same children everywhere: the same subtree, so no more and no
         * fewer resources than before. */
        if (fresh->len == 0) {
            return FALSE;
        }
    }
    return cs_reread_same_unfencing(previous, reread);
}

/* ---- after an edit of <rsc_defaults> -------------------------------------
 * Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Resource
 * Defaults": rsc_defaults
 * give each resource the meta attributes it does not set itself (nor its
 * ancestors' sets), and a group's or clone's meta passes on to what it
 * holds.  So an edit there changes, in each resource, only the names the
 * section gives (before or after), where the resource did not set them:
 * the rest of the resource (operations, parameters, children) is
 * shared, and only the resources whose meta changed are made anew. */

/* Whether unfencing stays as previous had it: the section can enable it
 * too (cs_model_enable_unfencing). */
static gboolean cs_rederive_same_unfencing(const CsModel *previous)
{
    if (previous->enable_unfencing) {
        return cs_model_enable_unfencing(previous);
    }
    return !cs_xml_enables_unfencing(cs_document_section(previous->document, "rsc_defaults"));
}

/* The names previous's section gave and the section gives now. */
static GPtrArray *cs_rederive_names(const CsModel *previous, const GPtrArray *now)
{
    GPtrArray *names = g_ptr_array_sized_new(previous->rsc_defaults_names->len + now->len);

    for (guint i = 0; i < previous->rsc_defaults_names->len; i++) {
        g_ptr_array_add(names, g_ptr_array_index(previous->rsc_defaults_names, i));
    }
    for (guint i = 0; i < now->len; i++) {
        g_ptr_array_add(names, g_ptr_array_index(now, i));
    }
    return names;
}

/* The list of resources read again that old's new one joins: the last
 * when old comes right after the ones it holds (cs_rebuild_resources
 * puts a list's j-th resource at its first one's index + j), else a new
 * one.  Most resources an edit reaches are neighbours: one list for a
 * run of them instead of one each. */
static GPtrArray *cs_rederive_run(CsReread *reread, const CsResource *old)
{
    if (reread->old->len > 0) {
        const CsResource *first = g_ptr_array_index(reread->old, reread->old->len - 1);
        GPtrArray *list = g_ptr_array_index(reread->fresh, reread->fresh->len - 1);
        if (first->index + (int)list->len == old->index) {
            return list;
        }
    }
    GPtrArray *list = g_ptr_array_new();
    g_ptr_array_add(reread->old, (gpointer)old);
    g_ptr_array_add(reread->fresh, list);
    /* none to put in place: one that gave warnings is not followed */
    g_ptr_array_add(reread->warnings, NULL);
    return list;
}

/* One resource derived again, checked and recorded as one read again;
 * FALSE when the rebuild cannot follow it (a warning, a new place). */
static gboolean cs_rederive_take(CsModel *scratch, const CsResource *old, CsResource *fresh,
                                 const GPtrArray *warnings, CsReread *reread)
{
    g_ptr_array_add(cs_rederive_run(reread, old), fresh);
    g_ptr_array_index(scratch->resources, old->index) = fresh;
    /* The warnings of old's subtree are where they were only if reading
     * its meta gave none, then and now. */
    if (warnings->len > 0 || old->warnings_count > 0 || !cs_reread_same_place(old, fresh)) {
        return FALSE;
    }
    reread->status_again = reread->status_again || !cs_reread_same_for_status(old, fresh);
    reread->constraints_again =
        reread->constraints_again || !cs_reread_same_for_constraints(old, fresh);
    return TRUE;
}

static gboolean cs_rederive_one(CsModel *scratch, const CsResource *old, const GPtrArray *names,
                                GHashTable *defaults, GPtrArray *warnings, CsReread *reread)
{
    CsResource *fresh = cs_model_rederive_resource(scratch, old, names, defaults, warnings);

    return fresh == NULL || cs_rederive_take(scratch, old, fresh, warnings, reread);
}

/* Every resource of previous whose meta the edit of <rsc_defaults>
 * changes, derived again; FALSE when one cannot be followed. */
static gboolean cs_rederive_resources(const CsModel *previous, CsReread *reread)
{
    CsModel scratch = *previous;

    cs_reread_init(reread);
    cs_model_unpack_rsc_defaults(&scratch); /* the section as it is now */
    reread->rsc_defaults = scratch.rsc_defaults;
    reread->rsc_defaults_names = scratch.rsc_defaults_names;
    if (scratch.rsc_defaults_names == NULL || !cs_rederive_same_unfencing(previous)) {
        return FALSE;
    }
    g_autoptr(GPtrArray) names = cs_rederive_names(previous, scratch.rsc_defaults_names);
    g_autoptr(GHashTable) shared =
        cs_rsc_defaults_per_resource(&scratch) ? NULL : cs_rsc_defaults_for(&scratch, NULL);
    g_autoptr(GPtrArray) resources = g_ptr_array_sized_new(previous->resources->len);
    g_ptr_array_set_size(resources, (gint)previous->resources->len);
    if (previous->resources->len > 0) /* an empty array's pdata may be NULL */
        memcpy(resources->pdata, previous->resources->pdata,
               previous->resources->len * sizeof(gpointer));
    scratch.resources = resources; /* the new ones replace the old as made */
    /* the warnings of one resource: the first that gives any ends it */
    g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < previous->resources->len; i++) {
        const CsResource *old = g_ptr_array_index(previous->resources, i);
        g_autoptr(GHashTable) own = shared == NULL ? cs_rsc_defaults_for(&scratch, old) : NULL;
        if (!cs_rederive_one(&scratch, old, names, own != NULL ? own : shared, warnings, reread)) {
            return FALSE;
        }
    }
    return TRUE;
}

/* The resources of previous, those read again replaced, and their
 * warnings put in the place of the old ones. */
static void cs_rebuild_resources(CsModel *model, const CsModel *previous, CsReread *reread)
{
    guint count = previous->resources->len;

    g_ptr_array_set_size(model->resources, (gint)count);
    if (count > 0) /* an empty array's pdata may be NULL */
        memcpy(model->resources->pdata, previous->resources->pdata, count * sizeof(gpointer));
    for (guint i = 0; i < count; i++) {
        CsResource *rsc = g_ptr_array_index(model->resources, i);
        g_atomic_int_inc(&rsc->refs);
    }
    /* The features come from what the same-place check compared. */
    cs_stage_copy(model, previous, CS_MODEL_STAGE_RESOURCES);
    guint stage_start = cs_stage_warnings_start(model, CS_MODEL_STAGE_RESOURCES);
    for (guint i = 0; i < reread->old->len; i++) {
        const CsResource *old = g_ptr_array_index(reread->old, i);
        GPtrArray *fresh = g_ptr_array_index(reread->fresh, i);
        GPtrArray *warnings = g_ptr_array_index(reread->warnings, i);
        for (guint j = 0; j < fresh->len; j++) {
            guint index = (guint)old->index + j;
            cs_resource_unref(g_ptr_array_index(model->resources, index));
            g_ptr_array_index(model->resources, index) = g_ptr_array_index(fresh, j);
        }
        g_ptr_array_set_size(fresh, 0); /* the model holds them now */
        for (guint j = 0; warnings != NULL && j < warnings->len; j++) {
            guint at = stage_start + old->warnings_first + j;
            g_free(g_ptr_array_index(model->warnings, at));
            g_ptr_array_index(model->warnings, at) = g_strdup(g_ptr_array_index(warnings, j));
        }
    }
}

/* The nodes read again are the ones previous had, in the same order. */
static gboolean cs_rebuild_same_nodes(const CsModel *model, const CsModel *previous)
{
    if (model->nodes->len != previous->nodes->len) {
        return FALSE;
    }
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        const CsNode *before = g_ptr_array_index(previous->nodes, i);
        if (strcmp(node->id, before->id) != 0 || strcmp(node->uname, before->uname) != 0
            || node->type != before->type) {
            return FALSE;
        }
    }
    return TRUE;
}

/* The nodes read again linked to their connections, as reading the
 * resources links them (cs_model_unpack_resources): each connection's
 * node, startup fencing for a remote node, a guest's kind.  The shared
 * resources are only read: FALSE when a connection's node is not the
 * one it had. */
static gboolean cs_rebuild_link_remote(CsModel *model)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (!rsc->is_remote_connection) {
            continue;
        }
        CsNode *node = cs_model_node(model, rsc->id);
        if (node == NULL || (int)node->index != rsc->remote_node) {
            return node == NULL && rsc->remote_node < 0;
        }
        cs_node_link_connection(model, node, rsc);
    }
    return TRUE;
}

/* No remote or guest node among those read again (previous had none:
 * plain_nodes, which the model keeps). */
static gboolean cs_rebuild_plain_nodes(const CsModel *model)
{
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        if (node->type == CS_NODE_REMOTE || node->type == CS_NODE_GUEST) {
            return FALSE;
        }
    }
    return TRUE;
}

/* Transient attributes are the only part of the status section an edit
 * that says nodes_or_status changes: their ids are what could pass a
 * limit. */
static gboolean cs_rebuild_check_status_limits(const CsDocument *document)
{
    xmlNode *status = cs_document_section(document, "status");

    for (xmlNode *state = cs_xml_first_element(status); state != NULL;
         state = cs_xml_next_element(state)) {
        for (xmlNode *child = cs_xml_first_element(state); child != NULL;
             child = cs_xml_next_element(child)) {
            if (cs_xml_is(child, "transient_attributes") && !cs_model_check_edited_part(child)) {
                return FALSE;
            }
        }
    }
    return TRUE;
}

/* Whether a date_expression (date_spec lives inside one) is anywhere
 * under element: the only part of a rule whose value depends on the
 * clock (Pacemaker Explained 2.1, "Date Expressions"). */
static gboolean cs_xml_has_date_expression(const xmlNode *element)
{
    for (const xmlNode *child = element->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE) {
            continue;
        }
        if (xmlStrEqual(child->name, BAD_CAST "date_expression")
            || cs_xml_has_date_expression(child)) {
            return TRUE;
        }
    }
    return FALSE;
}

/* Whether anything the build read depends on the clock.  Rules are read
 * in the configuration only (nvsets of options, nodes, resources,
 * rsc_defaults and op_defaults; constraint lifetimes), and a rule reads
 * the clock only through a date expression.  The status section reads it
 * only to expire failures (Pacemaker's check_operation_expiry() and
 * failure-timeout fail counts, Pacemaker Explained 2.1, "Resource Meta-Attributes" failure-timeout),
 * which only a resource with a failure timeout does; orphans have none.
 * Everything else that reads the clock (location rules, shutdown locks,
 * fail counts asked of the model) reads model->now during the solve. */
static gboolean cs_model_reads_clock(const CsModel *model)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->failure_timeout_s > 0) {
            return TRUE;
        }
    }
    xmlNode *root = xmlDocGetRootElement(model->document->xml);
    for (xmlNode *child = cs_xml_first_element(root); child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, "configuration") && cs_xml_has_date_expression(child)) {
            return TRUE;
        }
    }
    return FALSE;
}

static gboolean cs_rebuild_refuse(GError **error, const char *why)
{
    g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED, "no partial rebuild: %s", why);
    return FALSE;
}

/* ---- after a node came or went ------------------------------------------
 * node add and node remove change <nodes> and the status section's
 * node_states, nothing else.  The resources stage reads of the nodes only
 * their number, for a clone's clone-max default (Pacemaker Explained 2.1,
 * "Clone Options": clone-max defaults to the number of nodes in the
 * cluster): the clones that do not set it are interpreted again, the
 * other resources shared; the constraints (which hold node indices) and
 * the status section are read again. */

static gboolean cs_rebuild_check_node_states(const CsModel *previous, const CsModelChanges *changes,
                                             GError **error)
{
    gboolean id_refs = FALSE;

    if (!cs_model_check_node_limits(previous->document, &id_refs, error)) { /* limits.h */
        return FALSE;
    }
    if (id_refs) {
        return cs_rebuild_refuse(error, "id-ref in the document");
    }
    /* Without id-ref (previous had none either), an id that went can
     * only have been named by a constraint. */
    if (!cs_model_check_constraint_references(previous->document, error)) {
        return FALSE;
    }
    if (changes->meta_resources != NULL && changes->meta_resources->len > 0) {
        return cs_rebuild_refuse(error, "nodes and resources changed together");
    }
    return TRUE;
}

/* A copy of previous's list of resources (the pointers, not owned), to
 * receive the resources interpreted again in their places. */
static GPtrArray *cs_resources_copy(const CsModel *previous)
{
    GPtrArray *resources = g_ptr_array_sized_new(previous->resources->len);
    g_ptr_array_set_size(resources, (gint)previous->resources->len);
    if (previous->resources->len > 0) /* an empty array's pdata may be NULL */
        memcpy(resources->pdata, previous->resources->pdata,
               previous->resources->len * sizeof(gpointer));
    return resources;
}

/* Whether a resource may read differently: which ones to interpret again. */
typedef gboolean (*CsRereadWanted)(const CsResource *old);

/* Whether a resource interpreted again is as it was, so the old one stays. */
typedef gboolean (*CsRereadSame)(const CsResource *old, const CsResource *fresh);

/* Each resource of previous that wanted picks, interpreted again over
 * base (previous's resources not yet taken), taken unless it came out
 * the same with no warning; FALSE when one cannot be followed. */
static gboolean cs_reinterpret_each(const CsModel *base, const CsModel *previous,
                                    CsRereadWanted wanted, CsRereadSame same, CsReread *reread)
{
    CsModel scratch = *base;
    g_autoptr(GPtrArray) resources = cs_resources_copy(previous);
    g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func(g_free);

    scratch.resources = resources; /* the new ones replace the old as made */
    for (guint i = 0; i < previous->resources->len; i++) {
        const CsResource *old = g_ptr_array_index(previous->resources, i);
        if (!wanted(old)) {
            continue;
        }
        CsResource *fresh = cs_model_reinterpret_resource(&scratch, old, warnings);
        if (warnings->len == 0 && same(old, fresh)) {
            cs_resource_unref(fresh);
        } else if (!cs_rederive_take(&scratch, old, fresh, warnings, reread)) {
            return FALSE;
        }
    }
    return TRUE;
}

/* A clone whose clone-max is the number of nodes. */
static gboolean cs_counts_nodes(const CsResource *old)
{
    return old->kind == CS_RSC_CLONE && !g_hash_table_contains(old->meta, "clone-max");
}

/* A recounted clone is always taken: its instances follow the nodes. */
static gboolean cs_never_same(const CsResource *old, const CsResource *fresh)
{
    (void)old;
    (void)fresh;
    return FALSE;
}

/* Each clone whose clone-max is the number of nodes, interpreted again
 * with model's nodes (read again, previous's resources not yet taken);
 * FALSE when one cannot be followed. */
static gboolean cs_recount_clones(const CsModel *model, const CsModel *previous, CsReread *reread)
{
    return cs_reinterpret_each(model, previous, cs_counts_nodes, cs_never_same, reread);
}

/* An edit of <rsc_defaults>, alone but for constraints. */
static gboolean cs_rebuild_check_defaults(const CsModel *previous, const CsModelChanges *changes,
                                          CsReread *reread, GError **error)
{
    xmlNode *section = cs_document_section(previous->document, "rsc_defaults");

    if (changes->nodes_or_status
        || (changes->meta_resources != NULL && changes->meta_resources->len > 0)) {
        return cs_rebuild_refuse(error, "rsc_defaults with other changes");
    }
    if (!previous->plain_nodes || previous->id_refs || previous->rsc_defaults_names == NULL) {
        return cs_rebuild_refuse(error, "rsc_defaults that cannot be followed");
    }
    if (section != NULL && !cs_model_check_edited_part(section)) {
        return cs_rebuild_refuse(error, "an id past the limits");
    }
    if (!cs_rederive_resources(previous, reread)) {
        return cs_rebuild_refuse(error, "rsc_defaults changed more than meta attributes");
    }
    return TRUE;
}

/* ---- after an edit of <crm_config> or of the ticket states -------------
 * Pacemaker Explained 2.1, "Cluster Options": most options
 * (symmetric-cluster, placement-strategy, batch-limit, the health
 * strategy...) are read by the scheduler alone, that is by the solve.
 * The later stages of the model read only those compared here: the
 * nodes' startup fencing and #cluster-name, the resources' managed
 * default and requires default, and the status section's treatment of
 * failures, orphans and shutdown locks.  When those are as they were,
 * the options are read again and everything else is shared. */

/* What the nodes and status stages read of the options: no-quorum-policy
 * only without quorum. */
static gboolean cs_options_same_for_status(const CsOptions *a, const CsOptions *b)
{
    if (a->stonith_enabled != b->stonith_enabled || a->have_quorum != b->have_quorum
        || a->stop_orphan_resources != b->stop_orphan_resources
        || a->shutdown_lock != b->shutdown_lock || g_strcmp0(a->cluster_name, b->cluster_name) != 0
        || g_strcmp0(a->dc_uuid, b->dc_uuid) != 0
        || g_strcmp0(g_hash_table_lookup(a->values, "startup-fencing"),
                     g_hash_table_lookup(b->values, "startup-fencing"))
               != 0) {
        return FALSE;
    }
    return a->no_quorum_policy == b->no_quorum_policy || a->have_quorum;
}

/* What the resources stage reads of them beyond: the managed default
 * (maintenance-mode, is-managed-default) and, only without fencing,
 * no-quorum-policy for requires' default. */
static gboolean cs_options_same_for_resources(const CsOptions *a, const CsOptions *b)
{
    return a->maintenance_mode == b->maintenance_mode
           && g_strcmp0(g_hash_table_lookup(a->values, "is-managed-default"),
                        g_hash_table_lookup(b->values, "is-managed-default"))
                  == 0
           && (a->no_quorum_policy == b->no_quorum_policy || a->stonith_enabled);
}

/* A config part of model's own: the options stage run again (it reads
 * rsc_defaults and op_defaults too, which the edit left as they were). */
static void cs_rebuild_options(CsModel *model)
{
    model->config_part = cs_model_part_new();
    memset(&model->options, 0, sizeof model->options);
    model->op_defaults = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    model->rsc_defaults = NULL;
    model->rsc_defaults_names = NULL;
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_OPTIONS);

    cs_model_unpack_options(model);
    cs_stage_end(&run);
}

/* Whether the fields the options give a resource are as they were. */
static gboolean cs_reinterpret_same(const CsResource *old, const CsResource *fresh)
{
    return old->managed == fresh->managed && old->maintenance == fresh->maintenance
           && g_strcmp0(old->requires, fresh->requires) == 0;
}

static gboolean cs_every_resource(const CsResource *old)
{
    (void)old;
    return TRUE;
}

/* Every resource of previous whose meta reads differently under config's
 * options, interpreted again; FALSE when one cannot be followed. */
static gboolean cs_reinterpret_resources(const CsModel *previous, const CsModel *config,
                                         CsReread *reread)
{
    return cs_reinterpret_each(config, previous, cs_every_resource, cs_reinterpret_same, reread);
}

/* The options stage read again into reread->config, and the resources
 * whose meta reads differently under the new options. */
static gboolean cs_rebuild_read_options(const CsModel *previous, CsReread *reread, GError **error)
{
    CsModel *config = g_new(CsModel, 1);

    *config = *previous;
    config->warnings = g_ptr_array_new_with_free_func(g_free);
    config->features = 0;
    cs_rebuild_options(config);
    reread->config = config;
    if (!cs_options_same_for_status(&config->options, &previous->options)) {
        return cs_rebuild_refuse(error, "an option the nodes or the status read");
    }
    if (!cs_options_same_for_resources(&config->options, &previous->options)
        && !cs_reinterpret_resources(previous, config, reread)) {
        return cs_rebuild_refuse(error, "an option that changes a resource beyond its meta");
    }
    return TRUE;
}

/* The options stage of reread->config, taken by model (whose warnings
 * are empty: the stage is the first). */
static void cs_rebuild_take_options(CsModel *model, CsReread *reread)
{
    CsModel *config = g_steal_pointer(&reread->config);

    model->config_part = config->config_part;
    model->options = config->options;
    model->op_defaults = config->op_defaults;
    model->rsc_defaults = config->rsc_defaults;
    model->rsc_defaults_names = config->rsc_defaults_names;
    g_ptr_array_extend_and_steal(model->warnings, config->warnings);
    model->features = config->features;
    model->stage_features[CS_MODEL_STAGE_OPTIONS] = config->stage_features[CS_MODEL_STAGE_OPTIONS];
    model->stage_warnings_end[CS_MODEL_STAGE_OPTIONS] = model->warnings->len;
    g_free(config);
}

/* ---- after an edit of <op_defaults> ------------------------------------
 * Pacemaker Explained 2.1, "Operation Defaults": they give each operation
 * the meta attributes it does not set itself, and nothing else.  Every
 * primitive's operations are read again (templates and rules decide
 * which operations a default reaches), and only a primitive whose
 * operations now read differently is made anew, sharing the rest; the
 * status section reads of them only which they are and on-fail
 * (cs_ops_same_for_status), and on-fail of op_defaults itself for a
 * history whose operation is not configured: when that is unchanged, the
 * status is shared. */

/* FALSE when a resource cannot be followed this way (a bundle, an
 * implicit resource: their operations are not read from a primitive's
 * element alone). */
static gboolean cs_reread_ops_followed(const CsModel *previous)
{
    for (guint i = 0; i < previous->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(previous->resources, i);
        if (rsc->kind == CS_RSC_BUNDLE || rsc->implicit) {
            return FALSE;
        }
    }
    return TRUE;
}

/* Every primitive whose operations read differently now, made anew. */
static void cs_reread_all_ops(const CsModel *previous, CsReread *reread)
{
    cs_reread_init(reread);
    for (guint i = 0; i < previous->resources->len; i++) {
        const CsResource *old = g_ptr_array_index(previous->resources, i);
        CsResource *fresh = cs_model_reread_ops(previous, old);
        if (fresh == NULL) {
            continue;
        }
        g_ptr_array_add(cs_rederive_run(reread, old), fresh);
        reread->status_again = reread->status_again || !cs_reread_same_for_status(old, fresh);
    }
}

static gboolean cs_rebuild_check_op_defaults(const CsModel *previous, const CsModelChanges *changes,
                                             CsReread *reread, GError **error)
{
    xmlNode *section = cs_document_section(previous->document, "op_defaults");

    if (changes->nodes_or_status || changes->rsc_defaults || changes->tickets || changes->options
        || (changes->meta_resources != NULL && changes->meta_resources->len > 0)) {
        return cs_rebuild_refuse(error, "op_defaults with other changes");
    }
    if (!previous->plain_nodes || previous->id_refs) {
        return cs_rebuild_refuse(error, "op_defaults that cannot be followed");
    }
    if (section != NULL && !cs_model_check_edited_part(section)) {
        return cs_rebuild_refuse(error, "an id past the limits");
    }
    if (!cs_reread_ops_followed(previous)) {
        return cs_rebuild_refuse(error, "a resource op_defaults reach cannot be read again");
    }
    cs_reread_all_ops(previous, reread);
    /* op_defaults are read with the options (the config part) */
    if (!cs_rebuild_read_options(previous, reread, error)) {
        return FALSE;
    }
    if (g_strcmp0(g_hash_table_lookup(reread->config->op_defaults, "on-fail"),
                  g_hash_table_lookup(previous->op_defaults, "on-fail"))
        != 0) {
        return cs_rebuild_refuse(error, "on-fail of op_defaults, which the status reads");
    }
    return TRUE;
}

/* An edit of <crm_config> or of the ticket states, with nothing but
 * constraints beside it. */
static gboolean cs_rebuild_check_options(const CsModel *previous, const CsModelChanges *changes,
                                         GError **error)
{
    xmlNode *status = cs_document_section(previous->document, "status");
    xmlNode *crm_config = cs_document_section(previous->document, "crm_config");

    if (changes->nodes_or_status || changes->rsc_defaults
        || (changes->meta_resources != NULL && changes->meta_resources->len > 0)) {
        return cs_rebuild_refuse(error, "options or tickets with other changes");
    }
    if (changes->options && !cs_model_check_edited_part(crm_config)) {
        return cs_rebuild_refuse(error, "an id past the limits");
    }
    for (xmlNode *child = cs_xml_first_element(status); changes->tickets && child != NULL;
         child = cs_xml_next_element(child)) {
        if (cs_xml_is(child, "tickets") && !cs_model_check_edited_part(child)) {
            return cs_rebuild_refuse(error, "an id past the limits");
        }
    }
    return TRUE;
}

/* ---- after the resource tree changed ------------------------------------
 * group add and remove, clone, resource add and remove and edit ID link
 * and unlink resource elements: the list of resources changes shape, and
 * every index after the first change moves (the list is in depth-first
 * document order, Pacemaker's).  A top-level subtree whose elements are
 * the very ones previous read, in the same order, is kept whole: its
 * resources are shared, renumbered where they moved
 * (cs_model_renumber_resource); the others are read again.  The
 * constraints and the status section name resources by index, so they
 * are read again, and the nodes with the status (they are one part);
 * the options are shared. */

static gboolean cs_is_resource_xml(const xmlNode *xml)
{
    return cs_xml_is(xml, "primitive") || cs_xml_is(xml, "group") || cs_xml_is(xml, "clone")
           || cs_xml_is(xml, "master") || cs_xml_is(xml, "bundle");
}

/* Whether xml's subtree holds now the elements old's held when read (xml
 * is old's, and so is each resource element it holds, in order); *size:
 * how many resources old's subtree made. */
static gboolean cs_same_subtree(const CsModel *previous, const CsResource *old,
                                const xmlNode *xml, guint *size)
{
    guint held = 0;

    if (old->xml != xml) {
        return FALSE;
    }
    *size += 1;
    for (xmlNode *child = cs_xml_first_element(xml); child != NULL;
         child = cs_xml_next_element(child)) {
        if (!cs_is_resource_xml(child)) {
            continue;
        }
        if (held >= old->children->len) {
            return FALSE;
        }
        const CsResource *inner = g_ptr_array_index(
            previous->resources, (guint)g_array_index(old->children, int, held++));
        if (!cs_same_subtree(previous, inner, child, size)) {
            return FALSE;
        }
    }
    return held == old->children->len;
}

/* What the resources stage read into the model besides the resources,
 * for the resources model holds now: what cs_model_unpack_resources()
 * would note. */
static void cs_restructure_note(CsModel *model, gboolean templates)
{
    model->stonith_resource_present = FALSE;
    model->features = templates ? CS_FEATURE_TEMPLATE : 0;
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->fence_device) {
            model->features |= CS_FEATURE_STONITH;
            model->stonith_resource_present = TRUE;
        }
        if (rsc->template_xml != NULL) {
            model->features |= CS_FEATURE_TEMPLATE;
        }
        if (g_hash_table_size(rsc->utilization) > 0) {
            model->features |= CS_FEATURE_UTILIZATION;
        }
        if (rsc->kind == CS_RSC_CLONE) {
            model->features |= CS_FEATURE_CLONE;
        }
        if (rsc->kind == CS_RSC_CLONE && rsc->promotable) {
            model->features |= CS_FEATURE_PROMOTABLE;
        }
        g_hash_table_insert(model->rsc_by_id, g_ref_string_acquire(rsc->id),
                            GINT_TO_POINTER(rsc->index + 1));
    }
}

/* Nothing a resource read again or kept links to a node or a container,
 * nor gives unfencing: cs_model_unpack_resources() would link none. */
static gboolean cs_restructure_plain(const CsResource *rsc)
{
    return rsc->kind != CS_RSC_BUNDLE && !rsc->implicit && !rsc->is_remote_connection
           && rsc->container < 0 && rsc->remote_node < 0 && rsc->warnings_count == 0
           && !g_hash_table_contains(rsc->meta, "container")
           && (rsc->kind != CS_RSC_PRIMITIVE || cs_xml_guest_node_name(rsc->xml) == NULL);
}

/* The top-level element xml read again into model at the end of its
 * list (before mirrors that list, without a free function); FALSE when
 * the result cannot be followed. */
static gboolean cs_restructure_read(CsModel *model, xmlNode *xml, GPtrArray *before)
{
    CsResource top = {.index = (int)model->resources->len, .parent = -1, .xml = xml};
    g_autoptr(GPtrArray) fresh = g_ptr_array_new();
    g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func(g_free);
    gboolean plain = !cs_xml_enables_unfencing(xml);

    if (!cs_model_check_edited_part(xml)) {
        return FALSE; /* an id past the limits: the full build says which */
    }
    cs_model_reread_resource(model, &top, fresh, warnings, before);
    for (guint i = 0; i < fresh->len; i++) {
        CsResource *rsc = g_ptr_array_index(fresh, i);
        plain = plain && warnings->len == 0 && cs_restructure_plain(rsc);
        g_ptr_array_add(model->resources, rsc);
        g_ptr_array_add(before, rsc);
    }
    return plain && fresh->len > 0;
}

/* The resources of model read from its document's <resources>, those
 * previous read whole taken over; FALSE when it cannot be followed. */
static gboolean cs_restructure_resources(CsModel *model, const CsModel *previous)
{
    xmlNode *section = cs_document_section(model->document, "resources");
    g_autoptr(GHashTable) tops = g_hash_table_new(NULL, NULL);
    g_autoptr(GPtrArray) before = g_ptr_array_new();
    gboolean templates = FALSE;

    for (guint i = 0; i < previous->resources->len; i++) {
        CsResource *rsc = g_ptr_array_index(previous->resources, i);
        if (!cs_restructure_plain(rsc)) {
            return FALSE;
        }
        if (rsc->parent < 0) {
            g_hash_table_insert(tops, rsc->xml, rsc);
        }
    }
    for (xmlNode *xml = cs_xml_first_element(section); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        if (cs_xml_is(xml, "template")) {
            templates = TRUE;
            continue;
        }
        CsResource *old = g_hash_table_lookup(tops, xml);
        guint size = 0;
        if (old == NULL || !cs_same_subtree(previous, old, xml, &size)) {
            if (!cs_restructure_read(model, xml, before)) {
                return FALSE;
            }
            continue;
        }
        int shift = (int)model->resources->len - old->index;
        for (guint i = 0; i < size; i++) {
            CsResource *kept = cs_model_renumber_resource(
                g_ptr_array_index(previous->resources, (guint)old->index + i), shift);
            g_ptr_array_add(model->resources, kept);
            g_ptr_array_add(before, kept);
        }
    }
    cs_restructure_note(model, templates);
    /* "resource start-up disabled since no STONITH resources": a warning
     * of the stage, which previous did not give */
    return !model->options.stonith_enabled || model->stonith_resource_present;
}

static gboolean cs_restructure_check(const CsModel *previous, const CsModelChanges *changes,
                                     GError **error)
{
    const CsDocument *document = previous->document;
    gboolean meta = changes->meta_resources != NULL && changes->meta_resources->len > 0;
    gboolean clock = changes->now != NULL
                     && (changes->now->seconds != previous->now.seconds
                         || changes->now->offset != previous->now.offset);

    if (changes->nodes_or_status || meta || changes->rsc_defaults || changes->tickets
        || changes->options || changes->op_defaults || clock) {
        return cs_rebuild_refuse(error, "the resource tree with other changes");
    }
    if (!previous->plain_nodes || previous->id_refs || previous->enable_unfencing
        || previous->stage_warnings_end[CS_MODEL_STAGE_RESOURCES]
               != previous->stage_warnings_end[CS_MODEL_STAGE_NODES]) {
        return cs_rebuild_refuse(error, "a resource tree that cannot be followed");
    }
    if (!cs_model_check_document(document, error)
        || !cs_model_check_constraint_limits(document, error)
        || !cs_model_check_constraint_references(document, error)) {
        return FALSE;
    }
    return TRUE;
}

/* Whether the histories read rsc now as they read old (its counterpart
 * of the same id in previous): a resource kept with its whole subtree,
 * or one read again that status.c reads the same way and that is in no
 * clone or bundle, then or now (their histories are those of instances). */
static gboolean cs_same_for_histories(const CsModel *previous, const CsResource *old,
                                      const CsModel *model, const CsResource *rsc)
{
    const CsResource *top_before = cs_model_top(previous, old);
    const CsResource *top_now = cs_model_top(model, rsc);

    if (old->kind != rsc->kind) {
        return FALSE;
    }
    if (rsc->meta == old->meta && rsc->ops == old->ops && top_now->xml == top_before->xml) {
        return TRUE; /* kept whole (cs_model_renumber_resource) */
    }
    return top_before->kind != CS_RSC_CLONE && top_before->kind != CS_RSC_BUNDLE
           && top_now->kind != CS_RSC_CLONE && top_now->kind != CS_RSC_BUNDLE
           && cs_reread_same_for_status(old, rsc) && rsc->maintenance == old->maintenance
           && g_strcmp0(rsc->rsc_class, old->rsc_class) == 0
           && g_strcmp0(rsc->provider, old->provider) == 0 && g_strcmp0(rsc->type, old->type) == 0;
}

/* Where each resource of previous is in model (-1: gone), when every
 * primitive is in both and read by the histories as it was; else NULL
 * (the histories are read again: a primitive that came or went turns a
 * history into an orphan or back). */
static int *cs_restructure_renumber(const CsModel *model, const CsModel *previous)
{
    g_autofree int *renumber = g_new(int, previous->resources->len);
    guint matched = 0, primitives_before = 0;

    for (guint i = 0; i < previous->resources->len; i++) {
        const CsResource *old = g_ptr_array_index(previous->resources, i);
        renumber[i] = -1;
        primitives_before += old->kind == CS_RSC_PRIMITIVE;
    }
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        const CsResource *old = cs_model_resource(previous, rsc->id);
        if (old == NULL && rsc->kind != CS_RSC_PRIMITIVE) {
            continue; /* a new group or clone: no history names one */
        }
        if (old == NULL || !cs_same_for_histories(previous, old, model, rsc)) {
            return NULL;
        }
        renumber[old->index] = (int)i;
        matched += rsc->kind == CS_RSC_PRIMITIVE;
    }
    return matched == primitives_before ? g_steal_pointer(&renumber) : NULL;
}

static CsModel *cs_model_restructure(CsModel *previous, const CsModelChanges *changes,
                                     GError **error)
{
    if (!cs_restructure_check(previous, changes, error)) {
        return NULL;
    }
    CsModel *model = g_new(CsModel, 1);

    *model = *previous;
    model->warnings = g_ptr_array_new_with_free_func(g_free);
    model->features = 0;
    cs_model_part_ref(model->config_part);
    g_hash_table_ref(model->rsc_defaults);
    if (model->rsc_defaults_names != NULL) {
        g_ptr_array_ref(model->rsc_defaults_names);
    }
    cs_model_new_status(model);
    model->resources =
        g_ptr_array_new_full(previous->resources->len + 2, (GDestroyNotify)cs_resource_unref);
    /* keyed by the resources' own ids (GRefStrings), not copies */
    model->rsc_by_id =
        g_hash_table_new_full(g_str_hash, g_str_equal, (GDestroyNotify)g_ref_string_release, NULL);
    cs_model_new_constraints(model, previous);
    cs_stage_copy(model, previous, CS_MODEL_STAGE_OPTIONS);
    cs_stage_nodes(model, FALSE);
    if (!cs_rebuild_same_nodes(model, previous)
        || model->stage_warnings_end[CS_MODEL_STAGE_NODES]
               != previous->stage_warnings_end[CS_MODEL_STAGE_NODES]) {
        cs_rebuild_refuse(error, "the nodes changed");
        cs_model_free(model);
        return NULL;
    }
    CsStageRun run = cs_stage_begin(model, CS_MODEL_STAGE_RESOURCES);
    gboolean followed = cs_restructure_resources(model, previous);
    cs_stage_end(&run);
    if (!followed) {
        cs_rebuild_refuse(error, "a resource the new tree holds cannot be read alone");
        cs_model_free(model);
        return NULL;
    }
    if (!cs_model_check_size(model, error)) { /* model/limits.h */
        cs_model_free(model);
        return NULL;
    }
    g_autofree int *renumber = cs_restructure_renumber(model, previous);
    cs_stage_constraints(model, NULL, NULL);
    /* without renumber, previous's histories name other resources: none
     * is taken over */
    cs_stage_status_renumbered(model, renumber != NULL ? previous : NULL, renumber, previous);
    return model;
}

static gboolean cs_rebuild_check(CsModel *previous, const CsModelChanges *changes, CsReread *reread,
                                 GError **error)
{
    const CsDocument *document = previous->document;
    gboolean meta = changes->meta_resources != NULL && changes->meta_resources->len > 0;

    /* An empty list of touched constraints: <constraints> is as it was
     * when previous passed the limits. */
    gboolean constraints_same = changes->constraints != NULL && changes->constraints->len == 0;

    if (!cs_model_check_document(document, error)
        || (!constraints_same
            && !cs_model_check_constraint_limits(document, error))) { /* model/limits.h */
        return FALSE;
    }
    /* A set, pair or rule named by id-ref is read wherever it is named. */
    if ((changes->nodes_or_status || meta) && previous->id_refs) {
        return cs_rebuild_refuse(error, "id-ref in the document");
    }
    if (changes->nodes_or_status
        && (!cs_model_check_edited_part(cs_document_section(document, "nodes"))
            || (!changes->status_untouched && !cs_rebuild_check_status_limits(document)))) {
        return cs_rebuild_refuse(error, "an id past the limits");
    }
    if (changes->node_states && !cs_rebuild_check_node_states(previous, changes, error)) {
        return FALSE;
    }
    gboolean clock = changes->now != NULL
                     && (changes->now->seconds != previous->now.seconds
                         || changes->now->offset != previous->now.offset);
    if (clock
        && (changes->nodes_or_status || meta || !constraints_same || changes->rsc_defaults
            || changes->tickets || changes->options || changes->op_defaults)) {
        return cs_rebuild_refuse(error, "a new clock with other changes");
    }
    if (clock && cs_model_reads_clock(previous)) {
        return cs_rebuild_refuse(error, "what the model read depends on the clock");
    }
    if (changes->rsc_defaults) {
        return cs_rebuild_check_defaults(previous, changes, reread, error);
    }
    if (changes->op_defaults) {
        return cs_rebuild_check_op_defaults(previous, changes, reread, error);
    }
    if ((changes->tickets || changes->options)
        && !cs_rebuild_check_options(previous, changes, error)) {
        return FALSE;
    }
    if (!cs_reread_resources(previous, changes->meta_resources, reread)) {
        return cs_rebuild_refuse(error, "a resource changed more than its meta attributes");
    }
    /* Remote and guest nodes come from resources (cs_stage_nodes scans
     * them) and the status reads them: with such nodes, an edit of a
     * resource's meta is followed while the nodes and the status stay
     * as they were -- the resource read again links no node
     * (cs_reread_same_place) and changed nothing the status reads. */
    if (meta && !previous->plain_nodes && reread->status_again) {
        return cs_rebuild_refuse(error, "remote or guest nodes");
    }
    if (changes->options) {
        return cs_rebuild_read_options(previous, reread, error);
    }
    return TRUE;
}

CsModel *cs_model_rebuild(CsModel *previous, const CsModelChanges *changes, GError **error)
{
    CsReread reread = {0};

    if (changes->resource_tree) {
        return cs_model_restructure(previous, changes, error);
    }

    if (!cs_rebuild_check(previous, changes, &reread, error)) {
        if (reread.old != NULL) {
            cs_reread_clear(&reread);
        }
        return NULL;
    }
    gboolean status_again = changes->nodes_or_status || reread.status_again;
    gboolean options_read = reread.config != NULL;
    CsModel *model = g_new(CsModel, 1);

    /* Every field from previous, then each part either shared (one more
     * reference) or made anew, before anything can fail. */
    *model = *previous;
    if (changes->now != NULL) {
        model->now = *changes->now; /* alone: cs_rebuild_check */
    }
    model->warnings = g_ptr_array_new_with_free_func(g_free);
    model->features = 0;
    if (reread.config != NULL) {
        cs_rebuild_take_options(model, &reread);
    } else if (reread.rsc_defaults != NULL) {
        cs_model_part_ref(model->config_part);
        model->rsc_defaults = g_steal_pointer(&reread.rsc_defaults);
        model->rsc_defaults_names = g_steal_pointer(&reread.rsc_defaults_names);
    } else {
        cs_model_part_ref(model->config_part);
        g_hash_table_ref(model->rsc_defaults);
        if (model->rsc_defaults_names != NULL) {
            g_ptr_array_ref(model->rsc_defaults_names);
        }
    }
    if (status_again) {
        cs_model_new_status(model);
    } else {
        cs_model_part_ref(model->status_part);
    }
    cs_model_new_resources(model, previous);
    cs_model_new_constraints(model, previous);

    if (!options_read) {
        cs_stage_copy(model, previous, CS_MODEL_STAGE_OPTIONS);
    }
    if (status_again) {
        /* When previous's resources made no remote or guest node
         * (plain_nodes) and none was read again, they make none now, and
         * the 2,000-resource scan for them is skipped; otherwise the
         * nodes they make are linked again (cs_rebuild_link_remote). */
        cs_stage_nodes(model, reread.old->len > 0 || !previous->plain_nodes);
    } else {
        cs_stage_copy(model, previous, CS_MODEL_STAGE_NODES);
    }
    /* The resources were read with previous's nodes (clone-max counts
     * them, unless cs_rebuild_check_node_states found no clone that
     * does) and their warnings follow those of the nodes. */
    gboolean nodes_changed = status_again && !cs_rebuild_same_nodes(model, previous);
    if ((nodes_changed && (!changes->node_states || !cs_rebuild_plain_nodes(model)))
        || model->stage_warnings_end[CS_MODEL_STAGE_NODES]
               != previous->stage_warnings_end[CS_MODEL_STAGE_NODES]) {
        cs_rebuild_refuse(error, "the nodes changed");
        cs_reread_clear(&reread);
        cs_model_free(model);
        return NULL;
    }
    if (nodes_changed && !cs_recount_clones(model, previous, &reread)) {
        cs_rebuild_refuse(error, "a clone counting the nodes cannot be followed");
        cs_reread_clear(&reread);
        cs_model_free(model);
        return NULL;
    }
    cs_rebuild_resources(model, previous, &reread);
    cs_reread_clear(&reread);
    if (status_again && !previous->plain_nodes && !cs_rebuild_link_remote(model)) {
        cs_rebuild_refuse(error, "a connection's node changed");
        cs_model_free(model);
        return NULL;
    }
    if (!cs_model_check_size(model, error)) { /* model/limits.h */
        cs_model_free(model);
        return NULL;
    }
    /* The constraints the edit did not touch give what they gave, unless
     * a resource changed in what they read. */
    gboolean take_over =
        changes->constraints != NULL && !reread.constraints_again && !nodes_changed;
    cs_stage_constraints(model, take_over ? previous : NULL, changes->constraints);
    if (status_again) {
        /* An edit of <nodes> or of transient attributes (a standby, a
         * node attribute, a fail count) leaves the histories (the
         * <lrm> of each node_state: any other change in status is
         * CS_EDIT_CHANGED_OTHER) and the resources as they were: they
         * may then be taken over (status.c decides, by what the
         * node_state pass gave). */
        gboolean histories_unchanged =
            !reread.status_again && !changes->node_states
            && (changes->meta_resources == NULL || changes->meta_resources->len == 0);
        cs_stage_status_renumbered(model, histories_unchanged ? previous : NULL, NULL, previous);
    } else {
        /* The status section reads no constraint, but it grants the
         * tickets constraints name: that pass runs on the new tickets. */
        cs_model_unpack_ticket_states(model);
        cs_stage_copy(model, previous, CS_MODEL_STAGE_STATUS);
    }
    return model;
}

CsModel *cs_model_rebuild_constraints(CsModel *previous, GError **error)
{
    CsModelChanges changes = {.nodes_or_status = FALSE};

    return cs_model_rebuild(previous, &changes, error);
}
