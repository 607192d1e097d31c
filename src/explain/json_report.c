/* json_report.c: why and history as JSON, read back from their text
 * (json_report.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "explain/json_report.h"
#include "explain/history.h"
#include "explain/json.h"
#include "explain/version.h"
#include "base/score.h"

/* One section of a step: its heading ("Placement") and its lines, the
 * two-space indent taken off. */
typedef struct Section {
    char *name;
    GPtrArray *lines;
} Section;

static void section_free(gpointer data)
{
    Section *section = data;
    g_free(section->name);
    g_ptr_array_unref(section->lines);
    g_free(section);
}

typedef struct Step {
    char *from, *to;
    GPtrArray *notes;    /* char*: lines outside any section */
    GPtrArray *sections; /* Section*, in order */
} Step;

static void step_clear(Step *step)
{
    g_free(step->from);
    g_free(step->to);
    g_ptr_array_unref(step->notes);
    g_ptr_array_unref(step->sections);
}

/* A heading: "Placement:" at the start of the line, one word or more
 * without a further colon. */
static gboolean is_heading(const char *line)
{
    gsize length = strlen(line);
    return length > 1 && line[0] != ' ' && line[length - 1] == ':'
           && strchr(line, ':') == line + length - 1;
}

static void step_read(Step *step, const char *text)
{
    step->notes = g_ptr_array_new_with_free_func(g_free);
    step->sections = g_ptr_array_new_with_free_func(section_free);
    Section *current = NULL;
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (char **cursor = lines; *cursor != NULL; cursor++) {
        const char *line = *cursor;
        if (*line == '\0')
            continue;
        if (g_str_has_prefix(line, "From ") && step->from == NULL) {
            step->from = g_strdup(line + 5);
        } else if (g_str_has_prefix(line, "  to ") && step->to == NULL && current == NULL) {
            step->to = g_strdup(line + 5);
        } else if (is_heading(line)) {
            current = g_new0(Section, 1);
            current->name = g_strndup(line, strlen(line) - 1);
            current->lines = g_ptr_array_new_with_free_func(g_free);
            g_ptr_array_add(step->sections, current);
        } else if (current != NULL && g_str_has_prefix(line, "  ")) {
            g_ptr_array_add(current->lines, g_strdup(line + 2));
        } else {
            current = NULL;
            g_ptr_array_add(step->notes, g_strdup(line));
        }
    }
}

static void json_lines(GString *out, const GPtrArray *lines, gboolean (*keep)(const char *),
                       const char *(*text)(const char *))
{
    g_string_append_c(out, '[');
    gboolean first = TRUE;
    for (guint i = 0; i < lines->len; i++) {
        const char *line = g_ptr_array_index(lines, i);
        if (keep != NULL && !keep(line))
            continue;
        if (!first)
            g_string_append_c(out, ',');
        first = FALSE;
        cs_json_string(out, text != NULL ? text(line) : line);
    }
    g_string_append_c(out, ']');
}

/* Transition: "* Stop web ( node2 )  due to ..." lines; "nothing to do"
 * is none. */
static gboolean is_action(const char *line)
{
    return g_str_has_prefix(line, "* ");
}

static const char *action_text(const char *line)
{
    return line + 2;
}

/* Placement: "web: stops" then the lines that explain it, indented; a
 * line naming no resource ("nothing starts, stops or moves") has none. */
static void json_placement(GString *out, const GPtrArray *lines)
{
    g_string_append_c(out, '[');
    gboolean open = FALSE;
    for (guint i = 0; i < lines->len; i++) {
        const char *line = g_ptr_array_index(lines, i);
        if (line[0] == ' ' && open) {
            const char *detail = line;
            while (*detail == ' ')
                detail++;
            g_string_append_printf(out, "%s", out->str[out->len - 1] == '[' ? "" : ",");
            g_string_append_printf(out, "{\"depth\":%d,\"text\":", (int)(detail - line) / 2);
            cs_json_string(out, detail);
            g_string_append_c(out, '}');
            continue;
        }
        if (open)
            g_string_append(out, "]},");
        const char *colon = strstr(line, ": ");
        g_autofree char *resource =
            colon != NULL ? g_strndup(line, (gsize)(colon - line)) : g_strdup(line);
        g_string_append(out, "{\"resource\":");
        if (colon != NULL)
            cs_json_string(out, resource);
        else
            g_string_append(out, "null");
        g_string_append(out, ",\"change\":");
        cs_json_string(out, colon != NULL ? colon + 2 : line);
        g_string_append(out, ",\"details\":[");
        open = TRUE;
    }
    g_string_append(out, open ? "]}]" : "]");
}

/* "Placement" -> "placement", "Node events" -> "node_events". */
static char *field_name(const char *heading)
{
    char *name = g_ascii_strdown(heading, -1);
    for (char *c = name; *c != '\0'; c++)
        if (!g_ascii_isalnum(*c))
            *c = '_';
    return name;
}

void cs_json_report_step(GString *out, const char *text)
{
    Step step = {0};
    step_read(&step, text);
    g_string_append(out, "\"from\":");
    if (step.from != NULL)
        cs_json_string(out, step.from);
    else
        g_string_append(out, "null");
    g_string_append(out, ",\"to\":");
    if (step.to != NULL)
        cs_json_string(out, step.to);
    else
        g_string_append(out, "null");
    g_string_append(out, ",\"notes\":");
    json_lines(out, step.notes, NULL, NULL);
    for (guint i = 0; i < step.sections->len; i++) {
        const Section *section = g_ptr_array_index(step.sections, i);
        g_autofree char *name = field_name(section->name);
        g_string_append_c(out, ',');
        cs_json_string(out, name);
        g_string_append_c(out, ':');
        if (strcmp(name, "placement") == 0)
            json_placement(out, section->lines);
        else if (strcmp(name, "transition") == 0)
            json_lines(out, section->lines, is_action, action_text);
        else
            json_lines(out, section->lines, NULL, NULL);
    }
    step_clear(&step);
}

/* ---- the commands ---------------------------------------------------------- */

enum { EXIT_USAGE = 1, EXIT_INPUT = 2, EXIT_UNSUPPORTED = 3 };

/* --time: NULL when not given; FALSE (said on stderr) when unreadable. */
static gboolean read_time(const char *time_text, CsTime *now, const CsTime **given)
{
    g_autoptr(GError) error = NULL;
    *given = NULL;
    if (time_text == NULL)
        return TRUE;
    if (!cs_time_parse(time_text, now, &error)) {
        fprintf(stderr, "cibscope: --time '%s': %s\n", time_text, error->message);
        return FALSE;
    }
    *given = now;
    return TRUE;
}

static void json_head(GString *out, const char *command)
{
    g_string_append(out, "{\"cibscope\":");
    cs_json_string(out, PACKAGE_VERSION);
    g_string_append(out, ",\"pacemaker\":");
    cs_json_string(out, CS_MODELLED_PACEMAKER);
    g_string_append_printf(out, ",\"infinity\":%d,\"command\":", CS_INFINITY);
    cs_json_string(out, command);
}

static int print_json(GString *out, int status)
{
    g_string_append(out, "}\n");
    fputs(out->str, stdout);
    if (fflush(stdout) != 0)
        return EXIT_INPUT;
    if (status == EXIT_UNSUPPORTED)
        fprintf(stderr, "cibscope: not modelled yet: some steps could not be solved\n");
    return status;
}

int cs_json_why_run(const char *before_path, const char *after_path, const char *time_text)
{
    CsTime now;
    const CsTime *given;
    if (!read_time(time_text, &now, &given))
        return EXIT_USAGE;
    const char *paths[2] = {before_path, after_path};
    CsDocument *documents[2] = {NULL, NULL};
    int status = 0;
    for (int i = 0; i < 2 && status == 0; i++) {
        g_autoptr(GError) error = NULL;
        documents[i] = cs_document_load(paths[i], &error);
        if (documents[i] == NULL) {
            fprintf(stderr, "cibscope: %s\n", error->message);
            status = EXIT_INPUT;
        }
    }
    if (status == 0) {
        g_autoptr(GString) text = g_string_new(NULL);
        status = cs_why_report(documents[0], documents[1], given, text);
        g_autoptr(GString) out = g_string_new(NULL);
        json_head(out, "why");
        g_string_append_c(out, ',');
        cs_json_report_step(out, text->str);
        status = print_json(out, status);
    }
    for (int i = 0; i < 2; i++)
        g_clear_pointer(&documents[i], cs_document_free);
    return status;
}

/* "== pe-input-2.bz2 ==" */
static char *step_name(const char *line)
{
    gsize length = strlen(line);
    if (length < 7 || !g_str_has_prefix(line, "== ") || !g_str_has_suffix(line, " =="))
        return NULL;
    return g_strndup(line + 3, length - 6);
}

static void json_steps(GString *out, const char *text)
{
    g_string_append(out, ",\"steps\":[");
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    g_autoptr(GString) body = g_string_new(NULL);
    char *name = NULL;
    for (char **cursor = lines;; cursor++) {
        g_autofree char *next = *cursor != NULL ? step_name(*cursor) : NULL;
        if (*cursor != NULL && next == NULL) {
            g_string_append_printf(body, "%s\n", *cursor);
            continue;
        }
        if (name != NULL) {
            g_string_append_printf(out, "%s{\"file\":", out->str[out->len - 1] == '[' ? "" : ",");
            cs_json_string(out, name);
            g_string_append_c(out, ',');
            cs_json_report_step(out, body->str);
            g_string_append_c(out, '}');
        }
        g_free(name);
        name = g_steal_pointer(&next);
        g_string_truncate(body, 0);
        if (*cursor == NULL)
            break;
    }
    g_free(name);
    g_string_append_c(out, ']');
}

int cs_json_history_run(const char *dir, const char *time_text)
{
    CsTime now;
    const CsTime *given;
    if (!read_time(time_text, &now, &given))
        return EXIT_USAGE;
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    int status = cs_history_report(dir, given, text, &error);
    if (status < 0) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return EXIT_INPUT;
    }
    g_autoptr(GString) out = g_string_new(NULL);
    json_head(out, "history");
    g_string_append(out, ",\"dir\":");
    cs_json_string(out, dir);
    json_steps(out, text->str);
    return print_json(out, status);
}
