/* testlib.c: what the check suites share (testlib.h). */
#include <libxml/xmlsave.h>
#include <libxml/xpath.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "explain/command.h"

static char *case_path(const char *folder, const char *name, const char *suffix)
{
    return g_strdup_printf("%s/%s/%s.%s", CS_TESTDATA, folder, name, suffix);
}

/* NAME.time, when present, is the --time the oracle was run with
 * (failure-timeout, date rules); else any fixed date will do. */
static CsTime case_time(const char *folder, const char *name)
{
    g_autofree char *path = case_path(folder, name, "time");
    g_autofree char *text = NULL;
    CsTime now = {0};

    if (!g_file_get_contents(path, &text, NULL, NULL))
        text = g_strdup("2023-01-01T00:00:00Z");
    ck_assert_msg(cs_time_parse(g_strstrip(text), &now, NULL), "%s", path);
    return now;
}

void cs_test_case_solve(CsTestCase *test, const char *folder, const char *name)
{
    g_autofree char *path = case_path(folder, name, "xml");
    CsTime now = case_time(folder, name);

    memset(test, 0, sizeof *test);
    test->document = cs_document_load(path, &test->error);
    ck_assert_msg(test->document != NULL, "%s", path);
    test->model = cs_model_build(test->document, now, &test->error);
    if (test->model != NULL)
        test->solution = cs_solve(test->model, &test->error);
}

void cs_test_case_solve_ok(CsTestCase *test, const char *folder, const char *name)
{
    cs_test_case_solve(test, folder, name);
    ck_assert_msg(test->solution != NULL, "%s/%s: %s", folder, name,
                  test->error != NULL ? test->error->message : "?");
}

gboolean cs_test_case_solve_file(CsTestCase *test, const char *path, const char *time_text)
{
    CsTime now;

    memset(test, 0, sizeof *test);
    ck_assert_msg(cs_time_parse(time_text, &now, NULL), "%s", time_text);
    test->document = cs_document_load(path, &test->error);
    if (test->document != NULL)
        test->model = cs_model_build(test->document, now, &test->error);
    if (test->model != NULL)
        test->solution = cs_solve(test->model, &test->error);
    return test->solution != NULL;
}

char *cs_test_xpath_value(const CsDocument *document, const char *xpath)
{
    xmlXPathContext *context = xmlXPathNewContext(document->xml);
    g_autofree char *wrapped = g_strdup_printf("string(%s)", xpath);
    xmlXPathObject *result = xmlXPathEvalExpression(BAD_CAST wrapped, context);
    ck_assert_msg(result != NULL, "bad xpath %s", xpath);
    char *text = g_strdup((const char *)result->stringval);
    xmlXPathFreeObject(result);
    xmlXPathFreeContext(context);
    return text;
}

int cs_test_xpath_count(const CsDocument *document, const char *xpath)
{
    xmlXPathContext *context = xmlXPathNewContext(document->xml);
    xmlXPathObject *result = xmlXPathEvalExpression(BAD_CAST xpath, context);
    ck_assert_msg(result != NULL, "bad xpath %s", xpath);
    int n = result->nodesetval != NULL ? result->nodesetval->nodeNr : 0;
    xmlXPathFreeObject(result);
    xmlXPathFreeContext(context);
    return n;
}

void cs_test_case_clear(CsTestCase *test)
{
    g_clear_pointer(&test->solution, cs_solution_free);
    g_clear_pointer(&test->model, cs_model_free);
    g_clear_pointer(&test->document, cs_document_free);
    g_clear_error(&test->error);
}

char *cs_test_expected(const char *folder, const char *name, const char *suffix)
{
    g_autofree char *path = case_path(folder, name, suffix);
    char *text = NULL;

    ck_assert_msg(g_file_get_contents(path, &text, NULL, NULL), "%s", path);
    return text;
}

char *cs_test_scores_text(const CsTestCase *test)
{
    GString *out = g_string_new(NULL);

    cs_solution_print_scores(test->solution, out);
    return g_string_free(out, FALSE);
}

char *cs_test_transition_text(const CsTestCase *test)
{
    GString *out = g_string_new(NULL);

    cs_solution_print_transition(test->solution, out);
    return g_string_free(out, FALSE);
}

static gint compare_lines(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *squeezed(const char *line)
{
    g_auto(GStrv) words = g_strsplit_set(line, " ", -1);
    GString *joined = g_string_new(NULL);

    for (char **word = words; *word != NULL; word++) {
        if (**word == '\0')
            continue;
        if (joined->len > 0)
            g_string_append_c(joined, ' ');
        g_string_append(joined, *word);
    }
    return g_string_free(joined, FALSE);
}

static gboolean is_heading(const char *line)
{
    return strcmp(line, "Transition Summary:") == 0 || strcmp(line, "Allocation scores:") == 0;
}

GPtrArray *cs_test_sorted_lines(const char *text, gboolean squeeze)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) split = g_strsplit(text, "\n", -1);

    for (char **line = split; *line != NULL; line++) {
        char *copy = squeeze ? squeezed(*line) : g_strstrip(g_strdup(*line));

        if (*copy == '\0' || is_heading(copy))
            g_free(copy);
        else
            g_ptr_array_add(lines, copy);
    }
    g_ptr_array_sort(lines, compare_lines);
    return lines;
}

gboolean cs_test_lines_contain(const GPtrArray *lines, const char *line)
{
    for (guint i = 0; i < lines->len; i++)
        if (strcmp(g_ptr_array_index(lines, i), line) == 0)
            return TRUE;
    return FALSE;
}

gboolean cs_test_has_line(const char *text, const char *line)
{
    g_autoptr(GPtrArray) lines = cs_test_sorted_lines(text, TRUE);

    return cs_test_lines_contain(lines, line);
}

void cs_test_assert_same_lines(const char *want_text, const char *got_text, gboolean squeeze)
{
    g_autoptr(GPtrArray) want = cs_test_sorted_lines(want_text, squeeze);
    g_autoptr(GPtrArray) got = cs_test_sorted_lines(got_text, squeeze);

    ck_assert_uint_eq(want->len, got->len);
    for (guint i = 0; i < want->len; i++)
        ck_assert_str_eq(g_ptr_array_index(want, i), g_ptr_array_index(got, i));
}

void cs_test_assert_as_oracle(const CsTestCase *test, const char *folder, const char *name)
{
    g_autofree char *want_scores = cs_test_expected(folder, name, "scores");
    g_autofree char *want_summary = cs_test_expected(folder, name, "summary");
    g_autofree char *got_scores = cs_test_scores_text(test);
    g_autofree char *got_summary = cs_test_transition_text(test);

    cs_test_assert_same_lines(want_scores, got_scores, FALSE);
    cs_test_assert_same_lines(want_summary, got_summary, TRUE);
}

CsSession *cs_test_session_open(const char *path, const char *time_text)
{
    g_autoptr(GError) error = NULL;
    CsSession *session = cs_session_open(path, time_text, &error);

    ck_assert_msg(session != NULL, "%s: %s", path, error != NULL ? error->message : "");
    return session;
}

char *cs_test_run_ok(CsSession *session, const char *text)
{
    g_autoptr(GError) error = NULL;
    GString *out = g_string_new(NULL);

    ck_assert_msg(cs_command_run_text(session, text, out, &error), "%s: %s", text,
                  error != NULL ? error->message : "");
    return g_string_free(out, FALSE);
}

/* ---- oracle tables ------------------------------------------------------- */

/* check hands a loop test only its index: the tables it runs over. */
static struct {
    const char *folder;
    const char *const *names;
} oracle_table;

static struct {
    const char *folder;
    const CsTestRefusal *refusals;
} refusal_table;

START_TEST(test_answered_as_crm_simulate)
{
    const char *name = oracle_table.names[_i];
    CsTestCase test;

    cs_test_case_solve_ok(&test, oracle_table.folder, name);
    cs_test_assert_as_oracle(&test, oracle_table.folder, name);
    cs_test_case_clear(&test);
}
END_TEST

START_TEST(test_refused_with_a_reason)
{
    const CsTestRefusal *refusal = &refusal_table.refusals[_i];
    CsTestCase test;

    cs_test_case_solve(&test, refusal_table.folder, refusal->name);
    ck_assert_ptr_null(test.solution);
    ck_assert(g_error_matches(test.error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
    ck_assert_msg(strstr(test.error->message, refusal->says) != NULL, "%s: %s", refusal->name,
                  test.error->message);
    ck_assert_msg(strstr(test.error->message, "not modelled") != NULL, "%s", test.error->message);
    cs_test_case_clear(&test);
}
END_TEST

void cs_test_add_oracle_table(TCase *tc, const char *folder, const char *const *names, int count)
{
    g_assert(oracle_table.names == NULL || oracle_table.names == names);
    oracle_table.folder = folder;
    oracle_table.names = names;
    tcase_add_loop_test(tc, test_answered_as_crm_simulate, 0, count);
}

void cs_test_add_refusal_table(TCase *tc, const char *folder, const CsTestRefusal *refusals,
                               int count)
{
    g_assert(refusal_table.refusals == NULL || refusal_table.refusals == refusals);
    refusal_table.folder = folder;
    refusal_table.refusals = refusals;
    tcase_add_loop_test(tc, test_refused_with_a_reason, 0, count);
}

int cs_test_run(Suite *suite)
{
    SRunner *runner = srunner_create(suite);

    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int collect(void *context, const char *buffer, int length)
{
    g_string_append_len(context, buffer, length);
    return length;
}

char *cs_test_serialize(const CsDocument *document)
{
    GString *out = g_string_new(NULL);
    xmlSaveCtxt *save =
        xmlSaveToIO(collect, NULL, out, NULL, document->declaration ? 0 : XML_SAVE_NO_DECL);
    ck_assert_ptr_nonnull(save);
    ck_assert_int_ge(xmlSaveDoc(save, document->xml), 0);
    xmlSaveClose(save);
    return g_string_free(out, FALSE);
}
