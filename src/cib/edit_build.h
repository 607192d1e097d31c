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

typedef struct CsEdit CsEdit;

typedef struct CsBuild {
    CsEditLog *log;
    CsEdit *edit;
    /* The first id the document's schema refuses (cs_build_check_id):
     * cs_build_commit then fails and rolls back. */
    char *refused_id;
} CsBuild;

CsDocument *cs_edit_log_document(const CsEditLog *log);
/* Holds id for the edit being built, so that cs_unique_id hands it to
 * nobody else before the edit is committed. */
void cs_edit_log_reserve(CsEditLog *log, const char *id);

void cs_build_begin(CsBuild *build, CsEditLog *log, const char *description);
void cs_build_abort(CsBuild *build);
/* Replaces the description given to cs_build_begin (what undo names). */
void cs_build_describe(CsBuild *build, const char *description);
gboolean cs_build_commit(CsBuild *build, GError **error);
/* cs_build_abort, returning FALSE. */
gboolean cs_build_fail(CsBuild *build);

void cs_build_link(CsBuild *build, xmlNode *parent, xmlNode *next, xmlNode *node);
void cs_build_unlink(CsBuild *build, xmlNode *node);
/* Sets (value non-NULL) or removes an attribute of an element. */
void cs_build_attribute(CsBuild *build, xmlNode *element, const char *name, const char *value);
/* The same, a new attribute going before `before` (NULL: last). */
void cs_build_attribute_before(CsBuild *build, xmlNode *element, const char *name,
                               const char *value, xmlAttr *before);
/* Links node under parent before the element `before` (NULL: after the
 * last element), indented like its siblings. */
void cs_build_insert(CsBuild *build, xmlNode *parent, xmlNode *before, xmlNode *node);
/* Unlinks an element with the indentation before it. */
void cs_build_remove(CsBuild *build, xmlNode *node);
/* <configuration>'s child section, created (empty, last) when missing. */
xmlNode *cs_build_section(CsBuild *build, const char *name);

/* base (sanitized as crm_xml_sanitize_id does: ':' and '#' become '.')
 * if free, else base-1, base-2, ...; reserved for the edit being built. */
char *cs_unique_id(CsBuild *build, const char *base);
/* An id made from a name (SETID-NAME) keeps a blank or another character
 * an XML id cannot hold, as crm_attribute's and crm_resource's do: when it
 * goes under parent in the configuration of a CIB that names a schema
 * (validate-with), the schema refuses it, and so the edit is refused at
 * commit, as those tools' updates are; under validate-with="none" it is
 * written as they write it. */
void cs_build_check_id(CsBuild *build, const xmlNode *parent, const char *id);
gboolean cs_id_taken(CsBuild *build, const char *id);

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
char *cs_attribute(const xmlNode *element, const char *name);
xmlNode *cs_new_element(CsBuild *build, const char *name);
/* Sets an attribute of an element not yet in the document. */
void cs_set(xmlNode *element, const char *name, const char *value);
gboolean cs_is_resource_element(const xmlNode *node);
xmlNode *cs_first_child_resource(const xmlNode *resource);
xmlNode *cs_last_element(const xmlNode *parent);
xmlNode *cs_text(CsBuild *build, const char *content);
const char *cs_indent_of(const xmlNode *element);
/* Indents the insides of a new element linked on a line of its own. */
void cs_indent_new(xmlNode *element);
gboolean cs_known_node(const CsDocument *document, const char *name);
/* A direct child of <constraints> with this id. */
xmlNode *cs_constraint(const CsDocument *document, const char *id);
xmlNode *cs_find_node_state(const CsDocument *document, const xmlNode *node);
xmlNode *cs_build_transient_set(CsBuild *build, xmlNode *state, const char *node_id);

/* Errors: each sets *error and returns FALSE. */
gboolean cs_not_found(GError **error, const char *what, const char *id);
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
