/* nvset.h: choosing name/value pairs from scored, rule-selected sets.
 *
 * Pacemaker Explained 2.1, "Using Rules to Control Resource Options":
 * sets (meta_attributes, instance_attributes, utilization,
 * cluster_property_set) are considered in descending score order (a set
 * whose id is first_id first of all, as cib-bootstrap-options is for
 * cluster options); a set applies when its rules pass; the first value
 * found for a name wins.  id-ref on a set or nvpair refers to another
 * element with that id.
 */
#ifndef CS_NVSET_H
#define CS_NVSET_H

#include <glib.h>
#include <libxml/tree.h>
#include "cib/document.h"
#include "model/rules.h"

/* Adds to into (name -> value, both g_strdup'd) every pair the sets named
 * element_name under parent give, never overwriting a name already in
 * into.  first_id may be NULL. */
void cs_nvsets_unpack(const CsDocument *document, xmlNode *parent, const char *element_name,
                      const CsRuleContext *context, const char *first_id, GHashTable *into);

/* As cs_nvsets_unpack, over the sets of several parents taken together in
 * the given order, as if they were one element (a primitive expanded from
 * a template holds the template's sets, then its own). */
void cs_nvsets_unpack_many(const CsDocument *document, xmlNode *const *parents, gsize n_parents,
                           const char *element_name, const CsRuleContext *context,
                           const char *first_id, GHashTable *into);

/* Tables of GRefStrings, keys and values: a copy takes references
 * instead of copying each string, which keeps a resource's meta
 * attributes cheap to derive again after an edit of <rsc_defaults>.
 * Only cs_ref_table_insert(), cs_ref_table_share(), cs_ref_table_copy()
 * and cs_nvsets_unpack_refs() may put strings into one. */
GHashTable *cs_ref_table(void);

/* Sets name to value (both copied into new GRefStrings), replacing any
 * value name had. */
void cs_ref_table_insert(GHashTable *table, const char *name, const char *value);

/* Sets name to value, both GRefStrings another table holds, taking a
 * reference to each. */
void cs_ref_table_share(GHashTable *table, char *name, char *value);

/* A new table holding the same strings, each referenced once more. */
GHashTable *cs_ref_table_copy(GHashTable *table);

/* As cs_nvsets_unpack_many without first_id, into a cs_ref_table(). */
void cs_nvsets_unpack_refs(const CsDocument *document, xmlNode *const *parents, gsize n_parents,
                           const char *element_name, const CsRuleContext *context,
                           GHashTable *into);

#endif
