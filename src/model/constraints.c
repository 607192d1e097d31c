/* constraints.c: location, colocation, order and ticket constraints, and
 * the tags they may name.
 *
 * Pacemaker Explained 2.1, "Resource Constraints" (locations with
 * rsc-pattern, orders, colocations, resource sets), "Resource Templates"
 * in constraints, "Tags", "Multi-Site Clusters and Tickets".  Sets, tags and patterns
 * are expanded into one entry per resource (location, ticket) or per pair
 * (colocation, order) in the order Pacemaker 2.1.5 creates them.  A
 * configuration error drops what Pacemaker drops, with a warning.
 */
#include <regex.h>
#include <string.h>

#include "model/model_internal.h"
#include "model/limits.h"

/* One resource_set, read or made from a tag: member ids with tags and
 * templates already replaced by what they stand for. */
typedef struct {
    const char *id;
    const char *role;
    const char *score;
    const char *sequential; /* NULL when not given */
    const char *require_all;
    const char *action;
    const char *kind;
    const char *symmetrical;
    GPtrArray *members; /* const char* */
} CsSet;

static void cs_set_free(CsSet *set)
{
    g_ptr_array_free(set->members, TRUE);
    g_free(set);
}

/* ---- tags and name resolution ----------------------------------------- */

static void cs_tags_unpack(CsModel *model)
{
    xmlNode *section = cs_document_section(model->document, "tags");

    for (xmlNode *tag = cs_xml_first_element(section); tag != NULL;
         tag = cs_xml_next_element(tag)) {
        const char *tag_id = cs_xml_attr(tag, "id");
        if (!cs_xml_is(tag, "tag")) {
            continue;
        }
        if (tag_id == NULL) {
            cs_model_warn(model, "ignoring <tag> without id");
            continue;
        }
        GPtrArray *refs = g_hash_table_lookup(model->tags, tag_id);
        if (refs == NULL) {
            refs = g_ptr_array_new_with_free_func(g_free);
            g_hash_table_insert(model->tags, g_strdup(tag_id), refs);
        }
        model->features |= CS_FEATURE_TAGS;
        for (xmlNode *ref = cs_xml_first_element(tag); ref != NULL;
             ref = cs_xml_next_element(ref)) {
            const char *ref_id = cs_xml_attr(ref, "id");
            if (!cs_xml_is(ref, "obj_ref") || ref_id == NULL) {
                continue;
            }
            gboolean seen = FALSE;
            for (guint i = 0; i < refs->len && !seen; i++) {
                seen = strcmp(g_ptr_array_index(refs, i), ref_id) == 0;
            }
            if (!seen) {
                g_ptr_array_add(refs, g_strdup(ref_id));
            }
        }
    }
}

/* The clone rsc is inside, or NULL. */
static const CsResource *cs_rsc_clone(const CsModel *model, const CsResource *rsc)
{
    for (int up = rsc->parent; up >= 0;) {
        const CsResource *parent = g_ptr_array_index(model->resources, up);
        if (parent->kind == CS_RSC_CLONE) {
            return parent;
        }
        up = parent->parent;
    }
    return NULL;
}

static gboolean cs_rsc_in_clone(const CsModel *model, const CsResource *rsc)
{
    return cs_rsc_clone(model, rsc) != NULL;
}

/* Templates act as tags naming the resources made from them, in
 * document order (Pacemaker Explained 2.1, "Resource Templates": a
 * constraint may name a template).  A resource inside a clone stands for
 * its clone when the status has a history under the resource's own id
 * (an anonymous instance found by that name), each such member once, so
 * that a clone with two members from the template takes a location
 * twice (oracle, gen.py seeds 1550017, 1550067; crm_simulate resolves
 * the id through the instances' history names).  In a globally-unique
 * clone such a history is an orphan's: the constraint reaches neither
 * the clone nor its instances, and the list goes on (seed 1551609).
 * One without such a
 * history ends the list: crm_simulate applies the template's constraints
 * to no resource from it on (oracle: a location or colocation naming the
 * template reaches a primitive before it, none after, nor the clone's). */
static void cs_template_tags(CsModel *model)
{
    for (guint i = 0; i < model->resources->len; i++) {
        CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->template_id == NULL || g_hash_table_contains(model->tags, rsc->template_id)) {
            continue;
        }
        GPtrArray *refs = g_ptr_array_new_with_free_func(g_free);
        g_hash_table_insert(model->tags, g_strdup(rsc->template_id), refs);
        for (guint j = i; j < model->resources->len; j++) {
            CsResource *user = g_ptr_array_index(model->resources, j);
            if (g_strcmp0(user->template_id, rsc->template_id) != 0) {
                continue;
            }
            const CsResource *clone = cs_rsc_clone(model, user);
            if (clone != NULL) {
                model->constraint_read_status = TRUE;
                if (!cs_model_history_named(model, user->id)) {
                    break;
                }
                if (clone->globally_unique) {
                    continue; /* the history names an orphan, not the clone */
                }
            }
            g_ptr_array_add(refs, g_strdup(user->id));
        }
    }
}

gboolean cs_model_history_named(const CsModel *model, const char *id)
{
    xmlNode *status = cs_document_section(model->document, "status");

    for (xmlNode *node = cs_xml_first_element(status); node != NULL;
         node = cs_xml_next_element(node)) {
        for (xmlNode *lrm = cs_xml_first_element(node); lrm != NULL;
             lrm = cs_xml_next_element(lrm)) {
            if (!cs_xml_is(lrm, "lrm")) {
                continue;
            }
            for (xmlNode *list = cs_xml_first_element(lrm); list != NULL;
                 list = cs_xml_next_element(list)) {
                for (xmlNode *history = cs_xml_first_element(list); history != NULL;
                     history = cs_xml_next_element(history)) {
                    if (cs_xml_is(history, "lrm_resource")
                        && g_strcmp0(cs_xml_attr(history, "id"), id) == 0) {
                        return TRUE;
                    }
                }
            }
        }
    }
    return FALSE;
}

/* Pacemaker's pcmk__find_constraint_resource(): any resource by id; a
 * resource inside a clone stands for the clone.  Inside a promotable
 * clone, the instances do not carry the configured id: the name is
 * found only as the name a history gave an instance, so a constraint
 * naming it while no history does is ignored (checked with crm_simulate:
 * a location on the child moves nothing without history, and moves the
 * clone with one; a role colocation naming it likewise).  Clones that
 * are not promotable are refused by the engine for such a name. */
static CsResource *cs_constraint_rsc(CsModel *model, const char *id)
{
    CsResource *rsc = cs_model_resource(model, id);

    if (rsc == NULL) {
        return NULL;
    }
    for (int parent = rsc->parent; parent >= 0;) {
        CsResource *ancestor = g_ptr_array_index(model->resources, parent);
        if (ancestor->kind == CS_RSC_CLONE) {
            if (!ancestor->promotable) {
                return ancestor;
            }
            model->constraint_read_status = TRUE;
            return cs_model_history_named(model, id) ? ancestor : NULL;
        }
        parent = ancestor->parent;
    }
    return rsc;
}

static GPtrArray *cs_tag_refs(const CsModel *model, const char *id)
{
    return id != NULL ? g_hash_table_lookup(model->tags, id) : NULL;
}

static gboolean cs_valid_rsc_or_tag(CsModel *model, const char *id)
{
    return cs_constraint_rsc(model, id) != NULL || cs_tag_refs(model, id) != NULL;
}

/* Whether id names a template a resource inside a clone is made from. */
static gboolean cs_template_used_in_clone(const CsModel *model, const char *id)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (g_strcmp0(rsc->template_id, id) == 0 && cs_rsc_in_clone(model, rsc)) {
            return TRUE;
        }
    }
    return FALSE;
}

/* A template named in a resource_set stands for no resource at all once
 * a resource inside a clone is made from it (oracle: the set's other
 * members are constrained, none of the template's). */
static void cs_set_add_member(const CsModel *model, CsSet *set, const char *id)
{
    GPtrArray *refs = cs_model_resource(model, id) == NULL ? cs_tag_refs(model, id) : NULL;

    if (refs != NULL && cs_template_used_in_clone(model, id)) {
        return;
    }
    if (refs == NULL) {
        g_ptr_array_add(set->members, (gpointer)id);
        return;
    }
    for (guint i = 0; i < refs->len; i++) {
        g_ptr_array_add(set->members, g_ptr_array_index(refs, i));
    }
}

static CsSet *cs_set_read(const CsModel *model, xmlNode *xml)
{
    CsSet *set = g_new0(CsSet, 1);

    set->id = cs_xml_attr(xml, "id");
    set->role = cs_xml_attr(xml, "role");
    set->score = cs_xml_attr(xml, "score");
    set->sequential = cs_xml_attr(xml, "sequential");
    set->require_all = cs_xml_attr(xml, "require-all");
    set->action = cs_xml_attr(xml, "action");
    set->kind = cs_xml_attr(xml, "kind");
    set->symmetrical = cs_xml_attr(xml, "symmetrical");
    set->members = g_ptr_array_new();
    for (xmlNode *ref = cs_xml_first_element(xml); ref != NULL; ref = cs_xml_next_element(ref)) {
        const char *id = cs_xml_attr(ref, "id");
        if (cs_xml_is(ref, "resource_ref") && id != NULL) {
            cs_set_add_member(model, set, id);
        }
    }
    return set;
}

/* Pacemaker's pcmk__tag_to_set(): a tag named by rsc, with-rsc, first or
 * then becomes a non-sequential set of its members; with convert, a plain
 * resource becomes a one-member set too. */
static CsSet *cs_set_from_attribute(const CsModel *model, const char *id, const char *role,
                                    gboolean convert)
{
    GPtrArray *refs = cs_model_resource(model, id) == NULL ? cs_tag_refs(model, id) : NULL;
    CsSet *set;

    if (refs == NULL && !convert) {
        return NULL;
    }
    set = g_new0(CsSet, 1);
    set->id = id;
    set->role = role;
    set->members = g_ptr_array_new();
    if (refs != NULL) {
        set->sequential = "false";
        for (guint i = 0; i < refs->len; i++) {
            g_ptr_array_add(set->members, g_ptr_array_index(refs, i));
        }
    } else {
        g_ptr_array_add(set->members, (gpointer)id);
    }
    return set;
}

/* The constraint's resource_set children (id-ref resolved); NULL entries
 * mark a dangling reference, which ends processing there. */
static GPtrArray *cs_sets_read(CsModel *model, xmlNode *xml)
{
    GPtrArray *sets = g_ptr_array_new_with_free_func((GDestroyNotify)cs_set_free);

    for (xmlNode *child = cs_xml_first_element(xml); child != NULL;
         child = cs_xml_next_element(child)) {
        if (!cs_xml_is(child, "resource_set")) {
            continue;
        }
        model->features |= CS_FEATURE_SETS;
        xmlNode *set_xml = cs_model_expand_idref(model, child);
        if (set_xml == NULL) {
            cs_model_warn(model, "constraint %s: dangling resource_set reference",
                          cs_xml_attr(xml, "id"));
            g_ptr_array_add(sets, NULL);
            break;
        }
        g_ptr_array_add(sets, cs_set_read(model, set_xml));
    }
    return sets;
}

static CsResource *cs_member(CsModel *model, const char *constraint_id, const CsSet *set, guint i)
{
    const char *id = g_ptr_array_index(set->members, i);
    CsResource *rsc = cs_constraint_rsc(model, id);

    if (rsc == NULL) {
        cs_model_warn(model, "constraint %s: no resource found for %s", constraint_id, id);
    }
    return rsc;
}

/* What a constraint of sets does with each member of each set. */
typedef void (*CsMemberStep)(CsModel *model, xmlNode *xml, const CsSet *set, CsResource *rsc,
                             gpointer data);

/* step for every member of every set in order; the constraint is taken
 * no further from the first set that could not be read, or the first
 * member that names no resource (already warned about). */
static void cs_sets_each_member(CsModel *model, xmlNode *xml, const char *id, GPtrArray *sets,
                                CsMemberStep step, gpointer data)
{
    for (guint s = 0; s < sets->len; s++) {
        const CsSet *set = g_ptr_array_index(sets, s);
        if (set == NULL) {
            return;
        }
        for (guint i = 0; i < set->members->len; i++) {
            CsResource *rsc = cs_member(model, id, set, i);
            if (rsc == NULL) {
                return;
            }
            step(model, xml, set, rsc, data);
        }
    }
}

/* A boolean attribute given explicitly: 1 true, 0 false, -1 absent/invalid. */
static int cs_tristate(const char *text)
{
    if (text == NULL) {
        return -1;
    }
    if (cs_text_is_true(text)) {
        return 1;
    }
    if (cs_text_is_false(text)) {
        return 0;
    }
    return -1;
}

static CsScore cs_score_of(const char *text)
{
    CsScore score = 0;

    cs_score_parse(text, &score);
    return score;
}

/* ---- location ---------------------------------------------------------- */

static gboolean cs_discovery_parse(CsModel *model, const char *id, const char *text,
                                   CsDiscovery *out)
{
    if (text == NULL || g_ascii_strcasecmp(text, "always") == 0) {
        *out = CS_DISCOVERY_ALWAYS;
    } else if (g_ascii_strcasecmp(text, "never") == 0) {
        *out = CS_DISCOVERY_NEVER;
    } else if (g_ascii_strcasecmp(text, "exclusive") == 0) {
        *out = CS_DISCOVERY_EXCLUSIVE;
    } else {
        cs_model_warn(model, "location %s: invalid resource-discovery '%s'", id, text);
        return FALSE;
    }
    return TRUE;
}

/* Whether name is NAME-N, N a replica of bundle NAME that holds a
 * resource: the guest node the engine makes for that replica (Pacemaker
 * Explained 2.1, "Bundles"), which a location may name although no
 * <node> does (the engine applies it if the guest node exists). */
static gboolean names_bundle_guest(const CsModel *model, const char *name)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        size_t length = strlen(rsc->id);
        const char *digits = name + length + 1;
        char *end = NULL;
        gint64 n;

        if (rsc->kind != CS_RSC_BUNDLE || rsc->bundle == NULL || rsc->children->len == 0
            || strncmp(name, rsc->id, length) != 0 || name[length] != '-'
            || !g_ascii_isdigit(*digits))
            continue;
        n = g_ascii_strtoll(digits, &end, 10);
        if (*end == '\0' && (digits[0] != '0' || digits[1] == '\0') && n < rsc->bundle->replicas)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker's unpack_rsc_location(): the node+score form, or one entry
 * holding the constraint's rules (role, score and score-attribute of each
 * rule are on the <rule> itself). */
static void cs_location_add(CsModel *model, xmlNode *xml, CsResource *rsc, const char *role,
                            const char *score, char **submatches)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *node = cs_xml_attr(xml, "node");
    CsDiscovery discovery;

    if (score == NULL) {
        score = cs_xml_attr(xml, "score");
    }
    if (!cs_discovery_parse(model, id, cs_xml_attr(xml, "resource-discovery"), &discovery)) {
        g_strfreev(submatches);
        return;
    }
    CsLocation *location = g_new0(CsLocation, 1);
    location->id = g_strdup(id);
    location->rsc = rsc->index;
    location->discovery = discovery;
    location->xml = xml;
    location->rules = g_ptr_array_new_with_free_func((GDestroyNotify)cs_rule_free);
    location->submatches = submatches;

    if (node != NULL && score != NULL) {
        if (cs_model_node(model, node) == NULL && !names_bundle_guest(model, node)) {
            cs_location_free(location); /* unknown node: nothing to do */
            return;
        }
        location->node = g_strdup(node);
        location->score = cs_score_of(score);
        if (role == NULL) {
            role = cs_xml_attr(xml, "role");
        }
        if (role != NULL) {
            CsRole parsed = cs_role_parse(role);
            if (parsed == CS_ROLE_UNKNOWN) {
                cs_model_warn(model, "location %s: bad role %s", id, role);
                cs_location_free(location);
                return;
            }
            /* Started and Unpromoted apply to every role. */
            location->role = parsed == CS_ROLE_PROMOTED  ? parsed
                             : parsed == CS_ROLE_STOPPED ? parsed
                                                         : CS_ROLE_UNKNOWN;
        }
    } else {
        for (xmlNode *rule = cs_xml_first_element(xml); rule != NULL;
             rule = cs_xml_next_element(rule)) {
            if (!cs_xml_is(rule, "rule")) {
                continue;
            }
            xmlNode *expanded = cs_model_expand_idref(model, rule);
            if (expanded != NULL) {
                g_ptr_array_add(location->rules, cs_rule_compile(expanded));
            }
        }
        if (location->rules->len == 0) {
            cs_model_warn(model, "ignoring location %s: it contains no rules", id);
            cs_location_free(location);
            return;
        }
    }
    g_ptr_array_add(model->locations, location);
}

static gint cs_rsc_priority_compare(gconstpointer a, gconstpointer b)
{
    const CsResource *left = a;
    const CsResource *right = b;

    return left->priority > right->priority ? -1 : left->priority < right->priority ? 1 : 0;
}

/* rsc-pattern: a POSIX extended regular expression over top-level
 * resource ids (in Pacemaker's priority order); "!" inverts it; "%1".."%9"
 * in rules refer to its submatches. */
static void cs_location_pattern(CsModel *model, xmlNode *xml, const char *pattern)
{
    gboolean invert = pattern[0] == '!';
    regex_t regex;

    if (invert) {
        pattern++;
    }
    if (regcomp(&regex, pattern, REG_EXTENDED) != 0) {
        cs_model_warn(model, "ignoring location %s: invalid rsc-pattern '%s'",
                      cs_xml_attr(xml, "id"), pattern);
        return;
    }
    GList *tops = NULL;
    for (guint i = 0; i < model->resources->len; i++) {
        CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->parent < 0) {
            tops = g_list_prepend(tops, rsc);
        }
    }
    tops = g_list_sort(g_list_reverse(tops), cs_rsc_priority_compare);
    size_t n_groups = regex.re_nsub + 1;
    regmatch_t *matches = g_new0(regmatch_t, n_groups);
    for (GList *item = tops; item != NULL; item = item->next) {
        CsResource *rsc = item->data;
        int status = regexec(&regex, rsc->id, n_groups, matches, 0);
        if (!invert && status == 0) {
            char **submatches = g_new0(char *, n_groups + 1);
            for (size_t g = 0; g < n_groups; g++) {
                submatches[g] = matches[g].rm_so < 0
                                    ? g_strdup("")
                                    : g_strndup(rsc->id + matches[g].rm_so,
                                                (gsize)(matches[g].rm_eo - matches[g].rm_so));
            }
            cs_location_add(model, xml, rsc, NULL, NULL, submatches);
        } else if (invert && status != 0) {
            cs_location_add(model, xml, rsc, NULL, NULL, NULL);
        }
    }
    g_free(matches);
    g_list_free(tops);
    regfree(&regex);
}

/* A location or ticket constraint that names its resource (or tag) by
 * attribute rather than by sets: the set that stands for it, added to
 * sets.  FALSE, with a warning, when rsc_id names neither. */
static gboolean cs_sets_add_attribute(CsModel *model, GPtrArray *sets, const char *kind,
                                      const char *id, const char *rsc_id, const char *role)
{
    if (sets->len > 0 || rsc_id == NULL) {
        return TRUE;
    }
    if (!cs_valid_rsc_or_tag(model, rsc_id)) {
        cs_model_warn(model, "ignoring %s %s: '%s' is not a valid resource or tag", kind, id,
                      rsc_id);
        return FALSE;
    }
    CsSet *tag_set = cs_set_from_attribute(model, rsc_id, role, FALSE);
    if (tag_set != NULL) {
        g_ptr_array_add(sets, tag_set);
    }
    return TRUE;
}

static void cs_location_member(CsModel *model, xmlNode *xml, const CsSet *set, CsResource *rsc,
                               gpointer data)
{
    (void)data;
    cs_location_add(model, xml, rsc, set->role, set->score, NULL);
}

static void cs_location_unpack(CsModel *model, xmlNode *xml)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *rsc_id = cs_xml_attr(xml, "rsc");
    g_autoptr(GPtrArray) sets = cs_sets_read(model, xml);

    if (!cs_sets_add_attribute(model, sets, "location", id, rsc_id, cs_xml_attr(xml, "role"))) {
        return;
    }
    cs_sets_each_member(model, xml, id, sets, cs_location_member, NULL);
    if (sets->len > 0) {
        return;
    }
    if (rsc_id != NULL) {
        cs_location_add(model, xml, cs_constraint_rsc(model, rsc_id), NULL, NULL, NULL);
    } else if (cs_xml_attr(xml, "rsc-pattern") != NULL) {
        cs_location_pattern(model, xml, cs_xml_attr(xml, "rsc-pattern"));
    }
}

/* ---- colocation -------------------------------------------------------- */

static gboolean cs_colocation_influence(CsModel *model, const char *id, const CsResource *dependent,
                                        const char *influence)
{
    int value = cs_tristate(influence);

    if (influence != NULL && value < 0) {
        cs_model_warn(model, "colocation %s: invalid influence, using default", id);
    }
    return value >= 0 ? value == 1 : dependent->critical;
}

static CsRole cs_colocation_role(const char *text)
{
    CsRole role = cs_role_parse(text);

    return role == CS_ROLE_STARTED ? CS_ROLE_UNKNOWN : role;
}

static void cs_colocation_add(CsModel *model, xmlNode *xml, const char *set_id, CsScore score,
                              CsResource *dependent, CsResource *primary,
                              const char *dependent_role, const char *primary_role,
                              gboolean influence, const char *node_attribute)
{
    if (score == 0) {
        return;
    }
    CsColocation *colocation = g_new0(CsColocation, 1);
    colocation->id = g_strdup(cs_xml_attr(xml, "id"));
    colocation->set_id = g_strdup(set_id);
    colocation->rsc = dependent->index;
    colocation->with_rsc = primary->index;
    colocation->score = score;
    colocation->rsc_role = cs_colocation_role(dependent_role);
    colocation->with_role = cs_colocation_role(primary_role);
    colocation->node_attribute = g_strdup(node_attribute != NULL ? node_attribute : "#uname");
    colocation->influence = influence;
    colocation->xml = xml;
    g_ptr_array_add(model->colocations, colocation);
}

/* Pacemaker's unpack_colocation_set(): with a positive score each member
 * goes with the one before it; with a negative score each member avoids
 * every member before it; sequential="false" makes no pairs. */
static gboolean cs_colocation_set(CsModel *model, xmlNode *xml, const CsSet *set, CsScore score,
                                  const char *influence)
{
    const char *id = cs_xml_attr(xml, "id");

    if (set->score != NULL) {
        score = cs_score_of(set->score);
    }
    if (score == 0 || cs_tristate(set->sequential) == 0) {
        return TRUE;
    }
    if (score > 0) {
        CsResource *with = NULL;
        for (guint i = 0; i < set->members->len; i++) {
            CsResource *rsc = cs_member(model, id, set, i);
            if (rsc == NULL) {
                return FALSE;
            }
            if (with != NULL) {
                cs_colocation_add(model, xml, set->id, score, rsc, with, set->role, set->role,
                                  cs_colocation_influence(model, id, rsc, influence), NULL);
            }
            with = rsc;
        }
        return TRUE;
    }
    for (guint i = 0; i < set->members->len; i++) {
        CsResource *rsc = cs_member(model, id, set, i);
        if (rsc == NULL) {
            return FALSE;
        }
        gboolean rsc_influence = cs_colocation_influence(model, id, rsc, influence);
        for (guint j = 0; j < set->members->len; j++) {
            if (g_ascii_strcasecmp(rsc->id, g_ptr_array_index(set->members, j)) == 0) {
                break;
            }
            CsResource *with = cs_member(model, id, set, j);
            if (with == NULL) {
                return FALSE;
            }
            cs_colocation_add(model, xml, set->id, score, rsc, with, set->role, set->role,
                              rsc_influence, NULL);
        }
    }
    return TRUE;
}

/* Pacemaker's colocate_rsc_sets(): the first member of the earlier set
 * (every member, when it is not sequential) goes with the last member of
 * the later set (every member, when not sequential). */
static gboolean cs_colocation_between(CsModel *model, xmlNode *xml, const CsSet *set1,
                                      const CsSet *set2, CsScore score, const char *influence)
{
    const char *id = cs_xml_attr(xml, "id");
    CsResource *rsc1 = NULL, *rsc2 = NULL;

    if (score == 0) {
        return TRUE;
    }
    if (cs_tristate(set1->sequential) != 0 && set1->members->len > 0
        && (rsc1 = cs_member(model, id, set1, 0)) == NULL) {
        return FALSE;
    }
    if (cs_tristate(set2->sequential) != 0 && set2->members->len > 0
        && (rsc2 = cs_member(model, id, set2, set2->members->len - 1)) == NULL) {
        return FALSE;
    }
    for (guint i = 0; i < (rsc1 != NULL ? 1 : set1->members->len); i++) {
        CsResource *dependent = rsc1 != NULL ? rsc1 : cs_member(model, id, set1, i);
        if (dependent == NULL) {
            return FALSE;
        }
        gboolean rsc_influence = cs_colocation_influence(model, id, dependent, influence);
        for (guint j = 0; j < (rsc2 != NULL ? 1 : set2->members->len); j++) {
            CsResource *primary = rsc2 != NULL ? rsc2 : cs_member(model, id, set2, j);
            if (primary == NULL) {
                return FALSE;
            }
            cs_colocation_add(model, xml, NULL, score, dependent, primary, set1->role, set2->role,
                              rsc_influence, NULL);
        }
    }
    return TRUE;
}

/* The two resources a constraint names (one_id and other_id); FALSE,
 * with a warning naming the first that does not exist, when either is
 * missing: the constraint is then ignored. */
static gboolean cs_both_resources(CsModel *model, const char *what, const char *id,
                                  const char *one_id, const char *other_id, CsResource **one,
                                  CsResource **other)
{
    *one = cs_constraint_rsc(model, one_id);
    *other = cs_constraint_rsc(model, other_id);
    if (*one != NULL && *other != NULL) {
        return TRUE;
    }
    const char *missing = *one == NULL ? one_id : other_id;
    cs_model_warn(model, "ignoring %s %s: resource '%s' does not exist", what, id,
                  missing != NULL ? missing : "");
    return FALSE;
}

static void cs_colocation_simple(CsModel *model, xmlNode *xml, const char *influence)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *dependent_id = cs_xml_attr(xml, "rsc");
    const char *primary_id = cs_xml_attr(xml, "with-rsc");
    CsResource *dependent, *primary;

    if (!cs_both_resources(model, "colocation", id, dependent_id, primary_id, &dependent,
                           &primary)) {
        return;
    }
    if (cs_xml_attr(xml, "rsc-instance") != NULL || cs_xml_attr(xml, "with-rsc-instance") != NULL) {
        cs_model_warn(model, "colocation %s: rsc-instance is not modelled", id);
    }
    cs_colocation_add(model, xml, NULL, cs_score_of(cs_xml_attr(xml, "score")), dependent, primary,
                      cs_xml_attr(xml, "rsc-role"), cs_xml_attr(xml, "with-rsc-role"),
                      cs_colocation_influence(model, id, dependent, influence),
                      cs_xml_attr(xml, "node-attribute"));
}

static void cs_colocation_unpack(CsModel *model, xmlNode *xml)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *influence = cs_xml_attr(xml, "influence");
    CsScore score = cs_score_of(cs_xml_attr(xml, "score"));
    g_autoptr(GPtrArray) sets = cs_sets_read(model, xml);
    const char *rsc_id = cs_xml_attr(xml, "rsc");
    const char *with_id = cs_xml_attr(xml, "with-rsc");

    if (sets->len == 0 && rsc_id != NULL && with_id != NULL) {
        if (!cs_valid_rsc_or_tag(model, rsc_id) || !cs_valid_rsc_or_tag(model, with_id)) {
            cs_model_warn(model,
                          "ignoring colocation %s: '%s' is not a valid resource "
                          "or tag",
                          id, cs_valid_rsc_or_tag(model, rsc_id) ? with_id : rsc_id);
            return;
        }
        /* Pacemaker's unpack_colocation_tags(): two templates or tags
         * cannot be colocated; the constraint is ignored. */
        if (cs_model_resource(model, rsc_id) == NULL && cs_model_resource(model, with_id) == NULL) {
            cs_model_warn(model,
                          "ignoring colocation %s: two templates or tags "
                          "cannot be colocated",
                          id);
            return;
        }
        if (cs_model_resource(model, rsc_id) == NULL || cs_model_resource(model, with_id) == NULL) {
            g_ptr_array_add(
                sets, cs_set_from_attribute(model, rsc_id, cs_xml_attr(xml, "rsc-role"), TRUE));
            g_ptr_array_add(sets, cs_set_from_attribute(model, with_id,
                                                        cs_xml_attr(xml, "with-rsc-role"), TRUE));
        }
    }
    CsSet *last = NULL;
    for (guint s = 0; s < sets->len; s++) {
        CsSet *set = g_ptr_array_index(sets, s);
        if (set == NULL || !cs_colocation_set(model, xml, set, score, influence)) {
            return;
        }
        if (last != NULL && !cs_colocation_between(model, xml, last, set, score, influence)) {
            return;
        }
        last = set;
    }
    if (last == NULL) {
        cs_colocation_simple(model, xml, influence);
    }
}

/* ---- order ------------------------------------------------------------- */

static CsOrderKind cs_order_kind(CsModel *model, const char *id, const char *kind,
                                 const char *score)
{
    if (kind == NULL) {
        /* the deprecated score: 0 means optional */
        return (score != NULL && cs_score_of(score) == 0) ? CS_ORDER_OPTIONAL : CS_ORDER_MANDATORY;
    }
    if (g_ascii_strcasecmp(kind, "Mandatory") == 0) {
        return CS_ORDER_MANDATORY;
    }
    if (g_ascii_strcasecmp(kind, "Optional") == 0) {
        return CS_ORDER_OPTIONAL;
    }
    if (g_ascii_strcasecmp(kind, "Serialize") == 0) {
        return CS_ORDER_SERIALIZE;
    }
    cs_model_warn(model, "order %s: kind '%s' is not valid, using Mandatory", id, kind);
    return CS_ORDER_MANDATORY;
}

/* Pacemaker's get_ordering_symmetry(): explicit symmetrical (or the
 * parent's), except that Serialize is never symmetric; symmetric by
 * default otherwise. */
static gboolean cs_order_symmetric(const char *symmetrical, const char *parent_symmetrical,
                                   CsOrderKind kind)
{
    int value = cs_tristate(symmetrical);

    if (value < 0 && parent_symmetrical != NULL) {
        value = cs_text_is_true(parent_symmetrical) ? 1 : 0;
    }
    if (value >= 0) {
        return value == 1 && kind != CS_ORDER_SERIALIZE;
    }
    return kind != CS_ORDER_SERIALIZE;
}

static const char *cs_invert_action(const char *action)
{
    static const char *const pairs[][2] = {
        {"start", "stop"},      {"stop", "start"},       {"promote", "demote"},
        {"demote", "promote"},  {"promoted", "demoted"}, {"demoted", "promoted"},
        {"running", "stopped"}, {"stopped", "running"},
    };

    for (gsize i = 0; i < G_N_ELEMENTS(pairs); i++) {
        if (g_strcmp0(action, pairs[i][0]) == 0) {
            return pairs[i][1];
        }
    }
    return NULL;
}

static void cs_order_add(CsModel *model, xmlNode *xml, const char *set_id, CsResource *first,
                         const char *first_action, CsResource *then, const char *then_action,
                         CsOrderKind kind, gboolean symmetrical, gboolean inverse,
                         int require_all_group)
{
    CsOrder *order = g_new0(CsOrder, 1);

    order->id = g_strdup(cs_xml_attr(xml, "id"));
    order->set_id = g_strdup(set_id);
    order->first = first->index;
    order->then = then->index;
    order->first_action = g_strdup(first_action);
    order->then_action = g_strdup(then_action);
    order->kind = kind;
    order->symmetrical = symmetrical;
    order->inverse = inverse;
    order->require_all_group = require_all_group;
    order->xml = xml;
    g_ptr_array_add(model->orders, order);
}

static void cs_order_simple(CsModel *model, xmlNode *xml, CsOrderKind kind, gboolean symmetric)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *first_id = cs_xml_attr(xml, "first");
    const char *then_id = cs_xml_attr(xml, "then");
    const char *first_action = cs_xml_attr(xml, "first-action");
    const char *then_action = cs_xml_attr(xml, "then-action");
    CsResource *first, *then;

    if (!cs_both_resources(model, "order", id, first_id, then_id, &first, &then)) {
        return;
    }
    if (first_action == NULL) {
        first_action = "start";
    }
    if (then_action == NULL) {
        then_action = first_action;
    }
    int require_all = cs_tristate(cs_xml_attr(xml, "require-all")) == 0 ? 0 : -1;
    cs_order_add(model, xml, NULL, first, first_action, then, then_action, kind, symmetric, FALSE,
                 require_all);
    if (!symmetric) {
        return;
    }
    const char *inverse_first = cs_invert_action(first_action);
    const char *inverse_then = cs_invert_action(then_action);
    if (inverse_first == NULL || inverse_then == NULL) {
        cs_model_warn(model, "cannot invert order %s", id);
        return;
    }
    cs_order_add(model, xml, NULL, then, inverse_then, first, inverse_first, kind, symmetric, TRUE,
                 -1);
}

/* Pacemaker's unpack_order_set(). */
static gboolean cs_order_set(CsModel *model, xmlNode *xml, const CsSet *set,
                             CsOrderKind parent_kind, const char *parent_symmetrical)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *action = set->action != NULL ? set->action : "start";
    CsOrderKind kind = set->kind != NULL ? cs_order_kind(model, id, set->kind, NULL) : parent_kind;
    gboolean sequential = set->sequential == NULL || cs_text_is_true(set->sequential);
    gboolean symmetric = cs_order_symmetric(set->symmetrical, parent_symmetrical,
                                            set->kind != NULL ? kind : parent_kind);
    g_autoptr(GPtrArray) members = g_ptr_array_new();

    for (guint i = 0; i < set->members->len; i++) {
        CsResource *rsc = cs_member(model, id, set, i);
        if (rsc == NULL) {
            return FALSE;
        }
        g_ptr_array_add(members, rsc);
    }
    if (members->len == 1) {
        return TRUE;
    }
    for (guint i = 0; i < members->len; i++) {
        CsResource *rsc = g_ptr_array_index(members, i);
        if (kind == CS_ORDER_SERIALIZE) {
            for (guint j = i + 1; j < members->len; j++) {
                cs_order_add(model, xml, set->id, rsc, action, g_ptr_array_index(members, j),
                             action, kind, symmetric, FALSE, -1);
            }
        } else if (sequential && i > 0) {
            cs_order_add(model, xml, set->id, g_ptr_array_index(members, i - 1), action, rsc,
                         action, kind, symmetric, FALSE, -1);
        }
    }
    const char *inverse = cs_invert_action(action);
    if (!symmetric || !sequential || inverse == NULL) {
        return TRUE;
    }
    for (guint i = 1; i < members->len; i++) {
        cs_order_add(model, xml, set->id, g_ptr_array_index(members, i), inverse,
                     g_ptr_array_index(members, i - 1), inverse, kind, symmetric, TRUE, -1);
    }
    return TRUE;
}

/* Pacemaker's order_rsc_sets(): between two sets, the last member of a
 * sequential first set (the first, for the inverse) before the first
 * member of a sequential second set (the last, for the inverse); every
 * member of a set not explicitly sequential.  require-all="false" on the
 * first set means any one of its members suffices (require_all_group). */
static gboolean cs_order_between(CsModel *model, xmlNode *xml, const CsSet *set1, const CsSet *set2,
                                 CsOrderKind kind, gboolean symmetric, gboolean inverse,
                                 int *groups)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *action1 = set1->action != NULL ? set1->action : "start";
    const char *action2 = set2->action != NULL ? set2->action : "start";
    gboolean require_all = cs_tristate(set1->require_all) != 0;
    CsResource *rsc1 = NULL, *rsc2 = NULL;
    int group = -1;

    if (inverse) {
        action1 = cs_invert_action(action1);
        action2 = cs_invert_action(action2);
        if (action1 == NULL || action2 == NULL) {
            return TRUE;
        }
    }
    if (strcmp(action1, "stop") == 0 || strcmp(action1, "demote") == 0) {
        require_all = TRUE;
    }
    if (!require_all) {
        group = (*groups)++;
    } else {
        if (cs_tristate(set1->sequential) == 1 && set1->members->len > 0) {
            rsc1 = cs_member(model, id, set1, inverse ? 0 : set1->members->len - 1);
            if (rsc1 == NULL) {
                return FALSE;
            }
        }
        if (cs_tristate(set2->sequential) == 1 && set2->members->len > 0) {
            rsc2 = cs_member(model, id, set2, inverse ? set2->members->len - 1 : 0);
            if (rsc2 == NULL) {
                return FALSE;
            }
        }
    }
    for (guint i = 0; i < (rsc1 != NULL ? 1 : set1->members->len); i++) {
        CsResource *first = rsc1 != NULL ? rsc1 : cs_member(model, id, set1, i);
        if (first == NULL) {
            return FALSE;
        }
        for (guint j = 0; j < (rsc2 != NULL ? 1 : set2->members->len); j++) {
            CsResource *then = rsc2 != NULL ? rsc2 : cs_member(model, id, set2, j);
            if (then == NULL) {
                return FALSE;
            }
            cs_order_add(model, xml, NULL, first, action1, then, action2, kind, symmetric, inverse,
                         group);
            ((CsOrder *)g_ptr_array_index(model->orders, model->orders->len - 1))->between_sets =
                TRUE;
        }
    }
    return TRUE;
}

/* Whether id names a template whose list cs_template_tags cut short: a
 * resource made from it inside a clone, with no history under its id. */
static gboolean cs_template_list_cut(CsModel *model, const char *id)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (g_strcmp0(rsc->template_id, id) == 0 && cs_rsc_in_clone(model, rsc)) {
            model->constraint_read_status = TRUE;
            if (!cs_model_history_named(model, rsc->id)) {
                return TRUE;
            }
        }
    }
    return FALSE;
}

static void cs_order_unpack(CsModel *model, xmlNode *xml, int *groups)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *symmetrical = cs_xml_attr(xml, "symmetrical");
    CsOrderKind kind =
        cs_order_kind(model, id, cs_xml_attr(xml, "kind"), cs_xml_attr(xml, "score"));
    gboolean symmetric = cs_order_symmetric(symmetrical, NULL, kind);
    g_autoptr(GPtrArray) sets = cs_sets_read(model, xml);
    const char *first_id = cs_xml_attr(xml, "first");
    const char *then_id = cs_xml_attr(xml, "then");

    if (sets->len == 0 && first_id != NULL && then_id != NULL) {
        if (!cs_valid_rsc_or_tag(model, first_id) || !cs_valid_rsc_or_tag(model, then_id)) {
            cs_model_warn(model, "ignoring order %s: '%s' is not a valid resource or tag", id,
                          cs_valid_rsc_or_tag(model, first_id) ? then_id : first_id);
            return;
        }
        /* An order naming a template whose list was cut orders nothing,
         * not even the resources made from it before the cut (unlike a
         * location): crm_simulate resolves every member of the order's
         * set before making any ordering (oracle, gen.py seed 1555263
         * with ODIFF_EXTRAS=id-ref, templates alone). */
        if (cs_template_list_cut(model, first_id) || cs_template_list_cut(model, then_id)) {
            cs_model_warn(model, "ignoring order %s: a resource made from template '%s' "
                          "inside a clone is not found", id,
                          cs_template_list_cut(model, first_id) ? first_id : then_id);
            return;
        }
        if (cs_model_resource(model, first_id) == NULL
            || cs_model_resource(model, then_id) == NULL) {
            CsSet *first = cs_set_from_attribute(model, first_id, NULL, TRUE);
            CsSet *then = cs_set_from_attribute(model, then_id, NULL, TRUE);
            first->action = cs_xml_attr(xml, "first-action");
            then->action = cs_xml_attr(xml, "then-action");
            g_ptr_array_add(sets, first);
            g_ptr_array_add(sets, then);
        }
    }
    CsSet *last = NULL;
    for (guint s = 0; s < sets->len; s++) {
        CsSet *set = g_ptr_array_index(sets, s);
        if (set == NULL || !cs_order_set(model, xml, set, kind, symmetrical)) {
            return;
        }
        if (last != NULL) {
            if (!cs_order_between(model, xml, last, set, kind, symmetric, FALSE, groups)) {
                return;
            }
            if (symmetric
                && !cs_order_between(model, xml, set, last, kind, symmetric, TRUE, groups)) {
                return;
            }
        }
        last = set;
    }
    if (last == NULL) {
        cs_order_simple(model, xml, kind, symmetric);
    }
}

/* ---- tickets ----------------------------------------------------------- */

CsTicket *cs_model_find_ticket(const CsModel *model, const char *id)
{
    for (guint i = 0; i < model->tickets->len; i++) {
        CsTicket *ticket = g_ptr_array_index(model->tickets, i);
        if (strcmp(ticket->id, id) == 0) {
            return ticket;
        }
    }
    return NULL;
}

CsTicket *cs_model_ticket(CsModel *model, const char *id)
{
    CsTicket *ticket = cs_model_find_ticket(model, id);
    if (ticket != NULL) {
        return ticket;
    }
    ticket = g_new0(CsTicket, 1);
    ticket->id = g_strdup(id);
    g_ptr_array_add(model->tickets, ticket);
    model->features |= CS_FEATURE_TICKET;
    return ticket;
}

static void cs_ticket_add(CsModel *model, xmlNode *xml, const char *id, CsResource *rsc,
                          const char *ticket, const char *role)
{
    const char *loss_policy = cs_xml_attr(xml, "loss-policy");
    CsTicketConstraint *constraint = g_new0(CsTicketConstraint, 1);

    constraint->id = g_strdup(id);
    constraint->rsc = rsc->index;
    constraint->ticket = g_strdup(ticket);
    constraint->loss_policy = g_ascii_strdown(loss_policy != NULL ? loss_policy : "stop", -1);
    constraint->rsc_role = cs_colocation_role(role);
    constraint->xml = xml;
    g_ptr_array_add(model->ticket_constraints, constraint);
}

static void cs_ticket_member(CsModel *model, xmlNode *xml, const CsSet *set, CsResource *rsc,
                             gpointer ticket)
{
    cs_ticket_add(model, xml, set->id, rsc, ticket, set->role);
}

static void cs_ticket_unpack(CsModel *model, xmlNode *xml)
{
    const char *id = cs_xml_attr(xml, "id");
    const char *ticket = cs_xml_attr(xml, "ticket");
    const char *rsc_id = cs_xml_attr(xml, "rsc");
    g_autoptr(GPtrArray) sets = cs_sets_read(model, xml);

    if (ticket == NULL) {
        cs_model_warn(model, "ignoring ticket constraint %s: no ticket", id);
        return;
    }
    cs_model_ticket(model, ticket);
    if (!cs_sets_add_attribute(model, sets, "ticket constraint", id, rsc_id,
                               cs_xml_attr(xml, "rsc-role"))) {
        return;
    }
    cs_sets_each_member(model, xml, id, sets, cs_ticket_member, (gpointer)ticket);
    if (sets->len == 0) {
        CsResource *rsc = cs_constraint_rsc(model, rsc_id);
        if (rsc == NULL) {
            cs_model_warn(model, "ignoring ticket constraint %s: no resource", id);
            return;
        }
        cs_ticket_add(model, xml, id, rsc, ticket, cs_xml_attr(xml, "rsc-role"));
    }
}

/* ---- all constraints --------------------------------------------------- */

static gboolean cs_constraint_alive(CsModel *model, xmlNode *xml)
{
    CsRuleContext context;

    cs_model_rule_context_init(model, &context);
    return cs_constraint_in_lifetime(xml, &context);
}

/* ---- units: what one element of <constraints> gave -----------------------
 * doc/DESIGN.md "Performance": after an edit the model is rebuilt, and most
 * edits touch one constraint or none.  Each element directly under
 * <constraints> is unpacked into a unit holding the entries it made (of
 * one kind: its element decides), its warnings and features; a rebuild
 * takes the units of the elements the edit did not touch over from the
 * model before, when nothing they read changed (cs_model_rebuild says
 * when).  Units are shared by reference between models; the entries
 * belong to the unit, never to the model's flat arrays. */

typedef enum {
    CS_UNIT_NONE,
    CS_UNIT_LOCATION,
    CS_UNIT_COLOCATION,
    CS_UNIT_ORDER,
    CS_UNIT_TICKET,
} CsUnitKind;

struct CsConstraintUnit {
    gint refs; /* atomic: the session frees models on a worker */
    const xmlNode *xml;
    CsUnitKind kind;
    /* FALSE when what the element gives depends on more than the element,
     * the resources, the nodes, the tags and the clock: an id-ref (what
     * it names may have changed), a ticket (the tickets are listed in the
     * order constraints first name them). */
    gboolean reusable;
    guint features;
    int groups_before, groups_after; /* require-all groups numbered so far */
    char **warnings;                 /* NULL-terminated, or NULL */
    guint n_entries;
    gpointer entries[]; /* CsLocation*, CsColocation*, ... by kind */
};

static void cs_constraint_unit_free(CsConstraintUnit *unit)
{
    for (guint i = 0; i < unit->n_entries; i++) {
        switch (unit->kind) {
        case CS_UNIT_LOCATION: cs_location_free(unit->entries[i]); break;
        case CS_UNIT_COLOCATION: cs_colocation_free(unit->entries[i]); break;
        case CS_UNIT_ORDER: cs_order_free(unit->entries[i]); break;
        case CS_UNIT_TICKET: cs_ticket_constraint_free(unit->entries[i]); break;
        case CS_UNIT_NONE: break;
        }
    }
    g_strfreev(unit->warnings);
    g_free(unit);
}

void cs_constraint_unit_unref(CsConstraintUnit *unit)
{
    if (unit != NULL && g_atomic_int_dec_and_test(&unit->refs)) {
        cs_constraint_unit_free(unit);
    }
}

/* Sized as previous's (NULL: empty) plus room: an edit adds a few. */
void cs_model_new_constraints(CsModel *model, const CsModel *previous)
{
    guint room = previous != NULL ? 8 : 0;

    model->constraint_units =
        g_ptr_array_new_full(previous != NULL ? previous->constraint_units->len + room : 0,
                             (GDestroyNotify)cs_constraint_unit_unref);
    model->locations =
        g_ptr_array_sized_new(previous != NULL ? previous->locations->len + room : 0);
    model->colocations =
        g_ptr_array_sized_new(previous != NULL ? previous->colocations->len + room : 0);
    model->orders = g_ptr_array_sized_new(previous != NULL ? previous->orders->len + room : 0);
    model->ticket_constraints = g_ptr_array_new();
    model->tickets = g_ptr_array_new_with_free_func((GDestroyNotify)cs_ticket_free);
    model->tags =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
}

static GPtrArray *cs_unit_array(CsModel *model, CsUnitKind kind)
{
    switch (kind) {
    case CS_UNIT_LOCATION: return model->locations;
    case CS_UNIT_COLOCATION: return model->colocations;
    case CS_UNIT_ORDER: return model->orders;
    case CS_UNIT_TICKET: return model->ticket_constraints;
    case CS_UNIT_NONE: break;
    }
    return NULL;
}

static CsUnitKind cs_unit_kind(const xmlNode *xml)
{
    if (cs_xml_is(xml, "rsc_location")) {
        return CS_UNIT_LOCATION;
    }
    if (cs_xml_is(xml, "rsc_colocation")) {
        return CS_UNIT_COLOCATION;
    }
    if (cs_xml_is(xml, "rsc_order")) {
        return CS_UNIT_ORDER;
    }
    return cs_xml_is(xml, "rsc_ticket") ? CS_UNIT_TICKET : CS_UNIT_NONE;
}

/* Pacemaker's unpack_constraints(), for one element. */
static void cs_constraint_unpack(CsModel *model, xmlNode *xml, CsUnitKind kind, int *groups)
{
    if (cs_xml_attr(xml, "id") == NULL) {
        cs_model_warn(model, "ignoring <%s> constraint without id", xml->name);
        return;
    }
    if (!cs_constraint_alive(model, xml)) {
        return;
    }
    switch (kind) {
    case CS_UNIT_LOCATION: cs_location_unpack(model, xml); break;
    case CS_UNIT_COLOCATION: cs_colocation_unpack(model, xml); break;
    case CS_UNIT_ORDER: cs_order_unpack(model, xml, groups); break;
    case CS_UNIT_TICKET: cs_ticket_unpack(model, xml); break;
    case CS_UNIT_NONE:
        cs_model_warn(model, "ignoring unsupported constraint <%s>", xml->name);
        break;
    }
}

/* Unpacks xml into the model and records what it gave as a new unit. */
static CsConstraintUnit *cs_unit_read(CsModel *model, xmlNode *xml, gboolean check_refs,
                                      int *groups)
{
    CsUnitKind kind = cs_unit_kind(xml);
    GPtrArray *array = cs_unit_array(model, kind);
    guint first = array != NULL ? array->len : 0;
    guint first_warning = model->warnings->len;
    guint features_before = model->features;
    int groups_before = *groups;

    model->features = 0;
    model->constraint_read_status = FALSE;
    cs_constraint_unpack(model, xml, kind, groups);
    guint n_entries = array != NULL ? array->len - first : 0;
    CsConstraintUnit *unit = g_malloc(sizeof(CsConstraintUnit) + n_entries * sizeof(gpointer));
    unit->refs = 1;
    unit->xml = xml;
    unit->kind = kind;
    unit->reusable = kind != CS_UNIT_TICKET && !model->constraint_read_status
                     && (!check_refs || cs_model_check_edited_part(xml));
    unit->features = model->features;
    unit->groups_before = groups_before;
    unit->groups_after = *groups;
    unit->warnings = NULL;
    if (model->warnings->len > first_warning) {
        guint n = model->warnings->len - first_warning;
        unit->warnings = g_new(char *, n + 1);
        for (guint i = 0; i < n; i++) {
            unit->warnings[i] = g_strdup(g_ptr_array_index(model->warnings, first_warning + i));
        }
        unit->warnings[n] = NULL;
    }
    unit->n_entries = n_entries;
    if (n_entries > 0) {
        memcpy(unit->entries, array->pdata + first, n_entries * sizeof(gpointer));
    }
    model->features |= features_before;
    return unit;
}

/* What unit gave, put in the model again. */
static void cs_unit_take_over(CsModel *model, CsConstraintUnit *unit, int *groups)
{
    GPtrArray *array = cs_unit_array(model, unit->kind);

    for (guint i = 0; i < unit->n_entries; i++) {
        g_ptr_array_add(array, unit->entries[i]);
    }
    for (char **warning = unit->warnings; warning != NULL && *warning != NULL; warning++) {
        g_ptr_array_add(model->warnings, g_strdup(*warning));
    }
    model->features |= unit->features;
    *groups += unit->groups_after - unit->groups_before;
    g_atomic_int_inc(&unit->refs);
    model->constraints_reused++;
}

/* require-all="false" groups are numbered through the whole section: a
 * unit that numbered some is taken over only where the numbering is
 * where it was. */
static gboolean cs_unit_numbered_alike(const CsConstraintUnit *unit, int groups)
{
    return unit->groups_after == unit->groups_before || unit->groups_before == groups;
}

static gboolean cs_element_listed(const xmlNode *xml, const GPtrArray *list, GHashTable *set)
{
    if (set != NULL) {
        return g_hash_table_contains(set, xml);
    }
    for (guint i = 0; i < list->len; i++) {
        if (g_ptr_array_index(list, i) == xml) {
            return TRUE;
        }
    }
    return FALSE;
}

/* previous's unit for xml, searched from *next on: untouched elements
 * keep their order, so the search moves forward over the units of the
 * elements removed since. */
static CsConstraintUnit *cs_unit_find(const CsModel *previous, const xmlNode *xml, guint *next)
{
    const GPtrArray *units = previous->constraint_units;

    for (guint i = *next; i < units->len; i++) {
        CsConstraintUnit *unit = g_ptr_array_index(units, i);
        if (unit->xml == xml) {
            *next = i + 1;
            return unit;
        }
    }
    return NULL;
}

void cs_model_unpack_constraints(CsModel *model, const CsModel *previous, const GPtrArray *touched)
{
    xmlNode *section = cs_document_section(model->document, "constraints");
    int order_groups = 0;
    guint next = 0;
    /* A few elements are touched by an edit: a list is searched faster
     * than a set is made, unless it is long. */
    g_autoptr(GHashTable) touched_set = NULL;

    if (previous != NULL && touched->len > 8) {
        touched_set = g_hash_table_new(NULL, NULL);
        for (guint i = 0; i < touched->len; i++) {
            g_hash_table_add(touched_set, g_ptr_array_index(touched, i));
        }
    }
    model->constraints_reused = 0;
    cs_tags_unpack(model);
    cs_template_tags(model);
    for (xmlNode *xml = cs_xml_first_element(section); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        CsConstraintUnit *unit = NULL;
        if (previous != NULL && !cs_element_listed(xml, touched, touched_set)) {
            unit = cs_unit_find(previous, xml, &next);
        }
        if (unit != NULL && unit->reusable && cs_unit_numbered_alike(unit, order_groups)) {
            cs_unit_take_over(model, unit, &order_groups);
        } else {
            unit = cs_unit_read(model, xml, previous != NULL || model->id_refs, &order_groups);
        }
        g_ptr_array_add(model->constraint_units, unit);
    }
}
