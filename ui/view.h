/* view.h: the console's state and the views that draw it.
 *
 * Like htop's screens, each view is a file with a draw and a key
 * function; the console owns the state they read.  Views only read the
 * solution the engine computed: no view scores or places anything.
 */
#ifndef CS_VIEW_H
#define CS_VIEW_H

#include <glib.h>
#include "cib/document.h"
#include "model/model.h"
#include "engine/engine.h"
#include "explain/session.h"
#include "explain/timeline.h"
#include "explain/trial.h"
#include "explain/attributes.h"
#include "draw.h"

typedef enum {
    CS_VIEW_MATRIX,
    CS_VIEW_TRANSITION,
    CS_VIEW_EXPLAIN,
    CS_VIEW_FAILCOUNTS,
    CS_VIEW_GRAPH,
    CS_VIEW_HISTORY,
    CS_VIEW_TIMELINE,
    CS_VIEW_COUNT
} CsViewId;

/* One visible row of the matrix: a resource at a nesting depth.  A clone
 * unfolds into its instances (rsc:0, rsc:1, ...; a cloned group's
 * instances bring their members), which only the engine's model holds:
 * for those rows rsc is the configured resource the instance copies (the
 * one edits name) and instance its index in cs_solution_model(). */
typedef struct CsRow {
    int rsc;
    int depth;
    int instance; /* -1: a configured resource */
} CsRow;

/* What q asks before quitting with unsaved edits. */
typedef enum {
    CS_ASK_NONE,
    CS_ASK_QUIT,
    CS_ASK_COMMIT,   /* live: apply the operations listed above? */
    CS_ASK_CONFLICT, /* live: keep or drop the edit of a conflict */
    CS_ASK_RECOVER,  /* restore a recovery file's edits? */
} CsAsk;

/* The History view: a directory's pe-input series and its report. */
typedef struct CsHistoryView {
    char *dir;         /* NULL: the console was not opened on one */
    gboolean loaded;   /* the report was computed (it is costly:
                                every CIB of the series is solved) */
    GPtrArray *files;  /* CsHistoryFile*, by number */
    GPtrArray *lines;  /* char*, the report's lines, raw */
    GArray *step_line; /* per file: the line its "== name ==" is on */
    GArray *step_row;  /* per file: the screen row of that heading,
                                long lines being wrapped at the view's
                                width (set by each drawing) */
    char *error;       /* why there is no report, or NULL */
    /* The report is solved step by step on a worker thread (a cluster
     * keeps 4,000 inputs): the steps are listed at once, each filled in
     * as it is solved, with a progress line meanwhile. */
    GThread *worker;
    GMutex lock;
    GPtrArray *texts;       /* per file: its step's report, NULL until
                                solved (under lock) */
    guint solved;           /* steps solved (under lock) */
    gint cancel;            /* atomic: the worker stops at the next step */
    guint built;            /* solved when lines were last built */
    gint64 shown;           /* monotonic us of the last progress redraw */
    guint lines_generation; /* bumped each time lines are built */
    /* lines wrapped for the screen (escaped), kept while neither they nor
     * the width change: a key must not wrap 4,000 steps again */
    GPtrArray *rows;
    int rows_width;
    guint rows_generation;
} CsHistoryView;

/* Following a live cluster (cibscope --live). */
typedef struct CsFollowJob CsFollowJob; /* live.c's */

typedef struct CsLiveState {
    struct CsLiveWatch *watch; /* NULL: not live */
    CsFollowJob *follow;       /* a changed CIB being followed on a worker */
    guint interval_ms;
    char *status;       /* "live  DC alpha  epoch 0.42.7", escaped */
    guint pending;      /* object-level operations a commit would run */
    char *poll_error;   /* the last poll's failure, or NULL */
    gint64 stale_since; /* wall clock (us) of the first failed read
                                since the last good one; 0: fresh */
    char *notice;       /* what the last follow changed ("The CIB
                                changed: epoch ..."), shown in the banner
                                row until a key, never over the status
                                bar; raw, or NULL */
    /* The clock (issue 17): with no --time and no `time` edit, a live
     * console solves at the wall clock and re-solves by itself at the
     * next moment time alone can change the answer. */
    gboolean have_event;
    CsTimeEvent event;      /* the next one after the session's clock */
    guint event_generation; /* the session generation it was found for */
    gint64 clock_shown;     /* the wall-clock second the bar shows */
    guint asking;           /* CS_ASK_CONFLICT: the conflict's index */
    char *no_cluster;       /* plain `cibscope` fell back to the demo:
                                why no cluster answered, or NULL */
} CsLiveState;

/* The smallest change found to move a resource, cached per state. */
typedef struct CsSmallest {
    int rsc;          /* -1: nothing cached */
    guint generation; /* the session state it was computed for */
    GPtrArray *lines; /* char *, raw text: "remove cli-ban-..." */
} CsSmallest;

/* Explain's score editor: a constraint's score typed in place, each
 * keystroke re-solved as a trial edit that Esc takes back. */
typedef struct CsScoreEdit {
    gboolean active;
    char *constraint;     /* the constraint (or rule part) id edited */
    char *attribute;      /* NULL: the constraint's score; else this
                                attribute of a rule, expression or date */
    char *original;       /* its score before editing */
    GString *text;        /* what is typed */
    CsSessionTrial trial; /* the typed value tried (explain/trial.h) */
    gboolean fresh;       /* nothing typed yet: a key replaces the text */
    char *error;          /* why the text is not a score, or NULL */
} CsScoreEdit;

/* The attribute list over the views (ui/attrs.c): A on a Matrix row
 * lists the resource's meta attributes, N the cursor column's node's
 * attributes and utilization, each with its value and source
 * (explain/attributes.h); each is edited in place as one edit of the
 * command language, re-solved at once and undone with u. */
typedef enum {
    CS_ATTRS_CLOSED,
    CS_ATTRS_META, /* target is a resource id */
    CS_ATTRS_NODE, /* target is a node's uname */
} CsAttrsKind;

typedef enum {
    CS_ATTRS_BROWSE, /* moving through the list */
    CS_ATTRS_NAME,   /* typing the name of one to add (Tab completes) */
    CS_ATTRS_VALUE,  /* typing a value (the old one pre-filled) */
} CsAttrsMode;

typedef struct CsAttrList {
    CsAttrsKind kind;
    char *target; /* raw */
    int selected, top;
    CsAttrsMode mode;
    GString *text;       /* the name or value being typed */
    gboolean fresh;      /* nothing typed yet: a key replaces text */
    char *name;          /* CS_ATTRS_VALUE: the attribute set */
    CsAttrSource source; /* what a value typed sets: a node's
                                utilization, transient or permanent
                                attribute, a resource's own meta */
    char *hint;          /* completions, or why a name is refused */
} CsAttrList;

typedef struct CsGraphState CsGraphState;       /* view_graph.c's */
typedef struct CsTimelineState CsTimelineState; /* view_timeline.c's */

/* What only the key loop (console.c) can do, asked by the files below
 * it: the History view opens a CIB of its series, recovery takes over
 * the restored session.  console.c fills them in (console_init), so that
 * no view calls back up into it. */
struct CsConsole;

typedef struct CsConsoleHooks {
    /* Opens the CIB at path in place of the shown one; FALSE (and a
     * notice) when it has unsaved edits or cannot be opened. */
    gboolean (*open)(struct CsConsole *console, const char *path);
    /* Takes session: it becomes the console's, labelled label. */
    void (*adopt)(struct CsConsole *console, CsSession *session, const char *path,
                  const char *label);
} CsConsoleHooks;

typedef struct CsConsole {
    const CsConsoleHooks *hooks; /* console.c's, static */
    CsSession *session;          /* owned: document, edit log, model, solution */
    char *path;
    char *time_text; /* --time, for CIBs opened later (History) */
    CsLiveState live;
    CsHistoryView history;
    char *file_label;       /* escaped basename for the status bar */
    char *epoch;            /* admin_epoch.epoch.num_updates */
    char *version;          /* "CIB 3.0.2, answers 2.1.5", or NULL */
    char *clock;            /* the model's "now", formatted */
    gboolean clock_set;     /* from --time */
    gint64 opened_at;       /* the clock when the CIB was opened */
    gboolean clock_moved;   /* t (or time) moved it since: simulated */
    CsDocument *document;   /* the session's */
    CsModel *model;         /* the session's; NULL when the CIB could not
                                be modelled */
    CsSolution *solution;   /* the session's; NULL when the engine gave
                                no answer */
    guint saved_depth;      /* undo depth when last loaded or saved */
    guint generation;       /* the session's generation last read */
    gboolean sync_wanted;   /* the session changed this pass: the loop
                                syncs once before it draws */
    int label_count;        /* resources the per-resource arrays hold */
    char *banner;           /* why scores are missing, or NULL */
    char *message;          /* one-key notice for the status bar, or NULL */
    gboolean message_error; /* the notice says something failed */
    char *output;           /* a command's multi-line output, shown in
                                an overlay until a key closes it */
    int output_scroll;
    /* output as last wrapped (help.c): the text it was made from and
     * the width, so that each frame the box is open does not wrap
     * hundreds of lines again */
    GPtrArray *output_lines;
    char *output_lines_text;
    int output_lines_width;
    CsAsk ask;              /* a question the status bar asks */
    GPtrArray *message_log; /* char *, every message said, oldest first */
    char *recovery_path;    /* the recovery file offered or restored */
    gboolean recovered;     /* its edits are the document's, unsaved */
    /* What the last edit changed, compared cell by cell as cells are
     * drawn (cs_console_cell_changed): the solution before it (the
     * session's previous one; NULL before any edit), and per resource and
     * per node of the current model, its index there (-1: none). */
    const CsSolution *changed_against;
    int *changed_old_rsc;
    int *changed_old_node;
    char **rsc_labels;  /* escaped resource ids, by index */
    char **node_labels; /* escaped node unames, by index */
    int *status_node;   /* per resource: where the status section
                                says it is active, for when no solution */
    GHashTable *active; /* (rsc, node) pairs the status section says
                                are active: every instance of a clone */

    char *transition;         /* the Transition Summary text, raw */
    const CsTransition *plan; /* the solution's actions, by resource
                                    (cs_solution_transition); NULL until
                                    read */
    int action_total;         /* resource lines of the Transition Summary */
    int move_total;           /* lines that move or migrate */
    /* The transition (transition, plan, the totals) is read after the
     * first frame of a new solution is drawn: it costs as much as the
     * solve, and an edit's new scores should show within one frame. */
    gboolean transition_pending;
    char *changes_for; /* the edit whose changes wait for the
                                transition (session->changes_pending) */
    /* Where the cluster settles (explain/settle.h), for the status bar:
     * worked out on a worker thread for the state of settle_generation. */
    struct CsSettleJob *settle_job;
    char *settle_text; /* the headline for settle_generation, or NULL */
    guint settle_generation;
    const CsSession *settle_session; /* whose generation it is */

    gboolean *folded;        /* per resource: children hidden */
    gboolean show_promotion; /* P: promotable instances show their
                                promotion score, not allocation scores */
    int engine_count;        /* resources of the engine's model (with
                                clone instances): rsc_labels
                                hold that many */
    GArray *rows;            /* CsRow, what the matrix shows */
    int row_label_width;     /* the matrix's widest row label, or -1 until
                                measured for the current solution: every
                                key and every frame lays the matrix out */
    GString *filter;         /* rows whose id contains it (casefolded) */
    gboolean filter_editing;

    CsViewId view;
    gboolean help_open;
    int help_scroll;
    gboolean graph_all;              /* every constraint, not only the focus's */
    CsGraphState *graph_state;       /* the Graph view's layout, pan, selection */
    CsTimelineState *timeline_state; /* the Timeline view's, for a state */

    gboolean prompt_open; /* the ':' command line has the keyboard */
    int explain_item;     /* Explain: the selected constraint or rule */
    CsSmallest smallest;
    CsScoreEdit score_edit;
    char *rule_open; /* Explain: the rule whose fields are listed */
    int rule_field;  /* the selected field of that rule */

    CsAttrList attrs; /* A / N: the attribute list, when open */

    int failcount_selected;  /* Fail counts: the selected one (shown order) */
    int transition_selected; /* Transition: the selected action (shown order) */
    int cursor_row, cursor_node;
    int top_row, left_node;
    int scroll[CS_VIEW_COUNT];
} CsConsole;

typedef struct CsView {
    const char *title;
    void (*draw)(CsConsole *console, const CsRect *area);
    /* TRUE when the view used the key. */
    gboolean (*key)(CsConsole *console, int key, const CsRect *area);
} CsView;

extern const CsView cs_view_matrix;
extern const CsView cs_view_transition;
extern const CsView cs_view_explain;
extern const CsView cs_view_failcounts;
extern const CsView cs_view_graph;
extern const CsView cs_view_history;
extern const CsView cs_view_timeline;

/* console_state.c: what the views read of the console and the two ways
 * they tell it something (cs_console_say, cs_console_sync_later); the
 * rows (cs_console_active_on, cs_console_rebuild_rows) are console.c's. */
const char *cs_console_rsc_label(const CsConsole *console, int rsc);
const char *cs_console_node_label(const CsConsole *console, int node);
int cs_console_node_count(const CsConsole *console);
int cs_console_rsc_count(const CsConsole *console);
const CsNode *cs_console_node(const CsConsole *console, int node);
const CsResource *cs_console_rsc(const CsConsole *console, int rsc);
/* The resource and node under the matrix cursor, or -1. */
int cs_console_selected_rsc(const CsConsole *console);
/* The engine's index of what the cursor's row shows: the clone instance
 * on an instance row, else the same as cs_console_selected_rsc (the
 * engine keeps configured resources at their model index). */
int cs_console_selected_engine_rsc(const CsConsole *console);
int cs_row_engine_rsc(const CsRow *row);
/* A resource of the engine's model (clone instances included); NULL when
 * there is no solution or the index is beyond it. */
const CsResource *cs_console_engine_rsc(const CsConsole *console, int rsc);
/* A clone's summary for its row and the Explain view:
 * "2/2, 1 prom" (instances placed of clone-max, promoted). */
char *cs_console_clone_summary(const CsConsole *console, int clone);
int cs_console_selected_node(const CsConsole *console);
/* Where rsc runs now: the engine's answer, or the status section's when
 * the engine gave none. */
int cs_console_current_node(const CsConsole *console, int rsc);
int cs_console_planned_node(const CsConsole *console, int rsc);
/* The status section records rsc active on node (any instance). */
gboolean cs_console_active_on(const CsConsole *console, int rsc, int node);
void cs_console_rebuild_rows(CsConsole *console);
gboolean cs_console_rsc_matches_filter(const CsConsole *console, int rsc);

/* The last edit changed rsc's score on node, or its placement. */
gboolean cs_console_cell_changed(const CsConsole *console, int rsc, int node);
/* Edits not yet saved (0 when the document is as loaded or saved). */
guint cs_console_unsaved(const CsConsole *console);
/* Sets the status bar's notice (printf-style, raw text); it is kept in
 * the message log too. */
void cs_console_say(CsConsole *console, gboolean error, const char *format, ...)
    G_GNUC_PRINTF(3, 4);
/* Adds a line to the message log only. */
void cs_console_log(CsConsole *console, const char *format, ...) G_GNUC_PRINTF(2, 3);
/* console.c: takes session: it becomes the console's, labelled label
 * (the files below console.c reach it as console->hooks->adopt). */
void cs_console_adopt(CsConsole *console, CsSession *session, const char *path, const char *label);

/* recovery.c: unsaved edits written when a signal cannot ask, offered
 * by the next open of the same CIB. */
char *cs_recovery_path(const char *cib_path);
/* Writes the edited document there; its path, or NULL with error. */
char *cs_recovery_write(CsConsole *console, GError **error);
/* After loading: asks (CS_ASK_RECOVER) when a recovery file exists. */
void cs_recovery_offer(CsConsole *console);
void cs_recovery_answer(CsConsole *console, int key);
/* After a save: the recovered edits are safe, the file goes. */
void cs_recovery_saved(CsConsole *console);

/* run.c: commands, through the command language so that every console
 * action is one `cibscope FILE --exec` can replay.  Runs words (a
 * NULL-terminated command); the status bar then says what changed. */
gboolean cs_console_run_words(CsConsole *console, const char *const *words);
/* Once the transition is read: what the last key's edit moved, told. */
void cs_console_tell_changes(CsConsole *console);
/* Runs a typed command line (the ':' prompt). */
void cs_console_run_line(CsConsole *console, const char *line);

/* edit.c: the edit keys and saving; edit_xml.c, attrs.c: `edit` and the
 * attribute lists. */
/* `edit` hands the terminal to the editor while on (ui/edit_xml.c). */
void cs_console_editor_hooks(gboolean on);
/* `edit` on the selected row's resource (E in the Matrix). */
gboolean cs_console_edit_selected(CsConsole *console);
/* A: the selected row's meta attributes, editable (ui/attrs.c); T:
 * `ticket`. */
gboolean cs_console_show_meta(CsConsole *console);
/* N: the attributes of the node under the cursor, editable. */
gboolean cs_console_show_node(CsConsole *console);
/* The attribute list, while open: drawn over the view, and given every
 * key (FALSE once it closed); cs_attrs_close frees its state. */
void cs_attrs_draw(CsConsole *console);
gboolean cs_attrs_key(CsConsole *console, int key);
void cs_attrs_close(CsConsole *console);
gboolean cs_console_show_tickets(CsConsole *console);
/* Re-reads the session after it changed: labels, transition, rows and
 * the cells the change touched.  Now: only when nothing is drawn before
 * it is needed (opening a CIB); elsewhere cs_console_sync_later. */
void cs_console_sync(CsConsole *console);
/* Says the session changed: the key loop re-reads it once, before the
 * next draw, however many changes a key or a poll made (an edit taken
 * back and made again, a commit and its follow). */
void cs_console_sync_later(CsConsole *console);
/* The loop's one sync of a pass, when one was asked for: TRUE if made. */
gboolean cs_console_sync_wanted(CsConsole *console);
gboolean cs_console_settle(CsConsole *console);
/* The edit keys of the Matrix (and Explain): TRUE if key was one. */
gboolean cs_console_edit_key(CsConsole *console, int key);
void cs_console_save(CsConsole *console);

/* prompt.c: the ':' command line, GNU readline's callback interface fed
 * from getch() and drawn on the bottom line by us. */
void cs_prompt_open(CsConsole *console, const char *initial);
/* Opens it on before + selected + after with selected shown selected:
 * typing replaces it (t: the clock's value). */
void cs_prompt_open_selected(CsConsole *console, const char *before, const char *selected,
                             const char *after);
/* Feeds one key; the line runs on Enter, Esc or ^G cancels. */
void cs_prompt_key(CsConsole *console, int key);
void cs_prompt_draw(const CsConsole *console, int y);
/* What Tab offers for the last word of before (a command line up to
 * the cursor), from each command's grammar argument by argument: ids of
 * the kind that stands there, or keywords; NULL when the command is not
 * known (the command layer's list serves then).  Sorted. */
GPtrArray *cs_prompt_grammar_candidates(const CsSession *session, const char *before);
/* Completion candidates shown above the prompt (NULL when none). */
const GPtrArray *cs_prompt_matches(void);
void cs_prompt_shutdown(void);

/* view_explain.c: the smallest single change that would move rsc
 * (explain/smallest.h), as lines, cached per state. */
const GPtrArray *cs_smallest_change(CsConsole *console, int rsc);
void cs_smallest_clear(CsSmallest *smallest);

/* statusbar.c */
void cs_statusbar_draw(const CsConsole *console, int y);
void cs_titlebar_draw(const CsConsole *console, int y);
/* A one-line banner at y; returns the rows it used (0 or 1). */
int cs_banner_draw(const CsConsole *console, int y);
/* The rows the banner takes (0 or 1): why scores are missing, else a
 * live notice. */
int cs_banner_rows(const CsConsole *console);
/* The settle figure: whether a worker should start for the state shown
 * (call _start only while no key waits), whether a finished one changed
 * the figure (draw again), and freeing both at the end. */
gboolean cs_statusbar_settle_due(const CsConsole *console);
void cs_statusbar_settle_start(CsConsole *console);
gboolean cs_statusbar_settle_poll(CsConsole *console);
void cs_statusbar_settle_clear(CsConsole *console);

/* live.c: following the cluster and committing to it. */
gboolean cs_console_is_live(const CsConsole *console);
/* Milliseconds the input may wait before the next poll is due. */
int cs_console_live_wait_ms(const CsConsole *console);
/* The same, also waking for the History view's progress. */
int cs_console_idle_wait_ms(const CsConsole *console);
/* Starts a query on a worker thread when due, and follows the CIB a
 * finished one read (never while a prompt, question or trial edit holds
 * the keyboard: it waits for them); never waits for cibadmin.  TRUE when
 * the console changed and needs a redraw. */
gboolean cs_console_live_poll(CsConsole *console);
/* After every sync: the status text and the pending operations. */
void cs_console_live_sync(CsConsole *console);
/* C and `commit`: list the operations and ask. */
void cs_console_commit_ask(CsConsole *console);
/* The answer to the question: y applies. */
void cs_console_commit_answer(CsConsole *console, int key);
/* The answer about a conflict (k keeps, d drops the edit); the next
 * conflict is asked about, then the commit. */
void cs_console_conflict_answer(CsConsole *console, int key);
/* The question for the status bar about the conflict asked (raw). */
char *cs_console_conflict_question(const CsConsole *console);
void cs_console_live_clear(CsConsole *console);
/* The History view of a live console: the cluster's own scheduler
 * inputs (CS_LIVE_PE_DIR), or the series a CIB_file belongs to. */
void cs_console_live_history(CsConsole *console);
/* The last read failed: what the CIB shown is may be out of date. */
gboolean cs_console_live_stale(const CsConsole *console);
/* "stale since 07:41:09: cannot read the CIB (is pacemaker running?): ..."
 * (raw), or NULL when fresh. */
char *cs_console_live_stale_text(const CsConsole *console);

/* view_history.c */
/* The series dir holds ("" keeps none); the report waits for the view. */
void cs_history_set_dir(CsConsole *console, const char *dir);
/* pe-input-N.bz2 (pe-warn, pe-error; .bz2 optional): its directory. */
char *cs_history_dir_of(const char *path);
/* Computes the report now; FALSE (history.error set) when it failed. */
gboolean cs_history_load(CsConsole *console);
void cs_history_clear(CsHistoryView *history);
/* Steps are still being solved. */
gboolean cs_history_busy(const CsHistoryView *history);
/* Between keys: TRUE when more steps were solved since the last look
 * (at most a few times a second) and the view should be drawn again. */
gboolean cs_history_progress(CsConsole *console);
/* "Solving step 124 of 4000 [####......] 3% ..." for the banner row while
 * the History view is shown and steps are being solved, else NULL. */
char *cs_history_progress_text(const CsConsole *console, int width);
/* console.c: opens another CIB in the console; FALSE with a status
 * message when it cannot (unsaved edits, unreadable).  History's Enter
 * reaches it as console->hooks->open. */
gboolean cs_console_open(CsConsole *console, const char *path);

/* view_graph.c */
void cs_graph_state_free(CsGraphState *state);

/* view_timeline.c */
void cs_timeline_state_free(CsTimelineState *state);

/* help.c */
void cs_help_draw(CsConsole *console);
/* TRUE while the overlay stays open. */
gboolean cs_help_key(CsConsole *console, int key);
/* A command's output (console->output) in the same kind of box. */
void cs_output_draw(CsConsole *console);
gboolean cs_output_key(CsConsole *console, int key);

/* view_matrix.c: style for an action verb */
CsStyle cs_action_style(const char *verb);

#endif
