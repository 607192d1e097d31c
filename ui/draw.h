/* draw.h: colors, glyphs with ASCII fallbacks, safe text and line panes.
 *
 * Everything that reaches the screen from the CIB goes through
 * cs_escape() first: names may hold escape sequences, control bytes or
 * invalid UTF-8, and must never drive the terminal.
 */
#ifndef CS_DRAW_H
#define CS_DRAW_H

#include <glib.h>
#include <curses.h>
#include "base/score.h"

typedef enum {
    CS_STYLE_NORMAL,
    CS_STYLE_SCORE_MINUS_INFINITY,
    CS_STYLE_SCORE_NEGATIVE,
    CS_STYLE_SCORE_ZERO,
    CS_STYLE_SCORE_POSITIVE,
    CS_STYLE_SCORE_INFINITY,
    CS_STYLE_TITLE, /* the top bar */
    CS_STYLE_TAB_ACTIVE,
    CS_STYLE_STATUS, /* the bottom bar */
    CS_STYLE_BANNER, /* "not modelled yet", load errors */
    CS_STYLE_HEADING,
    CS_STYLE_DIM,
    CS_STYLE_EMPHASIS, /* mandatory constraints */
    CS_STYLE_CURSOR,
    CS_STYLE_ACTION_MOVE,
    CS_STYLE_ACTION_START,
    CS_STYLE_ACTION_STOP,
    CS_STYLE_ACTION_OTHER,
    CS_STYLE_MARKER,
    CS_STYLE_CHANGED,       /* a cell the last edit changed */
    CS_STYLE_STATUS_ERROR,  /* the status bar saying something failed */
    CS_STYLE_STATUS_NOTICE, /* the status bar saying what an edit did */
    CS_STYLE_PROMPT,        /* the ':' command line */
    CS_STYLE_SELECTED,      /* Explain's selected constraint or rule */
    CS_STYLE_COUNT
} CsStyle;

typedef enum {
    CS_GLYPH_STAYS,   /* runs here now and is planned here */
    CS_GLYPH_LEAVES,  /* runs here now, planned elsewhere or stopped */
    CS_GLYPH_ARRIVES, /* planned here, not running here now */
    CS_GLYPH_BLOCKED, /* an action bringing it here is blocked */
    CS_GLYPH_FOLDED,
    CS_GLYPH_UNFOLDED,
    CS_GLYPH_ARROW,
    CS_GLYPH_SEPARATOR, /* between status bar fields */
    CS_GLYPH_MORE_LEFT,
    CS_GLYPH_MORE_RIGHT,
    CS_GLYPH_ELLIPSIS,
    CS_GLYPH_HLINE,
    CS_GLYPH_VLINE,
    CS_GLYPH_CORNER_TOP_LEFT,
    CS_GLYPH_CORNER_TOP_RIGHT,
    CS_GLYPH_CORNER_BOTTOM_LEFT,
    CS_GLYPH_CORNER_BOTTOM_RIGHT,
    CS_GLYPH_BRANCH,
    CS_GLYPH_LAST_BRANCH,
    CS_GLYPH_NO_SCORE,
    CS_GLYPH_COUNT
} CsGlyph;

typedef struct CsRect {
    int y, x, height, width;
} CsRect;

/* From the locale's codeset, before any text is escaped. */
void cs_draw_set_utf8(gboolean utf8);
/* Called once curses is up: color unless NO_COLOR is set or the terminal
 * has none. */
void cs_draw_init(gboolean color);
gboolean cs_draw_is_utf8(void);
gboolean cs_draw_has_color(void);
attr_t cs_style_attr(CsStyle style);
const char *cs_glyph(CsGlyph glyph);

/* A copy of raw that is safe to print: control bytes, escape sequences
 * and bytes the terminal's codeset cannot show become \e, \n, \xNN, and
 * a backslash doubles so the escaping stays unambiguous. */
char *cs_escape(const char *raw);
/* Terminal columns an escaped string takes. */
int cs_text_width(const char *safe);
/* Where the next wrapped piece of safe text that starts at start ends:
 * at most room columns, after a blank when there is one in the piece's
 * second half.  Returns start itself only at the end of the text. */
const char *cs_wrap_end(const char *start, int room);
/* safe, cut (with an ellipsis) or padded to exactly width columns. */
char *cs_fit(const char *safe, int width, gboolean align_right);
/* cs_fit(safe, width, TRUE) written into buf (size bytes) for ASCII text
 * that fits as it is; NULL otherwise (then use cs_fit). */
const char *cs_fit_right(char *buf, gsize size, const char *safe, int width);

/* Draws safe text at (y, x) within width columns; returns columns used. */
int cs_draw_text(int y, int x, int width, const char *safe, CsStyle style);
int cs_draw_text_attrs(int y, int x, int width, const char *safe, attr_t attrs);
void cs_draw_fill(int y, int x, int width, CsStyle style);
void cs_draw_box(const CsRect *rect, CsStyle style);

/* Score bands: -INFINITY, negative, zero, positive, INFINITY. */
CsStyle cs_score_style(CsScore score);
/* "-INF", "+INF" or the integer; buf holds CS_SCORE_BUFSIZE bytes. */
const char *cs_score_short(CsScore score, char *buf);

/* ---- line panes: scrollable text views made of styled segments ------ */

typedef struct CsSegment {
    CsStyle style;
    char *text; /* already safe */
} CsSegment;

typedef struct CsLine {
    GArray *segments; /* CsSegment */
} CsLine;

GPtrArray *cs_lines_new(void);
/* A new empty line appended to lines. */
CsLine *cs_line_add(GPtrArray *lines);
/* Appends printf-formatted text: arguments that come from the CIB must
 * already be escaped. */
void cs_line_append(CsLine *line, CsStyle style, const char *format, ...) G_GNUC_PRINTF(3, 4);
/* Appends safe text cut or padded to width columns. */
void cs_line_append_fit(CsLine *line, CsStyle style, const char *safe, int width,
                        gboolean align_right);
/* Shorthand: one line of one style. */
void cs_lines_add_text(GPtrArray *lines, CsStyle style, const char *format, ...)
    G_GNUC_PRINTF(3, 4);
/* Every line of multi-line raw text (engine output), escaped. */
void cs_lines_add_raw(GPtrArray *lines, CsStyle style, const char *raw);

/* Draws lines from *scroll (clamped), one per screen row. */
void cs_lines_draw(GPtrArray *lines, const CsRect *area, int *scroll);
/* Arrows, PgUp/PgDn, Home/End on a pane of total lines; TRUE if used. */
gboolean cs_lines_key(int key, int *scroll, int total, int page);

#endif
