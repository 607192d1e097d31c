/* edit.c: object-level edits of the CIB document, with undo and redo.
 *
 * An edit is a list of steps, each applied as it is recorded: link a node
 * under a parent before a sibling, unlink a node, or swap one attribute
 * node for another.  Undo runs the steps backwards, redo forwards.  The
 * steps hold the very nodes they moved, so undo does not rebuild anything:
 * the document gets back the nodes it had, and serializes to the bytes it
 * had.  Nodes are linked by hand rather than with xmlAddPrevSibling and
 * friends because those merge adjacent text nodes, freeing the one we
 * would need to unlink later.
 */
#include "cib/edit.h"
#include "cib/edit_build.h"

#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK(cs-edit-error-quark, cs_edit_error)

typedef enum {
    CS_STEP_LINK,        /* node linked under parent before next */
    CS_STEP_UNLINK,      /* node unlinked from under parent before next */
    CS_STEP_ATTRIBUTE,   /* on element, attribute old replaced by new */
} CsStepKind;

typedef struct CsStep {
    CsStepKind kind;
    xmlNode *node;          /* linked or unlinked node; the element */
    xmlNode *parent;
    xmlNode *next;          /* NULL: last child */
    xmlAttr *old_attr, *new_attr;   /* either may be NULL (absent) */
} CsStep;

typedef struct CsEdit {
    char *description;
    GPtrArray *steps;       /* CsStep*, in the order applied */
    gboolean clock;         /* a clock change, not a document edit */
    CsTime clock_before, clock_after;
    guint64 state;          /* names the state this edit leaves */
} CsEdit;

struct CsEditLog {
    CsDocument *document;
    CsTime now;
    GPtrArray *edits;       /* CsEdit*, oldest first */
    guint applied;          /* edits[0, applied) are in effect */
    gint saved;             /* `applied` when last saved; -1: state lost */
    GHashTable *reserved;   /* ids handed out to the edit being built */
    guint changes;          /* CsEditChanges since cs_edit_log_take_changes */
    GHashTable *meta_owners;    /* set of resource elements: RESOURCE_META */
    GHashTable *constraint_tops;    /* set of <constraints> children: CONSTRAINTS */
    guint64 base_state;     /* names the state before edits[0] */
};

/* Every state a log can be in gets a name no other log's state has, so
 * that a name kept with a model still means that state after the log is
 * replaced (cs_edit_log_state). */
static guint64 cs_edit_next_state(void)
{
    static guint64 last;
    return __atomic_add_fetch(&last, 1, __ATOMIC_RELAXED);
}

/* ---- linking nodes ---------------------------------------------------- */

static void cs_link_node(xmlNode *parent, xmlNode *next, xmlNode *node)
{
    node->parent = parent;
    node->next = next;
    node->prev = next != NULL ? next->prev : parent->last;
    if (node->prev != NULL)
        node->prev->next = node;
    else
        parent->children = node;
    if (next != NULL)
        next->prev = node;
    else
        parent->last = node;
}

static void cs_link_attribute(xmlNode *element, xmlAttr *next, xmlAttr *attr)
{
    xmlAttr *prev = NULL;

    if (next != NULL) {
        prev = next->prev;
    } else {
        for (prev = element->properties; prev != NULL && prev->next != NULL;
             prev = prev->next)
            ;
    }
    attr->parent = element;
    attr->next = next;
    attr->prev = prev;
    if (prev != NULL)
        prev->next = attr;
    else
        element->properties = attr;
    if (next != NULL)
        next->prev = attr;
}

/* Puts `incoming` where `outgoing` was (or last); either may be NULL. */
static void cs_swap_attribute(xmlNode *element, xmlAttr *outgoing,
                              xmlAttr *incoming)
{
    xmlAttr *next = NULL;

    if (outgoing != NULL) {
        next = outgoing->next;
        xmlUnlinkNode((xmlNode *)outgoing);
    }
    if (incoming != NULL)
        cs_link_attribute(element, next, incoming);
}

/* An attribute node not yet linked, its value taken literally (no entity
 * parsing, unlike xmlNewDocProp). */
static xmlAttr *cs_new_attribute(xmlDoc *doc, const char *name, const char *value)
{
    xmlAttr *attr = xmlNewDocProp(doc, BAD_CAST name, NULL);
    xmlNode *text = xmlNewDocText(doc, BAD_CAST value);

    attr->children = attr->last = text;
    text->parent = (xmlNode *)attr;
    return attr;
}

static void cs_step_forward(const CsStep *step)
{
    switch (step->kind) {
    case CS_STEP_LINK:
        cs_link_node(step->parent, step->next, step->node);
        break;
    case CS_STEP_UNLINK:
        xmlUnlinkNode(step->node);
        break;
    case CS_STEP_ATTRIBUTE:
        cs_swap_attribute(step->node, step->old_attr, step->new_attr);
        break;
    }
}

static void cs_step_backward(const CsStep *step)
{
    switch (step->kind) {
    case CS_STEP_LINK:
        xmlUnlinkNode(step->node);
        break;
    case CS_STEP_UNLINK:
        cs_link_node(step->parent, step->next, step->node);
        break;
    case CS_STEP_ATTRIBUTE:
        cs_swap_attribute(step->node, step->new_attr, step->old_attr);
        break;
    }
}

/* ---- where an edit reached ----------------------------------------------
 * The model is read from the document section by section; an edit that
 * stays inside some of them lets the session read only what depends on
 * those (cs_model_rebuild).  Every step is placed as narrowly as it can
 * be; anything not recognised is CS_EDIT_CHANGED_OTHER. */

static gboolean cs_named(const xmlNode *node, const char *name)
{
    return node != NULL && node->type == XML_ELEMENT_NODE
           && xmlStrEqual(node->name, BAD_CAST name);
}

static gboolean cs_is_root(const xmlNode *node)
{
    return node != NULL && node->type == XML_ELEMENT_NODE && node->parent != NULL
           && node->parent->type == XML_DOCUMENT_NODE;
}

/* The resource elements cs_model_rebuild() reads again alone (not
 * bundles). */
static gboolean cs_is_meta_resource(const xmlNode *node)
{
    return cs_named(node, "primitive") || cs_named(node, "group")
           || cs_named(node, "clone") || cs_named(node, "master");
}

/* The resource whose own <meta_attributes>, <utilization> or
 * <instance_attributes> holds node (or is node), with nothing but
 * resources between it and <resources>; else NULL.  (Utilization is read
 * with the resource and nothing in the status depends on it, so
 * re-reading the resource follows it too; operation digests depend on
 * instance attributes, so the rebuild reads the status again when they
 * changed.) */
static xmlNode *cs_meta_owner(const xmlNode *node, const xmlNode *parent)
{
    while (parent != NULL && !cs_named(node, "meta_attributes")
           && !cs_named(node, "utilization") && !cs_named(node, "instance_attributes")) {
        node = parent;
        parent = parent->parent;
    }
    if (parent == NULL || !cs_is_meta_resource(parent))
        return NULL;
    xmlNode *owner = (xmlNode *)parent;
    for (; cs_is_meta_resource(parent); parent = parent->parent)
        ;
    return cs_named(parent, "resources") && cs_named(parent->parent, "configuration")
           && cs_is_root(parent->parent->parent) ? owner : NULL;
}

/* Whether node is inside (or is) a node_state's <transient_attributes>. */
static gboolean cs_in_transient(const xmlNode *node, const xmlNode *parent)
{
    while (parent != NULL && !cs_named(node, "transient_attributes")) {
        node = parent;
        parent = parent->parent;
    }
    return cs_named(parent, "node_state") && cs_named(parent->parent, "status")
           && cs_is_root(parent->parent->parent);
}

/* Whether node is the status section's <tickets> or inside it. */
static gboolean cs_in_tickets(const xmlNode *node, const xmlNode *parent)
{
    while (parent != NULL && !cs_named(node, "tickets")) {
        node = parent;
        parent = parent->parent;
    }
    return cs_named(parent, "status") && cs_is_root(parent->parent);
}

/* Where a change at node (linked or unlinked under parent, or whose
 * attributes changed, parent being its own) falls.  Text and comments
 * mean nothing to the model. */
static CsEditChanges cs_change_place(const xmlNode *node, const xmlNode *parent,
                                     xmlNode **meta_owner)
{
    if (node->type != XML_ELEMENT_NODE)
        return 0;
    /* the top-level section: the child of <configuration>, or of <cib> */
    const xmlNode *section = node;
    for (const xmlNode *up = parent; up != NULL; section = up, up = up->parent) {
        if (cs_named(up, "configuration") && cs_is_root(up->parent))
            break;
        if (cs_is_root(up)) {
            if (cs_named(section, "status") && cs_in_transient(node, parent))
                return CS_EDIT_CHANGED_STATUS;
            if (cs_named(section, "status") && cs_in_tickets(node, parent))
                return CS_EDIT_CHANGED_TICKETS;
            return CS_EDIT_CHANGED_OTHER;
        }
    }
    /* A section itself, linked or unlinked under <configuration>: the
     * first rsc_defaults or op_defaults edit adds that one. */
    if (section == node && parent != NULL && cs_named(node, "op_defaults"))
        return CS_EDIT_CHANGED_OP_DEFAULTS;
    if (section == node)
        return parent != NULL && cs_named(node, "rsc_defaults")
               ? CS_EDIT_CHANGED_RSC_DEFAULTS : CS_EDIT_CHANGED_OTHER;
    if (section->parent == NULL)
        return CS_EDIT_CHANGED_OTHER;   /* out of the document */
    if (cs_named(section, "rsc_defaults"))
        return CS_EDIT_CHANGED_RSC_DEFAULTS;
    if (cs_named(section, "constraints"))
        return CS_EDIT_CHANGED_CONSTRAINTS;
    if (cs_named(section, "nodes"))
        return CS_EDIT_CHANGED_NODES;
    if (cs_named(section, "crm_config"))
        return CS_EDIT_CHANGED_OPTIONS;
    if (cs_named(section, "op_defaults"))
        return CS_EDIT_CHANGED_OP_DEFAULTS;
    if (cs_named(section, "resources")) {
        *meta_owner = cs_meta_owner(node, parent);
        if (*meta_owner != NULL)
            return CS_EDIT_CHANGED_RESOURCE_META;
    }
    return CS_EDIT_CHANGED_OTHER;
}

/* The element directly under <constraints> that holds node (or is node,
 * parent being node's parent): node is known to be inside <constraints>. */
static xmlNode *cs_constraint_top(xmlNode *node, xmlNode *parent)
{
    while (!cs_named(parent, "constraints")) {
        node = parent;
        parent = parent->parent;
    }
    return node;
}

/* Records where a step (about to be applied either way) changes the
 * document: a link or unlink changes its parent's children, an attribute
 * its element. */
static void cs_log_note_step(CsEditLog *log, const CsStep *step)
{
    xmlNode *owner = NULL;
    xmlNode *parent = step->kind == CS_STEP_ATTRIBUTE ? step->node->parent : step->parent;
    CsEditChanges place = cs_change_place(step->node, parent, &owner);

    log->changes |= place;
    if (owner != NULL)
        g_hash_table_add(log->meta_owners, owner);
    if (place == CS_EDIT_CHANGED_CONSTRAINTS)
        g_hash_table_add(log->constraint_tops, cs_constraint_top(step->node, parent));
}

guint cs_edit_log_take_changes(CsEditLog *log)
{
    guint changes = log->changes;

    log->changes = 0;
    g_hash_table_remove_all(log->meta_owners);
    g_hash_table_remove_all(log->constraint_tops);
    return changes;
}

/* The keys of set, which is emptied, as a new array. */
static GPtrArray *cs_take_set(GHashTable *set)
{
    GPtrArray *keys = g_ptr_array_sized_new(g_hash_table_size(set));
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init(&iter, set);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        g_ptr_array_add(keys, key);
    g_hash_table_remove_all(set);
    return keys;
}

GPtrArray *cs_edit_log_take_constraints(CsEditLog *log)
{
    return cs_take_set(log->constraint_tops);
}

GPtrArray *cs_edit_log_take_meta_resources(CsEditLog *log)
{
    return cs_take_set(log->meta_owners);
}

/* ---- edits and their memory ------------------------------------------- */

static CsEdit *cs_edit_new(const char *description)
{
    CsEdit *edit = g_new0(CsEdit, 1);

    edit->description = g_strdup(description);
    edit->steps = g_ptr_array_new_with_free_func(g_free);
    return edit;
}

/* Collects the nodes an edit holds that are out of the document now:
 * those are the log's to free.  A set, because two edits can hold the
 * same node (one adds a constraint, a later one removes it). */
static void cs_edit_collect_detached(const CsEdit *edit, GHashTable *nodes,
                                     GHashTable *attrs)
{
    for (guint i = 0; i < edit->steps->len; i++) {
        const CsStep *step = g_ptr_array_index(edit->steps, i);
        if (step->kind != CS_STEP_ATTRIBUTE) {
            if (step->node->parent == NULL)
                g_hash_table_add(nodes, step->node);
            continue;
        }
        if (step->old_attr != NULL && step->old_attr->parent == NULL)
            g_hash_table_add(attrs, step->old_attr);
        if (step->new_attr != NULL && step->new_attr->parent == NULL)
            g_hash_table_add(attrs, step->new_attr);
    }
}

static void cs_edit_free(CsEdit *edit)
{
    g_ptr_array_unref(edit->steps);
    g_free(edit->description);
    g_free(edit);
}

/* Forgets, in the sets to free, what keep holds: a node or attribute
 * that an undone edit and the edit just made both hold (the same
 * constraint removed again after an undo, the same score set twice) is
 * out of the document because keep took it out, and keep needs it. */
static void cs_edit_spare(const CsEdit *keep, GHashTable *nodes, GHashTable *attrs)
{
    for (guint i = 0; keep != NULL && i < keep->steps->len; i++) {
        const CsStep *step = g_ptr_array_index(keep->steps, i);
        g_hash_table_remove(nodes, step->node);
        g_hash_table_remove(attrs, step->old_attr);
        g_hash_table_remove(attrs, step->new_attr);
    }
}

/* Frees edits[from, len) and what they hold outside the document, except
 * what keep (the edit being recorded, or NULL) holds. */
static void cs_edit_log_truncate(CsEditLog *log, guint from, const CsEdit *keep)
{
    g_autoptr(GHashTable) nodes = g_hash_table_new(NULL, NULL);
    g_autoptr(GHashTable) attrs = g_hash_table_new(NULL, NULL);
    GHashTableIter iter;
    gpointer key;

    for (guint i = from; i < log->edits->len; i++)
        cs_edit_collect_detached(g_ptr_array_index(log->edits, i), nodes, attrs);
    cs_edit_spare(keep, nodes, attrs);
    g_hash_table_iter_init(&iter, nodes);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        xmlFreeNode(key);
    g_hash_table_iter_init(&iter, attrs);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        xmlFreeProp(key);
    for (guint i = from; i < log->edits->len; i++)
        cs_edit_free(g_ptr_array_index(log->edits, i));
    g_ptr_array_set_size(log->edits, (gint)from);
    if (log->saved > (gint)from)
        log->saved = -1;
}

CsEditLog *cs_edit_log_new(CsDocument *document, CsTime now)
{
    CsEditLog *log = g_new0(CsEditLog, 1);

    log->document = document;
    log->now = now;
    log->edits = g_ptr_array_new();
    log->reserved = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    log->meta_owners = g_hash_table_new(NULL, NULL);
    log->constraint_tops = g_hash_table_new(NULL, NULL);
    log->base_state = cs_edit_next_state();
    return log;
}

void cs_edit_log_free(CsEditLog *log)
{
    if (log == NULL)
        return;
    cs_edit_log_truncate(log, 0, NULL);
    g_ptr_array_unref(log->edits);
    g_hash_table_unref(log->reserved);
    g_hash_table_unref(log->meta_owners);
    g_hash_table_unref(log->constraint_tops);
    g_free(log);
}

CsDocument *cs_edit_log_document(const CsEditLog *log)
{
    return log->document;
}

CsTime cs_edit_log_time(const CsEditLog *log)
{
    return log->now;
}

gboolean cs_edit_log_dirty(const CsEditLog *log)
{
    if (log->saved < 0)
        return TRUE;
    guint low = MIN((guint)log->saved, log->applied);
    guint high = MAX((guint)log->saved, log->applied);
    for (guint i = low; i < high; i++) {
        const CsEdit *edit = g_ptr_array_index(log->edits, i);
        if (!edit->clock)
            return TRUE;
    }
    return FALSE;
}

void cs_edit_log_mark_saved(CsEditLog *log)
{
    log->saved = (gint)log->applied;
}

const char *cs_edit_log_next_undo(const CsEditLog *log)
{
    if (log->applied == 0)
        return NULL;
    const CsEdit *edit = g_ptr_array_index(log->edits, log->applied - 1);
    return edit->description;
}

const char *cs_edit_log_next_redo(const CsEditLog *log)
{
    if (log->applied >= log->edits->len)
        return NULL;
    const CsEdit *edit = g_ptr_array_index(log->edits, log->applied);
    return edit->description;
}

guint cs_edit_log_undo_depth(const CsEditLog *log)
{
    return log->applied;
}

guint cs_edit_log_redo_depth(const CsEditLog *log)
{
    return log->edits->len - log->applied;
}

void cs_edit_log_drop_redo(CsEditLog *log)
{
    cs_edit_log_truncate(log, log->applied, NULL);
}

guint64 cs_edit_log_state(const CsEditLog *log)
{
    if (log->applied == 0)
        return log->base_state;
    const CsEdit *edit = g_ptr_array_index(log->edits, log->applied - 1);
    return edit->state;
}

gboolean cs_edit_log_last_is_document(const CsEditLog *log)
{
    if (log->applied == 0)
        return FALSE;
    const CsEdit *edit = g_ptr_array_index(log->edits, log->applied - 1);
    return !edit->clock;
}

/* Brings the document's id index up to date after edit was applied
 * (forward) or undone, step by step when it can (cs_document_index_update). */
static void cs_edit_reindex(CsEditLog *log, const CsEdit *edit, gboolean forward)
{
    guint n = edit->steps->len;

    for (guint i = 0; i < n; i++) {
        const CsStep *step = g_ptr_array_index(edit->steps, forward ? i : n - 1 - i);
        gboolean linked = (step->kind == CS_STEP_LINK) == forward;
        gboolean ok;
        if (step->kind == CS_STEP_ATTRIBUTE)
            ok = cs_document_index_update(log->document, CS_INDEX_ATTRIBUTE, step->node,
                                          forward ? step->old_attr : step->new_attr,
                                          forward ? step->new_attr : step->old_attr);
        else
            ok = cs_document_index_update(log->document,
                                          linked ? CS_INDEX_LINKED : CS_INDEX_UNLINKED,
                                          step->node, NULL, NULL);
        if (!ok) {
            cs_document_reindex(log->document);
            return;
        }
    }
}

gboolean cs_edit_undo(CsEditLog *log)
{
    if (log->applied == 0)
        return FALSE;
    CsEdit *edit = g_ptr_array_index(log->edits, --log->applied);
    for (guint i = edit->steps->len; i > 0; i--) {
        cs_log_note_step(log, g_ptr_array_index(edit->steps, i - 1));
        cs_step_backward(g_ptr_array_index(edit->steps, i - 1));
    }
    if (edit->clock)
        log->now = edit->clock_before;
    else
        cs_edit_reindex(log, edit, FALSE);
    return TRUE;
}

gboolean cs_edit_redo(CsEditLog *log)
{
    if (log->applied >= log->edits->len)
        return FALSE;
    CsEdit *edit = g_ptr_array_index(log->edits, log->applied++);
    for (guint i = 0; i < edit->steps->len; i++) {
        cs_log_note_step(log, g_ptr_array_index(edit->steps, i));
        cs_step_forward(g_ptr_array_index(edit->steps, i));
    }
    if (edit->clock)
        log->now = edit->clock_after;
    else
        cs_edit_reindex(log, edit, TRUE);
    return TRUE;
}

/* ---- building an edit -------------------------------------------------- */

/* An edit under construction: its steps are applied as they are added,
 * and rolled back if the edit fails half-way. */

void cs_build_begin(CsBuild *build, CsEditLog *log, const char *description)
{
    build->log = log;
    build->edit = cs_edit_new(description);
    g_hash_table_remove_all(log->reserved);
}

static CsStep *cs_build_step(CsBuild *build, CsStepKind kind, xmlNode *node)
{
    CsStep *step = g_new0(CsStep, 1);

    step->kind = kind;
    step->node = node;
    g_ptr_array_add(build->edit->steps, step);
    return step;
}

/* Rolls back and frees the edit being built. */
void cs_build_abort(CsBuild *build)
{
    CsEdit *edit = build->edit;

    for (guint i = edit->steps->len; i > 0; i--)
        cs_step_backward(g_ptr_array_index(edit->steps, i - 1));
    g_autoptr(GHashTable) nodes = g_hash_table_new(NULL, NULL);
    g_autoptr(GHashTable) attrs = g_hash_table_new(NULL, NULL);
    cs_edit_collect_detached(edit, nodes, attrs);
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, nodes);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        xmlFreeNode(key);
    g_hash_table_iter_init(&iter, attrs);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        xmlFreeProp(key);
    cs_edit_free(edit);
    build->edit = NULL;
    g_hash_table_remove_all(build->log->reserved);
}

/* Records the edit in the log (dropping what could have been redone). */
gboolean cs_build_commit(CsBuild *build, GError **error)
{
    CsEditLog *log = build->log;

    if (build->edit->steps->len == 0 && !build->edit->clock) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "%s: nothing to change", build->edit->description);
        cs_build_abort(build);
        return FALSE;
    }
    cs_edit_log_truncate(log, log->applied, build->edit);
    build->edit->state = cs_edit_next_state();
    g_ptr_array_add(log->edits, build->edit);
    log->applied = log->edits->len;
    build->edit = NULL;
    g_hash_table_remove_all(log->reserved);
    cs_edit_reindex(log, g_ptr_array_index(log->edits, log->edits->len - 1), TRUE);
    return TRUE;
}

gboolean cs_build_fail(CsBuild *build)
{
    cs_build_abort(build);
    return FALSE;
}

void cs_build_link(CsBuild *build, xmlNode *parent, xmlNode *next,
                          xmlNode *node)
{
    CsStep *step = cs_build_step(build, CS_STEP_LINK, node);

    step->parent = parent;
    step->next = next;
    cs_log_note_step(build->log, step);
    cs_step_forward(step);
}

void cs_build_unlink(CsBuild *build, xmlNode *node)
{
    CsStep *step = cs_build_step(build, CS_STEP_UNLINK, node);

    step->parent = node->parent;
    step->next = node->next;
    cs_log_note_step(build->log, step);
    cs_step_forward(step);
}

/* Sets (value non-NULL) or removes an attribute of element. */
void cs_build_attribute(CsBuild *build, xmlNode *element,
                               const char *name, const char *value)
{
    xmlAttr *old_attr = xmlHasProp(element, BAD_CAST name);

    if (old_attr == NULL && value == NULL)
        return;
    if (old_attr != NULL && value != NULL) {
        xmlChar *current = xmlNodeGetContent((xmlNode *)old_attr);
        gboolean same = current != NULL && strcmp((const char *)current, value) == 0;
        xmlFree(current);
        if (same)
            return;
    }
    CsStep *step = cs_build_step(build, CS_STEP_ATTRIBUTE, element);
    step->old_attr = old_attr;
    step->new_attr = value != NULL ? cs_new_attribute(element->doc, name, value) : NULL;
    cs_log_note_step(build->log, step);
    cs_step_forward(step);
}

/* ---- whitespace: new elements indented like their neighbours ---------- */

static gboolean cs_is_blank_text(const xmlNode *node)
{
    if (node == NULL || node->type != XML_TEXT_NODE || node->content == NULL)
        return FALSE;
    for (const xmlChar *c = node->content; *c != '\0'; c++)
        if (!g_ascii_isspace(*c))
            return FALSE;
    return TRUE;
}

static xmlNode *cs_blank_before(const xmlNode *node)
{
    return cs_is_blank_text(node->prev) ? node->prev : NULL;
}

xmlNode *cs_last_element(const xmlNode *parent)
{
    for (xmlNode *child = parent->last; child != NULL; child = child->prev)
        if (child->type == XML_ELEMENT_NODE)
            return child;
    return NULL;
}

xmlNode *cs_text(CsBuild *build, const char *content)
{
    return xmlNewDocText(build->log->document->xml, BAD_CAST content);
}

/* Links node as the first child of an element that has no element
 * children, indented two spaces deeper than the element itself. */
static void cs_build_first_child(CsBuild *build, xmlNode *parent, xmlNode *node)
{
    xmlNode *parent_blank = cs_blank_before(parent);
    const char *newline = parent_blank != NULL
        ? strrchr((const char *)parent_blank->content, '\n') : NULL;
    xmlNode *only = parent->children;
    gboolean trailing = only != NULL && only->next == NULL && cs_is_blank_text(only);

    if (newline == NULL || (only != NULL && !trailing)) {
        cs_build_link(build, parent, NULL, node);
        return;
    }
    g_autofree char *inner = g_strconcat(newline, "  ", NULL);
    if (trailing) {
        cs_build_link(build, parent, only, cs_text(build, inner));
        cs_build_link(build, parent, only, node);
        return;
    }
    cs_build_link(build, parent, NULL, cs_text(build, inner));
    cs_build_link(build, parent, NULL, node);
    cs_build_link(build, parent, NULL, cs_text(build, newline));
}

/* Links node under parent before the element `before`, or after the last
 * element child when before is NULL, with the indentation its siblings
 * have. */
void cs_build_insert(CsBuild *build, xmlNode *parent, xmlNode *before,
                            xmlNode *node)
{
    if (before != NULL) {
        xmlNode *blank = cs_blank_before(before);
        cs_build_link(build, parent, before, node);
        if (blank != NULL)
            cs_build_link(build, parent, before,
                          cs_text(build, (const char *)blank->content));
        return;
    }
    xmlNode *last = cs_last_element(parent);
    if (last == NULL) {
        cs_build_first_child(build, parent, node);
        return;
    }
    xmlNode *blank = cs_blank_before(last);
    xmlNode *next = last->next;
    if (blank != NULL)
        cs_build_link(build, parent, next, cs_text(build, (const char *)blank->content));
    cs_build_link(build, parent, next, node);
}

/* Unlinks an element with the indentation before it. */
void cs_build_remove(CsBuild *build, xmlNode *node)
{
    xmlNode *blank = cs_blank_before(node);

    cs_build_unlink(build, node);
    if (blank != NULL)
        cs_build_unlink(build, blank);
}

/* ---- ids -------------------------------------------------------------- */

char *cs_edit_sanitize_id(const char *id)
{
    char *clean = g_strdup(id);

    for (char *c = clean; *c != '\0'; c++)
        if (*c == ':' || *c == '#')
            *c = '.';
    return clean;
}

static gboolean cs_in_document(const xmlNode *node)
{
    while (node != NULL && node->type != XML_DOCUMENT_NODE)
        node = node->parent;
    return node != NULL;
}

/* Taken by an element still in the document (the index may name one
 * this edit has just unlinked) or by one this edit is creating. */
gboolean cs_id_taken(CsBuild *build, const char *id)
{
    xmlNode *holder = cs_document_lookup_id(build->log->document, id);

    return (holder != NULL && cs_in_document(holder))
           || g_hash_table_contains(build->log->reserved, id);
}

/* base (sanitized) if free, else base-1, base-2, ... */
char *cs_unique_id(CsBuild *build, const char *base)
{
    char *id = cs_edit_sanitize_id(base);

    for (guint n = 1; cs_id_taken(build, id); n++) {
        g_free(id);
        g_autofree char *clean = cs_edit_sanitize_id(base);
        id = g_strdup_printf("%s-%u", clean, n);
    }
    g_hash_table_add(build->log->reserved, g_strdup(id));
    return id;
}

/* ---- small document helpers ------------------------------------------- */

gboolean cs_is_element(const xmlNode *node, const char *name)
{
    return node != NULL && node->type == XML_ELEMENT_NODE
           && xmlStrEqual(node->name, BAD_CAST name);
}

xmlNode *cs_child_named(const xmlNode *parent, const char *name)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next)
        if (cs_is_element(child, name))
            return child;
    return NULL;
}

gboolean cs_attribute_is(const xmlNode *element, const char *name,
                                const char *value)
{
    xmlChar *current = xmlGetNoNsProp(element, BAD_CAST name);
    gboolean same = current != NULL && strcmp((const char *)current, value) == 0;

    xmlFree(current);
    return same;
}

/* The attribute as a newly allocated string, or NULL. */
char *cs_attribute(const xmlNode *element, const char *name)
{
    xmlChar *value = xmlGetNoNsProp(element, BAD_CAST name);
    char *copy = g_strdup((const char *)value);

    xmlFree(value);
    return copy;
}

xmlNode *cs_new_element(CsBuild *build, const char *name)
{
    return xmlNewDocNode(build->log->document->xml, NULL, BAD_CAST name, NULL);
}

/* Sets attributes on an element not yet in the document (no steps
 * needed: the element itself is linked by one). */
void cs_set(xmlNode *element, const char *name, const char *value)
{
    xmlAttr *attr = cs_new_attribute(element->doc, name, value);

    cs_link_attribute(element, NULL, attr);
}

gboolean cs_is_resource_element(const xmlNode *node)
{
    static const char *const kinds[] = { "primitive", "group", "clone",
                                         "master", "bundle" };
    for (gsize i = 0; i < G_N_ELEMENTS(kinds); i++)
        if (cs_is_element(node, kinds[i]))
            return TRUE;
    return FALSE;
}

static xmlNode *cs_find_resource_under(xmlNode *parent, const char *id)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (!cs_is_resource_element(child))
            continue;
        if (cs_attribute_is(child, "id", id))
            return child;
        xmlNode *found = cs_find_resource_under(child, id);
        if (found != NULL)
            return found;
    }
    return NULL;
}

xmlNode *cs_edit_find_resource(const CsDocument *document, const char *id)
{
    xmlNode *resources = cs_document_section(document, "resources");

    return resources != NULL && id != NULL ? cs_find_resource_under(resources, id) : NULL;
}

xmlNode *cs_edit_find_node(const CsDocument *document, const char *name)
{
    xmlNode *nodes = cs_document_section(document, "nodes");

    if (nodes == NULL || name == NULL)
        return NULL;
    for (xmlNode *node = nodes->children; node != NULL; node = node->next)
        if (cs_is_element(node, "node") && cs_attribute_is(node, "uname", name))
            return node;
    for (xmlNode *node = nodes->children; node != NULL; node = node->next)
        if (cs_is_element(node, "node") && cs_attribute_is(node, "id", name))
            return node;
    return NULL;
}

static xmlNode *cs_find_rule_under(xmlNode *parent, const char *id)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (cs_is_element(child, "rule") && cs_attribute_is(child, "id", id))
            return child;
        xmlNode *found = cs_find_rule_under(child, id);
        if (found != NULL)
            return found;
    }
    return NULL;
}

xmlNode *cs_edit_find_rule(const CsDocument *document, const char *id)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    xmlNode *configuration = root != NULL ? cs_child_named(root, "configuration") : NULL;

    return configuration != NULL && id != NULL ? cs_find_rule_under(configuration, id) : NULL;
}

/* The <node_state> of a configured node (by id, else uname), or NULL. */
xmlNode *cs_find_node_state(const CsDocument *document, const xmlNode *node)
{
    xmlNode *status = cs_document_section(document, "status");
    g_autofree char *id = cs_attribute(node, "id");
    g_autofree char *uname = cs_attribute(node, "uname");

    if (status == NULL)
        return NULL;
    for (xmlNode *state = status->children; state != NULL; state = state->next)
        if (cs_is_element(state, "node_state") && id != NULL
            && cs_attribute_is(state, "id", id))
            return state;
    for (xmlNode *state = status->children; state != NULL; state = state->next)
        if (cs_is_element(state, "node_state") && uname != NULL
            && cs_attribute_is(state, "uname", uname))
            return state;
    return NULL;
}

gboolean cs_edit_valid_score(const char *text)
{
    if (text == NULL)
        return FALSE;
    const char *digits = text + (text[0] == '+' || text[0] == '-');
    if (g_ascii_strcasecmp(digits, "INFINITY") == 0)
        return TRUE;
    if (*digits == '\0' || strlen(digits) > 9)
        return FALSE;
    for (const char *c = digits; *c != '\0'; c++)
        if (!g_ascii_isdigit(*c))
            return FALSE;
    return TRUE;
}

gboolean cs_not_found(GError **error, const char *what, const char *id)
{
    g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND,
                "no %s '%s'", what, id != NULL ? id : "");
    return FALSE;
}

gboolean cs_invalid(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);
gboolean cs_invalid(GError **error, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID, message);
    return FALSE;
}

/* <configuration>'s child section, created (empty, last) when missing. */
xmlNode *cs_build_section(CsBuild *build, const char *name)
{
    xmlNode *section = cs_document_section(build->log->document, name);

    if (section != NULL)
        return section;
    xmlNode *root = xmlDocGetRootElement(build->log->document->xml);
    xmlNode *configuration = cs_child_named(root, "configuration");
    section = cs_new_element(build, name);
    cs_build_insert(build, configuration, NULL, section);
    return section;
}

/* ---- nvpair sets ------------------------------------------------------ */

/* The first set of this element name directly under parent that has no
 * rule (a rule-selected set is not where a tool writes), or NULL. */
xmlNode *cs_plain_set(const xmlNode *parent, const char *set_name)
{
    for (xmlNode *set = parent->children; set != NULL; set = set->next)
        if (cs_is_element(set, set_name) && cs_child_named(set, "rule") == NULL)
            return set;
    return NULL;
}

xmlNode *cs_find_nvpair(const xmlNode *set, const char *name)
{
    for (xmlNode *pair = set->children; pair != NULL; pair = pair->next)
        if (cs_is_element(pair, "nvpair") && cs_attribute_is(pair, "name", name))
            return pair;
    return NULL;
}

/* The set under parent, created with id set_id (made unique) when
 * missing, before the element `before` (NULL: last). */
xmlNode *cs_build_set(CsBuild *build, xmlNode *parent, const char *set_name,
                             const char *set_id, xmlNode *before)
{
    xmlNode *set = cs_plain_set(parent, set_name);

    if (set != NULL)
        return set;
    g_autofree char *id = cs_unique_id(build, set_id);
    set = cs_new_element(build, set_name);
    cs_set(set, "id", id);
    cs_build_insert(build, parent, before, set);
    return set;
}

/* Sets name=value in set, updating the nvpair there or adding one with
 * the id Pacemaker's tools give: SETID-NAME. */
void cs_build_nvpair(CsBuild *build, xmlNode *set, const char *name,
                            const char *value)
{
    xmlNode *pair = cs_find_nvpair(set, name);

    if (pair != NULL) {
        cs_build_attribute(build, pair, "value", value);
        return;
    }
    g_autofree char *set_id = cs_attribute(set, "id");
    g_autofree char *base = g_strdup_printf("%s-%s", set_id != NULL ? set_id : "nvpair", name);
    g_autofree char *id = cs_unique_id(build, base);
    pair = cs_new_element(build, "nvpair");
    cs_set(pair, "id", id);
    cs_set(pair, "name", name);
    cs_set(pair, "value", value);
    cs_build_insert(build, set, NULL, pair);
}

/* Removes every nvpair with this name from every set of set_name under
 * parent that has no rule.  Returns how many. */
guint cs_build_unset(CsBuild *build, xmlNode *parent, const char *set_name,
                            const char *name)
{
    guint removed = 0;

    for (xmlNode *set = parent->children; set != NULL; set = set->next) {
        if (!cs_is_element(set, set_name) || cs_child_named(set, "rule") != NULL)
            continue;
        xmlNode *pair;
        while ((pair = cs_find_nvpair(set, name)) != NULL) {
            cs_build_remove(build, pair);
            removed++;
        }
    }
    return removed;
}

/* ---- the clock -------------------------------------------------------- */

gboolean cs_edit_set_time(CsEditLog *log, CsTime now, GError **error)
{
    g_autofree char *shown = cs_time_format(now);
    g_autofree char *description = g_strdup_printf("time %s", shown);
    CsBuild build;

    if (now.seconds == log->now.seconds && now.offset == log->now.offset) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "the clock is already %s", shown);
        return FALSE;
    }
    cs_build_begin(&build, log, description);
    build.edit->clock = TRUE;
    build.edit->clock_before = log->now;
    build.edit->clock_after = now;
    log->now = now;
    return cs_build_commit(&build, error);
}

/* ---- stickiness ------------------------------------------------------- */

/* Where a new meta_attributes goes in a resource: before its first child
 * resource (a group's or clone's members come after its attributes). */
xmlNode *cs_first_child_resource(const xmlNode *resource)
{
    for (xmlNode *child = resource->children; child != NULL; child = child->next)
        if (cs_is_resource_element(child))
            return child;
    return NULL;
}

static gboolean cs_stickiness_resource(CsBuild *build, const char *rsc,
                                       const char *value, GError **error)
{
    xmlNode *resource = cs_edit_find_resource(build->log->document, rsc);

    if (resource == NULL)
        return cs_not_found(error, "resource", rsc);
    if (value == NULL) {
        cs_build_unset(build, resource, "meta_attributes", "resource-stickiness");
        return TRUE;
    }
    /* crm_resource --meta names a new set RSC-meta_attributes. */
    g_autofree char *set_id = g_strdup_printf("%s-meta_attributes", rsc);
    xmlNode *set = cs_build_set(build, resource, "meta_attributes", set_id,
                                cs_first_child_resource(resource));
    cs_build_nvpair(build, set, "resource-stickiness", value);
    return TRUE;
}

/* crm_attribute --type rsc_defaults: an existing nvpair is changed where
 * it is, a new one goes into the set rsc_defaults-options. */
static void cs_stickiness_default(CsBuild *build, const char *value)
{
    cs_build_option(build, CS_EDIT_RSC_DEFAULTS, "resource-stickiness", value);
}

gboolean cs_edit_stickiness(CsEditLog *log, const char *rsc, const char *value,
                            GError **error)
{
    if (value != NULL && !cs_edit_valid_score(value))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", value);
    g_autofree char *description = g_strdup_printf(
        "stickiness %s %s", rsc != NULL ? rsc : "default", value != NULL ? value : "unset");
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (rsc != NULL) {
        if (!cs_stickiness_resource(&build, rsc, value, error))
            return cs_build_fail(&build);
    } else {
        cs_stickiness_default(&build, value);
    }
    return cs_build_commit(&build, error);
}

/* ---- indentation of new subtrees --------------------------------------- */

/* Indents a subtree that is new in this edit (nothing records its
 * insides, so text can be linked into it directly). */
static void cs_indent_children(xmlNode *element, const char *indent)
{
    if (cs_last_element(element) == NULL)
        return;
    g_autofree char *inner = g_strconcat(indent, "  ", NULL);
    g_autofree char *inner_text = g_strconcat("\n", inner, NULL);
    g_autofree char *closing_text = g_strconcat("\n", indent, NULL);
    for (xmlNode *child = element->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        cs_link_node(element, child, xmlNewDocText(element->doc, BAD_CAST inner_text));
        cs_indent_children(child, inner);
    }
    cs_link_node(element, NULL, xmlNewDocText(element->doc, BAD_CAST closing_text));
}

/* The indentation (spaces after the last newline) before an element, or
 * NULL when it is not on a line of its own. */
const char *cs_indent_of(const xmlNode *element)
{
    xmlNode *blank = cs_blank_before(element);
    const char *newline = blank != NULL ? strrchr((const char *)blank->content, '\n') : NULL;

    return newline != NULL ? newline + 1 : NULL;
}

void cs_indent_new(xmlNode *element)
{
    const char *indent = cs_indent_of(element);

    if (indent != NULL)
        cs_indent_children(element, indent);
}

/* ---- ban, prefer, clear ----------------------------------------------- */

/* A node name is accepted if the configuration or the status knows it:
 * crm_resource refuses a node the cluster has never heard of. */
gboolean cs_known_node(const CsDocument *document, const char *name)
{
    if (cs_edit_find_node(document, name) != NULL)
        return TRUE;
    xmlNode *status = cs_document_section(document, "status");
    for (xmlNode *state = status != NULL ? status->children : NULL; state != NULL;
         state = state->next)
        if (cs_is_element(state, "node_state") && cs_attribute_is(state, "uname", name))
            return TRUE;
    return FALSE;
}

xmlNode *cs_constraint(const CsDocument *document, const char *id)
{
    xmlNode *constraints = cs_document_section(document, "constraints");

    if (constraints == NULL)
        return NULL;
    for (xmlNode *child = constraints->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && cs_attribute_is(child, "id", id))
            return child;
    return NULL;
}

typedef struct CsCliLocation {
    const char *id;            /* cli-ban-RSC-on-NODE / cli-prefer-RSC */
    const char *rule_id, *expr_id, *lifetime_id;
    const char *score;
} CsCliLocation;

/* The constraint crm_resource writes: node+score, or with a lifetime a
 * rule "#uname eq NODE and date lt END". */
static xmlNode *cs_cli_location(CsBuild *build, const CsCliLocation *spec,
                                const char *rsc, const char *node,
                                const char *lifetime_end)
{
    xmlNode *location = cs_new_element(build, "rsc_location");

    cs_set(location, "id", spec->id);
    cs_set(location, "rsc", rsc);
    cs_set(location, "role", "Started");
    if (lifetime_end == NULL) {
        cs_set(location, "node", node);
        cs_set(location, "score", spec->score);
        return location;
    }
    xmlNode *rule = xmlNewChild(location, NULL, BAD_CAST "rule", NULL);
    cs_set(rule, "id", spec->rule_id);
    cs_set(rule, "score", spec->score);
    cs_set(rule, "boolean-op", "and");
    xmlNode *expression = xmlNewChild(rule, NULL, BAD_CAST "expression", NULL);
    cs_set(expression, "id", spec->expr_id);
    cs_set(expression, "attribute", "#uname");
    cs_set(expression, "operation", "eq");
    cs_set(expression, "value", node);
    cs_set(expression, "type", "string");
    xmlNode *date = xmlNewChild(rule, NULL, BAD_CAST "date_expression", NULL);
    cs_set(date, "id", spec->lifetime_id);
    cs_set(date, "operation", "lt");
    cs_set(date, "end", lifetime_end);
    return location;
}

/* crm_resource's names for the parts: PREFIX-RSC-on-NODE-SUFFIX for a
 * ban, PREFIX-SUFFIX-RSC for a preference. */
static char *cs_part_id(CsBuild *build, gboolean ban, const char *rsc,
                        const char *node, const char *suffix)
{
    g_autofree char *base = ban ? g_strdup_printf("cli-ban-%s-on-%s-%s", rsc, node, suffix)
                                : g_strdup_printf("cli-prefer-%s-%s", suffix, rsc);
    return cs_unique_id(build, base);
}

/* The constraint's own id is Pacemaker's fixed one and replaces an
 * existing constraint of that id in place (a second --ban of the same
 * pair updates the first, as cibadmin --modify does); the ids of its
 * parts are made unique. */
static gboolean cs_cli_constraint(CsEditLog *log, gboolean ban, const char *rsc,
                                  const char *node, const char *lifetime_end,
                                  GError **error)
{
    if (cs_edit_find_resource(log->document, rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    if (!cs_known_node(log->document, node))
        return cs_not_found(error, "node", node);
    g_autofree char *raw_id = ban ? g_strdup_printf("cli-ban-%s-on-%s", rsc, node)
                                  : g_strdup_printf("cli-prefer-%s", rsc);
    g_autofree char *id = cs_edit_sanitize_id(raw_id);
    g_autofree char *description = g_strdup_printf(
        "%s %s %s %s%s%s", ban ? "ban" : "prefer", rsc, ban ? "from" : "on", node,
        lifetime_end != NULL ? " until " : "", lifetime_end != NULL ? lifetime_end : "");
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *constraints = cs_build_section(&build, "constraints");
    xmlNode *existing = cs_constraint(log->document, id);
    xmlNode *next = existing != NULL ? existing->next : NULL;
    if (existing != NULL)
        cs_build_unlink(&build, existing);
    if (cs_id_taken(&build, id)) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS,
                    "id '%s' is taken by an element that is not a constraint", id);
        return cs_build_fail(&build);
    }
    g_hash_table_add(log->reserved, g_strdup(id));
    g_autofree char *rule_id = NULL, *expr_id = NULL, *lifetime_id = NULL;
    if (lifetime_end != NULL) {
        rule_id = cs_part_id(&build, ban, rsc, node, "rule");
        expr_id = cs_part_id(&build, ban, rsc, node, "expr");
        lifetime_id = cs_part_id(&build, ban, rsc, node, ban ? "lifetime" : "lifetime-end");
    }
    CsCliLocation spec = { id, rule_id, expr_id, lifetime_id,
                           ban ? "-INFINITY" : "INFINITY" };
    xmlNode *location = cs_cli_location(&build, &spec, rsc, node, lifetime_end);
    if (existing != NULL)
        cs_build_link(&build, constraints, next, location);
    else
        cs_build_insert(&build, constraints, NULL, location);
    cs_indent_new(location);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_ban(CsEditLog *log, const char *rsc, const char *node,
                     const char *lifetime_end, GError **error)
{
    return cs_cli_constraint(log, TRUE, rsc, node, lifetime_end, error);
}

gboolean cs_edit_prefer(CsEditLog *log, const char *rsc, const char *node,
                        const char *lifetime_end, GError **error)
{
    return cs_cli_constraint(log, FALSE, rsc, node, lifetime_end, error);
}

/* crm_resource --clear removes cli-ban-RSC-on-* and cli-prefer-RSC
 * (whatever their form); matched on rsc= and the id prefix, so a ban
 * whose id was sanitized is found too. */
static gboolean cs_is_cli_constraint_of(const xmlNode *constraint, const char *rsc)
{
    g_autofree char *id = cs_attribute(constraint, "id");

    if (!cs_is_element(constraint, "rsc_location") || id == NULL
        || !cs_attribute_is(constraint, "rsc", rsc))
        return FALSE;
    return g_str_has_prefix(id, "cli-ban-") || g_str_has_prefix(id, "cli-prefer-");
}

gboolean cs_edit_clear(CsEditLog *log, const char *rsc, guint *removed,
                       GError **error)
{
    if (cs_edit_find_resource(log->document, rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    g_autofree char *description = g_strdup_printf("clear %s", rsc);
    xmlNode *constraints = cs_document_section(log->document, "constraints");
    CsBuild build;
    guint count = 0;

    cs_build_begin(&build, log, description);
    for (xmlNode *child = constraints != NULL ? constraints->children : NULL;
         child != NULL;) {
        xmlNode *next = child->next;
        if (cs_is_cli_constraint_of(child, rsc)) {
            cs_build_remove(&build, child);
            count++;
        }
        child = next;
    }
    if (removed != NULL)
        *removed = count;
    if (count == 0) {
        cs_build_abort(&build);
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "%s has no cli-ban or cli-prefer constraints", rsc);
        return FALSE;
    }
    return cs_build_commit(&build, error);
}


/* ---- node attributes --------------------------------------------------- */

/* The node's transient attribute sets (status section), for deletion. */
static guint cs_build_unset_transient(CsBuild *build, xmlNode *node, const char *name)
{
    xmlNode *state = cs_find_node_state(build->log->document, node);
    xmlNode *transient = state != NULL ? cs_child_named(state, "transient_attributes") : NULL;

    return transient != NULL
        ? cs_build_unset(build, transient, "instance_attributes", name) : 0;
}

/* crm_attribute names the set nodes-NODEID and the nvpair
 * nodes-NODEID-NAME. */
static gboolean cs_node_attribute(CsEditLog *log, const char *description,
                                  const char *node, const char *name,
                                  const char *value, GError **error)
{
    xmlNode *element = cs_edit_find_node(log->document, node);
    CsBuild build;

    if (element == NULL)
        return cs_not_found(error, "node", node);
    if (name == NULL || *name == '\0')
        return cs_invalid(error, "a node attribute needs a name");
    cs_build_begin(&build, log, description);
    if (value != NULL) {
        g_autofree char *node_id = cs_attribute(element, "id");
        g_autofree char *set_id = g_strdup_printf("nodes-%s", node_id != NULL ? node_id : node);
        xmlNode *set = cs_build_set(&build, element, "instance_attributes", set_id, NULL);
        cs_build_nvpair(&build, set, name, value);
    } else if (cs_build_unset(&build, element, "instance_attributes", name)
               + cs_build_unset_transient(&build, element, name) == 0) {
        cs_build_abort(&build);
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "node %s has no attribute %s", node, name);
        return FALSE;
    }
    return cs_build_commit(&build, error);
}

gboolean cs_edit_node_attribute(CsEditLog *log, const char *node,
                                const char *name, const char *value,
                                GError **error)
{
    g_autofree char *description = value != NULL
        ? g_strdup_printf("attribute %s=%s on %s", name, value, node)
        : g_strdup_printf("delete attribute %s on %s", name, node);

    return cs_node_attribute(log, description, node, name, value, error);
}

/* Pacemaker Explained 2.1, "Node attributes": standby and maintenance are
 * booleans read from node attributes; crm_standby writes "on", and
 * removing the attribute is what --delete does. */
static gboolean cs_node_flag(CsEditLog *log, const char *flag, const char *node,
                             gboolean on, GError **error)
{
    g_autofree char *description = g_strdup_printf("%s %s %s", flag, node, on ? "on" : "off");
    g_autoptr(GError) local = NULL;

    if (cs_node_attribute(log, description, node, flag, on ? "on" : NULL, &local))
        return TRUE;
    if (g_error_matches(local, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE))
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "node %s is already %s %s", node, on ? "in" : "out of", flag);
    else
        g_propagate_error(error, g_steal_pointer(&local));
    return FALSE;
}

gboolean cs_edit_standby(CsEditLog *log, const char *node, gboolean on,
                         GError **error)
{
    return cs_node_flag(log, "standby", node, on, error);
}

gboolean cs_edit_maintenance(CsEditLog *log, const char *node, gboolean on,
                             GError **error)
{
    return cs_node_flag(log, "maintenance", node, on, error);
}

/* ---- fail counts -------------------------------------------------------- */

static gboolean cs_valid_operation_key(const char *operation)
{
    const char *underscore = operation != NULL ? strrchr(operation, '_') : NULL;

    if (underscore == NULL || underscore == operation || underscore[1] == '\0')
        return FALSE;
    for (const char *c = underscore + 1; *c != '\0'; c++)
        if (!g_ascii_isdigit(*c))
            return FALSE;
    return TRUE;
}

static gboolean cs_valid_count(const char *count)
{
    return cs_edit_valid_score(count) && count[0] != '-';
}

/* attrd keeps transient attributes in
 * <node_state><transient_attributes id=NODEID><instance_attributes
 * id=status-NODEID>, its nvpairs named status-NODEID-NAME (sanitized). */
xmlNode *cs_build_transient_set(CsBuild *build, xmlNode *state,
                                       const char *node_id)
{
    xmlNode *transient = cs_child_named(state, "transient_attributes");

    if (transient == NULL) {
        g_autofree char *id = cs_unique_id(build, node_id);
        transient = cs_new_element(build, "transient_attributes");
        cs_set(transient, "id", id);
        cs_build_insert(build, state, NULL, transient);
    }
    g_autofree char *set_id = g_strdup_printf("status-%s", node_id);
    return cs_build_set(build, transient, "instance_attributes", set_id, NULL);
}

gboolean cs_edit_fail_count_set(CsEditLog *log, const char *rsc,
                                const char *node, const char *operation,
                                const char *count, gint64 last_failure,
                                GError **error)
{
    if (cs_edit_find_resource(log->document, rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    xmlNode *element = cs_edit_find_node(log->document, node);
    if (element == NULL)
        return cs_not_found(error, "node", node);
    xmlNode *state = cs_find_node_state(log->document, element);
    if (state == NULL)
        return cs_invalid(error, "node %s has no status (node_state) entry", node);
    if (!cs_valid_operation_key(operation))
        return cs_invalid(error, "'%s' is not an operation such as monitor_10000", operation);
    if (!cs_valid_count(count))
        return cs_invalid(error, "'%s' is not a fail count (0, 1, ... or INFINITY)", count);

    g_autofree char *node_id = cs_attribute(element, "id");
    g_autofree char *count_name = g_strdup_printf("fail-count-%s#%s", rsc, operation);
    g_autofree char *last_name = g_strdup_printf("last-failure-%s#%s", rsc, operation);
    g_autofree char *description = g_strdup_printf("fail count of %s %s on %s: %s",
                                                   rsc, operation, node, count);
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (strcmp(count, "0") == 0) {
        xmlNode *transient = cs_child_named(state, "transient_attributes");
        if (transient != NULL) {
            cs_build_unset(&build, transient, "instance_attributes", count_name);
            cs_build_unset(&build, transient, "instance_attributes", last_name);
        }
        return cs_build_commit(&build, error);
    }
    g_autofree char *when = g_strdup_printf("%" G_GINT64_FORMAT, last_failure);
    xmlNode *set = cs_build_transient_set(&build, state, node_id != NULL ? node_id : node);
    cs_build_nvpair(&build, set, count_name, count);
    cs_build_nvpair(&build, set, last_name, when);
    return cs_build_commit(&build, error);
}

/* fail-count-RSC, fail-count-RSC#OP_INTERVAL and the same for
 * last-failure: the names Pacemaker 2.1.5 reads a resource's failures
 * from. */
static gboolean cs_is_failure_attribute(const char *name, const char *rsc)
{
    static const char *const prefixes[] = { "fail-count-", "last-failure-" };

    for (gsize i = 0; i < G_N_ELEMENTS(prefixes); i++) {
        if (!g_str_has_prefix(name, prefixes[i]))
            continue;
        const char *rest = name + strlen(prefixes[i]);
        if (g_str_has_prefix(rest, rsc)
            && (rest[strlen(rsc)] == '\0' || rest[strlen(rsc)] == '#'))
            return TRUE;
    }
    return FALSE;
}

static guint cs_clear_failures_in(CsBuild *build, xmlNode *state, const char *rsc)
{
    xmlNode *transient = cs_child_named(state, "transient_attributes");
    guint removed = 0;

    for (xmlNode *set = transient != NULL ? transient->children : NULL; set != NULL;
         set = set->next) {
        if (!cs_is_element(set, "instance_attributes"))
            continue;
        for (xmlNode *pair = set->children; pair != NULL;) {
            xmlNode *next = pair->next;
            g_autofree char *name = cs_is_element(pair, "nvpair")
                ? cs_attribute(pair, "name") : NULL;
            if (name != NULL && cs_is_failure_attribute(name, rsc)) {
                cs_build_remove(build, pair);
                removed++;
            }
            pair = next;
        }
    }
    return removed;
}

gboolean cs_edit_fail_count_clear(CsEditLog *log, const char *rsc,
                                  const char *node, GError **error)
{
    xmlNode *element = NULL;

    if (node != NULL && (element = cs_edit_find_node(log->document, node)) == NULL)
        return cs_not_found(error, "node", node);
    g_autofree char *description = node != NULL
        ? g_strdup_printf("clear fail counts of %s on %s", rsc, node)
        : g_strdup_printf("clear fail counts of %s", rsc);
    xmlNode *status = cs_document_section(log->document, "status");
    xmlNode *only = element != NULL ? cs_find_node_state(log->document, element) : NULL;
    CsBuild build;
    guint removed = 0;

    cs_build_begin(&build, log, description);
    for (xmlNode *state = status != NULL ? status->children : NULL; state != NULL;
         state = state->next)
        if (cs_is_element(state, "node_state") && (element == NULL || state == only))
            removed += cs_clear_failures_in(&build, state, rsc);
    if (removed > 0)
        return cs_build_commit(&build, error);
    cs_build_abort(&build);
    if (cs_edit_find_resource(log->document, rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                "%s has no fail counts%s%s", rsc, node != NULL ? " on " : "",
                node != NULL ? node : "");
    return FALSE;
}

/* ---- constraints ------------------------------------------------------- */

gboolean cs_edit_valid_id(const char *id)
{
    if (id == NULL || *id == '\0' || g_ascii_isdigit(*id) || *id == '-' || *id == '.')
        return FALSE;
    for (const char *c = id; *c != '\0'; c++)
        if (!g_ascii_isalnum(*c) && strchr("._-", *c) == NULL && (guchar)*c < 0x80)
            return FALSE;
    return TRUE;
}

gboolean cs_check_new_constraint(CsEditLog *log, const char *id,
                                        const char *score, GError **error)
{
    if (!cs_edit_valid_id(id))
        return cs_invalid(error, "'%s' is not a valid id (letters, digits, '.', '-' "
                                 "and '_', not starting with a digit, '-' or '.')",
                          id != NULL ? id : "");
    xmlNode *holder = cs_document_lookup_id(log->document, id);
    if (holder != NULL) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS,
                    "id '%s' already exists", id);
        return FALSE;
    }
    if (!cs_edit_valid_score(score))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", score);
    return TRUE;
}

gboolean cs_add_constraint(CsEditLog *log, const char *description,
                                  xmlNode *constraint, GError **error)
{
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *constraints = cs_build_section(&build, "constraints");
    cs_build_insert(&build, constraints, NULL, constraint);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_location_add(CsEditLog *log, const char *id, const char *rsc,
                              const char *node, const char *score,
                              GError **error)
{
    if (!cs_check_new_constraint(log, id, score, error))
        return FALSE;
    if (cs_edit_find_resource(log->document, rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    if (!cs_known_node(log->document, node))
        return cs_not_found(error, "node", node);
    xmlNode *location = xmlNewDocNode(log->document->xml, NULL, BAD_CAST "rsc_location", NULL);
    cs_set(location, "id", id);
    cs_set(location, "rsc", rsc);
    cs_set(location, "node", node);
    cs_set(location, "score", score);
    g_autofree char *description = g_strdup_printf("location %s: %s on %s %s",
                                                   id, rsc, node, score);
    return cs_add_constraint(log, description, location, error);
}

gboolean cs_edit_colocation_add(CsEditLog *log, const char *id,
                                const char *rsc, const char *with_rsc,
                                const char *score, GError **error)
{
    if (!cs_check_new_constraint(log, id, score, error))
        return FALSE;
    if (cs_edit_find_resource(log->document, rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    if (cs_edit_find_resource(log->document, with_rsc) == NULL)
        return cs_not_found(error, "resource", with_rsc);
    if (strcmp(rsc, with_rsc) == 0)
        return cs_invalid(error, "%s cannot be colocated with itself", rsc);
    xmlNode *colocation = xmlNewDocNode(log->document->xml, NULL,
                                        BAD_CAST "rsc_colocation", NULL);
    cs_set(colocation, "id", id);
    cs_set(colocation, "rsc", rsc);
    cs_set(colocation, "with-rsc", with_rsc);
    cs_set(colocation, "score", score);
    g_autofree char *description = g_strdup_printf("colocation %s: %s with %s %s",
                                                   id, rsc, with_rsc, score);
    return cs_add_constraint(log, description, colocation, error);
}

gboolean cs_edit_constraint_remove(CsEditLog *log, const char *id, GError **error)
{
    xmlNode *constraint = cs_constraint(log->document, id);
    CsBuild build;

    if (constraint == NULL)
        return cs_not_found(error, "constraint", id);
    g_autofree char *description = g_strdup_printf("remove constraint %s", id);
    cs_build_begin(&build, log, description);
    cs_build_remove(&build, constraint);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_constraint_score(CsEditLog *log, const char *id,
                                  const char *score, GError **error)
{
    xmlNode *constraint = cs_constraint(log->document, id);
    CsBuild build;

    if (constraint == NULL)
        return cs_not_found(error, "constraint", id);
    if (!cs_edit_valid_score(score))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", score);
    if (xmlHasProp(constraint, BAD_CAST "score") == NULL)
        return cs_invalid(error, "constraint '%s' has no score of its own "
                                 "(its rules or sets carry it)", id);
    g_autofree char *description = g_strdup_printf("constraint %s score %s", id, score);
    cs_build_begin(&build, log, description);
    cs_build_attribute(&build, constraint, "score", score);
    return cs_build_commit(&build, error);
}

/* ---- enabling and disabling rules -------------------------------------- */

static gboolean cs_is_never_expression(const xmlNode *node)
{
    return cs_is_element(node, "date_expression")
           && cs_attribute_is(node, "operation", "lt")
           && cs_attribute_is(node, "end", CS_EDIT_NEVER);
}

static xmlNode *cs_never_expression(const xmlNode *rule)
{
    for (xmlNode *child = rule->children; child != NULL; child = child->next)
        if (cs_is_never_expression(child))
            return child;
    return NULL;
}

gboolean cs_edit_rule_disabled(const xmlNode *rule)
{
    return rule != NULL && cs_never_expression(rule) != NULL;
}

/* An "or" rule would still pass with a false condition added: its
 * conditions move into a nested "or" rule (each on its own line, two
 * spaces deeper) and the outer rule becomes "and". */
static void cs_build_nest_or(CsBuild *build, xmlNode *rule, const char *rule_id)
{
    g_autofree char *nested_id_base = g_strdup_printf("%s-or", rule_id);
    g_autofree char *nested_id = cs_unique_id(build, nested_id_base);
    const char *indent = cs_indent_of(rule);
    g_autofree char *inner = indent != NULL ? g_strconcat("\n", indent, "    ", NULL) : NULL;
    g_autofree char *closing = indent != NULL ? g_strconcat("\n", indent, "  ", NULL) : NULL;
    xmlNode *nested = cs_new_element(build, "rule");

    cs_set(nested, "id", nested_id);
    /* The schema (rule-3.x.rng) wants a score on every rule; only the
     * outer rule's counts for a location. */
    cs_set(nested, "score", "0");
    cs_set(nested, "boolean-op", "or");
    for (xmlNode *child = rule->children; child != NULL;) {
        xmlNode *next = child->next;
        if (child->type == XML_ELEMENT_NODE) {
            cs_build_remove(build, child);
            if (inner != NULL)
                cs_build_link(build, nested, NULL, cs_text(build, inner));
            cs_build_link(build, nested, NULL, child);
        }
        child = next;
    }
    if (closing != NULL && nested->children != NULL)
        cs_build_link(build, nested, NULL, cs_text(build, closing));
    cs_build_attribute(build, rule, "boolean-op", "and");
    cs_build_insert(build, rule, NULL, nested);
}

/* The reverse of cs_build_nest_or, when the rule has that shape. */
static void cs_build_unnest_or(CsBuild *build, xmlNode *rule, const char *rule_id)
{
    xmlNode *nested = cs_last_element(rule);
    g_autofree char *nested_id = nested != NULL ? cs_attribute(nested, "id") : NULL;
    g_autofree char *prefix = g_strdup_printf("%s-or", rule_id);

    if (!cs_attribute_is(rule, "boolean-op", "and") || !cs_is_element(nested, "rule")
        || nested_id == NULL || !g_str_has_prefix(nested_id, prefix)
        || !cs_attribute_is(nested, "boolean-op", "or"))
        return;
    for (xmlNode *child = rule->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && child != nested)
            return;
    for (xmlNode *child = nested->children; child != NULL;) {
        xmlNode *next = child->next;
        if (child->type == XML_ELEMENT_NODE) {
            cs_build_remove(build, child);
            cs_build_insert(build, rule, nested, child);
        }
        child = next;
    }
    cs_build_remove(build, nested);
    cs_build_attribute(build, rule, "boolean-op", "or");
}

gboolean cs_edit_rule_enable(CsEditLog *log, const char *id, gboolean enable,
                             GError **error)
{
    xmlNode *rule = cs_edit_find_rule(log->document, id);
    CsBuild build;

    if (rule == NULL)
        return cs_not_found(error, "rule", id);
    xmlNode *never = cs_never_expression(rule);
    if ((never != NULL) != enable) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "rule %s is already %s", id, enable ? "enabled" : "disabled");
        return FALSE;
    }
    g_autofree char *description = g_strdup_printf("%s rule %s",
                                                   enable ? "enable" : "disable", id);
    cs_build_begin(&build, log, description);
    if (enable) {
        cs_build_remove(&build, never);
        cs_build_unnest_or(&build, rule, id);
        return cs_build_commit(&build, error);
    }
    if (cs_attribute_is(rule, "boolean-op", "or"))
        cs_build_nest_or(&build, rule, id);
    g_autofree char *never_base = g_strdup_printf("%s-disabled", id);
    g_autofree char *never_id = cs_unique_id(&build, never_base);
    never = cs_new_element(&build, "date_expression");
    cs_set(never, "id", never_id);
    cs_set(never, "operation", "lt");
    cs_set(never, "end", CS_EDIT_NEVER);
    cs_build_insert(&build, rule, NULL, never);
    return cs_build_commit(&build, error);
}

/* ---- rule internals (added by the console helper) --------------------- */

static gboolean cs_is_rule_part(const xmlNode *node)
{
    static const char *const names[] = { "rule", "expression", "date_expression",
                                         "date_spec", "duration" };
    for (gsize i = 0; node != NULL && i < G_N_ELEMENTS(names); i++)
        if (cs_is_element(node, names[i]))
            return TRUE;
    return FALSE;
}

gboolean cs_edit_rule_attribute(CsEditLog *log, const char *id, const char *name,
                                const char *value, GError **error)
{
    xmlNode *element = cs_document_lookup_id(log->document, id);
    CsBuild build;

    if (!cs_is_rule_part(element))
        return cs_not_found(error, "rule or expression", id);
    if (strcmp(name, "id") == 0 || !cs_edit_valid_id(name))
        return cs_invalid(error, "'%s' is not an attribute that can be set", name);
    gboolean is_rule = cs_is_element(element, "rule");
    if (is_rule && strcmp(name, "score") == 0 && value != NULL && !cs_edit_valid_score(value))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", value);
    if (is_rule && strcmp(name, "boolean-op") == 0 && value != NULL
        && strcmp(value, "and") != 0 && strcmp(value, "or") != 0)
        return cs_invalid(error, "boolean-op is 'and' or 'or', not '%s'", value);
    g_autofree char *description = value != NULL
        ? g_strdup_printf("%s %s=%s", id, name, value)
        : g_strdup_printf("%s %s removed", id, name);
    cs_build_begin(&build, log, description);
    if (is_rule && value != NULL && strcmp(name, "score") == 0)
        cs_build_attribute(&build, element, "score-attribute", NULL);
    if (is_rule && value != NULL && strcmp(name, "score-attribute") == 0)
        cs_build_attribute(&build, element, "score", NULL);
    cs_build_attribute(&build, element, name, value);
    return cs_build_commit(&build, error);
}

/* ---- becoming another document (live mode follows the cluster) -------- */

/* The element children of a and b pair up in order: same names, same
 * ids.  Then each pair is compared in turn, else the children are
 * replaced as a whole. */
static gboolean cs_become_same_shape(const xmlNode *a, const xmlNode *b)
{
    const xmlNode *x = a->children, *y = b->children;
    for (;;) {
        while (x != NULL && x->type != XML_ELEMENT_NODE)
            x = x->next;
        while (y != NULL && y->type != XML_ELEMENT_NODE)
            y = y->next;
        if (x == NULL || y == NULL)
            return x == y;
        xmlChar *x_id = xmlGetProp(x, BAD_CAST "id");
        xmlChar *y_id = xmlGetProp(y, BAD_CAST "id");
        gboolean same = xmlStrEqual(x->name, y->name)
                        && (x_id == NULL ? y_id == NULL : y_id != NULL && xmlStrEqual(x_id, y_id));
        xmlFree(x_id);
        xmlFree(y_id);
        if (!same)
            return FALSE;
        x = x->next;
        y = y->next;
    }
}

static void cs_become_attributes(CsBuild *build, xmlNode *element, const xmlNode *target)
{
    for (xmlAttr *attr = element->properties, *next; attr != NULL; attr = next) {
        next = attr->next;
        if (xmlHasProp(target, attr->name) == NULL) {
            g_autofree char *name = g_strdup((const char *)attr->name);
            cs_build_attribute(build, element, name, NULL);
        }
    }
    for (xmlAttr *attr = target->properties; attr != NULL; attr = attr->next) {
        xmlChar *value = xmlNodeGetContent((xmlNode *)attr);
        cs_build_attribute(build, element, (const char *)attr->name,
                           value != NULL ? (const char *)value : "");
        xmlFree(value);
    }
}

static void cs_become_element(CsBuild *build, xmlNode *element, const xmlNode *target)
{
    /* A node's resource history: no edit changes it, and both sides are
     * built on the same CIB (edit.h); it is most of a large status. */
    if (strcmp((const char *)element->name, "lrm") == 0)
        return;
    cs_become_attributes(build, element, target);
    if (cs_become_same_shape(element, target)) {
        xmlNode *x = element->children;
        const xmlNode *y = target->children;
        for (;; x = x->next, y = y->next) {
            while (x != NULL && x->type != XML_ELEMENT_NODE)
                x = x->next;
            while (y != NULL && y->type != XML_ELEMENT_NODE)
                y = y->next;
            if (x == NULL || y == NULL)
                return;
            cs_become_element(build, x, y);
        }
    }
    for (xmlNode *child = element->children, *next; child != NULL; child = next) {
        next = child->next;
        cs_build_unlink(build, child);
    }
    for (const xmlNode *child = target->children; child != NULL; child = child->next)
        cs_build_link(build, element, NULL, xmlDocCopyNode((xmlNode *)child, element->doc, 1));
}

gboolean cs_edit_become(CsEditLog *log, const char *description, const xmlNode *target,
                        GError **error)
{
    xmlNode *root = xmlDocGetRootElement(log->document->xml);
    if (root == NULL || target == NULL || !xmlStrEqual(root->name, target->name)) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID,
                    "%s: not a document of the same kind", description);
        return FALSE;
    }
    CsBuild build;
    cs_build_begin(&build, log, description);
    cs_become_element(&build, root, target);
    return cs_build_commit(&build, error);
}

/* ---- the wall clock of a live session ------------------------------------ */

gboolean cs_edit_log_clock_edited(const CsEditLog *log)
{
    for (guint i = 0; i < log->applied; i++)
        if (((const CsEdit *)g_ptr_array_index(log->edits, i))->clock)
            return TRUE;
    return FALSE;
}

gboolean cs_edit_log_set_now(CsEditLog *log, CsTime now)
{
    if (cs_edit_log_clock_edited(log))
        return FALSE;
    if (now.seconds == log->now.seconds && now.offset == log->now.offset)
        return FALSE;
    log->now = now;
    /* Every state now has another clock: none may keep its name (a model
     * kept under an old name would be taken for this state). */
    log->base_state = cs_edit_next_state();
    for (guint i = 0; i < log->edits->len; i++)
        ((CsEdit *)g_ptr_array_index(log->edits, i))->state = cs_edit_next_state();
    return TRUE;
}
