/* check_live.c: the cibadmin transport, on a file through CIB_file (as
 * Pacemaker's own tools honour it): query, plan, commit, the epoch guard,
 * timeouts, rebase and polling.  Skipped when cibadmin is not installed. */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "cib/live.h"
#include "testlib.h"

static const char test_cib[] =
    "<cib crm_feature_set=\"3.16.1\" validate-with=\"pacemaker-3.7\" epoch=\"5\" "
    "num_updates=\"3\" admin_epoch=\"0\" have-quorum=\"1\" dc-uuid=\"1\">\n"
    "  <configuration>\n"
    "    <crm_config>\n"
    "      <cluster_property_set id=\"opts\">\n"
    "        <nvpair id=\"opts-stonith\" name=\"stonith-enabled\" value=\"false\"/>\n"
    "      </cluster_property_set>\n"
    "    </crm_config>\n"
    "    <nodes>\n"
    "      <node id=\"1\" uname=\"node1\"/>\n"
    "      <node id=\"2\" uname=\"node2\">\n"
    "        <instance_attributes id=\"nodes-2\">\n"
    "          <nvpair id=\"nodes-2-rack\" name=\"rack\" value=\"r2\"/>\n"
    "        </instance_attributes>\n"
    "      </node>\n"
    "    </nodes>\n"
    "    <resources>\n"
    "      <primitive id=\"rsc1\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n"
    "        <meta_attributes id=\"rsc1-meta\">\n"
    "          <nvpair id=\"rsc1-meta-stickiness\" name=\"resource-stickiness\" value=\"50\"/>\n"
    "        </meta_attributes>\n"
    "        <operations>\n"
    "          <op id=\"rsc1-monitor\" name=\"monitor\" interval=\"10s\"/>\n"
    "        </operations>\n"
    "      </primitive>\n"
    "      <primitive id=\"rsc2\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>\n"
    "    </resources>\n"
    "    <constraints>\n"
    "      <rsc_location id=\"prefer-rsc2\" rsc=\"rsc2\" node=\"node2\" score=\"100\"/>\n"
    "    </constraints>\n"
    "  </configuration>\n"
    "  <status>\n"
    "    <node_state id=\"1\" uname=\"node1\" in_ccm=\"true\" crmd=\"online\" join=\"member\" "
    "expected=\"member\">\n"
    "      <transient_attributes id=\"1\">\n"
    "        <instance_attributes id=\"status-1\">\n"
    "          <nvpair id=\"status-1-fail-count-rsc1\" name=\"fail-count-rsc1#monitor_10000\" "
    "value=\"1\"/>\n"
    "        </instance_attributes>\n"
    "      </transient_attributes>\n"
    "    </node_state>\n"
    "  </status>\n"
    "</cib>\n";

static char *work_dir;
static char *cib_path;

static gboolean have_cibadmin(void)
{
    g_autofree char *found = g_find_program_in_path("cibadmin");
    return found != NULL || access("/usr/sbin/cibadmin", X_OK) == 0;
}

static void setup(void)
{
    work_dir = g_dir_make_tmp("check_live-XXXXXX", NULL);
    ck_assert_ptr_nonnull(work_dir);
    cib_path = g_build_filename(work_dir, "cib.xml", NULL);
    ck_assert(g_file_set_contents(cib_path, test_cib, -1, NULL));
    g_setenv("CIB_file", cib_path, TRUE);
    cs_live_set_program(NULL);
    cs_live_set_timeout(0);
}

static void teardown(void)
{
    g_autoptr(GDir) dir = g_dir_open(work_dir, 0, NULL);
    const char *name;
    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *path = g_build_filename(work_dir, name, NULL);
        g_unlink(path);
    }
    g_rmdir(work_dir);
    g_clear_pointer(&work_dir, g_free);
    g_clear_pointer(&cib_path, g_free);
    g_unsetenv("CIB_file");
}

static char *file_text(const char *path)
{
    char *text = NULL;
    ck_assert(g_file_get_contents(path, &text, NULL, NULL));
    return text;
}

/* Somebody else's change, made with cibadmin directly. */
static void concurrent_change(const char *verb, const char *scope, const char *xml)
{
    g_autofree char *program = g_find_program_in_path("cibadmin");
    char *argv[] = {program ? program : (char *)"/usr/sbin/cibadmin",
                    (char *)verb,
                    (char *)"--scope",
                    (char *)scope,
                    (char *)"--xml-text",
                    (char *)xml,
                    NULL};
    int status = -1;
    ck_assert(g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                           &status, NULL));
    ck_assert(g_spawn_check_wait_status(status, NULL));
}

static xmlNode *find_id(CsDocument *document, const char *id)
{
    cs_document_reindex(document);
    xmlNode *node = cs_document_lookup_id(document, id);
    ck_assert_msg(node != NULL, "no element with id %s", id);
    return node;
}

static void add_child_xml(CsDocument *document, xmlNode *parent, const char *xml)
{
    xmlNode *list = NULL;
    ck_assert_int_eq(xmlParseInNodeContext(parent, xml, (int)strlen(xml), 0, &list), XML_ERR_OK);
    xmlAddChildList(parent, list);
    cs_document_reindex(document);
}

/* The edits a session would make: a ban, a stickiness change, a new meta
 * attribute on rsc2, a removed constraint, a node attribute and a fail
 * count reset. */
static void make_edits(CsDocument *edited)
{
    add_child_xml(edited, cs_document_section(edited, "constraints"),
                  "<rsc_location id=\"cli-ban-rsc1-on-node1\" rsc=\"rsc1\" role=\"Started\" "
                  "node=\"node1\" score=\"-INFINITY\"/>");
    xmlSetProp(find_id(edited, "rsc1-meta-stickiness"), BAD_CAST "value", BAD_CAST "200");
    add_child_xml(edited, find_id(edited, "rsc2"),
                  "<meta_attributes id=\"rsc2-meta\"><nvpair id=\"rsc2-meta-priority\" "
                  "name=\"priority\" value=\"7\"/></meta_attributes>");
    xmlNode *prefer = find_id(edited, "prefer-rsc2");
    xmlUnlinkNode(prefer);
    xmlFreeNode(prefer);
    xmlSetProp(find_id(edited, "nodes-2-rack"), BAD_CAST "value", BAD_CAST "r9");
    xmlSetProp(find_id(edited, "status-1-fail-count-rsc1"), BAD_CAST "value", BAD_CAST "0");
    cs_document_reindex(edited);
}

static int count_kind(const GPtrArray *ops, CsLiveOpKind kind)
{
    int n = 0;
    for (guint i = 0; i < ops->len; i++)
        n += ((const CsLiveOp *)g_ptr_array_index(ops, i))->kind == kind;
    return n;
}

START_TEST(test_query_reads_cib_file)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_live_query(&error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "?");
    CsLiveVersion version;
    cs_live_version_read(document, &version);
    ck_assert_int_eq(version.admin_epoch, 0);
    ck_assert_int_eq(version.epoch, 5);
    ck_assert_str_eq(version.dc_name, "node1");
    g_autofree char *status = cs_live_status_text(&version);
    g_autofree char *expected =
        g_strdup_printf("live (CIB_file=%s)  DC node1  epoch 0.5.", cib_path);
    ck_assert_msg(g_str_has_prefix(status, expected), "status text: %s", status);
    ck_assert(cs_live_available(NULL));
    cs_live_version_clear(&version);
}
END_TEST

START_TEST(test_query_failure_is_reported)
{
    g_autofree char *missing = g_build_filename(work_dir, "missing.xml", NULL);
    g_setenv("CIB_file", missing, TRUE);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_live_query(&error);
    ck_assert_ptr_null(document);
    ck_assert(g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_FAILED));
    ck_assert_msg(strstr(error->message, "missing.xml") != NULL, "%s", error->message);
    ck_assert_msg(strstr(error->message, "(does CIB_file name a readable CIB?)") != NULL, "%s",
                  error->message);
    g_autoptr(GError) why = NULL;
    ck_assert(!cs_live_available(&why));
    ck_assert_str_eq(why->message, error->message);
}
END_TEST

/* A cluster that does not answer: the message says what to do first. */
START_TEST(test_query_failure_says_what_to_do)
{
    g_unsetenv("CIB_file");
    g_autofree char *script = g_build_filename(work_dir, "down-cibadmin", NULL);
    ck_assert(g_file_set_contents(script,
                                  "#!/bin/sh\necho 'Could not connect to the CIB: "
                                  "Transport endpoint is not connected' >&2\nexit 102\n",
                                  -1, NULL));
    ck_assert_int_eq(g_chmod(script, 0700), 0);
    cs_live_set_program(script);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_live_query(&error);
    ck_assert_ptr_null(document);
    const char *hint = cs_live_read_hint(FALSE, geteuid() == 0);
    g_autofree char *expected =
        g_strdup_printf("cannot read the CIB (%s): cibadmin --query failed (exit 102): "
                        "Could not connect to the CIB: Transport endpoint is not "
                        "connected",
                        hint);
    if (geteuid() == 0)
        ck_assert_str_eq(error->message, expected);
    ck_assert_str_eq(cs_live_read_hint(FALSE, TRUE), "is pacemaker running?");
    ck_assert_str_eq(cs_live_read_hint(FALSE, FALSE), "run as root or a member of haclient");
    cs_live_set_program(NULL);
}
END_TEST

START_TEST(test_plan_operations)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    ck_assert(base && edited);
    g_autoptr(GPtrArray) none = cs_live_plan(base, edited);
    ck_assert_int_eq(none->len, 0);
    make_edits(edited);
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    ck_assert_int_eq(ops->len, 6);
    ck_assert_int_eq(count_kind(ops, CS_LIVE_OP_CREATE), 2);
    ck_assert_int_eq(count_kind(ops, CS_LIVE_OP_MODIFY), 3);
    ck_assert_int_eq(count_kind(ops, CS_LIVE_OP_DELETE), 1);
    GString *all = g_string_new(NULL);
    for (guint i = 0; i < ops->len; i++) {
        const CsLiveOp *op = g_ptr_array_index(ops, i);
        g_autofree char *line = cs_live_op_command_line(op);
        g_string_append_printf(all, "%s | %s\n", line, op->summary);
    }
    /* Exact forms of three of them. */
    ck_assert_msg(strstr(all->str, "--create --scope constraints --xml-text '<rsc_location "
                                   "id=\"cli-ban-rsc1-on-node1\" rsc=\"rsc1\" role=\"Started\" "
                                   "node=\"node1\" score=\"-INFINITY\"/>'")
                      != NULL,
                  "%s", all->str);
    /* Settings go through the operator's tools, naming the set and the
     * nvpair when they are not the ones the tool would choose. */
    ck_assert_msg(
        strstr(all->str,
               "crm_resource --resource rsc2 --meta --set-parameter priority "
               "--parameter-value 7 --set-name rsc2-meta | meta_attributes rsc2-meta added")
            != NULL,
        "%s", all->str);
    ck_assert_msg(strstr(all->str, "crm_resource --resource rsc1 --meta --set-parameter "
                                   "resource-stickiness --parameter-value 200 |")
                      != NULL,
                  "%s", all->str);
    ck_assert_msg(strstr(all->str, "crm_attribute --node node2 --name rack --update r9 |") != NULL,
                  "%s", all->str);
    ck_assert_msg(strstr(all->str,
                         "--delete --scope constraints --xml-text "
                         "'<rsc_location id=\"prefer-rsc2\"/>' | rsc_location prefer-rsc2 "
                         "(rsc2 on node2, score 100) removed")
                      != NULL,
                  "%s", all->str);
    ck_assert_msg(strstr(all->str, "nvpair rsc1-meta-stickiness (resource-stickiness=200) "
                                   "changed: value: 50 -> 200")
                      != NULL,
                  "%s", all->str);
    ck_assert_msg(strstr(all->str, "node node1: nvpair status-1-fail-count-rsc1") != NULL, "%s",
                  all->str);
    g_string_free(all, TRUE);
}
END_TEST

/* On a cluster (no CIB_file) fail counts go through the attribute
 * manager as crm_resource does: a clear is one crm_resource --cleanup per
 * resource and node (the last-failure with it), a set attrd_updater. */
START_TEST(test_plan_fail_counts_through_attrd)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) cleared = cs_live_query(NULL);
    g_autoptr(CsDocument) set = cs_live_query(NULL);
    ck_assert(base && cleared && set);
    add_child_xml(
        base, find_id(base, "status-1"),
        "<nvpair id=\"status-1-last-failure-rsc1\" name=\"last-failure-rsc1#monitor_10000\" "
        "value=\"1700000000\"/>");
    add_child_xml(
        set, find_id(set, "status-1"),
        "<nvpair id=\"status-1-last-failure-rsc1\" name=\"last-failure-rsc1#monitor_10000\" "
        "value=\"1700000000\"/>");
    xmlNode *count = find_id(cleared, "status-1-fail-count-rsc1");
    xmlUnlinkNode(count);
    xmlFreeNode(count);
    cs_document_reindex(cleared);
    xmlSetProp(find_id(set, "status-1-fail-count-rsc1"), BAD_CAST "value", BAD_CAST "3");
    g_unsetenv("CIB_file");
    g_autoptr(GPtrArray) clear_ops = cs_live_plan(base, cleared);
    g_autoptr(GPtrArray) set_ops = cs_live_plan(base, set);
    g_setenv("CIB_file", cib_path, TRUE);
    /* fail-count and last-failure removed: one cleanup covers both. */
    ck_assert_int_eq(clear_ops->len, 2);
    const CsLiveOp *first = g_ptr_array_index(clear_ops, 0);
    const CsLiveOp *second = g_ptr_array_index(clear_ops, 1);
    const CsLiveOp *run = first->covered ? second : first;
    const CsLiveOp *covered = first->covered ? first : second;
    ck_assert(covered->covered && !run->covered);
    g_auto(GStrv) argv = cs_live_op_argv(run);
    g_autofree char *program = g_path_get_basename(argv[0]);
    ck_assert_str_eq(program, "crm_resource");
    g_autofree char *rest = g_strjoinv(" ", argv + 1);
    ck_assert_str_eq(rest, "--cleanup --resource rsc1 --node node1");
    ck_assert_ptr_null(cs_live_op_argv(covered));
    g_autofree char *covered_line = cs_live_op_command_line(covered);
    ck_assert_str_eq(covered_line, "(done by the crm_resource --cleanup above)");
    ck_assert_str_eq(run->summary, "node node1: fail-count-rsc1#monitor_10000 cleared");
    /* A count set: attrd_updater, by argv (the '#' reaches it as is). */
    ck_assert_int_eq(set_ops->len, 1);
    g_auto(GStrv) set_argv = cs_live_op_argv(g_ptr_array_index(set_ops, 0));
    g_autofree char *set_rest = g_strjoinv(" ", set_argv + 1);
    ck_assert_str_eq(set_rest, "--name fail-count-rsc1#monitor_10000 --node node1 --update 3");
    g_autofree char *line = cs_live_op_command_line(g_ptr_array_index(set_ops, 0));
    ck_assert_msg(
        strstr(line, "attrd_updater --name 'fail-count-rsc1#monitor_10000' --node node1 --update 3")
            != NULL,
        "%s", line);
}
END_TEST

/* On a cluster any transient attribute goes through attrd_updater: a
 * new one (its set made with it) by --update, one removed by --delete. */
START_TEST(test_plan_transient_through_attrd)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) added = cs_live_query(NULL);
    add_child_xml(added, find_id(added, "status-1"),
                  "<nvpair id=\"status-1-pingd\" name=\"pingd\" value=\"1000\"/>");
    g_autoptr(CsDocument) removed = cs_live_query(NULL);
    add_child_xml(base, find_id(base, "status-1"),
                  "<nvpair id=\"status-1-pingd\" name=\"pingd\" value=\"1000\"/>");
    g_unsetenv("CIB_file");
    g_autoptr(GPtrArray) add_ops = cs_live_plan(removed, added);
    g_autoptr(GPtrArray) remove_ops = cs_live_commit_plan(base, removed);
    g_setenv("CIB_file", cib_path, TRUE);
    ck_assert_int_eq(add_ops->len, 1);
    ck_assert_int_eq(remove_ops->len, 1);
    g_autofree char *add = cs_live_op_command_line(g_ptr_array_index(add_ops, 0));
    g_autofree char *remove = cs_live_op_command_line(g_ptr_array_index(remove_ops, 0));
    ck_assert_msg(g_str_has_suffix(add, "attrd_updater --name pingd --node node1 --update 1000"),
                  "%s", add);
    ck_assert_msg(g_str_has_suffix(remove, "attrd_updater --name pingd --node node1 --delete"),
                  "%s", remove);
    ck_assert_str_eq(((CsLiveOp *)g_ptr_array_index(remove_ops, 0))->summary,
                     "node node1: nvpair status-1-pingd (pingd=1000) removed");
}
END_TEST

/* Many objects in one section (matched by an index, not searched one by
 * one): only the one changed is planned, and attributes merely written in
 * another order are no change. */
START_TEST(test_plan_large_section)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    ck_assert_ptr_nonnull(base);
    GString *many = g_string_new(NULL);
    for (int i = 0; i < 3000; i++)
        g_string_append_printf(many,
                               "<rsc_location id=\"loc-%d\" rsc=\"rsc1\" node=\"node2\" "
                               "score=\"%d\"/>",
                               i, i);
    add_child_xml(base, cs_document_section(base, "constraints"), many->str);
    g_string_free(many, TRUE);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    ck_assert_ptr_nonnull(edited);
    xmlNode *constraints = cs_document_section(edited, "constraints");
    xmlNode *prefer = find_id(edited, "prefer-rsc2");
    xmlUnlinkNode(prefer);
    xmlFreeNode(prefer);
    /* The same constraints, backwards, one with its attributes reordered,
     * one scored anew. */
    for (int i = 2999; i >= 0; i--) {
        g_autofree char *xml =
            i == 17
                ? g_strdup("<rsc_location score=\"17\" node=\"node2\" rsc=\"rsc1\" id=\"loc-17\"/>")
                : g_strdup_printf("<rsc_location id=\"loc-%d\" rsc=\"rsc1\" node=\"node2\" "
                                  "score=\"%d\"/>",
                                  i, i == 2500 ? -5 : i);
        add_child_xml(edited, constraints, xml);
    }
    add_child_xml(edited, constraints,
                  "<rsc_location id=\"prefer-rsc2\" rsc=\"rsc2\" node=\"node2\" score=\"100\"/>");
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    ck_assert_int_eq(ops->len, 1);
    const CsLiveOp *op = g_ptr_array_index(ops, 0);
    ck_assert_int_eq(op->kind, CS_LIVE_OP_MODIFY);
    ck_assert_str_eq(op->summary,
                     "rsc_location loc-2500 (rsc1 on node2, score -5) changed: score: 2500 -> -5");
}
END_TEST

/* The joined command lines of ops, one op per line. */
static char *plan_lines(const GPtrArray *ops)
{
    GString *all = g_string_new(NULL);
    for (guint i = 0; i < ops->len; i++) {
        g_autofree char *line = cs_live_op_command_line(g_ptr_array_index(ops, i));
        g_string_append_printf(all, "%s\n", line);
    }
    return g_string_free(all, FALSE);
}

/* A ticket granted and put in standby: two crm_ticket calls (granting by
 * hand needs --force), then the ticket is in the file. */
START_TEST(test_plan_tickets_through_crm_ticket)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    add_child_xml(edited, cs_document_section(edited, "status"),
                  "<tickets><ticket_state id=\"tk\" granted=\"true\" last-granted=\"1700000000\" "
                  "standby=\"true\"/></tickets>");
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    ck_assert_int_eq(ops->len, 1);
    g_autoptr(GPtrArray) commands = cs_live_op_commands(g_ptr_array_index(ops, 0));
    ck_assert_int_eq(commands->len, 2);
    g_autofree char *grant = g_strjoinv(" ", (char **)g_ptr_array_index(commands, 0) + 1);
    g_autofree char *standby = g_strjoinv(" ", (char **)g_ptr_array_index(commands, 1) + 1);
    ck_assert_str_eq(grant, "--ticket tk --grant --force");
    ck_assert_str_eq(standby, "--ticket tk --standby");
    g_autoptr(GString) report = g_string_new(NULL);
    ck_assert_msg(cs_live_commit(base, ops, report, NULL), "%s", report->str);
    g_autoptr(CsDocument) after = cs_live_query(NULL);
    xmlNode *ticket = find_id(after, "tk");
    ck_assert_ptr_nonnull(ticket);
    g_autofree char *granted = (char *)xmlGetProp(ticket, BAD_CAST "granted");
    g_autofree char *on_standby = (char *)xmlGetProp(ticket, BAD_CAST "standby");
    ck_assert_str_eq(granted, "true");
    ck_assert_str_eq(on_standby, "true");
}
END_TEST

/* A resource moved into a new group while a constraint names it: the
 * resources section goes whole (removing it first would leave the
 * constraint naming nothing); a resource removed goes after the
 * constraints naming it. */
START_TEST(test_plan_keeps_the_cib_valid)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) moved = cs_live_query(NULL);
    xmlNode *rsc2 = find_id(moved, "rsc2");
    xmlUnlinkNode(rsc2);
    add_child_xml(moved, cs_document_section(moved, "resources"), "<group id=\"g\"/>");
    xmlAddChild(find_id(moved, "g"), rsc2);
    cs_document_reindex(moved);
    g_autoptr(GPtrArray) move_ops = cs_live_commit_plan(base, moved);
    g_autoptr(GPtrArray) move_diff = cs_live_plan(base, moved);
    ck_assert_int_eq(move_diff->len, 2); /* the diff: removed, and a new group */
    ck_assert_int_eq(move_ops->len, 1);
    const CsLiveOp *whole = g_ptr_array_index(move_ops, 0);
    ck_assert_int_eq(whole->kind, CS_LIVE_OP_REPLACE);
    ck_assert_str_eq(whole->summary, "resources rewritten whole (primitive rsc2 moved)");

    g_autoptr(CsDocument) removed = cs_live_query(NULL);
    xmlNode *gone = find_id(removed, "rsc2");
    xmlUnlinkNode(gone);
    xmlFreeNode(gone);
    gone = find_id(removed, "prefer-rsc2");
    xmlUnlinkNode(gone);
    xmlFreeNode(gone);
    cs_document_reindex(removed);
    g_autoptr(GPtrArray) remove_ops = cs_live_commit_plan(base, removed);
    g_autofree char *lines = plan_lines(remove_ops);
    char *constraint = strstr(lines, "rsc_location id=\"prefer-rsc2\"");
    char *resource = strstr(lines, "primitive id=\"rsc2\"");
    ck_assert_msg(constraint != NULL && resource != NULL && constraint < resource, "%s", lines);
    g_autoptr(GString) report = g_string_new(NULL);
    ck_assert_msg(cs_live_commit(base, remove_ops, report, NULL), "%s", report->str);
}
END_TEST

START_TEST(test_commit_applies_exactly_the_edits)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    make_edits(edited);
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    g_autoptr(GString) report = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    gboolean ok = cs_live_commit(base, ops, report, &error);
    ck_assert_msg(ok, "%s\n%s", error ? error->message : "?", report->str);
    ck_assert_int_eq(g_strstr_len(report->str, -1, "ok      ") != NULL, 1);
    ck_assert_ptr_null(strstr(report->str, "FAILED"));
    /* The cluster's CIB now holds every edit and nothing else: no
     * difference is left between what was edited and what is there. */
    g_autoptr(CsDocument) after = cs_live_query(NULL);
    g_autoptr(GPtrArray) left = cs_live_plan(edited, after);
    ck_assert_msg(left->len == 0, "left: %s",
                  left->len ? ((CsLiveOp *)g_ptr_array_index(left, 0))->summary : "");
    CsLiveVersion version;
    cs_live_version_read(after, &version);
    ck_assert_int_gt(version.epoch, 5);
    cs_live_version_clear(&version);
}
END_TEST

START_TEST(test_epoch_guard_refuses_and_writes_nothing)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    make_edits(edited);
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    concurrent_change("--create", "constraints",
                      "<rsc_location id=\"theirs\" rsc=\"rsc2\" node=\"node1\" score=\"25\"/>");
    g_autofree char *before = file_text(cib_path);
    g_autoptr(GString) report = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_live_commit(base, ops, report, &error));
    ck_assert(g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED));
    ck_assert_msg(strstr(error->message, "epoch 0.5.3, now 0.6.") != NULL, "%s", error->message);
    ck_assert_msg(strstr(report->str, "rsc_location theirs (rsc2 on node1, score 25) added")
                      != NULL,
                  "%s", report->str);
    ck_assert_ptr_null(strstr(report->str, "ok "));
    g_autofree char *after = file_text(cib_path);
    ck_assert_str_eq(before, after);
}
END_TEST

START_TEST(test_status_update_does_not_block)
{
    /* num_updates moves with every status change; the configuration the
     * edits were made on is still the same, so the commit goes ahead. */
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    xmlSetProp(find_id(edited, "rsc1-meta-stickiness"), BAD_CAST "value", BAD_CAST "75");
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    ck_assert_int_eq(ops->len, 1);
    concurrent_change("--modify", "status",
                      "<nvpair id=\"status-1-fail-count-rsc1\" value=\"2\"/>");
    g_autoptr(CsDocument) moved = cs_live_query(NULL);
    CsLiveVersion version;
    cs_live_version_read(moved, &version);
    ck_assert_int_eq(version.epoch, 5);
    ck_assert_int_eq(version.num_updates, 4);
    cs_live_version_clear(&version);
    g_autoptr(GString) report = g_string_new(NULL);
    ck_assert(cs_live_commit(base, ops, report, NULL));
    g_autofree char *text = file_text(cib_path);
    ck_assert_ptr_nonnull(strstr(text, "name=\"resource-stickiness\" value=\"75\""));
}
END_TEST

START_TEST(test_failed_operation_stops_the_commit)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    xmlSetProp(find_id(edited, "rsc1-meta-stickiness"), BAD_CAST "value", BAD_CAST "80");
    add_child_xml(edited, cs_document_section(edited, "constraints"),
                  "<rsc_location id=\"late\" rsc=\"rsc1\" node=\"node2\" score=\"5\"/>");
    g_autoptr(GPtrArray) ops = cs_live_commit_plan(base, edited);
    ck_assert_int_eq(ops->len, 2);
    /* The constraint names only resources the CIB has: it goes first.
     * Break it: modify an object that does not exist. */
    CsLiveOp *first = g_ptr_array_index(ops, 0);
    ck_assert_int_eq(first->kind, CS_LIVE_OP_CREATE);
    first->kind = CS_LIVE_OP_MODIFY;
    g_free(first->fragment);
    first->fragment = g_strdup("<nvpair id=\"no-such-nvpair\" value=\"1\"/>");
    g_autoptr(GString) report = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_live_commit(base, ops, report, &error));
    ck_assert(g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_FAILED));
    ck_assert_msg(strstr(report->str, "FAILED  ") != NULL
                      && strstr(report->str, "exit 105") != NULL,
                  "%s", report->str);
    ck_assert_msg(strstr(report->str, "not run ") != NULL, "%s", report->str);
    ck_assert_msg(strstr(report->str, "not run /") != NULL
                      && strstr(report->str, "crm_resource --resource rsc1 --meta") != NULL,
                  "%s", report->str);
    g_autofree char *text = file_text(cib_path);
    ck_assert_ptr_null(strstr(text, "value=\"80\""));
}
END_TEST

START_TEST(test_timeout_kills_the_child)
{
    g_autofree char *script = g_build_filename(work_dir, "slow-cibadmin", NULL);
    ck_assert(g_file_set_contents(script, "#!/bin/sh\nexec sleep 30\n", -1, NULL));
    ck_assert_int_eq(g_chmod(script, 0700), 0);
    cs_live_set_program(script);
    cs_live_set_timeout(300);
    gint64 start = g_get_monotonic_time();
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_live_query(&error);
    gint64 elapsed_ms = (g_get_monotonic_time() - start) / 1000;
    ck_assert_ptr_null(document);
    ck_assert(g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_TIMEOUT));
    ck_assert_int_ge(elapsed_ms, 300);
    ck_assert_int_lt(elapsed_ms, 3000);
    cs_live_set_program(NULL);
    cs_live_set_timeout(0);
}
END_TEST

START_TEST(test_no_shell_between)
{
    /* A value with shell syntax reaches crm_attribute as one argument. */
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    const char *nasty = "$(touch pwned) `x` 'q' ; echo";
    xmlSetProp(find_id(edited, "nodes-2-rack"), BAD_CAST "value", BAD_CAST nasty);
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    ck_assert_int_eq(ops->len, 1);
    g_auto(GStrv) argv = cs_live_op_argv(g_ptr_array_index(ops, 0));
    g_autofree char *program = g_path_get_basename(argv[0]);
    ck_assert_str_eq(program, "crm_attribute");
    ck_assert_int_eq(g_strv_length(argv), 7);
    ck_assert_str_eq(argv[6], nasty);
    g_autoptr(GString) report = g_string_new(NULL);
    ck_assert(cs_live_commit(base, ops, report, NULL));
    g_autoptr(CsDocument) after = cs_live_query(NULL);
    g_autofree char *value = (char *)xmlGetProp(find_id(after, "nodes-2-rack"), BAD_CAST "value");
    ck_assert_str_eq(value, nasty);
    ck_assert(access("pwned", F_OK) != 0);
}
END_TEST

START_TEST(test_rebase_keeps_edits_and_names_the_lost)
{
    g_autoptr(CsDocument) base = cs_live_query(NULL);
    g_autoptr(CsDocument) edited = cs_live_query(NULL);
    make_edits(edited);
    g_autoptr(GPtrArray) ops = cs_live_plan(base, edited);
    /* Meanwhile the cluster lost rsc1's stickiness nvpair and gained a
     * constraint. */
    concurrent_change("--delete", "resources", "<nvpair id=\"rsc1-meta-stickiness\"/>");
    concurrent_change("--create", "constraints",
                      "<rsc_location id=\"theirs\" rsc=\"rsc2\" node=\"node1\" score=\"25\"/>");
    g_autoptr(CsDocument) fresh = cs_live_query(NULL);
    g_autoptr(GPtrArray) dropped = cs_live_rebase(fresh, ops);
    ck_assert_int_eq(dropped->len, 1);
    ck_assert_str_eq(
        g_ptr_array_index(dropped, 0),
        "nvpair rsc1-meta-stickiness (resource-stickiness=200) changed: value: 50 -> 200: "
        "was removed from the cluster's CIB meanwhile");
    ck_assert_ptr_nonnull(cs_document_lookup_id(fresh, "cli-ban-rsc1-on-node1"));
    ck_assert_ptr_nonnull(cs_document_lookup_id(fresh, "rsc2-meta-priority"));
    ck_assert_ptr_nonnull(cs_document_lookup_id(fresh, "theirs"));
    ck_assert_ptr_null(cs_document_lookup_id(fresh, "prefer-rsc2"));
    g_autofree char *rack = (char *)xmlGetProp(find_id(fresh, "nodes-2-rack"), BAD_CAST "value");
    ck_assert_str_eq(rack, "r9");
}
END_TEST

START_TEST(test_watch_follows_changes)
{
    g_autoptr(CsDocument) current = cs_live_query(NULL);
    g_autoptr(CsLiveWatch) watch = cs_live_watch_new(1, current);
    g_usleep(3000);
    g_autoptr(GError) error = NULL;
    ck_assert_ptr_null(cs_live_watch_poll(watch, &error));
    ck_assert_ptr_null(error);
    concurrent_change("--modify", "nodes", "<nvpair id=\"nodes-2-rack\" value=\"r3\"/>");
    g_usleep(3000);
    g_autoptr(CsDocument) changed = cs_live_watch_poll(watch, &error);
    ck_assert_ptr_nonnull(changed);
    ck_assert_int_eq(cs_live_watch_version(watch)->epoch, 6);
    /* Not due again yet with a long interval. */
    g_autoptr(CsLiveWatch) slow = cs_live_watch_new(60000, changed);
    ck_assert_uint_gt(cs_live_watch_due_ms(slow), 50000);
    ck_assert_ptr_null(cs_live_watch_poll(slow, NULL));
}
END_TEST

/* Waits (in the test, not in the watch) for the query in flight. */
static CsDocument *collect_when_finished(CsLiveWatch *watch, GError **error)
{
    gboolean finished = FALSE;
    for (int tries = 0; tries < 1000; tries++) {
        CsDocument *document = cs_live_watch_collect(watch, &finished, error);
        if (finished)
            return document;
        ck_assert_ptr_null(document);
        g_usleep(10000);
    }
    ck_abort_msg("the query never finished");
    return NULL;
}

START_TEST(test_watch_start_and_collect)
{
    g_autoptr(CsDocument) current = cs_live_query(NULL);
    g_autoptr(CsLiveWatch) watch = cs_live_watch_new(1, current);
    gboolean finished = TRUE;
    ck_assert_ptr_null(cs_live_watch_collect(watch, &finished, NULL));
    ck_assert(!finished);
    g_usleep(3000);
    ck_assert(cs_live_watch_start(watch));
    /* One at a time. */
    g_usleep(3000);
    ck_assert(!cs_live_watch_start(watch));
    g_autoptr(GError) error = NULL;
    ck_assert_ptr_null(collect_when_finished(watch, &error));
    ck_assert_ptr_null(error);
    ck_assert(!cs_live_watch_running(watch));
    concurrent_change("--modify", "nodes", "<nvpair id=\"nodes-2-rack\" value=\"r3\"/>");
    g_usleep(3000);
    ck_assert(cs_live_watch_start(watch));
    g_autoptr(CsDocument) changed = collect_when_finished(watch, &error);
    ck_assert_ptr_nonnull(changed);
    ck_assert_ptr_null(error);
    ck_assert_int_eq(cs_live_watch_version(watch)->epoch, 6);
    g_autofree char *name = g_strdup_printf("CIB_file=%s", cib_path);
    ck_assert_str_eq(changed->path, name);
}
END_TEST

/* A cibadmin that takes 2 s: starting and collecting return at once, and
 * freeing the watch stops it instead of waiting for it. */
START_TEST(test_watch_never_waits_for_cibadmin)
{
    g_autofree char *script = g_build_filename(work_dir, "sleepy-cibadmin", NULL);
    ck_assert(g_file_set_contents(script, "#!/bin/sh\nexec sleep 2\n", -1, NULL));
    ck_assert_int_eq(g_chmod(script, 0700), 0);
    cs_live_set_program(script);
    CsLiveWatch *watch = cs_live_watch_new(1, NULL);
    g_usleep(3000);
    gint64 start = g_get_monotonic_time();
    ck_assert(cs_live_watch_start(watch));
    gboolean finished = TRUE;
    ck_assert_ptr_null(cs_live_watch_collect(watch, &finished, NULL));
    ck_assert(!finished);
    ck_assert(cs_live_watch_running(watch));
    ck_assert_int_lt((g_get_monotonic_time() - start) / 1000, 500);
    g_usleep(100000);
    cs_live_watch_free(watch);
    ck_assert_int_lt((g_get_monotonic_time() - start) / 1000, 1500);
    cs_live_set_program(NULL);
}
END_TEST

/* A query that fails on the worker reports its error once collected. */
START_TEST(test_watch_collects_the_failure)
{
    g_autofree char *script = g_build_filename(work_dir, "failing-cibadmin", NULL);
    ck_assert(g_file_set_contents(script, "#!/bin/sh\necho 'no quorum' >&2\nexit 107\n", -1, NULL));
    ck_assert_int_eq(g_chmod(script, 0700), 0);
    cs_live_set_program(script);
    g_autoptr(CsLiveWatch) watch = cs_live_watch_new(1, NULL);
    g_usleep(3000);
    ck_assert(cs_live_watch_start(watch));
    g_autoptr(GError) error = NULL;
    ck_assert_ptr_null(collect_when_finished(watch, &error));
    ck_assert(g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_FAILED));
    ck_assert_ptr_nonnull(strstr(error->message, "failed (exit 107): no quorum"));
    ck_assert_ptr_nonnull(strstr(error->message, "cannot read CIB_file="));
    cs_live_set_program(NULL);
}
END_TEST

static Suite *live_suite(void)
{
    Suite *suite = suite_create("live");
    TCase *tc = tcase_create("cib_file");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_query_reads_cib_file);
    tcase_add_test(tc, test_plan_tickets_through_crm_ticket);
    tcase_add_test(tc, test_plan_transient_through_attrd);
    tcase_add_test(tc, test_plan_keeps_the_cib_valid);
    tcase_add_test(tc, test_query_failure_is_reported);
    tcase_add_test(tc, test_query_failure_says_what_to_do);
    tcase_add_test(tc, test_plan_operations);
    tcase_add_test(tc, test_plan_large_section);
    tcase_add_test(tc, test_plan_fail_counts_through_attrd);
    tcase_add_test(tc, test_commit_applies_exactly_the_edits);
    tcase_add_test(tc, test_epoch_guard_refuses_and_writes_nothing);
    tcase_add_test(tc, test_status_update_does_not_block);
    tcase_add_test(tc, test_failed_operation_stops_the_commit);
    tcase_add_test(tc, test_timeout_kills_the_child);
    tcase_add_test(tc, test_no_shell_between);
    tcase_add_test(tc, test_rebase_keeps_edits_and_names_the_lost);
    tcase_add_test(tc, test_watch_follows_changes);
    tcase_add_test(tc, test_watch_start_and_collect);
    tcase_add_test(tc, test_watch_never_waits_for_cibadmin);
    tcase_add_test(tc, test_watch_collects_the_failure);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    if (!have_cibadmin()) {
        printf("check_live: SKIP: cibadmin (pacemaker-cli-utils) is not installed\n");
        return 77;
    }
    return cs_test_run(live_suite());
}
