/* user_config.h: the user's defaults, $XDG_CONFIG_HOME/cibscope/config
 * (~/.config/cibscope/config when XDG_CONFIG_HOME is unset).
 *
 * One setting a line, "NAME = VALUE"; blank lines and lines starting
 * with '#' are ignored.  The settings:
 *   interval = S        how often the live console polls (seconds,
 *                       0.1 to 3600), as --interval
 *   colour = yes|no     draw in colour (also "color"; no as NO_COLOR)
 *   view = NAME         the view the console opens on: matrix,
 *                       transition, explain, fail-counts, graph, history
 *   pe-inputs = DIR     the pe-input directory of `history` and
 *                       `--history` when they are given none (~/ is
 *                       the home directory)
 * Command-line options override the file.  A line that cannot be read
 * is an error naming the file and the line; a missing file is none.
 */
#ifndef CS_CONFIG_H
#define CS_CONFIG_H

#include <glib.h>

#define CS_CONFIG_ERROR cs_config_error_quark()
GQuark cs_config_error_quark(void);
typedef enum {
    CS_CONFIG_ERROR_READ,   /* the file exists but cannot be read */
    CS_CONFIG_ERROR_SYNTAX, /* not NAME = VALUE */
    CS_CONFIG_ERROR_NAME,   /* no such setting */
    CS_CONFIG_ERROR_VALUE,  /* a value the setting cannot take */
} CsConfigError;

typedef struct CsConfig {
    guint interval_ms; /* 0: not set */
    int colour;        /* -1: not set, 0 no, 1 yes */
    int view;          /* -1: not set, else a CS_VIEW_* index */
    char *pe_inputs;   /* NULL: not set */
} CsConfig;

void cs_config_init(CsConfig *config);
void cs_config_clear(CsConfig *config);

/* $XDG_CONFIG_HOME/cibscope/config (newly allocated). */
char *cs_config_default_path(void);

/* Reads path into config (settings it does not name are left as they
 * are).  A missing file is not an error.  Errors read "PATH:LINE: ...". */
gboolean cs_config_load(CsConfig *config, const char *path, GError **error);
/* The same on text (path only names it in messages). */
gboolean cs_config_parse(CsConfig *config, const char *text, const char *path, GError **error);

/* "2", "0.5": seconds from 0.1 to 3600 as milliseconds; FALSE otherwise
 * (--interval and the interval setting share it). */
gboolean cs_config_parse_seconds(const char *text, guint *out_ms);

/* The index of a view name (matrix 0 .. history 5; "failcounts" too), or
 * -1.  The order is the console's (ui/view.h). */
int cs_config_view_index(const char *name);

#endif
