/* check_next_corpus.c: for every corpus CIB the engine answers (those it
 * refuses, exit 3, are skipped) and every resource, where, the Matrix's
 * marks and Action column against crm_simulate's Transition Summary;
 * then a standby of the first node, its undo and a ban of a running
 * primitive, and what each moved against the summaries before and
 * after (next_checks.h).  Skipped (77) without the
 * corpus (SHARED_DIR, else ../shared beside the source tree). */
#include "explain/command.h"
#include "next_checks.h"

#include <check.h>
#include <stdio.h>
#include <string.h>
#include "testlib.h"

static char *corpus_dir(void)
{
    const char *shared = g_getenv("SHARED_DIR");
    g_autofree char *fallback = g_build_filename(CS_TESTDATA, "..", "..", "..", "shared", NULL);
    return g_build_filename(shared != NULL && *shared != '\0' ? shared : fallback, "corpus",
                            "pacemaker-2.1.5", NULL);
}

typedef struct Tally {
    guint checked, refused;
    GString *failures;
    guint failed;
} Tally;

static GPtrArray *engine_summary(CsSolution *solution)
{
    g_autoptr(GString) text = g_string_new(NULL);
    cs_solution_print_transition(solution, text);
    return summary_parse(text->str);
}

static void note(Tally *tally, const char *name, const char *what, const char *failures)
{
    tally->failed++;
    if (tally->failed <= 10)
        g_string_append_printf(tally->failures, "== %s (%s)\n%s", name, what, failures);
}

/* The first node that runs resources now: a standby there moves them. */
static const CsNode *busy_node(const CsSession *session)
{
    for (guint i = 0; i < session->model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(session->model->nodes, i);
        if (node->online && !node->standby)
            return node;
    }
    return NULL;
}

/* One edit: what it printed against the summaries before and after. */
static gboolean check_one_edit(CsSession *session, const char *edit, const char *name, Tally *tally)
{
    g_autoptr(GPtrArray) before = engine_summary(session->solution);
    g_autoptr(GString) printed = g_string_new(NULL);
    if (!cs_command_run_text(session, edit, printed, NULL) || session->solution == NULL)
        return FALSE;
    g_autoptr(GPtrArray) after = engine_summary(session->solution);
    g_autofree char *failures = check_changes(printed->str, session->model, before, after);
    if (failures != NULL) {
        g_autofree char *what = g_strdup_printf("%s printed:\n%s", edit, printed->str);
        note(tally, name, what, failures);
    }
    return TRUE;
}

/* The first top-level primitive running now, or NULL. */
static const CsResource *running_primitive(const CsSession *session, int *node)
{
    for (guint i = 0; i < session->model->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(session->model->resources, i);
        *node = cs_solution_current_node(session->solution, info->index);
        if (info->parent < 0 && info->kind == CS_RSC_PRIMITIVE && *node >= 0)
            return info;
    }
    return NULL;
}

/* A standby (many moves), its undo (plans dropped), and a ban of a
 * running primitive from its node. */
static void check_edits(CsSession *session, const char *name, Tally *tally)
{
    const CsNode *node = busy_node(session);
    if (node == NULL)
        return;
    g_autofree char *uname = g_shell_quote(node->uname);
    g_autofree char *standby = g_strdup_printf("standby %s on", uname);
    if (!check_one_edit(session, standby, name, tally)
        || !check_one_edit(session, "undo", name, tally))
        return;
    int where;
    const CsResource *rsc = running_primitive(session, &where);
    if (rsc == NULL)
        return;
    g_autofree char *id = g_shell_quote(rsc->id);
    g_autofree char *from =
        g_shell_quote(((const CsNode *)g_ptr_array_index(session->model->nodes, where))->uname);
    g_autofree char *ban = g_strdup_printf("ban %s %s", id, from);
    check_one_edit(session, ban, name, tally);
}

static void check_one(const char *dir, const char *name, const char *time_text, Tally *tally)
{
    g_autofree char *xml = g_strdup_printf("%s/xml/%s.xml", dir, name);
    g_autofree char *summary_path = g_strdup_printf("%s/summary/%s.summary", dir, name);
    g_autofree char *summary = NULL;
    if (!g_file_get_contents(summary_path, &summary, NULL, NULL))
        return;
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session = cs_session_open(xml, *time_text ? time_text : NULL, &error);
    if (session == NULL) {
        tally->refused++;
        return;
    }
    tally->checked++;
    g_autoptr(GPtrArray) oracle = summary_parse(summary);
    g_autofree char *failures = check_statements(session->solution, oracle);
    if (failures != NULL)
        note(tally, name, "statements", failures);
    check_edits(session, name, tally);
}

START_TEST(test_corpus)
{
    g_autofree char *dir = corpus_dir();
    g_autofree char *tsv_path = g_build_filename(dir, "tests.tsv", NULL);
    g_autofree char *tsv = NULL;
    ck_assert(g_file_get_contents(tsv_path, &tsv, NULL, NULL));
    g_auto(GStrv) rows = g_strsplit(tsv, "\n", -1);
    Tally tally = {0, 0, g_string_new(NULL), 0};
    for (char **row = rows + 1; *row != NULL; row++) {
        g_auto(GStrv) fields = g_strsplit(*row, "\t", -1);
        if (g_strv_length(fields) < 3)
            continue;
        check_one(dir, fields[0], fields[2], &tally);
    }
    printf("check_next_corpus: %u CIBs checked, %u refused, %u failed\n", tally.checked,
           tally.refused, tally.failed);
    ck_assert_msg(tally.failed == 0, "%u CIBs contradict their transition:\n%s", tally.failed,
                  tally.failures->str);
    ck_assert_uint_gt(tally.checked, 500);
    g_string_free(tally.failures, TRUE);
}
END_TEST

int main(void)
{
    g_autofree char *dir = corpus_dir();
    if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
        printf("check_next_corpus: skipped, no corpus at %s (set SHARED_DIR)\n", dir);
        return 77;
    }
    Suite *suite = suite_create("next_corpus");
    TCase *corpus = tcase_create("corpus");
    tcase_set_timeout(corpus, 1200);
    tcase_add_test(corpus, test_corpus);
    suite_add_tcase(suite, corpus);
    return cs_test_run(suite);
}
