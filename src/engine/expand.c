/* expand.c: the engine's own view of the model, with clone instances.
 *
 * Pacemaker Explained 2.1, "Clones": a clone runs clone-max copies of its
 * child, the instances, each a resource of its own named CHILD:N (members
 * of a cloned group MEMBER:N).  Pacemaker 2.1.5's scheduler creates them
 * when it unpacks the configuration, then matches each history of the
 * status section to one of them: by the number in its id for a
 * globally-unique clone, otherwise (anonymous clone) to the instance
 * already active on the node, else the first instance not yet active
 * anywhere, else a new "orphan" instance numbered after the others, which
 * will only be stopped.
 *
 * The copy is shallow: strings, tables and histories stay the model's;
 * only the arrays, the resources, nodes, histories and fail counts the
 * engine must see differently are new, and owned here.
 */
#include <string.h>

#include "engine/engine_internal.h"

struct CsExpansion {
    CsModel model;           /* the engine's view; containers owned */
    GPtrArray *owned;        /* every struct allocated here (g_free) */
    GArray *orphan;          /* gboolean per resource */
    GArray *hidden;          /* gboolean per resource: an orphan
                                    instance no history shows active */
    GArray *configured;      /* int per resource: the configured
                                    resource an instance copies, or itself */
    GArray *template;        /* gboolean per resource: a clone's
                                    configured child (never placed) */
    GPtrArray *arrays;       /* children arrays made here */
    GHashTable *empty_table; /* shared by orphans: no params, ... */
    GPtrArray *empty_ops;    /* shared by orphans: no operations */
    GPtrArray *orphan_bans;  /* CsStatusBan*: __orphan_do_not_run__ */
    GPtrArray *node_tables;  /* attribute tables of nodes made here, and
                                    implicit resources' parameters */
    GPtrArray *op_lists;     /* implicit resources' operations */
    guint model_nodes;       /* how many nodes the model has */
    guint linked_guests;     /* the model's bundle guest nodes linked so far
                                (link_model_guest()) */
    /* bundle.c's part of the view */
    const CsBundleExpander *bundles;
};

static gpointer own(CsExpansion *expansion, gconstpointer data, gsize size)
{
    gpointer copy = g_memdup2(data, size);

    g_ptr_array_add(expansion->owned, copy);
    return copy;
}

static CsResource *rsc_at(const CsExpansion *expansion, int rsc)
{
    return g_ptr_array_index(expansion->model.resources, rsc);
}

static GArray *own_children(CsExpansion *expansion)
{
    GArray *children = g_array_new(FALSE, FALSE, sizeof(int));

    g_ptr_array_add(expansion->arrays, children);
    return children;
}

/* A resource copy appended to the view (index = the new position). */
static CsResource *add_copy(CsExpansion *expansion, const CsResource *from, int configured,
                            gboolean orphan)
{
    CsResource *copy = own(expansion, from, sizeof(CsResource));

    copy->index = (int)expansion->model.resources->len;
    g_ptr_array_add(expansion->model.resources, copy);
    g_array_append_val(expansion->configured, configured);
    g_array_append_val(expansion->orphan, orphan);
    g_array_append_val(expansion->hidden, (gboolean){FALSE});
    g_array_append_val(expansion->template, (gboolean){FALSE});
    return copy;
}

static const char *instance_id(CsExpansion *expansion, const char *base, int number)
{
    char *id = g_strdup_printf("%s:%d", base, number);

    g_ptr_array_add(expansion->owned, id);
    return id;
}

/* Instance number of the configured child (primitive or group), with
 * parent as its parent; a group instance brings its members. */
static int add_instance(CsExpansion *expansion, int template, int parent, int number,
                        gboolean orphan)
{
    const CsResource *from = rsc_at(expansion, template);
    CsResource *copy = add_copy(expansion, from, template, orphan);
    int index = copy->index;

    copy->id = (char *)instance_id(expansion, from->id, number);
    copy->parent = parent;
    if (from->kind == CS_RSC_GROUP) {
        GArray *children = own_children(expansion);

        copy->children = children;
        for (guint i = 0; i < from->children->len; i++) {
            int member = add_instance(expansion, g_array_index(from->children, int, i), index,
                                      number, orphan);

            g_array_append_val(children, member);
        }
    }
    return index;
}

/* ---- matching histories to instances ---------------------------------- */

typedef struct Matching {
    CsExpansion *expansion;
    int *active_node; /* per resource: node it is known active on */
    gboolean *blocked;
    int *next_orphan; /* per resource (clones): next orphan number */
    guint capacity;   /* entries in each array */
} Matching;

/* The arrays cover every resource of the view, which grows as histories
 * make orphans (an orphan instance of a cloned group adds a resource per
 * member, so no bound fixed beforehand holds). */
static void matching_fit(Matching *matching)
{
    guint needed = matching->expansion->model.resources->len;
    guint old = matching->capacity;

    if (needed <= old)
        return;
    matching->capacity = MAX(needed, old * 2);
    matching->active_node = g_renew(int, matching->active_node, matching->capacity);
    matching->blocked = g_renew(gboolean, matching->blocked, matching->capacity);
    matching->next_orphan = g_renew(int, matching->next_orphan, matching->capacity);
    for (guint i = old; i < matching->capacity; i++) {
        matching->active_node[i] = -1;
        matching->blocked[i] = FALSE;
        matching->next_orphan[i] = 0;
    }
}

/* A bundle Pacemaker leaves out, and the resource inside it
 * (bundle.c): never placed, as a clone's configured child. */
static gboolean left_out(const CsExpansion *expansion, int rsc)
{
    int parent = rsc_at(expansion, rsc)->parent;

    return expansion->bundles->is_dropped(&expansion->model, rsc)
           || (parent >= 0 && expansion->bundles->is_dropped(&expansion->model, parent));
}

/* The resource configured inside a bundle: the bundle's clone's
 * instances copy it (bundle.c); it is never placed itself. */
static gboolean inside_bundle(const CsExpansion *expansion, int rsc)
{
    int parent = rsc_at(expansion, rsc)->parent;

    return parent >= 0 && rsc_at(expansion, parent)->kind == CS_RSC_BUNDLE;
}

static int clone_of(const CsExpansion *expansion, int rsc)
{
    for (int up = rsc; up >= 0; up = rsc_at(expansion, up)->parent) {
        if (rsc_at(expansion, up)->kind == CS_RSC_CLONE)
            return up;
    }
    return -1;
}

/* The member of instance that copies the configured resource (the
 * instance itself for a cloned primitive). */
static int member_for(const CsExpansion *expansion, int instance, int configured)
{
    const CsResource *info = rsc_at(expansion, instance);

    if (g_array_index(expansion->configured, int, instance) == configured)
        return instance;
    for (guint i = 0; info->children && i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);

        if (g_array_index(expansion->configured, int, member) == configured)
            return member;
    }
    return -1;
}

/* Where an instance (or any member of a group instance) is known active. */
static int instance_location(const Matching *matching, int instance)
{
    const CsResource *info = rsc_at(matching->expansion, instance);

    if (matching->active_node[instance] >= 0)
        return matching->active_node[instance];
    for (guint i = 0; info->children && i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);

        if (matching->active_node[member] >= 0)
            return matching->active_node[member];
    }
    return -1;
}

static gboolean requires_fencing(const CsModel *model, const CsResource *info)
{
    if (info->requires != NULL)
        return strcmp(info->requires, "fencing") == 0 || strcmp(info->requires, "unfencing") == 0;
    return model->options.stonith_enabled;
}

/* Pacemaker's find_anonymous_clone(). */
static int match_anonymous(Matching *matching, int clone, int configured, int node)
{
    CsExpansion *expansion = matching->expansion;
    const CsResource *info = rsc_at(expansion, clone);
    const CsNode *node_state = g_ptr_array_index(expansion->model.nodes, node);
    int found = -1, inactive = -1;
    gboolean skip_inactive = FALSE;

    for (guint i = 0; found < 0 && i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);
        int where = instance_location(matching, instance);
        int member = member_for(expansion, instance, configured);

        if (where >= 0) {
            if (where != node || member < 0)
                continue;
            if (matching->active_node[member] >= 0) {
                /* A second history of the same clone on one node. */
                skip_inactive = TRUE;
                continue;
            }
            found = member;
        } else if (!skip_inactive && inactive < 0 && member >= 0 && !matching->blocked[member]) {
            inactive = member;
        }
    }
    if (found < 0 && !skip_inactive)
        found = inactive;
    /* Instances that need no fencing are not counted on nodes that left:
     * they may start elsewhere at once; unless the clone has an instance
     * for every node (clone-max equal to the number of nodes), when no
     * other node could use the number anyway; nor on guest nodes, whose
     * fencing is their container's stop (gen_remote.py seed 140041). */
    if (found >= 0 && !requires_fencing(&expansion->model, rsc_at(expansion, configured))
        && (!node_state->online || node_state->unclean) && node_state->type != CS_NODE_GUEST
        && info->clone_max != (int)expansion->model.nodes->len)
        found = -1;
    return found;
}

/* The clone's configured child, which its instances copy (still there
 * when clone-max is 0 and there are no instances); -1 if none. */
static int clone_template(const CsExpansion *expansion, int clone)
{
    for (guint i = 0; i < expansion->template->len; i++)
        if (g_array_index(expansion->template, gboolean, i)
            && rsc_at(expansion, (int)i)->parent == clone)
            return (int)i;
    return -1;
}

static int add_orphan(Matching *matching, int clone, int configured)
{
    CsExpansion *expansion = matching->expansion;
    CsResource *info = rsc_at(expansion, clone);
    int top_template = clone_template(expansion, clone), instance;

    if (top_template < 0)
        return -2;
    instance = add_instance(expansion, top_template, clone, matching->next_orphan[clone]++, TRUE);

    g_array_append_val(info->children, instance);
    return member_for(expansion, instance, configured);
}

/* The instance of a bundle's clone that runs on guest node node (the
 * replica whose connection makes that node); -1 when node is no guest
 * node of the bundle. */
static int replica_instance(const CsExpansion *expansion, int clone, int configured, int node)
{
    const CsResource *info = rsc_at(expansion, clone);
    const CsResource *bundle = rsc_at(expansion, info->parent);
    guint replica = 0;

    for (guint i = 0; i < bundle->children->len; i++) {
        const CsResource *child = rsc_at(expansion, g_array_index(bundle->children, int, i));

        if (!child->is_remote_connection)
            continue;
        if (child->remote_node == node && replica < info->children->len)
            return member_for(expansion, g_array_index(info->children, int, replica), configured);
        replica++;
    }
    return -1;
}

/* Whether clone is a bundle's clone of its resource inside. */
static gboolean bundled(const CsExpansion *expansion, int clone)
{
    int parent = rsc_at(expansion, clone)->parent;

    return parent >= 0 && rsc_at(expansion, parent)->kind == CS_RSC_BUNDLE;
}

static int match_state(Matching *matching, const CsRscState *state)
{
    CsExpansion *expansion = matching->expansion;
    int clone = clone_of(expansion, state->rsc);
    const CsResource *info;
    int found;

    if (clone < 0)
        return state->rsc;
    info = rsc_at(expansion, clone);
    /* Pacemaker Explained 2.1, "Bundles": the resource inside an
     * anonymous bundle runs as the instance of the replica whose guest
     * node holds the history; a history on a node of no replica is an
     * orphan's. */
    if (!info->globally_unique && bundled(expansion, clone)
        && ((const CsNode *)g_ptr_array_index(expansion->model.nodes, state->node))->bundle_guest) {
        found = replica_instance(expansion, clone, state->rsc, state->node);
        return found >= 0 ? found : -2;
    }
    if (info->globally_unique) {
        if (state->instance >= 0 && state->instance < (int)info->children->len)
            return member_for(expansion, g_array_index(info->children, int, state->instance),
                              state->rsc);
        return -2; /* a numbered instance beyond clone-max */
    }
    found = match_anonymous(matching, clone, state->rsc, state->node);
    /* An orphan instance is made for an inactive history too (a probe on
     * a node beyond clone-max): it is never placed nor printed, but its
     * pseudo-actions sit among the clone's orderings, which decides the
     * order flags are updated in, and so the reasons actions keep
     * (checked with crm_simulate 2.1.5, oracle-diff seed 23800: an
     * ordered clone's stop reaches the last instance's through the
     * orphan's).  A later history takes it while it is inactive. */
    if (found < 0)
        found = add_orphan(matching, clone, state->rsc);
    return found;
}

/* ---- orphans: histories of resources no longer configured ----------- */

/* A copy of an lrm_resource attribute the expansion owns, or NULL. */
static char *owned_attr(CsExpansion *expansion, xmlNode *element, const char *name)
{
    xmlChar *value = element != NULL ? xmlGetProp(element, (const xmlChar *)name) : NULL;
    char *copy = value != NULL ? g_strdup((const char *)value) : NULL;

    xmlFree(value);
    if (copy != NULL)
        g_ptr_array_add(expansion->owned, copy);
    return copy;
}

/* The <lrm_resource> of a history (the parent of its operations). */
static xmlNode *history_element(const CsRscState *state)
{
    const CsOpRecord *record;

    if (state->history == NULL || state->history->len == 0)
        return NULL;
    record = g_ptr_array_index(state->history, 0);
    return record->xml != NULL ? record->xml->parent : NULL;
}

/* The managed state an orphan takes from the defaults alone: Pacemaker
 * unpacks it like a resource with no meta attributes of its own, so
 * rsc_defaults, is-managed-default and maintenance-mode apply (Pacemaker
 * Explained 2.1, "Cluster Options" and "Resource Meta-Attributes");
 * stop-orphan-resources=false leaves it
 * unmanaged (Pacemaker's process_orphan_resource()). */
static gboolean orphan_managed(const CsModel *model)
{
    const char *managed = g_hash_table_lookup(model->rsc_defaults, "is-managed");
    const char *maintenance = g_hash_table_lookup(model->rsc_defaults, "maintenance");
    const char *by_default = g_hash_table_lookup(model->options.values, "is-managed-default");

    if (!model->options.stop_orphan_resources || model->options.maintenance_mode
        || cs_text_is_true(maintenance))
        return FALSE;
    if (managed != NULL && g_ascii_strcasecmp(managed, "default") != 0)
        return cs_text_is_true(managed);
    return !cs_text_is_false(by_default);
}

/* Pacemaker's default "requires" for a resource with no meta attribute
 * (Pacemaker Explained 2.1, "Resource Meta-Attributes"), rsc_defaults aside. */
static const char *orphan_requires(const CsModel *model, const CsResource *orphan)
{
    if (orphan->fence_device)
        return "quorum";
    if (model->options.stonith_enabled)
        return "fencing";
    if (model->options.no_quorum_policy == CS_NO_QUORUM_IGNORE)
        return "nothing";
    return "quorum";
}

/* Pacemaker's create_fake_resource() for a history whose resource is no
 * longer configured: a primitive of the history's agent, appended after
 * every configured resource, that is never printed and, when
 * stop-orphan-resources is on, banned from every node
 * ("__orphan_do_not_run__") so that it is stopped. */
static int add_orphan_primitive(CsExpansion *expansion, const CsModel *model,
                                const CsRscState *state)
{
    CsResource blank = {0};
    CsResource *orphan;
    xmlNode *element = history_element(state);

    orphan = add_copy(expansion, &blank, (int)expansion->model.resources->len, TRUE);
    orphan->id = state->rsc_id;
    orphan->kind = CS_RSC_PRIMITIVE;
    orphan->parent = -1;
    orphan->children = own_children(expansion);
    orphan->rsc_class = owned_attr(expansion, element, "class");
    orphan->provider = owned_attr(expansion, element, "provider");
    orphan->type = owned_attr(expansion, element, "type");
    orphan->meta = model->rsc_defaults;
    orphan->params = expansion->empty_table;
    orphan->utilization = expansion->empty_table;
    orphan->ops = expansion->empty_ops;
    orphan->migration_threshold = CS_INFINITY;
    orphan->managed = orphan_managed(model);
    orphan->maintenance = !orphan->managed && model->options.maintenance_mode;
    orphan->multiple_active = "stop_start";
    orphan->critical = TRUE;
    orphan->fence_device = g_strcmp0(orphan->rsc_class, "stonith") == 0;
    orphan->requires = orphan_requires(model, orphan);
    orphan->container = -1;
    orphan->remote_node = -1;
    cs_score_parse(g_hash_table_lookup(model->rsc_defaults, "priority"), &orphan->priority);
    if (model->options.stop_orphan_resources) {
        CsStatusBan ban = {orphan->index, -1, "__orphan_do_not_run__", -1};

        g_ptr_array_add(expansion->orphan_bans, own(expansion, &ban, sizeof ban));
    }
    return orphan->index;
}

/* Whether configured, the resource a history named, is a globally-unique
 * clone's primitive outside any bundle: a history that then matches no
 * instance is one numbered beyond clone-max. */
static gboolean unique_instance_past_max(CsExpansion *expansion, int configured)
{
    int clone = configured >= 0 ? clone_of(expansion, configured) : -1;

    return clone >= 0 && rsc_at(expansion, clone)->globally_unique && !bundled(expansion, clone);
}

/* Whether the history holds a failed operation (a result other than the
 * one expected; a probe's "not running" is none).  Such a history is
 * read with the configured resource's meta attributes (is-managed,
 * failure-timeout, migration-threshold), which the resource Pacemaker
 * makes of it does not have (checked with crm_simulate 2.1.5: gen.py
 * seeds 1885340 and 1888425, a failed monitor of a unique clone's
 * instance beyond clone-max, is-managed=false on the clone's primitive:
 * crm_simulate stops it, the engine kept it).  Refused until the
 * history is read again as the orphan's. */
static gboolean history_has_failure(const CsRscState *state)
{
    if (state->failed || state->last_failure != NULL || state->failure_ignored)
        return TRUE;
    for (guint i = 0; i < state->history->len; i++) {
        const CsOpRecord *op = g_ptr_array_index(state->history, i);
        gboolean probe = g_strcmp0(op->operation, "monitor") == 0 && op->interval_ms == 0;

        if (op->target_rc >= 0 && op->rc_code != op->target_rc && !(probe && op->rc_code == 7))
            return TRUE;
    }
    return FALSE;
}

/* The orphan primitive for state's resource id, made at its first
 * history (a resource keeps one fake resource for all its nodes). */
/* Whether a history Pacemaker reads as an orphan's (no instance of a
 * globally-unique clone takes it: beyond clone-max, or a bundle's
 * resource inside recorded without its instance number) is active on a
 * node that is down while the configured resource's managed state is
 * not the orphan's.  The status is read with the configured resource,
 * which decides whether that node (a guest: its container) is fenced
 * for it; Pacemaker fences it for the managed orphan (checked with
 * crm_simulate 2.1.5: rb seed 1682705, an unmanaged resource inside a
 * bundle of replicas-per-host 3 on a guest whose host left). */
static gboolean orphan_managed_differs_offline(const CsExpansion *expansion, const CsModel *model,
                                               int configured, const CsRscState *state)
{
    const CsNode *node;

    if (configured < 0 || state->role < CS_ROLE_STARTED || state->node < 0)
        return FALSE;
    node = g_ptr_array_index(expansion->model.nodes, state->node);
    return !node->online && rsc_at(expansion, configured)->managed != orphan_managed(model);
}

static int orphan_primitive(CsExpansion *expansion, const CsModel *model, GHashTable *orphans,
                            const CsRscState *state)
{
    gpointer found;

    if (g_hash_table_lookup_extended(orphans, state->rsc_id, NULL, &found))
        return GPOINTER_TO_INT(found);
    found = GINT_TO_POINTER(add_orphan_primitive(expansion, model, state));
    g_hash_table_insert(orphans, state->rsc_id, found);
    return GPOINTER_TO_INT(found);
}

/* A history of a remote or guest node's connection (ocf:pacemaker:remote,
 * or one naming its container): Pacemaker recreates the node such an
 * orphan connected, which then takes part in placement like any remote
 * node (Pacemaker Explained 2.1, "Pacemaker Remote"). */
static gboolean orphan_is_remote_connection(const CsRscState *state)
{
    xmlNode *element = history_element(state);
    xmlChar *type, *container;
    gboolean remote;

    if (element == NULL)
        return FALSE;
    type = xmlGetProp(element, (const xmlChar *)"type");
    container = xmlGetProp(element, (const xmlChar *)"container");
    remote = container != NULL || (type != NULL && strcmp((const char *)type, "remote") == 0);
    xmlFree(type);
    xmlFree(container);
    return remote;
}

/* Whether the history element names the agent ocf:pacemaker:remote and
 * no container (a guest node's connection). */
static gboolean plain_remote_agent(const CsRscState *state)
{
    xmlNode *element = history_element(state);
    g_autofree char *class = NULL, *provider = NULL, *type = NULL, *container = NULL;

    if (element == NULL)
        return FALSE;
    class = (char *)xmlGetProp(element, (const xmlChar *)"class");
    provider = (char *)xmlGetProp(element, (const xmlChar *)"provider");
    type = (char *)xmlGetProp(element, (const xmlChar *)"type");
    container = (char *)xmlGetProp(element, (const xmlChar *)"container");
    return container == NULL && g_strcmp0(class, "ocf") == 0
           && g_strcmp0(provider, "pacemaker") == 0 && g_strcmp0(type, "remote") == 0;
}

/* Whether some history of id shows it failed or in flight (a migration
 * too). */
static gboolean troubled(const CsModel *model, const char *id)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (strcmp(state->rsc_id, id) == 0 && (state->failed || state->pending || state->migrating))
            return TRUE;
    }
    return FALSE;
}

/* Whether some history of id shows it active. */
static gboolean ever_active(const CsModel *model, const char *id)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (strcmp(state->rsc_id, id) == 0 && state->role >= CS_ROLE_STARTED)
            return TRUE;
    }
    return FALSE;
}

/* Whether the status section has a node_state for a node named name. */
static gboolean has_node_state(const CsRscState *state, const char *name)
{
    xmlNode *status = history_element(state);

    while (status != NULL && xmlStrcmp(status->name, (const xmlChar *)"status") != 0)
        status = status->parent;
    for (xmlNode *child = status != NULL ? status->children : NULL; child != NULL;
         child = child->next) {
        g_autofree char *id = NULL, *uname = NULL;

        if (child->type != XML_ELEMENT_NODE
            || xmlStrcmp(child->name, (const xmlChar *)"node_state") != 0)
            continue;
        id = (char *)xmlGetProp(child, (const xmlChar *)"id");
        uname = (char *)xmlGetProp(child, (const xmlChar *)"uname");
        if (g_strcmp0(id, name) == 0 || g_strcmp0(uname, name) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Whether some constraint or setting scores every node the cluster knows
 * when the scheduler runs, the node of an orphan connection too: a
 * location rule is evaluated on each node, a location may name that
 * node, a resource disabled (target-role=Stopped) or bound to a ticket
 * is banned from each, a node health strategy scores each (checked with
 * crm_simulate: progressive with node-health-base 10 lists the node at
 * 10 for every resource). */
/* Whether a location of the configuration names node name: the model
 * drops one naming a node it does not know, as the late node is (found
 * by genrb.py, gen_bundle seed 1173309: crm_simulate scores d1 INFINITY
 * on the orphan connection's node web-1). */
static gboolean configured_location_names(const CsRscState *state, const char *name)
{
    xmlNode *root = history_element(state);
    xmlNode *constraints = NULL;

    while (root != NULL && root->parent != NULL && root->parent->type == XML_ELEMENT_NODE)
        root = root->parent;
    for (xmlNode *section = root != NULL ? root->children : NULL; section != NULL;
         section = section->next)
        if (section->type == XML_ELEMENT_NODE
            && xmlStrcmp(section->name, (const xmlChar *)"configuration") == 0)
            for (xmlNode *child = section->children; child != NULL; child = child->next)
                if (child->type == XML_ELEMENT_NODE
                    && xmlStrcmp(child->name, (const xmlChar *)"constraints") == 0)
                    constraints = child;
    for (xmlNode *child = constraints != NULL ? constraints->children : NULL; child != NULL;
         child = child->next) {
        g_autofree char *node = NULL;

        if (child->type != XML_ELEMENT_NODE
            || xmlStrcmp(child->name, (const xmlChar *)"rsc_location") != 0)
            continue;
        node = (char *)xmlGetProp(child, (const xmlChar *)"node");
        if (g_strcmp0(node, name) == 0)
            return TRUE;
    }
    return FALSE;
}

static gboolean scores_late_node(const CsModel *model, const char *name)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rules->len > 0 || g_strcmp0(location->node, name) == 0)
            return TRUE;
    }
    for (guint i = 0; i < model->resources->len; i++)
        if (((const CsResource *)g_ptr_array_index(model->resources, i))->target_role
            == CS_ROLE_STOPPED)
            return TRUE;
    return model->ticket_constraints->len > 0
           || model->options.node_health_strategy != CS_HEALTH_NONE;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": the history of a remote
 * connection no longer configured makes Pacemaker recreate its remote
 * node, after the configuration is read, so that no resource's default
 * (symmetric) score lists it.  Checked with crm_simulate 2.1.5 (gen_bundle
 * seeds 1203030, 1203047, 1203139): with stonith-enabled false, a
 * connection that never ran (only probed or stopped) leaves the node
 * offline and unfenced, its node_state (if any, with no node entry) read
 * for nothing; one running, with no node entry nor node_state (nothing
 * can run there), is stopped as any active orphan.  Either way the
 * orphan is an orphan like any other.  With fencing enabled the node is
 * fenced ('node is unclean' when unseen).  Returns why the rest is
 * refused, or NULL. */
static const char *unmodelled_orphan_connection(const CsModel *model, const CsRscState *state)
{
    const CsNode *node;

    if (!plain_remote_agent(state))
        return "a guest node's connection (its container named)";
    if (troubled(model, state->rsc_id))
        return "it failed or is pending";
    node = g_hash_table_lookup(model->node_by_uname, state->rsc_id);
    if (node == NULL)
        node = g_hash_table_lookup(model->node_by_id, state->rsc_id);
    if (node != NULL && (node->type != CS_NODE_REMOTE || node->remote_rsc >= 0))
        return "a node of its name is not a left-over remote node entry";
    if (model->options.stonith_enabled)
        return "fencing is enabled (crm_simulate fences its node)";
    /* with no node entry and fencing disabled, its node_state (histories
     * even of resources started there, transient attributes) is not read */
    if (node != NULL && has_node_state(state, state->rsc_id))
        return "its node has a node entry and a node_state";
    /* active, it brings its node up: refused unless nothing could run
     * there (no node entry, no node_state); it is then stopped as any
     * orphan (gen_bundle seed 1203139) */
    if (ever_active(model, state->rsc_id) && (node != NULL || has_node_state(state, state->rsc_id)))
        return "it is active and its node has a node entry or a node_state";
    /* a node entry makes the node before the resources: scored as any */
    if (node == NULL
        && (scores_late_node(model, state->rsc_id) || configured_location_names(state, state->rsc_id)))
        return "a score would list its node";
    return NULL;
}

/* ---- building the view ------------------------------------------------ */

/* Whether rsc and every primitive inside it are of a class whose
 * instances can differ: ocf or stonith (a class Pacemaker 2.1.5 knows as
 * such; lsb, systemd and service checked with crm_simulate not to). */
static gboolean unique_capable(const CsExpansion *expansion, int rsc)
{
    const CsResource *info = rsc_at(expansion, rsc);

    if (info->kind == CS_RSC_PRIMITIVE)
        return info->rsc_class == NULL || strcmp(info->rsc_class, "ocf") == 0
               || strcmp(info->rsc_class, "stonith") == 0;
    for (guint i = 0; i < info->children->len; i++)
        if (!unique_capable(expansion, g_array_index(info->children, int, i)))
            return FALSE;
    return TRUE;
}

static void clear_unique(CsExpansion *expansion, int rsc)
{
    CsResource *info = rsc_at(expansion, rsc);

    info->globally_unique = FALSE;
    for (guint i = 0; i < info->children->len; i++)
        clear_unique(expansion, g_array_index(info->children, int, i));
}

/* Pacemaker Explained 2.1, "Clone Options": globally-unique needs a
 * resource class whose instances can differ.  For a clone of any other
 * class Pacemaker 2.1.5 ignores it: the clone is anonymous, one instance
 * a node, and makes no more instances than there are nodes (corpus
 * force-anon-clone-max; checked with crm_simulate, an offline node
 * counted too). */
static void force_anonymous(CsExpansion *expansion, int clone)
{
    CsResource *info = rsc_at(expansion, clone);

    if (!info->globally_unique || unique_capable(expansion, clone))
        return;
    clear_unique(expansion, clone);
    info->clone_node_max = 1;
    info->clone_max = MIN(info->clone_max, (int)expansion->model.nodes->len);
}

static void expand_clone(CsExpansion *expansion, int clone)
{
    CsResource *info = rsc_at(expansion, clone);
    GArray *instances;
    int template;

    if (info->children->len == 0)
        return;
    template = g_array_index(info->children, int, 0);
    instances = own_children(expansion);
    /* clone-max defaults to the number of nodes when the clone is read:
     * Pacemaker counts the guest nodes of the bundles read before it
     * (checked with the oracle), which the view adds as it goes, or links
     * when the model made them from the status (model/bundle.c; the
     * model's default leaves those out: cs_model_clone_max_nodes()). */
    if (!g_hash_table_contains(info->meta, "clone-max"))
        info->clone_max += (int)(expansion->model.nodes->len - expansion->model_nodes
                                 + expansion->linked_guests);
    force_anonymous(expansion, clone);
    for (int number = 0; number < info->clone_max; number++) {
        int instance = add_instance(expansion, template, clone, number, FALSE);

        g_array_append_val(instances, instance);
    }
    /* With clone-max 0 Pacemaker still makes instance 0, never placed,
     * for the history of a globally-unique clone's first instance to
     * belong to (it is stopped whatever stop-orphan-resources says). */
    if (info->clone_max <= 0 && info->globally_unique) {
        int instance = add_instance(expansion, template, clone, 0, TRUE);

        g_array_append_val(instances, instance);
    }
    info->children = instances;
}

static void copy_nodes(CsExpansion *expansion, const CsModel *model)
{
    CsModel *view = &expansion->model;

    expansion->model_nodes = model->nodes->len;
    view->nodes = g_ptr_array_new();
    view->node_by_uname = g_hash_table_new(g_str_hash, g_str_equal);
    view->node_by_id = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < model->nodes->len; i++) {
        CsNode *node = own(expansion, g_ptr_array_index(model->nodes, i), sizeof(CsNode));

        g_ptr_array_add(view->nodes, node);
        g_hash_table_insert(view->node_by_uname, node->uname, node);
        if (node->id != NULL)
            g_hash_table_insert(view->node_by_id, node->id, node);
    }
}

static void copy_resources(CsExpansion *expansion, const CsModel *model)
{
    CsModel *view = &expansion->model;
    guint n = model->resources->len;

    view->resources = g_ptr_array_new();
    for (guint i = 0; i < n; i++) {
        const CsResource *from = g_ptr_array_index(model->resources, i);

        add_copy(expansion, from, (int)i, FALSE);
    }
    /* Configured children of clones stay at their index (never placed);
     * their instances follow every configured resource. */
    for (guint i = 0; i < n; i++)
        g_array_index(expansion->template, gboolean, i) =
            (rsc_at(expansion, (int)i)->parent >= 0 && clone_of(expansion, (int)i) >= 0)
            || left_out(expansion, (int)i) || inside_bundle(expansion, (int)i);
    for (guint i = 0; i < n; i++) {
        if (rsc_at(expansion, (int)i)->kind == CS_RSC_CLONE)
            expand_clone(expansion, (int)i);
        else if (rsc_at(expansion, (int)i)->kind == CS_RSC_BUNDLE) {
            rsc_at(expansion, (int)i)->children = own_children(expansion);
            expansion->bundles->expand(expansion, (int)i);
        }
    }
}

int cs_expansion_add_implicit(CsExpansion *expansion, int parent, const char *id,
                              const char *provider, const char *type)
{
    CsResource *copy =
        add_copy(expansion, rsc_at(expansion, parent), (int)expansion->model.resources->len, FALSE);
    char *name = g_strdup(id);
    GArray *siblings = rsc_at(expansion, parent)->children;

    g_ptr_array_add(expansion->owned, name);
    copy->id = name;
    copy->kind = CS_RSC_PRIMITIVE;
    copy->parent = parent;
    copy->children = own_children(expansion);
    copy->rsc_class = (char *)"ocf";
    copy->provider = (char *)provider;
    copy->type = (char *)type;
    copy->template_id = NULL;
    copy->template_xml = NULL;
    copy->params = expansion->empty_table;
    copy->utilization = expansion->empty_table;
    copy->ops = expansion->empty_ops;
    copy->xml = NULL;
    copy->bundle = NULL;
    copy->fence_device = FALSE;
    copy->is_remote_connection = FALSE;
    copy->container = -1;
    copy->remote_node = -1;
    copy->implicit = TRUE;
    g_array_append_val(siblings, copy->index);
    return copy->index;
}

void cs_expansion_define_implicit(CsExpansion *expansion, int rsc, GHashTable *params,
                                  GPtrArray *ops)
{
    CsResource *info = rsc_at(expansion, rsc);

    if (params != NULL) {
        g_ptr_array_add(expansion->node_tables, params);
        info->params = params;
    }
    if (ops != NULL) {
        g_ptr_array_add(expansion->op_lists, ops);
        info->ops = ops;
    }
}

int cs_expansion_add_instance(CsExpansion *expansion, int template, int clone, int number)
{
    int instance = add_instance(expansion, template, clone, number, FALSE);

    g_array_append_val(rsc_at(expansion, clone)->children, instance);
    return instance;
}

/* Whether node is a <node type="remote"> entry no connection claimed:
 * the one a replica's guest node takes over. */
static gboolean unclaimed_entry(const CsNode *node)
{
    return node != NULL && node->xml != NULL && node->type == CS_NODE_REMOTE
           && node->remote_rsc < 0;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a guest node that a
 * <node type="remote"> entry names keeps that entry's node attributes
 * (the rules of the resource inside read them) and its place among the
 * configured nodes; it becomes the guest node a fresh one would be,
 * down until its connection is placed. */
static int claim_entry(CsExpansion *expansion, CsNode *node, int connection)
{
    GHashTable *attrs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GHashTableIter iter;
    gpointer name, value;

    g_hash_table_iter_init(&iter, node->attrs);
    while (g_hash_table_iter_next(&iter, &name, &value))
        g_hash_table_insert(attrs, g_strdup(name), g_strdup(value));
    g_hash_table_replace(attrs, g_strdup("#kind"), g_strdup("container"));
    g_ptr_array_add(expansion->node_tables, attrs);
    node->attrs = attrs;
    node->type = CS_NODE_GUEST;
    node->remote_rsc = connection;
    node->online = node->unclean = node->unseen = node->pending = FALSE;
    node->rsc_discovery_enabled = TRUE;
    rsc_at(expansion, connection)->remote_node = node->index;
    return node->index;
}

/* A replica's guest node the model made (model/bundle.c: a node_state
 * names it), now linked to its connection. */
static int link_model_guest(CsExpansion *expansion, CsNode *node, int connection)
{
    /* counted by the clones read after its bundle (expand_clone()), but
     * for a <node> entry, a node from the start */
    if (node->xml == NULL)
        expansion->linked_guests++;
    node->remote_rsc = connection;
    rsc_at(expansion, connection)->remote_node = node->index;
    return node->index;
}

int cs_expansion_add_guest_node(CsExpansion *expansion, const char *uname, int connection)
{
    CsModel *view = &expansion->model;
    CsNode *known = g_hash_table_lookup(view->node_by_uname, uname);
    CsNode *node;
    char *name;

    if (known != NULL && known->bundle_guest)
        return link_model_guest(expansion, known, connection);
    if (unclaimed_entry(known))
        return claim_entry(expansion, known, connection);
    node = g_new0(CsNode, 1);
    name = g_strdup(uname);
    g_ptr_array_add(expansion->owned, node);
    g_ptr_array_add(expansion->owned, name);
    node->index = (int)view->nodes->len;
    node->id = name;
    node->uname = name;
    node->type = CS_NODE_GUEST;
    node->remote_rsc = connection;
    node->rsc_discovery_enabled = TRUE;
    node->attrs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    node->utilization = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_ptr_array_add(expansion->node_tables, node->attrs);
    g_ptr_array_add(expansion->node_tables, node->utilization);
    /* Pacemaker Explained 2.1, "Node Attribute Expressions": #kind is
     * "container" on a guest node.  Checked with the oracle: a guest node
     * no node_state names has no other attribute, not even #uname or #id
     * (a rule on them never passes there, and colocations compare such
     * nodes as equal, as any node without a name: cs_nodes_init). */
    g_hash_table_insert(node->attrs, g_strdup("#kind"), g_strdup("container"));
    g_ptr_array_add(view->nodes, node);
    g_hash_table_insert(view->node_by_uname, node->uname, node);
    g_hash_table_insert(view->node_by_id, node->id, node);
    rsc_at(expansion, connection)->remote_node = node->index;
    return node->index;
}

static gint64 pair_key(const CsModel *model, int rsc, int node)
{
    /* The model's own (resource, node) key (model.c cs_pair_key). */
    return ((gint64)rsc + 1) * ((gint64)model->nodes->len + 1) + node;
}

static void index_states(CsModel *view)
{
    view->state_index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    view->fail_count_index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                                   (GDestroyNotify)g_ptr_array_unref);
    for (guint i = 0; i < view->rsc_states->len; i++) {
        CsRscState *state = g_ptr_array_index(view->rsc_states, i);
        gint64 key = pair_key(view, state->rsc, state->node);

        if (!g_hash_table_contains(view->state_index, &key))
            g_hash_table_insert(view->state_index, g_memdup2(&key, sizeof key), state);
    }
    for (guint i = 0; i < view->fail_counts->len; i++) {
        CsFailCount *fail = g_ptr_array_index(view->fail_counts, i);
        gint64 key = pair_key(view, fail->rsc, fail->node);
        GPtrArray *list = g_hash_table_lookup(view->fail_count_index, &key);

        if (list == NULL) {
            list = g_ptr_array_new();
            g_hash_table_insert(view->fail_count_index, g_memdup2(&key, sizeof key), list);
        }
        g_ptr_array_add(list, fail);
    }
}

/* Pacemaker Explained 2.1, "Operation Properties": a resource with a
 * container defaults to on-fail restart-container, and a bundle's
 * connection has its replica's container (checked with the oracle: a
 * failed monitor of the connection stops the container too, "Restart").
 * The model reads the history of such an implicit connection as an
 * orphan's, whose failures take on-fail restart (bundle.c refuses the
 * histories that reading would not share, such as an on-fail in
 * op_defaults); the view's copy of the history takes the connection's
 * own default. */
static void implicit_connection_on_fail(CsExpansion *expansion, CsRscState *state)
{
    const CsResource *info = rsc_at(expansion, state->rsc);
    char *on_fail;

    if (!info->implicit || !info->is_remote_connection || info->container < 0
        || g_strcmp0(state->on_fail_applied, "restart") != 0)
        return;
    on_fail = g_strdup("restart-container");
    g_ptr_array_add(expansion->owned, on_fail);
    state->on_fail_applied = on_fail;
}

/* Marks an orphan instance, and its members, hidden when no history
 * shows it active: Pacemaker keeps it, but shows it nowhere, as crm_mon
 * shows no inactive orphan. */
static void mark_hidden(CsExpansion *expansion, int rsc)
{
    const CsResource *info = rsc_at(expansion, rsc);

    g_array_index(expansion->hidden, gboolean, rsc) = TRUE;
    for (guint i = 0; info->children != NULL && i < info->children->len; i++)
        mark_hidden(expansion, g_array_index(info->children, int, i));
}

static void mark_hidden_orphans(const Matching *matching)
{
    CsExpansion *expansion = matching->expansion;

    for (guint rsc = 0; rsc < expansion->model.resources->len; rsc++) {
        const CsResource *info = rsc_at(expansion, (int)rsc);

        if (g_array_index(expansion->orphan, gboolean, rsc) && info->parent >= 0
            && rsc_at(expansion, info->parent)->kind == CS_RSC_CLONE
            && instance_location(matching, (int)rsc) < 0)
            mark_hidden(expansion, (int)rsc);
    }
}

static gboolean map_states(CsExpansion *expansion, const CsModel *model, GError **error)
{
    CsModel *view = &expansion->model;
    Matching matching = {expansion, NULL, NULL, NULL, 0};
    gboolean ok = TRUE;
    g_autoptr(GHashTable) orphans = g_hash_table_new(g_str_hash, g_str_equal);

    matching_fit(&matching);
    for (guint i = 0; i < view->resources->len; i++)
        if (rsc_at(expansion, (int)i)->kind == CS_RSC_CLONE)
            matching.next_orphan[i] = rsc_at(expansion, (int)i)->clone_max;
    view->rsc_states = g_ptr_array_new();
    for (guint i = 0; i < model->rsc_states->len; i++) {
        CsRscState *state =
            own(expansion, g_ptr_array_index(model->rsc_states, i), sizeof(CsRscState));
        int implicit = state->rsc < 0 ? expansion->bundles->implicit(expansion, state->rsc_id) : -1;

        if (state->rsc < 0 && implicit < 0 && orphan_is_remote_connection(state)
            && !expansion->bundles->former_connection(expansion, model, state->rsc_id)) {
            const char *why = unmodelled_orphan_connection(model, state);

            if (why != NULL) {
                g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                            "orphaned Pacemaker Remote connection %s (its node "
                            "comes back from the status section) is not "
                            "modelled yet: %s",
                            state->rsc_id, why);
                ok = FALSE;
                break;
            }
        }
        int configured = state->rsc;

        if (state->rsc >= 0)
            state->rsc = match_state(&matching, state);
        else if (implicit >= 0) {
            state->rsc = implicit;
            implicit_connection_on_fail(expansion, state);
        }
        else
            state->rsc = orphan_primitive(expansion, model, orphans, state);
        /* A history no instance can take (a globally-unique clone's
         * instance beyond clone-max, or a clone with no child) is, to
         * Pacemaker, a resource no longer configured at all: an orphan
         * primitive of that id, outside the clone. */
        if (state->rsc == -2 && unique_instance_past_max(expansion, configured)
            && history_has_failure(state)) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "%s: a failure in the history of a clone instance Pacemaker "
                        "takes for a resource no longer configured (beyond clone-max "
                        "of a globally-unique clone) is not modelled yet",
                        state->rsc_id);
            ok = FALSE;
            break;
        }
        if (state->rsc == -2 && orphan_managed_differs_offline(expansion, model, configured, state)) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "%s: a history Pacemaker reads as a resource no longer "
                        "configured (no instance of a globally-unique clone takes it), "
                        "active on a node that is down while the configured resource "
                        "is %smanaged, is not modelled yet",
                        state->rsc_id, rsc_at(expansion, configured)->managed ? "" : "un");
            ok = FALSE;
            break;
        }
        if (state->rsc == -2)
            state->rsc = orphan_primitive(expansion, model, orphans, state);
        matching_fit(&matching);
        if (state->rsc >= 0 && state->role >= CS_ROLE_STARTED)
            matching.active_node[state->rsc] = state->node;
        if (state->rsc >= 0 && state->blocked)
            matching.blocked[state->rsc] = TRUE;
        g_ptr_array_add(view->rsc_states, state);
    }
    mark_hidden_orphans(&matching);
    g_free(matching.active_node);
    g_free(matching.blocked);
    g_free(matching.next_orphan);
    return ok;
}

/* Pacemaker counts an anonymous clone's failures under the configured
 * child's name on every instance; a unique clone's under each instance. */
static void map_fail_counts(CsExpansion *expansion, const CsModel *model)
{
    CsModel *view = &expansion->model;

    view->fail_counts = g_ptr_array_new();
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *from = g_ptr_array_index(model->fail_counts, i);
        int clone = from->rsc >= 0 ? clone_of(expansion, from->rsc) : -1;
        int implicit = from->rsc < 0 ? expansion->bundles->implicit(expansion, from->rsc_id) : -1;
        const CsResource *info;

        if (implicit >= 0) {
            /* a fail count of a bundle's implicit resource */
            CsFailCount *copy = own(expansion, from, sizeof(CsFailCount));

            copy->rsc = implicit;
            g_ptr_array_add(view->fail_counts, copy);
            continue;
        }
        if (clone < 0) {
            g_ptr_array_add(view->fail_counts, (gpointer)from);
            continue;
        }
        info = rsc_at(expansion, clone);
        for (guint k = 0; k < info->children->len; k++) {
            int instance = g_array_index(info->children, int, k);
            int member = member_for(expansion, instance, from->rsc);
            const char *suffix = strrchr(from->rsc_id, ':');
            CsFailCount *copy;

            if (member < 0)
                continue;
            if (info->globally_unique && (suffix == NULL || atoi(suffix + 1) != (int)k))
                continue;
            copy = own(expansion, from, sizeof(CsFailCount));
            copy->rsc = member;
            g_ptr_array_add(view->fail_counts, copy);
        }
    }
}

/* The instance (or member) the history of configured resource rsc on
 * node went to, a failed one first; -1 if none. */
static int instance_on_node(const CsExpansion *expansion, const CsModel *model, int rsc, int node)
{
    const GPtrArray *mapped = expansion->model.rsc_states;
    int found = -1;

    for (guint i = 0; i < model->rsc_states->len && i < mapped->len; i++) {
        const CsRscState *from = g_ptr_array_index(model->rsc_states, i);
        const CsRscState *to = g_ptr_array_index(mapped, i);

        if (from->rsc != rsc || from->node != node || to->rsc < 0)
            continue;
        if (to->failed)
            return to->rsc;
        if (found < 0)
            found = to->rsc;
    }
    return found;
}

/* on-fail=stop on an instance of a globally-unique clone bans that
 * instance (or that member of it) on every node, and no other instance
 * (Pacemaker Explained 2.1, "Operation Properties", on-fail=stop; checked
 * with crm_simulate: another instance may take the node it leaves, and
 * the ban holds on an unclean node too).  The model bans the configured
 * resource and names the history it comes from; the ban goes to the
 * instance that history was given, once. */
static void map_unique_stop_ban(CsExpansion *expansion, const CsStatusBan *from,
                                GHashTable *banned)
{
    const GPtrArray *mapped = expansion->model.rsc_states;
    const CsRscState *to;
    CsStatusBan *copy;

    if (from->history < 0 || (guint)from->history >= mapped->len)
        return;
    to = g_ptr_array_index(mapped, from->history);
    if (to->rsc < 0 || g_hash_table_contains(banned, GINT_TO_POINTER(to->rsc + 1)))
        return;
    g_hash_table_add(banned, GINT_TO_POINTER(to->rsc + 1));
    copy = own(expansion, from, sizeof(CsStatusBan));
    copy->rsc = to->rsc;
    g_ptr_array_add(expansion->model.status_bans, copy);
}

static gboolean is_unique_stop_ban(const CsExpansion *expansion, const CsStatusBan *ban)
{
    return ban->rsc >= 0 && ban->node < 0 && g_array_index(expansion->template, gboolean, ban->rsc)
           && strcmp(ban->reason, "on-fail=stop") == 0;
}

/* A ban the history implies on a cloned resource on one node
 * (__stop_fail__, hard-error, ...) is Pacemaker's resource_location() on
 * the instance whose history it is, not on every instance. */
static void map_status_bans(CsExpansion *expansion, const CsModel *model)
{
    g_autoptr(GHashTable) stop_banned = g_hash_table_new(g_direct_hash, g_direct_equal);

    CsModel *view = &expansion->model;

    view->status_bans = g_ptr_array_new();
    for (guint i = 0; i < expansion->orphan_bans->len; i++)
        g_ptr_array_add(view->status_bans, g_ptr_array_index(expansion->orphan_bans, i));
    if (model->status_bans == NULL)
        return;
    for (guint i = 0; i < model->status_bans->len; i++) {
        const CsStatusBan *from = g_ptr_array_index(model->status_bans, i);
        int instance = -1;
        CsStatusBan *copy;

        if (is_unique_stop_ban(expansion, from)) {
            map_unique_stop_ban(expansion, from, stop_banned);
            continue;
        }
        if (from->rsc >= 0 && from->node >= 0
            && g_array_index(expansion->template, gboolean, from->rsc))
            instance = instance_on_node(expansion, model, from->rsc, from->node);
        if (instance < 0) {
            g_ptr_array_add(view->status_bans, (gpointer)from);
            continue;
        }
        copy = own(expansion, from, sizeof(CsStatusBan));
        copy->rsc = instance;
        g_ptr_array_add(view->status_bans, copy);
    }
}

static void index_resources(CsExpansion *expansion)
{
    CsModel *view = &expansion->model;

    view->rsc_by_id = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < view->resources->len; i++) {
        CsResource *info = rsc_at(expansion, (int)i);

        /* an orphan may bear the id of a configured group or clone */
        if (!g_hash_table_contains(view->rsc_by_id, info->id))
            g_hash_table_insert(view->rsc_by_id, info->id, GINT_TO_POINTER(i + 1));
    }
}

/* An orphan active somewhere must be stopped (or kept, unmanaged): the
 * view gives it a resource of its own.  Inactive orphans change nothing
 * and need no view of their own. */
static gboolean has_active_orphan(const CsModel *model)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc < 0 && state->role >= CS_ROLE_STARTED)
            return TRUE;
    }
    return FALSE;
}

/* A history of a connection no longer configured, active or only probed:
 * Pacemaker brings its remote node back (map_states() refuses it). */
static gboolean has_orphan_connection(const CsModel *model)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc < 0 && orphan_is_remote_connection(state))
            return TRUE;
    }
    return FALSE;
}

static gboolean needs_view(const CsModel *model)
{
    /* remote.c changes remote nodes once their connections are placed */
    guint wanted = CS_FEATURE_CLONE | CS_FEATURE_TICKET | CS_FEATURE_REMOTE_NODE
                   | CS_FEATURE_GUEST_NODE | CS_FEATURE_BUNDLE;

    return (model->features & wanted) != 0 || has_active_orphan(model)
           || has_orphan_connection(model);
}

CsExpansion *cs_expansion_new(const CsModel *model, const CsBundleExpander *bundles, GError **error)
{
    CsExpansion *expansion;

    if (!needs_view(model))
        return NULL;
    expansion = g_new0(CsExpansion, 1);
    expansion->model = *model;
    expansion->bundles = bundles;
    expansion->owned = g_ptr_array_new_with_free_func(g_free);
    expansion->orphan = g_array_new(FALSE, FALSE, sizeof(gboolean));
    expansion->hidden = g_array_new(FALSE, FALSE, sizeof(gboolean));
    expansion->configured = g_array_new(FALSE, FALSE, sizeof(int));
    expansion->template = g_array_new(FALSE, FALSE, sizeof(gboolean));
    expansion->arrays = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
    expansion->empty_table = g_hash_table_new(g_str_hash, g_str_equal);
    expansion->empty_ops = g_ptr_array_new();
    expansion->orphan_bans = g_ptr_array_new();
    expansion->node_tables = g_ptr_array_new_with_free_func((GDestroyNotify)g_hash_table_unref);
    expansion->op_lists = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
    expansion->model.state_index = NULL;
    expansion->model.fail_count_index = NULL;
    expansion->model.fail_counts = NULL;
    expansion->model.status_bans = NULL;
    expansion->model.rsc_by_id = NULL;
    expansion->model.rsc_states = NULL;
    copy_nodes(expansion, model);
    copy_resources(expansion, model);
    if (!map_states(expansion, model, error)) {
        cs_expansion_free(expansion);
        return NULL;
    }
    map_fail_counts(expansion, model);
    map_status_bans(expansion, model);
    index_resources(expansion);
    index_states(&expansion->model);
    return expansion;
}

void cs_expansion_free(CsExpansion *expansion)
{
    CsModel *view;

    if (expansion == NULL)
        return;
    view = &expansion->model;
    if (view->nodes)
        g_ptr_array_free(view->nodes, TRUE);
    if (view->node_by_uname)
        g_hash_table_destroy(view->node_by_uname);
    if (view->node_by_id)
        g_hash_table_destroy(view->node_by_id);
    if (view->resources)
        g_ptr_array_free(view->resources, TRUE);
    if (view->rsc_by_id)
        g_hash_table_destroy(view->rsc_by_id);
    if (view->rsc_states)
        g_ptr_array_free(view->rsc_states, TRUE);
    if (view->fail_counts)
        g_ptr_array_free(view->fail_counts, TRUE);
    if (view->status_bans)
        g_ptr_array_free(view->status_bans, TRUE);
    if (view->state_index)
        g_hash_table_destroy(view->state_index);
    if (view->fail_count_index)
        g_hash_table_destroy(view->fail_count_index);
    g_ptr_array_free(expansion->owned, TRUE);
    g_array_free(expansion->orphan, TRUE);
    g_array_free(expansion->hidden, TRUE);
    g_array_free(expansion->configured, TRUE);
    g_array_free(expansion->template, TRUE);
    g_ptr_array_free(expansion->arrays, TRUE);
    g_hash_table_destroy(expansion->empty_table);
    g_ptr_array_free(expansion->empty_ops, TRUE);
    g_ptr_array_free(expansion->orphan_bans, TRUE);
    g_ptr_array_free(expansion->node_tables, TRUE);
    g_ptr_array_free(expansion->op_lists, TRUE);
    g_free(expansion);
}

CsModel *cs_expansion_model(CsExpansion *expansion)
{
    return &expansion->model;
}

gboolean cs_rsc_is_orphan(const CsSolution *solution, int rsc)
{
    const CsExpansion *expansion = solution->expansion;

    return expansion != NULL && g_array_index(expansion->orphan, gboolean, rsc);
}

gboolean cs_solution_is_hidden_orphan(const CsSolution *solution, int rsc)
{
    const CsExpansion *expansion = solution->expansion;

    return expansion != NULL && rsc >= 0 && (guint)rsc < expansion->hidden->len
           && g_array_index(expansion->hidden, gboolean, rsc);
}

gboolean cs_rsc_is_template(const CsSolution *solution, int rsc)
{
    const CsExpansion *expansion = solution->expansion;

    return expansion != NULL && g_array_index(expansion->template, gboolean, rsc);
}

int cs_solution_configured_rsc(const CsSolution *solution, int rsc)
{
    const CsExpansion *expansion = solution->expansion;

    if (expansion == NULL || rsc < 0 || (guint)rsc >= expansion->configured->len)
        return rsc;
    return g_array_index(expansion->configured, int, rsc);
}

gboolean cs_rsc_is_unique_instance(const CsSolution *solution, int rsc)
{
    const CsExpansion *expansion = solution->expansion;
    int parent;

    if (expansion == NULL)
        return FALSE;
    parent = rsc_at(expansion, rsc)->parent;
    return parent >= 0 && rsc_at(expansion, parent)->kind == CS_RSC_CLONE
           && rsc_at(expansion, parent)->globally_unique;
}
