/* check_text.c: booleans as a CIB writes them (base/text.h). */
#include <check.h>
#include <stdlib.h>
#include "base/text.h"
#include "testlib.h"

START_TEST(test_true_and_false)
{
    static const char *const yes[] = {"true", "TRUE", "Yes", "on", "y", "Y", "1"};
    static const char *const no[] = {"false", "False", "NO", "off", "n", "N", "0"};
    static const char *const neither[] = {"", "2", "truee", "o", "yes ", " 1", "-1"};

    for (gsize i = 0; i < G_N_ELEMENTS(yes); i++) {
        ck_assert_msg(cs_text_is_true(yes[i]) && !cs_text_is_false(yes[i]), "%s", yes[i]);
        ck_assert_msg(cs_text_is_false(no[i]) && !cs_text_is_true(no[i]), "%s", no[i]);
        ck_assert_msg(!cs_text_is_true(neither[i]) && !cs_text_is_false(neither[i]), "'%s'",
                      neither[i]);
    }
    ck_assert(!cs_text_is_true(NULL));
    ck_assert(!cs_text_is_false(NULL));
}
END_TEST

static Suite *text_suite(void)
{
    Suite *suite = suite_create("text");
    TCase *booleans = tcase_create("booleans");

    tcase_add_test(booleans, test_true_and_false);
    suite_add_tcase(suite, booleans);
    return suite;
}

int main(void)
{
    return cs_test_run(text_suite());
}
