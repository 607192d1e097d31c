/* smallest.c: the smallest single change that would move a resource.
 *
 * Candidates come from the contributions (cs_solution_contributions) to
 * the resource's score where it is placed and elsewhere: a cli-* ban or
 * prefer to clear, stickiness lowered just below the margin it wins by,
 * a constraint to remove or a rule to disable, and last a ban from its
 * node.  None is shown on reasoning alone: each is run on a scratch copy
 * of the session (cs_session_scratch), re-solved, and kept only when the
 * resource really lands elsewhere; then it is undone on the copy.  The
 * operator's own session, log and highlight are never touched.
 */
#include <stdarg.h>
#include <string.h>
#include <libxml/tree.h>
#include "explain/command.h"
#include "view.h"

/* Each trial is a full re-solve: on a large CIB a few are all the
 * Explain view can afford per resource. */
#define MAX_TRIALS 6
#define MAX_FOUND 3

typedef struct Candidate {
    char *words[6];          /* the command, NULL-terminated */
    char *text;              /* how it reads: "remove cli-ban-web-on-alpha" */
} Candidate;

static void candidate_free(gpointer data)
{
    Candidate *candidate = data;
    for (int i = 0; candidate->words[i] != NULL; i++)
        g_free(candidate->words[i]);
    g_free(candidate->text);
    g_free(candidate);
}

static void add_candidate(GPtrArray *candidates, char *text, const char *first, ...) G_GNUC_NULL_TERMINATED;
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

static gboolean names_constraint(const CsConsole *console, const char *source)
{
    const xmlNode *node = source != NULL ? cs_document_lookup_id(console->document, source) : NULL;
    return node != NULL && node->type == XML_ELEMENT_NODE && strncmp((const char *)node->name, "rsc_", 4) == 0;
}

static gboolean names_rule(const CsConsole *console, const char *source)
{
    const xmlNode *node = source != NULL ? cs_document_lookup_id(console->document, source) : NULL;
    return node != NULL && node->type == XML_ELEMENT_NODE && strcmp((const char *)node->name, "rule") == 0;
}

/* The best score among the nodes other than node (-INFINITY if none). */
static CsScore best_elsewhere(const CsConsole *console, int rsc, int node)
{
    CsScore best = -CS_INFINITY;
    for (int other = 0; other < cs_console_node_count(console); other++)
        if (other != node && cs_solution_scored(console->solution, rsc, other))
            best = MAX(best, cs_solution_score(console->solution, rsc, other));
    return best;
}

/* Stickiness just below what keeps the resource where it is: the
 * margin it wins by is what stickiness must lose, plus one. */
static void add_stickiness(GPtrArray *candidates, const CsConsole *console, int rsc, int node, CsScore value)
{
    CsScore here = cs_solution_score(console->solution, rsc, node);
    CsScore best = best_elsewhere(console, rsc, node);
    if (value <= 0 || here >= CS_INFINITY || best <= -CS_INFINITY)
        return;
    /* At -1 the scores tie: stickiness 0 may still move it (verified). */
    CsScore needed = value - (here - best) - 1;
    if (needed < -1)
        return;
    needed = MAX(needed, 0);
    char number[CS_SCORE_BUFSIZE];
    g_snprintf(number, sizeof number, "%d", needed);
    const char *id = cs_console_rsc(console, rsc)->id;
    add_candidate(candidates, g_strdup_printf("stickiness below %d (now %d): stickiness %s %d", needed + 1, value,
                                              id, needed),
                  "stickiness", id, number, NULL);
}

static void add_source(GPtrArray *candidates, const CsConsole *console, const CsContribution *why)
{
    if (why->kind == CS_CONTRIB_RULE && names_rule(console, why->source))
        add_candidate(candidates, g_strdup_printf("disable rule %s", why->source),
                      "rule", "disable", why->source, NULL);
    else if (names_constraint(console, why->source))
        add_candidate(candidates, g_strdup_printf("remove %s", why->source),
                      "constraint", "remove", why->source, NULL);
}

/* Candidates, smallest first: clearing a cli-* constraint (undoing an
 * operator's own ban or move), then stickiness, then any constraint or
 * rule, then a new ban. */
static GPtrArray *candidates_for(const CsConsole *console, int rsc, int assigned)
{
    GPtrArray *candidates = g_ptr_array_new_with_free_func(candidate_free);
    GPtrArray *later = g_ptr_array_new_with_free_func(candidate_free);
    for (int node = 0; node < cs_console_node_count(console); node++) {
        int count = 0;
        const CsContribution *list = cs_solution_contributions(console->solution, rsc, node, &count);
        for (int i = 0; i < count; i++) {
            const CsContribution *why = &list[i];
            /* Only what holds it here or keeps it from elsewhere. */
            gboolean holds = node == assigned ? why->value > 0 : why->value < 0;
            if (!holds)
                continue;
            if (why->kind == CS_CONTRIB_STICKINESS && node == assigned)
                add_stickiness(candidates, console, rsc, node, why->value);
            else if (why->source != NULL && g_str_has_prefix(why->source, "cli-"))
                add_source(candidates, console, why);
            else
                add_source(later, console, why);
        }
    }
    g_ptr_array_extend_and_steal(candidates, g_steal_pointer(&later));
    if (assigned >= 0) {
        const char *id = cs_console_rsc(console, rsc)->id;
        const char *node = cs_console_node(console, assigned)->uname;
        add_candidate(candidates, g_strdup_printf("ban %s from %s", id, node), "ban", id, node, NULL);
    }
    return candidates;
}

/* Where the resource (by id) is assigned in the scratch session: the
 * node's name, "" when stopped, NULL when there is no answer. */
static const char *scratch_placement(const CsSession *scratch, const char *rsc_id)
{
    if (scratch->solution == NULL)
        return NULL;
    const CsResource *resource = cs_model_resource(scratch->model, rsc_id);
    if (resource == NULL)
        return NULL;
    int node = cs_solution_assigned_node(scratch->solution, resource->index);
    return node < 0 ? "" : ((const CsNode *)g_ptr_array_index(scratch->model->nodes, node))->uname;
}

static void try_candidates(CsSmallest *smallest, const CsConsole *console, int rsc, GPtrArray *candidates)
{
    int assigned = cs_console_planned_node(console, rsc);
    const char *before = assigned >= 0 ? cs_console_node(console, assigned)->uname : "";
    const char *rsc_id = cs_console_rsc(console, rsc)->id;
    g_autoptr(CsSession) scratch = cs_session_scratch(console->session);
    int trials = 0;
    for (guint i = 0; i < candidates->len && trials < MAX_TRIALS && smallest->lines->len < MAX_FOUND; i++) {
        Candidate *candidate = g_ptr_array_index(candidates, i);
        g_autoptr(GString) out = g_string_new(NULL);
        g_autoptr(GError) error = NULL;
        guint depth = cs_edit_log_undo_depth(scratch->log);
        trials++;
        if (!cs_command_run(scratch, candidate->words, out, &error))
            continue;
        const char *after = scratch_placement(scratch, rsc_id);
        if (after != NULL && strcmp(after, before) != 0)
            g_ptr_array_add(smallest->lines, g_strdup_printf("%s  %s %s: %s %s %s", candidate->text,
                                                             cs_glyph(CS_GLYPH_ARROW), rsc_id,
                                                             *before ? before : "stopped", cs_glyph(CS_GLYPH_ARROW),
                                                             *after ? after : "stops"));
        if (cs_edit_log_undo_depth(scratch->log) > depth)
            cs_edit_undo(scratch->log);
    }
}

void cs_smallest_clear(CsSmallest *smallest)
{
    smallest->rsc = -1;
    g_clear_pointer(&smallest->lines, g_ptr_array_unref);
}

const GPtrArray *cs_smallest_change(CsConsole *console, int rsc)
{
    CsSmallest *smallest = &console->smallest;
    if (smallest->lines != NULL && smallest->rsc == rsc && smallest->generation == console->generation)
        return smallest->lines;
    cs_smallest_clear(smallest);
    smallest->rsc = rsc;
    smallest->generation = console->generation;
    smallest->lines = g_ptr_array_new_with_free_func(g_free);
    if (console->solution == NULL || rsc < 0)
        return smallest->lines;
    g_autoptr(GPtrArray) candidates = candidates_for(console, rsc, cs_console_planned_node(console, rsc));
    try_candidates(smallest, console, rsc, candidates);
    return smallest->lines;
}
