/* score.h: Pacemaker score arithmetic.
 *
 * Pacemaker Explained 2.1, "Scores": scores are integers clamped to
 * +/-INFINITY (1000000); INFINITY + -INFINITY = -INFINITY; any value at or
 * beyond +/-INFINITY is INFINITY.  Node-health colours red/yellow/green map
 * to the cluster options node-health-red/yellow/green.
 */
#ifndef CS_SCORE_H
#define CS_SCORE_H

#include <glib.h>

typedef int CsScore;

#define CS_INFINITY 1000000
#define CS_SCORE_BUFSIZE 16

/* Adds two scores with Pacemaker's rules: -INFINITY wins over everything,
 * even +INFINITY (a ban always wins), then +INFINITY, otherwise the sum
 * clamped to +/-INFINITY.  Inline: every score a solve records comes
 * through here. */
static inline CsScore cs_score_add(CsScore a, CsScore b)
{
    if (a <= -CS_INFINITY || b <= -CS_INFINITY)
        return -CS_INFINITY;
    if (a >= CS_INFINITY || b >= CS_INFINITY)
        return CS_INFINITY;
    gint64 sum = (gint64)a + b;
    if (sum >= CS_INFINITY)
        return CS_INFINITY;
    if (sum <= -CS_INFINITY)
        return -CS_INFINITY;
    return (CsScore)sum;
}

/* Parses "123", "+INFINITY", "-INFINITY", "INFINITY", "inf", "-inf",
 * "+inf" (case-insensitive) into *out.  Garbage after a number is ignored
 * as Pacemaker's char2score() does; a string with no number yields 0.
 * Returns FALSE only for NULL or empty text. The colours "red", "yellow",
 * "green" are NOT handled here: see cs_score_parse_health(). */
gboolean cs_score_parse(const char *text, CsScore *out);

/* As cs_score_parse, but red/yellow/green map to the given option values. */
gboolean cs_score_parse_health(const char *text, CsScore red, CsScore yellow, CsScore green,
                               CsScore *out);

/* Formats as crm_simulate prints: "-INFINITY", "INFINITY", or decimal.
 * buf must hold CS_SCORE_BUFSIZE bytes; returns buf. */
const char *cs_score_format(CsScore score, char *buf);

#endif
