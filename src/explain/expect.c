/* expect.c: the Transition Summary against what a script expects
 * (expect.h). */
#include <string.h>

#include "explain/expect.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-expect-error-quark, cs_expect_error)
/* clang-format on */

/* The words of a line or an expectation: split on blanks, with "(" and
 * ")" dropped, so that crm_simulate's column padding never matters. */
static char **words_of(const char *text)
{
    g_autofree char *plain = g_strdup(text);
    g_strdelimit(plain, "()\t", ' ');
    g_auto(GStrv) pieces = g_strsplit(plain, " ", -1);
    GPtrArray *words = g_ptr_array_new();
    for (char **piece = pieces; *piece != NULL; piece++)
        if (**piece != '\0')
            g_ptr_array_add(words, g_strdup(*piece));
    g_ptr_array_add(words, NULL);
    return (char **)g_ptr_array_free(words, FALSE);
}

GPtrArray *cs_expect_parse(const char *text, GError **error)
{
    g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    g_auto(GStrv) items = g_strsplit_set(text, ";\n", -1);
    gboolean none = FALSE;
    for (char **item = items; *item != NULL; item++) {
        char **words = words_of(*item);
        if (words[0] == NULL) {
            g_strfreev(words);
        } else if (g_strv_length(words) == 1 && g_ascii_strcasecmp(words[0], "none") == 0) {
            none = TRUE;
            g_strfreev(words);
        } else {
            g_ptr_array_add(expected, words);
        }
    }
    if (none && expected->len > 0) {
        g_set_error(error, CS_EXPECT_ERROR, CS_EXPECT_ERROR_SYNTAX,
                    "--expect: 'none' cannot go with other actions");
        return NULL;
    }
    if (!none && expected->len == 0) {
        g_set_error(error, CS_EXPECT_ERROR, CS_EXPECT_ERROR_SYNTAX,
                    "--expect needs 'none' or actions such as 'Move web; Stop db'");
        return NULL;
    }
    return g_steal_pointer(&expected);
}

/* The summary's action lines ("* Move ..."), each as its words without
 * the "*"; shown gets each as printed, its padding squeezed. */
static GPtrArray *action_lines(const char *summary, GPtrArray *shown)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    g_auto(GStrv) raw = g_strsplit(summary, "\n", -1);
    for (char **line = raw; *line != NULL; line++) {
        const char *text = *line;
        while (*text == ' ')
            text++;
        if (text[0] != '*' || text[1] != ' ')
            continue;
        g_ptr_array_add(lines, words_of(text + 2));
        g_auto(GStrv) pieces = g_strsplit(text + 2, " ", -1);
        GString *squeezed = g_string_new(NULL);
        for (char **piece = pieces; *piece != NULL; piece++)
            if (**piece != '\0')
                g_string_append_printf(squeezed, "%s%s", squeezed->len ? " " : "", *piece);
        g_ptr_array_add(shown, g_string_free(squeezed, FALSE));
    }
    return lines;
}

/* Every word of the expectation matches the line's word at its place. */
static gboolean matches(char **expectation, char **line)
{
    for (int i = 0; expectation[i] != NULL; i++)
        if (line[i] == NULL || !g_pattern_match_simple(expectation[i], line[i]))
            return FALSE;
    return TRUE;
}

static gboolean has_glob(char **words)
{
    for (int i = 0; words[i] != NULL; i++)
        if (strpbrk(words[i], "*?") != NULL)
            return TRUE;
    return FALSE;
}

/* Marks the first line not taken yet that expectation matches (with a
 * glob: every such line); FALSE when there is none. */
static gboolean take_lines(char **expectation, const GPtrArray *lines, gboolean *taken)
{
    gboolean glob = has_glob(expectation);
    gboolean took = FALSE;
    for (guint i = 0; i < lines->len && (glob || !took); i++) {
        if (!taken[i] && matches(expectation, g_ptr_array_index(lines, i))) {
            taken[i] = TRUE;
            took = TRUE;
        }
    }
    return took;
}

gboolean cs_expect_check(const char *summary, const GPtrArray *expected, GString *difference)
{
    g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GPtrArray) lines = action_lines(summary, shown);
    g_autofree gboolean *taken = g_new0(gboolean, lines->len + 1);
    gboolean agree = TRUE;
    /* Exact expectations first, so that a glob does not take the line
     * an exact one names. */
    for (int pass = 0; pass < 2; pass++) {
        for (guint i = 0; i < expected->len; i++) {
            char **expectation = g_ptr_array_index(expected, i);
            if (has_glob(expectation) != (pass == 1) || take_lines(expectation, lines, taken))
                continue;
            g_autofree char *text = g_strjoinv(" ", expectation);
            g_string_append_printf(difference, "missing: %s\n", text);
            agree = FALSE;
        }
    }
    for (guint i = 0; i < lines->len; i++) {
        if (taken[i])
            continue;
        g_string_append_printf(difference, "unexpected: %s\n",
                               (const char *)g_ptr_array_index(shown, i));
        agree = FALSE;
    }
    return agree;
}
