/* check_ui.c: the console's pure helpers: escaping of hostile text,
 * display widths, fitting, score bands and pane scrolling.  (The screens
 * themselves are tested through tmux by run-tmux.sh.) */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ui/draw.h"
#include "ui/view.h"
#include "tests/testlib.h"

static void assert_escape(const char *raw, const char *expected)
{
    g_autofree char *safe = cs_escape(raw);
    ck_assert_str_eq(safe, expected);
}

START_TEST(test_escape_controls)
{
    cs_draw_set_utf8(TRUE);
    assert_escape("plain-id_1.2", "plain-id_1.2");
    assert_escape("red\033[31mtext", "red\\e[31mtext");
    assert_escape("new\nline\ttab\rcr", "new\\nline\\ttab\\rcr");
    assert_escape("bell\007", "bell\\x07");
    assert_escape("del\177", "del\\x7F");
    assert_escape("back\\slash", "back\\\\slash");
}
END_TEST

START_TEST(test_escape_shell_text_is_shown_as_is)
{
    cs_draw_set_utf8(TRUE);
    /* Quotes and $() cannot drive a terminal: shown literally. */
    assert_escape("q\"uote'$(reboot)`x`", "q\"uote'$(reboot)`x`");
}
END_TEST

START_TEST(test_escape_unicode_in_utf8)
{
    cs_draw_set_utf8(TRUE);
    assert_escape("caf\xc3\xa9", "caf\xc3\xa9");
    assert_escape("\xe5\x90\x8d\xe5\x89\x8d", "\xe5\x90\x8d\xe5\x89\x8d");
    /* C1 CSI (U+009B) starts an escape sequence on some terminals. */
    assert_escape("csi\xc2\x9b"
                  "31m",
                  "csi\\u{009B}31m");
    /* A bidi override would reorder what follows it. */
    assert_escape("a\xe2\x80\xae"
                  "b",
                  "a\\u{202E}b");
    /* A combining mark would draw over its neighbour. */
    assert_escape("e\xcc\x81", "e\\u{0301}");
    assert_escape("bad\xff\xfe", "bad\\xFF\\xFE");
    assert_escape("cut\xe5\x90", "cut\\xE5\\x90");
}
END_TEST

START_TEST(test_escape_ascii_fallback)
{
    cs_draw_set_utf8(FALSE);
    assert_escape("caf\xc3\xa9", "caf\\xC3\\xA9");
    assert_escape("csi\xc2\x9b", "csi\\xC2\\x9B");
    assert_escape("ok", "ok");
    cs_draw_set_utf8(TRUE);
}
END_TEST

START_TEST(test_width_and_fit)
{
    cs_draw_set_utf8(TRUE);
    ck_assert_int_eq(cs_text_width("abc"), 3);
    ck_assert_int_eq(cs_text_width("caf\xc3\xa9"), 4);
    ck_assert_int_eq(cs_text_width("\xe5\x90\x8d\xe5\x89\x8d"), 4); /* two wide characters */
    g_autofree char *padded = cs_fit("ab", 5, FALSE);
    ck_assert_str_eq(padded, "ab   ");
    g_autofree char *right = cs_fit("ab", 5, TRUE);
    ck_assert_str_eq(right, "   ab");
    g_autofree char *cut = cs_fit("abcdefgh", 5, FALSE);
    ck_assert_str_eq(cut, "abcd\xe2\x80\xa6");
    /* A wide character that would straddle the edge is left out. */
    g_autofree char *wide = cs_fit("a\xe5\x90\x8d\xe5\x89\x8d", 4, FALSE);
    ck_assert_str_eq(wide, "a\xe5\x90\x8d\xe2\x80\xa6");
    ck_assert_int_eq(cs_text_width(wide), 4);
    /* The matrix cells' stack-buffer variant: ASCII that fits only. */
    char cell[8];
    ck_assert_str_eq(cs_fit_right(cell, sizeof(cell), "-42", 6), "   -42");
    ck_assert_str_eq(cs_fit_right(cell, sizeof(cell), "+INF", 4), "+INF");
    ck_assert_ptr_null(cs_fit_right(cell, sizeof(cell), "1234567", 6));
    ck_assert_ptr_null(cs_fit_right(cell, sizeof(cell), "ab", 8));
    ck_assert_ptr_null(cs_fit_right(cell, sizeof(cell), "caf\xc3\xa9", 6));
    g_autofree char *none = cs_fit("abc", 0, FALSE);
    ck_assert_str_eq(none, "");
    cs_draw_set_utf8(FALSE);
    g_autofree char *ascii_cut = cs_fit("abcdefgh", 5, FALSE);
    ck_assert_str_eq(ascii_cut, "abcd~");
    cs_draw_set_utf8(TRUE);
}
END_TEST

START_TEST(test_score_bands)
{
    char buf[CS_SCORE_BUFSIZE];
    ck_assert_str_eq(cs_score_short(-CS_INFINITY, buf), "-INF");
    ck_assert_str_eq(cs_score_short(CS_INFINITY, buf), "+INF");
    ck_assert_str_eq(cs_score_short(-42, buf), "-42");
    ck_assert_str_eq(cs_score_short(0, buf), "0");
    ck_assert_str_eq(cs_score_short(999999, buf), "999999");
    ck_assert_str_eq(cs_score_short(-999999, buf), "-999999");
    ck_assert_str_eq(cs_score_short(7, buf), "7");
    ck_assert_str_eq(cs_score_short(-10, buf), "-10");
    ck_assert_int_eq(cs_score_style(-CS_INFINITY), CS_STYLE_SCORE_MINUS_INFINITY);
    ck_assert_int_eq(cs_score_style(-1), CS_STYLE_SCORE_NEGATIVE);
    ck_assert_int_eq(cs_score_style(0), CS_STYLE_SCORE_ZERO);
    ck_assert_int_eq(cs_score_style(1), CS_STYLE_SCORE_POSITIVE);
    ck_assert_int_eq(cs_score_style(999999), CS_STYLE_SCORE_POSITIVE);
    ck_assert_int_eq(cs_score_style(CS_INFINITY), CS_STYLE_SCORE_INFINITY);
}
END_TEST

START_TEST(test_glyph_fallbacks)
{
    cs_draw_set_utf8(FALSE);
    for (int glyph = 0; glyph < CS_GLYPH_COUNT; glyph++)
        for (const char *cursor = cs_glyph((CsGlyph)glyph); *cursor != '\0'; cursor++)
            ck_assert_msg((unsigned char)*cursor < 0x80, "glyph %d is not ASCII", glyph);
    ck_assert_str_eq(cs_glyph(CS_GLYPH_STAYS), "*");
    cs_draw_set_utf8(TRUE);
    ck_assert_str_eq(cs_glyph(CS_GLYPH_STAYS), "\xe2\x97\x8f");
}
END_TEST

START_TEST(test_pane_scrolling)
{
    int scroll = 0;
    ck_assert(cs_lines_key(KEY_DOWN, &scroll, 30, 10));
    ck_assert_int_eq(scroll, 1);
    ck_assert(cs_lines_key(KEY_NPAGE, &scroll, 30, 10));
    ck_assert_int_eq(scroll, 10);
    ck_assert(cs_lines_key(KEY_END, &scroll, 30, 10));
    ck_assert_int_eq(scroll, 20); /* the last page is full, not empty */
    ck_assert(cs_lines_key(KEY_DOWN, &scroll, 30, 10));
    ck_assert_int_eq(scroll, 20);
    ck_assert(cs_lines_key(KEY_HOME, &scroll, 30, 10));
    ck_assert_int_eq(scroll, 0);
    ck_assert(cs_lines_key(KEY_UP, &scroll, 30, 10));
    ck_assert_int_eq(scroll, 0);
    ck_assert(!cs_lines_key('x', &scroll, 30, 10));
    scroll = 5;
    ck_assert(cs_lines_key(KEY_DOWN, &scroll, 3, 10)); /* shorter than a page */
    ck_assert_int_eq(scroll, 0);
}
END_TEST

START_TEST(test_raw_lines_are_escaped)
{
    cs_draw_set_utf8(TRUE);
    g_autoptr(GPtrArray) lines = cs_lines_new();
    cs_lines_add_raw(lines, CS_STYLE_NORMAL, "one\n\033]0;title\007\nthree\n");
    ck_assert_int_eq(lines->len, 3);
    CsLine *second = g_ptr_array_index(lines, 1);
    ck_assert_str_eq(g_array_index(second->segments, CsSegment, 0).text, "\\e]0;title\\x07");
}
END_TEST

/* ---- completion by grammar (data/demo.xml) ---------------------------- */

static CsSession *demo_session(void)
{
    const char *top = g_getenv("CS_TOP_SRCDIR");
    g_autofree char *path = g_build_filename(top != NULL ? top : ".", "data", "demo.xml", NULL);
    g_autoptr(GError) error = NULL;
    CsSession *session = cs_session_open_partial(path, "2026-01-01", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    return session;
}

static gboolean offered(const GPtrArray *candidates, const char *word)
{
    for (guint i = 0; candidates != NULL && i < candidates->len; i++)
        if (strcmp(g_ptr_array_index(candidates, i), word) == 0)
            return TRUE;
    return FALSE;
}

START_TEST(test_complete_by_argument)
{
    g_autoptr(CsSession) session = demo_session();
    g_autoptr(GPtrArray) rules = cs_prompt_grammar_candidates(session, "rule enable ");
    ck_assert(offered(rules, "location-web-connected-rule"));
    ck_assert(!offered(rules, "location-web-connected"));
    ck_assert(!offered(rules, "web"));
    g_autoptr(GPtrArray) switches = cs_prompt_grammar_candidates(session, "standby alpha ");
    ck_assert_uint_eq(switches->len, 2);
    ck_assert(offered(switches, "on") && offered(switches, "off"));
    g_autoptr(GPtrArray) operations =
        cs_prompt_grammar_candidates(session, "failcount set fence-xvm alpha ");
    ck_assert(offered(operations, "monitor:60s"));
    ck_assert(!offered(operations, "fence-xvm"));
    g_autoptr(GPtrArray) stickiness = cs_prompt_grammar_candidates(session, "stickiness ");
    ck_assert(offered(stickiness, "default") && offered(stickiness, "web"));
    ck_assert(!offered(stickiness, "alpha"));
    g_autoptr(GPtrArray) nodes = cs_prompt_grammar_candidates(session, "ban web b");
    ck_assert(offered(nodes, "bravo"));
    ck_assert(!offered(nodes, "alpha"));
    g_autoptr(GPtrArray) forms = cs_prompt_grammar_candidates(session, "failcount ");
    ck_assert_uint_eq(forms->len, 3);
    /* After ';' only the last command counts; an unknown one is left to
     * the command layer. */
    g_autoptr(GPtrArray) after = cs_prompt_grammar_candidates(session, "undo; maintenance alpha o");
    ck_assert(offered(after, "on") && offered(after, "off"));
    g_autoptr(GPtrArray) attributes = cs_prompt_grammar_candidates(session, "attr alpha ");
    ck_assert(offered(attributes, "standby") && offered(attributes, "tier")
              && offered(attributes, "pingd"));
    ck_assert(!offered(attributes, "web"));
    ck_assert_ptr_null(cs_prompt_grammar_candidates(session, "sta"));
    ck_assert_ptr_null(cs_prompt_grammar_candidates(session, "bogus x"));
}
END_TEST

/* The recovery file: under $XDG_STATE_HOME, one per CIB path. */
START_TEST(test_recovery_path)
{
    g_setenv("XDG_STATE_HOME", "/state", TRUE);
    g_autofree char *first = cs_recovery_path("/var/lib/pacemaker/cib/cib.xml");
    g_autofree char *again = cs_recovery_path("/var/lib/pacemaker/cib/../cib/cib.xml");
    g_autofree char *other = cs_recovery_path("/tmp/cib.xml");
    ck_assert(g_str_has_prefix(first, "/state/cibscope/recovery/"));
    ck_assert(g_str_has_suffix(first, "-cib.xml"));
    ck_assert_str_eq(first, again);
    ck_assert_str_ne(first, other);
    g_setenv("XDG_STATE_HOME", "relative", TRUE); /* ignored, as the spec says */
    g_autofree char *fallback = cs_recovery_path("/tmp/cib.xml");
    g_autofree char *home_state =
        g_build_filename(g_get_home_dir(), ".local", "state", "cibscope", NULL);
    ck_assert(g_str_has_prefix(fallback, home_state));
    g_unsetenv("XDG_STATE_HOME");
}
END_TEST

static Suite *ui_suite(void)
{
    Suite *suite = suite_create("ui");
    TCase *escape = tcase_create("escape");
    tcase_add_test(escape, test_escape_controls);
    tcase_add_test(escape, test_escape_shell_text_is_shown_as_is);
    tcase_add_test(escape, test_escape_unicode_in_utf8);
    tcase_add_test(escape, test_escape_ascii_fallback);
    suite_add_tcase(suite, escape);
    TCase *layout = tcase_create("layout");
    tcase_add_test(layout, test_width_and_fit);
    tcase_add_test(layout, test_score_bands);
    tcase_add_test(layout, test_glyph_fallbacks);
    tcase_add_test(layout, test_pane_scrolling);
    tcase_add_test(layout, test_raw_lines_are_escaped);
    suite_add_tcase(suite, layout);
    TCase *complete = tcase_create("complete");
    tcase_add_test(complete, test_complete_by_argument);
    tcase_add_test(complete, test_recovery_path);
    suite_add_tcase(suite, complete);
    return suite;
}

int main(void)
{
    return cs_test_run(ui_suite());
}
