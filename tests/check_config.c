/* check_config.c: the user's defaults file (explain/user_config.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include "explain/user_config.h"
#include "testlib.h"

static GError *parse_error(const char *text)
{
    CsConfig config;
    GError *error = NULL;
    cs_config_init(&config);
    ck_assert(!cs_config_parse(&config, text, "/home/op/.config/cibscope/config", &error));
    cs_config_clear(&config);
    return error;
}

START_TEST(test_every_setting)
{
    CsConfig config;
    cs_config_init(&config);
    const char *text = "# defaults\n"
                       "\n"
                       "interval = 0.5\n"
                       "  colour=no  \n"
                       "view = fail-counts\n"
                       "pe-inputs = /var/lib/pacemaker/pengine\n";

    ck_assert(cs_config_parse(&config, text, "config", NULL));
    ck_assert_uint_eq(config.interval_ms, 500);
    ck_assert_int_eq(config.colour, 0);
    ck_assert_int_eq(config.view, 3);
    ck_assert_str_eq(config.pe_inputs, "/var/lib/pacemaker/pengine");
    cs_config_clear(&config);
}
END_TEST

START_TEST(test_unset_settings_stay_unset)
{
    CsConfig config;
    cs_config_init(&config);

    ck_assert(cs_config_parse(&config, "color = yes\n", "config", NULL));
    ck_assert_uint_eq(config.interval_ms, 0);
    ck_assert_int_eq(config.colour, 1);
    ck_assert_int_eq(config.view, -1);
    ck_assert_ptr_null(config.pe_inputs);
    cs_config_clear(&config);
}
END_TEST

START_TEST(test_home_in_pe_inputs)
{
    CsConfig config;
    cs_config_init(&config);
    g_autofree char *expected = g_build_filename(g_get_home_dir(), "pe", NULL);

    ck_assert(cs_config_parse(&config, "pe-inputs = ~/pe", "config", NULL));
    ck_assert_str_eq(config.pe_inputs, expected);
    cs_config_clear(&config);
}
END_TEST

START_TEST(test_errors_name_file_and_line)
{
    g_autoptr(GError) interval = parse_error("# x\ninterval = 0\n");
    g_autoptr(GError) colour = parse_error("colour = maybe");
    g_autoptr(GError) view = parse_error("\n\n\nview = graphs\n");
    g_autoptr(GError) name = parse_error("intervall = 2");
    g_autoptr(GError) syntax = parse_error("interval 2");

    ck_assert_str_eq(interval->message, "/home/op/.config/cibscope/config:2: interval: '0' is not "
                                        "a number of seconds from 0.1 to 3600");
    ck_assert_str_eq(colour->message,
                     "/home/op/.config/cibscope/config:1: colour: 'maybe' is not yes or no");
    ck_assert_str_eq(view->message,
                     "/home/op/.config/cibscope/config:4: view: 'graphs' is not a view: "
                     "matrix, transition, explain, fail-counts, graph or history");
    ck_assert_str_eq(name->message,
                     "/home/op/.config/cibscope/config:1: unknown setting 'intervall' "
                     "(interval, colour, view, pe-inputs)");
    ck_assert_str_eq(syntax->message, "/home/op/.config/cibscope/config:1: expected NAME = VALUE, "
                                      "not 'interval 2'");
    ck_assert(g_error_matches(name, CS_CONFIG_ERROR, CS_CONFIG_ERROR_NAME));
}
END_TEST

START_TEST(test_load_from_xdg_config_home)
{
    g_autofree char *home = g_dir_make_tmp("cibscope-config-XXXXXX", NULL);
    g_autofree char *dir = g_build_filename(home, "cibscope", NULL);
    g_autofree char *file = g_build_filename(dir, "config", NULL);
    g_autofree char *missing = g_build_filename(home, "none", NULL);
    ck_assert_int_eq(g_mkdir_with_parents(dir, 0700), 0);
    ck_assert(g_file_set_contents(file, "interval = 3\n", -1, NULL));
    CsConfig config;
    cs_config_init(&config);

    ck_assert(cs_config_load(&config, missing, NULL));
    ck_assert_uint_eq(config.interval_ms, 0);
    ck_assert(cs_config_load(&config, file, NULL));
    ck_assert_uint_eq(config.interval_ms, 3000);
    cs_config_clear(&config);
    g_unlink(file);
    g_rmdir(dir);
    g_rmdir(home);
}
END_TEST

START_TEST(test_view_names)
{
    ck_assert_int_eq(cs_config_view_index("matrix"), 0);
    ck_assert_int_eq(cs_config_view_index("failcounts"), 3);
    ck_assert_int_eq(cs_config_view_index("history"), 5);
    ck_assert_int_eq(cs_config_view_index("Matrix"), -1);
}
END_TEST

static Suite *config_suite(void)
{
    Suite *suite = suite_create("config");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, test_every_setting);
    tcase_add_test(tc, test_unset_settings_stay_unset);
    tcase_add_test(tc, test_home_in_pe_inputs);
    tcase_add_test(tc, test_errors_name_file_and_line);
    tcase_add_test(tc, test_load_from_xdg_config_home);
    tcase_add_test(tc, test_view_names);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(config_suite());
}
