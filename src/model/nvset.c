/* nvset.c: choosing name/value pairs from scored, rule-selected sets.
 *
 * Pacemaker Explained 2.1, "Using Rules to Control Resource Options" and
 * 12.2 "Reusing Parts of the Configuration".  Pacemaker 2.1.5 gathers the
 * sets, sorts them by descending score (the set named first_id ahead of
 * all), evaluates each set's rules and takes, for every name, the first
 * value found.  Its sort is stable over the sets in reverse document order,
 * so between equal scores the LAST set in the document wins; we keep that.
 */
#include <string.h>

#include "model/nvset.h"
#include "base/score.h"

typedef struct {
    xmlNode *set;
    const char *id;
    CsScore score;
    const char *first_id;
} CsNvsetEntry;

static const char *cs_nvset_attr(const xmlNode *element, const char *name)
{
    for (const xmlAttr *attr = element->properties; attr != NULL; attr = attr->next) {
        if (strcmp((const char *)attr->name, name) == 0) {
            return attr->children != NULL ? (const char *)attr->children->content : "";
        }
    }
    return NULL;
}

/* id-ref: the element of the same tag with that id, NULL if dangling. */
static xmlNode *cs_nvset_expand(const CsDocument *document, xmlNode *element)
{
    const char *ref = cs_nvset_attr(element, "id-ref");

    if (ref == NULL) {
        return element;
    }
    xmlNode *target = cs_document_lookup_id(document, ref);
    if (target == NULL || strcmp((const char *)target->name, (const char *)element->name) != 0) {
        return NULL;
    }
    return target;
}

static gint cs_nvset_compare(gconstpointer a, gconstpointer b)
{
    const CsNvsetEntry *left = a;
    const CsNvsetEntry *right = b;

    if (left->first_id != NULL && left->id != NULL
        && g_ascii_strcasecmp(left->id, left->first_id) == 0) {
        return -1;
    }
    if (left->first_id != NULL && right->id != NULL
        && g_ascii_strcasecmp(right->id, left->first_id) == 0) {
        return 1;
    }
    if (left->score < right->score) {
        return 1;
    }
    if (left->score > right->score) {
        return -1;
    }
    return 0;
}

/* Copies the pairs of one set.  "#default" as a value removes a value an
 * earlier set gave, letting the default apply (Pacemaker's populate_hash). */
static void cs_nvset_populate(const CsDocument *document, xmlNode *set, GHashTable *into,
                              gboolean ref_strings)
{
    xmlNode *list = set;

    for (xmlNode *child = set->children; child != NULL; child = child->next) {
        if (child->type == XML_ELEMENT_NODE) {
            if (strcmp((const char *)child->name, "attributes") == 0) {
                list = child; /* the pre-1.0 <attributes> wrapper */
            }
            break;
        }
    }
    for (xmlNode *pair = list->children; pair != NULL; pair = pair->next) {
        if (pair->type != XML_ELEMENT_NODE || strcmp((const char *)pair->name, "nvpair") != 0) {
            continue;
        }
        xmlNode *referenced = cs_nvset_expand(document, pair);
        const char *name = cs_nvset_attr(pair, "name");
        const char *value = cs_nvset_attr(pair, "value");
        if (name == NULL && referenced != NULL) {
            name = cs_nvset_attr(referenced, "name");
        }
        if (value == NULL && referenced != NULL) {
            value = cs_nvset_attr(referenced, "value");
        }
        if (name == NULL || value == NULL) {
            continue;
        }
        if (g_ascii_strcasecmp(value, "#default") == 0) {
            g_hash_table_remove(into, name);
        } else if (g_hash_table_contains(into, name)) {
            continue;
        } else if (ref_strings) {
            cs_ref_table_insert(into, name, value);
        } else {
            g_hash_table_insert(into, g_strdup(name), g_strdup(value));
        }
    }
}

static GList *cs_nvsets_gather(const CsDocument *document, xmlNode *parent,
                               const char *element_name, const char *first_id, GList *sets)
{
    if (parent == NULL) {
        return sets;
    }
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE
            || strcmp((const char *)child->name, element_name) != 0) {
            continue;
        }
        xmlNode *set = cs_nvset_expand(document, child);
        if (set == NULL) {
            continue;
        }
        CsNvsetEntry *entry = g_new0(CsNvsetEntry, 1);
        entry->set = set;
        entry->id = cs_nvset_attr(set, "id");
        entry->first_id = first_id;
        if (!cs_score_parse(cs_nvset_attr(set, "score"), &entry->score)) {
            entry->score = 0;
        }
        sets = g_list_prepend(sets, entry);
    }
    return sets;
}

static void cs_nvsets_fill(const CsDocument *document, xmlNode *const *parents, gsize n_parents,
                           const char *element_name, const CsRuleContext *context,
                           const char *first_id, GHashTable *into, gboolean ref_strings)
{
    GList *sets = NULL;

    for (gsize i = 0; i < n_parents; i++) {
        sets = cs_nvsets_gather(document, parents[i], element_name, first_id, sets);
    }
    sets = g_list_sort(sets, cs_nvset_compare);
    for (GList *item = sets; item != NULL; item = item->next) {
        CsNvsetEntry *entry = item->data;
        if (cs_rules_pass(entry->set, context)) {
            cs_nvset_populate(document, entry->set, into, ref_strings);
        }
    }
    g_list_free_full(sets, g_free);
}

void cs_nvsets_unpack_many(const CsDocument *document, xmlNode *const *parents, gsize n_parents,
                           const char *element_name, const CsRuleContext *context,
                           const char *first_id, GHashTable *into)
{
    cs_nvsets_fill(document, parents, n_parents, element_name, context, first_id, into, FALSE);
}

void cs_nvsets_unpack_refs(const CsDocument *document, xmlNode *const *parents, gsize n_parents,
                           const char *element_name, const CsRuleContext *context, GHashTable *into)
{
    cs_nvsets_fill(document, parents, n_parents, element_name, context, NULL, into, TRUE);
}

static void cs_ref_string_release(gpointer string)
{
    g_ref_string_release(string);
}

GHashTable *cs_ref_table(void)
{
    return g_hash_table_new_full(g_str_hash, g_str_equal, cs_ref_string_release,
                                 cs_ref_string_release);
}

void cs_ref_table_insert(GHashTable *table, const char *name, const char *value)
{
    g_hash_table_replace(table, g_ref_string_new(name), g_ref_string_new(value));
}

void cs_ref_table_share(GHashTable *table, char *name, char *value)
{
    g_hash_table_replace(table, g_ref_string_acquire(name), g_ref_string_acquire(value));
}

GHashTable *cs_ref_table_copy(GHashTable *table)
{
    GHashTable *copy = cs_ref_table();
    GHashTableIter iter;
    gpointer name, value;

    g_hash_table_iter_init(&iter, table);
    while (g_hash_table_iter_next(&iter, &name, &value)) {
        g_hash_table_insert(copy, g_ref_string_acquire(name), g_ref_string_acquire(value));
    }
    return copy;
}

void cs_nvsets_unpack(const CsDocument *document, xmlNode *parent, const char *element_name,
                      const CsRuleContext *context, const char *first_id, GHashTable *into)
{
    cs_nvsets_unpack_many(document, &parent, 1, element_name, context, first_id, into);
}
