/* orderings.c: the configured orderings, rsc_order constraints and
 * ordering sets (Pacemaker Explained 2.1, "Specifying the Order in which
 * Resources Should Start/Stop", "Resource Sets"), with their kinds,
 * require-all and clone-min.  Whole functions moved from actions.c. */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"

/* ---- configured orderings --------------------------------------------- */

static gboolean task_parse(const char *text, CsTask *task)
{
    if (text == NULL || strcmp(text, "start") == 0)
        *task = CS_TASK_START;
    else if (strcmp(text, "stop") == 0)
        *task = CS_TASK_STOP;
    else if (strcmp(text, "promote") == 0)
        *task = CS_TASK_PROMOTE;
    else if (strcmp(text, "demote") == 0)
        *task = CS_TASK_DEMOTE;
    else
        return FALSE;
    return TRUE;
}

/* The deprecated meta attribute restart-type=restart (Pacemaker's
 * pe_restart_restart; its value is compared ignoring case). */
static gboolean restart_type_restart(const CsGraph *graph, int rsc)
{
    const char *value = g_hash_table_lookup(rsc_info(graph, rsc)->meta, "restart-type");

    return value != NULL && g_ascii_strcasecmp(value, "restart") == 0;
}

/* Pacemaker's ordering_flags_for_kind() (Pacemaker Explained 2.1, "Specifying the Order in which Resources Should Start/Stop": kind
 * Mandatory, Optional, Serialize; symmetrical). */
static guint order_flags(const CsGraph *graph, const CsOrder *order, CsTask first_task)
{
    guint flags = ORD_OPTIONAL;

    /* An optional simple ordering (not a resource set) whose "then"
     * resource has restart-type=restart still restarts it when "first"
     * becomes required: the ordering implies "then" (its inverse, whose
     * "first" is that resource, implies "first"). */
    if (order->kind == CS_ORDER_OPTIONAL && order->set_id == NULL) {
        if (!order->inverse && restart_type_restart(graph, order->then))
            return flags | ORD_IMPLIES_THEN;
        if (order->inverse && restart_type_restart(graph, order->first))
            return flags | ORD_IMPLIES_FIRST;
    }
    if (order->kind != CS_ORDER_MANDATORY)
        return flags;
    if (order->inverse)
        return flags | ORD_IMPLIES_FIRST;
    if (!order->symmetrical)
        return flags | ORD_ASYMMETRICAL;
    flags |= ORD_IMPLIES_THEN;
    /* Between two resource sets, Pacemaker 2.1.5 takes the second set's
     * action here, not the first's (checked with crm_simulate: "cln"
     * then a set with action=stop does not block the stop). */
    CsTask deciding = first_task;

    if (order->between_sets && !task_parse(order->then_action, &deciding))
        return flags;
    if (deciding == CS_TASK_START || deciding == CS_TASK_PROMOTE)
        flags |= ORD_RUNNABLE_LEFT;
    return flags;
}

/* The resource_set of order that holds rsc with require-all="false". */
static const char *relaxed_set_id(const CsOrder *order, const char *rsc)
{
    if (order->xml == NULL)
        return NULL;
    for (xmlNode *set = order->xml->children; set != NULL; set = set->next) {
        g_autofree char *require_all = NULL;

        if (set->type != XML_ELEMENT_NODE || strcmp((const char *)set->name, "resource_set") != 0)
            continue;
        require_all = (char *)xmlGetProp(set, (const xmlChar *)"require-all");
        if (require_all == NULL || cs_text_is_true(require_all))
            continue;
        for (xmlNode *ref = set->children; ref != NULL; ref = ref->next) {
            g_autofree char *id = NULL;

            if (ref->type != XML_ELEMENT_NODE)
                continue;
            id = (char *)xmlGetProp(ref, (const xmlChar *)"id");
            if (id != NULL && strcmp(id, rsc) == 0) {
                g_autofree char *set_id = (char *)xmlGetProp(set, (const xmlChar *)"id");

                return g_intern_string(set_id);
            }
        }
    }
    return NULL;
}

/* require-all="false" (Pacemaker Explained 2.1, "Resource Sets"): any one member of the
 * first set suffices, through a "one-or-more:SET" pseudo-action. */
static CsAct *relaxed_action(CsGraph *graph, GHashTable *relaxed, const char *set_id)
{
    g_autofree char *name = g_strdup_printf("one-or-more:%s", set_id);
    CsAct *action = g_hash_table_lookup(relaxed, name);

    if (action == NULL) {
        action = act_alloc(graph, CS_TASK_PSEUDO, -1, -1,
                           CS_ACT_OPTIONAL | CS_ACT_PSEUDO | CS_ACT_RUNNABLE | CS_ACT_REQUIRES_ANY);
        action->name = g_strdup(name);
        g_hash_table_insert(relaxed, g_steal_pointer(&name), action);
    }
    return action;
}

/* How many instances of a clone "first" must be able to act before
 * "then" may (Pacemaker Explained 2.1, "Clone Options" clone-min, and "Resource
 * Sets" require-all):
 * clone-min, else 1 for require-all=false, else 0 (all of them). */
static int clone_min_required(const CsGraph *graph, const CsOrder *order)
{
    const CsResource *first = rsc_info(graph, order->first);
    const char *min;

    if (first->kind != CS_RSC_CLONE || order->inverse)
        return 0;
    min = g_hash_table_lookup(first->meta, "clone-min");
    if (min != NULL && atoi(min) > 0)
        return atoi(min);
    /* require-all=false on a plain order; a clone in a require-all=false
     * set goes through the set's one-or-more pseudo-action instead. */
    return order->require_all_group >= 0 && order->set_id == NULL
                   && relaxed_set_id(order, first->id) == NULL
               ? 1
               : 0;
}

/* Pacemaker orders every instance of the first clone before a
 * "clone-one-or-more:ORDER" pseudo-action that is runnable once enough
 * of them are, and "then" after that pseudo-action. */
static void clone_min_ordering(CsGraph *graph, const CsOrder *order, CsTask first_task,
                               CsTask then_task, guint flags, int required)
{
    const CsResource *first = rsc_info(graph, order->first);
    CsAct *pseudo =
        act_alloc(graph, CS_TASK_PSEUDO, -1, -1,
                  CS_ACT_OPTIONAL | CS_ACT_PSEUDO | CS_ACT_RUNNABLE | CS_ACT_REQUIRES_ANY);

    pseudo->name = g_strdup_printf("clone-one-or-more:%s", order->id);
    pseudo->required_before = required;
    for (guint i = 0; i < first->children->len; i++)
        order_rsc_action(graph, g_array_index(first->children, int, i), first_task, pseudo,
                         ORD_ONE_OR_MORE);
    order_action_rsc(graph, pseudo, order->then, then_task, flags | ORD_RUNNABLE_LEFT);
}

/* The place of a constraint in <constraints>: Pacemaker unpacks them in
 * document order, whatever their kind. */
static int constraint_position(const xmlNode *xml)
{
    int position = 0;

    while (xml != NULL && xml->parent != NULL && xml->parent->name != NULL
           && strcmp((const char *)xml->parent->name, "constraints") != 0)
        xml = xml->parent;
    if (xml == NULL)
        return G_MAXINT;
    for (const xmlNode *before = xml->prev; before != NULL; before = before->prev)
        if (before->type == XML_ELEMENT_NODE)
            position++;
    return position;
}

/* A colocation of score -INFINITY orders each side's leaving its role
 * before the other's taking its own (Pacemaker's anti-colocation
 * orderings, which change no flag: Pacemaker Explained 2.1, "Placing
 * Resources Relative to other Resources").  Leaving: demote for the
 * promoted role, else stop (and promote for the unpromoted role);
 * taking: promote for the promoted role, else start (and demote for the
 * unpromoted role). */
static void anti_colocation_order(CsGraph *graph, int first, CsRole first_role, int then,
                                  CsRole then_role)
{
    CsTask leave[2] = {CS_TASK_STOP, CS_TASK_PSEUDO}, take[2] = {CS_TASK_START, CS_TASK_PSEUDO};

    if (first_role == CS_ROLE_PROMOTED)
        leave[0] = CS_TASK_DEMOTE;
    else if (first_role == CS_ROLE_UNPROMOTED)
        leave[1] = CS_TASK_PROMOTE;
    if (then_role == CS_ROLE_PROMOTED)
        take[0] = CS_TASK_PROMOTE;
    else if (then_role == CS_ROLE_UNPROMOTED)
        take[1] = CS_TASK_DEMOTE;
    for (int i = 0; i < 2 && leave[i] != CS_TASK_PSEUDO; i++)
        for (int j = 0; j < 2 && take[j] != CS_TASK_PSEUDO; j++)
            order_rsc(graph, first, leave[i], then, take[j], ORD_ANTI_COLOCATION);
}

static void colocation_orderings(CsGraph *graph, const CsColocation *colocation)
{
    if (colocation->score > -CS_INFINITY || colocation->rsc == colocation->with_rsc
        || colocation->rsc < 0 || colocation->with_rsc < 0)
        return;
    anti_colocation_order(graph, colocation->rsc, colocation->rsc_role, colocation->with_rsc,
                          colocation->with_role);
    anti_colocation_order(graph, colocation->with_rsc, colocation->with_role, colocation->rsc,
                          colocation->rsc_role);
}

static void configured_order(CsGraph *graph, const CsOrder *order, GHashTable *relaxed,
                             GHashTable *linked)
{
    const char *set_id;
    g_autofree char *link = NULL;
    CsTask first_task, then_task;
    guint flags;
    CsAct *pseudo;

    if (!task_parse(order->first_action, &first_task)
        || !task_parse(order->then_action, &then_task))
        return;
    flags = order_flags(graph, order, first_task);
    if (clone_min_required(graph, order) > 0) {
        clone_min_ordering(graph, order, first_task, then_task, flags,
                           clone_min_required(graph, order));
        return;
    }
    set_id = order->require_all_group >= 0
                 ? relaxed_set_id(order, rsc_info(graph, order->first)->id)
                 : NULL;
    if (set_id == NULL) {
        order_rsc(graph, order->first, first_task, order->then, then_task, flags);
        return;
    }
    pseudo = relaxed_action(graph, relaxed, set_id);
    /* A member of the set comes once before the set's pseudo-action,
     * however many resources follow; one in two such sets comes before
     * each set's own (oracle-diff seed 1010050). */
    link = g_strdup_printf("%d %s", order->first, set_id);
    if (!g_hash_table_contains(linked, link))
        order_rsc_action(graph, order->first, first_task, pseudo, ORD_ONE_OR_MORE);
    order_action_rsc(graph, pseudo, order->then, then_task, flags | ORD_RUNNABLE_LEFT);
    g_hash_table_add(linked, g_steal_pointer(&link));
}

/* The rsc_order constraints and the orderings of -INFINITY colocations,
 * in the order of their constraints in the document. */
void configured_orderings(CsGraph *graph)
{
    const CsModel *model = graph->model;
    g_autoptr(GHashTable) relaxed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr(GHashTable) linked = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    guint next_colocation = 0;

    for (guint i = 0; i <= model->orders->len; i++) {
        const CsOrder *order = i < model->orders->len ? g_ptr_array_index(model->orders, i) : NULL;
        int position = order != NULL ? constraint_position(order->xml) : G_MAXINT;

        for (; next_colocation < model->colocations->len; next_colocation++) {
            const CsColocation *colocation =
                g_ptr_array_index(model->colocations, next_colocation);

            if (constraint_position(colocation->xml) > position)
                break;
            colocation_orderings(graph, colocation);
        }
        if (order != NULL)
            configured_order(graph, order, relaxed, linked);
    }
}
