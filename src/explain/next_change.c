/* next_change.c: what a change did to each resource's next step, told
 * from the transitions before and after it (explain/next.h): a move the
 * transition now makes ("web: alpha -> bravo") apart from a change of a
 * plan that was already there ("web: planned for delta instead of bravo
 * (runs on alpha)").  Edits, why and history all say it this way.
 */
#include "explain/next.h"
#include "explain/next_internal.h"

#include <string.h>

/* ---- what a change did ---------------------------------------------------------- */

/* One resource in the two solutions: where it runs now, where each
 * plans it (unames, NULL: stopped; a clone: its state text), and what
 * each blocks. */
typedef struct Change {
    const char *id;
    char *now, *before, *after;
    char *before_now; /* where it ran in before's own CIB: a
                                history step's status differs */
    char *blocked_before, *blocked_after;
} Change;

static void change_clear(Change *change)
{
    g_free(change->now);
    g_free(change->before_now);
    g_free(change->before);
    g_free(change->after);
    g_free(change->blocked_before);
    g_free(change->blocked_after);
}

/* A group runs where its first running member does. */
static int running_now(const CsSolution *solution, const CsTransition *transition, int rsc)
{
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    if (info == NULL)
        return -1;
    if (!cs_next_has_children(info)) {
        int current = cs_solution_current_node(solution, rsc);
        int n_nodes = (int)cs_solution_model(solution)->nodes->len;
        if (current >= 0)
            return current;
        for (int node = 0; node < n_nodes; node++)
            if (cs_next_runs_now(solution, transition, rsc, node))
                return node;
        return -1;
    }
    for (guint i = 0; i < info->children->len; i++) {
        int node = running_now(solution, transition, g_array_index(info->children, int, i));
        if (node >= 0)
            return node;
    }
    return -1;
}

typedef struct Side {
    CsSolution *solution;
    const CsTransition *transition;
} Side;

static Side side_of(CsSolution *solution)
{
    return (Side){solution, cs_solution_transition(solution)};
}

/* rsc_before: -1 when the resource is not in the solution before. */
/* Where rsc of side runs now (now) or once its transition ran: a
 * clone by its state text, anything else by a uname (NULL: stopped);
 * NULL too when rsc is -1 (not in that side). */
static char *side_text(const Side *side, int rsc, gboolean now)
{
    const CsResource *info = cs_next_engine_rsc(side->solution, rsc);

    if (info == NULL)
        return NULL;
    if (cs_next_is_collective(info))
        return cs_next_state_string(side->solution, side->transition, rsc, now, TRUE);
    int node = now ? running_now(side->solution, side->transition, rsc)
                   : cs_next_node(side->solution, side->transition, rsc);
    return g_strdup(cs_next_uname(side->solution, node));
}

/* rsc_before: -1 when the resource is not in the solution before. */
static void change_read(Change *change, const Side *before, const Side *after, int rsc_before,
                        int rsc)
{
    change->id = cs_next_engine_rsc(after->solution, rsc)->id;
    change->now = side_text(after, rsc, TRUE);
    change->after = side_text(after, rsc, FALSE);
    change->before = side_text(before, rsc_before, FALSE);
    change->before_now = side_text(before, rsc_before, TRUE);
    change->blocked_after = cs_next_blocked_text(after->solution, after->transition, rsc);
    change->blocked_before =
        rsc_before >= 0 ? cs_next_blocked_text(before->solution, before->transition, rsc_before)
                        : g_strdup("");
}

static gboolean change_none(const Change *change)
{
    return g_strcmp0(change->before, change->after) == 0
           && strcmp(change->blocked_before, change->blocked_after) == 0;
}

/* A plan where there was none: a move, a stop or a start. */
static void change_new_plan(const Change *change, GString *out)
{
    if (g_strcmp0(change->after, change->now) == 0)
        g_string_append_printf(out, change->now != NULL ? "stays on %s" : "stays stopped",
                               change->now);
    else if (change->after == NULL)
        g_string_append(out, "stops");
    else if (change->now == NULL)
        g_string_append_printf(out, "starts on %s", change->after);
    else
        g_string_append_printf(out, "%s -> %s", change->now, change->after);
}

/* A plan that was there already, changed: not a move, since nothing
 * leaves the node the old plan named ("planned for delta instead of
 * bravo (runs on alpha)"). */
static void change_of_plan(const Change *change, GString *out)
{
    const char *was = change->before;

    if (g_strcmp0(change->after, change->now) == 0) {
        if (change->now == NULL)
            g_string_append_printf(out, "stays stopped (was planned to start on %s)", was);
        else if (was == NULL)
            g_string_append_printf(out, "stays on %s (was planned to stop)", change->now);
        else
            g_string_append_printf(out, "stays on %s (was planned for %s)", change->now, was);
    } else if (change->after == NULL) {
        g_string_append_printf(out, "stops (was planned for %s)", was);
    } else {
        g_string_append_printf(out, "planned for %s instead of %s", change->after,
                               was != NULL ? was : "stopping");
        if (change->now != NULL)
            g_string_append_printf(out, " (runs on %s)", change->now);
        else
            g_string_append(out, " (stopped now)");
    }
}

/* Per node of after's CIB, for a clone: whether an instance runs there
 * now, in before's plan and in after's plan, and promoted in each. */
typedef struct ClonePlans {
    CsNextState now, before, after;
} ClonePlans;

/* before's plan, carried over to after's node indices by name. */
static void carry_state(const CsNextState *from, const CsSolution *from_solution, CsNextState *to,
                        const CsSolution *to_solution)
{
    const CsModel *target = cs_solution_model(to_solution);

    for (int node = 0; node < from->n_nodes; node++) {
        const CsNode *same = cs_model_node(target, cs_next_uname(from_solution, node));
        for (int slot = 0; same != NULL && slot < 3; slot++)
            if (from->by_role[slot][node])
                to->by_role[slot][same->index] = TRUE;
    }
}

static void clone_plans_read(ClonePlans *plans, const Side *before, const Side *after,
                             int rsc_before, int clone)
{
    CsNextState planned;

    cs_next_state_init(&plans->now, after->solution);
    cs_next_state_init(&plans->before, after->solution);
    cs_next_state_init(&plans->after, after->solution);
    cs_next_state_collect(&plans->now, after->solution, after->transition, clone, TRUE);
    cs_next_state_collect(&plans->after, after->solution, after->transition, clone, FALSE);
    if (rsc_before < 0)
        return;
    cs_next_state_init(&planned, before->solution);
    cs_next_state_collect(&planned, before->solution, before->transition, rsc_before, FALSE);
    carry_state(&planned, before->solution, &plans->before, after->solution);
    cs_next_state_clear(&planned);
}

static void clone_plans_clear(ClonePlans *plans)
{
    cs_next_state_clear(&plans->now);
    cs_next_state_clear(&plans->before);
    cs_next_state_clear(&plans->after);
}

static gboolean runs(const CsNextState *state, int node)
{
    return state->by_role[0][node] || state->by_role[1][node] || state->by_role[2][node];
}

/* What after's plan does on node that before's did not: 0 stops, 1
 * starts, 2 no longer starts, 3 no longer stops, 4 promoted, 5 demoted,
 * 6 no longer promoted, 7 no longer demoted. */
static gboolean clone_node_says(const ClonePlans *plans, int node, int phrase)
{
    gboolean now = runs(&plans->now, node), was = runs(&plans->before, node);
    gboolean is = runs(&plans->after, node);
    gboolean promoted[3] = {plans->now.by_role[2][node], plans->before.by_role[2][node],
                            plans->after.by_role[2][node]};

    switch (phrase) {
    case 0: return now && was && !is;
    case 1: return !now && !was && is;
    case 2: return !now && was && !is;
    case 3: return now && !was && is;
    case 4: return is && !promoted[0] && !promoted[1] && promoted[2];
    case 5: return is && promoted[0] && promoted[1] && !promoted[2];
    case 6: return !promoted[0] && promoted[1] && !promoted[2];
    default: return is && promoted[0] && !promoted[1] && promoted[2];
    }
}

/* "ping-clone: stops on delta; promoted on echo": node by node, what
 * after's plan changes from before's: what was planned already is no
 * news, and what it no longer does is said so. */
static void clone_change(const Side *before, const Side *after, int rsc_before, int clone,
                         GString *out)
{
    static const char *const phrases[8] = {
        "stops on ",    "starts on ",  "no longer starts on ",   "no longer stops on ",
        "promoted on ", "demoted on ", "no longer promoted on ", "no longer demoted on ",
    };
    ClonePlans plans;
    const char *separator = "";

    clone_plans_read(&plans, before, after, rsc_before, clone);
    for (int phrase = 0; phrase < 8; phrase++) {
        g_autofree gboolean *nodes = g_new0(gboolean, MAX(plans.now.n_nodes, 1));
        for (int node = 0; node < plans.now.n_nodes; node++)
            nodes[node] = clone_node_says(&plans, node, phrase);
        g_autofree char *lead = g_strconcat(separator, phrases[phrase], NULL);
        if (cs_next_append_nodes(out, after->solution, nodes, plans.now.n_nodes, lead))
            separator = "; ";
    }
    clone_plans_clear(&plans);
}

static void change_text(const Change *change, const Side *before, const Side *after, int rsc_before,
                        int rsc, GString *out)
{
    gboolean clone = cs_next_is_collective(cs_next_engine_rsc(after->solution, rsc));
    gsize start = out->len;

    g_string_append_printf(out, "%s: ", change->id);
    gsize empty = out->len;
    if (g_strcmp0(change->before, change->after) != 0) {
        if (clone)
            clone_change(before, after, rsc_before, rsc, out);
        else if (g_strcmp0(change->before, change->before_now) == 0)
            change_new_plan(change, out);
        else
            change_of_plan(change, out);
    }
    if (*change->blocked_after != '\0'
        && strcmp(change->blocked_after, change->blocked_before) != 0)
        g_string_append_printf(out, "%s%s", out->len > empty ? "; " : "", change->blocked_after);
    if (out->len == empty)
        g_string_truncate(out, start);
    else
        g_string_append_c(out, '\n');
}

static int index_in(const CsSolution *solution, const char *id)
{
    const CsResource *info = cs_model_resource(cs_solution_model(solution), id);

    return info != NULL ? info->index : -1;
}

static gboolean change_line(const Side *before, const Side *after, int rsc, GString *out)
{
    Change change = {0};
    int rsc_before = index_in(before->solution, cs_next_engine_rsc(after->solution, rsc)->id);
    gsize start = out->len;

    change_read(&change, before, after, rsc_before, rsc);
    if (!change_none(&change))
        change_text(&change, before, after, rsc_before, rsc, out);
    change_clear(&change);
    return out->len > start;
}

gboolean cs_next_change_line(const CsModel *model_before, CsSolution *before,
                             const CsModel *model_after, CsSolution *after, int rsc, GString *out)
{
    Side sides[2] = {side_of(before), side_of(after)};

    (void)model_before;
    if (rsc < 0 || (guint)rsc >= model_after->resources->len)
        return FALSE;
    return change_line(&sides[0], &sides[1], rsc, out);
}

/* A member's line when its change is not its group's. */
static gboolean member_differs(const Side *before, const Side *after, int group, int member)
{
    Change whole = {0}, part = {0};
    int group_before = index_in(before->solution, cs_next_engine_rsc(after->solution, group)->id);
    int member_before = index_in(before->solution, cs_next_engine_rsc(after->solution, member)->id);

    change_read(&whole, before, after, group_before, group);
    change_read(&part, before, after, member_before, member);
    gboolean differs = g_strcmp0(whole.now, part.now) != 0
                       || g_strcmp0(whole.before, part.before) != 0
                       || g_strcmp0(whole.after, part.after) != 0;
    change_clear(&whole);
    change_clear(&part);
    return differs;
}

gboolean cs_next_in_clone(const CsModel *model, const CsResource *info)
{
    for (const CsResource *up = info; up != NULL;
         up = up->parent >= 0 ? g_ptr_array_index(model->resources, up->parent) : NULL)
        if (up->kind == CS_RSC_CLONE)
            return TRUE;
    return FALSE;
}

/* Said on its own line: a clone at the top, a primitive or group
 * outside clones, a group member whose change is not its group's. */
static gboolean told_apart(const Side *before, const Side *after, const CsModel *model,
                           const CsResource *info)
{
    const CsResource *parent =
        info->parent >= 0 ? g_ptr_array_index(model->resources, info->parent) : NULL;

    if (cs_next_is_collective(info))
        return parent == NULL;
    if (cs_next_in_clone(model, info)
        || (info->kind != CS_RSC_PRIMITIVE && info->kind != CS_RSC_GROUP))
        return FALSE;
    return parent == NULL || parent->kind != CS_RSC_GROUP
           || member_differs(before, after, parent->index, info->index);
}

guint cs_next_describe_changes(const CsModel *model_before, CsSolution *before,
                               const CsModel *model_after, CsSolution *after, GString *out)
{
    Side sides[2] = {side_of(before), side_of(after)};
    guint lines = 0;

    (void)model_before;
    for (guint i = 0; i < model_after->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(model_after->resources, i);
        if (told_apart(&sides[0], &sides[1], model_after, info))
            lines += change_line(&sides[0], &sides[1], info->index, out);
    }
    return lines;
}
