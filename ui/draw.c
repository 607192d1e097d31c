/* draw.c: colors, glyphs with ASCII fallbacks, safe text and line panes. */
#include <string.h>
#include "draw.h"
#include "base/safe_text.h"

static gboolean draw_utf8;
static gboolean draw_color;

/* UTF-8 first, then the ASCII fallback used under LANG=C. */
static const char *const glyphs[CS_GLYPH_COUNT][2] = {
    [CS_GLYPH_STAYS] = {"\u25cf", "*"},
    [CS_GLYPH_LEAVES] = {"\u25cb", "o"},
    [CS_GLYPH_ARRIVES] = {"\u25b6", ">"},
    [CS_GLYPH_BLOCKED] = {"\u2715", "x"},
    [CS_GLYPH_FOLDED] = {"\u25b8", "+"},
    [CS_GLYPH_UNFOLDED] = {"\u25be", "-"},
    [CS_GLYPH_ARROW] = {"\u2192", "->"},
    [CS_GLYPH_SEPARATOR] = {"\u2502", "|"},
    [CS_GLYPH_MORE_LEFT] = {"\u25c2", "<"},
    [CS_GLYPH_MORE_RIGHT] = {"\u25b8", ">"},
    [CS_GLYPH_ELLIPSIS] = {"\u2026", "~"},
    [CS_GLYPH_HLINE] = {"\u2500", "-"},
    [CS_GLYPH_VLINE] = {"\u2502", "|"},
    [CS_GLYPH_CORNER_TOP_LEFT] = {"\u250c", "+"},
    [CS_GLYPH_CORNER_TOP_RIGHT] = {"\u2510", "+"},
    [CS_GLYPH_CORNER_BOTTOM_LEFT] = {"\u2514", "+"},
    [CS_GLYPH_CORNER_BOTTOM_RIGHT] = {"\u2518", "+"},
    [CS_GLYPH_BRANCH] = {"\u251c\u2500", "|-"},
    [CS_GLYPH_LAST_BRANCH] = {"\u2514\u2500", "`-"},
    [CS_GLYPH_NO_SCORE] = {"\u00b7", "."},
};

typedef struct CsStyleSpec {
    short foreground, background; /* -1: the terminal's default */
    attr_t color_attrs;           /* with color */
    attr_t plain_attrs;           /* under NO_COLOR or a monochrome terminal */
} CsStyleSpec;

/* Score bands follow Pacemaker Explained 2.1, "Scores": -INFINITY bans,
 * INFINITY mandates, everything between is a preference. */
static const CsStyleSpec styles[CS_STYLE_COUNT] = {
    [CS_STYLE_NORMAL] = {-1, -1, A_NORMAL, A_NORMAL},
    [CS_STYLE_SCORE_MINUS_INFINITY] = {COLOR_RED, -1, A_BOLD, A_DIM},
    [CS_STYLE_SCORE_NEGATIVE] = {COLOR_MAGENTA, -1, A_NORMAL, A_NORMAL},
    [CS_STYLE_SCORE_ZERO] = {-1, -1, A_DIM, A_DIM},
    [CS_STYLE_SCORE_POSITIVE] = {COLOR_GREEN, -1, A_NORMAL, A_NORMAL},
    [CS_STYLE_SCORE_INFINITY] = {COLOR_CYAN, -1, A_BOLD, A_BOLD},
    [CS_STYLE_TITLE] = {COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE},
    [CS_STYLE_TAB_ACTIVE] = {COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_BOLD},
    [CS_STYLE_STATUS] = {COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE},
    [CS_STYLE_BANNER] = {COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BOLD},
    [CS_STYLE_HEADING] = {COLOR_YELLOW, -1, A_BOLD, A_BOLD | A_UNDERLINE},
    [CS_STYLE_DIM] = {-1, -1, A_DIM, A_DIM},
    [CS_STYLE_EMPHASIS] = {-1, -1, A_BOLD, A_BOLD},
    [CS_STYLE_CURSOR] = {-1, -1, A_REVERSE, A_REVERSE},
    [CS_STYLE_ACTION_MOVE] = {COLOR_YELLOW, -1, A_BOLD, A_BOLD},
    [CS_STYLE_ACTION_START] = {COLOR_GREEN, -1, A_BOLD, A_BOLD},
    [CS_STYLE_ACTION_STOP] = {COLOR_RED, -1, A_BOLD, A_BOLD},
    [CS_STYLE_ACTION_OTHER] = {COLOR_MAGENTA, -1, A_BOLD, A_BOLD},
    [CS_STYLE_MARKER] = {-1, -1, A_BOLD, A_BOLD},
    [CS_STYLE_CHANGED] = {COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_BOLD | A_UNDERLINE},
    [CS_STYLE_STATUS_ERROR] = {COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BOLD},
    [CS_STYLE_STATUS_NOTICE] = {COLOR_BLACK, COLOR_GREEN, A_BOLD, A_REVERSE | A_BOLD},
    [CS_STYLE_PROMPT] = {-1, -1, A_BOLD, A_BOLD},
    [CS_STYLE_SELECTED] = {COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE},
};

void cs_draw_set_utf8(gboolean utf8)
{
    draw_utf8 = utf8;
}

void cs_draw_init(gboolean color)
{
    draw_color = color && has_colors();
    if (!draw_color)
        return;
    start_color();
    use_default_colors();
    for (int style = 1; style < CS_STYLE_COUNT; style++)
        init_pair((short)style, styles[style].foreground, styles[style].background);
}

gboolean cs_draw_is_utf8(void)
{
    return draw_utf8;
}

gboolean cs_draw_has_color(void)
{
    return draw_color;
}

attr_t cs_style_attr(CsStyle style)
{
    if (!draw_color)
        return styles[style].plain_attrs;
    attr_t attrs = styles[style].color_attrs;
    if (styles[style].foreground != -1 || styles[style].background != -1)
        attrs |= COLOR_PAIR(style);
    return attrs;
}

const char *cs_glyph(CsGlyph glyph)
{
    return glyphs[glyph][draw_utf8 ? 0 : 1];
}

/* ---- safe text ---------------------------------------------------------- */

/* The one escaper every output shares (base/safe_text.h). */
char *cs_escape(const char *raw)
{
    if (raw == NULL)
        return g_strdup("(null)");
    size_t length = strlen(raw);
    GString *out = g_string_sized_new(length + 8);
    cs_safe_text_append(out, raw, length, draw_utf8 ? CS_SAFE_UTF8 : 0);
    return g_string_free(out, FALSE);
}

static int char_width(const char *cursor)
{
    if (!draw_utf8 || (unsigned char)*cursor < 0x80)
        return 1;
    return g_unichar_iswide(g_utf8_get_char(cursor)) ? 2 : 1;
}

static const char *next_char(const char *cursor)
{
    if (!draw_utf8)
        return cursor + 1;
    return g_utf8_next_char(cursor);
}

int cs_text_width(const char *safe)
{
    int width = 0;
    for (const char *cursor = safe; *cursor != '\0'; cursor = next_char(cursor))
        width += char_width(cursor);
    return width;
}

/* Bytes of safe that fit in width columns; *used gets their columns. */
static size_t fitting_bytes(const char *safe, int width, int *used)
{
    const char *cursor = safe;
    int columns = 0;
    while (*cursor != '\0' && columns + char_width(cursor) <= width) {
        columns += char_width(cursor);
        cursor = next_char(cursor);
    }
    *used = columns;
    return (size_t)(cursor - safe);
}

const char *cs_wrap_end(const char *start, int room)
{
    int used;
    const char *end = start + fitting_bytes(start, room, &used);

    if (*end != '\0') {
        const char *blank = g_strrstr_len(start, end - start, " ");
        if (blank != NULL && blank > start + (end - start) / 2)
            end = blank + 1;
    }
    return end;
}

/* Padding without printf: the matrix pads every cell of every frame. */
static void append_spaces(GString *out, int count)
{
    for (int i = 0; i < count; i++)
        g_string_append_c(out, ' ');
}

char *cs_fit(const char *safe, int width, gboolean align_right)
{
    if (width <= 0)
        return g_strdup("");
    int total = cs_text_width(safe);
    GString *out = g_string_sized_new((gsize)width + 8);
    if (total <= width) {
        if (align_right)
            append_spaces(out, width - total);
        g_string_append(out, safe);
        if (!align_right)
            append_spaces(out, width - total);
        return g_string_free(out, FALSE);
    }
    int used;
    size_t bytes = fitting_bytes(safe, width - 1, &used);
    g_string_append_len(out, safe, (gssize)bytes);
    g_string_append(out, cs_glyph(CS_GLYPH_ELLIPSIS));
    append_spaces(out, width - 1 - used);
    return g_string_free(out, FALSE);
}

int cs_draw_text(int y, int x, int width, const char *safe, CsStyle style)
{
    return cs_draw_text_attrs(y, x, width, safe, cs_style_attr(style));
}

/* Printable ASCII (scores, most ids) goes to the screen as cells, each
 * with its attributes: ncursesw's addnstr decodes every byte as a
 * multibyte character, and a frame of the matrix writes thousands. */
static gboolean draw_ascii(int y, int x, const char *text, size_t bytes, attr_t attrs)
{
    chtype cells[256];

    if (bytes > G_N_ELEMENTS(cells))
        return FALSE;
    for (size_t i = 0; i < bytes; i++) {
        unsigned char c = (unsigned char)text[i];

        if (c < 0x20 || c >= 0x7f)
            return FALSE;
        cells[i] = (chtype)c | attrs;
    }
    mvaddchnstr(y, x, cells, (int)bytes);
    return TRUE;
}

int cs_draw_text_attrs(int y, int x, int width, const char *safe, attr_t attrs)
{
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return 0;
    if (x + width > COLS)
        width = COLS - x;
    int used;
    size_t bytes = fitting_bytes(safe, width, &used);
    if (draw_ascii(y, x, safe, bytes, attrs))
        return used;
    attrset(attrs);
    mvaddnstr(y, x, safe, (int)bytes);
    attrset(A_NORMAL);
    return used;
}

void cs_draw_fill(int y, int x, int width, CsStyle style)
{
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return;
    if (x + width > COLS)
        width = COLS - x;
    attrset(cs_style_attr(style));
    mvhline(y, x, ' ', width);
    attrset(A_NORMAL);
}

/* One row of a box: left, width - 2 times fill, right. */
static char *box_row(const char *left, const char *fill, const char *right, int width)
{
    GString *row = g_string_new(left);
    for (int x = 1; x < width - 1; x++)
        g_string_append(row, fill);
    g_string_append(row, right);
    return g_string_free(row, FALSE);
}

/* The top and bottom rows are made once and written with one call, the
 * inside is blanked cell by cell without text to decode (mvhline): a
 * box over a large list (an edit that moves hundreds) is drawn every
 * frame it is open, and a text call per cell cost milliseconds. */
void cs_draw_box(const CsRect *rect, CsStyle style)
{
    const char *vline = cs_glyph(CS_GLYPH_VLINE), *hline = cs_glyph(CS_GLYPH_HLINE);
    g_autofree char *top = box_row(cs_glyph(CS_GLYPH_CORNER_TOP_LEFT), hline,
                                   cs_glyph(CS_GLYPH_CORNER_TOP_RIGHT), rect->width);
    g_autofree char *bottom = box_row(cs_glyph(CS_GLYPH_CORNER_BOTTOM_LEFT), hline,
                                      cs_glyph(CS_GLYPH_CORNER_BOTTOM_RIGHT), rect->width);
    int right = rect->x + rect->width - 1;
    int last = rect->y + rect->height - 1;

    attrset(cs_style_attr(style));
    mvaddstr(rect->y, rect->x, top);
    for (int y = rect->y + 1; y < last; y++) {
        mvaddstr(y, rect->x, vline);
        if (rect->width > 2)
            mvhline(y, rect->x + 1, ' ', rect->width - 2);
        mvaddstr(y, right, vline);
    }
    if (last > rect->y)
        mvaddstr(last, rect->x, bottom);
    attrset(A_NORMAL);
}

CsStyle cs_score_style(CsScore score)
{
    if (score <= -CS_INFINITY)
        return CS_STYLE_SCORE_MINUS_INFINITY;
    if (score >= CS_INFINITY)
        return CS_STYLE_SCORE_INFINITY;
    if (score < 0)
        return CS_STYLE_SCORE_NEGATIVE;
    return score == 0 ? CS_STYLE_SCORE_ZERO : CS_STYLE_SCORE_POSITIVE;
}

/* Digits written backwards from the end: the matrix formats a thousand
 * scores per frame, and snprintf was a seventh of drawing it. */
const char *cs_score_short(CsScore score, char *buf)
{
    if (score <= -CS_INFINITY)
        return strcpy(buf, "-INF");
    if (score >= CS_INFINITY)
        return strcpy(buf, "+INF");
    char *cursor = buf + CS_SCORE_BUFSIZE - 1;
    unsigned magnitude = score < 0 ? (unsigned)-(long)score : (unsigned)score;

    *cursor = '\0';
    do {
        *--cursor = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (score < 0)
        *--cursor = '-';
    return memmove(buf, cursor, (size_t)(buf + CS_SCORE_BUFSIZE - cursor));
}

const char *cs_fit_right(char *buf, gsize size, const char *safe, int width)
{
    size_t length = strlen(safe);

    for (size_t i = 0; i < length; i++) {
        if ((unsigned char)safe[i] >= 0x80)
            return NULL;
    }
    if (width < 0 || (size_t)width >= size || length > (size_t)width)
        return NULL;
    memset(buf, ' ', (size_t)width - length);
    memcpy(buf + (width - length), safe, length + 1);
    return buf;
}

/* ---- line panes --------------------------------------------------------- */

static void line_free(gpointer data)
{
    CsLine *line = data;
    for (guint i = 0; i < line->segments->len; i++)
        g_free(g_array_index(line->segments, CsSegment, i).text);
    g_array_free(line->segments, TRUE);
    g_free(line);
}

GPtrArray *cs_lines_new(void)
{
    return g_ptr_array_new_with_free_func(line_free);
}

CsLine *cs_line_add(GPtrArray *lines)
{
    CsLine *line = g_new0(CsLine, 1);
    line->segments = g_array_new(FALSE, FALSE, sizeof(CsSegment));
    g_ptr_array_add(lines, line);
    return line;
}

static void line_append_owned(CsLine *line, CsStyle style, char *text)
{
    CsSegment segment = {style, text};
    g_array_append_val(line->segments, segment);
}

void cs_line_append(CsLine *line, CsStyle style, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    line_append_owned(line, style, g_strdup_vprintf(format, args));
    va_end(args);
}

void cs_line_append_fit(CsLine *line, CsStyle style, const char *safe, int width,
                        gboolean align_right)
{
    line_append_owned(line, style, cs_fit(safe, width, align_right));
}

void cs_lines_add_text(GPtrArray *lines, CsStyle style, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    line_append_owned(cs_line_add(lines), style, g_strdup_vprintf(format, args));
    va_end(args);
}

void cs_lines_add_raw(GPtrArray *lines, CsStyle style, const char *raw)
{
    g_auto(GStrv) parts = g_strsplit(raw, "\n", -1);
    guint count = g_strv_length(parts);
    /* A trailing newline ends the last line rather than starting one. */
    if (count > 0 && parts[count - 1][0] == '\0')
        count--;
    for (guint i = 0; i < count; i++)
        line_append_owned(cs_line_add(lines), style, cs_escape(parts[i]));
}

static int clamp_scroll(int scroll, int total, int page)
{
    int last = MAX(0, total - page);
    return CLAMP(scroll, 0, last);
}

void cs_lines_draw(GPtrArray *lines, const CsRect *area, int *scroll)
{
    *scroll = clamp_scroll(*scroll, (int)lines->len, area->height);
    for (int row = 0; row < area->height; row++) {
        int y = area->y + row;
        cs_draw_fill(y, area->x, area->width, CS_STYLE_NORMAL);
        guint index = (guint)(*scroll + row);
        if (index >= lines->len)
            continue;
        CsLine *line = g_ptr_array_index(lines, index);
        int x = area->x;
        for (guint i = 0; i < line->segments->len; i++) {
            CsSegment *segment = &g_array_index(line->segments, CsSegment, i);
            x += cs_draw_text(y, x, area->x + area->width - x, segment->text, segment->style);
        }
    }
}

gboolean cs_lines_key(int key, int *scroll, int total, int page)
{
    int step;
    switch (key) {
    case KEY_UP:
    case 'k': step = -1; break;
    case KEY_DOWN:
    case 'j': step = 1; break;
    case KEY_PPAGE: step = -MAX(1, page - 1); break;
    case KEY_NPAGE:
    case ' ': step = MAX(1, page - 1); break;
    case KEY_HOME:
    case 'g': step = -total; break;
    case KEY_END:
    case 'G': step = total; break;
    default: return FALSE;
    }
    *scroll = clamp_scroll(*scroll + step, total, page);
    return TRUE;
}
