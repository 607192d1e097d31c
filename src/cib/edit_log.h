/* edit_log.h: the undo log of CIB edits, and the transaction every edit
 * is built in.
 *
 * The log records every node and attribute an edit linked, unlinked or
 * replaced, so that undo puts back the very same nodes: after undo the
 * document serializes to the same bytes as before the edit, and redo to
 * the same bytes as after it.  The clock ("now" for date rules and
 * failure timeouts) lives here too: setting it is not a document edit,
 * but it is undone and redone in the same sequence as the edits around
 * it.  The edits themselves are in edit.h; this header is the floor they
 * stand on, and it knows nothing of them.
 *
 * Ownership: the log keeps the nodes it unlinked (to put them back) and
 * frees them with itself, so free the log before the document.
 */
#ifndef CS_EDIT_LOG_H
#define CS_EDIT_LOG_H

#include <glib.h>
#include <libxml/tree.h>
#include "cib/document.h"
#include "base/iso8601.h"

typedef struct CsEditLog CsEditLog;

#define CS_EDIT_ERROR cs_edit_error_quark()
GQuark cs_edit_error_quark(void);

typedef enum {
    CS_EDIT_ERROR_NOT_FOUND, /* no such resource, node, constraint, rule */
    CS_EDIT_ERROR_INVALID,   /* a value the CIB cannot hold */
    CS_EDIT_ERROR_EXISTS,    /* the id to create is taken */
    CS_EDIT_ERROR_NO_CHANGE, /* nothing to do: the document is unchanged
                                  and nothing was recorded */
} CsEditError;

CsEditLog *cs_edit_log_new(CsDocument *document, CsTime now);
void cs_edit_log_free(CsEditLog *log);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsEditLog, cs_edit_log_free)

/* The clock the log holds (as set by cs_edit_set_time, undo and redo). */
CsTime cs_edit_log_time(const CsEditLog *log);
/* TRUE when the document differs from what was loaded or last saved
 * (clock changes do not count). */
gboolean cs_edit_log_dirty(const CsEditLog *log);
void cs_edit_log_mark_saved(CsEditLog *log);
/* Descriptions of what undo and redo would do next, or NULL. */
const char *cs_edit_log_next_undo(const CsEditLog *log);
const char *cs_edit_log_next_redo(const CsEditLog *log);
/* Number of edits that can be undone / redone. */
guint cs_edit_log_undo_depth(const CsEditLog *log);
guint cs_edit_log_redo_depth(const CsEditLog *log);
/* Forgets the edits that could be redone (a trial taken back must not
 * come back by redo: explain/trial.h). */
void cs_edit_log_drop_redo(CsEditLog *log);
/* A name for the state the document and clock are in: equal names mean
 * the same document, node for node (undo and redo put back the very same
 * nodes), and the same clock.  Unique across logs; a new edit, even one
 * that makes the same change again, gets a new name. */
guint64 cs_edit_log_state(const CsEditLog *log);
/* TRUE when the newest edit in effect changed the document (FALSE for a
 * clock change or when there is none). */
gboolean cs_edit_log_last_is_document(const CsEditLog *log);

/* Where the document changed (by edits, undo and redo) since the last
 * call, which clears it: 0 when it did not.  A model of the document
 * needs rebuilding only as far as the changes reach (the clock is not
 * counted: compare cs_edit_log_time). */
typedef enum {
    CS_EDIT_CHANGED_CONSTRAINTS = 1 << 0,   /* inside <constraints> */
    CS_EDIT_CHANGED_OTHER = 1 << 1,         /* anywhere not listed here */
    CS_EDIT_CHANGED_NODES = 1 << 2,         /* inside <configuration><nodes> */
    CS_EDIT_CHANGED_STATUS = 1 << 3,        /* inside a node_state's
                                               <transient_attributes> */
    CS_EDIT_CHANGED_RESOURCE_META = 1 << 4, /* inside the <meta_attributes>,
                                               <instance_attributes>,
                                               <utilization> or
                                               <operations> of a
                                               primitive, group or clone
                                               (of the resource tree), or
                                               its own attributes */
    CS_EDIT_CHANGED_RSC_DEFAULTS = 1 << 5,  /* inside <rsc_defaults>, or the
                                               section itself */
    CS_EDIT_CHANGED_TICKETS = 1 << 6,       /* inside the status section's
                                               <tickets>, or it itself */
    CS_EDIT_CHANGED_OPTIONS = 1 << 7,       /* inside <crm_config> */
    CS_EDIT_CHANGED_OP_DEFAULTS = 1 << 8,   /* inside <op_defaults>, or the
                                               section itself */
    CS_EDIT_CHANGED_NODE_STATES = 1 << 9,   /* a <node_state> linked or
                                               unlinked under <status>, or
                                               its own attributes */
    CS_EDIT_CHANGED_RESOURCE_TREE = 1 << 10, /* a primitive, group, clone or
                                                master linked or unlinked
                                                under <resources> or under
                                                one of those (resource add
                                                and remove, group add and
                                                remove, clone, edit ID) */
} CsEditChanges;
guint cs_edit_log_take_changes(CsEditLog *log);
/* The resource elements whose own meta_attributes changed
 * (CS_EDIT_CHANGED_RESOURCE_META) since the last take of either; a new
 * array of xmlNode*, any order.  Take it before the changes, which clear
 * it. */
GPtrArray *cs_edit_log_take_meta_resources(CsEditLog *log);
/* The elements directly under <constraints> that were linked, unlinked
 * or changed inside (CS_EDIT_CHANGED_CONSTRAINTS) since the last take of
 * either; a new array of xmlNode*, any order, some perhaps out of the
 * document now (compare them, never read them).  Take it before the
 * changes, which clear it. */
GPtrArray *cs_edit_log_take_constraints(CsEditLog *log);

/* Undo or redo one edit; FALSE when there is nothing to undo / redo. */
gboolean cs_edit_undo(CsEditLog *log);
gboolean cs_edit_redo(CsEditLog *log);

/* The id Pacemaker's tools would give: ':' and '#' become '.' (as
 * crm_xml_sanitize_id does).  Newly allocated. */
char *cs_edit_sanitize_id(const char *id);
/* TRUE when id is one the CIB schema accepts for a new element (an XML
 * name without ':'; ids already in a document are used as they are). */
gboolean cs_edit_valid_id(const char *id);

/* The clock moves on by itself (a live session follows the wall clock):
 * not an edit, nothing to undo.  Does nothing and returns FALSE when a
 * clock edit is in effect (the operator's clock wins) or now is the
 * clock already.  Every state gets a new name (cs_edit_log_state). */
gboolean cs_edit_log_set_now(CsEditLog *log, CsTime now);
/* A clock edit (cs_edit_set_time) is in effect. */
gboolean cs_edit_log_clock_edited(const CsEditLog *log);

/* Set the clock. */
gboolean cs_edit_set_time(CsEditLog *log, CsTime now, GError **error);

/* ---- building an edit (for the files that define edits: src/cib) ---- *
 * An edit is built between cs_build_begin and cs_build_commit (or
 * cs_build_fail / cs_build_abort, which roll back every step): each
 * cs_build_* call is applied at once and recorded as a step that undo
 * and redo replay.  Elements made with cs_new_element and filled with
 * cs_set before they are linked need no steps of their own. */

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

/* Small document helpers the log itself needs. */
char *cs_attribute(const xmlNode *element, const char *name);
xmlNode *cs_new_element(CsBuild *build, const char *name);
/* Sets an attribute of an element not yet in the document. */
void cs_set(xmlNode *element, const char *name, const char *value);
xmlNode *cs_last_element(const xmlNode *parent);
xmlNode *cs_text(CsBuild *build, const char *content);
const char *cs_indent_of(const xmlNode *element);
/* Indents the insides of a new element linked on a line of its own. */
void cs_indent_new(xmlNode *element);

#endif
