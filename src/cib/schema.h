/* schema.h: is the CIB one crm_simulate would take?
 *
 * crm_simulate validates a CIB against the schema its validate-with names
 * and refuses it when that fails (Pacemaker Explained 2.1, "Configuration
 * Layout": the cib element's validate-with).  cibscope does the same with
 * libxml2's RelaxNG and Pacemaker's own schema files where they are
 * installed (CS_SCHEMA_DIR, or $CIBSCOPE_SCHEMA_DIR); without them it
 * checks what the engine relies on: ids used once, the attributes an
 * element needs, and the values an enumerated attribute may take.
 */
#ifndef CS_SCHEMA_H
#define CS_SCHEMA_H

#include <glib.h>
#include <libxml/tree.h>

#define CS_SCHEMA_DIR "/usr/share/pacemaker"

/* TRUE when xml is valid as crm_simulate 2.1.5 has it; else FALSE with
 * error (CS_DOCUMENT_ERROR_INVALID) naming the element, its line and the
 * reason, prefixed with name. */
gboolean cs_schema_validate(xmlDoc *xml, const char *name, GError **error);

/* Whether Pacemaker's schema files are where they are looked up. */
gboolean cs_schema_files_installed(void);

/* Where the schema files are looked up (for tests: a folder without them
 * makes the built-in checks run).  NULL: back to the default. */
void cs_schema_set_dir(const char *dir);

#endif
