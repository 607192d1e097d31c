/* check_ids.c: every command of the command language on a CIB whose ids
 * hold spaces, quotes and backslashes (tests/data/session/hostile-ids.xml:
 * group "web group" with "web fs" and it's "quoted", back\slash, clone
 * "c lone" of "p ing", nodes "node one" and node\two).  Its scores and
 * Transition Summary are crm_simulate's (validate-with="none", which
 * Pacemaker needs for such ids).  Each case runs on a fresh session and
 * compares what the command printed, whole; the edits' transitions were
 * checked against crm_simulate on the saved CIBs. */
#include "explain/command.h"
#include "cib/edit.h"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>
#include "testlib.h"

#define HOSTILE CS_TESTDATA "/session/hostile-ids.xml"

static CsSession *open_hostile(void)
{
    return cs_test_session_open(HOSTILE, "2024-06-01 12:00:00");
}

/* One command and what it prints, after setup (NULL: none). */
typedef struct IdCase {
    const char *setup;
    const char *command;
    const char *printed;
} IdCase;

static const IdCase cases[] = {
    {NULL, "transition", "Transition Summary:\n  * Start      p ing:1     ( node\\two )\n"},
    {NULL, "where \"it's \\\"quoted\\\"\"", "it's \"quoted\": on node one, stays (score 0)\n"},
    {NULL, "where 'p ing:1'", "p ing:1: stopped, will start on node\\two (score 0)\n"},
    {NULL, "where 'c lone'",
     "c lone: running on node one; will start on node\\two\n"
     "  p ing:0: on node one, stays (score 1)\n"
     "  p ing:1: stopped, will start on node\\two (score 0)\n"},
    {NULL, "stickiness 'web fs' 100", "stickiness web fs 100\n  nothing moves\n"},
    {NULL, "ban 'back\\slash' 'node\\two'",
     "ban back\\slash from node\\two\n  back\\slash: node\\two -> node one\n"},
    {NULL, "prefer 'web group' 'node\\two'",
     "prefer web group on node\\two\n  web group: node one -> node\\two\n"},
    {"prefer 'web group' 'node\\two'", "clear 'web group'",
     "clear web group\n  web group: stays on node one (was planned for node\\two)\n"},
    {NULL, "standby 'node one' on",
     "standby node one on\n  web group: node one -> node\\two\n  c lone: stops on node one\n"},
    {NULL, "maintenance 'node\\two' on",
     "maintenance node\\two on\n  c lone: no longer starts on node\\two\n"},
    {"attr 'node one' \"my \\\"attr\\\"\" 'v a\\l'", "attr 'node one' 'my \"attr\"'",
     "node one: my \"attr\"=v a\\l\n"},
    {NULL, "attr 'node one' \"my \\\"attr\\\"\" 'v a\\l' reboot",
     "transient attribute my \"attr\"=v a\\l on node one\n  nothing moves\n"},
    {"attr 'node one' \"my \\\"attr\\\"\" 'v a\\l' reboot",
     "attr 'node one' 'my \"attr\"' --delete",
     "delete attribute my \"attr\" on node one\n  nothing moves\n"},
    {"failcount set \"it's \\\"quoted\\\"\" 'node one' monitor:10s 3",
     "failcount show \"it's \\\"quoted\\\"\"", "it's \"quoted\" on node one: 3 (monitor_10000)\n"},
    {NULL, "location add loc-new 'back\\slash' 'node one' 200",
     "location loc-new: back\\slash on node one 200\n  back\\slash: node\\two -> node one\n"},
    {NULL, "location remove \"loc 'one'\"", "remove constraint loc 'one'\n  nothing moves\n"},
    {NULL, "colocation add co-new 'back\\slash' 'web group' INFINITY",
     "colocation co-new: back\\slash with web group INFINITY\n"
     "  web group: node one -> node\\two\n"},
    {NULL, "colocation remove \"co 'lo'\"", "remove constraint co 'lo'\n  nothing moves\n"},
    {NULL, "constraint score \"loc 'one'\" -INFINITY",
     "constraint loc 'one' score -INFINITY\n  back\\slash: node\\two -> node one\n"},
    {NULL, "rule set 'e xpr' value 'node\\two'",
     "e xpr value=node\\two\n  web group: node one -> node\\two\n"},
    {NULL, "rule disable 'r ule'", "disable rule r ule\n  nothing moves\n"},
    {NULL, "time '2030-01-01 00:00:00'", "time 2030-01-01 00:00:00Z\n  nothing moves\n"},
    {"ban 'back\\slash' 'node\\two'", "undo",
     "undo: ban back\\slash from node\\two\n"
     "  back\\slash: stays on node\\two (was planned for node one)\n"},
    {"ban \"it's \\\"quoted\\\"\" 'node one'", "pending",
     "1 pending change (since the CIB was loaded), with crm_resource, pcs and crmsh:\n"
     "  rsc_location cli-ban-it's \"quoted\"-on-node one (it's \"quoted\" on node one, score "
     "-INFINITY) added\n"
     "      crm_resource --ban --resource 'it'\\''s \"quoted\"' --node 'node one'\n"
     "      pcs resource ban 'it'\\''s \"quoted\"' 'node one'\n"
     "      crm resource ban 'it'\\''s \"quoted\"' 'node one'\n"},
    {NULL, "settle",
     "Outcome: settles in 1 transition\n\nTransition 1:\n  * Start      p ing:1     ( node\\two "
     ")\n\n"
     "Final placement:\n  back\\slash     Started node\\two\n  it's \"quoted\"  Started node one\n"
     "  p ing          Started node one, Started node\\two\n  web fs         Started node one\n"},
    {NULL, "meta 'web fs' target-role Stopped",
     "meta web fs target-role=Stopped\n  web group: stops\n"},
    {NULL, "param 'web fs' x 'a b'", "param web fs x=a b\n  nothing moves\n"},
    {NULL, "utilization 'node one' cpu 4", "utilization node one cpu=4\n  nothing moves\n"},
    {NULL, "property no-quorum-policy ignore",
     "property no-quorum-policy=ignore\n  nothing moves\n"},
    {NULL, "rsc-default resource-stickiness 5",
     "rsc-default resource-stickiness=5\n  nothing moves\n"},
    {NULL, "op-default timeout 30s", "op-default timeout=30s\n  nothing moves\n"},
    {NULL, "ticket tk1 grant", "ticket tk1 grant\n  nothing moves\n"},
    {NULL, "order add o-x 'web fs' 'back\\slash'",
     "order o-x: web fs then back\\slash\n  nothing moves\n"},
    {NULL, "ticket-constraint add tc-x 'web fs' tk1",
     "ticket-constraint tc-x: web fs needs tk1\n  web group: stops\n"},
    {NULL, "resource add new-one ocf:pacemaker:Dummy",
     "resource add new-one ocf:pacemaker:Dummy\n  new-one: starts on node\\two\n  new-one: "
     "stopped, will start on node\\two (score 0)\n"},
    {NULL, "group add g-x 'back\\slash'", "group add g-x back\\slash\n  g-x: stays on node\\two\n"},
    {NULL, "clone 'back\\slash'",
     "clone back\\slash\n  constraint loc 'one' now names back\\slash-clone\n  constraint co 'lo' "
     "now names back\\slash-clone\n  back\\slash-clone: starts on node one; no longer stops on "
     "node\\two\n"},
    {NULL, "node add node-three", "node add node-three\n  c lone: starts on node-three\n"},
    {NULL, "resource remove 'back\\slash'",
     "resource remove back\\slash\n  back\\slash: stops (removed; its status makes it an orphan)\n "
     " removed constraint loc 'one'\n  removed constraint co 'lo'\n"},
    {"ban 'back\\slash' 'node\\two'; undo", "redo",
     "redo: ban back\\slash from node\\two\n  back\\slash: node\\two -> node one\n"},
};

START_TEST(test_case_prints)
{
    const IdCase *one = &cases[_i];
    g_autoptr(CsSession) session = open_hostile();
    if (one->setup != NULL)
        g_free(cs_test_run_ok(session, one->setup));
    g_autofree char *printed = cs_test_run_ok(session, one->command);
    ck_assert_str_eq(printed, one->printed);
}
END_TEST

/* The lines of text naming id as crm_simulate does. */
static char *lines_naming(const char *text, const char *id)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    g_autofree char *allocation = g_strconcat(": ", id, " allocation score on ", NULL);
    g_autofree char *instance = g_strconcat(": ", id, ":", NULL);
    GString *out = g_string_new(NULL);
    for (char **line = lines; *line != NULL; line++)
        if (strstr(*line, allocation) != NULL || strstr(*line, instance) != NULL)
            g_string_append_printf(out, "%s\n", *line);
    return g_string_free(out, FALSE);
}

/* `scores 'web fs'` prints the lines `scores` prints for it (issue 14:
 * it printed nothing, cut at the first space). */
START_TEST(test_scores_filter_by_id)
{
    g_autoptr(CsSession) session = open_hostile();
    g_autofree char *all = cs_test_run_ok(session, "scores");
    static const char *const ids[] = {"web fs", "back\\slash", "it's \"quoted\"", "p ing"};
    static const char *const commands[] = {"scores 'web fs'", "scores 'back\\slash'",
                                           "scores \"it's \\\"quoted\\\"\"", "scores 'p ing'"};
    static const guint counts[] = {4, 2, 4, 8};
    for (gsize i = 0; i < G_N_ELEMENTS(ids); i++) {
        g_autofree char *want = lines_naming(all, ids[i]);
        g_autofree char *got = cs_test_run_ok(session, commands[i]);
        ck_assert_str_eq(got, want);
        g_auto(GStrv) lines = g_strsplit(got, "\n", -1);
        ck_assert_uint_eq(g_strv_length(lines) - 1, counts[i]);
    }
    /* A group brings its members, and nothing of back\slash. */
    g_autofree char *group = cs_test_run_ok(session, "scores 'web group'");
    ck_assert_ptr_nonnull(strstr(group, "pcmk__primitive_assign: it's \"quoted\" allocation"));
    ck_assert_ptr_null(strstr(group, "back\\slash"));
}
END_TEST

START_TEST(test_explain_names_source)
{
    g_autoptr(CsSession) session = open_hostile();
    g_autofree char *out = cs_test_run_ok(session, "explain 'back\\slash' 'node\\two'");
    ck_assert_msg(g_str_has_prefix(out, "back\\slash: node\\two\n"), "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "location loc 'one'"));
}
END_TEST

START_TEST(test_save_to_hostile_path)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp("cibscope-ids-XXXXXX", &error);
    ck_assert_ptr_nonnull(dir);
    g_autofree char *path = g_build_filename(dir, "saved 'copy' \\ \"x\".xml", NULL);
    g_autoptr(CsSession) session = open_hostile();
    g_autofree char *quoted = g_shell_quote(path);
    g_autofree char *command = g_strdup_printf("ban 'web group' 'node one'; save %s", quoted);
    g_autofree char *out = cs_test_run_ok(session, command);
    g_autofree char *want = g_strdup_printf("ban web group from node one\n"
                                            "  web group: node one -> node\\two\nsaved %s\n",
                                            path);
    ck_assert_str_eq(out, want);
    g_autoptr(CsSession) again = cs_session_open(path, "2024-06-01 12:00:00", &error);
    ck_assert_msg(again != NULL, "%s", error != NULL ? error->message : "");
    g_autofree char *where = cs_test_run_ok(again, "where 'web fs'");
    ck_assert_str_eq(where, "web fs: on node one, will move to node\\two (score 0)\n");
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(bak);
    g_unlink(path);
    g_rmdir(dir);
}
END_TEST

START_TEST(test_commit_and_help)
{
    g_autoptr(CsSession) session = open_hostile();
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert(!cs_command_run_text(session, "commit", out, &error));
    ck_assert_ptr_nonnull(strstr(error->message, "needs a live CIB"));
    g_autofree char *help = cs_test_run_ok(session, "help");
    for (const char *const *name = cs_command_names(); *name != NULL; name++) {
        g_autofree char *usage = g_strconcat("\n  ", *name, NULL);
        ck_assert_msg(strstr(help, usage) != NULL, "help lacks %s", *name);
    }
}
END_TEST

/* Commands the tests above run besides the table's. */
/* edit needs an editor: tests/edit-exec.sh and tests/ui/edit-tmux.sh run it. */
static const char *const run_elsewhere[] = {"scores", "explain", "save", "commit", "help", "edit"};

/* Every command of the table in command.c has a case here: a command
 * added later fails this until it is run on these ids too. */
START_TEST(test_every_command_covered)
{
    for (const char *const *name = cs_command_names(); *name != NULL; name++) {
        gboolean covered = FALSE;
        gsize length = strlen(*name);
        for (gsize i = 0; i < G_N_ELEMENTS(cases) && !covered; i++)
            covered = strncmp(cases[i].command, *name, length) == 0
                      && (cases[i].command[length] == ' ' || cases[i].command[length] == '\0');
        for (gsize i = 0; i < G_N_ELEMENTS(run_elsewhere) && !covered; i++)
            covered = strcmp(run_elsewhere[i], *name) == 0;
        ck_assert_msg(covered, "command %s is not run on the hostile ids", *name);
    }
}
END_TEST

/* Names with blanks and other characters an XML id cannot hold (issue
 * 21).  The id of a new nvpair is crm_attribute's: SET-ID-NAME with ':'
 * and '#' made '.' (crm_xml_sanitize_id), nothing else changed.  With
 * validate-with="none" crm_attribute writes that id as it is ("nodes-1-odd
 * name"); under a schema its update is refused ("Update does not conform
 * to the configured schema", crm_attribute 2.1.5 run on a copy of
 * demo-small.xml), and so is the edit here, leaving the document as it
 * was. */
static const char *const hostile_names[] = {"odd name", "a/b", "it's", "a,b", "a;b",
                                            "a=b",      "a&b", "a<b",  "a(b)", "x\"y"};

START_TEST(test_hostile_names_without_schema)
{
    g_autoptr(CsSession) session = open_hostile();
    g_autofree char *out = cs_test_run_ok(session, "attr 'node one' 'odd name' 1");
    ck_assert_str_eq(out, "attribute odd name=1 on node one\n  nothing moves\n");
    xmlNode *pair = cs_document_lookup_id(session->document, "nodes-1-odd name");
    ck_assert_ptr_nonnull(pair);
    ck_assert_str_eq((const char *)pair->name, "nvpair");
}
END_TEST

START_TEST(test_hostile_names_under_schema)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(CS_SRCDATADIR "/demo-small.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    static const char *const commands[] = {"attr alpha ", "utilization alpha ", "meta db ",
                                           "param db ", "property "};
    for (gsize c = 0; c < G_N_ELEMENTS(commands); c++)
        for (gsize n = 0; n < G_N_ELEMENTS(hostile_names); n++) {
            g_autofree char *quoted = g_shell_quote(hostile_names[n]);
            g_autofree char *command = g_strconcat(commands[c], quoted, " 1", NULL);
            guint64 before = cs_edit_log_state(session->log);
            g_autoptr(GString) out = g_string_new(NULL);
            g_autoptr(GError) refused = NULL;
            ck_assert_msg(!cs_command_run_text(session, command, out, &refused),
                          "%s: accepted", command);
            ck_assert_msg(c > 0 || strstr(refused->message, "is not an XML id") != NULL,
                          "%s: %s", command, refused->message);
            ck_assert_uint_eq(cs_edit_log_state(session->log), before);
        }
    /* ':' and '#' are made '.', as crm_attribute writes them */
    g_autofree char *out = cs_test_run_ok(session, "attr alpha 'a:b#c' 2");
    ck_assert_str_eq(out, "attribute a:b#c=2 on alpha\n  nothing moves\n");
    ck_assert_ptr_nonnull(cs_document_lookup_id(session->document, "nodes-1-a.b.c"));
}
END_TEST

static Suite *ids_suite(void)
{
    Suite *suite = suite_create("ids");
    TCase *commands = tcase_create("commands");
    tcase_set_timeout(commands, 60);
    tcase_add_loop_test(commands, test_case_prints, 0, (int)G_N_ELEMENTS(cases));
    tcase_add_test(commands, test_scores_filter_by_id);
    tcase_add_test(commands, test_explain_names_source);
    tcase_add_test(commands, test_save_to_hostile_path);
    tcase_add_test(commands, test_commit_and_help);
    tcase_add_test(commands, test_every_command_covered);
    tcase_add_test(commands, test_hostile_names_without_schema);
    tcase_add_test(commands, test_hostile_names_under_schema);
    suite_add_tcase(suite, commands);
    return suite;
}

int main(void)
{
    return cs_test_run(ids_suite());
}
