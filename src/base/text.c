/* text.c: words of a CIB read the same way by every layer (text.h). */
#include "base/text.h"

static gboolean is_one_of(const char *text, const char *const *words, guint n_words)
{
    if (text == NULL) {
        return FALSE;
    }
    for (guint i = 0; i < n_words; i++) {
        if (g_ascii_strcasecmp(text, words[i]) == 0) {
            return TRUE;
        }
    }
    return FALSE;
}

gboolean cs_text_is_true(const char *text)
{
    static const char *const yes[] = {"true", "yes", "on", "y", "1"};

    return is_one_of(text, yes, G_N_ELEMENTS(yes));
}

gboolean cs_text_is_false(const char *text)
{
    static const char *const no[] = {"false", "no", "off", "n", "0"};

    return is_one_of(text, no, G_N_ELEMENTS(no));
}
