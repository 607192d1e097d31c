/* check_graph.c: the constraint graph's layout (explain/graph.h).
 *
 * On data/demo.xml and tests/data/graph/cycle-conflict.xml: the layers
 * the boxes get, that no two boxes overlap, that each edge leaves the box
 * of its primary (or first) and ends in an arrow at its dependent's (or
 * then's), that labels sit where the edge says, and that cycles and
 * mandatory constraints that cannot all be met are flagged.  The same
 * properties hold on every CIB of tests/data the engine answers, and on
 * the shared corpus's when SHARED_DIR has it (make check exports it).
 * A graph built again from the one before (cs_constraint_graph_rebuild)
 * draws the same picture as one built from nothing.
 */
#include <check.h>
#include <string.h>
#include <glib.h>

#include "cib/document.h"
#include "engine/engine.h"
#include "model/model.h"
#include "explain/graph.h"
#include "testlib.h"

#define DEMO CS_TESTDATA "/../../data/demo.xml"
#define CYCLES CS_TESTDATA "/graph/cycle-conflict.xml"

typedef CsTestCase Solved;

#define GRAPH_TIME "2024-06-01T12:00:00Z"

static Solved solve(const char *path)
{
    Solved solved;
    ck_assert_msg(cs_test_case_solve_file(&solved, path, GRAPH_TIME), "%s: %s", path,
                  solved.error != NULL ? solved.error->message : "?");
    return solved;
}

static void solved_free(Solved *solved)
{
    cs_test_case_clear(solved);
}

/* As `cibscope graph` builds it: next as the Transition Summary says. */
static CsConstraintGraph *build(const Solved *solved, const char *focus, int depth, gboolean ascii)
{
    const CsResource *rsc = focus != NULL ? cs_model_resource(solved->model, focus) : NULL;
    int count = 0;
    g_autofree gboolean *stopping = cs_constraint_graph_stopping(solved->solution, &count);
    CsGraphOptions options = {.focus = rsc != NULL ? rsc->index : -1,
                              .depth = depth,
                              .ascii = ascii,
                              .stopping = stopping,
                              .stopping_count = count};
    return cs_constraint_graph_build(solved->model, solved->solution, &options);
}

static const CsGraphBox *box_named(const CsConstraintGraph *graph, const char *name)
{
    for (guint i = 0; i < graph->boxes->len; i++) {
        const CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, i);
        if (strcmp(g_ptr_array_index(box->lines, 0), name) == 0)
            return box;
    }
    ck_abort_msg("no box %s", name);
    return NULL;
}

static const CsGraphEdge *edge_named(const CsConstraintGraph *graph, const char *id)
{
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (strcmp(edge->id, id) == 0)
            return edge;
    }
    ck_abort_msg("no edge %s", id);
    return NULL;
}

static const char *box_title(const CsConstraintGraph *graph, int box)
{
    return g_ptr_array_index(g_array_index(graph->boxes, CsGraphBox, box).lines, 0);
}

static gboolean boxes_overlap(const CsGraphBox *one, const CsGraphBox *other)
{
    return one->x < other->x + other->width && other->x < one->x + one->width
           && one->y < other->y + other->height && other->y < one->y + one->height;
}

static void assert_no_overlap(const CsConstraintGraph *graph)
{
    for (guint i = 0; i < graph->boxes->len; i++) {
        const CsGraphBox *one = &g_array_index(graph->boxes, CsGraphBox, i);
        ck_assert_int_ge(one->x, 0);
        ck_assert_int_ge(one->y, 0);
        ck_assert_int_le(one->x + one->width, graph->width);
        ck_assert_int_le(one->y + one->height, graph->height);
        for (guint j = i + 1; j < graph->boxes->len; j++)
            ck_assert_msg(!boxes_overlap(one, &g_array_index(graph->boxes, CsGraphBox, j)),
                          "%s overlaps %s", box_title(graph, (int)i), box_title(graph, (int)j));
    }
}

/* The edge's arrow (ASCII) on the row next to the box it points at:
 * above a dependent drawn below, below one drawn above (a cycle). */
static gboolean arrow_at_box(const CsConstraintGraph *graph, int index)
{
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, index);
    if (edge->hidden) /* drawn by its partner */
        index = edge->partner;
    const CsGraphBox *target = &g_array_index(graph->boxes, CsGraphBox, edge->to);
    int y = edge->reversed ? target->y + target->height : target->y - 1;
    gunichar arrow = edge->reversed ? '^' : 'v';
    for (int x = target->x; x < target->x + target->width; x++) {
        const CsGraphCell *cell = cs_constraint_graph_cell(graph, x, y);
        if (cell != NULL && cell->ch == arrow && cell->edge == index)
            return TRUE;
    }
    return FALSE;
}

/* The edge's line leaves the other box's border at a port: below it
 * (above, if reversed) the column holds the edge's line, other edges'
 * crossing it on the way. */
static gboolean port_at_box(const CsConstraintGraph *graph, int index)
{
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, index);
    if (edge->hidden)
        index = edge->partner;
    const CsGraphBox *source = &g_array_index(graph->boxes, CsGraphBox, edge->from);
    int border = edge->reversed ? source->y : source->y + source->height - 1;
    int step = edge->reversed ? -1 : 1;
    for (int x = source->x + 1; x < source->x + source->width - 1; x++) {
        if (cs_constraint_graph_cell(graph, x, border)->ch != '+')
            continue;
        for (int y = border + step;; y += step) {
            const CsGraphCell *line = cs_constraint_graph_cell(graph, x, y);
            if (line == NULL
                || (line->kind != CS_GRAPH_CELL_LINE && line->kind != CS_GRAPH_CELL_MANDATORY
                    && line->kind != CS_GRAPH_CELL_FLAG))
                break;
            if (line->edge == index)
                return TRUE;
        }
    }
    return FALSE;
}

static char *grid_text(const CsConstraintGraph *graph, int x, int y, int width)
{
    GString *out = g_string_new(NULL);
    for (int column = x; column < x + width; column++)
        g_string_append_unichar(out, cs_constraint_graph_cell(graph, column, y)->ch);
    return g_string_free(out, FALSE);
}

static void assert_well_drawn(const CsConstraintGraph *graph, const char *what);

START_TEST(test_demo_layers)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);

    /* primaries and firsts above: db-clone > db-vip > app-worker,
     * ping-clone > web; fence-xvm and report have no edge */
    ck_assert_int_eq(box_named(graph, "db-clone")->layer, 0);
    ck_assert_int_eq(box_named(graph, "db-vip")->layer, 1);
    ck_assert_int_eq(box_named(graph, "app-worker")->layer, 2);
    ck_assert_int_eq(box_named(graph, "ping-clone")->layer, 0);
    ck_assert_int_eq(box_named(graph, "web")->layer, 1);
    ck_assert_int_eq(box_named(graph, "fence-xvm")->layer, -1);
    ck_assert_int_eq(box_named(graph, "report")->layer, -1);
    ck_assert_int_eq(graph->boxes->len, 7);
    ck_assert_int_eq(graph->edges->len, 4);
    ck_assert_int_lt(box_named(graph, "db-clone")->y + box_named(graph, "db-clone")->height,
                     box_named(graph, "db-vip")->y);
    ck_assert_int_eq(graph->flags->len, 0);
    solved_free(&solved);
}
END_TEST

START_TEST(test_demo_no_overlap_and_edges_connect)
{
    Solved solved = solve(DEMO);
    for (int wrap = 0; wrap <= 80; wrap += 80) {
        CsGraphOptions options = {.focus = -1, .ascii = TRUE, .wrap = wrap};
        g_autoptr(CsConstraintGraph) graph =
            cs_constraint_graph_build(solved.model, solved.solution, &options);
        assert_well_drawn(graph, "demo");
        /* at 80 columns the two parts go one above the other */
        if (wrap == 80)
            ck_assert_int_le(graph->width, 80);
        else
            ck_assert_int_gt(graph->width, 80);
    }
    solved_free(&solved);
}
END_TEST

START_TEST(test_demo_edge_ends_and_labels)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    const CsGraphEdge *promoted = edge_named(graph, "colocation-db-vip-db-clone-INFINITY");
    const CsGraphEdge *apart = edge_named(graph, "colocation-app-worker-db-vip--500");
    const CsGraphEdge *mandatory = edge_named(graph, "order-ping-clone-web-mandatory");
    const CsGraphEdge *optional = edge_named(graph, "order-db-vip-app-worker-optional");

    ck_assert_str_eq(box_title(graph, promoted->from), "db-clone");
    ck_assert_str_eq(box_title(graph, promoted->to), "db-vip");
    ck_assert_str_eq(promoted->label, "with +INF Promoted");
    ck_assert(promoted->mandatory);
    ck_assert_str_eq(box_title(graph, apart->from), "db-vip");
    ck_assert_str_eq(box_title(graph, apart->to), "app-worker");
    ck_assert_str_eq(apart->label, "with -500");
    ck_assert(!apart->mandatory);
    ck_assert_str_eq(box_title(graph, mandatory->from), "ping-clone");
    ck_assert_str_eq(box_title(graph, mandatory->to), "web");
    ck_assert_str_eq(mandatory->label, "Mandatory start->start");
    ck_assert(mandatory->mandatory);
    ck_assert_str_eq(optional->label, "Optional start->start");
    ck_assert(!optional->mandatory);
    solved_free(&solved);
}
END_TEST

START_TEST(test_demo_box_lines)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    const CsGraphBox *web = box_named(graph, "web");
    const CsGraphBox *db = box_named(graph, "db-clone");

    /* the demo moves web off alpha (cli-ban) to bravo; db-clone's
     * instance on delta is promoted and stays */
    ck_assert_str_eq(g_ptr_array_index(web->lines, 1), "group of 3");
    ck_assert_str_eq(g_ptr_array_index(web->lines, 2), "alpha -> bravo");
    ck_assert_str_eq(g_ptr_array_index(web->lines, 5), "-INF alpha");
    ck_assert_str_eq(g_ptr_array_index(db->lines, 2), "on delta* echo");
    ck_assert_str_eq(g_ptr_array_index(db->lines, 4), "+50 delta Promoted");
    g_autofree char *title = grid_text(graph, web->x + 2, web->y + 1, 3);
    ck_assert_str_eq(title, "web");
    solved_free(&solved);
}
END_TEST

/* The implicit edge from the box titled from to the box titled to. */
static const CsGraphEdge *implicit_edge(const CsConstraintGraph *graph, const char *from,
                                        const char *to)
{
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->kind == CS_GRAPH_IMPLICIT && strcmp(box_title(graph, edge->from), from) == 0
            && strcmp(box_title(graph, edge->to), to) == 0)
            return edge;
    }
    ck_abort_msg("no implicit edge %s -> %s", from, to);
    return NULL;
}

static gboolean has_line(const CsGraphBox *box, const char *line)
{
    for (guint i = 0; i < box->lines->len; i++)
        if (strcmp(g_ptr_array_index(box->lines, i), line) == 0)
            return TRUE;
    return FALSE;
}

/* tests/data/transition/guest-host-fenced.xml: vm1 holds guest node g1
 * (remote-node="g1"); d1 runs on g1 and d2 moves there (crm_simulate's
 * summary): container -> connection -> the resources on its node. */
START_TEST(test_implicit_links)
{
    Solved solved = solve(CS_TESTDATA "/transition/guest-host-fenced.xml");
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    ck_assert_str_eq(implicit_edge(graph, "vm1", "g1")->label, "guest node g1");
    ck_assert_str_eq(implicit_edge(graph, "g1", "d1")->label, "runs on g1");
    ck_assert_str_eq(implicit_edge(graph, "g1", "d2")->label, "runs on g1");
    ck_assert_uint_eq(graph->edges->len, 3);
    ck_assert_ptr_nonnull(strstr(cs_constraint_graph_legend(graph), "implicit links"));
    assert_well_drawn(graph, "guest-host-fenced");
    /* From d1, two links away: its guest node's connection and container. */
    g_autoptr(CsConstraintGraph) near = build(&solved, "d1", 2, TRUE);
    ck_assert(box_named(near, "vm1") != NULL);
    g_autofree char *details = cs_constraint_graph_edge_details(
        graph, solved.model,
        (int)(implicit_edge(graph, "g1", "d1") - &g_array_index(graph->edges, CsGraphEdge, 0)));
    ck_assert_ptr_nonnull(strstr(details, "d1 runs on g1, reached through its connection g1"));
    solved_free(&solved);
}
END_TEST

/* tests/data/bundle/inner-clone-after.xml: bundle web, two podman
 * replicas with app inside, placed on node1 and node2 (the oracle's
 * summary): one line a replica, the bundle where its containers go. */
START_TEST(test_bundle_replica_lines)
{
    Solved solved = solve(CS_TESTDATA "/bundle/inner-clone-after.xml");
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    const CsGraphBox *web = box_named(graph, "web");
    ck_assert(has_line(web, "0 web-podman-0 web-0 app:0"));
    ck_assert(has_line(web, "1 web-podman-1 web-1 app:1"));
    ck_assert(has_line(web, "next node1 node2"));
    solved_free(&solved);
}
END_TEST

/* The index in graph->edges of edge. */
static int edge_index(const CsConstraintGraph *graph, const CsGraphEdge *edge)
{
    return (int)(edge - &g_array_index(graph->edges, CsGraphEdge, 0));
}

/* The same bundle: its replicas' parts (the engine's resources) get
 * boxes, linked bundle -> container -> connection -> instance inside,
 * each placed as the oracle's summary says (web-podman-0 and web-0 on
 * node1, app:1 on web-1). */
START_TEST(test_bundle_replica_links)
{
    Solved solved = solve(CS_TESTDATA "/bundle/inner-clone-after.xml");
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    ck_assert_str_eq(implicit_edge(graph, "web", "web-podman-0")->label, "replica 0");
    ck_assert_str_eq(implicit_edge(graph, "web", "web-podman-1")->label, "replica 1");
    ck_assert_str_eq(implicit_edge(graph, "web-podman-0", "web-0")->label, "guest node web-0");
    ck_assert_str_eq(implicit_edge(graph, "web-1", "app:1")->label, "runs on web-1");
    ck_assert_uint_eq(graph->edges->len, 6);
    ck_assert(has_line(box_named(graph, "web-podman-0"), "stopped -> node1"));
    ck_assert(has_line(box_named(graph, "app:1"), "stopped -> web-1"));
    ck_assert_ptr_nonnull(strstr(cs_constraint_graph_legend(graph), "'replica'"));
    assert_well_drawn(graph, "inner-clone-after");
    g_autofree char *runs = cs_constraint_graph_edge_details(
        graph, solved.model, edge_index(graph, implicit_edge(graph, "web-0", "app:0")));
    ck_assert_ptr_nonnull(
        strstr(runs, "app:0 runs on web-0, reached through its connection web-0"));
    g_autofree char *replica = cs_constraint_graph_edge_details(
        graph, solved.model, edge_index(graph, implicit_edge(graph, "web", "web-podman-1")));
    ck_assert_ptr_nonnull(strstr(replica, "web-podman-1 is part of replica 1 of bundle web"));
    solved_free(&solved);
}
END_TEST

/* tests/data/bundle/inner-docker-ip.xml: with a network, each replica's
 * address hangs from the bundle too; one link away from the bundle are
 * its containers and addresses, not yet their connections. */
START_TEST(test_bundle_replica_address)
{
    Solved solved = solve(CS_TESTDATA "/bundle/inner-docker-ip.xml");
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    ck_assert_str_eq(implicit_edge(graph, "web", "web-ip-10.0.0.11")->label, "replica 1");
    ck_assert_str_eq(implicit_edge(graph, "web", "web-docker-1")->label, "replica 1");
    ck_assert_uint_eq(graph->edges->len, 8);
    assert_well_drawn(graph, "inner-docker-ip");
    g_autoptr(CsConstraintGraph) near = build(&solved, "web", 1, TRUE);
    ck_assert_uint_eq(near->boxes->len, 5);
    ck_assert(box_named(near, "web-ip-10.0.0.10") != NULL);
    solved_free(&solved);
}
END_TEST

START_TEST(test_focus_depth)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) alone = build(&solved, "db-vip", 0, TRUE);
    g_autoptr(CsConstraintGraph) near = build(&solved, "db-vip", 1, TRUE);
    g_autoptr(CsConstraintGraph) member = build(&solved, "web-fs", 1, TRUE);

    ck_assert_int_eq(alone->boxes->len, 1);
    ck_assert_int_eq(alone->edges->len, 0);
    ck_assert_int_eq(near->boxes->len, 3);
    ck_assert_int_eq(near->edges->len, 3);
    ck_assert(box_named(near, "db-vip")->focus);
    ck_assert(!box_named(near, "db-clone")->focus);
    /* a group member brings its group's constraints */
    ck_assert_int_eq(member->boxes->len, 3);
    ck_assert_int_eq(box_named(member, "ping-clone")->layer, 0);
    ck_assert(box_named(member, "web-fs")->focus);
    solved_free(&solved);
}
END_TEST

START_TEST(test_cycle_and_conflicts_flagged)
{
    Solved solved = solve(CYCLES);
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);

    ck_assert_int_eq(graph->flags->len, 4);
    ck_assert_str_eq(g_ptr_array_index(graph->flags, 0), "order cycle: a, b, c");
    ck_assert_str_eq(g_ptr_array_index(graph->flags, 1), "e and d must be both together and apart");
    ck_assert_str_eq(g_ptr_array_index(graph->flags, 2),
                     "f cannot run: it must run with g, and cannot run where g runs");
    /* lone is disabled: h's start waits for it (blocked), h stays stopped */
    ck_assert_str_eq(g_ptr_array_index(graph->flags, 3),
                     "h cannot run: it must start after lone, which is stopped");
    ck_assert_str_eq(g_ptr_array_index(box_named(graph, "h")->lines, 1), "stopped");
    ck_assert(box_named(graph, "a")->in_cycle);
    ck_assert(box_named(graph, "c")->in_cycle);
    ck_assert(!box_named(graph, "d")->in_cycle);
    ck_assert(box_named(graph, "d")->conflict);
    ck_assert(box_named(graph, "f")->conflict);
    ck_assert(!box_named(graph, "g")->conflict);
    ck_assert(edge_named(graph, "order-c-a")->in_cycle);
    /* one edge of the cycle is drawn upwards, the others down */
    int reversed = 0;
    for (guint i = 0; i < graph->edges->len; i++)
        reversed += g_array_index(graph->edges, CsGraphEdge, i).reversed;
    ck_assert_int_eq(reversed, 1);
    ck_assert(edge_named(graph, "order-c-a")->reversed);
    assert_no_overlap(graph);
    for (guint i = 0; i < graph->edges->len; i++) {
        ck_assert(arrow_at_box(graph, (int)i));
        ck_assert(port_at_box(graph, (int)i));
    }
    /* three layers for the cycle a -> b -> c */
    ck_assert_int_eq(box_named(graph, "c")->layer, 2);
    ck_assert_int_eq(box_named(graph, "lone")->layer, 0);
    ck_assert_int_eq(box_named(graph, "h")->layer, 1);
    ck_assert_str_eq(g_ptr_array_index(box_named(graph, "lone")->lines, 1), "stopped");
    ck_assert_str_eq(g_ptr_array_index(box_named(graph, "lone")->lines, 2), "target-role Stopped");
    solved_free(&solved);
}
END_TEST

static gboolean edge_has_glyph(const CsConstraintGraph *graph, int index, gunichar ch)
{
    for (int y = 0; y < graph->height; y++)
        for (int x = 0; x < graph->width; x++) {
            const CsGraphCell *cell = cs_constraint_graph_cell(graph, x, y);
            if (cell->edge == index && cell->ch == ch)
                return TRUE;
        }
    return FALSE;
}

START_TEST(test_utf8_dashed_order)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, "web", 1, FALSE);
    const CsGraphEdge *order = edge_named(graph, "order-ping-clone-web-mandatory");
    int index = (int)(order - (const CsGraphEdge *)(void *)graph->edges->data);

    /* a mandatory order alone: heavy and dashed */
    ck_assert(!order->hidden);
    ck_assert(edge_has_glyph(graph, index, 0x2507));
    solved_free(&solved);
}
END_TEST

START_TEST(test_utf8_lines)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, "db-vip", 1, FALSE);
    const CsGraphEdge *promoted = edge_named(graph, "colocation-db-vip-db-clone-INFINITY");
    const CsGraphEdge *optional = edge_named(graph, "order-db-vip-app-worker-optional");
    const CsGraphBox *focus = box_named(graph, "db-vip");

    /* mandatory colocation heavy, an optional order dashed, the focus's
     * box heavy, arrows as triangles */
    const CsGraphCell *above = cs_constraint_graph_cell(
        graph, promoted->label_x + (int)g_utf8_strlen(promoted->label, -1) / 2,
        promoted->label_y - 1);
    ck_assert_uint_eq(above->ch, 0x2503);
    ck_assert_int_eq(above->kind, CS_GRAPH_CELL_MANDATORY);
    /* the optional order rides on the -500 colocation's line, its label
     * on the row below that one's */
    const CsGraphEdge *apart = edge_named(graph, "colocation-app-worker-db-vip--500");
    int apart_index = (int)(apart - (const CsGraphEdge *)(void *)graph->edges->data);
    ck_assert(optional->hidden);
    ck_assert_int_eq(optional->partner, apart_index);
    ck_assert_int_eq(optional->label_y, apart->label_y + 1);
    ck_assert(edge_has_glyph(graph, apart_index, 0x2502));
    ck_assert(!edge_has_glyph(graph, apart_index, 0x2503));
    ck_assert_uint_eq(cs_constraint_graph_cell(graph, focus->x, focus->y)->ch, 0x250f);
    g_autofree char *row = cs_constraint_graph_row_text(graph, focus->y - 1);
    ck_assert_ptr_nonnull(strstr(row, "\u25bc"));
    solved_free(&solved);
}
END_TEST

START_TEST(test_node_boxes)
{
    Solved solved = solve(DEMO);
    CsGraphOptions options = {.focus = -1, .ascii = TRUE, .node_boxes = TRUE};
    g_autoptr(CsConstraintGraph) graph =
        cs_constraint_graph_build(solved.model, solved.solution, &options);
    const CsGraphEdge *ban = edge_named(graph, "cli-ban-web-on-alpha");
    const CsGraphEdge *promoted = edge_named(graph, "location-db-promoted-delta");
    const CsGraphBox *web = box_named(graph, "web");

    /* the two node+score locations become edges from node boxes; rules
     * stay notes on the box */
    ck_assert_int_eq(ban->kind, CS_GRAPH_LOCATION);
    ck_assert_str_eq(box_title(graph, ban->from), "alpha");
    ck_assert_int_eq(g_array_index(graph->boxes, CsGraphBox, ban->from).rsc, -1);
    ck_assert_str_eq(box_title(graph, ban->to), "web");
    ck_assert_str_eq(ban->label, "avoids -INF");
    ck_assert_str_eq(promoted->label, "prefers +50 as Promoted");
    ck_assert_str_eq(box_title(graph, promoted->from), "delta");
    ck_assert_int_eq(graph->edges->len, 6);
    ck_assert_int_eq(web->lines->len, 5);
    ck_assert_str_eq(g_ptr_array_index(web->lines, 4), "+100 location-web-tier (rule)");
    assert_well_drawn(graph, "node boxes");
    solved_free(&solved);
}
END_TEST

START_TEST(test_box_details)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, "report", 0, TRUE);
    int box = cs_constraint_graph_box_of(graph, cs_model_resource(solved.model, "report")->index);
    g_autofree char *details = cs_constraint_graph_box_details(graph, solved.model, box);

    /* the expired cli-prefer still listed: the box lists constraints,
     * Explain says which count */
    ck_assert_str_eq(
        details,
        "report\n"
        "on bravo\n"
        "\nLocation constraints:\n"
        "location-report-echo-freeze: -INF where rule location-report-echo-freeze-rule holds\n"
        "cli-prefer-report: +INF where rule cli-prefer-rule-report holds\n");
    solved_free(&solved);
}
END_TEST

START_TEST(test_paired_chain)
{
    Solved solved = solve(CS_TESTDATA "/graph/paired-chain.xml");
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);

    /* three colocations, each with its order: three lines, six labels,
     * and links between fs and dhcpd */
    ck_assert_int_eq(graph->edges->len, 6);
    ck_assert_int_eq(box_named(graph, "fs")->layer, 0);
    ck_assert_int_eq(box_named(graph, "links")->layer, 1);
    ck_assert_int_eq(box_named(graph, "dhcpd")->layer, 2);
    int hidden = 0;
    for (guint i = 0; i < graph->edges->len; i++)
        hidden += g_array_index(graph->edges, CsGraphEdge, i).hidden;
    ck_assert_int_eq(hidden, 3);
    ck_assert_str_eq(
        box_title(graph, edge_named(graph, "dhcpd-after-links")->partner >= 0
                             ? g_array_index(graph->edges, CsGraphEdge,
                                             edge_named(graph, "dhcpd-after-links")->partner)
                                   .from
                             : -1),
        "links");
    assert_well_drawn(graph, "paired-chain");
    solved_free(&solved);
}
END_TEST

START_TEST(test_dot)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    g_autoptr(GString) dot = g_string_new(NULL);

    cs_constraint_graph_print_dot(graph, dot);
    ck_assert(g_str_has_prefix(dot->str, "digraph constraints {\n"));
    int edges = 0;
    g_auto(GStrv) lines = g_strsplit(dot->str, "\n", -1);
    for (int i = 0; lines[i] != NULL; i++)
        edges += g_regex_match_simple("^  \"[^\"]+\" -> \"[^\"]+\" \\[", lines[i], 0, 0);
    ck_assert_int_eq(edges, 4);
    ck_assert_ptr_nonnull(strstr(dot->str, "  \"db-vip\" [label=\"db-vip\\non delta\"];\n"));
    ck_assert_ptr_nonnull(strstr(dot->str,
                                 "  \"db-clone\" -> \"db-vip\" [label=\"with +INF Promoted\", "
                                 "tooltip=\"colocation-db-vip-db-clone-INFINITY\", penwidth=2]"));
    ck_assert_ptr_nonnull(strstr(dot->str, "style=dashed"));
    solved_free(&solved);
}
END_TEST

START_TEST(test_details)
{
    Solved solved = solve(DEMO);
    g_autoptr(CsConstraintGraph) graph = build(&solved, NULL, 0, TRUE);
    int index = (int)(edge_named(graph, "order-ping-clone-web-mandatory")
                      - (const CsGraphEdge *)(void *)graph->edges->data);
    g_autofree char *details = cs_constraint_graph_edge_details(graph, solved.model, index);

    ck_assert(g_str_has_prefix(details, "Order order-ping-clone-web-mandatory (Mandatory)\n"
                                        "ping-clone start, then web start.\n"));
    ck_assert_ptr_nonnull(strstr(details, "<rsc_order id=\"order-ping-clone-web-mandatory\""));
    solved_free(&solved);
}
END_TEST

/* Every CIB of tests/data/{cases,engine,clone,promotable,transition} the engine answers: the same properties,
 * on the whole graph and around each resource at depth 1. */
static gboolean try_solve(const char *path, Solved *solved)
{
    return cs_test_case_solve_file(solved, path, GRAPH_TIME);
}

static void assert_well_drawn(const CsConstraintGraph *graph, const char *what)
{
    assert_no_overlap(graph);
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        /* every edge goes down a layer or more (up, if reversed) */
        int from = g_array_index(graph->boxes, CsGraphBox, edge->from).layer;
        int to = g_array_index(graph->boxes, CsGraphBox, edge->to).layer;
        ck_assert_msg(edge->reversed ? from > to : to > from, "%s: %s from layer %d to %d", what,
                      edge->id, from, to);
        ck_assert_msg(arrow_at_box(graph, (int)i), "%s: %s has no arrow", what, edge->id);
        ck_assert_msg(port_at_box(graph, (int)i), "%s: %s leaves no box", what, edge->id);
        g_autofree char *label =
            grid_text(graph, edge->label_x, edge->label_y, (int)strlen(edge->label));
        ck_assert_msg(strcmp(label, edge->label) == 0, "%s: label %s drawn over", what,
                      edge->label);
    }
}

static void draw_folder(const char *folder, int *drawn, int *edges)
{
    g_autofree char *where =
        g_path_is_absolute(folder) ? g_strdup(folder) : g_build_filename(CS_TESTDATA, folder, NULL);
    g_autoptr(GDir) dir = g_dir_open(where, 0, NULL);
    ck_assert_ptr_nonnull(dir);
    for (const char *name; (name = g_dir_read_name(dir)) != NULL;) {
        if (!g_str_has_suffix(name, ".xml"))
            continue;
        g_autofree char *path = g_build_filename(where, name, NULL);
        Solved solved;
        if (try_solve(path, &solved)) {
            for (int focus = -1; focus < (int)solved.model->resources->len; focus++) {
                CsGraphOptions options = {.focus = focus, .depth = 1, .ascii = TRUE, .wrap = 80};
                g_autoptr(CsConstraintGraph) graph =
                    cs_constraint_graph_build(solved.model, solved.solution, &options);
                assert_well_drawn(graph, name);
                if (focus < 0)
                    *edges += (int)graph->edges->len;
            }
            (*drawn)++;
        }
        cs_test_case_clear(&solved);
    }
}

START_TEST(test_cases_well_drawn)
{
    static const char *const folders[] = {"cases",      "engine",     "clone",
                                          "promotable", "transition", "graph"};
    int drawn = 0, edges = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(folders); i++)
        draw_folder(folders[i], &drawn, &edges);
    /* and Pacemaker's own test inputs, when the shared corpus is there */
    const char *shared = g_getenv("SHARED_DIR");
    g_autofree char *corpus =
        shared != NULL ? g_build_filename(shared, "corpus", "pacemaker-2.1.5", "xml", NULL) : NULL;
    if (corpus != NULL && g_file_test(corpus, G_FILE_TEST_IS_DIR))
        draw_folder(corpus, &drawn, &edges);
    /* most of the cases are answered, and they hold constraints */
    ck_assert_int_gt(drawn, 100);
    ck_assert_int_gt(edges, 50);
}
END_TEST

/* ---- a graph built again from the previous one ------------------------ */

/* What stops: nothing (NULL), every resource, or the one resource only. */
static gboolean *stopping_variant(int count, int variant)
{
    if (variant == 0)
        return NULL;
    gboolean *stopping = g_new0(gboolean, MAX(count, 1));
    for (int rsc = 0; rsc < count; rsc++)
        stopping[rsc] = variant == 1 || rsc == variant - 2;
    return stopping;
}

static void assert_same_picture(const CsConstraintGraph *kept, const CsConstraintGraph *fresh)
{
    ck_assert_int_eq(kept->width, fresh->width);
    ck_assert_int_eq(kept->height, fresh->height);
    for (gsize at = 0; at < (gsize)fresh->width * fresh->height; at++) {
        ck_assert_uint_eq(kept->cells[at].ch, fresh->cells[at].ch);
        ck_assert_int_eq(kept->cells[at].kind, fresh->cells[at].kind);
        ck_assert_int_eq(kept->cells[at].edge, fresh->cells[at].edge);
        ck_assert_int_eq(kept->cells[at].box, fresh->cells[at].box);
    }
    for (guint i = 0; i < fresh->boxes->len; i++) {
        const CsGraphBox *a = &g_array_index(kept->boxes, CsGraphBox, i);
        const CsGraphBox *b = &g_array_index(fresh->boxes, CsGraphBox, i);
        ck_assert(a->x == b->x && a->y == b->y && a->width == b->width && a->height == b->height
                  && a->layer == b->layer);
    }
    for (guint i = 0; i < fresh->edges->len; i++) {
        const CsGraphEdge *a = &g_array_index(kept->edges, CsGraphEdge, i);
        const CsGraphEdge *b = &g_array_index(fresh->edges, CsGraphEdge, i);
        ck_assert(a->label_x == b->label_x && a->label_y == b->label_y
                  && a->reversed == b->reversed);
    }
}

/* Whether one of the layouts of the parts (pointers of the graph before,
 * still alive while the new one was made) is in graph. */
static gboolean kept_a_part(const CsConstraintGraph *graph, GPtrArray *before)
{
    for (guint i = 0; i < graph->layouts->len; i++)
        for (guint j = 0; j < before->len; j++)
            if (g_ptr_array_index(graph->layouts, i) == g_ptr_array_index(before, j))
                return TRUE;
    return FALSE;
}

/* The console builds the graph of a new solution from the one it had
 * (cs_constraint_graph_rebuild): the picture must be the one a build
 * from nothing draws, whether the layout is kept whole (same sizes), in
 * part (a box of one connected part changed size) or not at all. */
static void rebuild_all_ways(const char *path, int *whole, int *parts)
{
    Solved solved = solve(path);
    int count = (int)cs_solution_model(solved.solution)->resources->len;
    for (int before = 0; before < count + 2; before++)
        for (int after = 0; after < count + 2; after++) {
            if (before > 1 && after > 1)
                continue; /* one of the two stops nothing or everything */
            g_autofree gboolean *stopping_before = stopping_variant(count, before);
            g_autofree gboolean *stopping_after = stopping_variant(count, after);
            CsGraphOptions options = {
                .focus = -1, .stopping = stopping_before, .stopping_count = count};
            CsConstraintGraph *previous =
                cs_constraint_graph_build(solved.model, solved.solution, &options);
            const CsGraphCell *cells_before = previous->cells;
            g_autoptr(GPtrArray) layouts_before = g_ptr_array_new(); /* not owned */
            g_ptr_array_extend(layouts_before, previous->layouts, NULL, NULL);
            options.stopping = stopping_after;
            g_autoptr(CsConstraintGraph) fresh =
                cs_constraint_graph_build(solved.model, solved.solution, &options);
            g_autoptr(CsConstraintGraph) kept =
                cs_constraint_graph_rebuild(solved.model, solved.solution, &options, previous);
            assert_same_picture(kept, fresh);
            if (kept->cells == cells_before)
                (*whole)++;
            else if (kept_a_part(kept, layouts_before))
                (*parts)++;
        }
    solved_free(&solved);
}

START_TEST(test_rebuild_same_picture)
{
    int whole = 0, parts = 0;
    rebuild_all_ways(DEMO, &whole, &parts);
    rebuild_all_ways(CYCLES, &whole, &parts);
    /* each way was taken */
    ck_assert_int_gt(whole, 0);
    ck_assert_int_gt(parts, 0);
}
END_TEST

/* A new solution where a moves (its box widens: "node1 → node2") and
 * c, d stay: a's part is laid out again, c's kept, and the picture is
 * a fresh build's; back the other way too. */
START_TEST(test_rebuild_after_move)
{
    Solved stays = solve(CS_TESTDATA "/graph/rebuild-stays.xml");
    Solved moves = solve(CS_TESTDATA "/graph/rebuild-moves.xml");
    const Solved *order[2][2] = {{&stays, &moves}, {&moves, &stays}};
    for (int way = 0; way < 2; way++) {
        const Solved *before = order[way][0], *after = order[way][1];
        g_autoptr(CsConstraintGraph) previous = build(before, NULL, 0, FALSE);
        int a_width = box_named(previous, "a")->width;
        g_autoptr(GPtrArray) layouts_before = g_ptr_array_new(); /* not owned */
        g_ptr_array_extend(layouts_before, previous->layouts, NULL, NULL);
        g_autoptr(CsConstraintGraph) fresh = build(after, NULL, 0, FALSE);
        int count = 0;
        g_autofree gboolean *stopping = cs_constraint_graph_stopping(after->solution, &count);
        CsGraphOptions options = {.focus = -1, .stopping = stopping, .stopping_count = count};
        g_autoptr(CsConstraintGraph) kept = cs_constraint_graph_rebuild(
            after->model, after->solution, &options, g_steal_pointer(&previous));
        ck_assert_int_ne(box_named(kept, "a")->width, a_width);
        ck_assert(kept_a_part(kept, layouts_before));
        assert_same_picture(kept, fresh);
    }
    solved_free(&stays);
    solved_free(&moves);
}
END_TEST

static Suite *graph_suite(void)
{
    Suite *suite = suite_create("graph");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_demo_layers);
    tcase_add_test(tc, test_demo_no_overlap_and_edges_connect);
    tcase_add_test(tc, test_demo_edge_ends_and_labels);
    tcase_add_test(tc, test_demo_box_lines);
    tcase_add_test(tc, test_focus_depth);
    tcase_add_test(tc, test_implicit_links);
    tcase_add_test(tc, test_bundle_replica_lines);
    tcase_add_test(tc, test_bundle_replica_links);
    tcase_add_test(tc, test_bundle_replica_address);
    tcase_add_test(tc, test_cycle_and_conflicts_flagged);
    tcase_add_test(tc, test_utf8_lines);
    tcase_add_test(tc, test_utf8_dashed_order);
    tcase_add_test(tc, test_node_boxes);
    tcase_add_test(tc, test_box_details);
    tcase_add_test(tc, test_paired_chain);
    tcase_add_test(tc, test_dot);
    tcase_add_test(tc, test_details);
    tcase_add_test(tc, test_cases_well_drawn);
    tcase_add_test(tc, test_rebuild_same_picture);
    tcase_add_test(tc, test_rebuild_after_move);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(graph_suite());
}
