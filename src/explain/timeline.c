/* timeline.c: the next moment at which the answer can change by time
 * alone (timeline.h). */
#include <string.h>
#include <libxml/tree.h>

#include "explain/timeline.h"
#include "model/rules.h"

void cs_time_event_clear(CsTimeEvent *event)
{
    g_clear_pointer(&event->what, g_free);
    event->when.seconds = 0;
    event->when.offset = 0;
}

/* The earliest candidate after now wins. */
static void offer(CsTimeEvent *best, CsTime now, gint64 seconds, char *what)
{
    if (seconds <= now.seconds || (best->what != NULL && seconds >= best->when.seconds)) {
        g_free(what);
        return;
    }
    g_free(best->what);
    best->what = what;
    best->when.seconds = seconds;
    best->when.offset = now.offset;
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
    for (const xmlNode *up = node->parent; up != NULL && up->type == XML_ELEMENT_NODE; up = up->parent) {
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
        static const struct { const char *name; gint64 seconds; } units[] = {
            { "weeks", 7 * 86400 }, { "days", 86400 }, { "hours", 3600 },
            { "minutes", 60 }, { "seconds", 1 },
        };
        CsDuration duration = { 0 };
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
    CsRuleContext context = { .now = when };
    return cs_rule_passes(rule, &context);
}

/* A date_spec: when its value first differs from now's. */
static void offer_spec(CsTimeEvent *best, CsTime now, const xmlNode *expression)
{
    const xmlNode *spec = NULL;
    for (const xmlNode *child = expression->children; child != NULL && spec == NULL; child = child->next)
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
        CsTime when = { t, now.offset };
        if (spec_holds(rule, when) != then)
            break;
    }
    xmlFreeDoc(scratch);
    g_autofree char *owner = owner_name(expression);
    offer(best, now, t, g_strdup_printf("%s: date_spec turns %s", owner ? owner : "date_spec",
                                        then ? "false" : "true"));
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
    CsTime start, end;
    gboolean has_start = parse_time(expression, "start", &start);
    gboolean has_end = parse_time(expression, "end", &end);
    if (operation != NULL && strcmp(operation, "date_spec") == 0) {
        offer_spec(best, now, expression);
    } else if (operation != NULL && strcmp(operation, "gt") == 0) {
        if (has_start)
            offer(best, now, start.seconds + 1, g_strdup_printf("%s: date gt start begins to hold", name));
    } else if (operation != NULL && strcmp(operation, "lt") == 0) {
        /* crm_resource --lifetime writes a ban or move as lt end. */
        if (has_end)
            offer(best, now, end.seconds, g_strdup_printf("%s: lifetime ends (date lt end)", name));
    } else if (operation == NULL || strcmp(operation, "in_range") == 0) {
        if (has_start)
            offer(best, now, start.seconds, g_strdup_printf("%s: date range begins", name));
        if (!has_end && has_start)
            has_end = duration_end(expression, start, &end);
        if (has_end)
            offer(best, now, end.seconds + 1, g_strdup_printf("%s: date range ends", name));
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

/* Pacemaker Explained, "Resource Meta-Attributes", failure-timeout: the
 * fail counts of a resource on a node stop counting once now is past the
 * most recent failure by more than it (never with on-fail=block). */
static void offer_failures(CsTimeEvent *best, CsTime now, const CsModel *model)
{
    g_autoptr(GHashTable) latest = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);
        if (fail->rsc < 0 || fail->count <= 0 || fail->last_failure <= 0)
            continue;
        gint64 key = (gint64)fail->rsc * ((gint64)model->nodes->len + 1) + fail->node;
        gint64 *seen = g_hash_table_lookup(latest, &key);
        if (seen == NULL) {
            g_hash_table_insert(latest, g_memdup2(&key, sizeof key), g_memdup2(&fail->last_failure, sizeof(gint64)));
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
        if (resource->failure_timeout_s <= 0 || resource->block_failure_timeout)
            continue;
        const CsNode *where = node >= 0 && (guint)node < model->nodes->len
                              ? g_ptr_array_index(model->nodes, node) : NULL;
        offer(best, now, *(gint64 *)value + resource->failure_timeout_s + 1,
              g_strdup_printf("%s on %s: failures expire (failure-timeout %" G_GINT64_FORMAT " s)",
                              resource->id, where != NULL ? where->uname : "?", resource->failure_timeout_s));
    }
}

gboolean cs_next_time_event(const CsModel *model, CsTime now, CsTimeEvent *out)
{
    memset(out, 0, sizeof *out);
    xmlNode *root = model->document != NULL ? xmlDocGetRootElement(model->document->xml) : NULL;
    for (xmlNode *section = root != NULL ? root->children : NULL; section != NULL; section = section->next)
        if (section->type == XML_ELEMENT_NODE && strcmp((const char *)section->name, "configuration") == 0)
            walk_expressions(out, now, section);
    offer_failures(out, now, model);
    return out->what != NULL;
}
