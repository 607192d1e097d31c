/* user_config.c: the user's defaults (user_config.h). */
#include <string.h>

#include "explain/user_config.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-config-error-quark, cs_config_error)
/* clang-format on */

/* The console's views, in ui/view.h's order. */
static const char *const view_names[] = {
    "matrix", "transition", "explain", "fail-counts", "graph", "history", "timeline",
};

void cs_config_init(CsConfig *config)
{
    config->interval_ms = 0;
    config->colour = -1;
    config->view = -1;
    config->pe_inputs = NULL;
}

void cs_config_clear(CsConfig *config)
{
    g_clear_pointer(&config->pe_inputs, g_free);
    cs_config_init(config);
}

char *cs_config_default_path(void)
{
    return g_build_filename(g_get_user_config_dir(), "cibscope", "config", NULL);
}

gboolean cs_config_parse_seconds(const char *text, guint *out_ms)
{
    char *end = NULL;
    double seconds = g_ascii_strtod(text, &end);
    if (end == text || *end != '\0' || !(seconds >= 0.1 && seconds <= 3600))
        return FALSE;
    *out_ms = (guint)(seconds * 1000);
    return TRUE;
}

int cs_config_view_index(const char *name)
{
    if (strcmp(name, "failcounts") == 0)
        name = "fail-counts";
    for (gsize i = 0; i < G_N_ELEMENTS(view_names); i++)
        if (strcmp(name, view_names[i]) == 0)
            return (int)i;
    return -1;
}

static int parse_yes_no(const char *value)
{
    static const char *const yes[] = {"yes", "on", "true", "1"};
    static const char *const no[] = {"no", "off", "false", "0"};
    for (gsize i = 0; i < G_N_ELEMENTS(yes); i++) {
        if (g_ascii_strcasecmp(value, yes[i]) == 0)
            return 1;
        if (g_ascii_strcasecmp(value, no[i]) == 0)
            return 0;
    }
    return -1;
}

static gboolean bad_value(GError **error, const char *where, const char *name, const char *value,
                          const char *wanted)
{
    g_set_error(error, CS_CONFIG_ERROR, CS_CONFIG_ERROR_VALUE, "%s: %s: '%s' is not %s", where,
                name, value, wanted);
    return FALSE;
}

/* One "NAME = VALUE" setting; where is "PATH:LINE". */
static gboolean apply_setting(CsConfig *config, const char *name, const char *value,
                              const char *where, GError **error)
{
    if (strcmp(name, "interval") == 0) {
        if (!cs_config_parse_seconds(value, &config->interval_ms))
            return bad_value(error, where, name, value, "a number of seconds from 0.1 to 3600");
    } else if (strcmp(name, "colour") == 0 || strcmp(name, "color") == 0) {
        config->colour = parse_yes_no(value);
        if (config->colour < 0)
            return bad_value(error, where, name, value, "yes or no");
    } else if (strcmp(name, "view") == 0) {
        config->view = cs_config_view_index(value);
        if (config->view < 0)
            return bad_value(error, where, name, value,
                             "a view: matrix, transition, explain, fail-counts, graph or history");
    } else if (strcmp(name, "pe-inputs") == 0) {
        if (*value == '\0')
            return bad_value(error, where, name, value, "a directory");
        g_free(config->pe_inputs);
        config->pe_inputs = g_str_has_prefix(value, "~/")
                                ? g_build_filename(g_get_home_dir(), value + 2, NULL)
                                : g_strdup(value);
    } else {
        g_set_error(error, CS_CONFIG_ERROR, CS_CONFIG_ERROR_NAME,
                    "%s: unknown setting '%s' (interval, colour, view, pe-inputs)", where, name);
        return FALSE;
    }
    return TRUE;
}

gboolean cs_config_parse(CsConfig *config, const char *text, const char *path, GError **error)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (int i = 0; lines[i] != NULL; i++) {
        char *line = g_strstrip(lines[i]);
        if (*line == '\0' || *line == '#')
            continue;
        g_autofree char *where = g_strdup_printf("%s:%d", path, i + 1);
        char *equals = strchr(line, '=');
        if (equals == NULL || equals == line) {
            g_set_error(error, CS_CONFIG_ERROR, CS_CONFIG_ERROR_SYNTAX,
                        "%s: expected NAME = VALUE, not '%s'", where, line);
            return FALSE;
        }
        *equals = '\0';
        if (!apply_setting(config, g_strstrip(line), g_strstrip(equals + 1), where, error))
            return FALSE;
    }
    return TRUE;
}

gboolean cs_config_load(CsConfig *config, const char *path, GError **error)
{
    g_autofree char *text = NULL;
    g_autoptr(GError) local = NULL;
    if (!g_file_get_contents(path, &text, NULL, &local)) {
        if (g_error_matches(local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
            return TRUE;
        g_set_error(error, CS_CONFIG_ERROR, CS_CONFIG_ERROR_READ, "%s", local->message);
        return FALSE;
    }
    return cs_config_parse(config, text, path, error);
}
