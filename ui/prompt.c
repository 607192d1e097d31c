/* prompt.c: the ':' command line.
 *
 * GNU readline's alternate (callback) interface does the line editing,
 * history and completion; curses keeps the terminal.  Keys come from
 * getch() and are handed to readline one byte at a time through
 * rl_getc_function, readline never touches the terminal (its prepare,
 * redisplay and output hooks are ours or /dev/null), and the line is
 * drawn on the bottom row from rl_line_buffer and rl_point.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>
#include "cib/edit.h"
#include "explain/command.h"
#include "terminal.h"
#include "view.h"

#define PROMPT_QUEUE 64

static CsConsole *prompt_console;
static unsigned char queue[PROMPT_QUEUE];
static int queue_head, queue_length;
static char *accepted; /* the line Enter gave, malloc'd by readline */
static gboolean accepted_ready;
static GPtrArray *matches;    /* shown above the prompt after Tab */
static GPtrArray *candidates; /* what cs_command_complete offered */
static FILE *null_stream;
static gboolean prompt_ready;
/* A part of the line shown selected (t: the clock's value): the first key
 * that types replaces it, Backspace deletes it, any other key keeps it.
 * Byte offsets into rl_line_buffer; start < 0 when nothing is selected. */
static int selection_start = -1, selection_end = -1;

static int prompt_getc(FILE *stream)
{
    (void)stream;
    if (queue_length == 0)
        return EOF;
    int byte = queue[queue_head];
    queue_head = (queue_head + 1) % PROMPT_QUEUE;
    queue_length--;
    return byte;
}

static int prompt_input_available(void)
{
    return queue_length > 0;
}

static void push_byte(int byte)
{
    if (queue_length == PROMPT_QUEUE)
        return;
    queue[(queue_head + queue_length) % PROMPT_QUEUE] = (unsigned char)byte;
    queue_length++;
}

/* Readline must not draw or change terminal modes: curses owns both. */
static void prompt_redisplay(void)
{
}

static void prompt_prep_terminal(int meta)
{
    (void)meta;
}

static void prompt_deprep_terminal(void)
{
}

static void on_line(char *line)
{
    accepted = line;
    accepted_ready = TRUE;
    rl_callback_handler_remove();
}

static void clear_matches(void)
{
    g_clear_pointer(&matches, g_ptr_array_unref);
}

/* Several candidates: kept to be drawn above the prompt. */
static void show_matches(char **found, int count, int longest)
{
    (void)longest;
    clear_matches();
    matches = g_ptr_array_new_with_free_func(g_free);
    for (int i = 1; i <= count; i++)
        g_ptr_array_add(matches, cs_escape(found[i]));
}

const GPtrArray *cs_prompt_matches(void)
{
    return matches;
}

static int cs_compare_candidates(const char **a, const char **b)
{
    return strcmp(*a, *b);
}

static char *next_candidate(const char *text, int state)
{
    static guint index;
    (void)text;
    if (state == 0)
        index = 0;
    if (candidates == NULL || index >= candidates->len)
        return NULL;
    return strdup(g_ptr_array_index(candidates, index++));
}

/* The grammar of each command, argument by argument (doc/commands.md,
 * `help`): a lower-case word is a keyword, an upper-case one a kind of
 * id (RSC, NODE, CONSTRAINT, LOCATION, COLOCATION, RULE, OP, ATTR; any other,
 * such as ID, SCORE or N, is typed, not completed), '|' separates what
 * may stand there.  A command has one pattern per form; the keywords
 * typed so far choose among them. */
static const char *const grammar[] = {
    "scores RSC",
    "explain RSC NODE",
    "where RSC",
    "stickiness RSC|default N|unset",
    "ban RSC NODE",
    "prefer RSC NODE",
    "clear RSC",
    "standby NODE on|off",
    "maintenance NODE on|off",
    "attr NODE ATTR --delete",
    "failcount show RSC",
    "failcount set RSC NODE OP",
    "failcount clear RSC NODE",
    "location add ID RSC NODE SCORE|INFINITY|-INFINITY",
    "location remove LOCATION",
    "colocation add ID RSC RSC SCORE|INFINITY|-INFINITY",
    "colocation remove COLOCATION",
    "constraint remove CONSTRAINT",
    "constraint score CONSTRAINT SCORE|INFINITY|-INFINITY",
    "rule enable RULE",
    "rule disable RULE",
    "rule set RULE score|score-attribute|boolean-op|role|operation|value|start|end --delete",
    "time now",
    "commit --dry-run",
    "undo",
    "redo",
    "save",
    "help",
    "transition",
};

static void offer(GPtrArray *found, GHashTable *seen, const char *word, const char *prefix)
{
    if (word == NULL || !g_str_has_prefix(word, prefix) || g_hash_table_contains(seen, word))
        return;
    char *copy = g_strdup(word);
    g_hash_table_add(seen, copy);
    g_ptr_array_add(found, g_strdup(copy));
}

static gboolean element_is(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && xmlStrcmp(node->name, (const xmlChar *)name) == 0;
}

static void offer_id(GPtrArray *found, GHashTable *seen, const xmlNode *node, const char *prefix)
{
    xmlChar *id = xmlGetProp(node, (const xmlChar *)"id");
    offer(found, seen, (const char *)id, prefix);
    xmlFree(id);
}

/* Every <rule> with an id under node (constraints and attribute sets). */
static void offer_rules(GPtrArray *found, GHashTable *seen, const xmlNode *node, const char *prefix)
{
    for (const xmlNode *child = node->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (element_is(child, "rule"))
            offer_id(found, seen, child, prefix);
        offer_rules(found, seen, child, prefix);
    }
}

static void offer_constraints(GPtrArray *found, GHashTable *seen, const CsDocument *document,
                              const char *element, const char *prefix)
{
    xmlNode *constraints = cs_document_section(document, "constraints");
    for (xmlNode *child = constraints != NULL ? constraints->children : NULL; child != NULL;
         child = child->next)
        if (child->type == XML_ELEMENT_NODE && (element == NULL || element_is(child, element)))
            offer_id(found, seen, child, prefix);
}

/* The operations a fail count of rsc can name: "monitor_10000" as
 * crm_failcount writes it needs the interval in ms, so the forms offered
 * are "monitor:10s" (as configured) and the plain name. */
static void offer_operations(GPtrArray *found, GHashTable *seen, const CsDocument *document,
                             const char *rsc, const char *prefix)
{
    xmlNode *resource = rsc != NULL ? cs_edit_find_resource(document, rsc) : NULL;
    for (xmlNode *ops = resource != NULL ? resource->children : NULL; ops != NULL;
         ops = ops->next) {
        if (!element_is(ops, "operations"))
            continue;
        for (xmlNode *op = ops->children; op != NULL; op = op->next) {
            if (!element_is(op, "op"))
                continue;
            xmlChar *name = xmlGetProp(op, (const xmlChar *)"name");
            xmlChar *interval = xmlGetProp(op, (const xmlChar *)"interval");
            gboolean recurring = interval != NULL && strcmp((const char *)interval, "0") != 0
                                 && strcmp((const char *)interval, "0s") != 0;
            g_autofree char *form = recurring ? g_strdup_printf("%s:%s", name, interval) : NULL;
            offer(found, seen, recurring ? form : (const char *)name, prefix);
            xmlFree(name);
            xmlFree(interval);
        }
    }
    offer(found, seen, "start", prefix);
}

/* The names of the nvpairs under node (a node's attribute sets). */
static void offer_nvpair_names(GPtrArray *found, GHashTable *seen, const xmlNode *node,
                               const char *prefix)
{
    for (const xmlNode *child = node->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (element_is(child, "nvpair")) {
            xmlChar *name = xmlGetProp(child, (const xmlChar *)"name");
            offer(found, seen, (const char *)name, prefix);
            xmlFree(name);
        }
        offer_nvpair_names(found, seen, child, prefix);
    }
}

/* attr NODE ATTR: the attributes the node has, permanent (its <node> in
 * the configuration) and transient (its node_state). */
static void offer_node_attributes(GPtrArray *found, GHashTable *seen, const CsDocument *document,
                                  const char *uname, const char *prefix)
{
    static const char *const sections[] = {"nodes", "status"};
    for (size_t i = 0; uname != NULL && i < G_N_ELEMENTS(sections); i++) {
        xmlNode *section = cs_document_section(document, sections[i]);
        for (xmlNode *node = section != NULL ? section->children : NULL; node != NULL;
             node = node->next) {
            if (node->type != XML_ELEMENT_NODE)
                continue;
            xmlChar *name = xmlGetProp(node, (const xmlChar *)"uname");
            if (name != NULL && strcmp((const char *)name, uname) == 0)
                offer_nvpair_names(found, seen, node, prefix);
            xmlFree(name);
        }
    }
    offer(found, seen, "standby", prefix);
}

/* What may stand where kind (one alternative of a pattern word) is. */
static void offer_kind(GPtrArray *found, GHashTable *seen, const CsSession *session,
                       const char *kind, char **typed, const char *prefix)
{
    const CsModel *model = session->model;
    if (!g_ascii_isupper(kind[0]) && kind[0] != '\0') {
        offer(found, seen, kind, prefix);
    } else if (strcmp(kind, "INFINITY") == 0 || strcmp(kind, "-INFINITY") == 0) {
        offer(found, seen, kind, prefix);
    } else if (strcmp(kind, "RSC") == 0 && model != NULL) {
        for (guint i = 0; i < model->resources->len; i++)
            offer(found, seen, ((const CsResource *)g_ptr_array_index(model->resources, i))->id,
                  prefix);
    } else if (strcmp(kind, "NODE") == 0 && model != NULL) {
        for (guint i = 0; i < model->nodes->len; i++)
            offer(found, seen, ((const CsNode *)g_ptr_array_index(model->nodes, i))->uname, prefix);
    } else if (strcmp(kind, "CONSTRAINT") == 0) {
        offer_constraints(found, seen, session->document, NULL, prefix);
    } else if (strcmp(kind, "LOCATION") == 0) {
        offer_constraints(found, seen, session->document, "rsc_location", prefix);
    } else if (strcmp(kind, "COLOCATION") == 0) {
        offer_constraints(found, seen, session->document, "rsc_colocation", prefix);
    } else if (strcmp(kind, "RULE") == 0) {
        xmlNode *root = xmlDocGetRootElement(session->document->xml);
        for (xmlNode *child = root != NULL ? root->children : NULL; child != NULL;
             child = child->next)
            if (element_is(child, "configuration"))
                offer_rules(found, seen, child, prefix);
    } else if (strcmp(kind, "ATTR") == 0) {
        offer_node_attributes(found, seen, session->document, typed[1], prefix);
    } else if (strcmp(kind, "OP") == 0) {
        /* failcount set RSC NODE OP: the resource is two words back. */
        offer_operations(found, seen, session->document, typed[2], prefix);
    }
}

/* A typed word fits a pattern word: a keyword must be one of its
 * alternatives, an id kind takes anything. */
static gboolean word_fits(const char *pattern_word, const char *typed)
{
    g_auto(GStrv) alternatives = g_strsplit(pattern_word, "|", -1);
    for (char **alternative = alternatives; *alternative != NULL; alternative++)
        if (g_ascii_isupper((*alternative)[0]) || (*alternative)[0] == '-'
            || strcmp(*alternative, typed) == 0)
            return TRUE;
    return FALSE;
}

/* The words of the last command before the cursor, the one being typed
 * last ("" right after a blank). */
static GPtrArray *typed_words(const char *before)
{
    const char *segment = strrchr(before, ';');
    g_auto(GStrv) pieces = g_strsplit_set(segment != NULL ? segment + 1 : before, " \t", -1);
    GPtrArray *words = g_ptr_array_new_with_free_func(g_free);
    for (char **piece = pieces; *piece != NULL; piece++)
        if (**piece != '\0' || piece[1] == NULL)
            g_ptr_array_add(words, g_strdup(*piece));
    return words;
}

/* The candidates the grammar allows for the last word of before; NULL
 * when the grammar does not know the command (or the first word is
 * being typed): then the command layer's list is used. */
GPtrArray *cs_prompt_grammar_candidates(const CsSession *session, const char *before)
{
    g_autoptr(GPtrArray) words = typed_words(before);
    if (words->len < 2)
        return NULL;
    g_ptr_array_add(words, NULL);
    char **typed = (char **)words->pdata;
    guint position = words->len - 2; /* the word being completed */
    const char *prefix = typed[position];
    GPtrArray *found = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    gboolean known = FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS(grammar); i++) {
        g_auto(GStrv) pattern = g_strsplit(grammar[i], " ", -1);
        if (strcmp(pattern[0], typed[0]) != 0)
            continue;
        known = TRUE;
        gboolean fits = g_strv_length(pattern) > position;
        for (guint word = 1; fits && word < position; word++)
            fits = word_fits(pattern[word], typed[word]);
        if (!fits)
            continue;
        g_auto(GStrv) alternatives = g_strsplit(pattern[position], "|", -1);
        for (char **alternative = alternatives; *alternative != NULL; alternative++)
            offer_kind(found, seen, session, *alternative, typed, prefix);
    }
    if (!known) {
        g_ptr_array_unref(found);
        return NULL;
    }
    g_ptr_array_sort(found, (GCompareFunc)cs_compare_candidates);
    return found;
}

/* Completion of command names, resource, node and constraint ids, from
 * the command layer (the same words `cibscope --exec` accepts). */
static char **prompt_complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1; /* never file names */
    g_autofree char *before = g_strndup(rl_line_buffer, (gsize)rl_point);
    g_clear_pointer(&candidates, g_ptr_array_unref);
    candidates = cs_prompt_grammar_candidates(prompt_console->session, before);
    if (candidates == NULL)
        candidates = cs_command_complete(prompt_console->session, before);
    clear_matches();
    return rl_completion_matches(text, next_candidate);
}

static void prompt_setup(void)
{
    if (prompt_ready)
        return;
    prompt_ready = TRUE;
    null_stream = fopen("/dev/null", "w");
    rl_readline_name = "cibscope";
    rl_instream = stdin;
    rl_outstream = null_stream;
    rl_getc_function = prompt_getc;
    rl_input_available_hook = prompt_input_available;
    rl_redisplay_function = prompt_redisplay;
    rl_prep_term_function = prompt_prep_terminal;
    rl_deprep_term_function = prompt_deprep_terminal;
    /* Curses handles SIGWINCH and the console its own signals; readline
     * must not export LINES and COLUMNS either, or curses would stop
     * following resizes. */
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_attempted_completion_function = prompt_complete;
    rl_completion_display_matches_hook = show_matches;
    /* Words split as the command language splits them. */
    rl_completer_word_break_characters = (char *)" \t;";
    rl_variable_bind("show-all-if-ambiguous", "on");
    rl_variable_bind("bell-style", "none");
    using_history();
    stifle_history(500);
}

void cs_prompt_open(CsConsole *console, const char *initial)
{
    prompt_setup();
    prompt_console = console;
    console->prompt_open = TRUE;
    queue_length = 0;
    accepted_ready = FALSE;
    clear_matches();
    rl_callback_handler_install(":", on_line);
    selection_start = selection_end = -1;
    if (initial != NULL)
        rl_insert_text(initial);
}

void cs_prompt_open_selected(CsConsole *console, const char *before, const char *selected,
                             const char *after)
{
    g_autofree char *line = g_strconcat(before, selected, after, NULL);
    cs_prompt_open(console, line);
    selection_start = (int)strlen(before);
    selection_end = selection_start + (int)strlen(selected);
    /* The cursor at the end: ^U still empties the whole line. */
    rl_point = rl_end;
}

/* What a key does to the selection: TRUE when the key is used up. */
static gboolean selection_key(int byte)
{
    if (selection_start < 0)
        return FALSE;
    int start = selection_start, end = selection_end;
    selection_start = selection_end = -1;
    gboolean types = byte >= 0x20 && byte != 0x7f;
    if (!types && byte != 0x7f && byte != 4 && byte != 8)
        return FALSE;
    rl_delete_text(start, end);
    rl_point = start;
    return !types;
}

static void prompt_close(CsConsole *console)
{
    console->prompt_open = FALSE;
    clear_matches();
    history_set_pos(history_length);
}

static void prompt_cancel(CsConsole *console)
{
    rl_replace_line("", 0);
    rl_callback_handler_remove();
    prompt_close(console);
}

/* curses keys as the control characters readline's emacs map binds, so
 * no escape sequence (and no Esc timeout) is involved. */
static int readline_byte(int key)
{
    switch (key) {
    case KEY_LEFT: return 2;  /* ^B */
    case KEY_RIGHT: return 6; /* ^F */
    case KEY_UP: return 16;   /* ^P: previous history line */
    case KEY_DOWN: return 14; /* ^N */
    case KEY_HOME: return 1;  /* ^A */
    case KEY_END: return 5;   /* ^E */
    case KEY_DC: return 4;    /* ^D: delete under the cursor */
    case KEY_BACKSPACE:
    case 8: return 127;
    case KEY_ENTER:
    case '\r': return '\n';
    default: return key >= 0 && key < 256 ? key : -1;
    }
}

void cs_prompt_key(CsConsole *console, int key)
{
    /* Esc and ^G leave the prompt without running anything; ^D on an
     * empty line does too (readline gives no line then). */
    if (key == 27 || key == 7) {
        prompt_cancel(console);
        return;
    }
    /* Alt+key (Esc and a key at once): readline's meta binding (M-b a
     * word back, M-f forward, M-d deletes a word), never "leave the
     * prompt, then run the key". */
    gboolean meta = CS_KEY_IS_META(key);
    int byte = meta ? CS_KEY_META_BYTE(key) : readline_byte(key);
    if (byte < 0)
        return;
    if (selection_key(meta ? 0 : byte))
        return;
    if (byte != '\t' || meta)
        clear_matches();
    if (meta)
        push_byte(27);
    push_byte(byte);
    while (queue_length > 0 && !accepted_ready)
        rl_callback_read_char();
    queue_length = 0;
    if (!accepted_ready)
        return;
    accepted_ready = FALSE;
    char *line = accepted;
    accepted = NULL;
    prompt_close(console);
    if (line == NULL)
        return;
    g_autofree char *trimmed = g_strstrip(g_strdup(line));
    if (trimmed[0] != '\0') {
        add_history(line);
        history_set_pos(history_length);
        cs_console_run_line(console, line);
    }
    free(line);
}

/* The candidates Tab found, a band of rows above the prompt. */
static void draw_matches(int y)
{
    if (matches == NULL || matches->len == 0)
        return;
    int widest = 1;
    for (guint i = 0; i < matches->len; i++)
        widest = MAX(widest, cs_text_width(g_ptr_array_index(matches, i)));
    int column_width = MIN(widest + 2, COLS);
    int columns = MAX(1, COLS / column_width);
    int rows = MIN(((int)matches->len + columns - 1) / columns, MAX(1, LINES / 3));
    for (int row = 0; row < rows; row++) {
        int line_y = y - rows + row;
        cs_draw_fill(line_y, 0, COLS, CS_STYLE_NORMAL);
        for (int column = 0; column < columns; column++) {
            guint index = (guint)(row * columns + column);
            if (index >= matches->len)
                break;
            cs_draw_text(line_y, column * column_width + 1, column_width - 1,
                         g_ptr_array_index(matches, index), CS_STYLE_EMPHASIS);
        }
    }
}

/* The line with its selection shown: ":time '|2026-11-27 05:32:15Z|'". */
static void draw_selection(int y, const char *buffer)
{
    static const char hint[] = " type to replace  Enter runs  Esc cancels ";
    int length = (int)strlen(buffer);
    int start = CLAMP(selection_start, 0, length), end = CLAMP(selection_end, start, length);
    g_autofree char *head_raw = g_strndup(buffer, (gsize)start);
    g_autofree char *middle_raw = g_strndup(buffer + start, (gsize)(end - start));
    g_autofree char *head = cs_escape(head_raw);
    g_autofree char *middle = cs_escape(middle_raw);
    g_autofree char *tail = cs_escape(buffer + end);
    cs_draw_fill(y, 0, COLS, CS_STYLE_PROMPT);
    int x = cs_draw_text(y, 0, COLS, ":", CS_STYLE_PROMPT);
    x += cs_draw_text(y, x, COLS - x, head, CS_STYLE_NORMAL);
    x += cs_draw_text(y, x, COLS - x, middle, CS_STYLE_SELECTED);
    x += cs_draw_text(y, x, COLS - x, tail, CS_STYLE_NORMAL);
    int hint_width = (int)strlen(hint);
    if (x + hint_width + 2 < COLS)
        cs_draw_text(y, COLS - hint_width, hint_width, hint, CS_STYLE_DIM);
}

void cs_prompt_draw(const CsConsole *console, int y)
{
    (void)console;
    draw_matches(y);
    if (selection_start >= 0 && rl_line_buffer != NULL) {
        draw_selection(y, rl_line_buffer);
        return;
    }
    const char *buffer = rl_line_buffer != NULL ? rl_line_buffer : "";
    int point = CLAMP(rl_point, 0, (int)strlen(buffer));
    g_autofree char *before_raw = g_strndup(buffer, (gsize)point);
    g_autofree char *before = cs_escape(before_raw);
    g_autofree char *after = cs_escape(buffer + point);
    static const char hint[] = " Tab completes  Up history  Enter runs  Esc cancels ";
    cs_draw_fill(y, 0, COLS, CS_STYLE_PROMPT);
    /* Scroll so the cursor stays on screen, as a shell does. */
    int room = COLS - 2;
    int before_width = cs_text_width(before);
    const char *shown = before;
    while (before_width >= room && *shown != '\0') {
        shown = g_utf8_next_char(shown);
        before_width = cs_text_width(shown);
    }
    int x = cs_draw_text(y, 0, COLS, ":", CS_STYLE_PROMPT);
    x += cs_draw_text(y, x, COLS - x, shown, CS_STYLE_NORMAL);
    char cursor_text[8] = " ";
    if (*after != '\0') {
        const char *next = g_utf8_next_char(after);
        memcpy(cursor_text, after, MIN((size_t)(next - after), sizeof cursor_text - 1));
        cursor_text[MIN((size_t)(next - after), sizeof cursor_text - 1)] = '\0';
    }
    int cursor_width = cs_draw_text(y, x, COLS - x, cursor_text, CS_STYLE_CURSOR);
    int rest = *after != '\0' ? (int)strlen(cursor_text) : 0;
    int after_x = x + cursor_width;
    after_x += cs_draw_text(y, after_x, COLS - after_x, after + rest, CS_STYLE_NORMAL);
    int hint_width = (int)strlen(hint);
    if (after_x + hint_width + 2 < COLS)
        cs_draw_text(y, COLS - hint_width, hint_width, hint, CS_STYLE_DIM);
}

void cs_prompt_shutdown(void)
{
    if (!prompt_ready)
        return;
    if (prompt_console != NULL && prompt_console->prompt_open)
        rl_callback_handler_remove();
    clear_matches();
    g_clear_pointer(&candidates, g_ptr_array_unref);
    clear_history();
    if (null_stream != NULL)
        fclose(null_stream);
    null_stream = NULL;
    rl_outstream = NULL;
    prompt_ready = FALSE;
}
