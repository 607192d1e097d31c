/* check_expect.c: transition --expect (explain/expect.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "explain/expect.h"
#include "testlib.h"

static const char summary[] =
    "Transition Summary:\n"
    "  * Move       web-vip        ( alpha -> bravo )\n"
    "  * Move       web-fs         ( alpha -> bravo )\n"
    "  * Stop       report         (          alpha )  due to node availability\n";

static const char quiet[] = "Transition Summary:\n";

/* The difference, or "" when summary is as text expects. */
static char *check(const char *text, const char *against)
{
    GError *error = NULL;
    g_autoptr(GPtrArray) expected = cs_expect_parse(text, &error);
    ck_assert_msg(expected != NULL, "%s", error ? error->message : "");
    GString *difference = g_string_new(NULL);
    gboolean agree = cs_expect_check(against, expected, difference);
    ck_assert_int_eq(agree, difference->len == 0);
    return g_string_free(difference, FALSE);
}

START_TEST(test_none)
{
    g_autofree char *on_quiet = check("none", quiet);
    g_autofree char *on_busy = check("none", summary);

    ck_assert_str_eq(on_quiet, "");
    ck_assert_str_eq(on_busy, "unexpected: Move web-vip ( alpha -> bravo )\n"
                              "unexpected: Move web-fs ( alpha -> bravo )\n"
                              "unexpected: Stop report ( alpha ) due to node availability\n");
}
END_TEST

START_TEST(test_exact_list_in_any_order)
{
    g_autofree char *all = check("Stop report; Move web-fs alpha -> bravo\nMove web-vip", summary);

    ck_assert_str_eq(all, "");
}
END_TEST

START_TEST(test_missing_and_unexpected)
{
    g_autofree char *difference = check("Move web-vip; Move db", summary);

    ck_assert_str_eq(difference, "missing: Move db\n"
                                 "unexpected: Move web-fs ( alpha -> bravo )\n"
                                 "unexpected: Stop report ( alpha ) due to node availability\n");
}
END_TEST

START_TEST(test_words_must_match_whole)
{
    /* "web" is not "web-vip"; a node that is not the target fails */
    g_autofree char *partial = check("Move web; Move web-fs; Stop report", summary);
    g_autofree char *wrong_node =
        check("Move web-vip alpha -> charlie; Move web-fs; Stop report", summary);

    ck_assert_str_eq(partial, "missing: Move web\nunexpected: Move web-vip ( alpha -> bravo )\n");
    ck_assert_str_eq(wrong_node, "missing: Move web-vip alpha -> charlie\n"
                                 "unexpected: Move web-vip ( alpha -> bravo )\n");
}
END_TEST

START_TEST(test_globs_leave_exact_lines_to_exact_expectations)
{
    g_autofree char *globbed = check("Move web-*; Move web-vip; Stop *", summary);
    g_autofree char *every = check("Move web-*; Stop report", summary);
    g_autofree char *unmatched = check("Move web-*; Start *; Stop report", summary);

    ck_assert_str_eq(globbed, "");
    ck_assert_str_eq(every, "");
    ck_assert_str_eq(unmatched, "missing: Start *\n");
}
END_TEST

START_TEST(test_bad_lists)
{
    GError *error = NULL;

    ck_assert_ptr_null(cs_expect_parse(" ; ", &error));
    ck_assert(g_error_matches(error, CS_EXPECT_ERROR, CS_EXPECT_ERROR_SYNTAX));
    g_clear_error(&error);
    ck_assert_ptr_null(cs_expect_parse("none; Move web", &error));
    ck_assert_str_eq(error->message, "--expect: 'none' cannot go with other actions");
    g_clear_error(&error);
}
END_TEST

static Suite *expect_suite(void)
{
    Suite *suite = suite_create("expect");
    TCase *tc = tcase_create("expect");
    tcase_add_test(tc, test_none);
    tcase_add_test(tc, test_exact_list_in_any_order);
    tcase_add_test(tc, test_missing_and_unexpected);
    tcase_add_test(tc, test_words_must_match_whole);
    tcase_add_test(tc, test_globs_leave_exact_lines_to_exact_expectations);
    tcase_add_test(tc, test_bad_lists);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(expect_suite());
}
