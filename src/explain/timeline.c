/* timeline.c: the next moment at which the answer can change by time
 * alone (timeline.h). */
#include <string.h>
#include <libxml/tree.h>

#include "explain/timeline.h"
#include "model/rules.h"

void cs_time_event_clear(CsTimeEvent *event)
{
    g_clear_pointer(&event->what, g_free);
    g_clear_pointer(&event->detail, g_free);
    event->when.seconds = 0;
    event->when.offset = 0;
    event->by_recheck = FALSE;
}

/* more joined to *text with "; " (a tie); both owned. */
static void join(char **text, char *more)
{
    char *both = g_strconcat(*text, "; ", more, NULL);
    g_free(*text);
    g_free(more);
    *text = both;
}

/* The earliest candidate after now wins; candidates at the same moment
 * are all told, "; " between them.  what is the short form, detail the
 * same with what turns (both owned).  by_recheck: Pacemaker notices this
 * one only at cluster-recheck-interval (a date_spec); the moment is so
 * only when every candidate at it is. */
static void offer_kind(CsTimeEvent *best, CsTime now, gint64 seconds, char *what, char *detail,
                       gboolean by_recheck)
{
    if (seconds <= now.seconds || (best->what != NULL && seconds > best->when.seconds)) {
        g_free(what);
        g_free(detail);
        return;
    }
    if (best->what != NULL && seconds == best->when.seconds) {
        join(&best->what, what);
        join(&best->detail, detail);
        best->by_recheck = best->by_recheck && by_recheck;
        return;
    }
    g_free(best->what);
    g_free(best->detail);
    best->what = what;
    best->detail = detail;
    best->by_recheck = by_recheck;
    best->when.seconds = seconds;
    best->when.offset = now.offset;
}

/* "NAME: PHRASE", and with the expression that turns, "NAME: PHRASE
 * (EXPRESSION)". */
static void offer(CsTimeEvent *best, CsTime now, gint64 seconds, const char *name,
                  const char *phrase, const char *expression, gboolean by_recheck)
{
    offer_kind(best, now, seconds, g_strdup_printf("%s: %s", name, phrase),
               g_strdup_printf("%s: %s (%s)", name, phrase, expression), by_recheck);
}

static char *property(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetProp(node, (const xmlChar *)name);
    char *copy = value != NULL ? g_strdup((const char *)value) : NULL;
    xmlFree(value);
    return copy;
}

/* What a date expression belongs to, for the event's text: the
 * outermost element below <constraints> or the configuration section
 * with an id (a constraint, an nvset's owner). */
static char *owner_name(const xmlNode *node)
{
    char *name = NULL;
    for (const xmlNode *up = node->parent; up != NULL && up->type == XML_ELEMENT_NODE;
         up = up->parent) {
        if (strcmp((const char *)up->name, "configuration") == 0)
            break;
        char *id = property(up, "id");
        if (id != NULL) {
            g_free(name);
            name = id;
        }
    }
    return name != NULL ? name : property(node, "id");
}

static gboolean parse_time(const xmlNode *node, const char *name, CsTime *out)
{
    g_autofree char *text = property(node, name);
    return text != NULL && cs_time_parse(text, out, NULL);
}

/* in_range's end from a <duration>: each attribute an ISO 8601 count of
 * its unit (years, months, weeks, days, hours, minutes, seconds). */
static gboolean duration_end(const xmlNode *expression, CsTime start, CsTime *out)
{
    for (const xmlNode *child = expression->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE || strcmp((const char *)child->name, "duration") != 0)
            continue;
        static const struct {
            const char *name;
            gint64 seconds;
        } units[] = {
            {"weeks", 7 * 86400}, {"days", 86400}, {"hours", 3600}, {"minutes", 60}, {"seconds", 1},
        };
        CsDuration duration = {0};
        g_autofree char *years = property(child, "years");
        g_autofree char *months = property(child, "months");
        duration.years = years != NULL ? (int)g_ascii_strtoll(years, NULL, 10) : 0;
        duration.months = months != NULL ? (int)g_ascii_strtoll(months, NULL, 10) : 0;
        for (gsize i = 0; i < G_N_ELEMENTS(units); i++) {
            g_autofree char *value = property(child, units[i].name);
            if (value != NULL)
                duration.seconds += g_ascii_strtoll(value, NULL, 10) * units[i].seconds;
        }
        *out = cs_time_add_duration(start, &duration);
        return TRUE;
    }
    return FALSE;
}

/* What turns, for the event's text: "rule web-rule: date lt
 * 2024-06-01 13:00:00Z", "rule office-rule: date_spec hours=9-16". */
static char *expression_detail(const xmlNode *expression)
{
    GString *text = g_string_new(NULL);
    for (const xmlNode *up = expression->parent; up != NULL && up->type == XML_ELEMENT_NODE;
         up = up->parent)
        if (strcmp((const char *)up->name, "rule") == 0) {
            g_autofree char *id = property(up, "id");
            if (id != NULL)
                g_string_append_printf(text, "rule %s: ", id);
            break;
        }
    g_autofree char *operation = property(expression, "operation");
    if (operation != NULL && strcmp(operation, "date_spec") == 0)
        g_string_append(text, "date_spec");
    else
        g_string_append_printf(text, "date %s", operation != NULL ? operation : "in_range");
    static const char *const bounds[] = {"start", "end"};
    for (gsize i = 0; i < G_N_ELEMENTS(bounds); i++) {
        g_autofree char *value = property(expression, bounds[i]);
        if (value != NULL)
            g_string_append_printf(text, " %s %s", bounds[i], value);
    }
    for (const xmlNode *child = expression->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        for (const xmlAttr *attribute = child->properties; attribute != NULL;
             attribute = attribute->next) {
            if (strcmp((const char *)attribute->name, "id") == 0)
                continue;
            xmlChar *value = xmlNodeGetContent((const xmlNode *)attribute);
            g_string_append_printf(text, " %s=%s", (const char *)attribute->name,
                                   value != NULL ? (const char *)value : "");
            xmlFree(value);
        }
    }
    return g_string_free(text, FALSE);
}

/* ---- date_spec ----------------------------------------------------------- */

/* The finest unit a date_spec's fields name, in seconds. */
static gint64 spec_unit(const xmlNode *spec)
{
    if (xmlHasProp(spec, (const xmlChar *)"seconds"))
        return 1;
    if (xmlHasProp(spec, (const xmlChar *)"minutes"))
        return 60;
    if (xmlHasProp(spec, (const xmlChar *)"hours"))
        return 3600;
    return 86400;
}

/* Steps tried per unit: an hour of seconds, a day of minutes, eight days
 * of hours, two years and more of days. */
static int spec_steps(gint64 unit)
{
    return unit == 1 ? 3600 : unit == 60 ? 1440 : unit == 3600 ? 192 : 800;
}

/* The next boundary of unit after t, in the clock's own offset (the
 * fields a date_spec reads are those of "now" in that offset). */
static gint64 next_boundary(gint64 t, int offset, gint64 unit)
{
    gint64 local = t + offset;
    gint64 floor = local >= 0 ? local / unit : -((-local + unit - 1) / unit);
    return (floor + 1) * unit - offset;
}

static gboolean spec_holds(xmlNode *rule, CsTime when)
{
    CsRuleContext context = {.now = when};
    return cs_rule_passes(rule, &context);
}

/* A date_spec: when its value first differs from now's. */
static void offer_spec(CsTimeEvent *best, CsTime now, const xmlNode *expression)
{
    const xmlNode *spec = NULL;
    for (const xmlNode *child = expression->children; child != NULL && spec == NULL;
         child = child->next)
        if (child->type == XML_ELEMENT_NODE && strcmp((const char *)child->name, "date_spec") == 0)
            spec = child;
    if (spec == NULL)
        return;
    /* The expression alone, in a rule of its own. */
    xmlDoc *scratch = xmlNewDoc((const xmlChar *)"1.0");
    xmlNode *rule = xmlNewDocNode(scratch, NULL, (const xmlChar *)"rule", NULL);
    xmlDocSetRootElement(scratch, rule);
    xmlNewProp(rule, (const xmlChar *)"id", (const xmlChar *)"cs-timeline");
    xmlAddChild(rule, xmlDocCopyNode((xmlNode *)expression, scratch, 1));
    gint64 unit = spec_unit(spec);
    gboolean then = spec_holds(rule, now);
    gint64 t = now.seconds;
    for (int step = 0; step < spec_steps(unit); step++) {
        t = next_boundary(t, now.offset, unit);
        CsTime when = {t, now.offset};
        if (spec_holds(rule, when) != then)
            break;
    }
    xmlFreeDoc(scratch);
    g_autofree char *owner = owner_name(expression);
    g_autofree char *detail = expression_detail(expression);
    offer(best, now, t, owner ? owner : "date_spec",
          then ? "date_spec turns false" : "date_spec turns true", detail, TRUE);
}

/* ---- date expressions ------------------------------------------------------ */

/* Pacemaker Explained, "Date Expressions": gt holds once now > start; lt
 * while now < end; in_range while start <= now <= end (the end from a
 * duration when there is none). */
static void offer_expression(CsTimeEvent *best, CsTime now, const xmlNode *expression)
{
    g_autofree char *operation = property(expression, "operation");
    g_autofree char *owner = owner_name(expression);
    const char *name = owner != NULL ? owner : "date_expression";
    g_autofree char *detail = expression_detail(expression);
    CsTime start, end;
    gboolean has_start = parse_time(expression, "start", &start);
    gboolean has_end = parse_time(expression, "end", &end);
    if (operation != NULL && strcmp(operation, "date_spec") == 0) {
        offer_spec(best, now, expression);
    } else if (operation != NULL && strcmp(operation, "gt") == 0) {
        if (has_start)
            offer(best, now, start.seconds + 1, name, "date gt start begins to hold", detail,
                  FALSE);
    } else if (operation != NULL && strcmp(operation, "lt") == 0) {
        /* crm_resource --lifetime writes a ban or move as lt end. */
        if (has_end)
            offer(best, now, end.seconds, name, "lifetime ends", detail, FALSE);
    } else if (operation == NULL || strcmp(operation, "in_range") == 0) {
        if (has_start)
            offer(best, now, start.seconds, name, "date range begins", detail, FALSE);
        if (!has_end && has_start)
            has_end = duration_end(expression, start, &end);
        if (has_end)
            offer(best, now, end.seconds + 1, name, "date range ends", detail, FALSE);
    }
}

static void walk_expressions(CsTimeEvent *best, CsTime now, const xmlNode *node)
{
    for (const xmlNode *child = node->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (strcmp((const char *)child->name, "date_expression") == 0)
            offer_expression(best, now, child);
        else
            walk_expressions(best, now, child);
    }
}

/* ---- failure-timeout -------------------------------------------------------- */

/* "monitor fail count 3 and start fail count INFINITY": what rsc's failures
 * on node count, operation by operation. */
static char *failure_counts(const CsModel *model, int rsc, int node)
{
    GString *text = g_string_new(NULL);
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);
        if (fail->rsc != rsc || fail->node != node || fail->count <= 0)
            continue;
        if (text->len > 0)
            g_string_append(text, " and ");
        g_string_append_printf(text, "%s fail count ",
                               fail->operation != NULL ? fail->operation : "all operations'");
        if (fail->count >= CS_INFINITY)
            g_string_append(text, "INFINITY");
        else
            g_string_append_printf(text, "%d", fail->count);
    }
    return g_string_free(text, FALSE);
}

/* Pacemaker Explained, "Resource Meta-Attributes", failure-timeout: the
 * fail counts of a resource on a node stop counting once now is past the
 * most recent failure by more than it (never with on-fail=block). */
static void offer_failures(CsTimeEvent *best, CsTime now, const CsModel *model)
{
    g_autoptr(GHashTable) latest =
        g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);
        if (fail->rsc < 0 || fail->count <= 0 || fail->last_failure <= 0)
            continue;
        gint64 key = (gint64)fail->rsc * ((gint64)model->nodes->len + 1) + fail->node;
        gint64 *seen = g_hash_table_lookup(latest, &key);
        if (seen == NULL) {
            g_hash_table_insert(latest, g_memdup2(&key, sizeof key),
                                g_memdup2(&fail->last_failure, sizeof(gint64)));
        } else if (*seen < fail->last_failure) {
            *seen = fail->last_failure;
        }
    }
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, latest);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        gint64 pair = *(gint64 *)key;
        int rsc = (int)(pair / ((gint64)model->nodes->len + 1));
        int node = (int)(pair % ((gint64)model->nodes->len + 1));
        const CsResource *resource = g_ptr_array_index(model->resources, rsc);
        if (resource->failure_timeout_s <= 0 || cs_model_failure_never_expires(model, rsc, node))
            continue;
        const CsNode *where = node >= 0 && (guint)node < model->nodes->len
                                  ? g_ptr_array_index(model->nodes, node)
                                  : NULL;
        g_autofree char *counts = failure_counts(model, rsc, node);
        const char *uname = where != NULL ? where->uname : "?";
        offer_kind(best, now, *(gint64 *)value + resource->failure_timeout_s + 1,
                   g_strdup_printf("%s on %s: failures expire (failure-timeout %" G_GINT64_FORMAT
                                   " s)",
                                   resource->id, uname, resource->failure_timeout_s),
                   g_strdup_printf("%s on %s: %s %s (failure-timeout %" G_GINT64_FORMAT " s)",
                                   resource->id, uname, counts,
                                   strstr(counts, " and ") != NULL ? "expire" : "expires",
                                   resource->failure_timeout_s),
                   FALSE);
    }
}

gboolean cs_next_time_event(const CsModel *model, CsTime now, CsTimeEvent *out)
{
    memset(out, 0, sizeof *out);
    xmlNode *root = model->document != NULL ? xmlDocGetRootElement(model->document->xml) : NULL;
    for (xmlNode *section = root != NULL ? root->children : NULL; section != NULL;
         section = section->next)
        if (section->type == XML_ELEMENT_NODE
            && strcmp((const char *)section->name, "configuration") == 0)
            walk_expressions(out, now, section);
    offer_failures(out, now, model);
    return out->what != NULL;
}
