/* smallest.c: the smallest single change that would move a resource
 * (smallest.h).
 *
 * Candidates come from the contributions (cs_solution_contributions) to
 * the resource's score where it is placed and where it is asked to go: a
 * cli-* ban or prefer to clear, the fail count that reached
 * migration-threshold to clear, stickiness lowered just below the margin
 * it wins by, a ticket to grant, capacity to free, a colocation's score,
 * a constraint to remove or a rule to disable, and last a ban from its
 * node (or a prefer for the node asked).  None is shown on
 * reasoning alone: each is run on a scratch copy of the session
 * (cs_session_scratch), re-solved, and kept only when the resource really
 * lands as asked; then the trial is taken back (explain/trial.h).  The
 * operator's own session, log and highlight are never touched.
 */
#include <stdarg.h>
#include <string.h>
#include <libxml/tree.h>
#include "explain/command.h"
#include "explain/smallest.h"
#include "explain/trial.h"

/* Each trial is a full re-solve: on a large CIB a few are all the
 * Explain view can afford per resource. */
#define MAX_TRIALS 6
#define MAX_FOUND 3

typedef struct Candidate {
    char *words[6]; /* the command, NULL-terminated */
    char *text;     /* how it reads: "remove cli-ban-web-on-alpha" */
} Candidate;

/* What the search reads: the session, its solution and the goal. */
typedef struct Search {
    const CsSession *session;
    const CsSolution *solution;
    const CsModel *model;
    const CsSmallestGoal *goal;
} Search;

static void candidate_free(gpointer data)
{
    Candidate *candidate = data;
    for (int i = 0; candidate->words[i] != NULL; i++)
        g_free(candidate->words[i]);
    g_free(candidate->text);
    g_free(candidate);
}

void cs_smallest_change_free(CsSmallestChange *change)
{
    if (change == NULL)
        return;
    g_free(change->text);
    g_free(change->command);
    g_free(change->before);
    g_free(change->after);
    g_free(change);
}

static void add_candidate(GPtrArray *candidates, char *text, const char *first, ...)
    G_GNUC_NULL_TERMINATED;
static void add_candidate(GPtrArray *candidates, char *text, const char *first, ...)
{
    for (guint i = 0; i < candidates->len; i++) {
        if (strcmp(((Candidate *)g_ptr_array_index(candidates, i))->text, text) == 0) {
            g_free(text);
            return;
        }
    }
    Candidate *candidate = g_new0(Candidate, 1);
    candidate->text = text;
    va_list args;
    va_start(args, first);
    int n = 0;
    for (const char *word = first; word != NULL && n < 5; word = va_arg(args, const char *))
        candidate->words[n++] = g_strdup(word);
    va_end(args);
    g_ptr_array_add(candidates, candidate);
}

static const char *node_name(const Search *search, int node)
{
    return ((const CsNode *)g_ptr_array_index(search->model->nodes, node))->uname;
}

static const char *rsc_id(const Search *search, int rsc)
{
    return ((const CsResource *)g_ptr_array_index(search->model->resources, rsc))->id;
}

static gboolean names_constraint(const Search *search, const char *source)
{
    const xmlNode *node =
        source != NULL ? cs_document_lookup_id(search->session->document, source) : NULL;
    return node != NULL && node->type == XML_ELEMENT_NODE
           && strncmp((const char *)node->name, "rsc_", 4) == 0;
}

static gboolean names_rule(const Search *search, const char *source)
{
    const xmlNode *node =
        source != NULL ? cs_document_lookup_id(search->session->document, source) : NULL;
    return node != NULL && node->type == XML_ELEMENT_NODE
           && strcmp((const char *)node->name, "rule") == 0;
}

/* The score to beat: the node asked for, or the best among the nodes
 * other than node (-INFINITY if none). */
static CsScore best_elsewhere(const Search *search, int rsc, int node)
{
    if (search->goal->onto >= 0)
        return cs_solution_scored(search->solution, rsc, search->goal->onto)
                   ? cs_solution_score(search->solution, rsc, search->goal->onto)
                   : -CS_INFINITY;
    CsScore best = -CS_INFINITY;
    for (int other = 0; other < (int)search->model->nodes->len; other++)
        if (other != node && cs_solution_scored(search->solution, rsc, other))
            best = MAX(best, cs_solution_score(search->solution, rsc, other));
    return best;
}

/* Stickiness just below what keeps the resource where it is: the
 * margin it wins by is what stickiness must lose, plus one. */
static void add_stickiness(GPtrArray *candidates, const Search *search, int rsc, int node,
                           CsScore value)
{
    CsScore here = cs_solution_score(search->solution, rsc, node);
    CsScore best = best_elsewhere(search, rsc, node);
    if (value <= 0 || here >= CS_INFINITY || best <= -CS_INFINITY)
        return;
    /* At -1 the scores tie: stickiness 0 may still move it (verified). */
    CsScore needed = value - (here - best) - 1;
    if (needed < -1)
        return;
    needed = MAX(needed, 0);
    char number[CS_SCORE_BUFSIZE];
    g_snprintf(number, sizeof number, "%d", needed);
    const char *id = rsc_id(search, rsc);
    add_candidate(candidates,
                  g_strdup_printf("stickiness below %d (now %d): stickiness %s %d", needed + 1,
                                  value, id, needed),
                  "stickiness", id, number, NULL);
}

/* The fail counts of rsc (or, for a clone, of its instances) on node
 * that reached migration-threshold: `failcount clear` takes them back,
 * as crm_resource --cleanup would. */
static void add_fail_counts(GPtrArray *candidates, const Search *search, int rsc, int node)
{
    for (guint i = 0; i < search->model->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(search->model->fail_counts, i);
        int owner = count->rsc;
        while (owner >= 0 && owner != rsc)
            owner =
                ((const CsResource *)g_ptr_array_index(search->model->resources, owner))->parent;
        if (count->node != node || owner != rsc || count->count <= 0)
            continue;
        g_autofree char *operation =
            count->operation == NULL
                ? g_strdup(count->rsc_id)
                : g_strdup_printf("%s_%u", count->operation, count->interval_ms);
        add_candidate(
            candidates,
            g_strdup_printf("clear the fail count of %s on %s", operation, node_name(search, node)),
            "failcount", "clear", count->rsc_id, node_name(search, node), NULL);
    }
}

static void add_source(GPtrArray *candidates, const Search *search, const CsContribution *why)
{
    if (why->kind == CS_CONTRIB_RULE && names_rule(search, why->source))
        add_candidate(candidates, g_strdup_printf("disable rule %s", why->source), "rule",
                      "disable", why->source, NULL);
    else if (names_constraint(search, why->source))
        add_candidate(candidates, g_strdup_printf("remove %s", why->source), "constraint", "remove",
                      why->source, NULL);
}

/* ---- a colocation's score ------------------------------------------------ */

static gboolean names_colocation(const Search *search, const char *source)
{
    const xmlNode *node =
        source != NULL ? cs_document_lookup_id(search->session->document, source) : NULL;
    return node != NULL && node->type == XML_ELEMENT_NODE
           && strcmp((const char *)node->name, "rsc_colocation") == 0;
}

/* The sum of the contributions on node other than skip, in INFINITY
 * arithmetic. */
static CsScore score_without(const Search *search, int rsc, int node, const CsContribution *skip)
{
    int count = 0;
    const CsContribution *list = cs_solution_contributions(search->solution, rsc, node, &count);
    CsScore sum = 0;
    for (int i = 0; i < count; i++)
        if (&list[i] != skip)
            sum = cs_score_add(sum, list[i].value);
    return sum;
}

/* The colocation score that would just let the resource go: on the node
 * it runs on, one below what the best other node needs; on the node it
 * is kept off, one above the score where it runs.  0 (the colocation
 * without effect) when the other scores are INFINITY, or when the score
 * would have to change sign. */
static CsScore colocation_score_needed(const Search *search, int rsc, int node, int assigned,
                                       const CsContribution *why)
{
    CsScore others = score_without(search, rsc, node, why);
    CsScore target = node == assigned ? best_elsewhere(search, rsc, node)
                     : assigned >= 0  ? cs_solution_score(search->solution, rsc, assigned)
                                      : 0;
    if (others <= -CS_INFINITY || others >= CS_INFINITY || target <= -CS_INFINITY
        || target >= CS_INFINITY)
        return 0;
    CsScore needed = node == assigned ? target - others - 1 : target - others + 1;
    if ((why->value > 0 && needed < 0) || (why->value < 0 && needed > 0))
        return 0;
    return needed;
}

/* The score the CIB gives colocation id (fallback when the model has
 * no pair of that id). */
static CsScore configured_score(const Search *search, const char *id, CsScore fallback)
{
    for (guint i = 0; i < search->model->colocations->len; i++) {
        const CsColocation *colocation = g_ptr_array_index(search->model->colocations, i);
        if (strcmp(colocation->id, id) == 0)
            return colocation->score;
    }
    return fallback;
}

/* Pacemaker Explained 2.1, "Placing Resources Relative to other
 * Resources": a colocation adds its score where its primary runs (a
 * negative one keeps the dependent away, a positive one drags it
 * along).  The candidate sets that score just past where it decides. */
static void add_colocation_score(GPtrArray *candidates, const Search *search, int rsc, int node,
                                 int assigned, const CsContribution *why)
{
    if (!names_colocation(search, why->source))
        return;
    CsScore needed = colocation_score_needed(search, rsc, node, assigned, why);
    char number[CS_SCORE_BUFSIZE], now[CS_SCORE_BUFSIZE];
    cs_score_format(needed, number);
    cs_score_format(configured_score(search, why->source, why->value), now);
    add_candidate(
        candidates,
        g_strdup_printf("set colocation %s score to %s (now %s)", why->source, number, now),
        "constraint", "score", why->source, number, NULL);
}

/* ---- tickets ------------------------------------------------------------ */

static gboolean within(const CsModel *model, int rsc, int ancestor)
{
    for (int each = rsc; each >= 0;
         each = ((const CsResource *)g_ptr_array_index(model->resources, each))->parent)
        if (each == ancestor)
            return TRUE;
    return FALSE;
}

/* Pacemaker Explained 2.1, "Tickets": a resource bound by rsc_ticket may
 * run only while its ticket is granted and not in standby.  The
 * candidate grants (or activates) each ticket that keeps it stopped. */
static void add_tickets(GPtrArray *candidates, const Search *search, int rsc)
{
    for (guint i = 0; i < search->model->ticket_constraints->len; i++) {
        const CsTicketConstraint *constraint =
            g_ptr_array_index(search->model->ticket_constraints, i);
        if (!within(search->model, rsc, constraint->rsc))
            continue;
        const CsTicket *ticket = cs_model_find_ticket(search->model, constraint->ticket);
        if (ticket != NULL && ticket->granted && !ticket->standby)
            continue;
        gboolean standby = ticket != NULL && ticket->granted && ticket->standby;
        add_candidate(candidates,
                      g_strdup_printf("%s ticket %s (rsc_ticket %s: %s)",
                                      standby ? "activate" : "grant", constraint->ticket,
                                      constraint->id, standby ? "in standby" : "not granted"),
                      "ticket", constraint->ticket, standby ? "activate" : "grant", NULL);
    }
}

/* ---- capacity ----------------------------------------------------------- */

static gint64 utilization_value(GHashTable *table, const char *name)
{
    const char *text = table != NULL ? g_hash_table_lookup(table, name) : NULL;
    return text != NULL ? g_ascii_strtoll(text, NULL, 10) : 0;
}

/* The configured resource to ban for a primitive holding capacity: a
 * clone instance's clone, else itself. */
static int configured_holder(const Search *search, int rsc)
{
    const CsModel *configured = search->session->model;
    while (rsc >= 0 && (guint)rsc >= configured->resources->len)
        rsc = ((const CsResource *)g_ptr_array_index(search->model->resources, rsc))->parent;
    return rsc;
}

/* What the primitives assigned to node (rsc aside) hold of name: the
 * total, their list ("db 40, web 20") and the smallest single holder
 * whose share covers short (-1 if none). */
static gint64 capacity_held(const Search *search, int rsc, int node, const char *name,
                            gint64 short_by, GString *holders, int *smallest)
{
    gint64 held = 0, smallest_value = 0;
    *smallest = -1;
    for (guint i = 0; i < search->model->resources->len; i++) {
        const CsResource *other = g_ptr_array_index(search->model->resources, i);
        if ((int)i == rsc || other->kind != CS_RSC_PRIMITIVE
            || cs_solution_assigned_node(search->solution, (int)i) != node)
            continue;
        gint64 value = utilization_value(other->utilization, name);
        if (value <= 0)
            continue;
        held += value;
        g_string_append_printf(holders, "%s%s %" G_GINT64_FORMAT, holders->len > 0 ? ", " : "",
                               other->id, value);
        if (value >= short_by && (*smallest < 0 || value < smallest_value)) {
            *smallest = (int)i;
            smallest_value = value;
        }
    }
    return held;
}

/* Pacemaker Explained 2.1, "Utilization and Placement Strategy": a node
 * whose free capacity is less than the resource needs is not allowed.
 * For each capacity node lacks: which resources hold it, and the
 * candidate that frees enough, a ban of the smallest holder that does
 * (else more capacity on the node). */
static void add_capacity(GPtrArray *candidates, const Search *search, int rsc, int node)
{
    const CsResource *info = g_ptr_array_index(search->model->resources, rsc);
    const CsNode *host = g_ptr_array_index(search->model->nodes, node);
    if (info->utilization == NULL)
        return;
    g_autoptr(GList) names = g_hash_table_get_keys(info->utilization);
    names = g_list_sort(names, (GCompareFunc)strcmp);
    for (GList *each = names; each != NULL; each = each->next) {
        const char *name = each->data;
        gint64 need = utilization_value(info->utilization, name);
        gint64 capacity = utilization_value(host->utilization, name);
        g_autoptr(GString) holders = g_string_new(NULL);
        int smallest = -1;
        gint64 held = capacity_held(search, rsc, node, name, 0, holders, &smallest);
        gint64 short_by = need - (capacity - held);
        if (short_by <= 0)
            continue;
        g_string_truncate(holders, 0);
        capacity_held(search, rsc, node, name, short_by, holders, &smallest);
        int ban = configured_holder(search, smallest);
        if (ban >= 0) {
            const char *id = rsc_id(search, ban);
            add_candidate(candidates,
                          g_strdup_printf("free %" G_GINT64_FORMAT
                                          " of capacity %s on %s: ban %s from %s (held by %s)",
                                          short_by, name, host->uname, id, host->uname,
                                          holders->str),
                          "ban", id, host->uname, NULL);
        }
        g_autofree char *more = g_strdup_printf("%" G_GINT64_FORMAT, capacity + short_by);
        add_candidate(candidates,
                      g_strdup_printf("raise capacity %s on %s to %s (%" G_GINT64_FORMAT
                                      " short; held by %s)",
                                      name, host->uname, more, short_by,
                                      holders->len > 0 ? holders->str : "none"),
                      "utilization", host->uname, name, more, NULL);
    }
}

/* Capacity rarely shows in the printed scores: the assignment skips a
 * node that lacks it.  With a placement-strategy, the node asked for
 * (or, for a stopped resource, each node whose score allows it) is
 * checked for capacity the resource lacks there. */
static void add_capacity_wanted(GPtrArray *candidates, const Search *search, int rsc, int assigned)
{
    if (search->model->options.placement_strategy == CS_PLACEMENT_DEFAULT)
        return;
    if (search->goal->onto >= 0) {
        add_capacity(candidates, search, rsc, search->goal->onto);
        return;
    }
    for (int node = 0; assigned < 0 && node < (int)search->model->nodes->len; node++)
        if (cs_solution_scored(search->solution, rsc, node)
            && cs_solution_score(search->solution, rsc, node) >= 0)
            add_capacity(candidates, search, rsc, node);
}

/* Whether a contribution on node holds the resource where it is or
 * keeps it from where it is asked to go. */
static gboolean holds(const Search *search, int node, int assigned, const CsContribution *why)
{
    if (node == assigned)
        return why->value > 0;
    if (search->goal->onto >= 0 && node != search->goal->onto)
        return FALSE;
    return why->value < 0;
}

static void add_contribution(GPtrArray *candidates, GPtrArray *later, const Search *search, int rsc,
                             int node, int assigned, const CsContribution *why)
{
    if (why->kind == CS_CONTRIB_STICKINESS && node == assigned)
        add_stickiness(candidates, search, rsc, node, why->value);
    else if (why->kind == CS_CONTRIB_FAIL_LIMIT)
        add_fail_counts(candidates, search, rsc, node);
    else if (why->kind == CS_CONTRIB_TICKET)
        add_tickets(candidates, search, rsc);
    else if (why->kind == CS_CONTRIB_UTILIZATION)
        add_capacity(candidates, search, rsc, node);
    else if (why->source != NULL && g_str_has_prefix(why->source, "cli-"))
        add_source(candidates, search, why);
    else {
        if (why->kind == CS_CONTRIB_COLOCATION)
            add_colocation_score(later, search, rsc, node, assigned, why);
        add_source(later, search, why);
    }
}

/* Candidates, smallest first: clearing a cli-* constraint (undoing an
 * operator's own ban or move) or a fail count, then stickiness, then any
 * constraint or rule, then a new ban or prefer. */
static GPtrArray *candidates_for(const Search *search, int rsc, int assigned)
{
    GPtrArray *candidates = g_ptr_array_new_with_free_func(candidate_free);
    GPtrArray *later = g_ptr_array_new_with_free_func(candidate_free);
    for (int node = 0; node < (int)search->model->nodes->len; node++) {
        int count = 0;
        const CsContribution *list = cs_solution_contributions(search->solution, rsc, node, &count);
        for (int i = 0; i < count; i++)
            if (holds(search, node, assigned, &list[i]))
                add_contribution(candidates, later, search, rsc, node, assigned, &list[i]);
    }
    add_capacity_wanted(candidates, search, rsc, assigned);
    g_ptr_array_extend_and_steal(candidates, g_steal_pointer(&later));
    const char *id = rsc_id(search, rsc);
    if (search->goal->onto >= 0) {
        const char *node = node_name(search, search->goal->onto);
        add_candidate(candidates, g_strdup_printf("prefer %s on %s", id, node), "prefer", id, node,
                      NULL);
    } else if (assigned >= 0) {
        const char *node = node_name(search, assigned);
        add_candidate(candidates, g_strdup_printf("ban %s from %s", id, node), "ban", id, node,
                      NULL);
    }
    return candidates;
}

/* Where the resource (by id) is assigned in the scratch session: the
 * node's name, "" when stopped, NULL when there is no answer. */
static const char *scratch_placement(const CsSession *scratch, const char *id)
{
    if (scratch->solution == NULL)
        return NULL;
    const CsModel *model = cs_solution_model(scratch->solution);
    const CsResource *resource = cs_model_resource(model, id);
    if (resource == NULL)
        return NULL;
    int node = cs_solution_assigned_node(scratch->solution, resource->index);
    return node < 0 ? "" : ((const CsNode *)g_ptr_array_index(model->nodes, node))->uname;
}

/* A candidate's command, as a CsSessionChange. */
static gboolean run_candidate(CsSession *session, gpointer data, GError **error)
{
    g_autoptr(GString) out = g_string_new(NULL);
    return cs_command_run(session, ((Candidate *)data)->words, out, error);
}

static gboolean reached(const Search *search, const char *before, const char *after)
{
    if (after == NULL)
        return FALSE;
    if (search->goal->onto >= 0)
        return strcmp(after, node_name(search, search->goal->onto)) == 0;
    return strcmp(after, before) != 0;
}

static CsSmallestChange *change_new(const Candidate *candidate, const char *before,
                                    const char *after)
{
    CsSmallestChange *change = g_new0(CsSmallestChange, 1);
    change->text = g_strdup(candidate->text);
    change->command = g_strjoinv(" ", (char **)candidate->words);
    change->before = g_strdup(before);
    change->after = g_strdup(after);
    return change;
}

static void try_candidates(GPtrArray *found, const Search *search, GPtrArray *candidates)
{
    int from = search->goal->from;
    const char *before = from >= 0 ? node_name(search, from) : "";
    const char *id = rsc_id(search, search->goal->rsc);
    g_autoptr(CsSession) scratch = cs_session_scratch(search->session);
    int trials = 0;
    for (guint i = 0; i < candidates->len && trials < MAX_TRIALS && found->len < MAX_FOUND; i++) {
        Candidate *candidate = g_ptr_array_index(candidates, i);
        g_autoptr(GError) error = NULL;
        CsSessionTrial trial = {0};
        trials++;
        if (!cs_session_try(scratch, &trial, run_candidate, candidate, &error))
            continue;
        const char *after = scratch_placement(scratch, id);
        if (reached(search, before, after))
            g_ptr_array_add(found, change_new(candidate, before, after));
        cs_session_take_back(scratch, &trial);
    }
}

GPtrArray *cs_smallest_changes(const CsSession *session, const CsSmallestGoal *goal)
{
    GPtrArray *found = g_ptr_array_new_with_free_func((GDestroyNotify)cs_smallest_change_free);
    if (session->solution == NULL || goal->rsc < 0)
        return found;
    Search search = {session, session->solution, cs_solution_model(session->solution), goal};
    g_autoptr(GPtrArray) candidates = candidates_for(&search, goal->rsc, goal->from);
    try_candidates(found, &search, candidates);
    return found;
}

gboolean cs_smallest_explain(const CsSession *session, const char *rsc, const char *node,
                             GString *out, GError **error)
{
    const CsSolution *solution = cs_session_solution(session, error);
    if (solution == NULL)
        return FALSE;
    const CsResource *info = cs_model_resource(cs_solution_model(solution), rsc);
    const CsNode *node_info = cs_model_node(cs_solution_model(solution), node);
    if (info == NULL || node_info == NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED, "no %s named %s",
                    info == NULL ? "resource" : "node", info == NULL ? rsc : node);
        return FALSE;
    }
    /* A clone instance is placed as its clone is: the edits name what it
     * copies, so the answer is asked of the configured resource. */
    if (cs_model_resource(session->model, rsc) == NULL)
        return TRUE;
    int from = cs_solution_assigned_node(solution, info->index);
    gboolean keep_off = from == (int)node_info->index;
    CsSmallestGoal goal = {info->index, from, keep_off ? -1 : (int)node_info->index};
    g_autoptr(GPtrArray) found = cs_smallest_changes(session, &goal);
    g_string_append_printf(out,
                           "smallest change that would %s %s %s %s (each verified by solving):\n",
                           keep_off ? "keep" : "put", rsc, keep_off ? "off" : "on", node);
    if (found->len == 0)
        g_string_append(out,
                        "  none found among its constraints, fail counts, stickiness and a ban\n");
    for (guint i = 0; i < found->len; i++) {
        const CsSmallestChange *change = g_ptr_array_index(found, i);
        g_string_append_printf(out, "  %s  -> %s: %s -> %s\n", change->text, rsc,
                               *change->before ? change->before : "stopped",
                               *change->after ? change->after : "stops");
    }
    return TRUE;
}

gboolean cs_smallest_explain_document(const CsDocument *document, CsTime now, const char *rsc,
                                      const char *node, GString *out, GError **error)
{
    g_autoptr(CsSession) session = cs_session_new(cs_document_copy(document), now, error);
    return session != NULL && cs_smallest_explain(session, rsc, node, out, error);
}
