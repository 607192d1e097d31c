/* check_command.c: the command language, the session loop and batch mode. */
#include "explain/command.h"
#include "cib/live.h"

#include <check.h>
#include <glib/gstdio.h>
#include <string.h>
#include "testlib.h"

#define DEMO_SMALL CS_SRCDATADIR "/demo-small.xml"
#define CASES CS_TESTDATA "/cases"
#define DEMO_TIME "2024-06-01 12:00:00"

/* ---- helpers ------------------------------------------------------------ */

/* Runs text, which must fail, and returns the error message. */
static char *run_fail(CsSession *session, const char *text, int code)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert_msg(!cs_command_run_text(session, text, out, &error), "%s succeeded", text);
    ck_assert_msg(error->code == code, "%s: code %d (%s)", text, error->code, error->message);
    return g_strdup(error->message);
}

static const char *assigned(CsSession *session, const char *rsc_id)
{
    const CsResource *rsc = cs_model_resource(session->model, rsc_id);
    ck_assert_ptr_nonnull(rsc);
    int node = cs_solution_assigned_node(session->solution, rsc->index);
    if (node < 0)
        return "(stopped)";
    return ((const CsNode *)g_ptr_array_index(session->model->nodes, node))->uname;
}

static CsScore score(CsSession *session, const char *rsc_id, const char *node_name)
{
    const CsResource *rsc = cs_model_resource(session->model, rsc_id);
    const CsNode *node = cs_model_node(session->model, node_name);
    ck_assert(rsc != NULL && node != NULL);
    return cs_solution_score(session->solution, rsc->index, node->index);
}

static char *scores_text(CsSession *session)
{
    return cs_test_run_ok(session, "scores");
}

/* ---- splitting ------------------------------------------------------------ */

START_TEST(test_split_words_and_commands)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) commands =
        cs_command_split("ban web alpha; scores\n attr n1 \"my attr\" 'a;b' ;; # comment; ignored\n"
                         "x \"\" a\\ b \"q\\\"uote\\n\" it\\'s",
                         &error);
    ck_assert_ptr_nonnull(commands);
    ck_assert_uint_eq(commands->len, 4);
    char **first = g_ptr_array_index(commands, 0);
    ck_assert_uint_eq(g_strv_length(first), 3);
    ck_assert_str_eq(first[2], "alpha");
    char **second = g_ptr_array_index(commands, 1);
    ck_assert_uint_eq(g_strv_length(second), 1);
    char **third = g_ptr_array_index(commands, 2);
    ck_assert_uint_eq(g_strv_length(third), 4);
    ck_assert_str_eq(third[2], "my attr");
    ck_assert_str_eq(third[3], "a;b");
    char **fourth = g_ptr_array_index(commands, 3);
    ck_assert_uint_eq(g_strv_length(fourth), 5);
    ck_assert_str_eq(fourth[1], "");
    ck_assert_str_eq(fourth[2], "a b");
    ck_assert_str_eq(fourth[3], "q\"uote\\n");
    ck_assert_str_eq(fourth[4], "it's");
}
END_TEST

START_TEST(test_split_errors)
{
    g_autoptr(GError) quote = NULL, double_quote = NULL, backslash = NULL;
    ck_assert_ptr_null(cs_command_split("ban 'web alpha", &quote));
    ck_assert(g_error_matches(quote, CS_COMMAND_ERROR, CS_COMMAND_ERROR_SYNTAX));
    ck_assert_str_eq(quote->message, "unterminated ' quote");
    ck_assert_ptr_null(cs_command_split("ban \"web; scores", &double_quote));
    ck_assert_str_eq(double_quote->message, "unterminated \" quote");
    ck_assert_ptr_null(cs_command_split("ban web\\", &backslash));
    g_autoptr(GPtrArray) none = cs_command_split(" ; ;\n# only a comment", NULL);
    ck_assert_uint_eq(none->len, 0);
}
END_TEST

/* ---- editing through commands -------------------------------------------- */

START_TEST(test_ban_moves_and_undo)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    ck_assert_str_eq(assigned(session, "web-vip"), "alpha");
    g_autofree char *ban = cs_test_run_ok(session, "ban web alpha");
    ck_assert_str_eq(ban, "ban web from alpha\n  web: alpha -> bravo\n");
    ck_assert_str_eq(assigned(session, "web-vip"), "bravo");
    ck_assert_int_eq(score(session, "web", "alpha"), -CS_INFINITY);
    ck_assert(cs_session_dirty(session));
    g_autofree char *undo = cs_test_run_ok(session, "undo");
    /* Nothing moves back: the plan to move is dropped (issue 16 item 13). */
    ck_assert_str_eq(undo,
                     "undo: ban web from alpha\n  web: stays on alpha (was planned for bravo)\n");
    ck_assert_str_eq(assigned(session, "web-vip"), "alpha");
    ck_assert(!cs_session_dirty(session));
    g_autofree char *redo = cs_test_run_ok(session, "redo");
    ck_assert_str_eq(redo, "redo: ban web from alpha\n  web: alpha -> bravo\n");
    g_autofree char *nothing = cs_test_run_ok(session, "redo");
    ck_assert_str_eq(nothing, "nothing to redo\n");
}
END_TEST

/* The console's keys set describe_later: an edit that adds, removes or
 * moves resources (clone, group remove, resource add and remove) tells
 * at once what it did to the document and leaves what moved for
 * cs_session_describe_changes, after the first frame, as every other
 * edit does. */
START_TEST(test_resource_edit_describes_later)
{
    g_autoptr(CsSession) now = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    g_autofree char *told = cs_test_run_ok(now, "clone report");
    ck_assert_str_eq(told, "clone report\n"
                           "  constraint cli-ban-report-on-alpha now names report-clone\n"
                           "  report-clone: starts on bravo\n");

    g_autoptr(CsSession) later = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    later->describe_later = TRUE;
    g_autofree char *first = cs_test_run_ok(later, "clone report");
    ck_assert_str_eq(first, "clone report\n"
                            "  constraint cli-ban-report-on-alpha now names report-clone\n");
    ck_assert(later->changes_pending);
    g_autoptr(GString) moved = g_string_new(NULL);
    ck_assert_uint_eq(cs_session_describe_changes(later, moved), 1);
    ck_assert_str_eq(moved->str, "report-clone: starts on bravo\n");
}
END_TEST

START_TEST(test_errors_name_what_is_wrong)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    g_autofree char *rsc = run_fail(session, "ban webx alpha", CS_EDIT_ERROR_NOT_FOUND);
    ck_assert_str_eq(rsc, "ban: no resource 'webx'");
    g_autofree char *scores = run_fail(session, "scores webx", CS_COMMAND_ERROR_FAILED);
    ck_assert_str_eq(scores, "scores: no resource 'webx'");
    g_autofree char *node = run_fail(session, "explain web nowhere", CS_COMMAND_ERROR_FAILED);
    ck_assert_str_eq(node, "explain: no node 'nowhere'");
    g_autofree char *unknown = run_fail(session, "frobnicate", CS_COMMAND_ERROR_USAGE);
    ck_assert_str_eq(unknown, "frobnicate: unknown command 'frobnicate' (try help)");
    g_autofree char *usage = run_fail(session, "ban web", CS_COMMAND_ERROR_USAGE);
    ck_assert_str_eq(usage, "ban: usage: ban RSC NODE [LIFETIME]");
    g_autofree char *on_off = run_fail(session, "standby alpha maybe", CS_COMMAND_ERROR_USAGE);
    ck_assert_str_eq(on_off, "standby: expected on or off, not 'maybe'");
    g_autofree char *lifetime = run_fail(session, "ban web alpha tomorrow", CS_COMMAND_ERROR_USAGE);
    ck_assert(g_str_has_prefix(lifetime, "ban: lifetime 'tomorrow' is not"));
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 0);
}
END_TEST

START_TEST(test_run_text_stops_at_failure)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert(!cs_command_run_text(session,
                                   "standby alpha on; ban webx alpha; "
                                   "standby bravo on",
                                   out, &error));
    ck_assert(cs_model_node(session->model, "alpha")->standby);
    ck_assert(!cs_model_node(session->model, "bravo")->standby);
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 1);
}
END_TEST

START_TEST(test_stickiness_keeps_resource)
{
    g_autoptr(CsSession) session = cs_test_session_open(CASES "/stickiness-resource.xml", NULL);
    ck_assert_int_eq(score(session, "rsc2", "node1"), 10);
    ck_assert_str_eq(assigned(session, "rsc2"), "node2");
    g_autofree char *out = cs_test_run_ok(session, "stickiness rsc2 100");
    /* rsc2 runs on node1: the plan to move it to node2 is what changed. */
    ck_assert_str_eq(out, "stickiness rsc2 100\n  rsc2: stays on node1 (was planned for node2)\n");
    ck_assert_int_eq(score(session, "rsc2", "node1"), 100);
    ck_assert_str_eq(assigned(session, "rsc2"), "node1");
    g_autofree char *where = cs_test_run_ok(session, "where rsc2");
    ck_assert_str_eq(where, "rsc2: on node1, stays (score 100)\n");
}
END_TEST

START_TEST(test_rule_disable_equals_removal)
{
    g_autoptr(CsSession) disabled = cs_test_session_open(CASES "/rule-boolean.xml", NULL);
    g_autoptr(CsSession) removed = cs_test_session_open(CASES "/rule-boolean.xml", NULL);
    g_autofree char *original = scores_text(disabled);
    g_autofree char *o1 =
        cs_test_run_ok(disabled, "rule disable loc-or-rule; rule disable loc-and-rule");
    g_autofree char *o2 =
        cs_test_run_ok(removed, "constraint remove loc-or; constraint remove loc-and");
    g_autofree char *disabled_scores = scores_text(disabled);
    g_autofree char *removed_scores = scores_text(removed);
    ck_assert_str_ne(disabled_scores, original);
    ck_assert_str_eq(disabled_scores, removed_scores);
    /* and enabling gives the original answer back */
    g_autofree char *o3 =
        cs_test_run_ok(disabled, "rule enable loc-or-rule; rule enable loc-and-rule");
    g_autofree char *enabled_scores = scores_text(disabled);
    ck_assert_str_eq(enabled_scores, original);
}
END_TEST

START_TEST(test_time_travel)
{
    g_autoptr(CsSession) session =
        cs_test_session_open(CASES "/rule-date-expression.xml", "2024-03-15 12:00:00");
    g_autofree char *before = scores_text(session);
    ck_assert_int_eq(score(session, "rsc-past", "node2"), 0);
    ck_assert_int_eq(score(session, "rsc-range", "node2"), 100);
    g_autofree char *out = cs_test_run_ok(session, "time 2024-01-15");
    ck_assert(g_str_has_prefix(out, "time 2024-01-15 00:00:00Z\n"));
    ck_assert_int_eq(score(session, "rsc-past", "node2"), 100);
    ck_assert_int_eq(score(session, "rsc-range", "node2"), 0);
    ck_assert_int_eq(score(session, "rsc-lt", "node2"), 100);
    ck_assert(!cs_session_dirty(session));
    g_autofree char *shown = cs_test_run_ok(session, "time");
    ck_assert_str_eq(shown, "time 2024-01-15 00:00:00Z\n");
    g_autofree char *undo = cs_test_run_ok(session, "undo");
    g_autofree char *after_undo = scores_text(session);
    ck_assert_str_eq(after_undo, before);
}
END_TEST

START_TEST(test_lifetime_expires)
{
    g_autoptr(CsSession) session =
        cs_test_session_open(CASES "/location-score.xml", "2024-03-15 12:00:00");
    g_autofree char *out = cs_test_run_ok(session, "ban rsc1 node1 PT1H");
    ck_assert(g_str_has_prefix(out, "ban rsc1 from node1 until 2024-03-15 13:00:00Z\n"));
    ck_assert_int_eq(score(session, "rsc1", "node1"), -CS_INFINITY);
    g_autofree char *later = cs_test_run_ok(session, "time '2024-03-15 13:00:01'");
    ck_assert_int_ne(score(session, "rsc1", "node1"), -CS_INFINITY);
}
END_TEST

START_TEST(test_failcount_commands)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    g_autofree char *shown = cs_test_run_ok(session, "failcount");
    ck_assert_str_eq(shown, "app-worker on bravo: 2 (monitor_10000)\n");
    /* app-worker has migration-threshold 3: a third failure bans it */
    g_autofree char *set = cs_test_run_ok(session, "failcount set app-worker bravo monitor:10s 3");
    ck_assert(g_str_has_prefix(set, "fail count of app-worker monitor_10000 on bravo: 3\n"));
    ck_assert_int_eq(score(session, "app-worker", "bravo"), -CS_INFINITY);
    g_autofree char *cleared = cs_test_run_ok(session, "failcount clear app-worker");
    ck_assert_int_ne(score(session, "app-worker", "bravo"), -CS_INFINITY);
    g_autofree char *none = cs_test_run_ok(session, "failcount show app-worker");
    ck_assert_str_eq(none, "no fail counts\n");
    g_autofree char *again = cs_test_run_ok(session, "failcount clear app-worker");
    ck_assert_str_eq(again, "app-worker has no fail counts (nothing to change)\n");
}
END_TEST

START_TEST(test_save_and_dirty)
{
    g_autofree char *dir = g_dir_make_tmp("check_command.XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_autofree char *contents = NULL;
    ck_assert(g_file_get_contents(DEMO_SMALL, &contents, NULL, NULL));
    ck_assert(g_file_set_contents(path, contents, -1, NULL));

    g_autoptr(CsSession) session = cs_test_session_open(path, DEMO_TIME);
    g_autofree char *out = cs_test_run_ok(session, "standby charlie off; save");
    g_autofree char *said = g_strdup_printf("saved %s\n", path);
    ck_assert(g_str_has_prefix(out, "standby charlie off\n"));
    ck_assert(g_str_has_suffix(out, said));
    ck_assert(!cs_session_dirty(session));
    g_autoptr(CsSession) reloaded = cs_test_session_open(path, DEMO_TIME);
    ck_assert(!cs_model_node(reloaded->model, "charlie")->standby);
    g_autofree char *old = NULL;
    ck_assert(g_file_get_contents(bak, &old, NULL, NULL));
    ck_assert_str_eq(old, contents);
    /* undo after save: dirty again, and saving elsewhere does not clean */
    g_autofree char *copy = g_build_filename(dir, "copy.xml", NULL);
    g_autofree char *undo = cs_test_run_ok(session, "undo");
    ck_assert(cs_session_dirty(session));
    g_autofree char *save_copy = g_strdup_printf("save '%s'", copy);
    g_autofree char *saved_copy = cs_test_run_ok(session, save_copy);
    ck_assert(g_file_test(copy, G_FILE_TEST_EXISTS));
    ck_assert(cs_session_dirty(session));
    g_unlink(path);
    g_unlink(bak);
    g_unlink(copy);
    g_rmdir(dir);
}
END_TEST

START_TEST(test_exec_status)
{
    ck_assert_int_eq(cs_exec_run(CASES "/no-such-file.xml", "scores", NULL), 2);
    ck_assert_int_eq(cs_exec_run(DEMO_SMALL, "ban 'web", DEMO_TIME), 1);
    ck_assert_int_eq(cs_exec_run(DEMO_SMALL, "where web", "not a time"), 1);
    ck_assert_int_eq(cs_exec_run(DEMO_SMALL, "where web; where db", DEMO_TIME), 0);
    ck_assert_int_eq(cs_exec_run(DEMO_SMALL, "where web; where dbx", DEMO_TIME), 1);
}
END_TEST

static gboolean contains(GPtrArray *words, const char *word)
{
    for (guint i = 0; i < words->len; i++)
        if (strcmp(g_ptr_array_index(words, i), word) == 0)
            return TRUE;
    return FALSE;
}

START_TEST(test_completion)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    g_autoptr(GPtrArray) commands = cs_command_complete(session, "where web; st");
    ck_assert_uint_eq(commands->len, 2);
    ck_assert_str_eq(g_ptr_array_index(commands, 0), "standby");
    ck_assert_str_eq(g_ptr_array_index(commands, 1), "stickiness");
    g_autoptr(GPtrArray) resources = cs_command_complete(session, "ban web");
    ck_assert_uint_eq(resources->len, 4);
    ck_assert_str_eq(g_ptr_array_index(resources, 0), "web");
    ck_assert_str_eq(g_ptr_array_index(resources, 3), "web-vip");
    g_autoptr(GPtrArray) nodes = cs_command_complete(session, "ban web ");
    ck_assert(contains(nodes, "alpha") && contains(nodes, "charlie"));
    ck_assert(contains(nodes, "cli-ban-report-on-alpha"));
    ck_assert(!contains(nodes, "ban"));
    g_autoptr(GPtrArray) option = cs_command_complete(session, "property no-q");
    ck_assert_uint_eq(option->len, 1);
    ck_assert_str_eq(g_ptr_array_index(option, 0), "no-quorum-policy");
    g_autoptr(GPtrArray) meta = cs_command_complete(session, "meta web-vip target");
    ck_assert(contains(meta, "target-role"));
    g_autoptr(GPtrArray) ticket = cs_command_complete(session, "ticket T1 re");
    ck_assert(contains(ticket, "revoke") && contains(ticket, "require-all=false"));
}
END_TEST

/* ---- live sessions (CIB_file: cibadmin works on a copy) ----------------- */

static char *live_dir;
static char *live_cib;

static gboolean have_cibadmin(void)
{
    g_autofree char *found = g_find_program_in_path("cibadmin");
    return found != NULL || g_file_test("/usr/sbin/cibadmin", G_FILE_TEST_IS_EXECUTABLE);
}

static void live_setup(void)
{
    live_dir = g_dir_make_tmp("check_command-XXXXXX", NULL);
    ck_assert_ptr_nonnull(live_dir);
    live_cib = g_build_filename(live_dir, "cib.xml", NULL);
    g_autofree char *text = NULL;
    gsize length = 0;
    ck_assert(g_file_get_contents(DEMO_SMALL, &text, &length, NULL));
    ck_assert(g_file_set_contents(live_cib, text, (gssize)length, NULL));
    g_setenv("CIB_file", live_cib, TRUE);
}

static void live_teardown(void)
{
    g_autoptr(GDir) dir = g_dir_open(live_dir, 0, NULL);
    const char *name;
    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *path = g_build_filename(live_dir, name, NULL);
        g_unlink(path);
    }
    g_rmdir(live_dir);
    g_clear_pointer(&live_dir, g_free);
    g_clear_pointer(&live_cib, g_free);
    g_unsetenv("CIB_file");
}

static char *live_text(void)
{
    char *text = NULL;
    ck_assert(g_file_get_contents(live_cib, &text, NULL, NULL));
    return text;
}

/* Somebody else's change to the CIB, behind the session's back. */
static void cibadmin_behind(const char *verb, const char *xml)
{
    g_autofree char *program = g_find_program_in_path("cibadmin");
    char *argv[] = {program ? program : (char *)"/usr/sbin/cibadmin",
                    (char *)verb,
                    (char *)"--scope",
                    (char *)"constraints",
                    (char *)"--xml-text",
                    (char *)xml,
                    NULL};
    int status = -1;
    ck_assert(g_spawn_sync(NULL, argv, NULL,
                           G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                           NULL, NULL, &status, NULL));
    ck_assert(g_spawn_check_wait_status(status, NULL));
}

static CsSession *open_live(void)
{
    g_autoptr(GError) error = NULL;
    CsSession *session = cs_session_open_live(DEMO_TIME, &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    ck_assert(cs_session_is_live(session));
    return session;
}

START_TEST(test_commit_needs_live)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO_SMALL, DEMO_TIME);
    ck_assert(!cs_session_is_live(session));
    g_autofree char *message = run_fail(session, "ban web alpha; commit", CS_SESSION_ERROR_LIVE);
    ck_assert_msg(strstr(message, "commit needs a live CIB") != NULL, "%s", message);
    g_autofree char *usage = run_fail(session, "commit now", CS_COMMAND_ERROR_USAGE);
    ck_assert_str_eq(usage, "commit: usage: commit [--dry-run]");
}
END_TEST

START_TEST(test_live_commit_applies_objects)
{
    if (!have_cibadmin())
        return;
    g_autoptr(CsSession) session = open_live();
    g_autofree char *nothing = cs_test_run_ok(session, "commit --dry-run");
    ck_assert_str_eq(nothing, "nothing to commit\n");
    g_autofree char *ban = cs_test_run_ok(session, "ban web alpha");
    ck_assert_str_eq(assigned(session, "web"), "bravo");
    g_autofree char *plan = cs_test_run_ok(session, "commit --dry-run");
    ck_assert_msg(g_str_has_prefix(plan, "1 operation to commit:\n"), "%s", plan);
    ck_assert_msg(strstr(plan, "cibadmin --create --scope constraints --xml-text "
                               "'<rsc_location id=\"cli-ban-web-on-alpha\"")
                      != NULL,
                  "%s", plan);
    g_autofree char *before = live_text();
    ck_assert(strstr(before, "cli-ban-web-on-alpha") == NULL);
    ck_assert(cs_session_dirty(session));
    /* Saving has no file of its own to write. */
    g_autofree char *save = run_fail(session, "save", CS_SESSION_ERROR_LIVE);
    ck_assert_msg(strstr(save, "is a live CIB") != NULL, "%s", save);
    g_autofree char *report = cs_test_run_ok(session, "commit");
    ck_assert_msg(g_str_has_prefix(report, "ok      "), "%s", report);
    g_autofree char *after = live_text();
    ck_assert(strstr(after, "<rsc_location id=\"cli-ban-web-on-alpha\"") != NULL);
    ck_assert(strstr(after, "epoch=\"18\"") != NULL);
    /* The committed CIB is the new base: nothing pending, still solved. */
    ck_assert(!cs_session_dirty(session));
    g_autoptr(GPtrArray) ops = cs_session_live_plan(session);
    ck_assert_uint_eq(ops->len, 0);
    ck_assert_str_eq(assigned(session, "web"), "bravo");
}
END_TEST

START_TEST(test_live_commit_refused_when_epoch_moved)
{
    if (!have_cibadmin())
        return;
    g_autoptr(CsSession) session = open_live();
    g_autofree char *ban = cs_test_run_ok(session, "ban web alpha");
    cibadmin_behind("--modify", "<rsc_location id=\"location-app-worker-bravo\" score=\"500\"/>");
    g_autofree char *before = live_text();
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert(!cs_command_run_text(session, "commit", out, &error));
    ck_assert(g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED));
    ck_assert_msg(
        strstr(out->str, "Refused: the CIB is at epoch 0.18.0, the edits were made on 0.17.35.")
            != NULL,
        "%s", out->str);
    ck_assert_msg(strstr(out->str, "location-app-worker-bravo") != NULL, "%s", out->str);
    g_autofree char *after = live_text();
    ck_assert_str_eq(after, before);
    ck_assert(cs_session_dirty(session));
}
END_TEST

START_TEST(test_live_follow_carries_edits)
{
    if (!have_cibadmin())
        return;
    g_autoptr(CsSession) session = open_live();
    CsScore was = score(session, "app-worker", "bravo");
    g_autofree char *ban =
        cs_test_run_ok(session, "ban web alpha; constraint score colocation-web-db--1000 -500");
    cibadmin_behind("--modify", "<rsc_location id=\"location-app-worker-bravo\" score=\"500\"/>");
    g_autoptr(GError) error = NULL;
    CsDocument *fresh = cs_live_query(&error);
    ck_assert_msg(fresh != NULL, "%s", error != NULL ? error->message : "");
    g_autoptr(GPtrArray) lost = cs_session_live_follow(session, fresh);
    ck_assert_uint_eq(lost->len, 0);
    /* The cluster's change and the edits, together. */
    ck_assert_int_eq(score(session, "app-worker", "bravo"), was + 450);
    ck_assert_str_eq(assigned(session, "web"), "bravo");
    ck_assert(cs_session_dirty(session));
    g_autoptr(GPtrArray) ops = cs_session_live_plan(session);
    ck_assert_uint_eq(ops->len, 2);
    /* Now the cluster removes what an edit changed: that edit is named. */
    cibadmin_behind("--delete", "<rsc_colocation id=\"colocation-web-db--1000\"/>");
    fresh = cs_live_query(&error);
    ck_assert_ptr_nonnull(fresh);
    g_autoptr(GPtrArray) dropped = cs_session_live_follow(session, fresh);
    ck_assert_uint_eq(dropped->len, 1);
    ck_assert_msg(strstr(g_ptr_array_index(dropped, 0), "colocation-web-db--1000") != NULL, "%s",
                  (const char *)g_ptr_array_index(dropped, 0));
    g_autoptr(GPtrArray) left = cs_session_live_plan(session);
    ck_assert_uint_eq(left->len, 1);
    /* And it commits on the refreshed CIB. */
    g_autofree char *report = cs_test_run_ok(session, "commit");
    g_autofree char *after = live_text();
    ck_assert(strstr(after, "cli-ban-web-on-alpha") != NULL);
    ck_assert(strstr(after, "colocation-web-db--1000") == NULL);
}
END_TEST

/* Issue 17: the undo and redo history survive a follow, and a rebase
 * that collides with the cluster's change lists each conflict by object
 * and value; dropping one puts the cluster's object back, undoably. */
START_TEST(test_live_follow_keeps_history_and_names_conflicts)
{
    if (!have_cibadmin())
        return;
    g_autoptr(CsSession) session = open_live();
    g_autofree char *edits =
        cs_test_run_ok(session, "ban web alpha; constraint score location-app-worker-bravo 7; "
                                "location add loc-x db charlie 10; undo");
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 2);
    ck_assert_uint_eq(cs_edit_log_redo_depth(session->log), 1);
    cibadmin_behind("--modify", "<rsc_location id=\"location-app-worker-bravo\" score=\"75\"/>");
    cibadmin_behind("--create",
                    "<rsc_colocation id=\"loc-x\" rsc=\"db\" with-rsc=\"web\" score=\"5\"/>");
    g_autoptr(GError) error = NULL;
    CsDocument *fresh = cs_live_query(&error);
    ck_assert_msg(fresh != NULL, "%s", error != NULL ? error->message : "");
    g_autoptr(GPtrArray) lost = cs_session_live_follow(session, fresh);
    ck_assert_uint_eq(lost->len, 0);
    /* The same history, on the new base. */
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 2);
    ck_assert_uint_eq(cs_edit_log_redo_depth(session->log), 1);
    ck_assert_str_eq(cs_edit_log_next_undo(session->log),
                     "constraint location-app-worker-bravo score 7");
    const GPtrArray *conflicts = cs_session_live_conflicts(session);
    ck_assert_uint_eq(conflicts->len, 1);
    const CsLiveConflict *changed = g_ptr_array_index(conflicts, 0);
    ck_assert_int_eq(changed->kind, CS_LIVE_CONFLICT_CHANGED);
    ck_assert_msg(strstr(changed->text, "changed in the cluster meanwhile (score: 50 -> 75); "
                                        "yours: score: 75 -> 7")
                      != NULL,
                  "%s", changed->text);
    /* Redo brings back the location whose id the cluster took meanwhile. */
    ck_assert(cs_edit_redo(session->log));
    cs_session_refresh(session);
    g_autoptr(CsDocument) again = cs_live_query(NULL);
    g_autoptr(GPtrArray) same = cs_session_live_follow(session, g_steal_pointer(&again));
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 3);
    conflicts = cs_session_live_conflicts(session);
    /* Still the score, and now the id the cluster gave a colocation. */
    ck_assert_uint_eq(conflicts->len, 2);
    ck_assert_int_eq(((CsLiveConflict *)g_ptr_array_index(conflicts, 0))->kind,
                     CS_LIVE_CONFLICT_CHANGED);
    ck_assert_int_eq(((CsLiveConflict *)g_ptr_array_index(conflicts, 1))->kind,
                     CS_LIVE_CONFLICT_ID_TAKEN);
    /* Drop the score edit: the cluster's 75 is back, and undo restores 7. */
    ck_assert(cs_session_live_resolve(session, 0, FALSE, &error));
    g_autoptr(GPtrArray) ops = cs_session_live_plan(session);
    for (guint i = 0; i < ops->len; i++)
        ck_assert_str_ne(((CsLiveOp *)g_ptr_array_index(ops, i))->id, "location-app-worker-bravo");
    ck_assert(cs_edit_undo(session->log));
    cs_session_refresh(session);
    g_autoptr(GPtrArray) back = cs_session_live_plan(session);
    ck_assert_uint_eq(back->len, ops->len + 1);
}
END_TEST

static gpointer run_follow(gpointer follow)
{
    cs_session_live_follow_run(follow);
    return NULL;
}

/* Issue 17: the follow runs on a worker while the key loop may edit.  An
 * edit made between prepare and finish makes finish refuse with nothing
 * changed; a second round on the new state keeps both the cluster's
 * change and every edit, with its history. */
START_TEST(test_live_follow_redone_after_an_edit)
{
    if (!have_cibadmin())
        return;
    g_autoptr(CsSession) session = open_live();
    CsScore was = score(session, "app-worker", "bravo");
    g_autofree char *ban = cs_test_run_ok(session, "ban web alpha");
    cibadmin_behind("--modify", "<rsc_location id=\"location-app-worker-bravo\" score=\"500\"/>");
    g_autoptr(GError) error = NULL;
    CsDocument *fresh = cs_live_query(&error);
    ck_assert_msg(fresh != NULL, "%s", error != NULL ? error->message : "");
    guint generation = session->generation;
    CsLiveFollow *follow = cs_session_live_follow_prepare(session, fresh);
    ck_assert(cs_session_live_follow_current(session, follow));
    GThread *worker = g_thread_new("check-follow", run_follow, follow);
    /* Meanwhile, on the session's thread, an edit. */
    g_autofree char *score_edit =
        cs_test_run_ok(session, "constraint score colocation-web-db--1000 -500");
    g_thread_join(worker);
    ck_assert(!cs_session_live_follow_current(session, follow));
    ck_assert_ptr_null(cs_session_live_follow_finish(session, follow));
    /* Nothing was swapped in: the old base, both edits, the old score. */
    ck_assert_int_eq(score(session, "app-worker", "bravo"), was);
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 2);
    ck_assert_uint_eq(session->generation, generation + 1);
    /* Round two, on the state the edit made. */
    fresh = cs_live_follow_take_fresh(follow);
    ck_assert_ptr_nonnull(fresh);
    cs_live_follow_free(follow);
    follow = cs_session_live_follow_prepare(session, fresh);
    worker = g_thread_new("check-follow", run_follow, follow);
    g_thread_join(worker);
    ck_assert(cs_session_live_follow_current(session, follow));
    g_autoptr(GPtrArray) lost = cs_session_live_follow_finish(session, follow);
    cs_live_follow_free(follow);
    ck_assert_ptr_nonnull(lost);
    ck_assert_uint_eq(lost->len, 0);
    ck_assert_uint_eq(session->generation, generation + 2);
    ck_assert_int_eq(score(session, "app-worker", "bravo"), was + 450);
    ck_assert_str_eq(assigned(session, "web"), "bravo");
    g_autoptr(GPtrArray) ops = cs_session_live_plan(session);
    ck_assert_uint_eq(ops->len, 2);
    /* The history came along: undo takes back the score edit only. */
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 2);
    ck_assert_str_eq(cs_edit_log_next_undo(session->log),
                     "constraint colocation-web-db--1000 score -500");
    ck_assert(cs_edit_undo(session->log));
    cs_session_refresh(session);
    g_autoptr(GPtrArray) one = cs_session_live_plan(session);
    ck_assert_uint_eq(one->len, 1);
    ck_assert_str_eq(assigned(session, "web"), "bravo");
}
END_TEST

/* A pending new constraint whose id the cluster gives to another object
 * meanwhile: named, and dropping it removes only the edit's object. */
START_TEST(test_live_conflict_id_taken)
{
    if (!have_cibadmin())
        return;
    g_autoptr(CsSession) session = open_live();
    g_autofree char *edits = cs_test_run_ok(session, "location add loc-x db charlie 10");
    cibadmin_behind("--create",
                    "<rsc_colocation id=\"loc-x\" rsc=\"db\" with-rsc=\"web\" score=\"5\"/>");
    g_autoptr(GError) error = NULL;
    CsDocument *fresh = cs_live_query(&error);
    ck_assert_ptr_nonnull(fresh);
    g_autoptr(GPtrArray) lost = cs_session_live_follow(session, fresh);
    const GPtrArray *conflicts = cs_session_live_conflicts(session);
    ck_assert_uint_eq(conflicts->len, 1);
    const CsLiveConflict *taken = g_ptr_array_index(conflicts, 0);
    ck_assert_int_eq(taken->kind, CS_LIVE_CONFLICT_ID_TAKEN);
    ck_assert_msg(strstr(taken->text, "id taken: the cluster's CIB now has rsc_colocation loc-x")
                      != NULL,
                  "%s", taken->text);
    ck_assert(cs_session_live_resolve(session, 0, FALSE, &error));
    g_autoptr(GPtrArray) ops = cs_session_live_plan(session);
    ck_assert_uint_eq(ops->len, 0);
    ck_assert_uint_eq(cs_session_live_conflicts(session)->len, 0);
}
END_TEST

static Suite *command_suite(void)
{
    Suite *suite = suite_create("command");
    TCase *split = tcase_create("split");
    tcase_add_test(split, test_split_words_and_commands);
    tcase_add_test(split, test_split_errors);
    tcase_add_test(split, test_completion);
    suite_add_tcase(suite, split);
    TCase *edits = tcase_create("edits");
    tcase_add_test(edits, test_ban_moves_and_undo);
    tcase_add_test(edits, test_errors_name_what_is_wrong);
    tcase_add_test(edits, test_resource_edit_describes_later);
    tcase_add_test(edits, test_run_text_stops_at_failure);
    tcase_add_test(edits, test_stickiness_keeps_resource);
    tcase_add_test(edits, test_rule_disable_equals_removal);
    tcase_add_test(edits, test_time_travel);
    tcase_add_test(edits, test_lifetime_expires);
    tcase_add_test(edits, test_failcount_commands);
    suite_add_tcase(suite, edits);
    TCase *batch = tcase_create("batch");
    tcase_add_test(batch, test_save_and_dirty);
    tcase_add_test(batch, test_exec_status);
    suite_add_tcase(suite, batch);
    TCase *live = tcase_create("live");
    tcase_add_checked_fixture(live, live_setup, live_teardown);
    tcase_set_timeout(live, 60);
    tcase_add_test(live, test_commit_needs_live);
    tcase_add_test(live, test_live_commit_applies_objects);
    tcase_add_test(live, test_live_commit_refused_when_epoch_moved);
    tcase_add_test(live, test_live_follow_carries_edits);
    tcase_add_test(live, test_live_follow_keeps_history_and_names_conflicts);
    tcase_add_test(live, test_live_follow_redone_after_an_edit);
    tcase_add_test(live, test_live_conflict_id_taken);
    suite_add_tcase(suite, live);
    return suite;
}

int main(void)
{
    return cs_test_run(command_suite());
}
