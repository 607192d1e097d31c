/* cibscope.c: main(): subcommands and option parsing.
 *
 *   cibscope [FILE] [--time T]              the console (demo CIB by default)
 *   cibscope scores FILE [--time T]         crm_simulate -sSQ score lines
 *   cibscope transition FILE [--time T] [--expect LIST]
 *                                           crm_simulate -S Transition Summary
 *   cibscope explain FILE RSC [NODE] [--time T]
 *   cibscope FILE --exec 'CMD; CMD'         the console's commands, in batch
 *   cibscope history DIR [--time T]         what each pe-input changed, and why
 *   cibscope why A B [--time T]             the same for two CIBs
 *   cibscope graph FILE [RSC] [--depth N] [--dot]   the constraint graph
 *   cibscope settle FILE [--time T] [--json]  where the cluster settles
 *   cibscope timeline FILE [--until D] [--all]   what changes by itself
 *   --live in place of FILE reads the cluster's CIB through cibadmin.
 *
 * Exit status (doc/DESIGN.md, "The engine contract"): 0 success, 1 bad usage,
 * 2 unreadable or invalid input, 3 a feature the engine does not model yet,
 * 4 transition --expect: the transition is not the one expected.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <locale.h>
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libxml/parser.h>

#include "cib/document.h"
#include "model/model.h"
#include "engine/engine.h"
#include "cib/live.h"
#include "explain/cause.h"
#include "explain/command.h"
#include "explain/user_config.h"
#include "explain/expect.h"
#include "explain/history.h"
#include "explain/json.h"
#include "explain/json_where.h"
#include "explain/next.h"
#include "explain/json_report.h"
#include "explain/output.h"
#include "explain/version.h"
#include "explain/graph.h"
#include "explain/words.h"
#include "explain/smallest.h"
#include "explain/settle.h"
#include "explain/timeline_run.h"
#include "ui/console.h"

enum {
    EXIT_OK = 0,
    EXIT_USAGE = 1,
    EXIT_INPUT = 2,
    EXIT_UNSUPPORTED = 3,
    EXIT_UNEXPECTED = 4, /* transition --expect: the transition differs */
};

typedef struct Invocation {
    const char *command; /* NULL for the console */
    const char *positional[4];
    int n_positional;
    const char *time_text;
    const char *exec_text; /* --exec: batch mode on FILE */
    gboolean live;         /* --live: the CIB comes from cibadmin --query */
    guint interval_ms;
    const char *history_dir;
    const char *expect_text;  /* transition --expect LIST */
    const char *list_ids;     /* --list-ids FILE (hidden: shell completion) */
    gboolean help_keys;       /* --help-keys (hidden: the man page's test) */
    int view;                 /* --view: the console's first view, -1 unset */
    gboolean history_default; /* --history without DIR: the config's */
    gboolean json;            /* --json: scores, transition, explain */
    int depth;                /* graph --depth N */
    gboolean dot;             /* graph --dot */
    gboolean graph_options;   /* --depth or --dot was given */
    const char *until_text;   /* timeline --until DURATION */
    gboolean all_moments;     /* timeline --all */
} Invocation;

static const char usage_text[] =
    "Usage: cibscope [FILE] [--time T]\n"
    "       cibscope FILE --exec 'COMMAND; COMMAND...' [--time T]\n"
    "       cibscope scores FILE [--time T] [--json]\n"
    "       cibscope transition FILE [--time T] [--expect LIST] [--json]\n"
    "       cibscope explain FILE RESOURCE [NODE] [--time T] [--json]\n"
    "       cibscope where FILE RESOURCE [--time T] [--json]\n"
    "       cibscope history [DIR] [--time T] [--json]\n"
    "       cibscope why BEFORE AFTER [--time T] [--json]\n"
    "       cibscope graph FILE [RESOURCE] [--depth N] [--dot] [--time T]\n"
    "       cibscope settle FILE [--time T] [--json]\n"
    "       cibscope timeline FILE [--until DURATION] [--all] [--time T] [--json]\n"
    "       cibscope --live [--interval S] | --history [DIR]\n"
    "       cibscope scores|transition|explain --live ...\n"
    "\n"
    "An interactive console for Pacemaker clusters: node x resource score\n"
    "matrices, constraints, fail counts and the coming transition, computed by\n"
    "an embedded engine that gives the answers of Pacemaker 2.1.5's scheduler.\n"
    "\n"
    "Commands:\n"
    "  (none)       open the console on FILE (default: the live cluster when\n"
    "               cibadmin answers, else the bundled demo CIB)\n"
    "  scores       print allocation and promotion scores as crm_simulate -sSQ\n"
    "  transition   print the Transition Summary as crm_simulate -S\n"
    "  explain      break RESOURCE's score on NODE (or every node) into its\n"
    "               contributions: constraints, stickiness, fail counts, ...\n"
    "  where        where RESOURCE (or an instance, db:0) runs now and what\n"
    "               the transition does to it, from the transition's actions\n"
    "  history      step through a directory of pe-input-N.bz2 files: what\n"
    "               started, stopped or moved at each step, and which change\n"
    "               in the CIB made it\n"
    "  why          the same for any two CIBs\n"
    "  graph        draw the constraint graph: resources as boxes (where each\n"
    "               runs now and next), colocations and orders as edges;\n"
    "               around RESOURCE to --depth N (default 2) when given;\n"
    "               --dot prints it for Graphviz instead\n"
    "  settle       run the transition as crm_simulate -S does, again and\n"
    "               again: where the cluster settles, or what goes round\n"
    "  timeline     each future moment at which placement changes with\n"
    "               nobody acting (failure-timeout expiries, lifetimes ending,\n"
    "               date rules turning), solved at that moment: what starts,\n"
    "               stops, moves, promotes or demotes, and why\n"
    "\n"
    "FILE is a CIB: cib.xml, a pe-input-N.bz2, a .gz, or - for standard input.\n"
    "With --live instead of FILE, the CIB is read from the running cluster\n"
    "with cibadmin --query (CIB_file=PATH makes that read a file instead).\n"
    "\n"
    "Options:\n"
    "  -e, --exec CMDS  run console commands on FILE and print their results\n"
    "                   ('help' lists them); exit 0 only if every one succeeds\n"
    "  -l, --live       read the cluster's CIB through cibadmin; the console\n"
    "                   follows it and commits edits with C (epoch-guarded)\n"
    "      --interval S how often the live console polls (default 2 s)\n"
    "      --history DIR  open the console on a directory of pe-inputs,\n"
    "                   with the History view (no DIR: the config's pe-inputs)\n"
    "      --view NAME  the view the console opens on: matrix, transition,\n"
    "                   explain, fail-counts, graph, history or timeline\n"
    "      --expect LIST  transition: exit 4 unless the Transition Summary holds\n"
    "                   exactly LIST: 'none', or actions such as 'Move web; Stop db'\n"
    "                   (the words of a summary line; * and ? glob, a glob\n"
    "                   takes every line it matches); the difference goes to\n"
    "                   standard error\n"
    "      --until DURATION  timeline: how far ahead (default 7d; 12h, 30min,\n"
    "                   2w or ISO 8601 such as P1DT12H)\n"
    "      --all        timeline: list moments that change nothing too\n"
    "      --json       scores, transition, explain, where, settle, timeline,\n"
    "                   why, history: print JSON (doc/json.md): the same\n"
    "                   facts, scores as numbers (INFINITY = 1000000) with\n"
    "                   their contributions\n"
    "  -t, --time T     use T as \"now\" for rules and failure timeouts, an\n"
    "                   ISO 8601 date/time such as 2005-020, 2005-020T12:30 or\n"
    "                   \"2014-05-07 00:28:00\" (as crm_simulate -t)\n"
    "  -h, --help       show this help and exit\n"
    "  -V, --version    show the version and exit\n"
    "\n"
    "Defaults for --interval, --view, the pe-input directory and colours come\n"
    "from $XDG_CONFIG_HOME/cibscope/config (man cibscope, FILES).\n"
    "\n"
    "Exit status: 0 success, 1 bad usage, 2 unreadable or invalid input,\n"
    "3 the CIB uses a feature the engine does not model yet, 4 the transition\n"
    "is not what --expect says.\n";

static int usage_error(const char *message)
{
    fprintf(stderr, "cibscope: %s\nTry 'cibscope --help'.\n", message);
    return EXIT_USAGE;
}

/* A second --exec would replace the first, and the edits an operator
 * listed there would silently not happen: refuse it instead. */
static const char exec_twice[] =
    "--exec given twice: put the commands in one, separated by ';'";

static gboolean take_exec(Invocation *invocation, const char *commands)
{
    if (invocation->exec_text != NULL)
        return FALSE;
    invocation->exec_text = commands;
    return TRUE;
}

static gboolean is_command(const char *word)
{
    static const char *const commands[] = {
        "scores", "transition", "explain", "where", "history", "why", "graph", "settle", "timeline",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
        if (strcmp(word, commands[i]) == 0)
            return TRUE;
    return FALSE;
}

static gboolean is_engine_command(const char *command)
{
    return strcmp(command, "history") != 0 && strcmp(command, "why") != 0
           && strcmp(command, "settle") != 0;
}

/* --interval S: how often the live console polls cibadmin. */
static gboolean parse_interval(const char *text, guint *out_ms)
{
    return cs_config_parse_seconds(text, out_ms);
}

/* graph --depth N: how many constraints away from RESOURCE. */
static gboolean parse_depth(const char *text, int *out)
{
    char *end = NULL;
    gint64 depth = g_ascii_strtoll(text, &end, 10);
    if (end == text || *end != '\0' || depth < 0 || depth > 100)
        return FALSE;
    *out = (int)depth;
    return TRUE;
}

/* Splits argv into the command, its positional arguments and options,
 * which may come anywhere.  Returns -1 to go on, else an exit status. */
static int parse_arguments(int argc, char **argv, Invocation *invocation)
{
    gboolean options_done = FALSE;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_done && strcmp(arg, "--") == 0) {
            options_done = TRUE;
        } else if (!options_done && (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)) {
            fputs(usage_text, stdout);
            return EXIT_OK;
        } else if (!options_done && (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0)) {
            printf("cibscope %s (answers of Pacemaker %s's scheduler; crm_feature_set %s, %s)\n",
                   PACKAGE_VERSION, CS_MODELLED_PACEMAKER, CS_MODELLED_FEATURE_SET,
                   CS_MODELLED_SCHEMA);
            return EXIT_OK;
        } else if (!options_done && (strcmp(arg, "-t") == 0 || strcmp(arg, "--time") == 0)) {
            if (++i >= argc)
                return usage_error("--time needs a value");
            invocation->time_text = argv[i];
        } else if (!options_done && strncmp(arg, "--time=", 7) == 0) {
            invocation->time_text = arg + 7;
        } else if (!options_done && (strcmp(arg, "-l") == 0 || strcmp(arg, "--live") == 0)) {
            invocation->live = TRUE;
        } else if (!options_done && strcmp(arg, "--interval") == 0) {
            if (++i >= argc)
                return usage_error("--interval needs seconds");
            if (!parse_interval(argv[i], &invocation->interval_ms))
                return usage_error("--interval needs a number of seconds, 0.1 to 3600");
        } else if (!options_done && strcmp(arg, "--history") == 0) {
            if (i + 1 < argc && argv[i + 1][0] != '-')
                invocation->history_dir = argv[++i];
            else
                invocation->history_default = TRUE;
        } else if (!options_done && strcmp(arg, "--view") == 0) {
            if (++i >= argc || (invocation->view = cs_config_view_index(argv[i])) < 0)
                return usage_error("--view needs matrix, transition, explain, fail-counts, "
                                   "graph, history or timeline");
        } else if (!options_done && (strcmp(arg, "-e") == 0 || strcmp(arg, "--exec") == 0)) {
            if (++i >= argc)
                return usage_error("--exec needs commands");
            if (!take_exec(invocation, argv[i]))
                return usage_error(exec_twice);
        } else if (!options_done && strcmp(arg, "--json") == 0) {
            invocation->json = TRUE;
        } else if (!options_done && strcmp(arg, "--help-keys") == 0) {
            invocation->help_keys = TRUE;
        } else if (!options_done && strcmp(arg, "--list-ids") == 0) {
            if (++i >= argc)
                return usage_error("--list-ids needs FILE");
            invocation->list_ids = argv[i];
        } else if (!options_done && strcmp(arg, "--expect") == 0) {
            if (++i >= argc)
                return usage_error("--expect needs 'none' or a list of actions");
            invocation->expect_text = argv[i];
        } else if (!options_done && strncmp(arg, "--expect=", 9) == 0) {
            invocation->expect_text = arg + 9;
        } else if (!options_done && strncmp(arg, "--exec=", 7) == 0) {
            if (!take_exec(invocation, arg + 7))
                return usage_error(exec_twice);
        } else if (!options_done && strcmp(arg, "--depth") == 0) {
            if (++i >= argc)
                return usage_error("--depth needs a number");
            if (!parse_depth(argv[i], &invocation->depth))
                return usage_error("--depth needs a number, 0 to 100");
            invocation->graph_options = TRUE;
        } else if (!options_done && strcmp(arg, "--until") == 0) {
            if (++i >= argc)
                return usage_error("--until needs a duration");
            invocation->until_text = argv[i];
        } else if (!options_done && strcmp(arg, "--all") == 0) {
            invocation->all_moments = TRUE;
        } else if (!options_done && strcmp(arg, "--dot") == 0) {
            invocation->dot = invocation->graph_options = TRUE;
        } else if (!options_done && arg[0] == '-' && arg[1] != '\0') {
            g_autofree char *message = g_strdup_printf("unknown option '%s'", arg);
            return usage_error(message);
        } else if (invocation->command == NULL && invocation->n_positional == 0
                   && is_command(arg)) {
            invocation->command = arg;
        } else if (invocation->n_positional < (int)G_N_ELEMENTS(invocation->positional)) {
            invocation->positional[invocation->n_positional++] = arg;
        } else {
            return usage_error("too many arguments");
        }
    }
    return -1;
}

static int check_arity(const Invocation *invocation)
{
    const char *command = invocation->command;
    /* --live stands for FILE */
    int n = invocation->n_positional + (invocation->live ? 1 : 0);
    if (invocation->live && command != NULL && !is_engine_command(command))
        return usage_error("--live goes with scores, transition or explain "
                           "(the console follows the cluster later)");
    if (invocation->graph_options && (command == NULL || strcmp(command, "graph") != 0))
        return usage_error("--depth and --dot go with graph");
    if (command != NULL && strcmp(command, "history") == 0)
        return n == 1 ? -1
                      : usage_error("history needs exactly one DIR (or pe-inputs in the config)");
    if (command != NULL && strcmp(command, "settle") == 0)
        return n == 1 && !invocation->live ? -1 : usage_error("settle needs exactly one FILE");
    if (command != NULL && strcmp(command, "why") == 0)
        return n == 2 ? -1 : usage_error("why needs two CIBs: BEFORE AFTER");
    if (invocation->expect_text != NULL && (command == NULL || strcmp(command, "transition") != 0))
        return usage_error("--expect goes with transition");
    if (invocation->json && (command == NULL || strcmp(command, "graph") == 0))
        return usage_error(
            "--json goes with scores, transition, explain, where, settle, timeline, why "
            "or history");
    if ((invocation->until_text != NULL || invocation->all_moments)
        && (command == NULL || strcmp(command, "timeline") != 0))
        return usage_error("--until and --all go with timeline");
    if (invocation->expect_text != NULL) {
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) expected = cs_expect_parse(invocation->expect_text, &error);
        if (expected == NULL)
            return usage_error(error->message);
    }
    if (command != NULL && invocation->exec_text != NULL)
        return usage_error("--exec runs on FILE alone, without a subcommand");
    if (command == NULL && invocation->live)
        return n == 1 ? -1 : usage_error("--live stands for FILE");
    if (command == NULL && invocation->exec_text != NULL)
        return n == 1 ? -1 : usage_error("--exec needs exactly one FILE");
    if (command == NULL)
        return n <= 1 ? -1 : usage_error("the console takes at most one FILE");
    if (strcmp(command, "explain") == 0)
        return (n == 2 || n == 3) ? -1 : usage_error("explain needs FILE RESOURCE [NODE]");
    if (strcmp(command, "graph") == 0)
        return (n == 1 || n == 2) ? -1 : usage_error("graph needs FILE [RESOURCE]");
    if (strcmp(command, "where") == 0)
        return n == (invocation->live ? 1 : 2) ? -1 : usage_error("where needs FILE RESOURCE");
    if (n != 1) {
        g_autofree char *message = g_strdup_printf("%s needs exactly one FILE", command);
        return usage_error(message);
    }
    return -1;
}

static int exit_status_for(const GError *error)
{
    if (g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
        || g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED))
        return EXIT_UNSUPPORTED;
    return EXIT_INPUT;
}

/* Unsupported-feature messages name the feature and say "not modelled
 * yet" themselves; the exit status tells scripts apart. */
static int report(const GError *error)
{
    g_autofree char *line = g_strdup_printf("cibscope: %s\n", error->message);
    cs_output_write(stderr, line, strlen(line), cs_output_mode(stderr, CS_OUTPUT_CONTROLS));
    return exit_status_for(error);
}

/* Ids come from the CIB, and a CIB may come from anybody: on a terminal
 * they are shown escaped; into a pipe the text goes as crm_simulate would
 * print it, byte for byte (explain/output.h). */
static void write_output(const GString *out, gboolean terminal)
{
    cs_output_write(stdout, out->str, out->len,
                    terminal ? cs_output_mode(stdout, CS_OUTPUT_RAW) : CS_OUTPUT_RAW);
}

/* Scores are written as they are printed (the flush of
 * cs_solution_stream_scores()): megabytes on a large cluster that would
 * otherwise add to the peak memory. */
static void flush_output(GString *out, gpointer data)
{
    write_output(out, GPOINTER_TO_INT(data));
}

/* A one-shot command exits right after printing, and the kernel takes
 * back its memory at once, while freeing a large CIB's document, model
 * and solution piece by piece costs about a sixth of the run.  Held here,
 * they stay reachable to the end, so leak checkers do not count them
 * (volatile: the compiler must not drop stores it sees no reads of). */
static struct {
    CsDocument *volatile document;
    CsModel *volatile model;
    CsSolution *volatile solution;
    GString *volatile output;
} kept_until_exit;

static void keep_until_exit(CsDocument *document, CsModel *model, CsSolution *solution,
                            GString *output)
{
    /* tests/valgrind.sh frees everything instead: the leak check then
     * covers the free paths too, and the model's reference-counted
     * strings (pointed at past their header, so only "possibly"
     * reachable to valgrind) are not taken for leaks. */
    if (g_getenv("CIBSCOPE_FREE_AT_EXIT") != NULL) {
        cs_solution_free(solution);
        cs_model_free(model);
        cs_document_free(document);
        g_string_free(output, TRUE);
        return;
    }
    kept_until_exit.document = document;
    kept_until_exit.model = model;
    kept_until_exit.solution = solution;
    kept_until_exit.output = output;
}

/* doc/DESIGN.md "Performance": a one-shot command on a large CIB fills some
 * 50 MiB of fresh heap, and with 4 KiB pages the kernel's first-touch
 * faults (about 14,000 for 32 nodes x 2,000 resources) cost a third of the
 * run.  So the heap is grown once, by about what the CIB will need, and
 * that range is marked for transparent huge pages: it then faults in
 * 2 MiB at a time.  The memory is only reserved, not touched: what is
 * never used is never resident.  Best effort: without THP (or on another
 * libc) nothing changes but the speed. */
#define CS_HUGE_PAGE ((uintptr_t)2 << 20)
/* The heap a CIB needs, per byte of its XML (the tree, the model and the
 * solution): about 18 to 20 for the bench workloads (scores and the
 * summary alike, the scores being written as they are printed).  What is
 * reserved and never used costs nothing, but what the heap needs past the
 * reserve grows in 4 KiB pages again. */
#define CS_HEAP_PER_XML_BYTE 24
#define CS_HEAP_RESERVE_MAX ((gsize)1 << 30)

static void reserve_huge_page_heap(const char *path)
{
#if defined(MADV_HUGEPAGE) && defined(M_TOP_PAD) && defined(M_TRIM_THRESHOLD)
    struct stat info;

    if (strcmp(path, "-") == 0 || stat(path, &info) != 0 || !S_ISREG(info.st_mode))
        return;
    gsize reserve = MIN((gsize)info.st_size * CS_HEAP_PER_XML_BYTE, CS_HEAP_RESERVE_MAX);
    if (reserve < 8 * CS_HUGE_PAGE)
        return;
    /* Nothing is given back to the system before exit: the reserve must
     * not be trimmed away as soon as it is free.  Large blocks (the
     * engine's 1 MiB table arenas) come from the reserve too, not from
     * fresh mappings of 4 KiB pages. */
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
#endif
    mallopt(M_TOP_PAD, (int)reserve);
    uintptr_t before = (uintptr_t)sbrk(0);
    void *probes[8];
    int n_probes = 0;
    /* Small blocks come from the heap's top; once the top runs out, the
     * heap grows by the block plus the pad, all at once. */
    while (n_probes < (int)G_N_ELEMENTS(probes) && (uintptr_t)sbrk(0) == before)
        probes[n_probes++] = malloc(64 * 1024);
    uintptr_t after = (uintptr_t)sbrk(0);
    while (n_probes > 0)
        free(probes[--n_probes]);
    mallopt(M_TOP_PAD, 128 * 1024); /* glibc's default again */
    uintptr_t start = (before + CS_HUGE_PAGE - 1) & ~(CS_HUGE_PAGE - 1);
    uintptr_t end = after & ~(CS_HUGE_PAGE - 1);
    if (after > before && end > start)
        madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)path;
#endif
}

/* A session frees the state from two changes ago on a worker thread
 * (cs_session_collect), a whole model and solution: hundreds of
 * thousands of small blocks.  glibc keeps small freed blocks in
 * "fastbins" without merging them, and the next large malloc of the
 * main thread merges them all first (malloc_consolidate): on 32x2000,
 * 36 M instructions over a ban and its undo in the console, more than
 * the ban's rebuild and solve together.  Without fastbins a free merges
 * at once, on the thread that frees, and the main thread's small blocks
 * still come from its per-thread cache; the CLI's load and solve run
 * the same number of instructions either way. */
static void merge_frees_where_they_happen(void)
{
#ifdef M_MXFAST
    mallopt(M_MXFAST, 0);
#endif
}

/* transition --expect: EXIT_UNEXPECTED, the difference on standard
 * error, unless the summary is as expected (explain/expect.h). */
static int check_expected(const Invocation *invocation, const char *summary)
{
    if (invocation->expect_text == NULL)
        return EXIT_OK;
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) expected = cs_expect_parse(invocation->expect_text, &error);
    g_autoptr(GString) difference = g_string_new(NULL);
    if (cs_expect_check(summary, expected, difference))
        return EXIT_OK;
    g_autoptr(GString) text = g_string_new("cibscope: the transition is not as expected:\n");
    g_auto(GStrv) lines = g_strsplit(difference->str, "\n", -1);
    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
            g_string_append_printf(text, "  %s\n", *line);
    cs_output_write(stderr, text->str, text->len, cs_output_mode(stderr, CS_OUTPUT_CONTROLS));
    return EXIT_UNEXPECTED;
}

/* --json (explain/json.h): the document into out; the exit status. */
static int run_json(const Invocation *invocation, const CsDocument *document, CsSolution *solution,
                    GString *out)
{
    int args = invocation->live ? 0 : 1;
    if (strcmp(invocation->command, "scores") == 0) {
        cs_json_scores(document, solution, out);
        return EXIT_OK;
    }
    if (strcmp(invocation->command, "transition") == 0) {
        const char *summary = cs_solution_transition_text(solution);
        cs_json_transition(document, summary, out);
        return check_expected(invocation, summary);
    }
    g_autoptr(GError) error = NULL;
    if (strcmp(invocation->command, "where") == 0) {
        if (cs_json_where(document, solution, invocation->positional[args], out, &error))
            return EXIT_OK;
        fprintf(stderr, "cibscope: %s\n", error->message);
        return EXIT_USAGE;
    }
    if (!cs_json_explain(document, solution, invocation->positional[args],
                         invocation->positional[args + 1], out, &error)) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* explain RESOURCE: after the scores, why each of its Transition Summary
 * lines happens (explain/cause.h). */
static void explain_causes(CsSolution *solution, const char *rsc_id, GString *out)
{
    const CsResource *rsc = cs_model_resource(cs_solution_model(solution), rsc_id);
    if (rsc != NULL)
        cs_cause_resource(solution, rsc->index, out);
}

/* explain RSC NODE: after the breakdown, the smallest change that would
 * put RSC on NODE or keep it off (explain/smallest.h). */
static gboolean explain_smallest(const CsDocument *document, CsTime now, const char *rsc,
                                 const char *node, GString *out, GError **error)
{
    if (node == NULL)
        return TRUE;
    return cs_smallest_explain_document(document, now, rsc, node, out, error);
}

/* timeline (explain/timeline_run.h): each moment solved from now on. */
static int run_timeline(const Invocation *invocation, const CsDocument *document, CsTime now)
{
    gint64 span_s = 7 * 86400;
    if (invocation->until_text != NULL
        && !cs_timeline_parse_span(invocation->until_text, now, &span_s))
        return usage_error("--until needs a duration such as 7d, 12h, 30min or P1DT12H");
    g_autoptr(GError) error = NULL;
    g_autoptr(CsTimeline) timeline = cs_timeline_build(document, now, span_s, &error);
    if (timeline == NULL)
        return report(error);
    g_autoptr(GString) out = g_string_new(NULL);
    if (invocation->json)
        cs_timeline_json(timeline, document, invocation->all_moments, out);
    else
        cs_timeline_write(timeline, invocation->all_moments, out);
    write_output(out, isatty(STDOUT_FILENO));
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_INPUT;
}

/* load -> model -> solve -> print: the pipeline every subcommand shares. */
static int run_engine_command(const Invocation *invocation)
{
    g_autoptr(GError) error = NULL;
    if (!invocation->live)
        reserve_huge_page_heap(invocation->positional[0]);
    g_autoptr(CsDocument) document = invocation->live
                                         ? cs_live_query(&error)
                                         : cs_document_load(invocation->positional[0], &error);
    if (document == NULL)
        return report(error);
    cs_version_note_write(stderr, document);
    CsTime now;
    if (!cs_model_resolve_now(document, invocation->time_text, &now, &error)) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return EXIT_USAGE;
    }
    if (strcmp(invocation->command, "timeline") == 0)
        return run_timeline(invocation, document, now);
    g_autoptr(CsModel) model = cs_model_build(document, now, &error);
    if (model == NULL)
        return report(error);
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    if (solution == NULL)
        return report(error);

    g_autoptr(GString) out = g_string_new(NULL);
    int status = EXIT_OK;
    int args = invocation->live ? 0 : 1; /* where RESOURCE [NODE] start */
    gboolean terminal = isatty(STDOUT_FILENO);
    if (invocation->json) {
        status = run_json(invocation, document, solution, out);
        if (status != EXIT_OK && status != EXIT_UNEXPECTED)
            return status;
    } else if (strcmp(invocation->command, "scores") == 0) {
        cs_solution_stream_scores(solution, out, flush_output, GINT_TO_POINTER(terminal));
    } else if (strcmp(invocation->command, "transition") == 0) {
        cs_solution_print_transition(solution, out);
    } else if (strcmp(invocation->command, "where") == 0) {
        if (!cs_next_where(solution, invocation->positional[args], out)) {
            fprintf(stderr, "cibscope: no resource '%s'\n", invocation->positional[args]);
            return EXIT_USAGE;
        }
    } else if (strcmp(invocation->command, "graph") == 0) {
        if (!cs_constraint_graph_command(model, solution, invocation->positional[args],
                                         invocation->depth, invocation->dot, out, &error)) {
            fprintf(stderr, "cibscope: %s\n", error->message);
            return EXIT_USAGE;
        }
    } else if (!cs_solution_explain(solution, invocation->positional[args],
                                    invocation->positional[args + 1], out, &error)
               || !explain_smallest(document, now, invocation->positional[args],
                                    invocation->positional[args + 1], out, &error)) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return EXIT_USAGE;
    } else {
        explain_causes(solution, invocation->positional[args], out);
        /* What overrides every score above: the nodes that run nothing
         * (the console's Explain says it in the same words). */
        cs_words_append_node_states(model, invocation->positional[args + 1], out);
    }
    write_output(out, terminal);
    if (strcmp(invocation->command, "transition") == 0 && !invocation->json) {
        fflush(stdout);
        status = check_expected(invocation, out->str);
    }
    keep_until_exit(g_steal_pointer(&document), g_steal_pointer(&model), g_steal_pointer(&solution),
                    g_steal_pointer(&out));
    if (fflush(stdout) != 0)
        return EXIT_INPUT;
    return status;
}

/* --list-ids FILE: "resource ID" and "node NAME" lines, for shell
 * completion.  Read from the document alone, so that a CIB the engine
 * does not model still completes; nothing on error. */
static void list_resource_ids(xmlNode *parent, GString *out)
{
    static const char *const kinds[] = {"primitive", "group", "clone", "master", "bundle"};
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        for (size_t i = 0; i < G_N_ELEMENTS(kinds); i++) {
            if (strcmp((const char *)child->name, kinds[i]) != 0)
                continue;
            xmlChar *id = xmlGetProp(child, (const xmlChar *)"id");
            if (id != NULL)
                g_string_append_printf(out, "resource %s\n", (const char *)id);
            xmlFree(id);
            list_resource_ids(child, out);
        }
    }
}

static int run_list_ids(const char *path)
{
    g_autoptr(CsDocument) document = cs_document_load(path, NULL);
    if (document == NULL)
        return EXIT_INPUT;
    g_autoptr(GString) out = g_string_new(NULL);
    xmlNode *resources = cs_document_section(document, "resources");
    if (resources != NULL)
        list_resource_ids(resources, out);
    xmlNode *nodes = cs_document_section(document, "nodes");
    for (xmlNode *node = nodes != NULL ? nodes->children : NULL; node != NULL; node = node->next) {
        xmlChar *uname =
            node->type == XML_ELEMENT_NODE ? xmlGetProp(node, (const xmlChar *)"uname") : NULL;
        if (uname != NULL)
            g_string_append_printf(out, "node %s\n", (const char *)uname);
        xmlFree(uname);
    }
    cs_output_write(stdout, out->str, out->len, CS_OUTPUT_CONTROLS);
    return EXIT_OK;
}

static int run_help_keys(void)
{
    g_autoptr(GString) out = g_string_new(NULL);
    cs_help_keys_write(out);
    fputs(out->str, stdout);
    return EXIT_OK;
}

/* The console opens FILE, else the bundled demo: from the source tree
 * when run from a build, else from the installed data directory. */
static const char *default_cib(void)
{
    static const char *candidates[] = {
        CS_SRCDATADIR "/demo.xml",
        CS_DATADIR "/demo.xml",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(candidates); i++)
        if (access(candidates[i], R_OK) == 0)
            return candidates[i];
    return candidates[G_N_ELEMENTS(candidates) - 1];
}

/* The console and history read the user's defaults; the other commands
 * and batch mode (--exec) answer the same for everybody.  -1 to go on,
 * else an exit status. */
static int apply_config(Invocation *invocation)
{
    const char *command = invocation->command;
    gboolean history = command != NULL && strcmp(command, "history") == 0;
    if ((command != NULL && !history) || invocation->exec_text != NULL)
        return -1;
    CsConfig config;
    cs_config_init(&config);
    g_autofree char *path = cs_config_default_path();
    g_autoptr(GError) error = NULL;
    if (!cs_config_load(&config, path, &error)) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        cs_config_clear(&config);
        return EXIT_USAGE;
    }
    static char *pe_inputs; /* the invocation points at it to the end */
    g_free(pe_inputs);
    pe_inputs = g_steal_pointer(&config.pe_inputs);
    if (history && invocation->n_positional == 0 && pe_inputs != NULL)
        invocation->positional[invocation->n_positional++] = pe_inputs;
    if (invocation->history_default && pe_inputs != NULL)
        invocation->history_dir = pe_inputs;
    if (invocation->history_default && invocation->history_dir == NULL) {
        cs_config_clear(&config);
        return usage_error("--history needs DIR (or pe-inputs in the config)");
    }
    if (invocation->interval_ms == 0)
        invocation->interval_ms = config.interval_ms;
    if (invocation->view < 0)
        invocation->view = config.view;
    /* NO_COLOR set by the user wins; colour = no sets it. */
    if (config.colour == 0)
        g_setenv("NO_COLOR", "1", FALSE);
    cs_config_clear(&config);
    return -1;
}

/* Plain `cibscope`: the cluster when cibadmin answers, else the demo,
 * with why no cluster answered in its status bar. */
static int run_console_default(const Invocation *invocation)
{
    g_autoptr(GError) error = NULL;
    if (cs_live_available(&error))
        return cs_console_run_live(invocation->interval_ms, invocation->time_text);
    return cs_console_run_demo(default_cib(), invocation->time_text, error->message);
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    merge_frees_where_they_happen();
    LIBXML_TEST_VERSION
    Invocation invocation = {.depth = 2};
    invocation.view = -1;
    int status = parse_arguments(argc, argv, &invocation);
    if (status < 0 && invocation.help_keys)
        status = run_help_keys();
    if (status < 0 && invocation.list_ids != NULL)
        status = run_list_ids(invocation.list_ids);
    if (status < 0)
        status = apply_config(&invocation);
    if (status < 0)
        status = check_arity(&invocation);
    if (status < 0 && invocation.view >= 0)
        cs_console_set_start_view(invocation.view);
    if (status < 0) {
        if (invocation.command != NULL && strcmp(invocation.command, "history") == 0)
            status = invocation.json
                         ? cs_json_history_run(invocation.positional[0], invocation.time_text)
                         : cs_history_run(invocation.positional[0], invocation.time_text);
        else if (invocation.command != NULL && strcmp(invocation.command, "why") == 0)
            status = invocation.json ? cs_json_why_run(
                         invocation.positional[0], invocation.positional[1], invocation.time_text)
                                     : cs_why_run(invocation.positional[0],
                                                  invocation.positional[1], invocation.time_text);
        else if (invocation.command != NULL && strcmp(invocation.command, "settle") == 0)
            status = cs_settle_run(invocation.positional[0], invocation.time_text, invocation.json);
        else if (invocation.command != NULL)
            status = run_engine_command(&invocation);
        else if (invocation.history_dir != NULL)
            status = cs_console_run_history(invocation.history_dir, invocation.time_text);
        else if (invocation.live && invocation.exec_text != NULL)
            status = cs_exec_run_live(invocation.exec_text, invocation.time_text);
        else if (invocation.live)
            status = cs_console_run_live(invocation.interval_ms, invocation.time_text);
        else if (invocation.exec_text != NULL)
            status =
                cs_exec_run(invocation.positional[0], invocation.exec_text, invocation.time_text);
        else if (invocation.n_positional > 0)
            status = cs_console_run(invocation.positional[0], invocation.time_text);
        else
            status = run_console_default(&invocation);
    }
    xmlCleanupParser();
    return status;
}
