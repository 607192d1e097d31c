/* check_attributes.c: a resource's meta attributes and a node's
 * attributes, each with its value and source (explain/attributes.h), on
 * data/demo-small.xml and after edits. */
#include <check.h>
#include <string.h>

#include "cib/edit.h"
#include "explain/attributes.h"
#include "testlib.h"

#define DEMO_SMALL CS_SRCDATADIR "/demo-small.xml"

static CsDocument *load_demo(void)
{
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load(DEMO_SMALL, &error);
    ck_assert_msg(document != NULL, "%s", error != NULL ? error->message : "");
    return document;
}

static const CsAttr *find_attr(GPtrArray *attrs, const char *name, CsAttrSource source)
{
    for (guint i = 0; i < attrs->len; i++) {
        const CsAttr *attr = g_ptr_array_index(attrs, i);
        if (strcmp(attr->name, name) == 0 && attr->source == source)
            return attr;
    }
    return NULL;
}

/* attrs lists name from source, with value and source_text (NULL: not
 * checked). */
static void assert_attr(GPtrArray *attrs, const char *name, CsAttrSource source, const char *value,
                        const char *source_text)
{
    const CsAttr *attr = find_attr(attrs, name, source);

    ck_assert_msg(attr != NULL, "no %s", name);
    if (value != NULL)
        ck_assert_str_eq(attr->value, value);
    if (source_text != NULL)
        ck_assert_str_eq(attr->source_text, source_text);
}

/* An edit log on document at the demo's time. */
static CsEditLog *log_at_demo_time(CsDocument *document)
{
    CsTime now;

    ck_assert(cs_time_parse("2024-06-01 12:00:00", &now, NULL));
    return cs_edit_log_new(document, now);
}

START_TEST(test_meta_sources)
{
    g_autoptr(CsDocument) document = load_demo();
    g_autoptr(GPtrArray) attrs = cs_attributes_meta(document, "web-vip", NULL);
    ck_assert_ptr_nonnull(attrs);
    assert_attr(attrs, "resource-stickiness", CS_ATTR_RSC_DEFAULTS, "100",
                "rsc_defaults (rsc_defaults-meta_attributes)");
    assert_attr(attrs, "target-role", CS_ATTR_DEFAULT, "Started", NULL);
    /* A primitive lists no clone options. */
    ck_assert_ptr_null(find_attr(attrs, "clone-max", CS_ATTR_DEFAULT));
    g_autoptr(GError) error = NULL;
    ck_assert_ptr_null(cs_attributes_meta(document, "no-such", &error));
    ck_assert_str_eq(error->message, "no resource 'no-such'");
}
END_TEST

START_TEST(test_meta_after_edits)
{
    g_autoptr(CsDocument) document = load_demo();
    CsEditLog *log = log_at_demo_time(document);
    ck_assert(
        cs_edit_resource_set(log, CS_EDIT_SET_META, "web", "target-role", "Stopped", NULL, NULL));
    ck_assert(cs_edit_resource_set(log, CS_EDIT_SET_META, "web-vip", "resource-stickiness", "7",
                                   NULL, NULL));
    g_autoptr(GPtrArray) attrs = cs_attributes_meta(document, "web-vip", NULL);
    assert_attr(attrs, "resource-stickiness", CS_ATTR_OWN, "7",
                "own meta (web-vip-meta_attributes)");
    assert_attr(attrs, "target-role", CS_ATTR_INHERITED, NULL, "from web (web-meta_attributes)");
    cs_edit_log_free(log);
}
END_TEST

START_TEST(test_node_attributes)
{
    g_autoptr(CsDocument) document = load_demo();
    CsEditLog *log = log_at_demo_time(document);
    ck_assert(cs_edit_node_utilization(log, "bravo", "cpu", "4", NULL));
    ck_assert(cs_edit_node_transient(log, "bravo", "pingd", "1000", NULL));
    g_autoptr(GPtrArray) attrs = cs_attributes_node(document, "bravo", NULL);
    ck_assert_ptr_nonnull(attrs);
    assert_attr(attrs, "tier", CS_ATTR_NODE, "db", "node attribute (nodes-2)");
    assert_attr(attrs, "pingd", CS_ATTR_TRANSIENT, NULL, "transient (status-2)");
    assert_attr(attrs, "cpu", CS_ATTR_UTILIZATION, "4", NULL);
    /* Permanent, transient, then utilization. */
    const CsAttr *last = g_ptr_array_index(attrs, attrs->len - 1);
    ck_assert_int_eq(last->source, CS_ATTR_UTILIZATION);
    ck_assert_ptr_null(cs_attributes_node(document, "nowhere", NULL));
    cs_edit_log_free(log);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("attributes");
    TCase *tc = tcase_create("attributes");
    tcase_add_test(tc, test_meta_sources);
    tcase_add_test(tc, test_meta_after_edits);
    tcase_add_test(tc, test_node_attributes);
    suite_add_tcase(suite, tc);
    return cs_test_run(suite);
}
