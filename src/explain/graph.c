/* graph.c: the constraint graph, laid out on a character grid.
 *
 * Pacemaker Explained 2.1, "Placing Resources Relative to other
 * Resources": a colocation places its dependent (rsc) where its primary
 * (with-rsc) is, so the primary is drawn above and the edge points down
 * to the dependent.  "Specifying the Order in which Resources Should
 * Start/Stop": an order's first is drawn above its then.  Colocations of
 * +/-INFINITY and orders of kind Mandatory are requirements: drawn heavy.
 *
 * The layout is layered (doc/graph.md): cycles broken by reversing the
 * back edges a depth-first search finds, layers by longest path, an edge
 * longer than one layer split by dummy vertices (one of them carries its
 * label), crossings reduced by barycenter sweeps and transposition,
 * coordinates by Brandes and Köpf's method, then edges routed
 * orthogonally through tracks between the layers.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <libxml/tree.h>
#include "explain/graph.h"
#include "explain/remote_node.h"
#include "model/rules.h"

#define BOX_GAP 3                /* columns between vertices of a layer */
#define LOCATION_LINES_MAX 3     /* location notes on a box before "+N more" */
#define SWEEPS 8                 /* crossing-reduction sweeps */
#define COUNT_CROSSINGS_MAX 4000 /* segments past which sweeps are not scored */

/* ---- safe text ---------------------------------------------------------- */

/* A CIB's id made safe for a terminal: control and format characters,
 * invalid UTF-8 and (in ASCII) every non-ASCII byte as \xNN. */
static char *safe_text(const char *raw, gboolean ascii)
{
    GString *out = g_string_new(NULL);
    for (const char *cursor = raw; *cursor != '\0';) {
        gunichar ch = g_utf8_get_char_validated(cursor, -1);
        if (ch == (gunichar)-1 || ch == (gunichar)-2) {
            g_string_append_printf(out, "\\x%02x", (guchar)*cursor++);
            continue;
        }
        const char *next = g_utf8_next_char(cursor);
        if (ch == '\\')
            g_string_append(out, "\\\\");
        else if (ch < 0x80 && g_ascii_isprint((char)ch))
            g_string_append_c(out, (char)ch);
        else if (!ascii && ch >= 0xa0 && g_unichar_isprint(ch) && !g_unichar_iszerowidth(ch)
                 && g_unichar_type(ch) != G_UNICODE_FORMAT)
            g_string_append_len(out, cursor, next - cursor);
        else
            for (const char *byte = cursor; byte < next; byte++)
                g_string_append_printf(out, "\\x%02x", (guchar)*byte);
        cursor = next;
    }
    return g_string_free(out, FALSE);
}

static int text_width(const char *safe)
{
    int width = 0;
    for (const char *cursor = safe; *cursor != '\0'; cursor = g_utf8_next_char(cursor))
        width += g_unichar_iswide(g_utf8_get_char(cursor)) ? 2 : 1;
    return width;
}

static const char *arrow_text(gboolean ascii)
{
    return ascii ? "->" : "\u2192";
}

/* "+INF", "-INF", "+100", "-500", "0". */
static char *short_score(CsScore score)
{
    if (score >= CS_INFINITY)
        return g_strdup("+INF");
    if (score <= -CS_INFINITY)
        return g_strdup("-INF");
    return score > 0 ? g_strdup_printf("+%d", (int)score) : g_strdup_printf("%d", (int)score);
}

/* ---- where each resource runs now and next ------------------------------
 * Small functions of their own, so that the day the transition is kept
 * per resource only these change. */

typedef struct Placement {
    int node;
    gboolean promoted;
} Placement;

static const CsResource *engine_resource(const CsSolution *solution, int rsc)
{
    const CsModel *engine = cs_solution_model(solution);
    return rsc >= 0 && (guint)rsc < engine->resources->len
               ? g_ptr_array_index(engine->resources, rsc)
               : NULL;
}

/* The transition stops rsc although it stays assigned (an order left its
 * start unrunnable). */
static gboolean transition_stops(const CsGraphOptions *options, int rsc)
{
    return options->stopping != NULL && rsc >= 0 && rsc < options->stopping_count
           && options->stopping[rsc];
}

static void add_placement(GArray *out, int node, gboolean promoted)
{
    if (node < 0)
        return;
    for (guint i = 0; i < out->len; i++) {
        Placement *seen = &g_array_index(out, Placement, i);
        if (seen->node == node) {
            seen->promoted |= promoted;
            return;
        }
    }
    Placement placement = {node, promoted};
    g_array_append_val(out, placement);
}

static int placement_order(gconstpointer a, gconstpointer b)
{
    return ((const Placement *)a)->node - ((const Placement *)b)->node;
}

/* A bundle's child that is one of its replicas' containers (of the
 * bundle's runtime, Pacemaker Explained 2.1, "Bundles"). */
static gboolean is_bundle_container(const CsResource *bundle, const CsSolution *solution, int rsc)
{
    const CsResource *child = engine_resource(solution, rsc);
    return bundle->bundle != NULL && child != NULL
           && g_strcmp0(child->type, bundle->bundle->runtime) == 0;
}

/* The nodes rsc runs on (next: will run on), clone instances gathered. */
static GArray *graph_placements(const CsSolution *solution, const CsGraphOptions *options, int rsc,
                                gboolean next)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(Placement));
    const CsResource *info = solution != NULL ? engine_resource(solution, rsc) : NULL;
    if (info == NULL)
        return out;
    if (info->kind == CS_RSC_CLONE || info->kind == CS_RSC_BUNDLE) {
        for (guint i = 0; i < info->children->len; i++) {
            int instance = g_array_index(info->children, int, i);
            /* a bundle runs where its replicas' containers run */
            if (info->kind == CS_RSC_BUNDLE && !is_bundle_container(info, solution, instance))
                continue;
            int node = next ? cs_solution_assigned_node(solution, instance)
                            : cs_solution_current_node(solution, instance);
            if (next && transition_stops(options, instance))
                node = -1;
            CsRole role = next ? cs_solution_next_role(solution, instance)
                               : cs_solution_current_role(solution, instance);
            add_placement(out, node, role == CS_ROLE_PROMOTED);
        }
        g_array_sort(out, placement_order);
        return out;
    }
    int node =
        next ? cs_solution_assigned_node(solution, rsc) : cs_solution_current_node(solution, rsc);
    if (next && transition_stops(options, rsc))
        node = -1;
    CsRole role =
        next ? cs_solution_next_role(solution, rsc) : cs_solution_current_role(solution, rsc);
    add_placement(out, node, role == CS_ROLE_PROMOTED);
    return out;
}

static gboolean placements_equal(const GArray *a, const GArray *b)
{
    if (a->len != b->len)
        return FALSE;
    for (guint i = 0; i < a->len; i++) {
        const Placement *one = &g_array_index(a, Placement, i),
                        *other = &g_array_index(b, Placement, i);
        if (one->node != other->node || one->promoted != other->promoted)
            return FALSE;
    }
    return TRUE;
}

static char *placements_text(const CsModel *model, const GArray *placements, gboolean ascii)
{
    if (placements->len == 0)
        return g_strdup("stopped");
    GString *out = g_string_new(NULL);
    for (guint i = 0; i < placements->len; i++) {
        const Placement *placement = &g_array_index(placements, Placement, i);
        const CsNode *node = g_ptr_array_index(model->nodes, placement->node);
        g_autofree char *name = safe_text(node->uname, ascii);
        g_string_append_printf(out, "%s%s%s", i > 0 ? " " : "", name,
                               placement->promoted ? "*" : "");
    }
    return g_string_free(out, FALSE);
}

/* ---- building: boxes and edges ------------------------------------------ */

typedef struct Builder {
    const CsModel *model;
    const CsSolution *solution;
    const CsGraphOptions *options;
    CsConstraintGraph *graph;
    int count;             /* resources a box may stand for: the model's,
                              then (with a solution) the engine's own,
                              such as a bundle's replica parts */
    int *box_of;           /* per resource of count: its box, or -1 */
    int *node_box_of;      /* per node: its node box, or -1 */
    GArray **locations_of; /* per model resource: indices in
                                 model->locations drawn on it, or NULL */
} Builder;

/* A constraint on a clone's child is drawn on the clone: the child is the
 * template its instances copy (Pacemaker Explained 2.1, "Clones"). */
static int graph_endpoint(const CsModel *model, int rsc)
{
    int endpoint = rsc;
    for (int up = rsc; up >= 0;) {
        const CsResource *info = g_ptr_array_index(model->resources, up);
        if (info->kind == CS_RSC_CLONE)
            endpoint = up;
        up = info->parent;
    }
    return endpoint;
}

/* The resource of a box: the model's, or past the model's resources the
 * engine's (a bundle's replica parts exist only there). */
static const CsResource *graph_resource(const Builder *builder, int rsc)
{
    if (rsc >= 0 && (guint)rsc < builder->model->resources->len)
        return g_ptr_array_index(builder->model->resources, rsc);
    return builder->solution != NULL ? engine_resource(builder->solution, rsc) : NULL;
}

/* Whether the engine's rsc belongs to a bundle (a replica's part, or an
 * instance of the resource inside). */
static gboolean in_bundle(const CsSolution *solution, int rsc)
{
    for (const CsResource *up = engine_resource(solution, rsc); up != NULL;
         up = engine_resource(solution, up->parent))
        if (up->kind == CS_RSC_BUNDLE)
            return TRUE;
    return FALSE;
}

/* graph_endpoint, for any resource of the builder: a bundle's replica
 * part is drawn as itself; another of the engine's own resources (a
 * clone's instance) where the resource it copies is. */
static int endpoint(const Builder *builder, int rsc)
{
    if ((guint)rsc < builder->model->resources->len)
        return graph_endpoint(builder->model, rsc);
    if (in_bundle(builder->solution, rsc))
        return rsc;
    return graph_endpoint(builder->model, cs_solution_configured_rsc(builder->solution, rsc));
}

/* Where node names are read: the engine's model when there is one (a
 * bundle's guest nodes exist only there), else the model. */
static const CsModel *node_model(const Builder *builder)
{
    return builder->solution != NULL ? cs_solution_model(builder->solution) : builder->model;
}

/* One candidate edge before any box exists: model endpoints. */
typedef struct Link {
    CsGraphEdgeKind kind;
    int constraint;
    int from, to;
} Link;

/* The node rsc runs on now, else next, when it is a remote or guest
 * node; -1 otherwise. */
static int remote_node_of(const CsModel *model, const CsSolution *solution, int rsc)
{
    int nodes[2] = {cs_solution_current_node(solution, rsc),
                    cs_solution_assigned_node(solution, rsc)};
    for (int i = 0; i < 2; i++) {
        const CsNode *node = nodes[i] >= 0 && (guint)nodes[i] < model->nodes->len
                                 ? g_ptr_array_index(model->nodes, nodes[i])
                                 : NULL;
        if (node != NULL && node->remote_rsc >= 0)
            return nodes[i];
    }
    return -1;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a container holds its
 * guest node's connection (and any resource with container=), and a
 * remote or guest node's resources live as long as its connection.  No
 * constraint says so; the graph draws them as implicit links. */
static void collect_implicit_links(const CsModel *model, const CsSolution *solution, GArray *links)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(model->resources, i);
        if (info->container >= 0) {
            Link link = {CS_GRAPH_IMPLICIT, -1, graph_endpoint(model, info->container),
                         graph_endpoint(model, (int)i)};
            if (link.from != link.to)
                g_array_append_val(links, link);
        }
        if (solution == NULL || info->kind != CS_RSC_PRIMITIVE || info->is_remote_connection)
            continue;
        int node = remote_node_of(model, solution, (int)i);
        if (node < 0)
            continue;
        const CsNode *remote = g_ptr_array_index(model->nodes, node);
        Link link = {CS_GRAPH_IMPLICIT, node, graph_endpoint(model, remote->remote_rsc),
                     graph_endpoint(model, (int)i)};
        if (link.from != link.to)
            g_array_append_val(links, link);
    }
}

/* The links of replica n of bundle, whose parts are parts (see
 * collect_replica_links). */
static void add_replica_links(const CsSolution *solution, const CsResource *bundle, int n,
                              const GArray *parts, GArray *links)
{
    const CsResource *connection = NULL;
    for (guint k = 0; k < parts->len; k++) {
        const CsResource *part = engine_resource(solution, g_array_index(parts, int, k));
        if (part->is_remote_connection)
            connection = part;
    }
    for (guint k = 0; k < parts->len; k++) {
        const CsResource *part = engine_resource(solution, g_array_index(parts, int, k));
        Link link = {CS_GRAPH_IMPLICIT, n, bundle->index, part->index};
        if (part == connection)
            link = (Link){CS_GRAPH_IMPLICIT, -1, part->container, part->index};
        else if (part->parent != bundle->index) { /* the instance inside */
            if (connection == NULL || connection->remote_node < 0)
                continue;
            link =
                (Link){CS_GRAPH_IMPLICIT, connection->remote_node, connection->index, part->index};
        }
        if (link.from >= 0 && link.from != link.to)
            g_array_append_val(links, link);
    }
}

/* Pacemaker Explained 2.1, "Bundles": each replica of a bundle is a
 * container, an address when the bundle has a network, and, with a
 * resource inside, a connection to the guest node the container holds,
 * on which that resource's instance runs.  The bundle creates them: the
 * graph links it to each replica's container and address ("replica
 * N"), the container to its connection ("guest node web-0") and the
 * connection to the instance inside ("runs on web-0"), as for a guest
 * node.  Their indices are the engine's. */
static void collect_replica_links(const CsModel *model, const CsSolution *solution, GArray *links)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *bundle = engine_resource(solution, (int)i);
        if (bundle == NULL || bundle->kind != CS_RSC_BUNDLE || bundle->bundle == NULL)
            continue;
        for (int n = 0; n < bundle->bundle->replicas; n++) {
            g_autoptr(GArray) parts = cs_bundle_replica_parts(solution, (int)i, n);
            add_replica_links(solution, bundle, n, parts, links);
        }
    }
}

static GArray *collect_links(const CsModel *model, const CsSolution *solution)
{
    GArray *links = g_array_new(FALSE, FALSE, sizeof(Link));
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *colocation = g_ptr_array_index(model->colocations, i);
        Link link = {CS_GRAPH_COLOCATION, (int)i, graph_endpoint(model, colocation->with_rsc),
                     graph_endpoint(model, colocation->rsc)};
        if (link.from != link.to)
            g_array_append_val(links, link);
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);
        /* the inverse of a symmetrical order is the same constraint */
        Link link = {CS_GRAPH_ORDER, (int)i, graph_endpoint(model, order->first),
                     graph_endpoint(model, order->then)};
        if (!order->inverse && link.from != link.to)
            g_array_append_val(links, link);
    }
    collect_implicit_links(model, solution, links);
    if (solution != NULL)
        collect_replica_links(model, solution, links);
    return links;
}

static char *kind_text(const CsResource *info)
{
    switch (info->kind) {
    case CS_RSC_GROUP: return g_strdup_printf("group of %u", info->children->len);
    case CS_RSC_CLONE: return g_strdup(info->promotable ? "promotable clone" : "clone");
    case CS_RSC_BUNDLE: return g_strdup("bundle");
    case CS_RSC_PRIMITIVE: break;
    }
    return NULL;
}

static char *rule_score(const CsLocation *location)
{
    for (guint i = 0; i < location->rules->len; i++) {
        xmlNode *rule = cs_rule_xml(g_ptr_array_index(location->rules, i));
        g_autofree char *score =
            rule != NULL ? (char *)xmlGetProp(rule, (const xmlChar *)"score") : NULL;
        CsScore value;
        if (score != NULL && cs_score_parse(score, &value))
            return short_score(value);
    }
    return g_strdup("rule");
}

/* "-INF alpha", "+50 delta Promoted", "+100 location-web-tier (rule)". */
static char *location_note(const CsLocation *location, gboolean ascii)
{
    g_autofree char *role = location->role != CS_ROLE_UNKNOWN
                                ? g_strdup_printf(" %s", cs_role_name(location->role))
                                : g_strdup("");
    if (location->node != NULL) {
        g_autofree char *score = short_score(location->score);
        g_autofree char *node = safe_text(location->node, ascii);
        return g_strdup_printf("%s %s%s", score, node, role);
    }
    g_autofree char *score = rule_score(location);
    g_autofree char *id = safe_text(location->id, ascii);
    return g_strdup_printf("%s %s%s (rule)", score, id, role);
}

/* Each resource's location constraints, read once per graph. */
static void index_locations(Builder *builder)
{
    const CsModel *model = builder->model;
    builder->locations_of = g_new0(GArray *, MAX(model->resources->len, 1));
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);
        int rsc = graph_endpoint(model, location->rsc);
        if (builder->locations_of[rsc] == NULL)
            builder->locations_of[rsc] = g_array_new(FALSE, FALSE, sizeof(guint));
        g_array_append_val(builder->locations_of[rsc], i);
    }
}

static void free_location_index(Builder *builder)
{
    for (guint rsc = 0; rsc < builder->model->resources->len; rsc++)
        if (builder->locations_of[rsc] != NULL)
            g_array_unref(builder->locations_of[rsc]);
    g_free(builder->locations_of);
}

static void add_location_notes(Builder *builder, CsGraphBox *box)
{
    int shown = 0, more = 0;
    box->notes_from = (int)box->lines->len;
    const GArray *mine =
        (guint)box->rsc < builder->model->resources->len ? builder->locations_of[box->rsc] : NULL;
    for (guint j = 0; mine != NULL && j < mine->len; j++) {
        const CsLocation *location =
            g_ptr_array_index(builder->model->locations, g_array_index(mine, guint, j));
        if (builder->options->node_boxes && location->node != NULL)
            continue;
        if (shown == LOCATION_LINES_MAX) {
            more++;
            continue;
        }
        g_ptr_array_add(box->lines, location_note(location, builder->options->ascii));
        shown++;
    }
    if (more > 0)
        g_ptr_array_add(box->lines,
                        g_strdup_printf("+%d more location%s", more, more == 1 ? "" : "s"));
}

static void add_where_lines(Builder *builder, CsGraphBox *box)
{
    if (builder->solution == NULL)
        return;
    gboolean ascii = builder->options->ascii;
    g_autoptr(GArray) now = graph_placements(builder->solution, builder->options, box->rsc, FALSE);
    g_autoptr(GArray) next = graph_placements(builder->solution, builder->options, box->rsc, TRUE);
    g_autofree char *now_text = placements_text(node_model(builder), now, ascii);
    g_autofree char *next_text = placements_text(node_model(builder), next, ascii);
    if (placements_equal(now, next))
        g_ptr_array_add(box->lines,
                        now->len == 0 ? g_strdup("stopped") : g_strdup_printf("on %s", now_text));
    else if (now->len <= 1 && next->len <= 1)
        g_ptr_array_add(box->lines,
                        g_strdup_printf("%s %s %s", now_text, arrow_text(ascii), next_text));
    else {
        g_ptr_array_add(box->lines, g_strdup_printf("now  %s", now_text));
        g_ptr_array_add(box->lines, g_strdup_printf("next %s", next_text));
    }
}

/* A bundle's replicas, one line each: "0 web-podman-0 web-0 app:0",
 * its container, address, connection and the instance inside. */
static void add_replica_lines(Builder *builder, CsGraphBox *box)
{
    const CsResource *info =
        builder->solution != NULL ? engine_resource(builder->solution, box->rsc) : NULL;
    if (info == NULL || info->kind != CS_RSC_BUNDLE || info->bundle == NULL)
        return;
    for (int n = 0; n < info->bundle->replicas; n++) {
        g_autoptr(GArray) parts = cs_bundle_replica_parts(builder->solution, box->rsc, n);
        if (parts->len == 0)
            continue;
        g_autoptr(GString) line = g_string_new(NULL);
        g_string_append_printf(line, "%d", n);
        for (guint k = 0; k < parts->len; k++) {
            const CsResource *part =
                engine_resource(builder->solution, g_array_index(parts, int, k));
            g_autofree char *id = safe_text(part->id, builder->options->ascii);
            g_string_append_printf(line, " %s", id);
        }
        g_ptr_array_add(box->lines, g_string_free(g_steal_pointer(&line), FALSE));
    }
}

static int add_box(Builder *builder, int rsc, int node)
{
    CsGraphBox box = {.rsc = rsc, .node = node, .layer = -1};
    box.lines = g_ptr_array_new_with_free_func(g_free);
    gboolean ascii = builder->options->ascii;
    if (rsc >= 0) {
        const CsResource *info = graph_resource(builder, rsc);
        g_ptr_array_add(box.lines, safe_text(info->id, ascii));
        char *kind = kind_text(info);
        if (kind != NULL)
            g_ptr_array_add(box.lines, kind);
        box.focus =
            builder->options->focus >= 0 && rsc == endpoint(builder, builder->options->focus);
        add_where_lines(builder, &box);
        /* what keeps a resource where it is, or stopped, whatever its
         * constraints say (Pacemaker Explained 2.1, "Resource Meta-Attributes") */
        if (info->target_role == CS_ROLE_STOPPED)
            g_ptr_array_add(box.lines, g_strdup("target-role Stopped"));
        if (!info->managed)
            g_ptr_array_add(box.lines, g_strdup(info->maintenance ? "maintenance" : "unmanaged"));
        add_replica_lines(builder, &box);
        add_location_notes(builder, &box);
    } else {
        const CsNode *info = g_ptr_array_index(builder->model->nodes, node);
        g_ptr_array_add(box.lines, safe_text(info->uname, ascii));
        g_ptr_array_add(box.lines, g_strdup("node"));
        box.notes_from = (int)box.lines->len;
    }
    g_array_append_val(builder->graph->boxes, box);
    int index = (int)builder->graph->boxes->len - 1;
    if (rsc >= 0)
        builder->box_of[rsc] = index;
    else
        builder->node_box_of[node] = index;
    return index;
}

static char *role_words(const char *prefix, CsRole role)
{
    return role != CS_ROLE_UNKNOWN ? g_strdup_printf(" %s %s", prefix, cs_role_name(role))
                                   : g_strdup("");
}

/* "with +INF Promoted": the dependent is placed with the primary's
 * Promoted instance, a requirement. */
static char *colocation_label(const CsColocation *colocation, gboolean ascii)
{
    g_autofree char *score = short_score(colocation->score);
    g_autofree char *with_role = colocation->with_role != CS_ROLE_UNKNOWN
                                     ? g_strdup_printf(" %s", cs_role_name(colocation->with_role))
                                     : g_strdup("");
    g_autofree char *as_role = role_words("as", colocation->rsc_role);
    g_autofree char *attribute = NULL;
    if (colocation->node_attribute != NULL && strcmp(colocation->node_attribute, "#uname") != 0) {
        g_autofree char *safe = safe_text(colocation->node_attribute, ascii);
        attribute = g_strdup_printf(" by %s", safe);
    }
    return g_strdup_printf("with %s%s%s%s", score, with_role, as_role,
                           attribute != NULL ? attribute : "");
}

static const char *order_kind_name(CsOrderKind kind)
{
    switch (kind) {
    case CS_ORDER_MANDATORY: return "Mandatory";
    case CS_ORDER_OPTIONAL: return "Optional";
    case CS_ORDER_SERIALIZE: return "Serialize";
    }
    return "?";
}

/* "Mandatory start->start". */
static char *order_label(const CsOrder *order, gboolean ascii)
{
    g_autofree char *first =
        safe_text(order->first_action != NULL ? order->first_action : "start", ascii);
    g_autofree char *then =
        safe_text(order->then_action != NULL ? order->then_action : "start", ascii);
    return g_strdup_printf("%s %s%s%s", order_kind_name(order->kind), first, arrow_text(ascii),
                           then);
}

/* "runs on g1" (a connection's node), "guest node g1" (a container's
 * connection), "replica 0" (a bundle's replica's container or address)
 * or "container" (a resource with container=). */
static char *implicit_label(const Builder *builder, const Link *link, gboolean ascii)
{
    const CsModel *model = node_model(builder);
    const CsResource *from = graph_resource(builder, link->from);
    const CsResource *to = graph_resource(builder, link->to);
    const CsNode *node = NULL;
    if (from->kind == CS_RSC_BUNDLE)
        return g_strdup_printf("replica %d", link->constraint);
    if (link->constraint >= 0)
        node = g_ptr_array_index(model->nodes, link->constraint);
    else if (to->is_remote_connection && to->remote_node >= 0)
        node = g_ptr_array_index(model->nodes, to->remote_node);
    else
        return g_strdup("container");
    g_autofree char *name = safe_text(node->uname, ascii);
    return g_strdup_printf("%s %s", link->constraint >= 0 ? "runs on" : "guest node", name);
}

static void add_edge(Builder *builder, const Link *link, int from, int to)
{
    CsGraphEdge edge = {
        .kind = link->kind, .constraint = link->constraint, .from = from, .to = to, .partner = -1};
    gboolean ascii = builder->options->ascii;
    if (link->kind == CS_GRAPH_COLOCATION) {
        const CsColocation *colocation =
            g_ptr_array_index(builder->model->colocations, link->constraint);
        edge.id = colocation->id;
        edge.label = colocation_label(colocation, ascii);
        edge.mandatory = colocation->score >= CS_INFINITY || colocation->score <= -CS_INFINITY;
    } else if (link->kind == CS_GRAPH_ORDER) {
        const CsOrder *order = g_ptr_array_index(builder->model->orders, link->constraint);
        edge.id = order->id;
        edge.label = order_label(order, ascii);
        edge.mandatory = order->kind == CS_ORDER_MANDATORY;
    } else if (link->kind == CS_GRAPH_IMPLICIT) {
        edge.id = graph_resource(builder, link->from)->id;
        edge.label = implicit_label(builder, link, ascii);
    } else {
        const CsLocation *location = g_ptr_array_index(builder->model->locations, link->constraint);
        edge.id = location->id;
        g_autofree char *role = role_words("as", location->role);
        g_autofree char *score = short_score(location->score);
        edge.label =
            g_strdup_printf("%s %s%s", location->score < 0 ? "avoids" : "prefers", score, role);
        edge.mandatory = location->score >= CS_INFINITY || location->score <= -CS_INFINITY;
    }
    g_array_append_val(builder->graph->edges, edge);
}

/* The resources within depth links of the focus (and of the groups it
 * is a member of), or every one. */
static gboolean *chosen_resources(const Builder *builder, const GArray *links)
{
    int count = builder->count;
    gboolean *chosen = g_new0(gboolean, count);
    int focus = builder->options->focus;
    if (focus < 0) {
        for (guint i = 0; i < links->len; i++) {
            const Link *link = &g_array_index(links, Link, i);
            chosen[link->from] = chosen[link->to] = TRUE;
        }
        for (int rsc = 0; rsc < count; rsc++)
            chosen[rsc] |= graph_resource(builder, rsc)->parent < 0;
        return chosen;
    }
    /* adjacency: per resource, the links touching it */
    g_autofree GArray **touching = g_new0(GArray *, count);
    for (guint i = 0; i < links->len; i++) {
        const Link *link = &g_array_index(links, Link, i);
        int ends[2] = {link->from, link->to};
        for (int end = 0; end < 2; end++) {
            if (touching[ends[end]] == NULL)
                touching[ends[end]] = g_array_new(FALSE, FALSE, sizeof(int));
            g_array_append_val(touching[ends[end]], i);
        }
    }
    g_autofree int *distance = g_new(int, count);
    for (int rsc = 0; rsc < count; rsc++)
        distance[rsc] = -1;
    g_autoptr(GArray) queue = g_array_new(FALSE, FALSE, sizeof(int));
    for (int up = focus; up >= 0; up = graph_resource(builder, up)->parent) {
        int seed = endpoint(builder, up);
        if (distance[seed] < 0) {
            distance[seed] = 0;
            g_array_append_val(queue, seed);
        }
    }
    for (guint head = 0; head < queue->len; head++) {
        int rsc = g_array_index(queue, int, head);
        chosen[rsc] = TRUE;
        if (distance[rsc] >= builder->options->depth || touching[rsc] == NULL)
            continue;
        for (guint i = 0; i < touching[rsc]->len; i++) {
            const Link *link = &g_array_index(links, Link, g_array_index(touching[rsc], guint, i));
            int other = link->from == rsc ? link->to : link->from;
            if (distance[other] < 0) {
                distance[other] = distance[rsc] + 1;
                g_array_append_val(queue, other);
            }
        }
    }
    for (int rsc = 0; rsc < count; rsc++)
        if (touching[rsc] != NULL)
            g_array_unref(touching[rsc]);
    return chosen;
}

static void add_node_boxes(Builder *builder)
{
    const CsModel *model = builder->model;
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);
        int to = builder->box_of[graph_endpoint(model, location->rsc)];
        const CsNode *node = location->node != NULL ? cs_model_node(model, location->node) : NULL;
        if (to < 0 || node == NULL)
            continue;
        if (builder->node_box_of[node->index] < 0)
            add_box(builder, -1, node->index);
        Link link = {CS_GRAPH_LOCATION, (int)i, -1, -1};
        add_edge(builder, &link, builder->node_box_of[node->index], to);
    }
}

/* Each order drawn along the colocation between the same two boxes, the
 * same way, when there is one not paired yet. */
static void pair_edges(CsConstraintGraph *graph)
{
    for (guint i = 0; i < graph->edges->len; i++) {
        CsGraphEdge *order = &g_array_index(graph->edges, CsGraphEdge, i);
        if (order->kind != CS_GRAPH_ORDER)
            continue;
        for (guint j = 0; j < graph->edges->len; j++) {
            CsGraphEdge *colocation = &g_array_index(graph->edges, CsGraphEdge, j);
            if (colocation->kind != CS_GRAPH_COLOCATION || colocation->partner >= 0
                || colocation->from != order->from || colocation->to != order->to)
                continue;
            colocation->partner = (int)i;
            order->partner = (int)j;
            order->hidden = TRUE;
            break;
        }
    }
}

static void add_boxes_and_edges(Builder *builder)
{
    const CsModel *model = builder->model;
    g_autoptr(GArray) links = collect_links(model, builder->solution);
    g_autofree gboolean *chosen = chosen_resources(builder, links);
    if (builder->options->focus >= 0)
        add_box(builder, endpoint(builder, builder->options->focus), -1);
    for (int rsc = 0; rsc < builder->count; rsc++)
        if (chosen[rsc] && builder->box_of[rsc] < 0)
            add_box(builder, rsc, -1);
    for (guint i = 0; i < links->len; i++) {
        const Link *link = &g_array_index(links, Link, i);
        int from = builder->box_of[link->from], to = builder->box_of[link->to];
        if (from >= 0 && to >= 0)
            add_edge(builder, link, from, to);
    }
    if (builder->options->node_boxes)
        add_node_boxes(builder);
    pair_edges(builder->graph);
}

/* ---- cycles and unmet requirements -------------------------------------- */

typedef struct Tarjan {
    const CsConstraintGraph *graph;
    GArray **out; /* per box: edge indices leaving it */
    int *index, *low, *component;
    gboolean *on_stack;
    GArray *stack;
    int next_index, components;
} Tarjan;

/* Iterative Tarjan: a deep chain must not overflow the C stack. */
static void tarjan_visit(Tarjan *tarjan, int root)
{
    g_autoptr(GArray) calls = g_array_new(FALSE, FALSE, sizeof(int) * 2);
    int frame[2] = {root, 0};
    g_array_append_val(calls, frame);
    tarjan->index[root] = tarjan->low[root] = tarjan->next_index++;
    g_array_append_val(tarjan->stack, root);
    tarjan->on_stack[root] = TRUE;
    while (calls->len > 0) {
        int *top = (int *)(void *)(calls->data + (calls->len - 1) * sizeof(int) * 2);
        int box = top[0];
        GArray *out = tarjan->out[box];
        if (out != NULL && top[1] < (int)out->len) {
            const CsGraphEdge *edge = &g_array_index(tarjan->graph->edges, CsGraphEdge,
                                                     g_array_index(out, int, top[1]++));
            int next = edge->to;
            if (tarjan->index[next] < 0) {
                tarjan->index[next] = tarjan->low[next] = tarjan->next_index++;
                g_array_append_val(tarjan->stack, next);
                tarjan->on_stack[next] = TRUE;
                int call[2] = {next, 0};
                g_array_append_val(calls, call);
            } else if (tarjan->on_stack[next]) {
                tarjan->low[box] = MIN(tarjan->low[box], tarjan->index[next]);
            }
            continue;
        }
        if (tarjan->low[box] == tarjan->index[box]) {
            int member;
            do {
                member = g_array_index(tarjan->stack, int, tarjan->stack->len - 1);
                g_array_set_size(tarjan->stack, tarjan->stack->len - 1);
                tarjan->on_stack[member] = FALSE;
                tarjan->component[member] = tarjan->components;
            } while (member != box);
            tarjan->components++;
        }
        g_array_set_size(calls, calls->len - 1);
        if (calls->len > 0) {
            int parent = ((int *)(void *)(calls->data + (calls->len - 1) * sizeof(int) * 2))[0];
            tarjan->low[parent] = MIN(tarjan->low[parent], tarjan->low[box]);
        }
    }
}

/* Boxes on a cycle of kind's edges, named in a flag per cycle. */
static void flag_cycles(CsConstraintGraph *graph, CsGraphEdgeKind kind)
{
    int count = (int)graph->boxes->len;
    Tarjan tarjan = {.graph = graph};
    tarjan.out = g_new0(GArray *, count);
    tarjan.index = g_new(int, count);
    tarjan.low = g_new(int, count);
    tarjan.component = g_new(int, count);
    tarjan.on_stack = g_new0(gboolean, count);
    tarjan.stack = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->kind != kind)
            continue;
        if (tarjan.out[edge->from] == NULL)
            tarjan.out[edge->from] = g_array_new(FALSE, FALSE, sizeof(int));
        int index = (int)i;
        g_array_append_val(tarjan.out[edge->from], index);
    }
    for (int box = 0; box < count; box++)
        tarjan.index[box] = -1;
    for (int box = 0; box < count; box++)
        if (tarjan.index[box] < 0)
            tarjan_visit(&tarjan, box);
    g_autofree int *size = g_new0(int, tarjan.components + 1);
    for (int box = 0; box < count; box++)
        size[tarjan.component[box]]++;
    g_autofree GString **names = g_new0(GString *, tarjan.components + 1);
    for (int box = 0; box < count; box++) {
        int component = tarjan.component[box];
        if (size[component] < 2)
            continue;
        CsGraphBox *info = &g_array_index(graph->boxes, CsGraphBox, box);
        info->in_cycle = TRUE;
        if (names[component] == NULL)
            names[component] = g_string_new(NULL);
        g_string_append_printf(names[component], "%s%s", names[component]->len > 0 ? ", " : "",
                               (const char *)g_ptr_array_index(info->lines, 0));
    }
    for (guint i = 0; i < graph->edges->len; i++) {
        CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->kind == kind && tarjan.component[edge->from] == tarjan.component[edge->to]
            && size[tarjan.component[edge->from]] > 1)
            edge->in_cycle = TRUE;
    }
    for (int component = 0; component < tarjan.components; component++) {
        if (names[component] == NULL)
            continue;
        g_ptr_array_add(graph->flags,
                        g_strdup_printf("%s cycle: %s",
                                        kind == CS_GRAPH_ORDER ? "order" : "colocation",
                                        names[component]->str));
        g_string_free(names[component], TRUE);
    }
    for (int box = 0; box < count; box++)
        if (tarjan.out[box] != NULL)
            g_array_unref(tarjan.out[box]);
    g_free(tarjan.out);
    g_free(tarjan.index);
    g_free(tarjan.low);
    g_free(tarjan.component);
    g_free(tarjan.on_stack);
    g_array_unref(tarjan.stack);
}

static gboolean placed_on(const GArray *placements, int node, CsRole role)
{
    for (guint i = 0; i < placements->len; i++) {
        const Placement *placement = &g_array_index(placements, Placement, i);
        if (placement->node == node && (role != CS_ROLE_PROMOTED || placement->promoted))
            return TRUE;
    }
    return FALSE;
}

static void flag_edge(CsConstraintGraph *graph, CsGraphEdge *edge, char *text)
{
    edge->conflict = TRUE;
    g_array_index(graph->boxes, CsGraphBox, edge->to).conflict = TRUE;
    g_ptr_array_add(graph->flags, text);
}

static const char *box_name(const CsConstraintGraph *graph, int box)
{
    return g_ptr_array_index(g_array_index(graph->boxes, CsGraphBox, box).lines, 0);
}

/* Where the engine planned the edge's two ends: its dependent (the box
 * it points to) in mine, its primary or first in theirs. */
static void edge_placements(const Builder *builder, const CsGraphEdge *edge, GArray **mine,
                            GArray **theirs)
{
    const CsGraphBox *to = &g_array_index(builder->graph->boxes, CsGraphBox, edge->to);
    const CsGraphBox *from = &g_array_index(builder->graph->boxes, CsGraphBox, edge->from);

    *mine = graph_placements(builder->solution, builder->options, to->rsc, TRUE);
    *theirs = graph_placements(builder->solution, builder->options, from->rsc, TRUE);
}

/* Pacemaker Explained 2.1, "Mandatory Placement": with +INFINITY the
 * dependent runs only where the primary does, else not at all; with
 * -INFINITY never where the primary does.  Checked on the placement the
 * engine planned (colocations by node name; clones on every instance). */
static void check_colocation(const Builder *builder, CsGraphEdge *edge)
{
    const CsColocation *colocation =
        g_ptr_array_index(builder->model->colocations, edge->constraint);
    const CsResource *dependent = g_ptr_array_index(builder->model->resources, colocation->rsc);
    if (!edge->mandatory || builder->solution == NULL
        || (colocation->node_attribute != NULL && strcmp(colocation->node_attribute, "#uname") != 0)
        || dependent->target_role == CS_ROLE_STOPPED)
        return;
    g_autoptr(GArray) mine = NULL;
    g_autoptr(GArray) theirs = NULL;
    edge_placements(builder, edge, &mine, &theirs);
    const char *dependent_name = box_name(builder->graph, edge->to);
    const char *primary_name = box_name(builder->graph, edge->from);
    if (colocation->score >= CS_INFINITY && mine->len == 0) {
        flag_edge(builder->graph, edge,
                  theirs->len == 0
                      ? g_strdup_printf("%s cannot run: it must run with %s, which is stopped",
                                        dependent_name, primary_name)
                      : g_strdup_printf(
                          "%s cannot run: it must run with %s, and cannot run where %s runs",
                          dependent_name, primary_name, primary_name));
        return;
    }
    for (guint i = 0; i < mine->len; i++) {
        int node = g_array_index(mine, Placement, i).node;
        gboolean together = placed_on(theirs, node, colocation->with_role);
        if (together != (colocation->score >= CS_INFINITY)) {
            flag_edge(builder->graph, edge,
                      g_strdup_printf("%s %s %s but is planned on the same node", dependent_name,
                                      together ? "must avoid" : "must run with", primary_name));
            return;
        }
    }
}

static CsScore edge_score(const CsModel *model, const CsGraphEdge *edge)
{
    return ((const CsColocation *)g_ptr_array_index(model->colocations, edge->constraint))->score;
}

/* +INFINITY and -INFINITY between the same two resources. */
static void check_contradictions(const CsModel *model, CsConstraintGraph *graph)
{
    for (guint i = 0; i < graph->edges->len; i++) {
        CsGraphEdge *one = &g_array_index(graph->edges, CsGraphEdge, i);
        if (one->kind != CS_GRAPH_COLOCATION || !one->mandatory)
            continue;
        for (guint j = i + 1; j < graph->edges->len; j++) {
            CsGraphEdge *other = &g_array_index(graph->edges, CsGraphEdge, j);
            gboolean same_pair = (one->from == other->from && one->to == other->to)
                                 || (one->from == other->to && one->to == other->from);
            if (other->kind != CS_GRAPH_COLOCATION || !other->mandatory || !same_pair
                || (edge_score(model, one) > 0) == (edge_score(model, other) > 0))
                continue;
            one->conflict = other->conflict = TRUE;
            g_array_index(graph->boxes, CsGraphBox, one->to).conflict = TRUE;
            g_array_index(graph->boxes, CsGraphBox, one->from).conflict = TRUE;
            g_ptr_array_add(graph->flags,
                            g_strdup_printf("%s and %s must be both together and apart",
                                            box_name(graph, one->from), box_name(graph, one->to)));
        }
    }
}

static gboolean is_start(const char *action)
{
    return action == NULL || strcmp(action, "start") == 0;
}

/* Pacemaker Explained 2.1, "Specifying the Order in which Resources
 * Should Start/Stop": with kind Mandatory, then cannot start unless first
 * is started; checked on the planned placement, for start -> start. */
static void check_order(const Builder *builder, CsGraphEdge *edge)
{
    const CsOrder *order = g_ptr_array_index(builder->model->orders, edge->constraint);
    const CsResource *then = g_ptr_array_index(builder->model->resources, order->then);
    /* require-all=false: any member of the set is enough, not checked */
    if (!edge->mandatory || builder->solution == NULL || !is_start(order->first_action)
        || !is_start(order->then_action) || then->target_role == CS_ROLE_STOPPED
        || order->require_all_group >= 0)
        return;
    g_autoptr(GArray) mine = NULL;
    g_autoptr(GArray) theirs = NULL;
    edge_placements(builder, edge, &mine, &theirs);
    if (mine->len == 0 && theirs->len == 0)
        flag_edge(builder->graph, edge,
                  g_strdup_printf("%s cannot run: it must start after %s, which is stopped",
                                  box_name(builder->graph, edge->to),
                                  box_name(builder->graph, edge->from)));
}

static void flag_problems(const Builder *builder)
{
    CsConstraintGraph *graph = builder->graph;
    flag_cycles(graph, CS_GRAPH_COLOCATION);
    flag_cycles(graph, CS_GRAPH_ORDER);
    check_contradictions(builder->model, graph);
    for (guint i = 0; i < graph->edges->len; i++) {
        CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->kind == CS_GRAPH_COLOCATION && !edge->conflict)
            check_colocation(builder, edge);
        else if (edge->kind == CS_GRAPH_ORDER && !edge->in_cycle)
            check_order(builder, edge);
    }
}

/* ---- layout: the layered graph ------------------------------------------ */

/* A vertex of the layered graph: a box, an edge's label, or a dummy
 * that carries an edge across a layer. */
typedef struct Vertex {
    int box;  /* -1: a label or a dummy */
    int edge; /* label or dummy: its edge */
    gboolean label;
    int layer, position;
    int width, height;
    int x, y;
    GArray *up, *down; /* vertex indices of the neighbours */
    double key;        /* sort key of the current sweep */
} Vertex;

typedef struct Layout {
    CsConstraintGraph *graph;
    GArray *vertices;    /* Vertex */
    GPtrArray *layers;   /* GArray of int (vertex indices), in order */
    GPtrArray *channels; /* per layer but the last: GArray of Segment
                                 to the layer below */
    int part;            /* its root box (find_parts) */
    int width, height;
    int left, top; /* where place_parts moved it */
    int *layer_y, *layer_height;
    int *channel_y, *channel_height; /* below each layer */
} Layout;

static Vertex *vertex_at(const Layout *layout, int index)
{
    return &g_array_index(layout->vertices, Vertex, index);
}

static int add_vertex(Layout *layout, int box, int edge, gboolean label, int layer, int width,
                      int height)
{
    Vertex vertex = {
        .box = box, .edge = edge, .label = label, .layer = layer, .width = width, .height = height};
    vertex.up = g_array_new(FALSE, FALSE, sizeof(int));
    vertex.down = g_array_new(FALSE, FALSE, sizeof(int));
    g_array_append_val(layout->vertices, vertex);
    return (int)layout->vertices->len - 1;
}

/* Depth-first search over the edges; an edge back to a box still on the
 * path closes a cycle and is reversed (drawn upwards). */
static void break_cycles(CsConstraintGraph *graph, GArray **out)
{
    int count = (int)graph->boxes->len;
    g_autofree guint8 *state = g_new0(guint8, count); /* 0 new, 1 on path, 2 done */
    g_autoptr(GArray) calls = g_array_new(FALSE, FALSE, sizeof(int) * 2);
    for (int root = 0; root < count; root++) {
        if (state[root] != 0)
            continue;
        int frame[2] = {root, 0};
        g_array_append_val(calls, frame);
        state[root] = 1;
        while (calls->len > 0) {
            int *top = (int *)(void *)(calls->data + (calls->len - 1) * sizeof(int) * 2);
            int box = top[0];
            if (out[box] == NULL || top[1] >= (int)out[box]->len) {
                state[box] = 2;
                g_array_set_size(calls, calls->len - 1);
                continue;
            }
            CsGraphEdge *edge =
                &g_array_index(graph->edges, CsGraphEdge, g_array_index(out[box], int, top[1]++));
            if (state[edge->to] == 1) {
                edge->reversed = TRUE;
            } else if (state[edge->to] == 0) {
                state[edge->to] = 1;
                int call[2] = {edge->to, 0};
                g_array_append_val(calls, call);
            }
        }
    }
}

static int dag_from(const CsGraphEdge *edge)
{
    return edge->reversed ? edge->to : edge->from;
}

static int dag_to(const CsGraphEdge *edge)
{
    return edge->reversed ? edge->from : edge->to;
}

/* Longest path from the sources: each box one layer below the lowest of
 * the boxes with an edge into it (Kahn's topological order). */
static void assign_layers(CsConstraintGraph *graph, GArray **out)
{
    int count = (int)graph->boxes->len;
    g_autofree int *incoming = g_new0(int, count);
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        incoming[dag_to(edge)] += !edge->hidden;
    }
    g_autoptr(GArray) queue = g_array_new(FALSE, FALSE, sizeof(int));
    for (int box = 0; box < count; box++) {
        if (incoming[box] == 0 && out[box] != NULL) {
            g_array_index(graph->boxes, CsGraphBox, box).layer = 0;
            g_array_append_val(queue, box);
        }
    }
    for (guint head = 0; head < queue->len; head++) {
        int box = g_array_index(queue, int, head);
        int layer = g_array_index(graph->boxes, CsGraphBox, box).layer;
        for (guint i = 0; out[box] != NULL && i < out[box]->len; i++) {
            const CsGraphEdge *edge =
                &g_array_index(graph->edges, CsGraphEdge, g_array_index(out[box], int, i));
            CsGraphBox *next = &g_array_index(graph->boxes, CsGraphBox, dag_to(edge));
            next->layer = MAX(next->layer, layer + 1);
            int target = dag_to(edge);
            if (--incoming[target] == 0)
                g_array_append_val(queue, target);
        }
    }
    graph->layers = 0;
    for (int box = 0; box < count; box++)
        graph->layers = MAX(graph->layers, g_array_index(graph->boxes, CsGraphBox, box).layer + 1);
}

static int box_width(const CsGraphBox *box, int ports)
{
    int width = 0;
    for (guint i = 0; i < box->lines->len; i++)
        width = MAX(width, text_width(g_ptr_array_index(box->lines, i)));
    return MAX(width + 4, 2 * ports + 3);
}

static void link_vertices(Layout *layout, int upper, int lower)
{
    g_array_append_val(vertex_at(layout, upper)->down, lower);
    g_array_append_val(vertex_at(layout, lower)->up, upper);
}

/* Layers of the layered graph: box layer L is 2L, its edges' labels and
 * dummies are on the odd layers between.  A label sits just above the
 * box its edge points at. */
static void size_boxes(CsConstraintGraph *graph)
{
    g_autofree int *ports = g_new0(int, MAX(graph->boxes->len, 1));
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->hidden)
            continue;
        ports[edge->from]++;
        ports[edge->to]++;
    }
    for (guint box = 0; box < graph->boxes->len; box++) {
        CsGraphBox *info = &g_array_index(graph->boxes, CsGraphBox, box);
        info->width = box_width(info, ports[box]);
        info->height = (int)info->lines->len + 2;
    }
}

/* An edge's label, with its partner's on a second row. */
static int add_label_vertex(Layout *layout, int index, int layer)
{
    const CsConstraintGraph *graph = layout->graph;
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, index);
    int width = text_width(edge->label), height = 1;
    if (edge->partner >= 0) {
        width =
            MAX(width, text_width(g_array_index(graph->edges, CsGraphEdge, edge->partner).label));
        height = 2;
    }
    return add_vertex(layout, -1, index, TRUE, layer, width, height);
}

/* The vertices of one connected part (the boxes whose part is part). */
static void make_vertices(Layout *layout, const int *parts, int part)
{
    CsConstraintGraph *graph = layout->graph;
    g_autofree int *vertex_of = g_new(int, graph->boxes->len);
    int layer_count = 0;
    for (guint box = 0; box < graph->boxes->len; box++) {
        CsGraphBox *info = &g_array_index(graph->boxes, CsGraphBox, box);
        gboolean mine = info->layer >= 0 && parts[box] == part;
        vertex_of[box] = mine ? add_vertex(layout, (int)box, -1, FALSE, 2 * info->layer,
                                           info->width, info->height)
                              : -1;
        if (mine)
            layer_count = MAX(layer_count, 2 * info->layer + 1);
    }
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        int top = vertex_of[dag_from(edge)], bottom = vertex_of[dag_to(edge)];
        if (top < 0 || edge->hidden)
            continue;
        int top_layer = vertex_at(layout, top)->layer,
            bottom_layer = vertex_at(layout, bottom)->layer;
        int label_layer = edge->reversed ? top_layer + 1 : bottom_layer - 1;
        int previous = top;
        for (int layer = top_layer + 1; layer < bottom_layer; layer++) {
            gboolean label = layer == label_layer;
            int vertex = label ? add_label_vertex(layout, (int)i, layer)
                               : add_vertex(layout, -1, (int)i, FALSE, layer, 1, 1);
            link_vertices(layout, previous, vertex);
            previous = vertex;
        }
        link_vertices(layout, previous, bottom);
    }
    for (int layer = 0; layer < layer_count; layer++)
        g_ptr_array_add(layout->layers, g_array_new(FALSE, FALSE, sizeof(int)));
    for (guint v = 0; v < layout->vertices->len; v++) {
        Vertex *vertex = vertex_at(layout, (int)v);
        GArray *layer = g_ptr_array_index(layout->layers, vertex->layer);
        vertex->position = (int)layer->len;
        int index = (int)v;
        g_array_append_val(layer, index);
    }
}

/* ---- crossing reduction ------------------------------------------------- */

static int crossings_between(const Layout *layout, const GArray *upper)
{
    g_autoptr(GArray) ends = g_array_new(FALSE, FALSE, sizeof(int) * 2);
    for (guint i = 0; i < upper->len; i++) {
        const Vertex *vertex = vertex_at(layout, g_array_index(upper, int, i));
        for (guint j = 0; j < vertex->down->len; j++) {
            int pair[2] = {vertex->position,
                           vertex_at(layout, g_array_index(vertex->down, int, j))->position};
            g_array_append_val(ends, pair);
        }
    }
    int crossings = 0;
    const int *pairs = (const int *)(const void *)ends->data;
    for (guint a = 0; a < ends->len; a++)
        for (guint b = a + 1; b < ends->len; b++)
            if ((pairs[2 * a] - pairs[2 * b]) * (pairs[2 * a + 1] - pairs[2 * b + 1]) < 0)
                crossings++;
    return crossings;
}

static int count_crossings(const Layout *layout)
{
    int crossings = 0;
    for (guint layer = 0; layer + 1 < layout->layers->len; layer++)
        crossings += crossings_between(layout, g_ptr_array_index(layout->layers, layer));
    return crossings;
}

static int by_key(gconstpointer a, gconstpointer b, gpointer layout)
{
    const Vertex *one = vertex_at(layout, *(const int *)a);
    const Vertex *other = vertex_at(layout, *(const int *)b);
    if (one->key != other->key)
        return one->key < other->key ? -1 : 1;
    return one->position - other->position;
}

/* Orders a layer by the mean position of each vertex's neighbours in the
 * layer just swept (a vertex without any keeps its place). */
static void barycenter_sort(Layout *layout, GArray *layer, gboolean downwards)
{
    for (guint i = 0; i < layer->len; i++) {
        Vertex *vertex = vertex_at(layout, g_array_index(layer, int, i));
        const GArray *neighbours = downwards ? vertex->up : vertex->down;
        double sum = 0;
        for (guint j = 0; j < neighbours->len; j++)
            sum += vertex_at(layout, g_array_index(neighbours, int, j))->position;
        vertex->key = neighbours->len > 0 ? sum / neighbours->len : vertex->position;
    }
    g_array_sort_with_data(layer, by_key, layout);
    for (guint i = 0; i < layer->len; i++)
        vertex_at(layout, g_array_index(layer, int, i))->position = (int)i;
}

static void save_positions(const Layout *layout, int *positions)
{
    for (guint v = 0; v < layout->vertices->len; v++)
        positions[v] = vertex_at(layout, (int)v)->position;
}

static int by_position(gconstpointer a, gconstpointer b, gpointer layout)
{
    return vertex_at(layout, *(const int *)a)->position
           - vertex_at(layout, *(const int *)b)->position;
}

static void restore_positions(Layout *layout, const int *positions)
{
    for (guint v = 0; v < layout->vertices->len; v++)
        vertex_at(layout, (int)v)->position = positions[v];
    for (guint layer = 0; layer < layout->layers->len; layer++)
        g_array_sort_with_data(g_ptr_array_index(layout->layers, layer), by_position, layout);
}

/* Crossings between the edges of left and of right (left drawn first)
 * toward one neighbouring layer. */
static int pair_crossings(const Layout *layout, const GArray *left, const GArray *right)
{
    int crossings = 0;
    for (guint i = 0; i < left->len; i++)
        for (guint j = 0; j < right->len; j++)
            crossings += vertex_at(layout, g_array_index(left, int, i))->position
                         > vertex_at(layout, g_array_index(right, int, j))->position;
    return crossings;
}

static int swap_gain(const Layout *layout, const Vertex *left, const Vertex *right)
{
    int before = pair_crossings(layout, left->up, right->up)
                 + pair_crossings(layout, left->down, right->down);
    int after = pair_crossings(layout, right->up, left->up)
                + pair_crossings(layout, right->down, left->down);
    return before - after;
}

/* Transposition (as Graphviz's dot does after its median sweeps): two
 * neighbours of a layer trade places while that removes crossings. */
static void transpose(Layout *layout)
{
    gboolean improved = TRUE;
    for (int pass = 0; pass < SWEEPS && improved; pass++) {
        improved = FALSE;
        for (guint layer = 0; layer < layout->layers->len; layer++) {
            GArray *vertices = g_ptr_array_index(layout->layers, layer);
            for (guint i = 0; i + 1 < vertices->len; i++) {
                int *left = &g_array_index(vertices, int, i),
                    *right = &g_array_index(vertices, int, i + 1);
                if (swap_gain(layout, vertex_at(layout, *left), vertex_at(layout, *right)) <= 0)
                    continue;
                int swap = *left;
                *left = *right;
                *right = swap;
                vertex_at(layout, *left)->position = (int)i;
                vertex_at(layout, *right)->position = (int)i + 1;
                improved = TRUE;
            }
        }
    }
}

static void reduce_crossings(Layout *layout)
{
    guint layers = layout->layers->len;
    gboolean scored = layout->vertices->len <= COUNT_CROSSINGS_MAX;
    g_autofree int *best = g_new(int, layout->vertices->len);
    save_positions(layout, best);
    int best_crossings = scored ? count_crossings(layout) : 0;
    for (int sweep = 0; sweep < SWEEPS && (!scored || best_crossings > 0); sweep++) {
        gboolean downwards = sweep % 2 == 0;
        for (guint step = 1; step < layers; step++)
            barycenter_sort(layout,
                            g_ptr_array_index(layout->layers, downwards ? step : layers - 1 - step),
                            downwards);
        int crossings = scored ? count_crossings(layout) : 0;
        if (!scored || crossings < best_crossings) {
            best_crossings = crossings;
            save_positions(layout, best);
        }
    }
    restore_positions(layout, best);
    /* a swap changes only the crossings between the two vertices' own
     * edges: each one taken removes some */
    if (scored)
        transpose(layout);
}

/* ---- connected parts: each laid out alone ------------------------------- */

static int find_root(int *parent, int box)
{
    while (parent[box] != box)
        box = parent[box] = parent[parent[box]];
    return box;
}

/* Per box, its connected part: the lowest box index in it. */
static int *find_parts(const CsConstraintGraph *graph)
{
    int count = (int)graph->boxes->len;
    int *parent = g_new(int, MAX(count, 1));
    for (int box = 0; box < count; box++)
        parent[box] = box;
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        int one = find_root(parent, edge->from), other = find_root(parent, edge->to);
        parent[MAX(one, other)] = MIN(one, other);
    }
    for (int box = 0; box < count; box++)
        parent[box] = find_root(parent, box);
    return parent;
}

/* ---- coordinates -------------------------------------------------------- */

/* Places a layer's vertices as near their wanted left columns as the
 * order and the gaps allow. */
static void place_layer(Layout *layout, GArray *layer, double *wanted)
{
    int count = (int)layer->len;
    for (int i = 0; i < count; i++) {
        Vertex *vertex = vertex_at(layout, g_array_index(layer, int, i));
        vertex->x = (int)(wanted[i] + 0.5);
        if (i > 0) {
            const Vertex *left = vertex_at(layout, g_array_index(layer, int, i - 1));
            vertex->x = MAX(vertex->x, left->x + left->width + BOX_GAP);
        }
    }
    for (int i = count - 2; i >= 0; i--) {
        Vertex *vertex = vertex_at(layout, g_array_index(layer, int, i));
        const Vertex *right = vertex_at(layout, g_array_index(layer, int, i + 1));
        int limit = right->x - BOX_GAP - vertex->width;
        if (vertex->x > limit)
            vertex->x = limit;
        else if (vertex->x < (int)(wanted[i] + 0.5))
            vertex->x = MIN((int)(wanted[i] + 0.5), limit);
    }
}

static void shift_to_zero(Layout *layout)
{
    int left = G_MAXINT;
    for (guint v = 0; v < layout->vertices->len; v++)
        left = MIN(left, vertex_at(layout, (int)v)->x);
    for (guint v = 0; v < layout->vertices->len; v++)
        vertex_at(layout, (int)v)->x -= left;
}

/* ---- coordinates: Brandes and Köpf ------------------------------------- *
 * "Fast and Simple Horizontal Coordinate Assignment" (Brandes, Köpf
 * 2001): in each of four directions (up or down, left or right) each
 * vertex is aligned with a median neighbour into vertical blocks, long
 * edges (between two labels or dummies) first, and the blocks are
 * compacted towards the side; the final centre of a vertex is the mean
 * of its two middle candidates.  Centres are in columns. */

typedef struct Alignment {
    const Layout *layout;
    GPtrArray *layers;   /* GArray of int, this direction's order */
    int *pos;            /* per vertex: index in its layer here */
    gboolean from_below; /* align with the neighbours below */
    GHashTable *marked;  /* segments crossing a long edge's */
    int *root, *align, *sink;
    double *shift, *x;
    gboolean *placed;
} Alignment;

static const GArray *upper_of(const Alignment *alignment, int v)
{
    const Vertex *vertex = vertex_at(alignment->layout, v);
    return alignment->from_below ? vertex->down : vertex->up;
}

static gpointer segment_key(const Alignment *alignment, int upper, int lower)
{
    return GSIZE_TO_POINTER((gsize)upper * alignment->layout->vertices->len + lower + 1);
}

static gboolean is_virtual(const Alignment *alignment, int v)
{
    return vertex_at(alignment->layout, v)->box < 0;
}

/* The virtual neighbour a virtual vertex's long edge comes from, or -1. */
static int inner_upper(const Alignment *alignment, int v)
{
    const GArray *upper = upper_of(alignment, v);
    if (!is_virtual(alignment, v) || upper->len != 1
        || !is_virtual(alignment, g_array_index(upper, int, 0)))
        return -1;
    return g_array_index(upper, int, 0);
}

/* Type 1 conflicts: a segment that crosses an inner one is not aligned. */
static void mark_conflicts(Alignment *alignment)
{
    for (guint i = 1; i + 1 < alignment->layers->len; i++) {
        const GArray *lower = g_ptr_array_index(alignment->layers, i + 1);
        int upper_count = (int)((const GArray *)g_ptr_array_index(alignment->layers, i))->len;
        int k0 = 0;
        guint scan = 0;
        for (guint l1 = 0; l1 < lower->len; l1++) {
            int v = g_array_index(lower, int, l1);
            int inner = inner_upper(alignment, v);
            if (l1 + 1 != lower->len && inner < 0)
                continue;
            int k1 = inner >= 0 ? alignment->pos[inner] : upper_count - 1;
            for (; scan <= l1; scan++) {
                int w = g_array_index(lower, int, scan);
                const GArray *upper = upper_of(alignment, w);
                for (guint j = 0; j < upper->len; j++) {
                    int u = g_array_index(upper, int, j);
                    if ((alignment->pos[u] < k0 || alignment->pos[u] > k1)
                        && inner_upper(alignment, w) != u)
                        g_hash_table_add(alignment->marked, segment_key(alignment, u, w));
                }
            }
            k0 = k1;
        }
    }
}

static int by_alignment_position(gconstpointer a, gconstpointer b, gpointer data)
{
    const Alignment *alignment = data;
    return alignment->pos[*(const int *)a] - alignment->pos[*(const int *)b];
}

static void align_vertically(Alignment *alignment)
{
    for (guint i = 0; i < alignment->layers->len; i++) {
        const GArray *layer = g_ptr_array_index(alignment->layers, i);
        int r = -1;
        for (guint k = 0; k < layer->len; k++) {
            int v = g_array_index(layer, int, k);
            const GArray *neighbours = upper_of(alignment, v);
            int d = (int)neighbours->len;
            if (d == 0)
                continue;
            g_autofree int *upper = g_memdup2(neighbours->data, sizeof(int) * d);
            if (d > 1)
                g_qsort_with_data(upper, d, sizeof(int), by_alignment_position, alignment);
            for (int m = (d - 1) / 2; m <= d / 2; m++) {
                int u = upper[m];
                if (alignment->align[v] != v || alignment->pos[u] <= r
                    || g_hash_table_contains(alignment->marked, segment_key(alignment, u, v)))
                    continue;
                alignment->align[u] = v;
                alignment->root[v] = alignment->root[u];
                alignment->align[v] = alignment->root[v];
                r = alignment->pos[u];
            }
        }
    }
}

static int layer_of(const Alignment *alignment, int v)
{
    int layer = vertex_at(alignment->layout, v)->layer;
    return alignment->from_below ? (int)alignment->layers->len - 1 - layer : layer;
}

static double separation(const Alignment *alignment, int left, int right)
{
    return (vertex_at(alignment->layout, left)->width + vertex_at(alignment->layout, right)->width)
               / 2.0
           + BOX_GAP;
}

static void place_block(Alignment *alignment, int v)
{
    if (alignment->placed[v])
        return;
    alignment->placed[v] = TRUE;
    alignment->x[v] = 0;
    int w = v;
    do {
        int position = alignment->pos[w];
        if (position > 0) {
            const GArray *layer = g_ptr_array_index(alignment->layers, layer_of(alignment, w));
            int before = g_array_index(layer, int, position - 1);
            int u = alignment->root[before];
            place_block(alignment, u);
            if (alignment->sink[v] == v)
                alignment->sink[v] = alignment->sink[u];
            if (alignment->sink[v] != alignment->sink[u])
                alignment->shift[alignment->sink[u]] =
                    MIN(alignment->shift[alignment->sink[u]],
                        alignment->x[v] - alignment->x[u] - separation(alignment, before, w));
            else
                alignment->x[v] =
                    MAX(alignment->x[v], alignment->x[u] + separation(alignment, before, w));
        }
        w = alignment->align[w];
    } while (w != v);
}

/* One direction's centres into centre (per vertex). */
static void align_one_way(const Layout *layout, gboolean from_below, gboolean from_right,
                          double *centre)
{
    guint count = layout->vertices->len, layers = layout->layers->len;
    Alignment alignment = {.layout = layout, .from_below = from_below};
    alignment.layers = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
    alignment.pos = g_new(int, count);
    alignment.root = g_new(int, count);
    alignment.align = g_new(int, count);
    alignment.sink = g_new(int, count);
    alignment.shift = g_new(double, count);
    alignment.x = g_new0(double, count);
    alignment.placed = g_new0(gboolean, count);
    alignment.marked = g_hash_table_new(NULL, NULL);
    for (guint i = 0; i < layers; i++) {
        const GArray *source = g_ptr_array_index(layout->layers, from_below ? layers - 1 - i : i);
        GArray *layer = g_array_sized_new(FALSE, FALSE, sizeof(int), source->len);
        for (guint k = 0; k < source->len; k++) {
            int v = g_array_index(source, int, from_right ? source->len - 1 - k : k);
            g_array_append_val(layer, v);
            alignment.pos[v] = (int)k;
        }
        g_ptr_array_add(alignment.layers, layer);
    }
    for (guint v = 0; v < count; v++) {
        alignment.root[v] = alignment.align[v] = alignment.sink[v] = (int)v;
        alignment.shift[v] = G_MAXDOUBLE;
    }
    mark_conflicts(&alignment);
    align_vertically(&alignment);
    for (guint v = 0; v < count; v++)
        if (alignment.root[v] == (int)v)
            place_block(&alignment, (int)v);
    for (guint v = 0; v < count; v++) {
        int root = alignment.root[v];
        double x = alignment.x[root];
        if (alignment.shift[alignment.sink[root]] < G_MAXDOUBLE)
            x += alignment.shift[alignment.sink[root]];
        centre[v] = from_right ? -x : x;
    }
    g_ptr_array_unref(alignment.layers);
    g_hash_table_unref(alignment.marked);
    g_free(alignment.pos);
    g_free(alignment.root);
    g_free(alignment.align);
    g_free(alignment.sink);
    g_free(alignment.shift);
    g_free(alignment.x);
    g_free(alignment.placed);
}

static int by_double(gconstpointer a, gconstpointer b)
{
    double one = *(const double *)a, other = *(const double *)b;
    return (one > other) - (one < other);
}

static void centre_extent(const Layout *layout, const double *centre, double *left, double *right)
{
    *left = G_MAXDOUBLE;
    *right = -G_MAXDOUBLE;
    for (guint v = 0; v < layout->vertices->len; v++) {
        double half = vertex_at(layout, (int)v)->width / 2.0;
        *left = MIN(*left, centre[v] - half);
        *right = MAX(*right, centre[v] + half);
    }
}

/* The four directions, aligned to the narrowest, then each vertex at the
 * mean of its two middle candidates; the order and the gaps are then
 * enforced layer by layer (place_layer) whatever the candidates say. */
static void assign_columns(Layout *layout)
{
    guint count = layout->vertices->len;
    double *centres[4];
    double left[4], right[4];
    int narrowest = 0;
    for (int way = 0; way < 4; way++) {
        centres[way] = g_new(double, count);
        align_one_way(layout, way / 2 == 1, way % 2 == 1, centres[way]);
        centre_extent(layout, centres[way], &left[way], &right[way]);
        if (right[way] - left[way] < right[narrowest] - left[narrowest])
            narrowest = way;
    }
    for (int way = 0; way < 4; way++) {
        double shift = way % 2 == 1 ? right[narrowest] - right[way] : left[narrowest] - left[way];
        for (guint v = 0; v < count; v++)
            centres[way][v] += shift;
    }
    for (guint layer = 0; layer < layout->layers->len; layer++) {
        GArray *vertices = g_ptr_array_index(layout->layers, layer);
        g_autofree double *wanted = g_new(double, vertices->len);
        for (guint i = 0; i < vertices->len; i++) {
            int v = g_array_index(vertices, int, i);
            double candidates[4] = {centres[0][v], centres[1][v], centres[2][v], centres[3][v]};
            qsort(candidates, 4, sizeof(double), by_double);
            wanted[i] = (candidates[1] + candidates[2]) / 2.0 - vertex_at(layout, v)->width / 2.0
                        - left[narrowest];
        }
        place_layer(layout, vertices, wanted);
    }
    for (int way = 0; way < 4; way++)
        g_free(centres[way]);
    shift_to_zero(layout);
}

/* Columns no vertex of any layer covers, past the gap, are taken out:
 * centring on neighbours can leave wide empty stretches between parts
 * of a layered part that edges alone cross. */
static void squeeze_columns(Layout *layout)
{
    int width = 0;
    for (guint v = 0; v < layout->vertices->len; v++)
        width = MAX(width, vertex_at(layout, (int)v)->x + vertex_at(layout, (int)v)->width);
    g_autofree gboolean *covered = g_new0(gboolean, width + 1);
    for (guint v = 0; v < layout->vertices->len; v++) {
        const Vertex *vertex = vertex_at(layout, (int)v);
        for (int x = vertex->x; x < vertex->x + vertex->width; x++)
            covered[x] = TRUE;
    }
    g_autofree int *moved_to = g_new(int, width + 1);
    int next = 0, empty = 0;
    for (int x = 0; x <= width; x++) {
        empty = covered[x] ? 0 : empty + 1;
        moved_to[x] = next;
        if (empty <= BOX_GAP)
            next++;
    }
    for (guint v = 0; v < layout->vertices->len; v++) {
        Vertex *vertex = vertex_at(layout, (int)v);
        vertex->x = moved_to[vertex->x];
    }
}

/* ---- routing ------------------------------------------------------------ */

static int port_column(const Layout *layout, int vertex_index, int other, gboolean bottom_side);

/* Moves a label or dummy under (or over) the port of the box it meets,
 * when its layer has room there: one bend less. */
static void straighten(Layout *layout)
{
    for (guint layer = 0; layer < layout->layers->len; layer++) {
        GArray *vertices = g_ptr_array_index(layout->layers, layer);
        for (guint i = 0; i < vertices->len; i++) {
            int index = g_array_index(vertices, int, i);
            Vertex *vertex = vertex_at(layout, index);
            if (vertex->box >= 0)
                continue;
            int below = g_array_index(vertex->down, int, 0),
                above = g_array_index(vertex->up, int, 0);
            int port = vertex_at(layout, below)->box >= 0 ? port_column(layout, below, index, FALSE)
                       : vertex_at(layout, above)->box >= 0
                           ? port_column(layout, above, index, TRUE)
                           : vertex_at(layout, above)->x;
            int x = port - vertex->width / 2;
            int low = i > 0 ? vertex_at(layout, g_array_index(vertices, int, i - 1))->x
                                  + vertex_at(layout, g_array_index(vertices, int, i - 1))->width
                                  + BOX_GAP - 1
                            : G_MININT;
            int high = i + 1 < vertices->len
                           ? vertex_at(layout, g_array_index(vertices, int, i + 1))->x - BOX_GAP + 1
                                 - vertex->width
                           : G_MAXINT;
            if (x >= low && x <= high && x >= 0)
                vertex->x = x;
        }
    }
}

/* A piece of an edge between two adjacent layers. */
typedef struct Segment {
    int edge;
    int top, bottom; /* vertices */
    int x1, x2;      /* the columns it leaves and reaches */
    int track;       /* row of its horizontal run in the channel */
} Segment;

/* The column where the segment to other attaches to vertex: a box
 * takes each of its edges under (or over) the other end when it can,
 * two columns apart at least, in the order of the other ends. */
static int port_column(const Layout *layout, int vertex_index, int other, gboolean bottom_side)
{
    const Vertex *vertex = vertex_at(layout, vertex_index);
    if (vertex->box < 0)
        return vertex->x + vertex->width / 2;
    const GArray *neighbours = bottom_side ? vertex->down : vertex->up;
    int count = (int)neighbours->len, low = vertex->x + 2, high = vertex->x + vertex->width - 3;
    g_autofree int *wanted = g_new(int, count);
    g_autofree int *order = g_new(int, count);
    for (int i = 0; i < count; i++) {
        const Vertex *end = vertex_at(layout, g_array_index(neighbours, int, i));
        wanted[i] = CLAMP(end->x + end->width / 2, low, high);
        order[i] = i;
    }
    /* insertion sort by wanted column: a box has few edges */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && wanted[order[j]] < wanted[order[j - 1]]; j--) {
            int swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
    g_autofree int *column = g_new(int, count);
    for (int k = 0; k < count; k++)
        column[k] = k == 0 ? wanted[order[k]] : MAX(wanted[order[k]], column[k - 1] + 2);
    for (int k = count - 1; k >= 0; k--)
        column[k] = k == count - 1 ? MIN(column[k], high) : MIN(column[k], column[k + 1] - 2);
    for (int k = 0; k < count; k++)
        if (g_array_index(neighbours, int, order[k]) == other)
            return column[k];
    return vertex->x + vertex->width / 2;
}

static int by_left_end(gconstpointer a, gconstpointer b)
{
    const Segment *one = a, *other = b;
    return MIN(one->x1, one->x2) - MIN(other->x1, other->x2);
}

/* Greedy interval colouring: each bent segment its own track where its
 * horizontal run meets no other's. */
static int assign_tracks(GArray *segments)
{
    g_array_sort(segments, by_left_end);
    g_autoptr(GArray) track_end = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint i = 0; i < segments->len; i++) {
        Segment *segment = &g_array_index(segments, Segment, i);
        if (segment->x1 == segment->x2) {
            segment->track = -1;
            continue;
        }
        int left = MIN(segment->x1, segment->x2), right = MAX(segment->x1, segment->x2);
        guint track = 0;
        while (track < track_end->len && g_array_index(track_end, int, track) >= left - 1)
            track++;
        if (track == track_end->len)
            g_array_append_val(track_end, right);
        else
            g_array_index(track_end, int, track) = right;
        segment->track = (int)track;
    }
    return (int)track_end->len;
}

/* ---- the grid ----------------------------------------------------------- */

enum { LINE_UP = 1, LINE_DOWN = 2, LINE_LEFT = 4, LINE_RIGHT = 8 };

typedef struct Canvas {
    CsConstraintGraph *graph;
    guint8 *lines;  /* per cell: LINE_* bits */
    guint8 *heavy;  /* per cell: drawn by a mandatory edge */
    guint8 *dashed; /* per cell: 1 dashed (orders), 2 solid too */
    gboolean ascii;
} Canvas;

static CsGraphCell *cell_at(const CsConstraintGraph *graph, int x, int y)
{
    return &graph->cells[(gsize)y * graph->width + x];
}

static void put_char(CsConstraintGraph *graph, int x, int y, gunichar ch, CsGraphCellKind kind,
                     int box, int edge)
{
    if (x < 0 || y < 0 || x >= graph->width || y >= graph->height)
        return;
    CsGraphCell *cell = cell_at(graph, x, y);
    cell->ch = ch;
    cell->kind = kind;
    if (box >= 0)
        cell->box = box;
    if (edge >= 0)
        cell->edge = edge;
}

/* Writes safe text from (x, y); returns the columns used. */
static int put_text(CsConstraintGraph *graph, int x, int y, const char *text, CsGraphCellKind kind,
                    int box, int edge)
{
    int column = x;
    for (const char *cursor = text; *cursor != '\0'; cursor = g_utf8_next_char(cursor)) {
        gunichar ch = g_utf8_get_char(cursor);
        put_char(graph, column++, y, ch, kind, box, edge);
        if (g_unichar_iswide(ch))
            put_char(graph, column++, y, 0, kind, box, edge);
    }
    return column - x;
}

static void mark_line(Canvas *canvas, int x, int y, guint8 bits, const CsGraphEdge *edge,
                      int edge_index)
{
    CsConstraintGraph *graph = canvas->graph;
    if (x < 0 || y < 0 || x >= graph->width || y >= graph->height)
        return;
    gsize at = (gsize)y * graph->width + x;
    CsGraphCell *cell = &graph->cells[at];
    if (cell->kind != CS_GRAPH_CELL_BLANK && cell->kind != CS_GRAPH_CELL_LINE
        && cell->kind != CS_GRAPH_CELL_MANDATORY && cell->kind != CS_GRAPH_CELL_FLAG)
        return;
    const CsGraphEdge *partner =
        edge->partner >= 0 ? &g_array_index(graph->edges, CsGraphEdge, edge->partner) : edge;
    canvas->lines[at] |= bits;
    canvas->heavy[at] |= edge->mandatory || partner->mandatory;
    canvas->dashed[at] |= edge->kind == CS_GRAPH_ORDER ? 1 : 2;
    cell->edge = edge_index;
    cell->kind = edge->conflict || edge->in_cycle || partner->conflict || partner->in_cycle
                     ? CS_GRAPH_CELL_FLAG
                 : canvas->heavy[at] ? CS_GRAPH_CELL_MANDATORY
                                     : CS_GRAPH_CELL_LINE;
}

static void draw_run(Canvas *canvas, int x1, int y1, int x2, int y2, const CsGraphEdge *edge,
                     int edge_index)
{
    int dx = (x2 > x1) - (x2 < x1), dy = (y2 > y1) - (y2 < y1);
    guint8 forward = dx > 0 ? LINE_RIGHT : dx < 0 ? LINE_LEFT : dy > 0 ? LINE_DOWN : LINE_UP;
    guint8 backward = dx > 0 ? LINE_LEFT : dx < 0 ? LINE_RIGHT : dy > 0 ? LINE_UP : LINE_DOWN;
    for (int x = x1, y = y1; x != x2 || y != y2; x += dx, y += dy) {
        mark_line(canvas, x, y, forward, edge, edge_index);
        mark_line(canvas, x + dx, y + dy, backward, edge, edge_index);
    }
}

static const char *const light_glyphs[16] = {
    " ",      "\u2502", "\u2502", "\u2502", "\u2500", "\u2518", "\u2510", "\u2524",
    "\u2500", "\u2514", "\u250c", "\u251c", "\u2500", "\u2534", "\u252c", "\u253c",
};
static const char *const heavy_glyphs[16] = {
    " ",      "\u2503", "\u2503", "\u2503", "\u2501", "\u251b", "\u2513", "\u252b",
    "\u2501", "\u2517", "\u250f", "\u2523", "\u2501", "\u253b", "\u2533", "\u254b",
};

static gunichar line_glyph(const Canvas *canvas, gsize at)
{
    guint8 bits = canvas->lines[at];
    gboolean heavy = canvas->heavy[at], dashed = canvas->dashed[at] == 1;
    gboolean vertical = (bits & (LINE_LEFT | LINE_RIGHT)) == 0;
    gboolean horizontal = (bits & (LINE_UP | LINE_DOWN)) == 0;
    if (canvas->ascii) {
        if (vertical)
            return heavy ? '#' : dashed ? ':' : '|';
        if (horizontal)
            return heavy ? '=' : dashed ? '.' : '-';
        return '+';
    }
    if (dashed && vertical)
        return heavy ? 0x2507 : 0x2506; /* heavy/light triple dash vertical */
    if (dashed && horizontal)
        return heavy ? 0x2505 : 0x2504;
    return g_utf8_get_char((heavy ? heavy_glyphs : light_glyphs)[bits]);
}

/* Inside a box's border (no line of an edge runs there): blank, then
 * its lines. */
static void draw_lines(CsConstraintGraph *graph, int index)
{
    const CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, index);
    for (int y = box->y + 1; y < box->y + box->height - 1; y++)
        for (int x = box->x + 1; x < box->x + box->width - 1; x++)
            put_char(graph, x, y, ' ', CS_GRAPH_CELL_TEXT, index, -1);
    for (guint i = 0; i < box->lines->len; i++) {
        gboolean title = i == 0;
        g_autofree char *text =
            title && (box->conflict || box->in_cycle)
                ? g_strdup_printf("%s !", (const char *)g_ptr_array_index(box->lines, i))
                : g_strdup(g_ptr_array_index(box->lines, i));
        put_text(graph, box->x + 2, box->y + 1 + (int)i, text,
                 title ? (box->conflict || box->in_cycle ? CS_GRAPH_CELL_FLAG : CS_GRAPH_CELL_TITLE)
                       : CS_GRAPH_CELL_TEXT,
                 index, -1);
    }
}

static void draw_box(CsConstraintGraph *graph, int index, gboolean ascii)
{
    const CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, index);
    gboolean heavy = box->focus;
    CsGraphCellKind border = box->conflict || box->in_cycle ? CS_GRAPH_CELL_FLAG
                             : box->focus                   ? CS_GRAPH_CELL_FOCUS
                                                            : CS_GRAPH_CELL_BOX;
    gunichar horizontal = ascii ? (heavy ? '=' : '-') : heavy ? 0x2501 : 0x2500;
    gunichar vertical = ascii ? '|' : heavy ? 0x2503 : 0x2502;
    gunichar corners[4] = {'+', '+', '+', '+'};
    if (!ascii) {
        corners[0] = heavy ? 0x250f : (box->rsc < 0 ? 0x256d : 0x250c);
        corners[1] = heavy ? 0x2513 : (box->rsc < 0 ? 0x256e : 0x2510);
        corners[2] = heavy ? 0x2517 : (box->rsc < 0 ? 0x2570 : 0x2514);
        corners[3] = heavy ? 0x251b : (box->rsc < 0 ? 0x256f : 0x2518);
    }
    int right = box->x + box->width - 1, bottom = box->y + box->height - 1;
    for (int x = box->x + 1; x < right; x++) {
        put_char(graph, x, box->y, horizontal, border, index, -1);
        put_char(graph, x, bottom, horizontal, border, index, -1);
    }
    for (int y = box->y + 1; y < bottom; y++) {
        put_char(graph, box->x, y, vertical, border, index, -1);
        put_char(graph, right, y, vertical, border, index, -1);
    }
    put_char(graph, box->x, box->y, corners[0], border, index, -1);
    put_char(graph, right, box->y, corners[1], border, index, -1);
    put_char(graph, box->x, bottom, corners[2], border, index, -1);
    put_char(graph, right, bottom, corners[3], border, index, -1);
    draw_lines(graph, index);
}

/* Where an edge meets a box's border: a tee into the line. */
static void draw_port(Canvas *canvas, int x, int y, gboolean bottom_side, const CsGraphEdge *edge,
                      int edge_index)
{
    CsGraphCell *cell = cell_at(canvas->graph, x, y);
    gboolean heavy_border =
        cell->box >= 0 && g_array_index(canvas->graph->boxes, CsGraphBox, cell->box).focus;
    /* light or heavy line, into a light or heavy border */
    static const gunichar tees[2][2][2] = {
        {{0x2534, 0x252c}, {0x2538, 0x2530}},
        {{0x2537, 0x252f}, {0x253b, 0x2533}},
    };
    gboolean heavy =
        edge->mandatory
        || (edge->partner >= 0
            && g_array_index(canvas->graph->edges, CsGraphEdge, edge->partner).mandatory);
    gunichar ch = canvas->ascii ? '+' : tees[heavy_border][heavy][bottom_side];
    put_char(canvas->graph, x, y, ch, (CsGraphCellKind)cell->kind, -1, edge_index);
}

static void draw_segment(Canvas *canvas, const Layout *layout, const Segment *segment,
                         int channel_top, int up_row, gboolean arrow_down, gboolean arrow_up)
{
    const CsGraphEdge *edge = &g_array_index(canvas->graph->edges, CsGraphEdge, segment->edge);
    const Vertex *top = vertex_at(layout, segment->top),
                 *bottom = vertex_at(layout, segment->bottom);
    int start = top->y + top->height, end = bottom->y - 1;
    int track_y = channel_top + up_row + segment->track;
    if (segment->track < 0) {
        draw_run(canvas, segment->x1, start, segment->x1, end, edge, segment->edge);
    } else {
        draw_run(canvas, segment->x1, start, segment->x1, track_y, edge, segment->edge);
        draw_run(canvas, segment->x1, track_y, segment->x2, track_y, edge, segment->edge);
        draw_run(canvas, segment->x2, track_y, segment->x2, end, edge, segment->edge);
    }
    mark_line(canvas, segment->x1, start, LINE_UP, edge, segment->edge);
    mark_line(canvas, segment->x2, end, LINE_DOWN, edge, segment->edge);
    if (top->box >= 0)
        draw_port(canvas, segment->x1, top->y + top->height - 1, TRUE, edge, segment->edge);
    if (bottom->box >= 0)
        draw_port(canvas, segment->x2, bottom->y, FALSE, edge, segment->edge);
    if (arrow_down && bottom->box >= 0)
        put_char(canvas->graph, segment->x2, end, canvas->ascii ? 'v' : 0x25bc,
                 (CsGraphCellKind)cell_at(canvas->graph, segment->x2, end)->kind, -1,
                 segment->edge);
    if (arrow_up && top->box >= 0)
        put_char(canvas->graph, segment->x1, start, canvas->ascii ? '^' : 0x25b2,
                 (CsGraphCellKind)cell_at(canvas->graph, segment->x1, start)->kind, -1,
                 segment->edge);
}

/* ---- putting it together ------------------------------------------------ */

static GArray *layer_segments(Layout *layout, guint layer)
{
    GArray *segments = g_array_new(FALSE, FALSE, sizeof(Segment));
    GArray *vertices = g_ptr_array_index(layout->layers, layer);
    for (guint i = 0; i < vertices->len; i++) {
        int top = g_array_index(vertices, int, i);
        const Vertex *vertex = vertex_at(layout, top);
        for (guint j = 0; j < vertex->down->len; j++) {
            int bottom = g_array_index(vertex->down, int, j);
            const Vertex *below = vertex_at(layout, bottom);
            /* boxes never touch: a label is between */
            int edge = below->box < 0 ? below->edge : vertex->edge;
            Segment segment = {edge,
                               top,
                               bottom,
                               port_column(layout, top, bottom, TRUE),
                               port_column(layout, bottom, top, FALSE),
                               -1};
            g_array_append_val(segments, segment);
        }
    }
    return segments;
}

static gboolean segment_arrow_down(const Layout *layout, const CsConstraintGraph *graph,
                                   const Segment *segment)
{
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, segment->edge);
    return !edge->reversed && vertex_at(layout, segment->bottom)->box >= 0;
}

static gboolean segment_arrow_up(const Layout *layout, const CsConstraintGraph *graph,
                                 const Segment *segment)
{
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, segment->edge);
    return edge->reversed && vertex_at(layout, segment->top)->box >= 0;
}

/* Rows: each layer as tall as its tallest vertex, each channel below it
 * one row per track, plus a row for up arrows and one for down arrows. */
static void assign_rows(Layout *layout, GPtrArray *channels)
{
    guint layers = layout->layers->len;
    int y = 0;
    for (guint layer = 0; layer < layers; layer++) {
        GArray *vertices = g_ptr_array_index(layout->layers, layer);
        int height = 1;
        for (guint i = 0; i < vertices->len; i++)
            height = MAX(height, vertex_at(layout, g_array_index(vertices, int, i))->height);
        layout->layer_y[layer] = y;
        layout->layer_height[layer] = height;
        for (guint i = 0; i < vertices->len; i++) {
            Vertex *vertex = vertex_at(layout, g_array_index(vertices, int, i));
            vertex->y = y;
            if (vertex->box < 0 && !vertex->label)
                vertex->height = height;
        }
        y += height;
        if (layer + 1 == layers)
            break;
        GArray *segments = g_ptr_array_index(channels, layer);
        int tracks = assign_tracks(segments);
        gboolean up = FALSE, down = FALSE;
        for (guint i = 0; i < segments->len; i++) {
            const Segment *segment = &g_array_index(segments, Segment, i);
            up |= segment_arrow_up(layout, layout->graph, segment);
            down |= segment_arrow_down(layout, layout->graph, segment);
        }
        layout->channel_y[layer] = y;
        layout->channel_height[layer] = MAX(1, tracks + up + down);
        y += layout->channel_height[layer];
    }
}

/* A dummy's line runs through its whole layer; shorten nothing else. */
static void draw_dummies(Canvas *canvas, const Layout *layout)
{
    for (guint v = 0; v < layout->vertices->len; v++) {
        const Vertex *vertex = vertex_at(layout, (int)v);
        if (vertex->box >= 0 || vertex->label)
            continue;
        const CsGraphEdge *edge = &g_array_index(canvas->graph->edges, CsGraphEdge, vertex->edge);
        int x = vertex->x;
        draw_run(canvas, x, vertex->y, x, vertex->y + vertex->height - 1, edge, vertex->edge);
        mark_line(canvas, x, vertex->y, LINE_UP, edge, vertex->edge);
        mark_line(canvas, x, vertex->y + vertex->height - 1, LINE_DOWN, edge, vertex->edge);
    }
}

static void draw_labels(CsConstraintGraph *graph, const Layout *layout)
{
    for (guint v = 0; v < layout->vertices->len; v++) {
        const Vertex *vertex = vertex_at(layout, (int)v);
        if (!vertex->label)
            continue;
        for (int row = 0, index = vertex->edge; row < vertex->height; row++) {
            CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, index);
            /* centred on the line, which runs through the middle */
            edge->label_x = vertex->x + (vertex->width - text_width(edge->label)) / 2;
            edge->label_y = vertex->y + row;
            put_text(graph, edge->label_x, edge->label_y, edge->label,
                     edge->conflict || edge->in_cycle ? CS_GRAPH_CELL_FLAG : CS_GRAPH_CELL_LABEL,
                     -1, index);
            index = edge->partner;
        }
    }
}

static void draw_layout(Canvas *canvas, const Layout *layout)
{
    CsConstraintGraph *graph = layout->graph;
    draw_labels(graph, layout);
    draw_dummies(canvas, layout);
    for (guint layer = 0; layer < layout->channels->len; layer++) {
        GArray *segments = g_ptr_array_index(layout->channels, layer);
        gboolean up = FALSE;
        for (guint i = 0; i < segments->len; i++)
            up |= segment_arrow_up(layout, graph, &g_array_index(segments, Segment, i));
        for (guint i = 0; i < segments->len; i++) {
            const Segment *segment = &g_array_index(segments, Segment, i);
            draw_segment(canvas, layout, segment, layout->channel_y[layer], up,
                         segment_arrow_down(layout, graph, segment),
                         segment_arrow_up(layout, graph, segment));
        }
    }
}

static void render(CsConstraintGraph *graph, GPtrArray *layouts, gboolean ascii)
{
    gsize size = (gsize)graph->width * graph->height;
    graph->cells = g_new(CsGraphCell, MAX(size, 1));
    for (gsize i = 0; i < size; i++)
        graph->cells[i] = (CsGraphCell){' ', CS_GRAPH_CELL_BLANK, -1, -1};
    Canvas canvas = {graph, g_new0(guint8, MAX(size, 1)), g_new0(guint8, MAX(size, 1)),
                     g_new0(guint8, MAX(size, 1)), ascii};
    for (guint box = 0; box < graph->boxes->len; box++)
        draw_box(graph, (int)box, ascii);
    for (guint i = 0; i < layouts->len; i++)
        draw_layout(&canvas, g_ptr_array_index(layouts, i));
    for (gsize at = 0; at < size; at++) {
        CsGraphCell *cell = &graph->cells[at];
        if (canvas.lines[at] != 0 && cell->ch == ' ')
            cell->ch = line_glyph(&canvas, at);
    }
    g_free(canvas.lines);
    g_free(canvas.heavy);
    g_free(canvas.dashed);
}

/* Boxes with no edge: rows of them below the layered part. */
static void place_unconnected(CsConstraintGraph *graph, int top, int row_width)
{
    int x = 0, y = top, row_height = 0;
    for (guint box = 0; box < graph->boxes->len; box++) {
        CsGraphBox *info = &g_array_index(graph->boxes, CsGraphBox, box);
        if (info->layer >= 0)
            continue;
        if (x > 0 && x + info->width > row_width) {
            x = 0;
            y += row_height + 1;
            row_height = 0;
        }
        info->x = x;
        info->y = y;
        x += info->width + BOX_GAP - 1;
        row_height = MAX(row_height, info->height);
        graph->width = MAX(graph->width, info->x + info->width);
        graph->height = MAX(graph->height, info->y + info->height);
    }
}

static void layout_free(gpointer data)
{
    Layout *layout = data;
    for (guint v = 0; v < layout->vertices->len; v++) {
        g_array_unref(vertex_at(layout, (int)v)->up);
        g_array_unref(vertex_at(layout, (int)v)->down);
    }
    g_array_unref(layout->vertices);
    g_ptr_array_unref(layout->layers);
    g_ptr_array_unref(layout->channels);
    g_free(layout->layer_y);
    g_free(layout->layer_height);
    g_free(layout->channel_y);
    g_free(layout->channel_height);
    g_free(layout);
}

/* Lays out one connected part from (0, 0); its width and height set. */
static Layout *lay_out_part(CsConstraintGraph *graph, const int *parts, int part)
{
    Layout *layout = g_new0(Layout, 1);
    layout->graph = graph;
    layout->part = part;
    layout->vertices = g_array_new(FALSE, FALSE, sizeof(Vertex));
    layout->layers = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
    layout->channels = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
    make_vertices(layout, parts, part);
    reduce_crossings(layout);
    assign_columns(layout);
    squeeze_columns(layout);
    straighten(layout);
    guint layers = layout->layers->len;
    layout->layer_y = g_new0(int, layers + 1);
    layout->layer_height = g_new0(int, layers + 1);
    layout->channel_y = g_new0(int, layers + 1);
    layout->channel_height = g_new0(int, layers + 1);
    for (guint layer = 0; layer + 1 < layers; layer++)
        g_ptr_array_add(layout->channels, layer_segments(layout, layer));
    assign_rows(layout, layout->channels);
    layout->height =
        layers > 0 ? layout->layer_y[layers - 1] + layout->layer_height[layers - 1] : 0;
    for (guint v = 0; v < layout->vertices->len; v++) {
        const Vertex *vertex = vertex_at(layout, (int)v);
        layout->width = MAX(layout->width, vertex->x + vertex->width);
    }
    return layout;
}

static void move_layout(Layout *layout, int dx, int dy)
{
    layout->left += dx;
    layout->top += dy;
    for (guint v = 0; v < layout->vertices->len; v++) {
        Vertex *vertex = vertex_at(layout, (int)v);
        vertex->x += dx;
        vertex->y += dy;
        if (vertex->box >= 0) {
            CsGraphBox *box = &g_array_index(layout->graph->boxes, CsGraphBox, vertex->box);
            box->x = vertex->x;
            box->y = vertex->y;
        }
    }
    for (guint layer = 0; layer < layout->layers->len; layer++) {
        layout->layer_y[layer] += dy;
        layout->channel_y[layer] += dy;
    }
    for (guint layer = 0; layer < layout->channels->len; layer++) {
        GArray *segments = g_ptr_array_index(layout->channels, layer);
        for (guint i = 0; i < segments->len; i++) {
            g_array_index(segments, Segment, i).x1 += dx;
            g_array_index(segments, Segment, i).x2 += dx;
        }
    }
}

/* Parts side by side, a new row of them where the next would pass
 * wrap columns (0: never). */
static void place_parts(CsConstraintGraph *graph, GPtrArray *layouts, int wrap)
{
    int x = 0, y = 0, row_height = 0;
    for (guint i = 0; i < layouts->len; i++) {
        Layout *layout = g_ptr_array_index(layouts, i);
        if (x > 0 && wrap > 0 && x + layout->width > wrap) {
            x = 0;
            y += row_height + 1;
            row_height = 0;
        }
        move_layout(layout, x, y);
        x += layout->width + BOX_GAP;
        row_height = MAX(row_height, layout->height);
        graph->width = MAX(graph->width, x - BOX_GAP);
        graph->height = MAX(graph->height, y + layout->height);
    }
}

static GArray **edges_out(const CsConstraintGraph *graph, gboolean dag)
{
    GArray **out = g_new0(GArray *, MAX(graph->boxes->len, 1));
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->hidden)
            continue;
        int from = dag ? dag_from(edge) : edge->from, to = dag ? dag_to(edge) : edge->to;
        if (out[from] == NULL)
            out[from] = g_array_new(FALSE, FALSE, sizeof(int));
        /* a box with edges into it only gets a layer through them */
        if (out[to] == NULL)
            out[to] = g_array_new(FALSE, FALSE, sizeof(int));
        int index = (int)i;
        g_array_append_val(out[from], index);
    }
    return out;
}

static void free_edges_out(GArray **out, guint count)
{
    for (guint box = 0; box < count; box++)
        if (out[box] != NULL)
            g_array_unref(out[box]);
    g_free(out);
}

static gboolean same_edges(const CsConstraintGraph *graph, const CsConstraintGraph *old);

/* Cycles broken and layers assigned: the edges' reversed and the
 * boxes' layer set. */
static void assign_ranks(CsConstraintGraph *graph)
{
    guint count = graph->boxes->len;
    GArray **out = edges_out(graph, FALSE);
    break_cycles(graph, out);
    free_edges_out(out, count);
    for (guint i = 0; i < graph->edges->len; i++) {
        CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (edge->hidden)
            edge->reversed = g_array_index(graph->edges, CsGraphEdge, edge->partner).reversed;
    }
    out = edges_out(graph, TRUE);
    assign_layers(graph, out);
    free_edges_out(out, count);
}

/* The same edges as old's (same_edges): the same reversed edges and
 * layers, without working them out again. */
static void take_ranks(CsConstraintGraph *graph, const CsConstraintGraph *old)
{
    for (guint i = 0; i < graph->edges->len; i++)
        g_array_index(graph->edges, CsGraphEdge, i).reversed =
            g_array_index(old->edges, CsGraphEdge, i).reversed;
    for (guint i = 0; i < graph->boxes->len; i++)
        g_array_index(graph->boxes, CsGraphBox, i).layer =
            g_array_index(old->boxes, CsGraphBox, i).layer;
    graph->layers = old->layers;
}

/* Per box: the connected part of old (of the same edges) it was in is
 * laid out as graph's would be, its boxes being of the same sizes. */
static Layout **reusable_parts(CsConstraintGraph *graph, CsConstraintGraph *old, const int *parts)
{
    guint count = graph->boxes->len;
    Layout **reusable = g_new0(Layout *, MAX(count, 1));
    GPtrArray *layouts = old->layouts;
    for (guint i = 0; i < layouts->len; i++) {
        Layout *layout = g_ptr_array_index(layouts, i);
        reusable[layout->part] = layout;
    }
    for (guint box = 0; box < count; box++) {
        const CsGraphBox *info = &g_array_index(graph->boxes, CsGraphBox, box);
        const CsGraphBox *before = &g_array_index(old->boxes, CsGraphBox, box);
        if (info->width != before->width || info->height != before->height)
            reusable[parts[box]] = NULL;
    }
    return reusable;
}

/* A part's layout taken from old, moved back to (0, 0). */
static Layout *take_part(CsConstraintGraph *graph, CsConstraintGraph *old, Layout *layout)
{
    g_ptr_array_remove_fast(old->layouts, layout); /* not freed: no free func */
    layout->graph = graph;
    move_layout(layout, -layout->left, -layout->top);
    return layout;
}

/* Lays graph out; the connected parts that have the shape they had in
 * old (may be NULL) keep old's layout (doc/graph.md "The layout"). */
static void lay_out(CsConstraintGraph *graph, const CsGraphOptions *options, CsConstraintGraph *old)
{
    guint count = graph->boxes->len;
    gboolean same = old != NULL && same_edges(graph, old);
    if (same)
        take_ranks(graph, old);
    else
        assign_ranks(graph);
    size_boxes(graph);
    g_autofree int *parts = find_parts(graph);
    g_autofree Layout **reusable = same ? reusable_parts(graph, old, parts) : NULL;
    if (same)
        g_ptr_array_set_free_func(old->layouts, NULL);
    graph->layouts = g_ptr_array_new_with_free_func(layout_free);
    for (guint box = 0; box < count; box++) {
        if (parts[box] != (int)box || g_array_index(graph->boxes, CsGraphBox, box).layer < 0)
            continue;
        Layout *layout = reusable != NULL && reusable[box] != NULL
                             ? take_part(graph, old, reusable[box])
                             : lay_out_part(graph, parts, (int)box);
        g_ptr_array_add(graph->layouts, layout);
    }
    if (same)
        g_ptr_array_set_free_func(old->layouts, layout_free);
    graph->width = graph->height = 0;
    place_parts(graph, graph->layouts, options->wrap);
    place_unconnected(graph, graph->height > 0 ? graph->height + 1 : 0,
                      options->wrap > 0 ? options->wrap : MAX(graph->width, 76));
    render(graph, graph->layouts, options->ascii);
}

/* ---- public ------------------------------------------------------------- */

static void box_clear(gpointer data)
{
    g_ptr_array_unref(((CsGraphBox *)data)->lines);
}

static void edge_clear(gpointer data)
{
    g_free(((CsGraphEdge *)data)->label);
}

/* The boxes, edges and flags of the graph, not laid out yet. */
static CsConstraintGraph *build_content(const CsModel *model, const CsSolution *solution,
                                        const CsGraphOptions *options)
{
    CsConstraintGraph *graph = g_new0(CsConstraintGraph, 1);
    graph->boxes = g_array_new(FALSE, FALSE, sizeof(CsGraphBox));
    g_array_set_clear_func(graph->boxes, box_clear);
    graph->edges = g_array_new(FALSE, FALSE, sizeof(CsGraphEdge));
    g_array_set_clear_func(graph->edges, edge_clear);
    graph->flags = g_ptr_array_new_with_free_func(g_free);
    Builder builder = {.model = model, .solution = solution, .options = options, .graph = graph};
    builder.count = (int)MAX(model->resources->len,
                             solution != NULL ? cs_solution_model(solution)->resources->len : 0);
    builder.box_of = g_new(int, MAX(builder.count, 1));
    builder.node_box_of = g_new(int, MAX(model->nodes->len, 1));
    for (int i = 0; i < builder.count; i++)
        builder.box_of[i] = -1;
    for (guint i = 0; i < model->nodes->len; i++)
        builder.node_box_of[i] = -1;
    index_locations(&builder);
    if (options->focus < builder.count)
        add_boxes_and_edges(&builder);
    free_location_index(&builder);
    flag_problems(&builder);
    graph->ascii = options->ascii;
    graph->wrap = options->wrap;
    g_free(builder.box_of);
    g_free(builder.node_box_of);
    return graph;
}

CsConstraintGraph *cs_constraint_graph_build(const CsModel *model, const CsSolution *solution,
                                             const CsGraphOptions *options)
{
    CsConstraintGraph *graph = build_content(model, solution, options);
    lay_out(graph, options, NULL);
    return graph;
}

/* ---- keeping a layout --------------------------------------------------- */

static gboolean same_edge_shape(const CsGraphEdge *edge, const CsGraphEdge *old)
{
    return edge->kind == old->kind && edge->from == old->from && edge->to == old->to
           && edge->mandatory == old->mandatory && edge->in_cycle == old->in_cycle
           && edge->conflict == old->conflict && edge->partner == old->partner
           && edge->hidden == old->hidden && strcmp(edge->label, old->label) == 0;
}

/* What the layout reads of a box: its size (lines and ports) and what
 * its border shows.  The ports are the same when the edges are. */
static gboolean same_box_shape(const CsGraphBox *box, const CsGraphBox *old, int ports)
{
    return box->rsc == old->rsc && box->node == old->node && box->focus == old->focus
           && box->in_cycle == old->in_cycle && box->conflict == old->conflict
           && box->lines->len == old->lines->len && box_width(box, ports) == old->width;
}

/* Whether graph, not laid out yet, would be laid out as old is: the same
 * edges (ends, labels, flags) and boxes of the same sizes and borders
 * give the same layers, order, coordinates and routes. */
static gboolean same_edges(const CsConstraintGraph *graph, const CsConstraintGraph *old)
{
    if (old->boxes->len != graph->boxes->len || old->edges->len != graph->edges->len)
        return FALSE;
    for (guint i = 0; i < graph->edges->len; i++)
        if (!same_edge_shape(&g_array_index(graph->edges, CsGraphEdge, i),
                             &g_array_index(old->edges, CsGraphEdge, i)))
            return FALSE;
    return TRUE;
}

static gboolean same_shape(const CsConstraintGraph *graph, const CsConstraintGraph *old)
{
    if (old == NULL || old->ascii != graph->ascii || old->wrap != graph->wrap
        || !same_edges(graph, old))
        return FALSE;
    g_autofree int *ports = g_new0(int, MAX(graph->boxes->len, 1));
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        if (!edge->hidden) {
            ports[edge->from]++;
            ports[edge->to]++;
        }
    }
    for (guint i = 0; i < graph->boxes->len; i++)
        if (!same_box_shape(&g_array_index(graph->boxes, CsGraphBox, i),
                            &g_array_index(old->boxes, CsGraphBox, i), ports[i]))
            return FALSE;
    return TRUE;
}

static gboolean same_lines(const CsGraphBox *box, const CsGraphBox *old)
{
    for (guint i = 0; i < box->lines->len; i++)
        if (strcmp(g_ptr_array_index(box->lines, i), g_ptr_array_index(old->lines, i)) != 0)
            return FALSE;
    return TRUE;
}

/* Where an edge's label stood, and which way it ran, in the old layout. */
static void take_edge_place(CsGraphEdge *edge, const CsGraphEdge *before)
{
    edge->reversed = before->reversed;
    edge->label_x = before->label_x;
    edge->label_y = before->label_y;
}

/* Where a box stood in the old layout, and its size. */
static void take_box_place(CsGraphBox *box, const CsGraphBox *before)
{
    box->layer = before->layer;
    box->x = before->x;
    box->y = before->y;
    box->width = before->width;
    box->height = before->height;
}

/* old's layout and grid, taken over by graph of the same shape; only
 * the lines that changed are written again. */
static void take_layout(CsConstraintGraph *graph, CsConstraintGraph *old)
{
    for (guint i = 0; i < graph->edges->len; i++)
        take_edge_place(&g_array_index(graph->edges, CsGraphEdge, i),
                        &g_array_index(old->edges, CsGraphEdge, i));
    graph->width = old->width;
    graph->height = old->height;
    graph->layers = old->layers;
    graph->cells = g_steal_pointer(&old->cells);
    graph->layouts = g_steal_pointer(&old->layouts);
    for (guint i = 0; i < graph->layouts->len; i++)
        ((Layout *)g_ptr_array_index(graph->layouts, i))->graph = graph;
    for (guint i = 0; i < graph->boxes->len; i++) {
        CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, i);
        const CsGraphBox *before = &g_array_index(old->boxes, CsGraphBox, i);
        take_box_place(box, before);
        if (!same_lines(box, before))
            draw_lines(graph, (int)i);
    }
}

CsConstraintGraph *cs_constraint_graph_rebuild(const CsModel *model, const CsSolution *solution,
                                               const CsGraphOptions *options,
                                               CsConstraintGraph *previous)
{
    CsConstraintGraph *graph = build_content(model, solution, options);
    if (same_shape(graph, previous))
        take_layout(graph, previous);
    else
        lay_out(graph, options, previous);
    cs_constraint_graph_free(previous);
    return graph;
}

void cs_constraint_graph_free(CsConstraintGraph *graph)
{
    if (graph == NULL)
        return;
    g_array_unref(graph->boxes);
    g_array_unref(graph->edges);
    g_ptr_array_unref(graph->flags);
    g_free(graph->cells);
    if (graph->layouts != NULL)
        g_ptr_array_unref(graph->layouts);
    g_free(graph);
}

const CsGraphCell *cs_constraint_graph_cell(const CsConstraintGraph *graph, int x, int y)
{
    if (x < 0 || y < 0 || x >= graph->width || y >= graph->height)
        return NULL;
    return cell_at(graph, x, y);
}

char *cs_constraint_graph_row_text(const CsConstraintGraph *graph, int y)
{
    GString *out = g_string_new(NULL);
    gsize kept = 0;
    for (int x = 0; x < graph->width && y >= 0 && y < graph->height; x++) {
        gunichar ch = cell_at(graph, x, y)->ch;
        if (ch == 0)
            continue;
        g_string_append_unichar(out, ch);
        if (ch != ' ')
            kept = out->len;
    }
    g_string_truncate(out, kept);
    return g_string_free(out, FALSE);
}

int cs_constraint_graph_box_of(const CsConstraintGraph *graph, int rsc)
{
    for (guint i = 0; i < graph->boxes->len; i++)
        if (g_array_index(graph->boxes, CsGraphBox, i).rsc == rsc && rsc >= 0)
            return (int)i;
    return -1;
}

static gboolean has_implicit_edges(const CsConstraintGraph *graph)
{
    for (guint i = 0; i < graph->edges->len; i++)
        if (g_array_index(graph->edges, CsGraphEdge, i).kind == CS_GRAPH_IMPLICIT)
            return TRUE;
    return FALSE;
}

#define LEGEND_UTF8                                                                                \
    "Arrows point from primary to dependent (colocation, \u2500) and from first to then\n"         \
    "(order, \u2504); heavy lines are mandatory; * promoted; ! a cycle or an unmet "               \
    "requirement."
#define LEGEND_ASCII                                                                               \
    "Arrows point from primary to dependent (colocation, solid) and from first to then\n"          \
    "(order, dotted); '=' and '#' mandatory; * promoted; ! a cycle or an unmet "                   \
    "requirement."
#define LEGEND_IMPLICIT                                                                            \
    "\n'container', 'guest node', 'runs on' and 'replica' arrows are implicit links, no\n"         \
    "constraint."

const char *cs_constraint_graph_legend(const CsConstraintGraph *graph)
{
    static const char *const legends[2][2] = {
        {LEGEND_UTF8, LEGEND_ASCII},
        {LEGEND_UTF8 LEGEND_IMPLICIT, LEGEND_ASCII LEGEND_IMPLICIT},
    };
    return legends[has_implicit_edges(graph)][graph->ascii ? 1 : 0];
}

void cs_constraint_graph_print(const CsConstraintGraph *graph, GString *out)
{
    for (int y = 0; y < graph->height; y++) {
        g_autofree char *row = cs_constraint_graph_row_text(graph, y);
        g_string_append_printf(out, "%s\n", row);
    }
    if (graph->boxes->len == 0)
        g_string_append(out, "No resources.\n");
    for (guint i = 0; i < graph->flags->len; i++)
        g_string_append_printf(out, "%s! %s\n", i == 0 ? "\n" : "",
                               (const char *)g_ptr_array_index(graph->flags, i));
    if (graph->edges->len > 0)
        g_string_append_printf(out, "\n%s\n", cs_constraint_graph_legend(graph));
}

static void dot_string(GString *out, const char *text)
{
    g_string_append_c(out, '"');
    for (const char *cursor = text; *cursor != '\0'; cursor++) {
        if (*cursor == '\n') {
            g_string_append(out, "\\n");
            continue;
        }
        if (*cursor == '"' || *cursor == '\\')
            g_string_append_c(out, '\\');
        g_string_append_c(out, *cursor);
    }
    g_string_append_c(out, '"');
}

/* A box's DOT name: the resource's id, "node NAME" for a node box. */
static void dot_node(GString *out, const CsConstraintGraph *graph, int index)
{
    const CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, index);
    const char *name = g_ptr_array_index(box->lines, 0);
    g_autofree char *text = box->rsc >= 0 ? g_strdup(name) : g_strdup_printf("node %s", name);
    dot_string(out, text);
}

void cs_constraint_graph_print_dot(const CsConstraintGraph *graph, GString *out)
{
    g_string_append(out, "digraph constraints {\n  node [shape=box];\n");
    for (guint i = 0; i < graph->boxes->len; i++) {
        const CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, i);
        g_autofree char *joined = NULL;
        GString *label = g_string_new(NULL);
        for (guint j = 0; j < box->lines->len; j++)
            g_string_append_printf(label, "%s%s", j > 0 ? "\n" : "",
                                   (const char *)g_ptr_array_index(box->lines, j));
        joined = g_string_free(label, FALSE);
        g_string_append(out, "  ");
        dot_node(out, graph, (int)i);
        g_string_append(out, " [label=");
        dot_string(out, joined);
        if (box->rsc < 0)
            g_string_append(out, ", shape=ellipse");
        if (box->focus)
            g_string_append(out, ", penwidth=2");
        if (box->conflict || box->in_cycle)
            g_string_append(out, ", color=red");
        g_string_append(out, "];\n");
    }
    for (guint i = 0; i < graph->edges->len; i++) {
        const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, i);
        g_autofree char *id = safe_text(edge->id, TRUE);
        g_string_append(out, "  ");
        dot_node(out, graph, edge->from);
        g_string_append(out, " -> ");
        dot_node(out, graph, edge->to);
        g_string_append(out, " [label=");
        dot_string(out, edge->label);
        g_string_append(out, ", tooltip=");
        dot_string(out, id);
        if (edge->kind == CS_GRAPH_ORDER)
            g_string_append(out, ", style=dashed");
        if (edge->mandatory)
            g_string_append(out, ", penwidth=2");
        if (edge->conflict || edge->in_cycle)
            g_string_append(out, ", color=red");
        g_string_append(out, "];\n");
    }
    g_string_append(out, "}\n");
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": what an implicit edge
 * stands for, in words. */
static void implicit_details(const CsConstraintGraph *graph, const CsGraphEdge *edge, GString *out)
{
    const char *from = box_name(graph, edge->from), *to = box_name(graph, edge->to);
    g_string_append(out, "Implicit link (no constraint)\n");
    if (g_str_has_prefix(edge->label, "replica ")) {
        /* "Bundles": the bundle makes each replica's parts itself */
        g_string_append_printf(out,
                               "%s is part of %s of bundle %s, which creates it: no "
                               "constraint of the CIB names it.\n",
                               to, edge->label, from);
    } else if (g_str_has_prefix(edge->label, "runs on ")) {
        /* the node's name from the label: a bundle's guest node exists
         * only in the engine's model */
        g_string_append_printf(out,
                               "%s runs on %s, reached through its connection %s: it runs "
                               "there only while %s does.\n",
                               to, edge->label + strlen("runs on "), from, from);
    } else if (strncmp(edge->label, "guest node", 10) == 0) {
        g_string_append_printf(out,
                               "%s holds %s, whose connection %s runs with it: where "
                               "%s goes, the guest node goes.\n",
                               from, edge->label, to, from);
    } else {
        g_string_append_printf(out, "%s runs inside its container %s (container=%s).\n", to, from,
                               from);
    }
}

char *cs_constraint_graph_edge_details(const CsConstraintGraph *graph, const CsModel *model,
                                       int index)
{
    if (index < 0 || (guint)index >= graph->edges->len)
        return NULL;
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, index);
    GString *out = g_string_new(NULL);
    xmlNode *xml = NULL;
    if (edge->kind == CS_GRAPH_COLOCATION) {
        const CsColocation *colocation = g_ptr_array_index(model->colocations, edge->constraint);
        char buf[CS_SCORE_BUFSIZE];
        g_string_append_printf(out, "Colocation %s\n", colocation->id);
        g_string_append_printf(out, "%s is placed relative to %s, score %s (%s).\n",
                               box_name(graph, edge->to), box_name(graph, edge->from),
                               cs_score_format(colocation->score, buf),
                               edge->mandatory ? "a requirement" : "a preference");
        if (colocation->with_role != CS_ROLE_UNKNOWN)
            g_string_append_printf(out, "Only with %s's %s instances.\n",
                                   box_name(graph, edge->from),
                                   cs_role_name(colocation->with_role));
        if (colocation->rsc_role != CS_ROLE_UNKNOWN)
            g_string_append_printf(out, "Applies to %s in role %s.\n", box_name(graph, edge->to),
                                   cs_role_name(colocation->rsc_role));
        if (!colocation->influence)
            g_string_append(out, "influence=false: the primary is not moved for the dependent.\n");
        xml = colocation->xml;
    } else if (edge->kind == CS_GRAPH_ORDER) {
        const CsOrder *order = g_ptr_array_index(model->orders, edge->constraint);
        g_string_append_printf(out, "Order %s (%s)\n", order->id, order_kind_name(order->kind));
        g_string_append_printf(out, "%s %s, then %s %s.\n", box_name(graph, edge->from),
                               order->first_action ? order->first_action : "start",
                               box_name(graph, edge->to),
                               order->then_action ? order->then_action : "start");
        g_string_append_printf(out, "%s.\n",
                               order->symmetrical ? "Symmetrical: stops go in the reverse order"
                                                  : "Asymmetrical: only this direction");
        xml = order->xml;
    } else if (edge->kind == CS_GRAPH_IMPLICIT) {
        implicit_details(graph, edge, out);
    } else {
        const CsLocation *location = g_ptr_array_index(model->locations, edge->constraint);
        char buf[CS_SCORE_BUFSIZE];
        g_string_append_printf(out, "Location %s\n%s on %s: score %s.\n", location->id,
                               box_name(graph, edge->to), box_name(graph, edge->from),
                               cs_score_format(location->score, buf));
        xml = location->xml;
    }
    if (edge->in_cycle)
        g_string_append(out, "It is on a cycle (see the flags below the graph).\n");
    if (edge->conflict)
        g_string_append(out, "It cannot be met as planned (see the flags below the graph).\n");
    if (xml != NULL) {
        xmlBuffer *buffer = xmlBufferCreate();
        xmlNodeDump(buffer, xml->doc, xml, 0, 0);
        g_string_append_printf(out, "\n%s\n", (const char *)xmlBufferContent(buffer));
        xmlBufferFree(buffer);
    }
    return g_string_free(out, FALSE);
}

gboolean *cs_constraint_graph_stopping(const CsSolution *solution, int *count)
{
    /* the transition the console keeps with the solution has the same
     * actions: worked out again only when nobody asked for it */
    const CsTransition *kept = cs_solution_transition_if_kept(solution);
    g_autoptr(GPtrArray) actions = kept == NULL ? cs_solution_actions(solution) : NULL;
    guint length = kept != NULL ? cs_transition_length(kept) : actions->len;
    *count = (int)cs_solution_model(solution)->resources->len;
    gboolean *stopping = g_new0(gboolean, MAX(*count, 1));
    for (guint i = 0; i < length; i++) {
        const CsPlannedAction *action =
            kept != NULL ? cs_transition_action(kept, i) : g_ptr_array_index(actions, i);
        gboolean stays_stopped = (action->kind == CS_ACTION_STOP && action->to_node < 0)
                                 || (action->kind == CS_ACTION_START && action->blocked);
        if (stays_stopped && action->rsc >= 0 && action->rsc < *count)
            stopping[action->rsc] = TRUE;
    }
    return stopping;
}

gboolean cs_constraint_graph_command(const CsModel *model, CsSolution *solution, const char *rsc_id,
                                     int depth, gboolean dot, GString *out, GError **error)
{
    const CsResource *focus = rsc_id != NULL ? cs_model_resource(model, rsc_id) : NULL;
    /* a clone's instance or a bundle's replica part: the engine's */
    if (rsc_id != NULL && focus == NULL && solution != NULL)
        focus = cs_model_resource(cs_solution_model(solution), rsc_id);
    if (rsc_id != NULL && focus == NULL) {
        g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID, "no resource '%s'", rsc_id);
        return FALSE;
    }
    int count = 0;
    g_autofree gboolean *stopping = cs_constraint_graph_stopping(solution, &count);
    CsGraphOptions options = {.focus = focus != NULL ? focus->index : -1,
                              .depth = depth,
                              .ascii = !g_get_charset(NULL),
                              .stopping = stopping,
                              .stopping_count = count};
    /* on a terminal, parts of the graph go below one another rather
     * than past its width; into a pipe the picture is the same anywhere */
    struct winsize size;
    if (!dot && isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0)
        options.wrap = size.ws_col;
    g_autoptr(CsConstraintGraph) graph = cs_constraint_graph_build(model, solution, &options);
    if (dot)
        cs_constraint_graph_print_dot(graph, out);
    else
        cs_constraint_graph_print(graph, out);
    return TRUE;
}

/* "cli-ban-web-on-alpha: -INF on alpha", "location-web-tier: +100 where
 * rule location-web-tier-rule holds". */
static char *location_detail(const CsLocation *location, gboolean ascii)
{
    g_autofree char *id = safe_text(location->id, ascii);
    g_autofree char *role = location->role != CS_ROLE_UNKNOWN
                                ? g_strdup_printf(", role %s", cs_role_name(location->role))
                                : g_strdup("");
    if (location->node != NULL) {
        g_autofree char *score = short_score(location->score);
        g_autofree char *node = safe_text(location->node, ascii);
        return g_strdup_printf("%s: %s on %s%s", id, score, node, role);
    }
    GString *rules = g_string_new(NULL);
    for (guint i = 0; i < location->rules->len; i++) {
        xmlNode *rule = cs_rule_xml(g_ptr_array_index(location->rules, i));
        g_autofree char *rule_id =
            rule != NULL ? (char *)xmlGetProp(rule, (const xmlChar *)"id") : NULL;
        g_autofree char *safe = safe_text(rule_id != NULL ? rule_id : "?", ascii);
        g_string_append_printf(rules, "%s%s", i > 0 ? ", " : "", safe);
    }
    g_autofree char *score = rule_score(location);
    g_autofree char *names = g_string_free(rules, FALSE);
    return g_strdup_printf("%s: %s where rule %s holds%s", id, score, names, role);
}

/* Everything a box stands for: its lines, then every location
 * constraint on it (a box shows the first three). */
char *cs_constraint_graph_box_details(const CsConstraintGraph *graph, const CsModel *model,
                                      int index)
{
    if (index < 0 || (guint)index >= graph->boxes->len)
        return NULL;
    const CsGraphBox *box = &g_array_index(graph->boxes, CsGraphBox, index);
    GString *out = g_string_new(NULL);
    for (int i = 0; i < box->notes_from; i++)
        g_string_append_printf(out, "%s\n", (const char *)g_ptr_array_index(box->lines, i));
    int count = 0;
    for (guint i = 0; box->rsc >= 0 && i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);
        if (graph_endpoint(model, location->rsc) != box->rsc)
            continue;
        g_autofree char *detail = location_detail(location, graph->ascii);
        g_string_append_printf(out, "%s%s\n", count++ == 0 ? "\nLocation constraints:\n" : "",
                               detail);
    }
    return g_string_free(out, FALSE);
}
