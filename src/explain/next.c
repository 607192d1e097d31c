/* next.c: what happens next to each resource, read from the transition's
 * actions (next.h).
 *
 * A primitive runs now where the status section says and wherever an
 * action takes it from; after the transition it runs there unless an
 * action that can run ends it there, and wherever an action that can
 * run starts it.  A blocked action changes nothing: the resource stays
 * as it is, and is said to be blocked, with the reason the summary
 * gives (Pacemaker Explained 2.1, "Specifying the Order in which
 * Resources Should Start/Stop": an unrunnable first action leaves the
 * mandatory "then" action unrunnable too).
 */
#include "explain/next.h"
#include "explain/next_internal.h"

#include <string.h>

/* ---- reading the actions ----------------------------------------------- */

static const CsPlannedAction *const *own_actions(const CsTransition *transition, int rsc, guint *n)
{
    *n = 0;
    return transition != NULL ? cs_transition_actions_of(transition, rsc, n) : NULL;
}

const CsResource *cs_next_engine_rsc(const CsSolution *solution, int rsc)
{
    const CsModel *model = cs_solution_model(solution);

    if (rsc < 0 || (guint)rsc >= model->resources->len)
        return NULL;
    return g_ptr_array_index(model->resources, rsc);
}

const char *cs_next_uname(const CsSolution *solution, int node)
{
    const CsModel *model = cs_solution_model(solution);

    if (node < 0 || (guint)node >= model->nodes->len)
        return NULL;
    return ((const CsNode *)g_ptr_array_index(model->nodes, node))->uname;
}

/* Actions that start the resource somewhere (and stop it where it was). */
static gboolean places(CsActionKind kind)
{
    return kind == CS_ACTION_START || kind == CS_ACTION_MOVE || kind == CS_ACTION_MIGRATE
           || kind == CS_ACTION_RECOVER;
}

/* An action that can run and ends the resource's run on node. */
static gboolean ends_on(const CsPlannedAction *action, int node)
{
    if (action->blocked || action->from_node != node || node < 0)
        return FALSE;
    if (action->kind == CS_ACTION_STOP || action->kind == CS_ACTION_MOVE
        || action->kind == CS_ACTION_MIGRATE)
        return TRUE;
    return action->kind == CS_ACTION_RECOVER && action->to_node != node;
}

/* An action bringing the resource to node: one that places it, or any
 * from nowhere ("Promote ( Stopped -> Promoted node2 )" starts it too). */
static gboolean brings_to(const CsPlannedAction *action, int node)
{
    return node >= 0 && action->to_node == node && action->from_node != node
           && (places(action->kind) || action->from_node < 0);
}

static gboolean blocked_on(const CsPlannedAction *action, int node)
{
    return action->blocked && brings_to(action, node);
}

gboolean cs_next_runs_now(const CsSolution *solution, const CsTransition *transition, int rsc,
                          int node)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);

    if (node >= 0 && cs_solution_current_node(solution, rsc) == node)
        return TRUE;
    for (guint i = 0; i < n; i++)
        if (node >= 0 && actions[i]->from_node == node)
            return TRUE;
    return FALSE;
}

/* The node an action that can run leaves the primitive on, or -1: a
 * primitive runs on one node, so one active on several now (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes": multiple-active) is
 * stopped everywhere else when it is recovered, moved or restarted. */
static int settled_on(const CsPlannedAction *const *actions, guint n)
{
    int node = -1;

    for (guint i = 0; i < n; i++)
        if (!actions[i]->blocked && actions[i]->kind != CS_ACTION_STOP && actions[i]->to_node >= 0)
            node = actions[i]->to_node;
    return node;
}

static gboolean primitive_runs_after(const CsSolution *solution, const CsTransition *transition,
                                     int rsc, int node)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);
    gboolean runs = cs_next_runs_now(solution, transition, rsc, node);
    int settled = settled_on(actions, n);

    if (node < 0)
        return FALSE;
    if (settled >= 0)
        return settled == node;
    for (guint i = 0; i < n; i++)
        if (ends_on(actions[i], node))
            runs = FALSE;
    return runs;
}

static gboolean primitive_blocked_on(const CsTransition *transition, int rsc, int node)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);

    for (guint i = 0; i < n; i++)
        if (blocked_on(actions[i], node))
            return TRUE;
    return FALSE;
}

gboolean cs_next_has_children(const CsResource *info)
{
    return info->kind != CS_RSC_PRIMITIVE && info->children != NULL;
}

gboolean cs_next_is_collective(const CsResource *info)
{
    return info->kind == CS_RSC_CLONE || info->kind == CS_RSC_BUNDLE;
}

/* ---- marks ---------------------------------------------------------------- */

typedef struct Presence {
    gboolean now, after, blocked;
} Presence;

static void presence_add(const CsSolution *solution, const CsTransition *transition, int rsc,
                         int node, Presence *presence)
{
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    if (info == NULL)
        return;
    if (cs_next_has_children(info)) {
        for (guint i = 0; i < info->children->len; i++)
            presence_add(solution, transition, g_array_index(info->children, int, i), node,
                         presence);
        return;
    }
    presence->now = presence->now || cs_next_runs_now(solution, transition, rsc, node);
    /* Not worked out yet: what runs stays marked, nothing more. */
    presence->after =
        presence->after
        || (transition == NULL ? cs_next_runs_now(solution, transition, rsc, node)
                               : primitive_runs_after(solution, transition, rsc, node));
    presence->blocked = presence->blocked || primitive_blocked_on(transition, rsc, node);
}

CsNextMark cs_next_mark(const CsSolution *solution, const CsTransition *transition, int rsc,
                        int node)
{
    Presence presence = {FALSE, FALSE, FALSE};

    presence_add(solution, transition, rsc, node, &presence);
    if (presence.now && presence.after)
        return CS_NEXT_MARK_STAYS;
    if (presence.now)
        return CS_NEXT_MARK_LEAVES;
    if (presence.after)
        return CS_NEXT_MARK_ARRIVES;
    return presence.blocked ? CS_NEXT_MARK_BLOCKED : CS_NEXT_MARK_NONE;
}

/* ---- where it ends up ----------------------------------------------------- */

static int primitive_next_node(const CsSolution *solution, const CsTransition *transition, int rsc)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);
    int current = cs_solution_current_node(solution, rsc);

    if (current >= 0 && primitive_runs_after(solution, transition, rsc, current))
        return current;
    for (guint i = 0; i < n; i++) {
        if (primitive_runs_after(solution, transition, rsc, actions[i]->to_node))
            return actions[i]->to_node;
        if (primitive_runs_after(solution, transition, rsc, actions[i]->from_node))
            return actions[i]->from_node;
    }
    return -1;
}

int cs_next_node(const CsSolution *solution, const CsTransition *transition, int rsc)
{
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    if (info == NULL)
        return -1;
    if (!cs_next_has_children(info))
        return primitive_next_node(solution, transition, rsc);
    if (cs_next_is_collective(info))
        return -1;
    for (guint i = 0; i < info->children->len; i++) {
        int node = cs_next_node(solution, transition, g_array_index(info->children, int, i));
        if (node >= 0)
            return node;
    }
    return -1;
}

static CsRole primitive_role_now(const CsSolution *solution, int rsc)
{
    CsRole role = cs_solution_current_role(solution, rsc);

    return role == CS_ROLE_STOPPED ? CS_ROLE_STARTED : role;
}

CsRole cs_next_role(const CsSolution *solution, const CsTransition *transition, int rsc)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);
    CsRole role;

    if (cs_next_node(solution, transition, rsc) < 0)
        return CS_ROLE_STOPPED;
    role = primitive_role_now(solution, rsc);
    for (guint i = 0; i < n; i++)
        if (!actions[i]->blocked && actions[i]->kind != CS_ACTION_STOP
            && actions[i]->to_role > CS_ROLE_STOPPED)
            role = actions[i]->to_role;
    return role;
}

/* ---- the Action column ---------------------------------------------------- */

typedef struct LabelScan {
    const CsPlannedAction *first;
    int count;
} LabelScan;

static void label_scan(const CsTransition *transition, const CsModel *engine, int rsc,
                       gboolean whole, LabelScan *scan)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);
    const CsResource *info = rsc >= 0 && (guint)rsc < engine->resources->len
                                 ? g_ptr_array_index(engine->resources, rsc)
                                 : NULL;

    for (guint i = 0; i < n; i++) {
        if (scan->first == NULL)
            scan->first = actions[i];
        if (actions[i]->kind == scan->first->kind && actions[i]->blocked == scan->first->blocked)
            scan->count++;
    }
    if (!whole || info == NULL || !cs_next_has_children(info))
        return;
    for (guint i = 0; i < info->children->len; i++)
        label_scan(transition, engine, g_array_index(info->children, int, i), TRUE, scan);
}

gboolean cs_next_label(const CsTransition *transition, const CsModel *engine, int rsc,
                       gboolean whole, CsNextLabel *label)
{
    LabelScan scan = {NULL, 0};

    if (transition != NULL)
        label_scan(transition, engine, rsc, whole, &scan);
    if (scan.first == NULL)
        return FALSE;
    label->kind = scan.first->kind;
    label->blocked = scan.first->blocked;
    label->text = label->blocked ? "Blocked" : cs_action_kind_name(label->kind);
    label->count = scan.count;
    return TRUE;
}

/* ---- states as text --------------------------------------------------------- */

void cs_next_state_init(CsNextState *state, const CsSolution *solution)
{
    state->n_nodes = (int)cs_solution_model(solution)->nodes->len;
    for (int i = 0; i < 3; i++)
        state->by_role[i] = g_new0(gboolean, MAX(state->n_nodes, 1));
}

void cs_next_state_clear(CsNextState *state)
{
    for (int i = 0; i < 3; i++)
        g_free(state->by_role[i]);
}

static void state_add(CsNextState *state, int node, CsRole role)
{
    int slot = role == CS_ROLE_PROMOTED ? 2 : role == CS_ROLE_UNPROMOTED ? 1 : 0;

    if (node >= 0 && node < state->n_nodes)
        state->by_role[slot][node] = TRUE;
}

/* now: where each primitive of rsc runs now; else where it will. */
void cs_next_state_collect(CsNextState *state, const CsSolution *solution,
                           const CsTransition *transition, int rsc, gboolean now)
{
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    if (info == NULL)
        return;
    if (cs_next_has_children(info)) {
        for (guint i = 0; i < info->children->len; i++)
            cs_next_state_collect(state, solution, transition,
                                  g_array_index(info->children, int, i), now);
        return;
    }
    if (!now) {
        state_add(state, cs_next_node(solution, transition, rsc),
                  cs_next_role(solution, transition, rsc));
        return;
    }
    for (int node = 0; node < state->n_nodes; node++)
        if (cs_next_runs_now(solution, transition, rsc, node))
            state_add(state, node, primitive_role_now(solution, rsc));
}

gboolean cs_next_append_nodes(GString *out, const CsSolution *solution, const gboolean *nodes,
                              int n_nodes, const char *lead)
{
    gboolean any = FALSE;

    for (int node = 0; node < n_nodes; node++) {
        if (!nodes[node])
            continue;
        g_string_append(out, any ? ", " : lead);
        g_string_append(out, cs_next_uname(solution, node));
        any = TRUE;
    }
    return any;
}

/* "promoted on delta, unpromoted on echo", "running on alpha, bravo"
 * (started: "on alpha" with running FALSE), or "stopped". */
static void state_text(const CsNextState *state, const CsSolution *solution, gboolean running,
                       GString *out)
{
    static const char *const leads[3] = {"running on ", "unpromoted on ", "promoted on "};
    gsize start = out->len;

    for (int slot = 2; slot >= 0; slot--) {
        const char *lead = slot == 0 && !running ? "on " : leads[slot];
        g_autofree char *separated = g_strconcat(out->len > start ? ", " : "", lead, NULL);

        cs_next_append_nodes(out, solution, state->by_role[slot], state->n_nodes, separated);
    }
    if (out->len == start)
        g_string_append(out, "stopped");
}

char *cs_next_state_string(const CsSolution *solution, const CsTransition *transition, int rsc,
                           gboolean now, gboolean running)
{
    CsNextState state;
    GString *out = g_string_new(NULL);

    cs_next_state_init(&state, solution);
    cs_next_state_collect(&state, solution, transition, rsc, now);
    state_text(&state, solution, running, out);
    cs_next_state_clear(&state);
    return g_string_free(out, FALSE);
}

/* ---- phrases: what the actions do ------------------------------------------- */

typedef struct Wording {
    const char *will;      /* "will start" */
    const char *noun;      /* "start": "start on node1 blocked" */
    gboolean to;           /* names the destination (else the origin) */
    gboolean single_names; /* said of one primitive, names its node
                                (else its line's "on NODE" did) */
} Wording;

static Wording wording(CsActionKind kind)
{
    switch (kind) {
    case CS_ACTION_START: return (Wording){"will start", "start", TRUE, TRUE};
    case CS_ACTION_STOP: return (Wording){"will stop", "stop", FALSE, FALSE};
    case CS_ACTION_MOVE: return (Wording){"will move", "move", TRUE, TRUE};
    case CS_ACTION_MIGRATE: return (Wording){"will migrate", "migration", TRUE, TRUE};
    case CS_ACTION_RECOVER: return (Wording){"will be recovered", "recovery", TRUE, TRUE};
    case CS_ACTION_RESTART: return (Wording){"will restart", "restart", FALSE, FALSE};
    case CS_ACTION_RELOAD: return (Wording){"will reload", "reload", FALSE, FALSE};
    case CS_ACTION_PROMOTE: return (Wording){"will be promoted", "promotion", TRUE, TRUE};
    case CS_ACTION_DEMOTE: return (Wording){"will be demoted", "demotion", FALSE, FALSE};
    case CS_ACTION_REPROMOTE:
        return (Wording){"will be demoted and promoted again", "re-promotion", FALSE, FALSE};
    case CS_ACTION_FENCE: break;
    }
    return (Wording){"will be fenced", "fencing", FALSE, FALSE};
}

/* Alike actions (kind, blocked, reason) said once, with their nodes. */
typedef struct Phrase {
    CsActionKind kind;
    gboolean blocked;
    const char *reason;
    GPtrArray *places; /* char*, owned: "bravo", "alpha -> bravo" */
} Phrase;

static void phrase_clear(gpointer data)
{
    g_ptr_array_unref(((Phrase *)data)->places);
}

/* reasons FALSE (a group or clone, whose members' lines give them):
 * only a blocked action keeps its reason. */
static Phrase *phrase_for(GArray *phrases, const CsPlannedAction *action, gboolean reasons)
{
    const char *reason = reasons || action->blocked ? action->reason : NULL;

    for (guint i = 0; i < phrases->len; i++) {
        Phrase *phrase = &g_array_index(phrases, Phrase, i);
        if (phrase->kind == action->kind && phrase->blocked == action->blocked
            && g_strcmp0(phrase->reason, reason) == 0)
            return phrase;
    }
    Phrase fresh = {action->kind, action->blocked, reason, g_ptr_array_new_with_free_func(g_free)};
    g_array_append_val(phrases, fresh);
    return &g_array_index(phrases, Phrase, phrases->len - 1);
}

static char *place_text(const CsSolution *solution, const CsPlannedAction *action, gboolean single)
{
    Wording words = wording(action->kind);
    const char *from = cs_next_uname(solution, action->from_node);
    const char *to = cs_next_uname(solution, action->to_node);

    if (single && !words.single_names)
        return NULL;
    if (!single && words.to && from != NULL && to != NULL && action->kind != CS_ACTION_START
        && action->kind != CS_ACTION_PROMOTE && strcmp(from, to) != 0)
        return g_strconcat(from, " -> ", to, NULL);
    return g_strdup(words.to && to != NULL ? to : from);
}

static void phrase_add(GArray *phrases, const CsSolution *solution, const CsPlannedAction *action,
                       gboolean single, gboolean reasons)
{
    Phrase *phrase = phrase_for(phrases, action, reasons);
    char *place = place_text(solution, action, single);

    for (guint i = 0; place != NULL && i < phrase->places->len; i++)
        if (strcmp(g_ptr_array_index(phrase->places, i), place) == 0)
            g_clear_pointer(&place, g_free);
    if (place != NULL)
        g_ptr_array_add(phrase->places, place);
}

static void phrases_below(GArray *phrases, const CsSolution *solution,
                          const CsTransition *transition, int rsc, gboolean single,
                          gboolean reasons)
{
    guint n;
    const CsPlannedAction *const *actions = own_actions(transition, rsc, &n);
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    for (guint i = 0; i < n; i++)
        phrase_add(phrases, solution, actions[i], single, reasons);
    if (info == NULL || !cs_next_has_children(info))
        return;
    for (guint i = 0; i < info->children->len; i++)
        phrases_below(phrases, solution, transition, g_array_index(info->children, int, i), single,
                      FALSE);
}

/* Every action naming rsc, its members or its instances; the reasons
 * of a primitive's own. */
static void phrases_collect(GArray *phrases, const CsSolution *solution,
                            const CsTransition *transition, int rsc, gboolean single)
{
    phrases_below(phrases, solution, transition, rsc, single, TRUE);
}

static void append_places(GString *out, const GPtrArray *places, const char *lead)
{
    for (guint i = 0; i < places->len; i++) {
        g_string_append(out, i == 0 ? lead : ", ");
        g_string_append(out, g_ptr_array_index(places, i));
    }
}

/* "will move to bravo", "will stop (due to required app1 start)",
 * "start on node1 blocked (due to unrunnable app1 start)". */
static void phrase_text(const Phrase *phrase, GString *out)
{
    Wording words = wording(phrase->kind);
    const char *lead =
        words.to ? (phrase->kind == CS_ACTION_MOVE || phrase->kind == CS_ACTION_MIGRATE ? " to "
                                                                                        : " on ")
                 : " on ";

    if (phrase->places->len > 0 && strstr(g_ptr_array_index(phrase->places, 0), " -> ") != NULL)
        lead = " ";
    g_string_append(out, phrase->blocked ? words.noun : words.will);
    append_places(out, phrase->places, lead);
    if (phrase->blocked)
        g_string_append(out, " blocked");
    if (phrase->reason != NULL)
        g_string_append_printf(out, " (due to %s)", phrase->reason);
}

static gboolean any_runnable(const GArray *phrases)
{
    for (guint i = 0; i < phrases->len; i++)
        if (!g_array_index(phrases, Phrase, i).blocked)
            return TRUE;
    return FALSE;
}

/* "stays" when no action that can run names it, then each phrase. */
static void phrases_text(const GArray *phrases, gboolean stopped, GString *out)
{
    const char *separator = "";

    if (!any_runnable(phrases)) {
        g_string_append(out, stopped ? "stays stopped" : "stays");
        separator = "; ";
    }
    for (guint i = 0; i < phrases->len; i++) {
        g_string_append(out, separator);
        phrase_text(&g_array_index(phrases, Phrase, i), out);
        separator = "; ";
    }
}

static GArray *phrases_new(void)
{
    GArray *phrases = g_array_new(FALSE, FALSE, sizeof(Phrase));

    g_array_set_clear_func(phrases, phrase_clear);
    return phrases;
}

/* ---- where ------------------------------------------------------------------- */

/* The score of rsc where a lone primitive's line names a node. */
static void append_score(GString *out, const CsSolution *solution, int rsc, int node)
{
    char score[CS_SCORE_BUFSIZE];

    if (node < 0 || !cs_solution_scored(solution, rsc, node))
        return;
    cs_score_format(cs_solution_score(solution, rsc, node), score);
    g_string_append_printf(out, " (score %s)", score);
}

static void where_primitive(const CsSolution *solution, const CsTransition *transition, int rsc,
                            GString *out)
{
    g_autoptr(GArray) phrases = phrases_new();
    g_autofree char *now = cs_next_state_string(solution, transition, rsc, TRUE, FALSE);
    int next = cs_next_node(solution, transition, rsc);
    gboolean stopped = strcmp(now, "stopped") == 0;

    phrases_collect(phrases, solution, transition, rsc, TRUE);
    g_string_append_printf(out, "%s, ", now);
    phrases_text(phrases, stopped, out);
    append_score(out, solution, rsc, next);
    g_string_append_c(out, '\n');
}

static void where_container(const CsSolution *solution, const CsTransition *transition,
                            const CsResource *info, GString *out)
{
    g_autoptr(GArray) phrases = phrases_new();
    g_autofree char *now =
        cs_next_state_string(solution, transition, info->index, TRUE, info->kind == CS_RSC_CLONE);

    /* A group runs on one node: said as one primitive ("will move to
     * bravo"); a clone's instances by their nodes. */
    phrases_collect(phrases, solution, transition, info->index, info->kind == CS_RSC_GROUP);
    g_string_append_printf(out, "%s; ", now);
    phrases_text(phrases, strcmp(now, "stopped") == 0, out);
    g_string_append_c(out, '\n');
}

static void where_tree(const CsSolution *solution, const CsTransition *transition, int rsc,
                       int depth, GString *out)
{
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    g_string_append_printf(out, "%*s%s: ", depth * 2, "", info->id);
    if (!cs_next_has_children(info)) {
        where_primitive(solution, transition, rsc, out);
        return;
    }
    where_container(solution, transition, info, out);
    for (guint i = 0; i < info->children->len; i++) {
        int child = g_array_index(info->children, int, i);

        /* an orphan no history shows active is shown nowhere */
        if (!cs_solution_is_hidden_orphan(solution, child))
            where_tree(solution, transition, child, depth + 1, out);
    }
}

/* A clone's configured child is never placed: its instances are. */
static const CsResource *placed_as(const CsSolution *solution, const CsResource *info)
{
    const CsResource *clone = NULL;

    for (const CsResource *up = info; up != NULL && up->parent >= 0;) {
        up = cs_next_engine_rsc(solution, up->parent);
        if (up != NULL && up->kind == CS_RSC_CLONE)
            clone = up;
    }
    if (clone == NULL || cs_solution_configured_rsc(solution, info->index) != info->index)
        return info;
    return clone;
}

void cs_next_line(CsSolution *solution, int rsc, GString *out)
{
    const CsTransition *transition = cs_solution_transition(solution);
    const CsResource *info = cs_next_engine_rsc(solution, rsc);

    if (info == NULL)
        return;
    if (cs_next_has_children(info))
        where_container(solution, transition, info, out);
    else
        where_primitive(solution, transition, rsc, out);
}

void cs_next_where_rsc(CsSolution *solution, int rsc, GString *out)
{
    const CsTransition *transition = cs_solution_transition(solution);
    const CsResource *info = cs_next_engine_rsc(solution, rsc);
    const CsResource *placed = placed_as(solution, info);

    if (placed != info)
        g_string_append_printf(out, "%s: configured in clone %s, placed as its instances\n",
                               info->id, placed->id);
    where_tree(solution, transition, placed->index, 0, out);
}

/* An orphan (a history of a resource no longer configured) may share
 * its id with a configured resource: each is told. */
gboolean cs_next_where(CsSolution *solution, const char *id, GString *out)
{
    const CsModel *engine = cs_solution_model(solution);
    gboolean found = FALSE;

    for (guint i = 0; i < engine->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(engine->resources, i);
        if (strcmp(info->id, id) != 0)
            continue;
        cs_next_where_rsc(solution, (int)i, out);
        found = TRUE;
    }
    return found;
}

/* The blocked actions naming rsc (and its members or instances), as
 * phrases; "" when none. */
char *cs_next_blocked_text(const CsSolution *solution, const CsTransition *transition, int rsc)
{
    g_autoptr(GArray) phrases = phrases_new();
    GString *out = g_string_new(NULL);

    phrases_collect(phrases, solution, transition, rsc, FALSE);
    for (guint i = 0; i < phrases->len; i++) {
        const Phrase *phrase = &g_array_index(phrases, Phrase, i);
        if (!phrase->blocked)
            continue;
        if (out->len > 0)
            g_string_append(out, "; ");
        phrase_text(phrase, out);
    }
    return g_string_free(out, FALSE);
}
