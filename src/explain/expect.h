/* expect.h: a gate for scripts and CI, `cibscope transition FILE --expect
 * LIST`: does the Transition Summary hold exactly the actions expected?
 *
 * LIST is "none" (nothing may happen) or expectations separated by ';'
 * or newlines.  An expectation is the words of a summary line, action
 * first, as many as matter: "Move web" matches
 * "* Move       web     ( alpha -> bravo )", and so does
 * "Move web alpha -> bravo"; parentheses and blanks do not count.  A word
 * may hold the glob characters * and ? ("Move web-*", "Stop *").  The
 * transition is as expected when every expectation matches a line of its
 * own (an expectation with a glob: one or more) and no line is left
 * over.
 */
#ifndef CS_EXPECT_H
#define CS_EXPECT_H

#include <glib.h>

#define CS_EXPECT_ERROR cs_expect_error_quark()
GQuark cs_expect_error_quark(void);
typedef enum {
    CS_EXPECT_ERROR_SYNTAX, /* an empty list, or "none" among others */
} CsExpectError;

/* The expectations of text: a GPtrArray of GStrv (the words of each),
 * empty for "none".  NULL with *error set when text expects nothing
 * without saying "none", or mixes "none" with expectations. */
GPtrArray *cs_expect_parse(const char *text, GError **error);

/* Compares summary (the "Transition Summary:" text as printed) with
 * expected.  TRUE when they agree; otherwise FALSE, and difference gets
 * one line per expectation no line matched ("missing: Move web") and
 * per line no expectation matched ("unexpected: Stop db ( bravo )"). */
gboolean cs_expect_check(const char *summary, const GPtrArray *expected, GString *difference);

#endif
