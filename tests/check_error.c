/* check_error.c: setting an error from a message (base/error.h). */
#include <check.h>
#include "base/error.h"
#include "testlib.h"

#define TEST_ERROR (g_quark_from_static_string("check-error"))

START_TEST(test_sets_domain_code_and_message)
{
    g_autoptr(GError) error = NULL;

    ck_assert(!cs_error_fail(&error, TEST_ERROR, 7, "no %s '%s' (%d)", "node", "web fs", 3));
    ck_assert(g_error_matches(error, TEST_ERROR, 7));
    ck_assert_str_eq(error->message, "no node 'web fs' (3)");
}
END_TEST

START_TEST(test_without_error)
{
    ck_assert(!cs_error_fail(NULL, TEST_ERROR, 1, "%s", "nobody asked"));
}
END_TEST

static Suite *error_suite(void)
{
    Suite *suite = suite_create("error");
    TCase *setting = tcase_create("setting");

    tcase_add_test(setting, test_sets_domain_code_and_message);
    tcase_add_test(setting, test_without_error);
    suite_add_tcase(suite, setting);
    return suite;
}

int main(void)
{
    return cs_test_run(error_suite());
}
