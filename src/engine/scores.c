/* scores.c: the allocation and promotion scores as crm_simulate -sSQ
 * prints them, in the order it prints them, and the crm_simulate spelling
 * of ids in printed lines (cs_escape_text). */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"

/* Pacemaker prints a table's nodes by uname, runs of digits compared as
 * numbers (node2 before node10; with equal values, fewer digits first),
 * other characters without case: cs_numeric_strcasecmp (nodes.c). */
static gint compare_unames_natural(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsModel *model = data;
    const CsNode *node1 = g_ptr_array_index(model->nodes, *(const int *)a);
    const CsNode *node2 = g_ptr_array_index(model->nodes, *(const int *)b);
    int order = cs_numeric_strcasecmp(node1->uname, node2->uname);

    /* equal names keep the order of the CIB */
    return order != 0 ? order : *(const int *)a - *(const int *)b;
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
static void print_table(const CsSolution *solution, const char *prefix, int rsc,
                        const CsTable *table, const int *node_order, GString *out)
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
            room += head_len + 4 * strlen(node_info->uname) + 2 + CS_SCORE_BUFSIZE + 1;
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
        g_autofree char *escaped =
            cs_text_needs_escape(node_info->uname) ? cs_escape_text(node_info->uname) : NULL;
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

void cs_print_log(CsSolution *solution, CsPrintKind kind, int index)
{
    CsPrintEvent event = {index, kind};

    if (solution->print_log == NULL)
        solution->print_log = g_array_new(FALSE, FALSE, sizeof(CsPrintEvent));
    g_array_append_val(solution->print_log, event);
}

/* Where score lines go: with a flush, out is handed over once it holds
 * this much. */
#define CS_SCORES_FLUSH_BYTES ((gsize)256 * 1024)

typedef struct ScoreSink {
    GString *out;
    CsFlushFunc flush; /* NULL: everything stays in out */
    gpointer data;
} ScoreSink;

static void maybe_flush(ScoreSink *sink)
{
    if (sink->flush == NULL || sink->out->len < CS_SCORES_FLUSH_BYTES)
        return;
    sink->flush(sink->out, sink->data);
    g_string_truncate(sink->out, 0);
}

static const char *const print_prefix[] = {
    [CS_PRINT_CLONE] = "pcmk__clone_allocate",
    [CS_PRINT_GROUP] = "pcmk__group_assign",
    [CS_PRINT_PRIMITIVE] = "pcmk__primitive_assign",
    [CS_PRINT_BUNDLE] = "pcmk__bundle_allocate",
};

/* The tables one resource printed under kind, oldest first: those of
 * assignments rolled back (clone.c), then the one that stands. */
static const CsTable *printed_nth(const CsSolution *solution, int rsc, CsPrintKind kind, int nth)
{
    const CsRscWork *work = &solution->work[rsc];
    gboolean group_kind = kind == CS_PRINT_GROUP;
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    gboolean is_group = info->kind == CS_RSC_GROUP;
    const GPtrArray *rolled = NULL;
    const CsTable *standing = work->clone_printed;

    if (kind == CS_PRINT_BUNDLE)
        return work->bundle_printed != NULL && nth < (int)work->bundle_printed->len
                   ? g_ptr_array_index(work->bundle_printed, nth)
                   : NULL;
    if (kind != CS_PRINT_CLONE) {
        gboolean own = !group_kind || is_group;
        rolled = own ? work->rolled_back : work->rolled_back_group;
        standing = own ? work->printed : work->group_printed;
    }
    if (rolled != NULL && nth < (int)rolled->len)
        return g_ptr_array_index(rolled, nth);
    nth -= rolled != NULL ? (int)rolled->len : 0;
    return nth == 0 ? standing : NULL;
}

static void print_promotion_line(const GPtrArray *lines, int line, GString *out)
{
    if (line < 0 || line >= (int)lines->len)
        return;
    g_autofree char *escaped = cs_escape_text(g_ptr_array_index(lines, line));
    g_string_append(out, escaped);
    g_string_append_c(out, '\n');
}

/* Appends the "ID promotion score on NODE: SCORE" lines promote.c wrote. */
static void promotion_lines_copy(const CsSolution *solution, GPtrArray *lines)
{
    const GPtrArray *written = solution->promotion_lines;

    for (guint i = 0; written != NULL && i < written->len; i++)
        g_ptr_array_add(lines, g_strdup(g_ptr_array_index(written, i)));
}

/* crm_simulate -sSQ prints each table as the scheduler reaches it (see
 * cs_print_log), its nodes in Pacemaker's natural uname order, and ends
 * with an empty line. */
void cs_solution_stream_scores(const CsSolution *solution, GString *out, CsFlushFunc flush,
                               gpointer data)
{
    ScoreSink sink = {out, flush, data};
    g_autofree int *node_order =
        sorted_indices(solution->n_nodes, compare_unames_natural, solution->model);
    g_autofree int *seen = g_new0(int, CS_PRINT_PROMOTION *(gsize)solution->n_rsc + 1);
    const GArray *log = solution->print_log;
    g_autoptr(GPtrArray) promotion = g_ptr_array_new_with_free_func(g_free);

    promotion_lines_copy(solution, promotion);
    for (guint i = 0; log != NULL && i < log->len; i++) {
        const CsPrintEvent *event = &g_array_index(log, CsPrintEvent, i);

        if (event->kind == CS_PRINT_PROMOTION) {
            print_promotion_line(promotion, event->index, out);
            continue;
        }
        int nth = seen[CS_PRINT_PROMOTION * event->index + (int)event->kind]++;
        print_table(solution, print_prefix[event->kind], event->index,
                    printed_nth(solution, event->index, event->kind, nth), node_order, out);
        maybe_flush(&sink);
    }
    g_string_append_c(out, '\n');
}

void cs_solution_print_scores(const CsSolution *solution, GString *out)
{
    cs_solution_stream_scores(solution, out, NULL, NULL);
}
