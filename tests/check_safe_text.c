/* check_safe_text.c: the one terminal escaper (base/safe_text.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "base/safe_text.h"
#include "testlib.h"

static char *safe(const char *text, gsize length, CsSafeFlags flags)
{
    GString *out = g_string_new(NULL);

    cs_safe_text_append(out, text, length, flags);
    return g_string_free(out, FALSE);
}

/* Nothing that reaches a terminal may drive it: no C0 control or DEL (but
 * the kept line structure), valid UTF-8 only, and no character that does
 * not print as itself (C1 controls, format characters, separators).
 * NULL when out is harmless, else why not.  Plain C, no ck_assert per
 * byte: each of check's assertions writes a mark to its parent process,
 * and this runs for millions of texts. */
static char *harm_in(const char *out, CsSafeFlags flags)
{
    for (const guchar *byte = (const guchar *)out; *byte != '\0'; byte++) {
        gboolean kept = (flags & CS_SAFE_KEEP_LINES) && (*byte == '\n' || *byte == '\t');
        if (!kept && (*byte < 0x20 || *byte == 0x7f))
            return g_strdup_printf("control byte 0x%02x", *byte);
        if (!(flags & CS_SAFE_UTF8) && *byte >= 0x80)
            return g_strdup_printf("byte 0x%02x on an ASCII terminal", *byte);
    }
    if (!g_utf8_validate(out, -1, NULL))
        return g_strdup("invalid UTF-8");
    for (const char *at = out; *at != '\0'; at = g_utf8_next_char(at)) {
        gunichar ch = g_utf8_get_char(at);
        if (ch < 0x80)
            continue;
        if (!g_unichar_isprint(ch) || g_unichar_iszerowidth(ch)
            || g_unichar_type(ch) == G_UNICODE_FORMAT
            || g_unichar_type(ch) == G_UNICODE_LINE_SEPARATOR
            || g_unichar_type(ch) == G_UNICODE_PARAGRAPH_SEPARATOR)
            return g_strdup_printf("U+%04X reached the terminal", ch);
    }
    return NULL;
}

static void assert_harmless(const char *out, CsSafeFlags flags)
{
    g_autofree char *harm = harm_in(out, flags);
    if (harm != NULL)
        ck_abort_msg("%s in \"%s\"", harm, out);
}

/* Every one- and two-byte text, and every three-byte text that starts a
 * three-byte UTF-8 sequence (U+0800..U+FFFF, the bidi overrides among
 * them), under every terminal flag. */
START_TEST(test_every_short_text_is_harmless)
{
    static const CsSafeFlags terminals[] = {
        CS_SAFE_UTF8,
        0,
        CS_SAFE_UTF8 | CS_SAFE_KEEP_LINES,
        CS_SAFE_KEEP_LINES,
    };

    for (gsize f = 0; f < G_N_ELEMENTS(terminals); f++) {
        for (guint first = 0; first < 256; first++) {
            for (guint second = 0; second < 256; second++) {
                char text[3] = {(char)first, (char)second, '\0'};
                g_autofree char *one = safe(text, 1, terminals[f]);
                g_autofree char *two = safe(text, 2, terminals[f]);
                assert_harmless(one, terminals[f]);
                assert_harmless(two, terminals[f]);
                for (guint third = 0x80; first >= 0xe0 && first < 0xf0 && third < 0xc0; third++) {
                    char three[3] = {(char)first, (char)second, (char)third};
                    g_autofree char *out = safe(three, 3, terminals[f]);
                    assert_harmless(out, terminals[f]);
                }
            }
        }
    }
}
END_TEST

START_TEST(test_spelling)
{
    g_autofree char *controls = safe("\033[1m\n\r\t\001\177\\", 10, CS_SAFE_UTF8);
    g_autofree char *kept = safe("a\nb\tc", 5, CS_SAFE_UTF8 | CS_SAFE_KEEP_LINES);
    g_autofree char *csi = safe("x\302\233y", 4, CS_SAFE_UTF8);
    g_autofree char *ascii = safe("\303\251", 2, 0);

    ck_assert_str_eq(controls, "\\e[1m\\n\\r\\t\\x01\\x7F\\\\");
    ck_assert_str_eq(kept, "a\nb\tc");
    ck_assert_str_eq(csi, "x\\u{009B}y");
    ck_assert_str_eq(ascii, "\\xC3\\xA9");
}
END_TEST

/* For a pipe only ASCII controls are escaped: the rest is crm_simulate's
 * bytes, so the two can be diffed. */
START_TEST(test_controls_only)
{
    g_autofree char *out = safe("a\\b\033\302\233\n", 7, CS_SAFE_CONTROLS_ONLY);

    ck_assert_str_eq(out, "a\\b\\e\302\233\n");
}
END_TEST

static Suite *safe_text_suite(void)
{
    Suite *suite = suite_create("safe_text");
    TCase *escaping = tcase_create("escaping");
    tcase_add_test(escaping, test_every_short_text_is_harmless);
    tcase_add_test(escaping, test_spelling);
    tcase_add_test(escaping, test_controls_only);
    suite_add_tcase(suite, escaping);
    return suite;
}

int main(void)
{
    return cs_test_run(safe_text_suite());
}
