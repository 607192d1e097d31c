/* attrs.c: the attribute list (view.h, CsAttrList).
 *
 * A on a Matrix row lists the resource's meta attributes, N the node of
 * the cursor's column: its permanent and transient attributes and its
 * utilization, each with the value in force and where it comes from
 * (explain/attributes.h).  Every change is one command of the language
 * (`meta`, `attr`, `utilization`), so it is one edit, re-solved at once,
 * undone with u, and replayed by `cibscope FILE --exec`:
 *   Enter  edit the value: the old one is shown and the first key typed
 *          replaces it (arrows are not needed: Backspace edits it)
 *   d      delete: the resource's own value (what it inherits or takes
 *          from rsc_defaults or the default is not its own), or the
 *          node's attribute or utilization
 *   a      add a name (Tab completes the names Pacemaker reads), then its
 *          value; U on a node adds a utilization
 *   Esc q  close
 * Above a remote, guest or bundle replica node's attributes, N shows
 * what the node hangs on (explain/remote_node.h): its connection and
 * where that runs, reconnect_interval, a guest's container and that
 * container's host, and the resources on it.  A guest node has no
 * <node> entry of its own, so it may have no attributes to list.
 */
#include <curses.h>
#include <string.h>

#include "explain/attributes.h"
#include "explain/remote_node.h"
#include "view.h"

#define ATTRS_MAX_TEXT 256

static gboolean is_enter(int key)
{
    return key == '\n' || key == '\r' || key == KEY_ENTER;
}

static gboolean is_backspace(int key)
{
    return key == KEY_BACKSPACE || key == 127 || key == 8;
}

/* The list as the document has it now (re-read after every edit). */
static GPtrArray *attrs_read(const CsConsole *console, GError **error)
{
    const CsAttrList *list = &console->attrs;
    const CsDocument *document = console->session->document;
    return list->kind == CS_ATTRS_META ? cs_attributes_meta(document, list->target, error)
                                       : cs_attributes_node(document, list->target, error);
}

static void attrs_open(CsConsole *console, CsAttrsKind kind, const char *target)
{
    cs_attrs_close(console);
    CsAttrList *list = &console->attrs;
    list->kind = kind;
    list->target = g_strdup(target);
    list->text = g_string_new(NULL);
    list->mode = CS_ATTRS_BROWSE;
}

void cs_attrs_close(CsConsole *console)
{
    CsAttrList *list = &console->attrs;
    g_free(list->target);
    g_free(list->name);
    g_free(list->hint);
    if (list->text != NULL)
        g_string_free(list->text, TRUE);
    memset(list, 0, sizeof *list);
}

gboolean cs_console_show_meta(CsConsole *console)
{
    int rsc = cs_console_selected_rsc(console);
    if (rsc < 0 || console->session->model == NULL)
        return FALSE;
    const CsResource *resource = g_ptr_array_index(console->session->model->resources, rsc);
    attrs_open(console, CS_ATTRS_META, resource->id);
    return TRUE;
}

gboolean cs_console_show_node(CsConsole *console)
{
    int node = cs_console_selected_node(console);
    if (node < 0) {
        cs_console_say(console, TRUE, "Select a node first (Left / Right).");
        return TRUE;
    }
    attrs_open(console, CS_ATTRS_NODE, cs_console_node(console, node)->uname);
    return TRUE;
}

/* ---- drawing -------------------------------------------------------------- */

/* The N list's remote or guest node facts (CsNodeFact*), or NULL. */
static GPtrArray *attrs_node_facts(const CsConsole *console)
{
    const CsAttrList *list = &console->attrs;
    if (list->kind != CS_ATTRS_NODE || console->solution == NULL)
        return NULL;
    const CsNode *node = cs_model_node(cs_solution_model(console->solution), list->target);
    return node != NULL ? cs_remote_node_facts(console->solution, node->index) : NULL;
}

/* The facts, one a row ("connection runs on  n1 -> n2"), then the
 * attributes' heading; the rows used. */
static int attrs_draw_facts(GPtrArray *facts, int y, int x, int width)
{
    int name_width = 0;
    for (guint i = 0; i < facts->len; i++)
        name_width =
            MAX(name_width, cs_text_width(((CsNodeFact *)g_ptr_array_index(facts, i))->name));
    for (guint i = 0; i < facts->len; i++) {
        const CsNodeFact *fact = g_ptr_array_index(facts, i);
        g_autofree char *name = cs_fit(fact->name, name_width, FALSE);
        g_autofree char *value = cs_escape(fact->value);
        int used = cs_draw_text(y + (int)i, x, width, name, CS_STYLE_HEADING);
        g_autofree char *fitted = cs_fit(value, MAX(0, width - used - 2), FALSE);
        cs_draw_text(y + (int)i, x + used + 2, width - used - 2, fitted, CS_STYLE_NORMAL);
    }
    cs_draw_text(y + (int)facts->len, x, width, "attributes:", CS_STYLE_DIM);
    return (int)facts->len + 1;
}

static CsRect attrs_rect(guint count)
{
    CsRect rect;
    rect.width = MIN(COLS - 2, 110);
    rect.height = MIN(LINES - 2, (int)count + 6);
    rect.y = MAX(1, (LINES - rect.height) / 2);
    rect.x = (COLS - rect.width) / 2;
    return rect;
}

static const char *attrs_title(const CsAttrList *list, gboolean remote)
{
    if (remote)
        return "what the node hangs on, its attributes and utilization";
    return list->kind == CS_ATTRS_META ? "meta attributes (value, where it comes from)"
                                       : "node attributes and utilization";
}

static const char *attrs_keys(const CsAttrList *list)
{
    if (list->mode == CS_ATTRS_NAME)
        return " Tab completes  Enter: then its value  Esc back ";
    if (list->mode == CS_ATTRS_VALUE)
        return " Enter sets  Esc back ";
    return list->kind == CS_ATTRS_META
               ? " Enter edit  d delete own  a add  Esc close "
               : " Enter edit  d delete  a add  U add utilization  Esc close ";
}

/* Columns for names and values: the widest of each, within a share of
 * the width. */
typedef struct AttrsColumns {
    int name, value;
} AttrsColumns;

static AttrsColumns attrs_columns(GPtrArray *attrs, int width)
{
    AttrsColumns columns = {12, 8};
    for (guint i = 0; i < attrs->len; i++) {
        const CsAttr *attr = g_ptr_array_index(attrs, i);
        g_autofree char *name = cs_escape(attr->name);
        g_autofree char *value = cs_escape(attr->value);
        columns.name = MAX(columns.name, cs_text_width(name));
        columns.value = MAX(columns.value, cs_text_width(value));
    }
    columns.name = MIN(columns.name, width * 2 / 5);
    columns.value = MIN(columns.value, width / 4);
    return columns;
}

static void attrs_draw_row(const CsAttr *attr, const AttrsColumns *columns, int y, int x, int width,
                           gboolean selected)
{
    g_autofree char *name = cs_escape(attr->name);
    g_autofree char *value = cs_escape(attr->value);
    g_autofree char *source = cs_escape(attr->source_text);
    g_autofree char *name_cell = cs_fit(name, columns->name, FALSE);
    g_autofree char *value_cell = cs_fit(value, columns->value, FALSE);
    g_autofree char *text =
        g_strdup_printf("%s  %s  %s%s", name_cell, value_cell, source,
                        attr->ruled ? "; a rule-selected set also names it" : "");
    CsStyle style = selected                          ? CS_STYLE_CURSOR
                    : attr->source == CS_ATTR_DEFAULT ? CS_STYLE_DIM
                                                      : CS_STYLE_NORMAL;
    g_autofree char *fitted = cs_fit(text, width, FALSE);
    cs_draw_text(y, x, width, fitted, style);
}

/* The line being typed, and the hint above it. */
static void attrs_draw_input(const CsAttrList *list, const CsRect *rect)
{
    int width = rect->width - 4;
    int y = rect->y + rect->height - 2;
    g_autofree char *typed = cs_escape(list->text->str);
    g_autofree char *name = cs_escape(list->name != NULL ? list->name : "");
    g_autofree char *line =
        list->mode == CS_ATTRS_NAME
            ? g_strdup_printf("%s name: %s_",
                              list->source == CS_ATTR_UTILIZATION ? "utilization" : "new", typed)
            : g_strdup_printf("%s = %s%s", name, typed, list->fresh ? "  (type to replace)" : "_");
    cs_draw_fill(y, rect->x + 1, rect->width - 2, CS_STYLE_PROMPT);
    cs_draw_text(y, rect->x + 2, width, line, CS_STYLE_PROMPT);
    if (list->hint != NULL) {
        g_autofree char *hint = cs_escape(list->hint);
        cs_draw_fill(y - 1, rect->x + 1, rect->width - 2, CS_STYLE_NORMAL);
        cs_draw_text(y - 1, rect->x + 2, width, hint, CS_STYLE_DIM);
    }
}

void cs_attrs_draw(CsConsole *console)
{
    CsAttrList *list = &console->attrs;
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) attrs = attrs_read(console, &error);
    g_autoptr(GPtrArray) facts = attrs_node_facts(console);
    guint count = attrs != NULL ? attrs->len : 1;
    CsRect rect = attrs_rect(count + (facts != NULL ? facts->len + 1 : 0));
    cs_draw_box(&rect, CS_STYLE_NORMAL);
    g_autofree char *target = cs_escape(list->target);
    g_autofree char *title = g_strdup_printf(" %s: %s ", target, attrs_title(list, facts != NULL));
    cs_draw_text(rect.y, rect.x + 2, rect.width - 4, title, CS_STYLE_HEADING);
    /* a guest node with no <node> entry has nothing to edit */
    const char *keys = attrs == NULL && facts != NULL ? " Esc close " : attrs_keys(list);
    int keys_width = MIN((int)strlen(keys), rect.width - 2);
    cs_draw_text(rect.y + rect.height - 1, rect.x + rect.width - 1 - keys_width, keys_width, keys,
                 CS_STYLE_DIM);
    int x = rect.x + 2, width = rect.width - 4;
    int top = rect.y + 1 + (facts != NULL ? attrs_draw_facts(facts, rect.y + 1, x, width) : 0);
    if (attrs == NULL && facts != NULL) {
        cs_draw_text(top, x, width, "(none: it has no <node> entry in the configuration)",
                     CS_STYLE_DIM);
        return;
    }
    if (attrs == NULL) {
        g_autofree char *why = cs_escape(error->message);
        cs_draw_text(top, x, width, why, CS_STYLE_BANNER);
        return;
    }
    if (attrs->len == 0)
        cs_draw_text(top, x, width, "(none set: a adds one)", CS_STYLE_DIM);
    int rows = rect.y + rect.height - 3 - top;
    list->selected = CLAMP(list->selected, 0, MAX(0, (int)attrs->len - 1));
    if (list->selected < list->top)
        list->top = list->selected;
    if (list->selected >= list->top + rows)
        list->top = list->selected - rows + 1;
    AttrsColumns columns = attrs_columns(attrs, width);
    for (int row = 0; row < rows && list->top + row < (int)attrs->len; row++)
        attrs_draw_row(g_ptr_array_index(attrs, list->top + row), &columns, top + row, x, width,
                       list->top + row == list->selected);
    if (list->mode != CS_ATTRS_BROWSE)
        attrs_draw_input(list, &rect);
}

/* ---- editing ------------------------------------------------------------- */

/* The command that sets (value) or deletes (value NULL) name, where
 * source says: a node's utilization, its transient attributes (the
 * lifetime crm_attribute calls reboot) or its permanent ones; any meta
 * attribute is set on the resource itself. */
static void attrs_run(CsConsole *console, const char *name, const char *value, CsAttrSource source)
{
    const CsAttrList *list = &console->attrs;
    const char *command = list->kind == CS_ATTRS_META     ? "meta"
                          : source == CS_ATTR_UTILIZATION ? "utilization"
                                                          : "attr";
    gboolean reboot = list->kind == CS_ATTRS_NODE && source == CS_ATTR_TRANSIENT && value != NULL;
    const char *words[] = {
        command, list->target, name, value != NULL ? value : "--delete", reboot ? "reboot" : NULL,
        NULL};
    cs_console_run_words(console, words);
}

static void attrs_begin_value(CsAttrList *list, const char *name, const char *value,
                              CsAttrSource source)
{
    g_free(list->name);
    list->name = g_strdup(name);
    g_string_assign(list->text, value != NULL ? value : "");
    list->fresh = value != NULL && *value != '\0';
    list->source = source;
    list->mode = CS_ATTRS_VALUE;
    g_clear_pointer(&list->hint, g_free);
}

static const CsAttr *attrs_selected(GPtrArray *attrs, const CsAttrList *list)
{
    if (attrs == NULL || list->selected < 0 || list->selected >= (int)attrs->len)
        return NULL;
    return g_ptr_array_index(attrs, list->selected);
}

static void attrs_delete(CsConsole *console, const CsAttr *attr)
{
    const CsAttrList *list = &console->attrs;
    if (list->kind == CS_ATTRS_META && attr->source != CS_ATTR_OWN) {
        cs_console_say(console, TRUE, "%s is not %s's own (%s): nothing of %s's to delete.",
                       attr->name, list->target, attr->source_text, list->target);
        return;
    }
    attrs_run(console, attr->name, NULL, attr->source);
}

/* The names Tab offers: for a resource, the meta attributes Pacemaker
 * reads; for a node, every name nodes carry already (attributes or
 * utilization), and standby and maintenance (cpu and memory). */
static GPtrArray *attrs_candidates(const CsConsole *console)
{
    const CsAttrList *list = &console->attrs;
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    if (list->kind == CS_ATTRS_META) {
        g_autoptr(GPtrArray) meta_names = cs_attributes_meta_names();
        for (guint i = 0; i < meta_names->len; i++)
            g_ptr_array_add(names, g_strdup(g_ptr_array_index(meta_names, i)));
        return names;
    }
    gboolean utilization = list->source == CS_ATTR_UTILIZATION;
    /* Pacemaker Explained 2.1, "Utilization and Placement Strategy":
     * any name is a capacity; cpu and memory are the usual ones. */
    const char *usual[] = {utilization ? "cpu" : "standby", utilization ? "memory" : "maintenance"};
    for (gsize i = 0; i < G_N_ELEMENTS(usual); i++)
        g_ptr_array_add(names, g_strdup(usual[i]));
    const CsModel *model = console->session->model;
    for (guint i = 0; model != NULL && i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        g_autoptr(GPtrArray) attrs =
            cs_attributes_node(console->session->document, node->uname, NULL);
        for (guint j = 0; attrs != NULL && j < attrs->len; j++) {
            const CsAttr *attr = g_ptr_array_index(attrs, j);
            if ((attr->source == CS_ATTR_UTILIZATION) == utilization)
                g_ptr_array_add(names, g_strdup(attr->name));
        }
    }
    return names;
}

/* Tab: the typed name completed as far as every candidate agrees; the
 * candidates are listed in the hint. */
static void attrs_complete(CsConsole *console)
{
    CsAttrList *list = &console->attrs;
    g_autoptr(GPtrArray) names = attrs_candidates(console);
    g_autoptr(GPtrArray) matching = g_ptr_array_new();
    GString *shown = g_string_new(NULL);
    for (guint i = 0; i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        gboolean seen = FALSE;
        for (guint j = 0; j < matching->len && !seen; j++)
            seen = strcmp(g_ptr_array_index(matching, j), name) == 0;
        if (seen || !g_str_has_prefix(name, list->text->str))
            continue;
        g_ptr_array_add(matching, (gpointer)name);
        g_string_append_printf(shown, "%s%s", shown->len > 0 ? " " : "", name);
    }
    g_free(list->hint);
    if (matching->len == 0) {
        g_string_free(shown, TRUE);
        list->hint = g_strdup("no such name known: Enter takes it as typed");
        return;
    }
    list->hint = g_string_free(shown, FALSE);
    const char *first = g_ptr_array_index(matching, 0);
    gsize common = strlen(first);
    for (guint i = 1; i < matching->len; i++) {
        const char *other = g_ptr_array_index(matching, i);
        gsize same = 0;
        while (same < common && first[same] == other[same])
            same++;
        common = same;
    }
    if (common > list->text->len) {
        g_string_assign(list->text, first);
        g_string_truncate(list->text, common);
    }
}

/* Enter on a name: its value next, the one in force offered. */
static void attrs_name_done(CsConsole *console)
{
    CsAttrList *list = &console->attrs;
    const char *name = list->text->str;
    if (*name == '\0' || strpbrk(name, " \t\"'<>&") != NULL) {
        g_free(list->hint);
        list->hint = g_strdup("a name, without blanks, quotes or <>&");
        return;
    }
    g_autofree char *chosen = g_strdup(name);
    g_autoptr(GPtrArray) attrs = attrs_read(console, NULL);
    const char *value = NULL;
    gboolean utilization = list->source == CS_ATTR_UTILIZATION;
    for (guint i = 0; attrs != NULL && i < attrs->len; i++) {
        const CsAttr *attr = g_ptr_array_index(attrs, i);
        if (strcmp(attr->name, chosen) == 0 && attr->source != CS_ATTR_DEFAULT
            && (attr->source == CS_ATTR_UTILIZATION) == utilization)
            value = attr->value;
    }
    attrs_begin_value(list, chosen, value, list->source);
}

/* A key while a name or value is typed. */
static void attrs_type(CsConsole *console, int key)
{
    CsAttrList *list = &console->attrs;
    if (key == 27) {
        list->mode = CS_ATTRS_BROWSE;
        g_clear_pointer(&list->hint, g_free);
    } else if (key == '\t' && list->mode == CS_ATTRS_NAME) {
        attrs_complete(console);
    } else if (is_enter(key) && list->mode == CS_ATTRS_NAME) {
        attrs_name_done(console);
    } else if (is_enter(key)) {
        g_autofree char *name = g_strdup(list->name);
        g_autofree char *value = g_strdup(list->text->str);
        list->mode = CS_ATTRS_BROWSE;
        attrs_run(console, name, value, list->source);
    } else if (is_backspace(key)) {
        list->fresh = FALSE;
        if (list->text->len > 0)
            g_string_truncate(list->text, list->text->len - 1);
    } else if (key == 21) { /* ^U, as in a shell */
        list->fresh = FALSE;
        g_string_truncate(list->text, 0);
    } else if (key >= 0x20 && key < 0x7f && list->text->len < ATTRS_MAX_TEXT) {
        if (list->fresh)
            g_string_truncate(list->text, 0);
        list->fresh = FALSE;
        g_string_append_c(list->text, (char)key);
    }
}

static void attrs_browse(CsConsole *console, int key)
{
    CsAttrList *list = &console->attrs;
    g_autoptr(GPtrArray) attrs = attrs_read(console, NULL);
    const CsAttr *attr = attrs_selected(attrs, list);
    int count = attrs != NULL ? (int)attrs->len : 0;
    switch (key) {
    case KEY_UP:
    case 'k': list->selected--; break;
    case KEY_DOWN:
    case 'j': list->selected++; break;
    case KEY_PPAGE: list->selected -= 10; break;
    case KEY_NPAGE: list->selected += 10; break;
    case KEY_HOME:
    case 'g': list->selected = 0; break;
    case KEY_END:
    case 'G': list->selected = count - 1; break;
    case 'd':
    case KEY_DC:
        if (attr != NULL)
            attrs_delete(console, attr);
        break;
    case 'a':
    case 'U':
        if (key == 'U' && list->kind != CS_ATTRS_NODE)
            break;
        list->source = key == 'U'                    ? CS_ATTR_UTILIZATION
                       : list->kind == CS_ATTRS_NODE ? CS_ATTR_NODE
                                                     : CS_ATTR_OWN;
        g_string_truncate(list->text, 0);
        list->fresh = FALSE;
        list->mode = CS_ATTRS_NAME;
        break;
    default:
        if (is_enter(key) && attr != NULL)
            attrs_begin_value(list, attr->name,
                              attr->source == CS_ATTR_DEFAULT ? NULL : attr->value, attr->source);
        break;
    }
    list->selected = CLAMP(list->selected, 0, MAX(0, count - 1));
}

/* A guest node (or a bundle replica's) has no <node> entry whose
 * attributes an edit could set: say so rather than run an edit that
 * fails.  TRUE when key was such an edit. */
static gboolean attrs_nothing_to_edit(CsConsole *console, int key)
{
    const CsAttrList *list = &console->attrs;
    if (list->kind != CS_ATTRS_NODE || (key != 'a' && key != 'U' && key != 'd' && !is_enter(key)))
        return FALSE;
    g_autoptr(GPtrArray) attrs = attrs_read(console, NULL);
    g_autoptr(GPtrArray) facts = attrs_node_facts(console);
    if (attrs != NULL || facts == NULL)
        return FALSE;
    cs_console_say(console, TRUE, "%s has no <node> entry in the configuration: no attribute to set.",
                   list->target);
    return TRUE;
}

gboolean cs_attrs_key(CsConsole *console, int key)
{
    CsAttrList *list = &console->attrs;
    if (list->mode != CS_ATTRS_BROWSE) {
        attrs_type(console, key);
        return TRUE;
    }
    if (key == 27 || key == 'q') {
        cs_attrs_close(console);
        return FALSE;
    }
    if (key == 'u' || key == 18) { /* undo / redo (^R), as in the views */
        cs_console_edit_key(console, key);
        return TRUE;
    }
    if (attrs_nothing_to_edit(console, key))
        return TRUE;
    attrs_browse(console, key);
    return TRUE;
}
