/* check_score.c: INFINITY arithmetic and score parsing. */
#include <check.h>
#include <stdlib.h>
#include "base/score.h"
#include "testlib.h"

START_TEST(test_add_finite)
{
    ck_assert_int_eq(cs_score_add(100, 50), 150);
    ck_assert_int_eq(cs_score_add(-100, 50), -50);
    ck_assert_int_eq(cs_score_add(0, 0), 0);
}
END_TEST

START_TEST(test_add_infinity)
{
    ck_assert_int_eq(cs_score_add(CS_INFINITY, 5), CS_INFINITY);
    ck_assert_int_eq(cs_score_add(-CS_INFINITY, 5), -CS_INFINITY);
    /* A ban beats a mandatory preference. */
    ck_assert_int_eq(cs_score_add(CS_INFINITY, -CS_INFINITY), -CS_INFINITY);
    ck_assert_int_eq(cs_score_add(-CS_INFINITY, CS_INFINITY), -CS_INFINITY);
    /* Finite sums clamp at the infinities. */
    ck_assert_int_eq(cs_score_add(999999, 1), CS_INFINITY);
    ck_assert_int_eq(cs_score_add(-999999, -2), -CS_INFINITY);
    ck_assert_int_eq(cs_score_add(999999, 0), 999999);
}
END_TEST

START_TEST(test_parse)
{
    CsScore score = 42;
    ck_assert(cs_score_parse("INFINITY", &score));
    ck_assert_int_eq(score, CS_INFINITY);
    ck_assert(cs_score_parse("+INFINITY", &score));
    ck_assert_int_eq(score, CS_INFINITY);
    ck_assert(cs_score_parse("-INFINITY", &score));
    ck_assert_int_eq(score, -CS_INFINITY);
    ck_assert(cs_score_parse("-inf", &score));
    ck_assert_int_eq(score, -CS_INFINITY);
    ck_assert(cs_score_parse("+inf", &score));
    ck_assert_int_eq(score, CS_INFINITY);
    ck_assert(cs_score_parse("250", &score));
    ck_assert_int_eq(score, 250);
    ck_assert(cs_score_parse("-17", &score));
    ck_assert_int_eq(score, -17);
    ck_assert(cs_score_parse("5000000", &score));
    ck_assert_int_eq(score, CS_INFINITY);
    ck_assert(cs_score_parse("-99999999999999999999", &score));
    ck_assert_int_eq(score, -CS_INFINITY);
    ck_assert(cs_score_parse("12abc", &score));
    ck_assert_int_eq(score, 12);
    ck_assert(cs_score_parse("abc", &score));
    ck_assert_int_eq(score, 0);
    score = 7;
    ck_assert(!cs_score_parse("", &score));
    ck_assert(!cs_score_parse(NULL, &score));
    ck_assert_int_eq(score, 7);
}
END_TEST

START_TEST(test_parse_health)
{
    CsScore score = 0;
    ck_assert(cs_score_parse_health("red", -CS_INFINITY, -10, 0, &score));
    ck_assert_int_eq(score, -CS_INFINITY);
    ck_assert(cs_score_parse_health("YELLOW", -CS_INFINITY, -10, 0, &score));
    ck_assert_int_eq(score, -10);
    ck_assert(cs_score_parse_health("green", -CS_INFINITY, -10, 3, &score));
    ck_assert_int_eq(score, 3);
    ck_assert(cs_score_parse_health("-20", -CS_INFINITY, -10, 3, &score));
    ck_assert_int_eq(score, -20);
}
END_TEST

START_TEST(test_format)
{
    char buf[CS_SCORE_BUFSIZE];
    ck_assert_str_eq(cs_score_format(CS_INFINITY, buf), "INFINITY");
    ck_assert_str_eq(cs_score_format(-CS_INFINITY, buf), "-INFINITY");
    ck_assert_str_eq(cs_score_format(2000000, buf), "INFINITY");
    ck_assert_str_eq(cs_score_format(-5, buf), "-5");
    ck_assert_str_eq(cs_score_format(0, buf), "0");
}
END_TEST

static Suite *score_suite(void)
{
    Suite *suite = suite_create("score");
    TCase *tcase = tcase_create("arithmetic");
    tcase_add_test(tcase, test_add_finite);
    tcase_add_test(tcase, test_add_infinity);
    tcase_add_test(tcase, test_parse);
    tcase_add_test(tcase, test_parse_health);
    tcase_add_test(tcase, test_format);
    suite_add_tcase(suite, tcase);
    return suite;
}

int main(void)
{
    return cs_test_run(score_suite());
}
