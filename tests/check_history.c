/* check_history.c: why A B and history DIR on small CIBs built here: a
 * ban, a node leaving, a fail count reaching its threshold, time passing,
 * an unmodelled feature, and a pe-input series in numeric order. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "explain/history.h"
#include "testlib.h"

/* Two nodes, rsc1 running on node1 (and rsc2 on node2); extra_config goes
 * in <constraints>, extra_meta in rsc1's meta attributes, node1_state and
 * node1_attrs shape node1's status. */
typedef struct Shape {
    const char *constraints;
    const char *rsc1_meta;
    gboolean node1_offline;
    const char *node1_attrs;
    const char *resources_extra;
    const char *execution_date;
} Shape;

static const char rsc_op_format[] =
    "<lrm_rsc_op id=\"%s_last_0\" operation_key=\"%s_start_0\" operation=\"start\" "
    "crm-debug-origin=\"do_update_resource\" crm_feature_set=\"3.16.1\" "
    "transition-key=\"1:1:0:aaaaaaaa-0000-0000-0000-000000000000\" "
    "transition-magic=\"0:0;1:1:0:aaaaaaaa-0000-0000-0000-000000000000\" exit-reason=\"\" "
    "call-id=\"2\" rc-code=\"0\" op-status=\"0\" interval=\"0\" last-rc-change=\"1700000000\" "
    "exec-time=\"10\" queue-time=\"0\" op-digest=\"f2317cad3d54cec5d7d7aa7d0bf35cf8\"/>";

static char *node_state(const char *id, const char *uname, gboolean online, const char *attrs,
                        const char *rsc)
{
    g_autofree char *op = g_strdup_printf(rsc_op_format, rsc, rsc);
    g_autofree char *transient =
        attrs ? g_strdup_printf("<transient_attributes id=\"%s\">%s</transient_attributes>", id,
                                attrs)
              : g_strdup("");
    return g_strdup_printf(
        "<node_state id=\"%s\" uname=\"%s\" in_ccm=\"%s\" crmd=\"%s\" join=\"%s\" "
        "expected=\"member\">%s"
        "<lrm id=\"%s\"><lrm_resources><lrm_resource id=\"%s\" class=\"ocf\" "
        "provider=\"pacemaker\" type=\"Dummy\">%s</lrm_resource></lrm_resources></lrm>"
        "</node_state>",
        id, uname, online ? "true" : "false", online ? "online" : "offline",
        online ? "member" : "down", transient, id, rsc, online ? op : "");
}

static CsDocument *build_cib(const Shape *shape, const char *name)
{
    g_autofree char *state1 =
        node_state("1", "node1", !shape->node1_offline, shape->node1_attrs, "rsc1");
    g_autofree char *state2 = node_state("2", "node2", TRUE, NULL, "rsc2");
    g_autofree char *date = shape->execution_date
                                ? g_strdup_printf(" execution-date=\"%s\"", shape->execution_date)
                                : g_strdup("");
    g_autofree char *xml = g_strdup_printf(
        "<cib crm_feature_set=\"3.16.1\" validate-with=\"pacemaker-3.7\" epoch=\"7\" "
        "num_updates=\"0\" admin_epoch=\"0\" have-quorum=\"1\" dc-uuid=\"2\"%s>"
        "<configuration><crm_config><cluster_property_set id=\"opts\">"
        "<nvpair id=\"opts-stonith\" name=\"stonith-enabled\" value=\"false\"/>"
        "</cluster_property_set></crm_config>"
        "<nodes><node id=\"1\" uname=\"node1\"/><node id=\"2\" uname=\"node2\"/></nodes>"
        "<resources>"
        "<primitive id=\"rsc1\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">"
        "<meta_attributes id=\"rsc1-meta\">%s</meta_attributes></primitive>"
        "<primitive id=\"rsc2\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>%s"
        "</resources><constraints>%s</constraints></configuration>"
        "<status>%s%s</status></cib>",
        date, shape->rsc1_meta ? shape->rsc1_meta : "",
        shape->resources_extra ? shape->resources_extra : "",
        shape->constraints ? shape->constraints : "", state1, state2);
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load_memory(xml, strlen(xml), name, &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "?");
    return document;
}

static char *why_text(const Shape *before, const Shape *after, int expected_status)
{
    g_autoptr(CsDocument) a = build_cib(before, "A.xml");
    g_autoptr(CsDocument) b = build_cib(after, "B.xml");
    GString *out = g_string_new(NULL);
    CsTime now = {1700000100, 0};
    gboolean dated = before->execution_date != NULL;
    int status = cs_why_report(a, b, dated ? NULL : &now, out);
    ck_assert_msg(status == expected_status, "status %d\n%s", status, out->str);
    return g_string_free(out, FALSE);
}

#define assert_has(text, needle)                                                                   \
    ck_assert_msg(strstr((text), (needle)) != NULL, "missing \"%s\" in:\n%s", (needle), (text))

static const char ban[] =
    "<rsc_location id=\"cli-ban-rsc1-on-node1\" rsc=\"rsc1\" role=\"Started\" "
    "node=\"node1\" score=\"-INFINITY\"/>";

START_TEST(test_ban_moves_resource)
{
    Shape before = {0}, after = {.constraints = ban};
    g_autofree char *text = why_text(&before, &after, 0);
    assert_has(
        text,
        "Changes:\n  rsc_location cli-ban-rsc1-on-node1 (rsc1 on node1, score -INFINITY) added\n");
    /* The wording edits use (explain/next.h): a move is "from -> to". */
    assert_has(text, "  rsc1: node1 -> node2\n    on node1: score 0 -> -INFINITY\n"
                     "      + location cli-ban-rsc1-on-node1: -INFINITY (new)\n");
    assert_has(text, "* Move       rsc1    ( node1 -> node2 )");
    /* rsc2 has no stickiness: with rsc1 gone to node2, equal scores send it
     * to the less loaded node1. */
    assert_has(text, "  rsc2: node2 -> node1\n    on node2: score 0 -> 0\n"
                     "    on node1: score 0 -> 0\n      (equal scores:");
}
END_TEST

START_TEST(test_stickiness_keeps_resource)
{
    /* A preference for node2 moves rsc1 unless stickiness holds it. */
    const char *prefer =
        "<rsc_location id=\"prefer-node2\" rsc=\"rsc1\" node=\"node2\" score=\"50\"/>";
    Shape before = {.constraints = prefer};
    Shape after = {.constraints = prefer,
                   .rsc1_meta =
                       "<nvpair id=\"rsc1-stick\" name=\"resource-stickiness\" value=\"100\"/>"};
    g_autofree char *text = why_text(&before, &after, 0);
    assert_has(text, "Changes:\n  rsc1: resource-stickiness=100 (new)\n");
    /* rsc1 runs on node1: only the plan to move it changed. */
    assert_has(text, "  rsc1: stays on node1 (was planned for node2)\n");
    assert_has(text, "      + stickiness");
    assert_has(text, "Transition:\n  nothing to do\n");
}
END_TEST

START_TEST(test_node_left)
{
    Shape before = {0}, after = {.node1_offline = TRUE};
    g_autofree char *text = why_text(&before, &after, 0);
    assert_has(text, "  node1: left (offline)\n");
    /* Offline, node1 runs nothing: rsc1 is stopped, and starts on node2
     * (the transition's Start). */
    assert_has(text, "  rsc1: starts on node2\n");
    /* The move is tied to the node's state, whatever the scores say. */
    assert_has(text, "      node node1 can run no resources: offline\n");
    Shape back = {0};
    g_autofree char *again = why_text(&after, &back, 0);
    assert_has(again, "  node1: came back (online)\n");
}
END_TEST

START_TEST(test_fail_count_reaches_threshold)
{
    const char *meta = "<nvpair id=\"rsc1-mt\" name=\"migration-threshold\" value=\"2\"/>";
    Shape before = {.rsc1_meta = meta,
                    .node1_attrs = "<instance_attributes id=\"status-1\"><nvpair id=\"fc1\" "
                                   "name=\"fail-count-rsc1#monitor_10000\" value=\"1\"/>"
                                   "</instance_attributes>"};
    Shape after = before;
    after.node1_attrs = "<instance_attributes id=\"status-1\"><nvpair id=\"fc1\" "
                        "name=\"fail-count-rsc1#monitor_10000\" value=\"2\"/>"
                        "</instance_attributes>";
    g_autofree char *text = why_text(&before, &after, 0);
    assert_has(text, "  fail count rsc1 on node1 (monitor, interval 10000ms) increased: 1 -> 2\n");
    assert_has(text, "  rsc1: node1 -> node2\n");
    assert_has(text, "      + fail limit");
    /* Status nvpairs are told as fail counts, not as raw nvpairs. */
    ck_assert_ptr_null(strstr(text, "nvpair fc1"));
}
END_TEST

START_TEST(test_time_passes_rule_expires)
{
    /* A ban that a date rule limits to before 2023-11-14T23:00 (epoch
     * 1700002800): the later input is past it. */
    const char *rule =
        "<rsc_location id=\"ban-until\" rsc=\"rsc1\"><rule id=\"ban-until-rule\" "
        "score=\"-INFINITY\" boolean-op=\"and\"><expression id=\"ban-until-node\" "
        "attribute=\"#uname\" operation=\"eq\" value=\"node2\"/><date_expression "
        "id=\"ban-until-date\" operation=\"lt\" end=\"2023-11-14T23:00:00Z\"/></rule>"
        "</rsc_location><rsc_location id=\"prefer-node2\" rsc=\"rsc1\" node=\"node2\" "
        "score=\"50\"/>";
    Shape before = {.constraints = rule, .execution_date = "1700000000"};
    Shape after = {.constraints = rule, .execution_date = "1700010000"};
    g_autofree char *text = why_text(&before, &after, 0);
    assert_has(text, "  time passed: 2h 46m 40s\n");
    assert_has(text, "  rsc1: ");
    assert_has(text, "      - location rule ban-until: -INFINITY (gone)\n");
}
END_TEST

START_TEST(test_unmodelled_feature_is_reported)
{
    Shape before = {0};
    Shape after = {
        .resources_extra =
            "<bundle id=\"b\"><rkt image=\"pcmk:http\" replicas=\"1\"/>"
            "<network control-port=\"3121\"/>"
            "<primitive id=\"bp\" class=\"ocf\" provider=\"heartbeat\" type=\"apache\"/></bundle>"};
    g_autofree char *text = why_text(&before, &after, 3);
    assert_has(text,
               "B.xml: bundle b: rkt containers are not modelled yet");
    assert_has(text, "bundle b added");
    ck_assert_ptr_null(strstr(text, "Placement:"));
}
END_TEST

/* A promotable clone of two instances, Promoted on node1 and Unpromoted
 * on node2; constraints go in <constraints>, node2_attrs in node2's
 * instance attributes.  Expected answers checked with crm_simulate 2.1.5
 * (tests/data/transition has no clone of this shape). */
static CsDocument *build_promotable(const char *constraints, const char *node2_attrs,
                                    const char *name)
{
    static const char op[] =
        "<lrm_rsc_op id=\"st_last_0\" operation_key=\"st_%s_0\" operation=\"%s\" "
        "crm-debug-origin=\"do_update_resource\" crm_feature_set=\"3.16.1\" "
        "transition-key=\"1:1:0:aaaaaaaa-0000-0000-0000-000000000000\" "
        "transition-magic=\"0:0;1:1:0:aaaaaaaa-0000-0000-0000-000000000000\" exit-reason=\"\" "
        "call-id=\"3\" rc-code=\"0\" op-status=\"0\" interval=\"0\" last-rc-change=\"1700000000\" "
        "exec-time=\"10\" queue-time=\"0\" op-digest=\"f2317cad3d54cec5d7d7aa7d0bf35cf8\"/>";
    g_autofree char *states = NULL;
    GString *text = g_string_new(NULL);
    for (int i = 1; i <= 2; i++) {
        const char *operation = i == 1 ? "promote" : "start";
        g_autofree char *record = g_strdup_printf(op, operation, operation);
        g_string_append_printf(
            text,
            "<node_state id=\"%d\" uname=\"node%d\" in_ccm=\"true\" crmd=\"online\" "
            "join=\"member\" "
            "expected=\"member\"><lrm id=\"%d\"><lrm_resources><lrm_resource id=\"st\" "
            "class=\"ocf\" "
            "provider=\"pacemaker\" type=\"Stateful\">%s</lrm_resource></lrm_resources></lrm>"
            "</node_state>",
            i, i, i, record);
    }
    states = g_string_free(text, FALSE);
    g_autofree char *xml = g_strdup_printf(
        "<cib crm_feature_set=\"3.16.1\" validate-with=\"pacemaker-3.7\" epoch=\"7\" "
        "num_updates=\"0\" admin_epoch=\"0\" have-quorum=\"1\" dc-uuid=\"2\" "
        "execution-date=\"1700000000\"><configuration><crm_config>"
        "<cluster_property_set id=\"opts\"><nvpair id=\"opts-stonith\" name=\"stonith-enabled\" "
        "value=\"false\"/></cluster_property_set></crm_config>"
        "<nodes><node id=\"1\" uname=\"node1\"/><node id=\"2\" uname=\"node2\">%s</node></nodes>"
        "<resources><clone id=\"st-clone\"><meta_attributes id=\"st-clone-meta\">"
        "<nvpair id=\"st-clone-promotable\" name=\"promotable\" value=\"true\"/>"
        "<nvpair id=\"st-clone-pmax\" name=\"promoted-max\" value=\"1\"/></meta_attributes>"
        "<primitive id=\"st\" class=\"ocf\" provider=\"pacemaker\" type=\"Stateful\"/></clone>"
        "</resources><constraints>%s</constraints></configuration><status>%s</status></cib>",
        node2_attrs ? node2_attrs : "", constraints, states);
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load_memory(xml, strlen(xml), name, &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "?");
    return document;
}

static char *why_documents(CsDocument *a, CsDocument *b)
{
    GString *out = g_string_new(NULL);
    ck_assert_int_eq(cs_why_report(a, b, NULL, out), 0);
    return g_string_free(out, FALSE);
}

static const char prefer_promoted_node1[] = "<rsc_location id=\"promote-node1\" rsc=\"st-clone\" "
                                            "role=\"Promoted\" node=\"node1\" score=\"100\"/>";

START_TEST(test_promotion_moves)
{
    /* crm_simulate: Demote st:0 on node1, Promote st:1 on node2 (promotion
     * scores 99 -> -INFINITY on node1, -1 -> 49 on node2). */
    g_autoptr(CsDocument) a = build_promotable(prefer_promoted_node1, NULL, "A.xml");
    g_autoptr(CsDocument) b = build_promotable(
        "<rsc_location id=\"promote-node1\" rsc=\"st-clone\" role=\"Promoted\" node=\"node1\" "
        "score=\"-INFINITY\"/><rsc_location id=\"promote-node2\" rsc=\"st-clone\" "
        "role=\"Promoted\" "
        "node=\"node2\" score=\"50\"/>",
        NULL, "B.xml");
    g_autofree char *text = why_documents(a, b);
    assert_has(text, "  st-clone: promoted on node2; demoted on node1\n"
                     "    promotion on node1: score 99 -> -INFINITY\n"
                     "      ~ location promote-node1: 100 -> -INFINITY\n"
                     "    promotion on node2: score -1 -> 49\n"
                     "      + location promote-node2: 50 (new)\n");
    assert_has(text, "* Demote     st:0    ( Promoted -> Unpromoted node1 )");
    assert_has(text, "* Promote    st:1    ( Unpromoted -> Promoted node2 )");
}
END_TEST

START_TEST(test_clone_instance_stops_on_standby)
{
    /* crm_simulate: Stop st:1 on node2 due to node availability. */
    g_autoptr(CsDocument) a = build_promotable(prefer_promoted_node1, NULL, "A.xml");
    g_autoptr(CsDocument) b = build_promotable(
        prefer_promoted_node1,
        "<instance_attributes id=\"n2\"><nvpair id=\"n2-standby\" name=\"standby\" value=\"on\"/>"
        "</instance_attributes>",
        "B.xml");
    g_autofree char *text = why_documents(a, b);
    assert_has(text, "  node2: standby on\n");
    /* Said once among the changes, as the node's state, not again as a
     * raw attribute (the cause chain below names the nvpair on purpose). */
    const char *placement = strstr(text, "Placement:");
    ck_assert_ptr_nonnull(placement);
    g_autofree char *changes = g_strndup(text, (gsize)(placement - text));
    ck_assert_ptr_null(strstr(changes, "standby=on"));
    ck_assert_ptr_null(strstr(changes, "instance_attributes n2"));
    assert_has(text, "  st-clone: stops on node2\n");
    assert_has(text, "      node node2 can run no resources: in standby\n");
    ck_assert_ptr_null(strstr(text, "promoted on"));
}
END_TEST

/* Issue 17: change lines name the setting and its values (a default
 * section created whole, a resource's meta attributes added, a value
 * changed), and a node that joins is listed once. */
START_TEST(test_changes_name_settings)
{
    Shape before = {.rsc1_meta = "<nvpair id=\"rsc1-tr\" name=\"target-role\" value=\"Started\"/>"};
    Shape after = {.rsc1_meta = "<nvpair id=\"rsc1-tr\" name=\"target-role\" value=\"Stopped\"/>"};
    g_autoptr(CsDocument) a = build_cib(&before, "A.xml");
    g_autoptr(CsDocument) b = build_cib(&after, "B.xml");
    xmlNode *configuration = xmlDocGetRootElement(b->xml)->children;
    xmlNode *defaults = xmlNewChild(configuration, NULL, BAD_CAST "rsc_defaults", NULL);
    xmlNode *set = xmlNewChild(defaults, NULL, BAD_CAST "meta_attributes", NULL);
    xmlSetProp(set, BAD_CAST "id", BAD_CAST "rsc-options");
    xmlNode *pair = xmlNewChild(set, NULL, BAD_CAST "nvpair", NULL);
    xmlSetProp(pair, BAD_CAST "id", BAD_CAST "rsc-options-stickiness");
    xmlSetProp(pair, BAD_CAST "name", BAD_CAST "resource-stickiness");
    xmlSetProp(pair, BAD_CAST "value", BAD_CAST "100");
    xmlNode *rsc2 = cs_document_lookup_id(b, "rsc2");
    ck_assert_ptr_nonnull(rsc2);
    xmlNode *meta = xmlNewChild(rsc2, NULL, BAD_CAST "meta_attributes", NULL);
    xmlSetProp(meta, BAD_CAST "id", BAD_CAST "rsc2-meta");
    pair = xmlNewChild(meta, NULL, BAD_CAST "nvpair", NULL);
    xmlSetProp(pair, BAD_CAST "id", BAD_CAST "rsc2-meta-priority");
    xmlSetProp(pair, BAD_CAST "name", BAD_CAST "priority");
    xmlSetProp(pair, BAD_CAST "value", BAD_CAST "5");
    xmlNode *nodes = cs_document_section(b, "nodes");
    xmlNode *node3 = xmlNewChild(nodes, NULL, BAD_CAST "node", NULL);
    xmlSetProp(node3, BAD_CAST "id", BAD_CAST "3");
    xmlSetProp(node3, BAD_CAST "uname", BAD_CAST "node3");
    cs_document_reindex(b);
    g_autofree char *text = why_documents(a, b);
    assert_has(text, "  rsc_defaults: resource-stickiness=100 (new)\n");
    assert_has(text, "  rsc2: priority=5 (new)\n");
    assert_has(text, "  rsc1: target-role Started -> Stopped\n");
    assert_has(text, "  node3: joined the configuration (offline)\n");
    ck_assert_ptr_null(strstr(text, "(no id)"));
    ck_assert_ptr_null(strstr(text, "meta_attributes rsc2-meta added"));
    /* Once: not again as the <node> element added. */
    const char *first = strstr(text, "node3");
    ck_assert_ptr_null(strstr(first + 1, "node3"));
}
END_TEST

static void save_bz2(CsDocument *document, const char *dir, const char *name)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);
    document->compression = CS_COMPRESSION_BZIP2;
    g_autoptr(GError) error = NULL;
    ck_assert_msg(cs_document_save(document, path, &error), "%s", error ? error->message : "");
}

static void remove_tree(const char *dir)
{
    g_autoptr(GDir) handle = g_dir_open(dir, 0, NULL);
    const char *name;
    while (handle != NULL && (name = g_dir_read_name(handle)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_unlink(path);
    }
    g_rmdir(dir);
}

START_TEST(test_history_series_in_numeric_order)
{
    g_autofree char *dir = g_dir_make_tmp("check_history-XXXXXX", NULL);
    Shape plain = {.execution_date = "1700000000"};
    Shape banned = {.constraints = ban, .execution_date = "1700000060"};
    Shape left = {.constraints = ban, .node1_offline = TRUE, .execution_date = "1700000120"};
    g_autoptr(CsDocument) first = build_cib(&plain, "x");
    g_autoptr(CsDocument) second = build_cib(&banned, "x");
    g_autoptr(CsDocument) third = build_cib(&left, "x");
    save_bz2(first, dir, "pe-input-9.bz2");
    save_bz2(second, dir, "pe-input-10.bz2");
    save_bz2(third, dir, "pe-warn-11.bz2");
    g_autofree char *junk = g_build_filename(dir, "pe-input-x.bz2", NULL);
    ck_assert(g_file_set_contents(junk, "not a cib", -1, NULL));

    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) files = cs_history_list(dir, &error);
    ck_assert_ptr_nonnull(files);
    ck_assert_int_eq(files->len, 3);
    ck_assert_str_eq(((CsHistoryFile *)g_ptr_array_index(files, 0))->name, "pe-input-9.bz2");
    ck_assert_str_eq(((CsHistoryFile *)g_ptr_array_index(files, 1))->name, "pe-input-10.bz2");
    ck_assert_str_eq(((CsHistoryFile *)g_ptr_array_index(files, 2))->series, "pe-warn");

    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert_int_eq(cs_history_report(dir, NULL, out, &error), 0);
    const char *step1 =
        strstr(out->str, "== pe-input-9.bz2 ==\n(first input, 2023-11-14 22:13:20Z)\n");
    const char *step2 = strstr(out->str, "== pe-input-10.bz2 ==");
    const char *step3 = strstr(out->str, "== pe-warn-11.bz2 ==");
    ck_assert_msg(step1 && step2 && step3 && step1 < step2 && step2 < step3, "%s", out->str);
    assert_has(step2, "cli-ban-rsc1-on-node1 (rsc1 on node1, score -INFINITY) added");
    assert_has(step2, "time passed: 1m 00s");
    /* Steps of one directory name the inputs by file name alone. */
    assert_has(step2, "From pe-input-9.bz2 (epoch 0.7.0, ");
    assert_has(step2, "  to pe-input-10.bz2 (epoch 0.7.0, ");
    assert_has(step3, "node1: left (offline)");
    remove_tree(dir);
}
END_TEST

START_TEST(test_history_bad_dir)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert_int_eq(cs_history_report("/nonexistent/dir", NULL, out, &error), -1);
    ck_assert(g_error_matches(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ));
    g_autofree char *empty = g_dir_make_tmp("check_history-XXXXXX", NULL);
    g_clear_error(&error);
    ck_assert_ptr_null(cs_history_list(empty, &error));
    assert_has(error->message, "no pe-input-N");
    g_rmdir(empty);
}
END_TEST

/* Temporary directories a report was unpacked into. */
static guint count_unpacked(void)
{
    g_autoptr(GDir) tmp = g_dir_open(g_get_tmp_dir(), 0, NULL);
    const char *name;
    guint count = 0;
    while (tmp != NULL && (name = g_dir_read_name(tmp)) != NULL)
        count += g_str_has_prefix(name, "cibscope-report-");
    return count;
}

/* A crm_report tarball: each node's pe-inputs, ordered by execution-date
 * across nodes, one found under two nodes listed once. */
START_TEST(test_report_tarball)
{
    g_autofree char *work = g_dir_make_tmp("check_history-report-XXXXXX", NULL);
    ck_assert_ptr_nonnull(work);
    g_autofree char *node1 = g_build_filename(work, "report", "node1", "pengine", NULL);
    g_autofree char *node2 = g_build_filename(work, "report", "node2", "pengine", NULL);
    ck_assert_int_eq(g_mkdir_with_parents(node1, 0700), 0);
    ck_assert_int_eq(g_mkdir_with_parents(node2, 0700), 0);
    Shape early = {.execution_date = "1700000000"};
    Shape late = {.constraints = ban, .execution_date = "1700000600"};
    g_autoptr(CsDocument) first = build_cib(&early, "a.xml");
    g_autoptr(CsDocument) second = build_cib(&late, "b.xml");
    /* node2 was DC first (its input 7), then node1 (its input 1); node2
     * kept a copy of node1's input too. */
    save_bz2(first, node2, "pe-input-7.bz2");
    save_bz2(second, node1, "pe-input-1.bz2");
    save_bz2(second, node2, "pe-input-8.bz2");
    g_autofree char *tarball = g_build_filename(work, "report.tar.bz2", NULL);
    char *argv[] = {(char *)"tar", (char *)"-cjf",   tarball, (char *)"-C",
                    work,          (char *)"report", NULL};
    int status = -1;
    ck_assert(
        g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, NULL));
    ck_assert(g_spawn_check_wait_status(status, NULL));
    ck_assert(cs_history_is_tarball(tarball));
    ck_assert(!cs_history_is_tarball(work));
    guint unpacked_before = count_unpacked();
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    ck_assert_int_eq(cs_history_report(tarball, NULL, out, &error), 0);
    /* Nothing of the unpacked report is left behind. */
    ck_assert_uint_eq(count_unpacked(), unpacked_before);
    const char *one = strstr(out->str, "== report/node2/pengine/pe-input-7.bz2 ==");
    const char *two = strstr(out->str, "== report/node1/pengine/pe-input-1.bz2 ==");
    ck_assert_msg(one != NULL && two != NULL && one < two, "%s", out->str);
    ck_assert_msg(strstr(out->str, "pe-input-8.bz2") == NULL, "listed twice:\n%s", out->str);
    assert_has(two, "rsc_location cli-ban-rsc1-on-node1 (rsc1 on node1, score -INFINITY) added");
    char *clean[] = {(char *)"rm", (char *)"-rf", work, NULL};
    ck_assert(g_spawn_sync(NULL, clean, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status,
                           NULL));
}
END_TEST

static Suite *history_suite(void)
{
    Suite *suite = suite_create("history");
    TCase *tc = tcase_create("why");
    tcase_add_test(tc, test_ban_moves_resource);
    tcase_add_test(tc, test_stickiness_keeps_resource);
    tcase_add_test(tc, test_node_left);
    tcase_add_test(tc, test_fail_count_reaches_threshold);
    tcase_add_test(tc, test_time_passes_rule_expires);
    tcase_add_test(tc, test_unmodelled_feature_is_reported);
    tcase_add_test(tc, test_promotion_moves);
    tcase_add_test(tc, test_clone_instance_stops_on_standby);
    tcase_add_test(tc, test_changes_name_settings);
    suite_add_tcase(suite, tc);
    TCase *series = tcase_create("history");
    tcase_add_test(series, test_history_series_in_numeric_order);
    tcase_add_test(series, test_history_bad_dir);
    tcase_add_test(series, test_report_tarball);
    suite_add_tcase(suite, series);
    return suite;
}

int main(void)
{
    return cs_test_run(history_suite());
}
