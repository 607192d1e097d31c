/* settle.c: where the cluster settles if nobody acts (settle.h).
 *
 * A transition is applied the way crm_simulate -S applies it for its
 * "Revised Cluster Status" (seen by comparing the CIB it saves with -O
 * to its input): every action succeeds.  In the status section, the
 * result of each one-shot operation replaces the resource's "_last_0"
 * record on that node (a start, stop, promote or demote with rc-code 0
 * and a call-id above every earlier one, so that it is read last); a
 * migration adds "_migrate_to_0" on the source and "_migrate_from_0" on
 * the target, then the stop on the source; a fenced node is left down
 * and clean, its history gone.  Failed operations and fail counts stay
 * as they are: they are history, and migration-threshold goes on
 * counting them ("Failure Handling" in Pacemaker Explained 2.1).  Each
 * record carries the digest of the definition it ran with, so that the
 * next transition does not take it for a changed definition ("Reloading
 * Agents" in Pacemaker Explained 2.1).  A promote returns 0 like the
 * rest (only a monitor of a promoted instance returns 8); probes and
 * recurring monitors are not written: they are no line of the Transition
 * Summary and move nothing.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libxml/tree.h>

#include "explain/settle.h"
#include "explain/output.h"
#include "model/digest.h"

/* What crm_simulate 2.1.5 writes into the records it makes. */
#define SETTLE_FEATURE_SET "3.16.1"
#define SETTLE_UUID "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
#define SETTLE_ORIGIN "cibscope-settle"

/* ---- placement ---------------------------------------------------------- */

static void place_free(gpointer data)
{
    CsSettlePlace *place = data;

    g_free(place->resource);
    g_ptr_array_unref(place->nodes);
    g_ptr_array_unref(place->roles);
    g_free(place);
}

/* The clone rsc is an instance (or an instance's member) of, or NULL. */
static const CsResource *clone_of(const CsModel *model, const CsResource *rsc)
{
    for (int up = rsc->parent; up >= 0;) {
        const CsResource *parent = g_ptr_array_index(model->resources, up);

        if (parent->kind == CS_RSC_CLONE)
            return parent;
        up = parent->parent;
    }
    return NULL;
}

static gboolean in_promotable_clone(const CsModel *model, const CsResource *rsc)
{
    const CsResource *clone = clone_of(model, rsc);
    return clone != NULL && clone->promotable;
}

static gboolean in_anonymous_clone(const CsModel *model, const CsResource *rsc)
{
    const CsResource *clone = clone_of(model, rsc);
    return clone != NULL && !clone->globally_unique;
}

/* The id the history knows rsc by: an anonymous clone's instances all
 * share their primitive's id ("db:1" -> "db"). */
static char *history_id(const CsModel *model, const CsResource *rsc)
{
    const char *colon = strrchr(rsc->id, ':');

    if (colon != NULL && in_anonymous_clone(model, rsc) && colon[1] != '\0'
        && strspn(colon + 1, "0123456789") == strlen(colon + 1))
        return g_strndup(rsc->id, colon - rsc->id);
    return g_strdup(rsc->id);
}

/* The node holds what its history says: an online node, or one that is
 * not known to be down (unclean), as crm_simulate shows it. */
static gboolean node_holds_resources(const CsNode *node)
{
    return node->online || node->unclean;
}

static int compare_places(gconstpointer a, gconstpointer b)
{
    const CsSettlePlace *left = *(CsSettlePlace *const *)a;
    const CsSettlePlace *right = *(CsSettlePlace *const *)b;

    return strcmp(left->resource, right->resource);
}

static void place_add(GHashTable *by_id, const char *resource, const char *node, CsRole role)
{
    CsSettlePlace *place = g_hash_table_lookup(by_id, resource);

    if (place == NULL) {
        place = g_new0(CsSettlePlace, 1);
        place->resource = g_strdup(resource);
        place->nodes = g_ptr_array_new_with_free_func(g_free);
        place->roles = g_ptr_array_new_with_free_func(g_free);
        g_hash_table_insert(by_id, place->resource, place);
    }
    /* Entries "node role", sorted once complete. */
    g_ptr_array_add(place->nodes, g_strdup_printf("%s %s", node, cs_role_name(role)));
}

static int compare_strings(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Splits the sorted "node role" entries into nodes and roles. */
static void place_finish(CsSettlePlace *place)
{
    g_ptr_array_sort(place->nodes, compare_strings);
    for (guint i = 0; i < place->nodes->len; i++) {
        char *entry = g_ptr_array_index(place->nodes, i);
        char *space = strrchr(entry, ' ');

        g_ptr_array_add(place->roles, g_strdup(space + 1));
        *space = '\0';
    }
}

GPtrArray *cs_settle_placement(const CsModel *model)
{
    g_autoptr(GHashTable) by_id = g_hash_table_new(g_str_hash, g_str_equal);
    GPtrArray *placement = g_ptr_array_new_with_free_func(place_free);

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *node = g_ptr_array_index(model->nodes, state->node);

        if (state->role <= CS_ROLE_STOPPED || !node_holds_resources(node))
            continue;
        if (state->rsc < 0) {
            g_autofree char *orphan = g_strconcat(state->rsc_id, " (orphan)", NULL);
            place_add(by_id, orphan, node->uname, state->role);
            continue;
        }
        const CsResource *rsc = g_ptr_array_index(model->resources, state->rsc);
        g_autofree char *id = history_id(model, rsc);
        /* A promotable clone's instance that is not promoted is
         * unpromoted (Pacemaker Explained 2.1, "Promotable clones"). */
        CsRole role = state->role == CS_ROLE_STARTED && in_promotable_clone(model, rsc)
                          ? CS_ROLE_UNPROMOTED
                          : state->role;
        place_add(by_id, id, node->uname, role);
    }
    GHashTableIter iter;
    gpointer value;
    g_hash_table_iter_init(&iter, by_id);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        place_finish(value);
        g_ptr_array_add(placement, value);
    }
    g_ptr_array_sort(placement, compare_places);
    return placement;
}

/* "Started node2", "Promoted n1, Unpromoted n2" */
static char *place_text(const CsSettlePlace *place)
{
    g_autoptr(GString) text = g_string_new(NULL);

    for (guint i = 0; i < place->nodes->len; i++)
        g_string_append_printf(text, "%s%s %s", i > 0 ? ", " : "",
                               (char *)g_ptr_array_index(place->roles, i),
                               (char *)g_ptr_array_index(place->nodes, i));
    return g_string_free(g_steal_pointer(&text), FALSE);
}

void cs_settle_placement_print(const GPtrArray *placement, GString *out)
{
    int width = 0;

    for (guint i = 0; i < placement->len; i++) {
        const CsSettlePlace *place = g_ptr_array_index(placement, i);
        width = MAX(width, (int)strlen(place->resource));
    }
    for (guint i = 0; i < placement->len; i++) {
        const CsSettlePlace *place = g_ptr_array_index(placement, i);
        g_autofree char *where = place_text(place);
        g_string_append_printf(out, "  %-*s  %s\n", width, place->resource, where);
    }
    if (placement->len == 0)
        g_string_append(out, "  (nothing active)\n");
}

/* resource -> place text, to compare states. */
static GHashTable *placement_table(const GPtrArray *placement)
{
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);

    for (guint i = 0; i < placement->len; i++) {
        const CsSettlePlace *place = g_ptr_array_index(placement, i);
        g_hash_table_insert(table, g_strdup(place->resource), place_text(place));
    }
    return table;
}

/* ---- writing the results into the status section -------------------- */

static xmlNode *child_element(xmlNode *parent, const char *name, const char *id)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE || strcmp((const char *)child->name, name) != 0)
            continue;
        if (id == NULL)
            return child;
        xmlChar *value = xmlGetProp(child, (const xmlChar *)"id");
        gboolean same = value != NULL && strcmp((const char *)value, id) == 0;
        xmlFree(value);
        if (same)
            return child;
    }
    return NULL;
}

static void set_attr(xmlNode *element, const char *name, const char *value)
{
    xmlSetProp(element, (const xmlChar *)name, (const xmlChar *)value);
}

static xmlNode *ensure_child(xmlNode *parent, const char *name, const char *id)
{
    xmlNode *child = child_element(parent, name, id);

    if (child == NULL) {
        child = xmlNewChild(parent, NULL, (const xmlChar *)name, NULL);
        if (id != NULL)
            set_attr(child, "id", id);
    }
    return child;
}

static xmlNode *status_section(CsDocument *document)
{
    xmlNode *status = cs_document_section(document, "status");

    if (status == NULL)
        status =
            xmlNewChild(xmlDocGetRootElement(document->xml), NULL, (const xmlChar *)"status", NULL);
    return status;
}

/* The node's <node_state>, made for a node the status never saw. */
static xmlNode *node_state(CsDocument *document, const CsNode *node)
{
    xmlNode *status = status_section(document);
    xmlNode *state = child_element(status, "node_state", node->id);

    if (state == NULL) {
        state = ensure_child(status, "node_state", node->id);
        set_attr(state, "uname", node->uname);
    }
    return state;
}

static xmlNode *lrm_resource(CsDocument *document, const CsNode *node, const CsResource *rsc,
                             const char *id)
{
    xmlNode *lrm = ensure_child(node_state(document, node), "lrm", NULL);

    if (xmlHasProp(lrm, (const xmlChar *)"id") == NULL)
        set_attr(lrm, "id", node->id);
    xmlNode *resources = ensure_child(lrm, "lrm_resources", NULL);
    xmlNode *resource = child_element(resources, "lrm_resource", id);
    if (resource == NULL) {
        resource = ensure_child(resources, "lrm_resource", id);
        if (rsc->rsc_class != NULL)
            set_attr(resource, "class", rsc->rsc_class);
        if (rsc->provider != NULL)
            set_attr(resource, "provider", rsc->provider);
        if (rsc->type != NULL)
            set_attr(resource, "type", rsc->type);
    }
    return resource;
}

static int highest_call_id(xmlNode *resource)
{
    int highest = 0;

    for (xmlNode *op = resource->children; op != NULL; op = op->next) {
        if (op->type != XML_ELEMENT_NODE)
            continue;
        xmlChar *value = xmlGetProp(op, (const xmlChar *)"call-id");
        if (value != NULL)
            highest = MAX(highest, atoi((const char *)value));
        xmlFree(value);
    }
    return highest;
}

typedef struct Writer {
    CsDocument *document;
    const CsModel *model;
    gint64 now;
    gboolean overtake; /* what crm_simulate -S leaves behind is
                                  overtaken (see overtake()) */
} Writer;

typedef struct Result {
    const CsResource *rsc;
    const CsNode *node;
    const char *history;           /* the lrm_resource id */
    const char *task;              /* start, stop, promote, demote, migrate_* */
    const char *record;            /* "last_0", "migrate_to_0", ... */
    const CsNode *source, *target; /* migrations */
} Result;

static gboolean is_pending(xmlNode *op)
{
    xmlChar *call = xmlGetProp(op, (const xmlChar *)"call-id");
    xmlChar *status = xmlGetProp(op, (const xmlChar *)"op-status");
    gboolean pending = (call != NULL && strcmp((const char *)call, "-1") == 0)
                       || (status != NULL && strcmp((const char *)status, "-1") == 0);
    xmlFree(call);
    xmlFree(status);
    return pending;
}

/* crm_simulate -S leaves two things as they were that a cluster would
 * not: the record of an operation still in flight, which its scheduler
 * reads after every finished one, and the agent a history was kept
 * with, which differs from the configured one after a restart for a
 * changed agent.  Either makes the same action come back at every
 * transition.  Once a transition ran, the operation in flight has
 * finished and been overtaken by what followed, and the resource runs
 * the configured agent. */
static void overtake(xmlNode *resource, const CsResource *rsc, const char *task)
{
    xmlNode *op = resource->children;

    while (op != NULL) {
        xmlNode *next = op->next;
        if (op->type == XML_ELEMENT_NODE && is_pending(op)) {
            xmlUnlinkNode(op);
            xmlFreeNode(op);
        }
        op = next;
    }
    if (strcmp(task, "stop") == 0 || strcmp(task, "migrate_to") == 0 || strcmp(task, "demote") == 0)
        return;
    const char *const agent[][2] = {
        {"class", rsc->rsc_class},
        {"provider", rsc->provider},
        {"type", rsc->type},
    };
    for (guint i = 0; i < G_N_ELEMENTS(agent); i++) {
        if (agent[i][1] != NULL)
            set_attr(resource, agent[i][0], agent[i][1]);
        else
            xmlUnsetProp(resource, (const xmlChar *)agent[i][0]);
    }
}

/* One successful result, as the newest entry of the node's history of
 * the resource. */
static void write_result(const Writer *writer, const Result *result)
{
    xmlNode *resource = lrm_resource(writer->document, result->node, result->rsc, result->history);
    g_autofree char *id = g_strdup_printf("%s_%s", result->history, result->record);
    int call_id = highest_call_id(resource) + 1;
    xmlNode *old = child_element(resource, "lrm_rsc_op", id);
    xmlNode *op = xmlNewNode(NULL, (const xmlChar *)"lrm_rsc_op");

    if (old != NULL) {
        xmlReplaceNode(old, op);
        xmlFreeNode(old);
    } else {
        xmlAddChild(resource, op);
    }
    g_autofree char *key = g_strdup_printf("%s_%s_0", result->history, result->task);
    g_autofree char *transition = g_strdup_printf("%d:-1:0:" SETTLE_UUID, call_id);
    g_autofree char *magic = g_strdup_printf("0:0;%s", transition);
    g_autofree char *call = g_strdup_printf("%d", call_id);
    g_autofree char *when = g_strdup_printf("%" G_GINT64_FORMAT, writer->now);
    g_autofree char *digest = cs_digest_all(result->rsc, result->task, 0);
    const char *const attrs[][2] = {
        {"id", id},
        {"operation_key", key},
        {"operation", result->task},
        {"crm-debug-origin", SETTLE_ORIGIN},
        {"crm_feature_set", SETTLE_FEATURE_SET},
        {"transition-key", transition},
        {"transition-magic", magic},
        {"exit-reason", ""},
        {"call-id", call},
        {"rc-code", "0"},
        {"op-status", "0"},
        {"interval", "0"},
        {"last-run", when},
        {"last-rc-change", when},
        {"exec-time", "0"},
        {"queue-time", "0"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(attrs); i++)
        set_attr(op, attrs[i][0], attrs[i][1]);
    if (result->source != NULL) {
        set_attr(op, "migrate_source", result->source->uname);
        set_attr(op, "migrate_target", result->target->uname);
    }
    if (digest != NULL)
        set_attr(op, "op-digest", digest);
    if (writer->overtake)
        overtake(resource, result->rsc, result->task);
}

/* A fenced node's history is gone. */
static xmlNode *clear_history(CsDocument *document, const CsNode *node)
{
    xmlNode *state = node_state(document, node);
    xmlNode *child = state->children;

    while (child != NULL) {
        xmlNode *next = child->next;
        xmlUnlinkNode(child);
        xmlFreeNode(child);
        child = next;
    }
    return state;
}

/* A fenced node is down and clean: no history, not a member. */
static void write_fenced(CsDocument *document, const CsNode *node)
{
    xmlNode *state = clear_history(document, node);

    set_attr(state, "in_ccm", "false");
    set_attr(state, "crmd", "offline");
    set_attr(state, "join", "down");
    set_attr(state, "expected", "down");
}

/* ---- what the transition does, per resource ----------------------------- */

/* Where a primitive the transition acts on ends up. */
typedef struct Next {
    int node; /* -1: stopped */
    CsRole role;
    gboolean restart; /* stopped and started again where it is */
    int migrate_from; /* a migration's source, else -1 */
} Next;

typedef struct Plan {
    GHashTable *nexts;     /* resource index + 1 -> Next* */
    GHashTable *fenced;    /* node index + 1 */
    GHashTable *active;    /* "node rsc" (indices): active there now */
    GHashTable *histories; /* "node lrm_resource id": a history there */
} Plan;

/* The primitives an action line names (a group or clone: its members). */
static void each_primitive(const CsModel *model, int rsc, GArray *out)
{
    const CsResource *info = g_ptr_array_index(model->resources, rsc);

    if (info->kind == CS_RSC_PRIMITIVE)
        g_array_append_val(out, rsc);
    for (guint i = 0; info->children != NULL && i < info->children->len; i++)
        each_primitive(model, g_array_index(info->children, int, i), out);
}

static gboolean is_restart(CsActionKind kind)
{
    return kind == CS_ACTION_RECOVER || kind == CS_ACTION_RESTART || kind == CS_ACTION_RELOAD
           || kind == CS_ACTION_REPROMOTE;
}

/* The place an action line leaves its resource in. */
static void next_of(const CsPlannedAction *action, Next *next)
{
    gboolean stops =
        action->kind == CS_ACTION_STOP || action->to_node < 0 || action->to_role == CS_ROLE_STOPPED;

    next->node = stops ? -1 : action->to_node;
    next->role = stops                                ? CS_ROLE_STOPPED
                 : action->to_role == CS_ROLE_UNKNOWN ? CS_ROLE_STARTED
                                                      : action->to_role;
    next->restart =
        is_restart(action->kind) && (action->from_node < 0 || action->from_node == action->to_node);
    next->migrate_from = action->kind == CS_ACTION_MIGRATE ? action->from_node : -1;
}

/* Where each primitive whose actions can run ends up: a line's resource
 * goes where the line takes it; a blocked line leaves it where it is;
 * fencing leaves its node down, unfencing ("on", Pacemaker Explained
 * 2.1, "Unfencing") leaves it up. */
static void note_actions(Plan *plan, const CsModel *model, const GPtrArray *actions)
{
    for (guint i = 0; i < actions->len; i++) {
        const CsPlannedAction *action = g_ptr_array_index(actions, i);
        if (action->kind == CS_ACTION_FENCE && action->from_node >= 0
            && g_strcmp0(action->fence_action, "on") != 0)
            g_hash_table_add(plan->fenced, GINT_TO_POINTER(action->from_node + 1));
        if (action->rsc < 0 || action->blocked)
            continue;
        g_autoptr(GArray) members = g_array_new(FALSE, FALSE, sizeof(int));
        each_primitive(model, action->rsc, members);
        for (guint m = 0; m < members->len; m++) {
            Next *next = g_new0(Next, 1);
            next_of(action, next);
            g_hash_table_replace(plan->nexts, GINT_TO_POINTER(g_array_index(members, int, m) + 1),
                                 next);
        }
    }
}

/* The operation that takes a resource from one role to another on the
 * node it stays on; NULL when none. */
static const char *role_change(CsRole from, CsRole to)
{
    if (from == to)
        return NULL;
    if (to == CS_ROLE_PROMOTED)
        return "promote";
    if (from == CS_ROLE_PROMOTED)
        return "demote";
    return NULL;
}

static gboolean fenced(const Plan *plan, int node)
{
    return g_hash_table_contains(plan->fenced, GINT_TO_POINTER(node + 1));
}

/* What becomes of a resource where it is active now: it stays (changing
 * role, or restarted), or it stops (migrating away first).  A migration
 * that finished on its target but left no stop on its source gets that
 * stop too, without a line of the summary (as crm_simulate -S shows). */
static void write_now(const Writer *writer, const Plan *plan, const CsRscState *state)
{
    const CsModel *model = writer->model;
    const Next *next = g_hash_table_lookup(plan->nexts, GINT_TO_POINTER(state->rsc + 1));
    Result result = {g_ptr_array_index(model->resources, state->rsc),
                     g_ptr_array_index(model->nodes, state->node),
                     state->rsc_id,
                     "stop",
                     "last_0",
                     NULL,
                     NULL};

    if (next == NULL) {
        if (state->dangling_migration)
            write_result(writer, &result);
        return;
    }
    if (next->node == state->node) {
        result.task = next->restart ? (next->role == CS_ROLE_PROMOTED ? "promote" : "start")
                                    : role_change(state->role, next->role);
        if (result.task != NULL)
            write_result(writer, &result);
        return;
    }
    if (next->migrate_from == state->node) {
        Result migrate = result;
        migrate.task = "migrate_to";
        migrate.record = "migrate_to_0";
        migrate.source = result.node;
        migrate.target = g_ptr_array_index(model->nodes, next->node);
        write_result(writer, &migrate);
    }
    write_result(writer, &result);
}

/* What the histories hold now, looked up by the starts. */
static void index_states(Plan *plan, const CsModel *model)
{
    plan->active = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    plan->histories = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        g_hash_table_add(plan->histories, g_strdup_printf("%d %s", state->node, state->rsc_id));
        if (state->rsc >= 0 && state->role > CS_ROLE_STOPPED)
            g_hash_table_add(plan->active, g_strdup_printf("%d %d", state->node, state->rsc));
    }
}

/* The history a resource starting on node is written under: the one
 * kept under its own id there, else its history id's. */
static char *start_history(const Writer *writer, const Plan *plan, const CsNode *node,
                           const CsResource *rsc)
{
    g_autofree char *key = g_strdup_printf("%d %s", node->index, rsc->id);

    if (g_hash_table_contains(plan->histories, key))
        return g_strdup(rsc->id);
    return history_id(writer->model, rsc);
}

static gboolean active_on(const Plan *plan, int rsc, int node)
{
    g_autofree char *key = g_strdup_printf("%d %d", node, rsc);
    return g_hash_table_contains(plan->active, key);
}

/* Where a resource is not active yet: it starts (promoted at once when
 * that is its role), or arrives by migration. */
static void write_next(const Writer *writer, const Plan *plan, int rsc, const Next *next)
{
    const CsModel *model = writer->model;

    /* on a fenced guest node, what stays was stopped with it and starts
     * again (its history is gone) */
    if (next->node < 0 || (active_on(plan, rsc, next->node) && !fenced(plan, next->node)))
        return;
    const CsNode *node = g_ptr_array_index(model->nodes, next->node);
    const CsResource *info = g_ptr_array_index(model->resources, rsc);
    g_autofree char *history = start_history(writer, plan, node, info);
    Result result = {info,     node, history, next->role == CS_ROLE_PROMOTED ? "promote" : "start",
                     "last_0", NULL, NULL};
    if (next->migrate_from >= 0) {
        result.task = "migrate_from";
        result.record = "migrate_from_0";
        result.source = g_ptr_array_index(model->nodes, next->migrate_from);
        result.target = node;
    }
    write_result(writer, &result);
}

static void apply(CsDocument *document, const CsModel *model, const CsSolution *solution,
                  gboolean overtaking)
{
    const CsModel *expanded = cs_solution_model(solution);
    g_autoptr(GPtrArray) actions = cs_solution_actions(solution);
    Plan plan = {g_hash_table_new_full(NULL, NULL, NULL, g_free), g_hash_table_new(NULL, NULL),
                 NULL, NULL};
    Writer writer = {document, expanded, model->now.seconds, overtaking};

    note_actions(&plan, expanded, actions);
    index_states(&plan, expanded);
    /* Stops first: an instance may leave a node another one comes to,
     * under the same history id. */
    for (guint i = 0; i < expanded->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(expanded->rsc_states, i);
        if (state->rsc >= 0 && (state->role > CS_ROLE_STOPPED || state->dangling_migration)
            && !fenced(&plan, state->node))
            write_now(&writer, &plan, state);
    }
    GHashTableIter iter;
    gpointer key, value;
    /* A guest node is "fenced" by recovering its container (Pacemaker
     * Explained 2.1, "Pacemaker Remote"): its history goes, and what the
     * transition starts there comes back with it. */
    g_hash_table_iter_init(&iter, plan.fenced);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
        const CsNode *node = g_ptr_array_index(expanded->nodes, GPOINTER_TO_INT(key) - 1);
        if (node->type == CS_NODE_GUEST)
            clear_history(document, node);
    }
    g_hash_table_iter_init(&iter, plan.nexts);
    while (g_hash_table_iter_next(&iter, &key, &value))
        write_next(&writer, &plan, GPOINTER_TO_INT(key) - 1, value);
    g_hash_table_iter_init(&iter, plan.fenced);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
        const CsNode *node = g_ptr_array_index(expanded->nodes, GPOINTER_TO_INT(key) - 1);
        if (node->type != CS_NODE_GUEST)
            write_fenced(document, node);
    }
    g_hash_table_unref(plan.nexts);
    g_hash_table_unref(plan.fenced);
    g_hash_table_unref(plan.active);
    g_hash_table_unref(plan.histories);
    cs_document_reindex(document);
}

void cs_settle_apply(CsDocument *document, const CsModel *model, const CsSolution *solution)
{
    apply(document, model, solution, FALSE);
}

/* ---- following the transitions ---------------------------------------- */

void cs_settle_result_free(CsSettleResult *result)
{
    if (result == NULL)
        return;
    g_ptr_array_unref(result->summaries);
    if (result->placement != NULL)
        g_ptr_array_unref(result->placement);
    g_ptr_array_unref(result->cycling);
    g_free(result);
}

static CsDocument *copy_document(const CsDocument *document, GError **error)
{
    xmlChar *text = NULL;
    int size = 0;

    xmlDocDumpMemory(document->xml, &text, &size);
    CsDocument *copy = cs_document_load_memory((const char *)text, size, document->path, error);
    xmlFree(text);
    return copy;
}

/* The Transition Summary's lines alone. */
static char *summary_lines(CsSolution *solution)
{
    const char *text = cs_solution_transition_text(solution);
    const char *header = "Transition Summary:\n";

    if (g_str_has_prefix(text, header))
        text += strlen(header);
    return g_strdup(text);
}

static int count_blocked(const GPtrArray *actions)
{
    int blocked = 0;

    for (guint i = 0; i < actions->len; i++)
        blocked += ((const CsPlannedAction *)g_ptr_array_index(actions, i))->blocked;
    return blocked;
}

/* The resources a Transition Summary's lines name ("  * Restart  dummy
 * ( node1 )"), into names (the strings kept in acted). */
static void add_acted(GPtrArray *acted, const char *summary, GHashTable *names)
{
    g_auto(GStrv) lines = g_strsplit(summary, "\n", -1);

    for (int i = 0; lines[i] != NULL; i++) {
        g_auto(GStrv) words = g_strsplit_set(g_strstrip(lines[i]), " ", -1);
        int found = 0;
        for (int w = 0; words[w] != NULL; w++) {
            if (*words[w] == '\0')
                continue;
            if (++found == 3 && strcmp(words[0], "*") == 0 && strcmp(words[1], "Fence") != 0) {
                char *name = g_strdup(words[w]);
                g_ptr_array_add(acted, name);
                g_hash_table_add(names, name);
                break;
            }
        }
    }
}

/* Resources whose place differs between any two states of the cycle
 * (tables[first .. last]); when none does (a resource restarted over
 * and over), those the cycle's transitions name. */
static void find_cycling(CsSettleResult *result, GPtrArray *tables, guint first, guint last)
{
    const GHashTable *start = g_ptr_array_index(tables, first);
    /* Only the transitions that ran are in summaries: the cycle's last
     * comes back to the state its first began from. */
    g_assert(last <= result->summaries->len);
    g_autoptr(GHashTable) names = g_hash_table_new(g_str_hash, g_str_equal);

    for (guint step = first + 1; step <= last; step++) {
        GHashTable *table = g_ptr_array_index(tables, step);
        const GHashTable *pair[2] = {start, table};
        for (int side = 0; side < 2; side++) {
            GHashTableIter iter;
            gpointer key, value;
            g_hash_table_iter_init(&iter, (GHashTable *)pair[side]);
            while (g_hash_table_iter_next(&iter, &key, &value))
                if (g_strcmp0(value, g_hash_table_lookup((GHashTable *)pair[1 - side], key)) != 0)
                    g_hash_table_add(names, key);
        }
    }
    g_autoptr(GPtrArray) acted = g_ptr_array_new_with_free_func(g_free);
    if (g_hash_table_size(names) == 0) {
        /* Nothing moves: the cycle's transitions act on resources in
         * place (a restart that every transition orders again). */
        result->in_place = TRUE;
        for (guint step = first; step < last; step++)
            add_acted(acted, g_ptr_array_index(result->summaries, step), names);
    }
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, names);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        g_ptr_array_add(result->cycling, g_strdup(key));
    g_ptr_array_sort(result->cycling, compare_strings);
}

typedef struct Walk {
    CsSettleResult *result;
    GHashTable *seen;  /* state text -> step + 1 */
    GPtrArray *tables; /* placement_table() per state */
} Walk;

/* Looks at the state model/solution are in (step transitions done):
 * TRUE when the walk ends there. */
static gboolean walk_ends(Walk *walk, const CsModel *model, CsSolution *solution, int step)
{
    CsSettleResult *result = walk->result;
    g_autoptr(GPtrArray) actions = cs_solution_actions(solution);
    g_autoptr(GPtrArray) placement = cs_settle_placement(model);
    g_autofree char *summary = summary_lines(solution);
    GHashTable *table = placement_table(placement);
    g_autoptr(GString) state = g_string_new(NULL);

    cs_settle_placement_print(placement, state);
    g_string_append_printf(state, "--\n%s", summary);
    g_ptr_array_add(walk->tables, table);
    result->transitions = step;
    result->blocked = count_blocked(actions);
    if (result->placement != NULL)
        g_ptr_array_unref(result->placement);
    result->placement = g_ptr_array_ref(placement);
    if (actions->len == 0 || result->blocked == (int)actions->len) {
        result->outcome = actions->len == 0 ? CS_SETTLE_SETTLED : CS_SETTLE_BLOCKED;
        return TRUE;
    }
    int before = GPOINTER_TO_INT(g_hash_table_lookup(walk->seen, state->str));
    if (before > 0) {
        result->outcome = CS_SETTLE_CYCLE;
        result->cycle_start = before;
        result->cycle_length = step + 1 - before;
        find_cycling(result, walk->tables, before - 1, step);
        return TRUE;
    }
    if (step == CS_SETTLE_MAX_STEPS) {
        result->outcome = CS_SETTLE_LIMIT;
        return TRUE;
    }
    g_hash_table_insert(walk->seen, g_string_free(g_steal_pointer(&state), FALSE),
                        GINT_TO_POINTER(step + 1));
    g_ptr_array_add(result->summaries, g_steal_pointer(&summary));
    return FALSE;
}

CsSettleResult *cs_settle(const CsDocument *document, CsTime now, GError **error)
{
    g_autoptr(CsDocument) work = copy_document(document, error);
    if (work == NULL)
        return NULL;
    g_autoptr(CsSettleResult) result = g_new0(CsSettleResult, 1);
    result->summaries = g_ptr_array_new_with_free_func(g_free);
    result->cycling = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr(GPtrArray) tables =
        g_ptr_array_new_with_free_func((GDestroyNotify)g_hash_table_unref);
    Walk walk = {result, seen, tables};

    for (int step = 0;; step++) {
        g_autoptr(CsModel) model = cs_model_build(work, now, error);
        g_autoptr(CsSolution) solution = model != NULL ? cs_solve(model, error) : NULL;
        if (solution == NULL) {
            /* The state a transition left may need what the engine does
             * not model, though the CIB did not. */
            if (step > 0)
                g_prefix_error(error, "after transition %d: ", step);
            return NULL;
        }
        cs_solution_read_digests(solution, model);
        if (walk_ends(&walk, model, solution, step))
            break;
        apply(work, model, solution, TRUE);
    }
    return g_steal_pointer(&result);
}

/* ---- in the background ----------------------------------------------------- */

struct CsSettleJob {
    GThread *thread;
    xmlChar *text; /* the document, as written when started */
    int length;
    char *path;
    CsTime now;
    char *headline; /* set by the worker */
    gint done;      /* atomic: the worker finished */
};

static gpointer settle_job_run(gpointer data)
{
    CsSettleJob *job = data;
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load_memory((const char *)job->text, job->length, job->path, &error);
    g_autoptr(CsSettleResult) result =
        document != NULL ? cs_settle(document, job->now, &error) : NULL;

    job->headline =
        result != NULL ? cs_settle_headline(result) : g_strdup_printf("settle: %s", error->message);
    g_atomic_int_set(&job->done, 1);
    return NULL;
}

CsSettleJob *cs_settle_job_start(const CsDocument *document, CsTime now)
{
    CsSettleJob *job = g_new0(CsSettleJob, 1);

    xmlDocDumpMemory(document->xml, &job->text, &job->length);
    job->path = g_strdup(document->path);
    job->now = now;
    job->thread = g_thread_new("cibscope-settle", settle_job_run, job);
    return job;
}

gboolean cs_settle_job_done(CsSettleJob *job)
{
    return g_atomic_int_get(&job->done) != 0;
}

const char *cs_settle_job_headline(CsSettleJob *job)
{
    return cs_settle_job_done(job) ? job->headline : NULL;
}

void cs_settle_job_free(CsSettleJob *job)
{
    if (job == NULL)
        return;
    g_thread_join(job->thread);
    xmlFree(job->text);
    g_free(job->path);
    g_free(job->headline);
    g_free(job);
}

/* ---- reporting ----------------------------------------------------------- */

static const char *plural(int count, const char *one, const char *many)
{
    return count == 1 ? one : many;
}

char *cs_settle_headline(const CsSettleResult *result)
{
    switch (result->outcome) {
    case CS_SETTLE_SETTLED:
        if (result->transitions == 0)
            return g_strdup("settled: nothing to do");
        return g_strdup_printf("settles in %d %s", result->transitions,
                               plural(result->transitions, "transition", "transitions"));
    case CS_SETTLE_BLOCKED:
        if (result->transitions == 0)
            return g_strdup_printf("settled: %d %s blocked", result->blocked,
                                   plural(result->blocked, "action", "actions"));
        return g_strdup_printf("settles in %d %s, %d %s blocked", result->transitions,
                               plural(result->transitions, "transition", "transitions"),
                               result->blocked, plural(result->blocked, "action", "actions"));
    case CS_SETTLE_CYCLE:
        if (result->cycling->len == 0)
            return g_strdup("does not settle: the same transition comes back");
        if (result->in_place && result->cycling->len == 1)
            return g_strdup_printf("does not settle: %s restarts at every transition",
                                   (char *)g_ptr_array_index(result->cycling, 0));
        if (result->in_place)
            return g_strdup_printf("does not settle: %s and %u more restart at every transition",
                                   (char *)g_ptr_array_index(result->cycling, 0),
                                   result->cycling->len - 1);
        if (result->cycling->len == 1)
            return g_strdup_printf("does not settle: %s moves back and forth",
                                   (char *)g_ptr_array_index(result->cycling, 0));
        return g_strdup_printf("does not settle: %s and %u more move back and forth",
                               (char *)g_ptr_array_index(result->cycling, 0),
                               result->cycling->len - 1);
    case CS_SETTLE_LIMIT:
    default: return g_strdup_printf("does not settle within %d transitions", CS_SETTLE_MAX_STEPS);
    }
}

void cs_settle_print(const CsSettleResult *result, GString *out)
{
    g_autofree char *headline = cs_settle_headline(result);

    g_string_append_printf(out, "Outcome: %s\n", headline);
    for (guint i = 0; i < result->summaries->len; i++)
        g_string_append_printf(out, "\nTransition %u:\n%s", i + 1,
                               (char *)g_ptr_array_index(result->summaries, i));
    if (result->outcome == CS_SETTLE_CYCLE) {
        g_string_append_printf(out,
                               "\nCycle: transitions %d to %d come back to the state "
                               "before transition %d\n",
                               result->cycle_start, result->cycle_start + result->cycle_length - 1,
                               result->cycle_start);
        for (guint i = 0; i < result->cycling->len; i++)
            g_string_append_printf(out, "  %s %s\n", (char *)g_ptr_array_index(result->cycling, i),
                                   result->in_place ? "is acted on again at every transition"
                                                    : "moves back and forth");
    }
    g_string_append(out,
                    result->outcome == CS_SETTLE_SETTLED || result->outcome == CS_SETTLE_BLOCKED
                        ? "\nFinal placement:\n"
                        : "\nPlacement when it stops:\n");
    cs_settle_placement_print(result->placement, out);
}

static void json_string(GString *out, const char *text)
{
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\')
            g_string_append_printf(out, "\\%c", *p);
        else if (*p < 0x20)
            g_string_append_printf(out, "\\u%04x", *p);
        else
            g_string_append_c(out, *p);
    }
    g_string_append_c(out, '"');
}

static const char *outcome_name(CsSettleOutcome outcome)
{
    static const char *const names[] = {"settled", "blocked", "cycle", "limit"};
    return names[outcome];
}

/* The lines of one Transition Summary, without their leading "  * "
 * and with the columns' padding taken out. */
static void json_transition(GString *out, const char *summary)
{
    g_auto(GStrv) lines = g_strsplit(summary, "\n", -1);
    gboolean first = TRUE;

    g_string_append(out, "[");
    for (int i = 0; lines[i] != NULL; i++) {
        const char *line = g_strstrip(lines[i]);
        if (g_str_has_prefix(line, "* "))
            line += 2;
        if (*line == '\0')
            continue;
        g_auto(GStrv) words = g_strsplit_set(line, " ", -1);
        g_autoptr(GString) spaced = g_string_new(NULL);
        for (int w = 0; words[w] != NULL; w++)
            if (*words[w] != '\0')
                g_string_append_printf(spaced, "%s%s", spaced->len > 0 ? " " : "", words[w]);
        g_string_append(out, first ? "" : ", ");
        json_string(out, spaced->str);
        first = FALSE;
    }
    g_string_append(out, "]");
}

static void json_placement(GString *out, const GPtrArray *placement)
{
    g_string_append(out, "[");
    for (guint i = 0; i < placement->len; i++) {
        const CsSettlePlace *place = g_ptr_array_index(placement, i);
        g_string_append(out, i > 0 ? ",\n    {" : "\n    {");
        g_string_append(out, "\"resource\": ");
        json_string(out, place->resource);
        g_string_append(out, ", \"active\": [");
        for (guint n = 0; n < place->nodes->len; n++) {
            g_string_append(out, n > 0 ? ", {\"node\": " : "{\"node\": ");
            json_string(out, g_ptr_array_index(place->nodes, n));
            g_string_append(out, ", \"role\": ");
            json_string(out, g_ptr_array_index(place->roles, n));
            g_string_append(out, "}");
        }
        g_string_append(out, "]}");
    }
    g_string_append(out, placement->len > 0 ? "\n  ]" : "]");
}

void cs_settle_print_json(const CsSettleResult *result, const char *file, GString *out)
{
    g_autofree char *headline = cs_settle_headline(result);

    g_string_append_printf(out,
                           "{\n  \"cibscope\": \"%s\",\n  \"pacemaker\": \"2.1.5\",\n"
                           "  \"command\": \"settle\",\n  \"cib\": {\"file\": ",
                           PACKAGE_VERSION);
    json_string(out, file);
    g_string_append_printf(
        out, "},\n  \"outcome\": \"%s\",\n  \"headline\": ", outcome_name(result->outcome));
    json_string(out, headline);
    g_string_append_printf(out, ",\n  \"transitions\": %d,\n  \"blocked\": %d,\n  \"steps\": [",
                           result->transitions, result->blocked);
    for (guint i = 0; i < result->summaries->len; i++) {
        g_string_append_printf(out, "%s\n    {\"transition\": %u, \"actions\": ", i > 0 ? "," : "",
                               i + 1);
        json_transition(out, g_ptr_array_index(result->summaries, i));
        g_string_append(out, "}");
    }
    g_string_append(out,
                    result->summaries->len > 0 ? "\n  ],\n  \"cycle\": " : "],\n  \"cycle\": ");
    if (result->outcome != CS_SETTLE_CYCLE) {
        g_string_append(out, "null");
    } else {
        g_string_append_printf(out,
                               "{\"first_transition\": %d, \"length\": %d, "
                               "\"in_place\": %s, \"resources\": [",
                               result->cycle_start, result->cycle_length,
                               result->in_place ? "true" : "false");
        for (guint i = 0; i < result->cycling->len; i++) {
            g_string_append(out, i > 0 ? ", " : "");
            json_string(out, g_ptr_array_index(result->cycling, i));
        }
        g_string_append(out, "]}");
    }
    g_string_append(out, ",\n  \"placement\": ");
    json_placement(out, result->placement);
    g_string_append(out, "\n}\n");
}

/* ---- the CLI ------------------------------------------------------------- */

static int exit_status(const GError *error)
{
    if (g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
        || g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED))
        return 3;
    return 2;
}

static int fail(const GError *error)
{
    g_autofree char *line = g_strdup_printf("cibscope: %s\n", error->message);
    cs_output_write(stderr, line, strlen(line), cs_output_mode(stderr, CS_OUTPUT_CONTROLS));
    return exit_status(error);
}

int cs_settle_run(const char *path, const char *time_text, gboolean json)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_document_load(path, &error);
    if (document == NULL)
        return fail(error);
    CsTime now;
    if (!cs_model_resolve_now(document, time_text, &now, &error)) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return 1;
    }
    g_autoptr(CsSettleResult) result = cs_settle(document, now, &error);
    if (result == NULL)
        return fail(error);
    g_autoptr(GString) out = g_string_new(NULL);
    if (json)
        cs_settle_print_json(result, path, out);
    else
        cs_settle_print(result, out);
    gboolean terminal = isatty(STDOUT_FILENO);
    cs_output_write(stdout, out->str, out->len, terminal ? CS_OUTPUT_TERMINAL : CS_OUTPUT_RAW);
    return fflush(stdout) == 0 ? 0 : 2;
}
