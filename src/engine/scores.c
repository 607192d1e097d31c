/* scores.c: the allocation and promotion scores as crm_simulate -sSQ
 * prints them (sorted as it sorts them), and the crm_simulate spelling of
 * ids in printed lines (cs_escape_text). */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/promote_internal.h"

static int compare_terminated(const char *a, const char *b, char end)
{
    for (;; a++, b++) {
        unsigned char ca = *a ? (unsigned char)*a : (unsigned char)end;
        unsigned char cb = *b ? (unsigned char)*b : (unsigned char)end;

        if (ca != cb)
            return ca < cb ? -1 : 1;
        if (*a == '\0' || *b == '\0')
            return 0;
    }
}

static gint compare_rsc_ids(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsModel *model = data;
    const CsResource *rsc1 = g_ptr_array_index(model->resources, *(const int *)a);
    const CsResource *rsc2 = g_ptr_array_index(model->resources, *(const int *)b);

    return compare_terminated(rsc1->id, rsc2->id, ' ');
}

static gint compare_unames(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsModel *model = data;
    const CsNode *node1 = g_ptr_array_index(model->nodes, *(const int *)a);
    const CsNode *node2 = g_ptr_array_index(model->nodes, *(const int *)b);

    return compare_terminated(node1->uname, node2->uname, ':');
}

static int *sorted_indices(int n, GCompareDataFunc compare, const CsModel *model)
{
    int *order = g_new(int, n + 1);

    for (int i = 0; i < n; i++)
        order[i] = i;
    g_qsort_with_data(order, n, sizeof(int), compare, (gpointer)model);
    return order;
}

/* The score as crm_simulate prints it, written without printf at cursor
 * (room for CS_SCORE_BUFSIZE bytes); returns the end. */
static char *write_score(char *cursor, CsScore score)
{
    char digits[16];
    int n = 0;
    unsigned int magnitude;

    if (score >= CS_INFINITY || score <= -CS_INFINITY) {
        const char *text = score > 0 ? "INFINITY" : "-INFINITY";
        size_t length = strlen(text);
        memcpy(cursor, text, length);
        return cursor + length;
    }
    if (score < 0)
        *cursor++ = '-';
    magnitude = score < 0 ? -(unsigned int)score : (unsigned int)score;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    while (n > 0)
        *cursor++ = digits[--n];
    return cursor;
}

gboolean cs_text_needs_escape(const char *text)
{
    return text != NULL && strpbrk(text, "\n\r\t") != NULL;
}

char *cs_escape_text(const char *text)
{
    GString *escaped;

    if (text == NULL)
        return NULL;
    escaped = g_string_sized_new(strlen(text) + 8);
    for (const char *c = text; *c != '\0'; c++) {
        if (*c == '\n')
            g_string_append(escaped, "\\n");
        else if (*c == '\r')
            g_string_append(escaped, "\\r");
        else if (*c == '\t')
            g_string_append(escaped, "    ");
        else
            g_string_append_c(escaped, *c);
    }
    return g_string_free(escaped, FALSE);
}

/* A table is tens of thousands of lines on a large cluster: room for all
 * of them is made once and the lines are copied in, instead of growing
 * the string piece by piece. */
static void print_table(const CsSolution *solution, const char *prefix,
                        int rsc, const CsTable *table, const int *node_order,
                        GString *out)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    g_autofree char *head = NULL;
    size_t head_len, room = 0;

    table = cs_table_snapshot(table);

    /* Pacemaker never prints the scores of an orphan clone instance (one
     * made for a history beyond clone-max): it is only stopped. */
    if (table == NULL || cs_rsc_is_orphan(solution, rsc))
        return;
    g_autofree char *id = cs_escape_text(info->id);

    head = g_strconcat(prefix, ": ", id, " allocation score on ", NULL);
    head_len = strlen(head);
    for (int node = 0; node < table->n_nodes; node++) {
        const CsNode *node_info = g_ptr_array_index(solution->model->nodes, node);
        /* an escaped name is at most four times as long */
        if (table->allowed[node])
            room += head_len + 4 * strlen(node_info->uname) + 2
                    + CS_SCORE_BUFSIZE + 1;
    }
    gsize start = out->len;
    g_string_set_size(out, start + room);
    char *cursor = out->str + start;
    for (int i = 0; i < table->n_nodes; i++) {
        int node = node_order[i];
        const CsNode *node_info;

        if (!table->allowed[node])
            continue;
        node_info = g_ptr_array_index(solution->model->nodes, node);
        g_autofree char *escaped = cs_text_needs_escape(node_info->uname)
                                   ? cs_escape_text(node_info->uname) : NULL;
        const char *uname = escaped != NULL ? escaped : node_info->uname;
        size_t uname_len = strlen(uname);
        memcpy(cursor, head, head_len);
        cursor += head_len;
        memcpy(cursor, uname, uname_len);
        cursor += uname_len;
        *cursor++ = ':';
        *cursor++ = ' ';
        cursor = write_score(cursor, table->score[node]);
        *cursor++ = '\n';
    }
    g_string_truncate(out, (gsize)(cursor - out->str));
}

static gint compare_lines(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Promotable clones add "ID promotion score on NODE: SCORE" lines
 * (promote.c), escaped as every printed line is. */
static GPtrArray *promotion_lines(const CsSolution *solution)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    cs_promote_print_scores(solution, lines);
    for (guint i = 0; i < lines->len; i++) {
        char *line = g_ptr_array_index(lines, i);

        if (cs_text_needs_escape(line)) {
            lines->pdata[i] = cs_escape_text(line);
            g_free(line);
        }
    }
    return lines;
}

/* The promotion lines take their place among the sorted lines. */
static void merge_promotion_lines(GPtrArray *lines, GString *out, gsize start)
{
    g_auto(GStrv) existing = NULL;

    if (lines->len == 0)
        return;
    existing = g_strsplit(out->str + start, "\n", -1);
    for (int i = 0; existing[i] != NULL; i++)
        if (existing[i][0] != '\0')
            g_ptr_array_add(lines, g_strdup(existing[i]));
    g_ptr_array_sort(lines, compare_lines);
    g_string_truncate(out, start);
    for (guint i = 0; i < lines->len; i++) {
        g_string_append(out, g_ptr_array_index(lines, i));
        g_string_append_c(out, '\n');
    }
}

/* crm_simulate sorts its lines as whole strings: one resource's lines
 * printed more than once (an assignment rolled back, then redone) come
 * out interleaved by node, equal lines side by side. */
static void sort_lines_since(GString *out, gsize start)
{
    g_auto(GStrv) lines = NULL;
    guint n;

    if (out->len <= start)
        return;
    lines = g_strsplit(out->str + start, "\n", -1);
    n = g_strv_length(lines);
    if (n > 0 && lines[n - 1][0] == '\0')
        n--;   /* after the last newline */
    qsort(lines, n, sizeof(char *), compare_lines);
    g_string_truncate(out, start);
    for (guint i = 0; i < n; i++) {
        g_string_append(out, lines[i]);
        g_string_append_c(out, '\n');
    }
}

/* Assignments a clone rolled back were printed as well (clone.c), and
 * sort in among the final ones. */
static void print_rolled_back(const CsSolution *solution, const char *where,
                              int rsc, const GPtrArray *tables,
                              const int *node_order, GString *out,
                              gsize start)
{
    for (guint i = 0; tables != NULL && i < tables->len; i++)
        print_table(solution, where, rsc, g_ptr_array_index(tables, i),
                    node_order, out);
    if (tables != NULL && tables->len > 0)
        sort_lines_since(out, start);
}

/* Where score lines go: with a flush and no promotion lines to sort in
 * at the end, out is handed over once it holds this much. */
#define CS_SCORES_FLUSH_BYTES ((gsize)256 * 1024)

typedef struct ScoreSink {
    GString *out;
    gsize start;               /* where the lines a final sort moves begin */
    CsFlushFunc flush;         /* NULL: everything stays in out */
    gpointer data;
} ScoreSink;

/* Called between resources: a resource's own lines are sorted by then. */
static void maybe_flush(ScoreSink *sink)
{
    if (sink->flush == NULL || sink->out->len < CS_SCORES_FLUSH_BYTES)
        return;
    sink->flush(sink->out, sink->data);
    g_string_truncate(sink->out, 0);
    sink->start = 0;
}

void cs_solution_stream_scores(const CsSolution *solution, GString *out,
                               CsFlushFunc flush, gpointer data)
{
    const CsModel *model = solution->model;
    g_autoptr(GPtrArray) promotion = promotion_lines(solution);
    /* Promotion lines sort in among all the others: nothing can go early. */
    ScoreSink sink = { out, out->len, promotion->len == 0 ? flush : NULL, data };
    g_autofree int *rsc_order = sorted_indices(solution->n_rsc,
                                               compare_rsc_ids, model);
    g_autofree int *node_order = sorted_indices(solution->n_nodes,
                                                compare_unames, model);

    /* "pcmk__clone_allocate" sorts before "pcmk__group_assign", which
     * sorts before "pcmk__primitive_assign". */
    for (int i = 0; i < solution->n_rsc; i++) {
        print_table(solution, "pcmk__clone_allocate", rsc_order[i],
                    solution->work[rsc_order[i]].clone_printed, node_order,
                    out);
        maybe_flush(&sink);
    }
    for (int i = 0; i < solution->n_rsc; i++) {
        int rsc = rsc_order[i];
        const CsResource *info = g_ptr_array_index(model->resources, rsc);
        const CsRscWork *work = &solution->work[rsc];
        gsize rsc_start = out->len;

        print_table(solution, "pcmk__group_assign", rsc,
                    info->kind == CS_RSC_GROUP ? work->printed
                                               : work->group_printed,
                    node_order, out);
        print_rolled_back(solution, "pcmk__group_assign", rsc,
                          info->kind == CS_RSC_GROUP
                          ? work->rolled_back : work->rolled_back_group,
                          node_order, out, rsc_start);
        maybe_flush(&sink);
    }
    for (int i = 0; i < solution->n_rsc; i++) {
        int rsc = rsc_order[i];
        const CsResource *info = g_ptr_array_index(model->resources, rsc);
        gsize rsc_start = out->len;

        if (info->kind != CS_RSC_PRIMITIVE)
            continue;
        print_table(solution, "pcmk__primitive_assign", rsc,
                    solution->work[rsc].printed, node_order, out);
        print_rolled_back(solution, "pcmk__primitive_assign", rsc,
                          solution->work[rsc].rolled_back, node_order, out,
                          rsc_start);
        maybe_flush(&sink);
    }
    merge_promotion_lines(promotion, out, sink.start);
}

void cs_solution_print_scores(const CsSolution *solution, GString *out)
{
    cs_solution_stream_scores(solution, out, NULL, NULL);
}
