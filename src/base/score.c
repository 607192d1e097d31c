/* score.c: Pacemaker score arithmetic (Pacemaker Explained 2.1, "Scores"). */
#include "base/score.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <errno.h>

static gboolean parse_infinity(const char *text, CsScore *out)
{
    const char *word = text;
    CsScore sign = 1;
    if (*word == '+' || *word == '-') {
        sign = (*word == '-') ? -1 : 1;
        word++;
    }
    if (g_ascii_strcasecmp(word, "INFINITY") == 0 || g_ascii_strcasecmp(word, "inf") == 0) {
        *out = sign * CS_INFINITY;
        return TRUE;
    }
    return FALSE;
}

gboolean cs_score_parse(const char *text, CsScore *out)
{
    if (text == NULL || *text == '\0')
        return FALSE;
    if (parse_infinity(text, out))
        return TRUE;
    /* Like Pacemaker's char2score(): leading digits count, the rest is
     * ignored, and values beyond +/-INFINITY are clamped. */
    errno = 0;
    long long value = strtoll(text, NULL, 10);
    if (value >= CS_INFINITY || (errno == ERANGE && value > 0))
        *out = CS_INFINITY;
    else if (value <= -CS_INFINITY || (errno == ERANGE && value < 0))
        *out = -CS_INFINITY;
    else
        *out = (CsScore)value;
    return TRUE;
}

gboolean cs_score_parse_health(const char *text, CsScore red, CsScore yellow, CsScore green,
                               CsScore *out)
{
    /* Pacemaker Explained 2.1, "Tracking Node Health": the colours stand for
     * the node-health-red/yellow/green cluster options. */
    if (text != NULL && g_ascii_strcasecmp(text, "red") == 0)
        *out = red;
    else if (text != NULL && g_ascii_strcasecmp(text, "yellow") == 0)
        *out = yellow;
    else if (text != NULL && g_ascii_strcasecmp(text, "green") == 0)
        *out = green;
    else
        return cs_score_parse(text, out);
    return TRUE;
}

const char *cs_score_format(CsScore score, char *buf)
{
    if (score >= CS_INFINITY)
        strcpy(buf, "INFINITY");
    else if (score <= -CS_INFINITY)
        strcpy(buf, "-INFINITY");
    else
        snprintf(buf, CS_SCORE_BUFSIZE, "%d", score);
    return buf;
}
