/* check_output.c: names from a CIB escaped for a terminal (explain/output.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "explain/output.h"
#include "testlib.h"

static char *escaped(const char *text, CsOutputMode mode)
{
    return cs_output_escape(text, strlen(text), mode);
}

START_TEST(test_raw_keeps_every_byte)
{
    const char text[] = "a\033[31m\302\233b\342\200\256\n";
    g_autofree char *out = cs_output_escape(text, sizeof text - 1, CS_OUTPUT_RAW);

    ck_assert_str_eq(out, text);
}
END_TEST

START_TEST(test_controls_escape_ascii_controls)
{
    g_autofree char *out = escaped("a\033[31m\r\x7f\tb\n\302\233", CS_OUTPUT_CONTROLS);

    /* newline and tab are structure; C1 is left to the terminal mode */
    ck_assert_str_eq(out, "a\\e[31m\\r\\x7F\tb\n\302\233");
}
END_TEST

START_TEST(test_terminal_escapes_what_does_not_print)
{
    g_autofree char *csi = escaped("node\302\2332m", CS_OUTPUT_TERMINAL);
    g_autofree char *bidi = escaped("evil\342\200\256gnp.exe", CS_OUTPUT_TERMINAL);
    g_autofree char *esc = escaped("\033]0;title\007", CS_OUTPUT_TERMINAL);
    g_autofree char *zero_width = escaped("a\342\200\213b", CS_OUTPUT_TERMINAL);
    g_autofree char *line_separator = escaped("a\342\200\250b", CS_OUTPUT_TERMINAL);
    g_autofree char *bad_utf8 = escaped("a\377\300b", CS_OUTPUT_TERMINAL);

    ck_assert_str_eq(csi, "node\\u{009B}2m");
    ck_assert_str_eq(bidi, "evil\\u{202E}gnp.exe");
    ck_assert_str_eq(esc, "\\e]0;title\\x07");
    ck_assert_str_eq(zero_width, "a\\u{200B}b");
    ck_assert_str_eq(line_separator, "a\\u{2028}b");
    ck_assert_str_eq(bad_utf8, "a\\xFF\\xC0b");
}
END_TEST

START_TEST(test_terminal_keeps_what_prints)
{
    const char *kept[] = {
        "q\"uote's $(reboot)`id`;rm -rf ~ <b>&amp;\n\tx",
        "datenbank-\303\274\303\251-\346\225\260\346\215\256\345\272\223-\360\237\227\204",
    };

    for (gsize i = 0; i < G_N_ELEMENTS(kept); i++) {
        g_autofree char *out = escaped(kept[i], CS_OUTPUT_TERMINAL);
        ck_assert_str_eq(out, kept[i]);
    }
}
END_TEST

/* A backslash doubles on a terminal, as in the console, so an escape
 * cannot be forged; into a pipe it stays as crm_simulate prints it. */
START_TEST(test_backslash)
{
    g_autofree char *terminal = escaped("back\\slash\\e", CS_OUTPUT_TERMINAL);
    g_autofree char *controls = escaped("back\\slash", CS_OUTPUT_CONTROLS);

    ck_assert_str_eq(terminal, "back\\\\slash\\\\e");
    ck_assert_str_eq(controls, "back\\slash");
}
END_TEST

/* A terminal whose codeset is not UTF-8 gets no byte above 0x7F: a
 * UTF-8 sequence there may hold 0x9B, the 8-bit CSI. */
START_TEST(test_terminal_ascii)
{
    g_autofree char *out = escaped("caf\303\251 \304\233", CS_OUTPUT_TERMINAL_ASCII);

    ck_assert_str_eq(out, "caf\\xC3\\xA9 \\xC4\\x9B");
}
END_TEST

/* A NUL inside the text is a byte like any other, not its end. */
START_TEST(test_length_not_nul)
{
    const char text[] = "a\0b";
    g_autofree char *controls = cs_output_escape(text, 3, CS_OUTPUT_CONTROLS);
    g_autofree char *terminal = cs_output_escape(text, 3, CS_OUTPUT_TERMINAL);

    ck_assert_str_eq(controls, "a\\x00b");
    ck_assert_str_eq(terminal, "a\\x00b");
}
END_TEST

/* A UTF-8 sequence cut by the end of the text is escaped byte by byte. */
START_TEST(test_cut_sequence)
{
    g_autofree char *out = cs_output_escape("a\342\200\256", 3, CS_OUTPUT_TERMINAL);

    ck_assert_str_eq(out, "a\\xE2\\x80");
}
END_TEST

static Suite *output_suite(void)
{
    Suite *suite = suite_create("output");
    TCase *escaping = tcase_create("escaping");

    tcase_add_test(escaping, test_raw_keeps_every_byte);
    tcase_add_test(escaping, test_controls_escape_ascii_controls);
    tcase_add_test(escaping, test_terminal_escapes_what_does_not_print);
    tcase_add_test(escaping, test_terminal_keeps_what_prints);
    tcase_add_test(escaping, test_backslash);
    tcase_add_test(escaping, test_terminal_ascii);
    tcase_add_test(escaping, test_length_not_nul);
    tcase_add_test(escaping, test_cut_sequence);
    suite_add_tcase(suite, escaping);
    return suite;
}

int main(void)
{
    return cs_test_run(output_suite());
}
