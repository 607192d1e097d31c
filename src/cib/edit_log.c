/* edit_log.c: the undo log of object-level edits of the CIB document.
 *
 * An edit is a list of steps, each applied as it is recorded: link a node
 * under a parent before a sibling, unlink a node, or swap one attribute
 * node for another.  Undo runs the steps backwards, redo forwards.  The
 * steps hold the very nodes they moved, so undo does not rebuild anything:
 * the document gets back the nodes it had, and serializes to the bytes it
 * had.  Nodes are linked by hand rather than with xmlAddPrevSibling and
 * friends because those merge adjacent text nodes, freeing the one we
 * would need to unlink later.
 *
 * The edits themselves are built in edit.c and edit_*.c through the
 * CsBuild transaction below (edit_build.h); the clock, which is part of
 * the log's state rather than of the document, is set here.
 */
#include "base/xml.h"
#include "cib/edit_log.h"

#include <stdarg.h>
#include <string.h>

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-edit-error-quark, cs_edit_error)
/* clang-format on */

typedef enum {
    CS_STEP_LINK,      /* node linked under parent before next */
    CS_STEP_UNLINK,    /* node unlinked from under parent before next */
    CS_STEP_ATTRIBUTE, /* on element, attribute old replaced by new */
} CsStepKind;

typedef struct CsStep {
    CsStepKind kind;
    xmlNode *node; /* linked or unlinked node; the element */
    xmlNode *parent;
    xmlNode *next;                /* NULL: last child */
    xmlAttr *old_attr, *new_attr; /* either may be NULL (absent) */
    xmlAttr *next_attr;           /* the attribute before which one comes
                                     or goes (NULL: last) */
} CsStep;

typedef struct CsEdit {
    char *description;
    GPtrArray *steps; /* CsStep*, in the order applied */
    gboolean clock;   /* a clock change, not a document edit */
    CsTime clock_before, clock_after;
    guint64 state; /* names the state this edit leaves */
} CsEdit;

struct CsEditLog {
    CsDocument *document;
    CsTime now;
    GPtrArray *edits;            /* CsEdit*, oldest first */
    guint applied;               /* edits[0, applied) are in effect */
    gint saved;                  /* `applied` when last saved; -1: state lost */
    GHashTable *reserved;        /* ids handed out to the edit being built */
    guint changes;               /* CsEditChanges since cs_edit_log_take_changes */
    GHashTable *meta_owners;     /* set of resource elements: RESOURCE_META */
    GHashTable *constraint_tops; /* set of <constraints> children: CONSTRAINTS */
    guint64 base_state;          /* names the state before edits[0] */
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
        for (prev = element->properties; prev != NULL && prev->next != NULL; prev = prev->next)
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

/* Puts `incoming` where `outgoing` was (or before `at`); either may be
 * NULL. */
static void cs_swap_attribute(xmlNode *element, xmlAttr *outgoing, xmlAttr *incoming, xmlAttr *at)
{
    xmlAttr *next = at;

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
    case CS_STEP_LINK: cs_link_node(step->parent, step->next, step->node); break;
    case CS_STEP_UNLINK: xmlUnlinkNode(step->node); break;
    case CS_STEP_ATTRIBUTE:
        cs_swap_attribute(step->node, step->old_attr, step->new_attr, step->next_attr);
        break;
    }
}

static void cs_step_backward(const CsStep *step)
{
    switch (step->kind) {
    case CS_STEP_LINK: xmlUnlinkNode(step->node); break;
    case CS_STEP_UNLINK: cs_link_node(step->parent, step->next, step->node); break;
    case CS_STEP_ATTRIBUTE:
        cs_swap_attribute(step->node, step->new_attr, step->old_attr, step->next_attr);
        break;
    }
}

/* ---- where an edit reached ----------------------------------------------
 * The model is read from the document section by section; an edit that
 * stays inside some of them lets the session read only what depends on
 * those (cs_model_rebuild).  Every step is placed as narrowly as it can
 * be; anything not recognised is CS_EDIT_CHANGED_OTHER. */

static gboolean cs_is_root(const xmlNode *node)
{
    return node != NULL && node->type == XML_ELEMENT_NODE && node->parent != NULL
           && node->parent->type == XML_DOCUMENT_NODE;
}

/* The resource elements cs_model_rebuild() reads again alone (not
 * bundles). */
static gboolean cs_is_meta_resource(const xmlNode *node)
{
    return cs_xml_is(node, "primitive") || cs_xml_is(node, "group") || cs_xml_is(node, "clone")
           || cs_xml_is(node, "master");
}

/* The resource whose own <meta_attributes>, <utilization>,
 * <instance_attributes> or <operations> holds node (or is node), with
 * nothing but resources between it and <resources>; else NULL.
 * (Utilization is read with the resource and nothing in the status
 * depends on it, so re-reading the resource follows it too; operation
 * digests depend on instance attributes and operations, and the status
 * on which operations there are, so the rebuild reads the status again
 * when they changed.) */
static xmlNode *cs_meta_owner(const xmlNode *node, const xmlNode *parent)
{
    while (parent != NULL && !cs_xml_is(node, "meta_attributes") && !cs_xml_is(node, "utilization")
           && !cs_xml_is(node, "instance_attributes") && !cs_xml_is(node, "operations")) {
        node = parent;
        parent = parent->parent;
    }
    if (parent == NULL || !cs_is_meta_resource(parent))
        return NULL;
    xmlNode *owner = (xmlNode *)parent;
    for (; cs_is_meta_resource(parent); parent = parent->parent)
        ;
    return cs_xml_is(parent, "resources") && cs_xml_is(parent->parent, "configuration")
                   && cs_is_root(parent->parent->parent)
               ? owner
               : NULL;
}

/* Whether node is inside (or is) a node_state's <transient_attributes>. */
static gboolean cs_in_transient(const xmlNode *node, const xmlNode *parent)
{
    while (parent != NULL && !cs_xml_is(node, "transient_attributes")) {
        node = parent;
        parent = parent->parent;
    }
    return cs_xml_is(parent, "node_state") && cs_xml_is(parent->parent, "status")
           && cs_is_root(parent->parent->parent);
}

/* Whether node is the status section's <tickets> or inside it. */
static gboolean cs_in_tickets(const xmlNode *node, const xmlNode *parent)
{
    while (parent != NULL && !cs_xml_is(node, "tickets")) {
        node = parent;
        parent = parent->parent;
    }
    return cs_xml_is(parent, "status") && cs_is_root(parent->parent);
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
        if (cs_xml_is(up, "configuration") && cs_is_root(up->parent))
            break;
        if (cs_is_root(up)) {
            if (cs_xml_is(section, "status") && cs_in_transient(node, parent))
                return CS_EDIT_CHANGED_STATUS;
            if (cs_xml_is(section, "status") && cs_in_tickets(node, parent))
                return CS_EDIT_CHANGED_TICKETS;
            /* a node coming or going (node add, node remove) */
            if (cs_xml_is(section, "status") && parent == section && cs_xml_is(node, "node_state"))
                return CS_EDIT_CHANGED_NODE_STATES;
            return CS_EDIT_CHANGED_OTHER;
        }
    }
    /* A section itself, linked or unlinked under <configuration>: the
     * first rsc_defaults or op_defaults edit adds that one. */
    if (section == node && parent != NULL && cs_xml_is(node, "op_defaults"))
        return CS_EDIT_CHANGED_OP_DEFAULTS;
    if (section == node)
        return parent != NULL && cs_xml_is(node, "rsc_defaults") ? CS_EDIT_CHANGED_RSC_DEFAULTS
                                                                 : CS_EDIT_CHANGED_OTHER;
    if (section->parent == NULL)
        return CS_EDIT_CHANGED_OTHER; /* out of the document */
    if (cs_xml_is(section, "rsc_defaults"))
        return CS_EDIT_CHANGED_RSC_DEFAULTS;
    if (cs_xml_is(section, "constraints"))
        return CS_EDIT_CHANGED_CONSTRAINTS;
    if (cs_xml_is(section, "nodes"))
        return CS_EDIT_CHANGED_NODES;
    if (cs_xml_is(section, "crm_config"))
        return CS_EDIT_CHANGED_OPTIONS;
    if (cs_xml_is(section, "op_defaults"))
        return CS_EDIT_CHANGED_OP_DEFAULTS;
    if (cs_xml_is(section, "resources")) {
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
    while (!cs_xml_is(parent, "constraints")) {
        node = parent;
        parent = parent->parent;
    }
    return node;
}

/* Records where a step (about to be applied either way) changes the
 * document: a link or unlink changes its parent's children, an attribute
 * its element. */
/* Whether node is a resource element (not a bundle) under parent,
 * <resources> or a resource element under it: a link or unlink of node
 * only reshapes the resource tree, a change of its attributes is one of
 * that resource alone. */
static gboolean cs_resource_tree_step(const xmlNode *node, const xmlNode *parent)
{
    if (!cs_is_meta_resource(node))
        return FALSE;
    for (; cs_is_meta_resource(parent); parent = parent->parent)
        ;
    return cs_xml_is(parent, "resources") && cs_xml_is(parent->parent, "configuration")
           && cs_is_root(parent->parent->parent);
}

static void cs_log_note_step(CsEditLog *log, const CsStep *step)
{
    xmlNode *owner = NULL;
    xmlNode *parent = step->kind == CS_STEP_ATTRIBUTE ? step->node->parent : step->parent;

    if (step->kind != CS_STEP_ATTRIBUTE && cs_resource_tree_step(step->node, parent)) {
        log->changes |= CS_EDIT_CHANGED_RESOURCE_TREE;
        return;
    }
    /* an attribute of a resource element itself (class, type, template,
     * description...): the resource is read again (`edit ID`) */
    if (step->kind == CS_STEP_ATTRIBUTE && cs_resource_tree_step(step->node, parent)) {
        log->changes |= CS_EDIT_CHANGED_RESOURCE_META;
        g_hash_table_add(log->meta_owners, step->node);
        return;
    }
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
static void cs_edit_collect_detached(const CsEdit *edit, GHashTable *nodes, GHashTable *attrs)
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

/* Frees the nodes and attributes collected by cs_edit_collect_detached. */
static void cs_free_detached(GHashTable *nodes, GHashTable *attrs)
{
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init(&iter, nodes);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        xmlFreeNode(key);
    g_hash_table_iter_init(&iter, attrs);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        xmlFreeProp(key);
}

/* Frees edits[from, len) and what they hold outside the document, except
 * what keep (the edit being recorded, or NULL) holds. */
static void cs_edit_log_truncate(CsEditLog *log, guint from, const CsEdit *keep)
{
    g_autoptr(GHashTable) nodes = g_hash_table_new(NULL, NULL);
    g_autoptr(GHashTable) attrs = g_hash_table_new(NULL, NULL);

    for (guint i = from; i < log->edits->len; i++)
        cs_edit_collect_detached(g_ptr_array_index(log->edits, i), nodes, attrs);
    cs_edit_spare(keep, nodes, attrs);
    cs_free_detached(nodes, attrs);
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
                                          linked ? CS_INDEX_LINKED : CS_INDEX_UNLINKED, step->node,
                                          NULL, NULL);
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
    build->refused_id = NULL;
    g_hash_table_remove_all(log->reserved);
}

void cs_build_describe(CsBuild *build, const char *description)
{
    g_free(build->edit->description);
    build->edit->description = g_strdup(description);
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
    cs_free_detached(nodes, attrs);
    cs_edit_free(edit);
    build->edit = NULL;
    g_clear_pointer(&build->refused_id, g_free);
    g_hash_table_remove_all(build->log->reserved);
}

/* Records the edit in the log (dropping what could have been redone). */
gboolean cs_build_commit(CsBuild *build, GError **error)
{
    CsEditLog *log = build->log;

    if (build->refused_id != NULL) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID,
                    "%s: the id it would write, '%s', is not an XML id (a blank or a "
                    "character such as / , ; & ' \" < = @ ( ) in a name): the CIB's "
                    "schema refuses it, and so would Pacemaker's tools",
                    build->edit->description, build->refused_id);
        cs_build_abort(build);
        return FALSE;
    }
    if (build->edit->steps->len == 0 && !build->edit->clock) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "%s: nothing to change",
                    build->edit->description);
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

void cs_build_link(CsBuild *build, xmlNode *parent, xmlNode *next, xmlNode *node)
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

/* Sets (value non-NULL) or removes an attribute of element; a new one
 * goes before `before` (NULL: last).  An attribute taken away comes back
 * where it was on undo. */
void cs_build_attribute_before(CsBuild *build, xmlNode *element, const char *name,
                               const char *value, xmlAttr *before)
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
    if (old_attr == NULL)
        step->next_attr = before;
    else if (value == NULL)
        step->next_attr = old_attr->next;
    cs_log_note_step(build->log, step);
    cs_step_forward(step);
}

void cs_build_attribute(CsBuild *build, xmlNode *element, const char *name, const char *value)
{
    cs_build_attribute_before(build, element, name, value, NULL);
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
    const char *newline =
        parent_blank != NULL ? strrchr((const char *)parent_blank->content, '\n') : NULL;
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
void cs_build_insert(CsBuild *build, xmlNode *parent, xmlNode *before, xmlNode *node)
{
    if (before != NULL) {
        xmlNode *blank = cs_blank_before(before);
        cs_build_link(build, parent, before, node);
        if (blank != NULL)
            cs_build_link(build, parent, before, cs_text(build, (const char *)blank->content));
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

/* The attribute as a newly allocated string, or NULL. */
char *cs_attribute(const xmlNode *element, const char *name)
{
    xmlChar *value = xmlGetNoNsProp(element, BAD_CAST name);
    char *copy = g_strdup((const char *)value);

    xmlFree(value);
    return copy;
}

gboolean cs_edit_valid_id(const char *id)
{
    if (id == NULL || *id == '\0' || g_ascii_isdigit(*id) || *id == '-' || *id == '.')
        return FALSE;
    for (const char *c = id; *c != '\0'; c++)
        if (!g_ascii_isalnum(*c) && strchr("._-", *c) == NULL && (guchar)*c < 0x80)
            return FALSE;
    return TRUE;
}

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

void cs_edit_log_reserve(CsEditLog *log, const char *id)
{
    g_hash_table_add(log->reserved, g_strdup(id));
}

/* Whether the document names a schema to be valid against: Pacemaker
 * Explained 2.1, "Configuration Layout" (validate-with; "none", or none
 * given, turns validation off). */
static gboolean cs_schema_named(const CsDocument *document)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    g_autofree char *wanted = root != NULL ? cs_attribute(root, "validate-with") : NULL;

    return wanted != NULL && strcmp(wanted, "none") != 0;
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

/* Whether node is in the status section, which Pacemaker's schema lets
 * hold anything (node ids there are numbers). */
static gboolean cs_in_status(const xmlNode *node)
{
    for (; node != NULL && node->type == XML_ELEMENT_NODE; node = node->parent)
        if (xmlStrEqual(node->name, BAD_CAST "status") && node->parent != NULL
            && node->parent->type == XML_ELEMENT_NODE
            && xmlStrEqual(node->parent->name, BAD_CAST "cib"))
            return TRUE;
    return FALSE;
}

void cs_build_check_id(CsBuild *build, const xmlNode *parent, const char *id)
{
    if (build->refused_id == NULL && !cs_edit_valid_id(id) && !cs_in_status(parent)
        && cs_schema_named(build->log->document))
        build->refused_id = g_strdup(id);
}

/* ---- new elements, before they are linked ----------------------------- */

xmlNode *cs_new_element(CsBuild *build, const char *name)
{
    return xmlNewDocNode(cs_edit_log_document(build->log)->xml, NULL, BAD_CAST name, NULL);
}

/* Sets attributes on an element not yet in the document (no steps
 * needed: the element itself is linked by one). */
void cs_set(xmlNode *element, const char *name, const char *value)
{
    xmlAttr *attr = cs_new_attribute(element->doc, name, value);

    cs_link_attribute(element, NULL, attr);
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

/* ---- the clock -------------------------------------------------------- */

gboolean cs_edit_set_time(CsEditLog *log, CsTime now, GError **error)
{
    g_autofree char *shown = cs_time_format(now);
    g_autofree char *description = g_strdup_printf("time %s", shown);
    CsBuild build;

    if (now.seconds == log->now.seconds && now.offset == log->now.offset) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "the clock is already %s",
                    shown);
        return FALSE;
    }
    cs_build_begin(&build, log, description);
    build.edit->clock = TRUE;
    build.edit->clock_before = log->now;
    build.edit->clock_after = now;
    log->now = now;
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
