/* graph.h: the constraint graph, laid out on a character grid.
 *
 * Resources are boxes (where each runs now and next, their location
 * constraints as notes); colocations and orders are edges between them,
 * drawn with box-drawing characters (ASCII when the terminal is not
 * UTF-8).  The layout is a layered one of our own, made for the grid
 * (doc/graph.md says which steps it follows); no curses here: the
 * console and `cibscope graph` only copy the grid out.
 */
#ifndef CS_GRAPH_H
#define CS_GRAPH_H

#include <glib.h>
#include "model/model.h"
#include "engine/engine.h"

typedef enum {
    CS_GRAPH_COLOCATION,
    CS_GRAPH_ORDER,
    CS_GRAPH_LOCATION, /* node box -> resource (node boxes only) */
    CS_GRAPH_IMPLICIT, /* no constraint: a container -> what it holds (a
                          guest node's connection, a resource with
                          container=), a remote or guest node's
                          connection -> a resource on that node */
} CsGraphEdgeKind;

typedef struct CsGraphOptions {
    int focus;           /* model resource index, -1: the whole graph */
    int depth;           /* with a focus: constraints away from it */
    gboolean node_boxes; /* node+score locations as node boxes and
                                edges, not notes on the resource's box */
    gboolean ascii;      /* ASCII lines; ids escaped to ASCII */
    int wrap;            /* columns: unconnected parts of the graph
                                go below one another past it (0: none) */
    /* Per resource of the solution's model (clone instances included):
     * the Transition Summary stops it, even where it stays assigned (an
     * order left its start unrunnable), or blocks its start.  NULL: the
     * assignment alone. */
    const gboolean *stopping;
    int stopping_count;
} CsGraphOptions;

typedef struct CsGraphBox {
    int rsc;          /* model index; -1 for a node box */
    int node;         /* a node box's node, else -1 */
    GPtrArray *lines; /* char*, safe text; the title first */
    int notes_from;   /* lines from here on: location notes */
    gboolean focus;
    gboolean in_cycle;       /* on a cycle of colocations or of orders */
    gboolean conflict;       /* a mandatory constraint on it is not met */
    int layer;               /* its rank, top first (-1: unconnected) */
    int x, y, width, height; /* on the grid */
} CsGraphBox;

typedef struct CsGraphEdge {
    CsGraphEdgeKind kind;
    int constraint;     /* index in model->colocations, orders or
                                locations; CS_GRAPH_IMPLICIT: the node
                                a connection's resource runs on, or -1
                                for a container's */
    const char *id;     /* the constraint's id (the model's); an
                                implicit edge's: its first resource's */
    int from, to;       /* boxes: primary -> dependent for a
                                colocation, first -> then for an order */
    char *label;        /* safe text: "+INF with Promoted" ... */
    gboolean mandatory; /* +/-INFINITY, or an order of kind Mandatory */
    gboolean in_cycle;
    gboolean conflict;
    gboolean reversed; /* drawn upwards to break a cycle */
    /* A colocation and an order between the same two resources, the
     * same way (the usual "with" and "then" pair), are drawn as one line
     * with both labels: partner is the other edge, or -1; the order is
     * hidden (no line of its own, its label under the colocation's). */
    int partner;
    gboolean hidden;
    int label_x, label_y; /* where the label is on the grid */
} CsGraphEdge;

/* What a cell shows, for whoever colours it. */
typedef enum {
    CS_GRAPH_CELL_BLANK,
    CS_GRAPH_CELL_BOX,       /* a box's border */
    CS_GRAPH_CELL_TITLE,     /* a resource's id */
    CS_GRAPH_CELL_TEXT,      /* a box's other lines */
    CS_GRAPH_CELL_LINE,      /* an edge */
    CS_GRAPH_CELL_MANDATORY, /* a mandatory edge */
    CS_GRAPH_CELL_LABEL,     /* an edge's label */
    CS_GRAPH_CELL_FLAG,      /* a cycle or an unmet mandatory constraint */
    CS_GRAPH_CELL_FOCUS,     /* the focus's border */
} CsGraphCellKind;

typedef struct CsGraphCell {
    gunichar ch; /* 0: the right half of a wide character */
    guint8 kind; /* CsGraphCellKind */
    int edge;    /* the edge drawn here, or -1 */
    int box;     /* the box drawn here, or -1 */
} CsGraphCell;

typedef struct CsConstraintGraph {
    GArray *boxes;    /* CsGraphBox */
    GArray *edges;    /* CsGraphEdge */
    GPtrArray *flags; /* char*, safe: each cycle and each unmet
                                mandatory constraint, in words */
    int width, height;
    CsGraphCell *cells; /* height rows of width */
    int layers;
    gboolean ascii;
    int wrap;           /* the width it was laid out for */
    GPtrArray *layouts; /* private: each connected part's layout,
                                kept for cs_constraint_graph_rebuild */
} CsConstraintGraph;

/* The graph of model's constraints; solution (may be NULL) says where
 * each resource runs now and next.  NULL with *error when the focus is
 * not a resource. */
CsConstraintGraph *cs_constraint_graph_build(const CsModel *model, const CsSolution *solution,
                                             const CsGraphOptions *options);
/* The same, taking over previous (may be NULL; freed here): when the new
 * boxes and edges have previous's shape (the same edges, labels and
 * flags; boxes of the same sizes), as after most edits, where only the
 * boxes' placement lines change, previous's layout and grid are kept and
 * only the lines that changed are written again.  The picture is the one
 * cs_constraint_graph_build draws. */
CsConstraintGraph *cs_constraint_graph_rebuild(const CsModel *model, const CsSolution *solution,
                                               const CsGraphOptions *options,
                                               CsConstraintGraph *previous);
void cs_constraint_graph_free(CsConstraintGraph *graph);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsConstraintGraph, cs_constraint_graph_free)

const CsGraphCell *cs_constraint_graph_cell(const CsConstraintGraph *graph, int x, int y);
/* Row y of the grid as UTF-8, trailing blanks cut. */
char *cs_constraint_graph_row_text(const CsConstraintGraph *graph, int y);
/* How to read the picture, two lines. */
const char *cs_constraint_graph_legend(const CsConstraintGraph *graph);
/* The picture, then the flags and a legend: `cibscope graph`. */
void cs_constraint_graph_print(const CsConstraintGraph *graph, GString *out);
/* Graphviz DOT of the same boxes and edges. */
void cs_constraint_graph_print_dot(const CsConstraintGraph *graph, GString *out);
/* Everything the edge's constraint says, raw text, one fact a line. */
char *cs_constraint_graph_edge_details(const CsConstraintGraph *graph, const CsModel *model,
                                       int edge);
/* A box's lines and every location constraint on it, safe text. */
char *cs_constraint_graph_box_details(const CsConstraintGraph *graph, const CsModel *model,
                                      int box);
/* The box of rsc, or -1 when it is not drawn. */
int cs_constraint_graph_box_of(const CsConstraintGraph *graph, int rsc);

/* CsGraphOptions.stopping from the solution's Transition Summary (the
 * one kept with the solution, cs_solution_transition(); else worked out
 * again: as costly as printing it); *count set. */
gboolean *cs_constraint_graph_stopping(const CsSolution *solution, int *count);
/* `cibscope graph FILE [RSC] [--depth N] [--dot]`: the picture (DOT
 * with dot) around the resource named rsc_id (NULL: every resource),
 * ASCII unless the locale's codeset is UTF-8.  FALSE with *error when
 * rsc_id names no resource. */
gboolean cs_constraint_graph_command(const CsModel *model, CsSolution *solution, const char *rsc_id,
                                     int depth, gboolean dot, GString *out, GError **error);

#endif
