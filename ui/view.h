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
#include "draw.h"

typedef enum {
    CS_VIEW_MATRIX,
    CS_VIEW_TRANSITION,
    CS_VIEW_EXPLAIN,
    CS_VIEW_FAILCOUNTS,
    CS_VIEW_GRAPH,
    CS_VIEW_HISTORY,
    CS_VIEW_COUNT
} CsViewId;

/* One visible row of the matrix: a resource at a nesting depth. */
typedef struct CsRow {
    int rsc;
    int depth;
} CsRow;

/* What the Transition Summary says a resource will do ("Move", "Start"). */
typedef struct CsRscAction {
    char *verb;              /* NULL when nothing happens to it */
    int count;               /* summary lines naming it (clone instances) */
} CsRscAction;

typedef struct CsConsole {
    char *path;
    char *file_label;        /* escaped basename for the status bar */
    char *epoch;             /* admin_epoch.epoch.num_updates */
    char *clock;             /* the model's "now", formatted */
    gboolean clock_set;      /* from --time */
    CsDocument *document;
    CsModel *model;          /* NULL when the CIB could not be modelled */
    CsSolution *solution;    /* NULL when the engine gave no answer */
    char *banner;            /* why scores are missing, or NULL */
    char *message;           /* one-key notice for the status bar, or NULL */
    char **rsc_labels;       /* escaped resource ids, by index */
    char **node_labels;      /* escaped node unames, by index */
    int *status_node;        /* per resource: where the status section
                                says it is active, for when no solution */
    GHashTable *active;      /* (rsc, node) pairs the status section says
                                are active: every instance of a clone */

    char *transition;        /* the Transition Summary text, raw */
    CsRscAction *actions;    /* per resource index */
    int action_total;        /* resources with an action */
    int move_total;          /* resources that move or migrate */

    gboolean *folded;        /* per resource: children hidden */
    GArray *rows;            /* CsRow, what the matrix shows */
    GString *filter;         /* rows whose id contains it (casefolded) */
    gboolean filter_editing;

    CsViewId view;
    gboolean help_open;
    int help_scroll;
    gboolean graph_all;      /* every constraint, not only the focus's */

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

/* console.c: shared state helpers */
const char *cs_console_rsc_label(const CsConsole *console, int rsc);
const char *cs_console_node_label(const CsConsole *console, int node);
int cs_console_node_count(const CsConsole *console);
int cs_console_rsc_count(const CsConsole *console);
const CsNode *cs_console_node(const CsConsole *console, int node);
const CsResource *cs_console_rsc(const CsConsole *console, int rsc);
/* The resource and node under the matrix cursor, or -1. */
int cs_console_selected_rsc(const CsConsole *console);
int cs_console_selected_node(const CsConsole *console);
/* Where rsc runs now: the engine's answer, or the status section's when
 * the engine gave none. */
int cs_console_current_node(const CsConsole *console, int rsc);
int cs_console_planned_node(const CsConsole *console, int rsc);
/* The status section records rsc active on node (any instance). */
gboolean cs_console_active_on(const CsConsole *console, int rsc, int node);
void cs_console_rebuild_rows(CsConsole *console);
gboolean cs_console_rsc_matches_filter(const CsConsole *console, int rsc);

/* statusbar.c */
void cs_statusbar_draw(const CsConsole *console, int y);
void cs_titlebar_draw(const CsConsole *console, int y);
/* A one-line banner at y; returns the rows it used (0 or 1). */
int cs_banner_draw(const CsConsole *console, int y);

/* help.c */
void cs_help_draw(CsConsole *console);
/* TRUE while the overlay stays open. */
gboolean cs_help_key(CsConsole *console, int key);

/* view_matrix.c: style for an action verb */
CsStyle cs_action_style(const char *verb);

#endif
