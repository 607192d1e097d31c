/* edit_build.h: the building blocks of edits, shared by the files that
 * define edits (edit.c and edit_*.c); not for use outside src/cib.
 *
 * An edit is built between cs_build_begin and cs_build_commit (or
 * cs_build_fail / cs_build_abort, which roll back every step): each
 * cs_build_* call below is applied at once and recorded as a step that
 * undo and redo replay.  Elements made with cs_new_element and filled
 * with cs_set before they are linked need no steps of their own.
 */
#ifndef CS_EDIT_BUILD_H
#define CS_EDIT_BUILD_H

#include "base/error.h"
#include "cib/edit.h"

/* <configuration>'s child section, created (empty, last) when missing. */
xmlNode *cs_build_section(CsBuild *build, const char *name);



/* nvpair sets: the first set named set_name under parent without a rule;
 * that set, created with id set_id (made unique) before `before` when
 * missing; name=value set in a set (a new nvpair is SETID-NAME); every
 * nvpair named name removed from rule-less sets (returns how many). */
xmlNode *cs_plain_set(const xmlNode *parent, const char *set_name);
xmlNode *cs_find_nvpair(const xmlNode *set, const char *name);
xmlNode *cs_build_set(CsBuild *build, xmlNode *parent, const char *set_name, const char *set_id,
                      xmlNode *before);
void cs_build_nvpair(CsBuild *build, xmlNode *set, const char *name, const char *value);
guint cs_build_unset(CsBuild *build, xmlNode *parent, const char *set_name, const char *name);

/* crm_attribute --type SECTION on the edit being built (cs_edit_option);
 * FALSE when a deletion finds nothing. */
gboolean cs_build_option(CsBuild *build, CsEditOptionSection section, const char *name,
                         const char *value);

/* Small document helpers. */
gboolean cs_is_element(const xmlNode *node, const char *name);
xmlNode *cs_child_named(const xmlNode *parent, const char *name);
gboolean cs_attribute_is(const xmlNode *element, const char *name, const char *value);
gboolean cs_is_resource_element(const xmlNode *node);
xmlNode *cs_first_child_resource(const xmlNode *resource);
gboolean cs_known_node(const CsDocument *document, const char *name);
/* A direct child of <constraints> with this id. */
xmlNode *cs_constraint(const CsDocument *document, const char *id);
xmlNode *cs_find_node_state(const CsDocument *document, const xmlNode *node);
xmlNode *cs_build_transient_set(CsBuild *build, xmlNode *state, const char *node_id);

/* Errors: each sets *error and returns FALSE. */
gboolean cs_not_found(GError **error, const char *what, const char *id);
/* No <node> entry named node: "no node 'X'", or for a remote or guest
 * node the configuration knows only from its resources, that it has no
 * entry, which the edit needs. */
gboolean cs_node_not_found(const CsDocument *document, const char *node, GError **error);
/* cs_invalid(error, FORMAT, ...): CS_EDIT_ERROR_INVALID with that message. */
#define cs_invalid(error, ...)                                                                     \
    cs_error_fail((error), CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID, __VA_ARGS__)
/* A new constraint's id is valid and free, and its score a score. */
gboolean cs_check_new_constraint(CsEditLog *log, const char *id, const char *score, GError **error);
/* rsc names a resource of the document. */
gboolean cs_need_resource(CsEditLog *log, const char *rsc, GError **error);
/* A new constraint element TAG with its id, not linked yet (the caller
 * sets the rest, then hands it to cs_add_constraint). */
xmlNode *cs_new_constraint(CsEditLog *log, const char *tag, const char *id);
/* Links a new constraint last in <constraints> and commits. */
gboolean cs_add_constraint(CsEditLog *log, const char *description, xmlNode *constraint,
                           GError **error);

#endif
