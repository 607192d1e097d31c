/* live.c: cibadmin as the transport: spawn with a timeout, query, follow
 * the cluster's version, commit object-level operations behind an epoch
 * guard.  The planning of those operations is in live_plan.c. */
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gio/gio.h>
#include <libxml/tree.h>

#include "cib/live.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-live-error-quark, cs_live_error)
/* clang-format on */

/* A query's output is a whole CIB: accept what the loader accepts.  An
 * operation's output is only a message (though cibadmin prints a whole
 * CIB when a change fails schema validation): keep the start of it. */
#define LIVE_QUERY_MAX_BYTES CS_DOCUMENT_MAX_BYTES
#define LIVE_MESSAGE_MAX_BYTES ((gsize)64 * 1024)

static guint live_timeout_ms = CS_LIVE_DEFAULT_TIMEOUT_MS;

void cs_live_set_timeout(guint timeout_ms)
{
    live_timeout_ms = timeout_ms ? timeout_ms : CS_LIVE_DEFAULT_TIMEOUT_MS;
}

/* ---- running a child with a deadline ---------------------------------- */

typedef struct LiveRun {
    int exit_status; /* -1 when killed by a signal */
    GString *out;
    GString *err;
} LiveRun;

static void live_run_clear(LiveRun *run)
{
    if (run->out != NULL)
        g_string_free(run->out, TRUE);
    if (run->err != NULL)
        g_string_free(run->err, TRUE);
}

/* Reads what is available on fd into into (up to max bytes kept; the
 * rest is drained so the child never blocks on a full pipe).  Returns
 * FALSE at end of file. */
static gboolean live_read_some(int fd, GString *into, gsize max)
{
    char buffer[65536];
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return TRUE;
    if (n <= 0)
        return FALSE;
    gsize keep = into->len >= max ? 0 : MIN((gsize)n, max - into->len);
    g_string_append_len(into, buffer, (gssize)keep);
    return TRUE;
}

/* Collects stdout and stderr until both close, the deadline passes or
 * cancel_fd (-1 for none) becomes readable. */
static gboolean live_collect(int out_fd, int err_fd, int cancel_fd, gint64 deadline, gsize max_out,
                             LiveRun *run)
{
    gboolean out_open = TRUE, err_open = TRUE;
    while (out_open || err_open) {
        gint64 left_ms = (deadline - g_get_monotonic_time()) / 1000;
        if (left_ms <= 0)
            return FALSE;
        struct pollfd fds[3] = {
            {out_open ? out_fd : -1, POLLIN, 0},
            {err_open ? err_fd : -1, POLLIN, 0},
            {cancel_fd, POLLIN, 0},
        };
        int ready = poll(fds, 3, (int)MIN(left_ms, G_MAXINT));
        if (ready < 0 && errno != EINTR)
            return FALSE;
        if (ready <= 0)
            continue;
        if (fds[2].revents != 0)
            return FALSE;
        if (out_open && fds[0].revents != 0)
            out_open = live_read_some(out_fd, run->out, max_out);
        if (err_open && fds[1].revents != 0)
            err_open = live_read_some(err_fd, run->err, LIVE_MESSAGE_MAX_BYTES);
    }
    return TRUE;
}

/* Waits for pid until the deadline or a cancellation; FALSE if it is
 * still running. */
static gboolean live_reap(GPid pid, gint64 deadline, GCancellable *cancel, int *wait_status)
{
    for (;;) {
        pid_t done = waitpid(pid, wait_status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR))
            return TRUE;
        if (g_get_monotonic_time() >= deadline || g_cancellable_is_cancelled(cancel))
            return FALSE;
        g_usleep(2000);
    }
}

/* Runs argv (argv[0] an absolute path or a name found on PATH) with
 * standard input closed and a deadline of timeout_ms; a child that
 * overruns, or is still running when cancel (may be NULL) is cancelled,
 * is killed.  TRUE when it ran to completion, whatever its exit status.
 * Touches no global state: the console's poll runs it on a worker thread. */
static gboolean live_run_until(char **argv, guint timeout_ms, GCancellable *cancel, gsize max_out,
                               LiveRun *run, GError **error)
{
    GPid pid;
    int in_fd = -1, out_fd = -1, err_fd = -1;
    run->out = g_string_new(NULL);
    run->err = g_string_new(NULL);
    run->exit_status = -1;
    g_autoptr(GError) spawn_error = NULL;
    if (!g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH,
                                  NULL, NULL, &pid, &in_fd, &out_fd, &err_fd, &spawn_error)) {
        g_set_error(error, CS_LIVE_ERROR, CS_LIVE_ERROR_SPAWN, "cannot run %s: %s", argv[0],
                    spawn_error->message);
        return FALSE;
    }
    close(in_fd);
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    int cancel_fd = cancel != NULL ? g_cancellable_get_fd(cancel) : -1;
    gboolean finished = live_collect(out_fd, err_fd, cancel_fd, deadline, max_out, run);
    if (cancel_fd >= 0)
        g_cancellable_release_fd(cancel);
    int wait_status = 0;
    if (finished)
        finished = live_reap(pid, deadline, cancel, &wait_status);
    if (!finished) {
        kill(pid, SIGKILL);
        waitpid(pid, &wait_status, 0);
    }
    close(out_fd);
    close(err_fd);
    g_spawn_close_pid(pid);
    if (!finished) {
        if (!g_cancellable_set_error_if_cancelled(cancel, error))
            g_set_error(error, CS_LIVE_ERROR, CS_LIVE_ERROR_TIMEOUT,
                        "%s did not answer within %u ms and was stopped", argv[0], timeout_ms);
        return FALSE;
    }
    run->exit_status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    return TRUE;
}

static gboolean live_run(char **argv, gsize max_out, LiveRun *run, GError **error)
{
    return live_run_until(argv, live_timeout_ms, NULL, max_out, run, error);
}

/* The first line of a child's complaint, for one-line reports. */
static char *live_first_line(const GString *text)
{
    const char *start = text->str;
    while (*start == '\n' || *start == ' ')
        start++;
    const char *end = strchr(start, '\n');
    return end ? g_strndup(start, (gsize)(end - start)) : g_strdup(start);
}

/* ---- reading ---------------------------------------------------------- */

static char *live_source_name(void)
{
    const char *file = g_getenv("CIB_file");
    return file != NULL ? g_strdup_printf("CIB_file=%s", file) : g_strdup("cibadmin --query");
}

/* What a query needs, settled before it starts so that running it reads
 * no global (the program, the timeout, CIB_file): a worker thread may. */
typedef struct LiveQuery {
    char *program;
    guint timeout_ms;
    char *name;       /* the document's path: "CIB_file=..." */
    const char *hint; /* what to do when the cluster does not answer */
} LiveQuery;

/* Pacemaker's daemons take connections from root and the members of the
 * haclient group only; anyone else gets the same "not connected" as when
 * nothing runs, so the user is checked here. */
static gboolean live_user_may_connect(void)
{
    if (geteuid() == 0)
        return TRUE;
    struct group *haclient = getgrnam("haclient");
    if (haclient == NULL)
        return FALSE;
    if (getegid() == haclient->gr_gid)
        return TRUE;
    int count = getgroups(0, NULL);
    g_autofree gid_t *groups = g_new0(gid_t, MAX(count, 1));
    count = getgroups(count, groups);
    for (int i = 0; i < count; i++)
        if (groups[i] == haclient->gr_gid)
            return TRUE;
    return FALSE;
}

const char *cs_live_read_hint(gboolean cib_file, gboolean may_connect)
{
    if (cib_file)
        return "does CIB_file name a readable CIB?";
    return may_connect ? "is pacemaker running?" : "run as root or a member of haclient";
}

static void live_query_init(LiveQuery *query, guint timeout_ms)
{
    query->program = cs_live_tool_path("cibadmin");
    query->timeout_ms = timeout_ms;
    query->name = live_source_name();
    query->hint = cs_live_read_hint(g_getenv("CIB_file") != NULL, live_user_may_connect());
}

/* "cannot read the CIB (is pacemaker running?): DETAIL": what to do
 * first, so that a narrow status bar keeps it. */
static void live_query_fail(const LiveQuery *query, GError *cause, GError **error)
{
    gboolean file = g_str_has_prefix(query->name, "CIB_file=");
    g_set_error(error, cause->domain, cause->code, "cannot read %s (%s): %s",
                file ? query->name : "the CIB", query->hint, cause->message);
    g_error_free(cause);
}

static void live_query_clear(LiveQuery *query)
{
    g_clear_pointer(&query->program, g_free);
    g_clear_pointer(&query->name, g_free);
}

static CsDocument *live_query_run(const LiveQuery *query, GCancellable *cancel, GError **error)
{
    char *argv[] = {query->program, (char *)"--query", NULL};
    LiveRun run = {0};
    GError *run_error = NULL;
    if (!live_run_until(argv, query->timeout_ms, cancel, LIVE_QUERY_MAX_BYTES, &run, &run_error)) {
        live_run_clear(&run);
        if (g_error_matches(run_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            g_propagate_error(error, run_error);
        else
            live_query_fail(query, run_error, error);
        return NULL;
    }
    /* Cancelled after cibadmin answered: the parse is not wanted either. */
    if (g_cancellable_set_error_if_cancelled(cancel, error)) {
        live_run_clear(&run);
        return NULL;
    }
    const char *name = query->name;
    CsDocument *document = NULL;
    if (run.exit_status != 0) {
        g_autofree char *why = live_first_line(run.err);
        live_query_fail(query,
                        g_error_new(CS_LIVE_ERROR, CS_LIVE_ERROR_FAILED,
                                    "cibadmin --query failed (exit %d): %s", run.exit_status,
                                    why[0] ? why : "no message"),
                        error);
    } else {
        g_autoptr(GError) load_error = NULL;
        document = cs_document_load_memory(run.out->str, run.out->len, name, &load_error);
        if (document == NULL)
            g_set_error(error, CS_LIVE_ERROR, CS_LIVE_ERROR_OUTPUT, "%s", load_error->message);
    }
    live_run_clear(&run);
    return document;
}

static CsDocument *live_query_within(guint timeout_ms, GError **error)
{
    LiveQuery query;
    live_query_init(&query, timeout_ms);
    CsDocument *document = live_query_run(&query, NULL, error);
    live_query_clear(&query);
    return document;
}

CsDocument *cs_live_query(GError **error)
{
    return live_query_within(live_timeout_ms, error);
}

gboolean cs_live_available(GError **error)
{
    /* Only a quick question: "cibscope" with no file must not hang for
     * long on a machine that is not a cluster node. */
    g_autoptr(CsDocument) document = live_query_within(MIN(live_timeout_ms, 3000), error);
    return document != NULL;
}

static gint64 live_attribute_number(xmlNode *node, const char *name)
{
    g_autofree xmlChar *text = xmlGetProp(node, (const xmlChar *)name);
    return text != NULL ? g_ascii_strtoll((const char *)text, NULL, 10) : 0;
}

/* The DC's uname: <node id=dc-uuid uname=...> in the configuration, else
 * the <node_state> of that id. */
static char *live_node_name(const CsDocument *document, const char *node_id)
{
    const char *sections[] = {"nodes", "status"};
    for (size_t i = 0; i < G_N_ELEMENTS(sections); i++) {
        xmlNode *section = cs_document_section(document, sections[i]);
        for (xmlNode *child = section ? section->children : NULL; child; child = child->next) {
            if (child->type != XML_ELEMENT_NODE)
                continue;
            g_autofree xmlChar *id = xmlGetProp(child, (const xmlChar *)"id");
            if (id != NULL && strcmp((const char *)id, node_id) == 0) {
                xmlChar *uname = xmlGetProp(child, (const xmlChar *)"uname");
                if (uname != NULL) {
                    char *copy = g_strdup((const char *)uname);
                    xmlFree(uname);
                    return copy;
                }
            }
        }
    }
    return NULL;
}

void cs_live_version_read(const CsDocument *document, CsLiveVersion *out)
{
    memset(out, 0, sizeof *out);
    xmlNode *root = xmlDocGetRootElement(document->xml);
    if (root == NULL)
        return;
    out->admin_epoch = live_attribute_number(root, "admin_epoch");
    out->epoch = live_attribute_number(root, "epoch");
    out->num_updates = live_attribute_number(root, "num_updates");
    xmlChar *dc = xmlGetProp(root, (const xmlChar *)"dc-uuid");
    if (dc != NULL) {
        out->dc_uuid = g_strdup((const char *)dc);
        xmlFree(dc);
        out->dc_name = live_node_name(document, out->dc_uuid);
    }
}

void cs_live_version_clear(CsLiveVersion *version)
{
    g_clear_pointer(&version->dc_uuid, g_free);
    g_clear_pointer(&version->dc_name, g_free);
}

gboolean cs_live_version_same_config(const CsLiveVersion *a, const CsLiveVersion *b)
{
    return a->admin_epoch == b->admin_epoch && a->epoch == b->epoch;
}

char *cs_live_version_format(const CsLiveVersion *version)
{
    return g_strdup_printf("%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT,
                           version->admin_epoch, version->epoch, version->num_updates);
}

char *cs_live_version_text(const CsDocument *document)
{
    CsLiveVersion version;

    cs_live_version_read(document, &version);
    char *text = cs_live_version_format(&version);
    cs_live_version_clear(&version);
    return text;
}

char *cs_live_status_text(const CsLiveVersion *version)
{
    const char *file = g_getenv("CIB_file");
    g_autofree char *source = file ? g_strdup_printf("live (CIB_file=%s)", file) : g_strdup("live");
    g_autofree char *epoch = cs_live_version_format(version);
    const char *dc = version->dc_name   ? version->dc_name
                     : version->dc_uuid ? version->dc_uuid
                                        : "none";
    return g_strdup_printf("%s  DC %s  epoch %s", source, dc, epoch);
}

/* ---- following the cluster -------------------------------------------- */

/* One query run off the caller's thread.  The worker owns everything in
 * it until it sets done; the caller reads the results only after that
 * (and after joining the thread, which orders the two). */
typedef struct LiveJob {
    LiveQuery query;
    GCancellable *cancel;
    gboolean have_since;
    CsLiveVersion since; /* the watch's version when it started */
    GThread *thread;
    gint done;             /* atomic: the results below are set */
    CsDocument *document;  /* NULL when unchanged or on failure */
    CsLiveVersion version; /* what the query read (when it read one) */
    GError *error;
} LiveJob;

struct CsLiveWatch {
    guint interval_ms;
    gint64 due; /* monotonic microseconds */
    gboolean have_version;
    CsLiveVersion version;
    LiveJob *job; /* the query in flight or finished, else NULL */
    /* A worker whose query was collected, joined at the next start: its
     * exit (freeing its thread's caches took 12-28 ms on a 32x2000 CIB)
     * must not hold up the caller's key loop.  It touches nothing shared
     * once its job is done. */
    GThread *exiting;
};

static void live_job_free(LiveJob *job);

CsLiveWatch *cs_live_watch_new(guint interval_ms, const CsDocument *current)
{
    CsLiveWatch *watch = g_new0(CsLiveWatch, 1);
    watch->interval_ms = interval_ms ? interval_ms : CS_LIVE_DEFAULT_INTERVAL_MS;
    watch->due = g_get_monotonic_time() + (gint64)watch->interval_ms * 1000;
    if (current != NULL) {
        cs_live_version_read(current, &watch->version);
        watch->have_version = TRUE;
    }
    return watch;
}

void cs_live_watch_free(CsLiveWatch *watch)
{
    if (watch == NULL)
        return;
    g_clear_pointer(&watch->job, live_job_free);
    if (watch->exiting != NULL)
        g_thread_join(g_steal_pointer(&watch->exiting));
    cs_live_version_clear(&watch->version);
    g_free(watch);
}

guint cs_live_watch_due_ms(const CsLiveWatch *watch)
{
    gint64 left = watch->due - g_get_monotonic_time();
    return left <= 0 ? 0 : (guint)(left / 1000);
}

const CsLiveVersion *cs_live_watch_version(const CsLiveWatch *watch)
{
    return &watch->version;
}

/* A status update (num_updates) is news too: resources start and stop
 * without the configuration changing. */
static gboolean live_version_differs(const CsLiveVersion *a, const CsLiveVersion *b)
{
    return !cs_live_version_same_config(a, b) || a->num_updates != b->num_updates
           || g_strcmp0(a->dc_uuid, b->dc_uuid) != 0;
}

CsDocument *cs_live_watch_poll(CsLiveWatch *watch, GError **error)
{
    if (cs_live_watch_due_ms(watch) > 0)
        return NULL;
    watch->due = g_get_monotonic_time() + (gint64)watch->interval_ms * 1000;
    CsDocument *document = cs_live_query(error);
    if (document == NULL)
        return NULL;
    CsLiveVersion version;
    cs_live_version_read(document, &version);
    if (watch->have_version && !live_version_differs(&watch->version, &version)) {
        cs_live_version_clear(&version);
        cs_document_free(document);
        return NULL;
    }
    cs_live_version_clear(&watch->version);
    watch->version = version;
    watch->have_version = TRUE;
    return document;
}

/* ---- following without blocking the caller ---------------------------- */

/* The worker: query, parse, and compare with the version the watch had
 * when the job started (a copy: the watch may not change while a job is
 * in flight, since only its result changes it).  An unchanged CIB is
 * freed here, so that its cost too stays off the caller's thread. */
static gpointer live_job_run(gpointer data)
{
    LiveJob *job = data;
    CsDocument *document = live_query_run(&job->query, job->cancel, &job->error);
    if (document != NULL) {
        cs_live_version_read(document, &job->version);
        if (job->have_since && !live_version_differs(&job->since, &job->version))
            cs_document_free(document);
        else
            job->document = document;
    }
    g_atomic_int_set(&job->done, TRUE);
    return NULL;
}

/* Stops the query if it still runs (cibadmin is killed, the parse
 * skipped), waits for the worker (unless already joined) and frees what
 * it made. */
static void live_job_free(LiveJob *job)
{
    if (job->thread != NULL) {
        g_cancellable_cancel(job->cancel);
        g_thread_join(job->thread);
    }
    g_object_unref(job->cancel);
    live_query_clear(&job->query);
    cs_live_version_clear(&job->since);
    cs_live_version_clear(&job->version);
    if (job->document != NULL)
        cs_document_free(job->document);
    g_clear_error(&job->error);
    g_free(job);
}

static void live_version_copy(CsLiveVersion *to, const CsLiveVersion *from)
{
    *to = *from;
    to->dc_uuid = g_strdup(from->dc_uuid);
    to->dc_name = g_strdup(from->dc_name);
}

gboolean cs_live_watch_start(CsLiveWatch *watch)
{
    if (watch->job != NULL || cs_live_watch_due_ms(watch) > 0)
        return FALSE;
    watch->due = g_get_monotonic_time() + (gint64)watch->interval_ms * 1000;
    if (watch->exiting != NULL)
        g_thread_join(g_steal_pointer(&watch->exiting)); /* long done */
    LiveJob *job = g_new0(LiveJob, 1);
    live_query_init(&job->query, live_timeout_ms);
    job->cancel = g_cancellable_new();
    job->have_since = watch->have_version;
    if (watch->have_version)
        live_version_copy(&job->since, &watch->version);
    job->thread = g_thread_new("cibscope-poll", live_job_run, job);
    watch->job = job;
    return TRUE;
}

gboolean cs_live_watch_running(const CsLiveWatch *watch)
{
    return watch->job != NULL && !g_atomic_int_get(&watch->job->done);
}

CsDocument *cs_live_watch_collect(CsLiveWatch *watch, gboolean *finished, GError **error)
{
    *finished = FALSE;
    if (watch->job == NULL || !g_atomic_int_get(&watch->job->done))
        return NULL;
    *finished = TRUE;
    LiveJob *job = g_steal_pointer(&watch->job);
    watch->exiting = g_steal_pointer(&job->thread);
    CsDocument *document = g_steal_pointer(&job->document);
    if (job->error != NULL)
        g_propagate_error(error, g_steal_pointer(&job->error));
    if (document != NULL) {
        cs_live_version_clear(&watch->version);
        watch->version = job->version;
        memset(&job->version, 0, sizeof job->version);
        watch->have_version = TRUE;
    }
    live_job_free(job);
    return document;
}

/* ---- writing ---------------------------------------------------------- */

/* What changed between the edits' base and the cluster's CIB now, for the
 * refusal message. */
static void live_report_changes(const CsDocument *base, const CsDocument *current, GString *report)
{
    g_autoptr(GPtrArray) changes = cs_live_plan(base, current);
    if (changes->len == 0)
        g_string_append(report, "  (no difference in constraints, nvpairs or node attributes)\n");
    for (guint i = 0; i < changes->len; i++) {
        const CsLiveOp *change = g_ptr_array_index(changes, i);
        g_string_append_printf(report, "  %s\n", change->summary);
    }
}

static gboolean live_guard(const CsDocument *base, GString *report, GError **error)
{
    g_autoptr(CsDocument) current = cs_live_query(error);
    if (current == NULL)
        return FALSE;
    CsLiveVersion then, now;
    cs_live_version_read(base, &then);
    cs_live_version_read(current, &now);
    gboolean same = cs_live_version_same_config(&then, &now);
    if (!same) {
        g_autofree char *was = cs_live_version_format(&then);
        g_autofree char *is = cs_live_version_format(&now);
        g_set_error(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED,
                    "the CIB changed since the edits were made (epoch %s, now %s): "
                    "nothing was applied",
                    was, is);
        g_string_append_printf(report,
                               "Refused: the CIB is at epoch %s, the edits were made on %s.\n"
                               "Changed meanwhile:\n",
                               is, was);
        live_report_changes(base, current, report);
    }
    cs_live_version_clear(&then);
    cs_live_version_clear(&now);
    return same;
}

/* Runs one command of op; appends its result line.  TRUE when it
 * succeeded. */
static gboolean live_apply_one(const CsLiveOp *op, char **argv, GString *report, GError **error)
{
    g_autofree char *line = cs_live_argv_line(argv);
    LiveRun run = {0};
    g_autoptr(GError) run_error = NULL;
    gboolean ok = live_run(argv, LIVE_MESSAGE_MAX_BYTES, &run, &run_error) && run.exit_status == 0;
    if (ok) {
        g_string_append_printf(report, "ok      %s\n", line);
    } else if (run_error != NULL) {
        g_string_append_printf(report, "FAILED  %s\n        %s\n", line, run_error->message);
        g_set_error(error, run_error->domain, run_error->code, "%s: %s", op->summary,
                    run_error->message);
    } else {
        g_autofree char *why = live_first_line(run.err);
        g_string_append_printf(report, "FAILED  %s\n        exit %d: %s\n", line, run.exit_status,
                               why);
        g_autofree char *program = g_path_get_basename(argv[0]);
        g_set_error(error, CS_LIVE_ERROR, CS_LIVE_ERROR_FAILED, "%s: %s exit %d: %s", op->summary,
                    program, run.exit_status, why);
    }
    live_run_clear(&run);
    return ok;
}

/* Runs op's commands in order, stopping at the first failure (its later
 * commands are listed as not run).  TRUE when all succeeded. */
static gboolean live_apply(const CsLiveOp *op, GString *report, GError **error)
{
    g_autoptr(GPtrArray) commands = cs_live_op_commands(op);
    if (commands->len == 0) {
        g_autofree char *line = cs_live_op_command_line(op);
        g_string_append_printf(report, "ok      %s: %s\n", op->summary, line);
        return TRUE;
    }
    for (guint i = 0; i < commands->len; i++) {
        if (live_apply_one(op, g_ptr_array_index(commands, i), report, error))
            continue;
        for (guint j = i + 1; j < commands->len; j++) {
            g_autofree char *line = cs_live_argv_line(g_ptr_array_index(commands, j));
            g_string_append_printf(report, "not run %s\n", line);
        }
        return FALSE;
    }
    return TRUE;
}

gboolean cs_live_commit(const CsDocument *base, const GPtrArray *ops, GString *report,
                        GError **error)
{
    if (ops->len == 0) {
        g_string_append(report, "Nothing to commit.\n");
        return TRUE;
    }
    /* The guard and the writes are separate cibadmin calls, so a change
     * landing between them is not caught; the window is one process
     * start, and every write is object-level, so such a change is merged
     * rather than overwritten. */
    if (!live_guard(base, report, error))
        return FALSE;
    for (guint i = 0; i < ops->len; i++) {
        if (live_apply(g_ptr_array_index(ops, i), report, error))
            continue;
        for (guint j = i + 1; j < ops->len; j++) {
            g_autoptr(GPtrArray) commands = cs_live_op_commands(g_ptr_array_index(ops, j));
            for (guint k = 0; k < commands->len; k++) {
                g_autofree char *line = cs_live_argv_line(g_ptr_array_index(commands, k));
                g_string_append_printf(report, "not run %s\n", line);
            }
        }
        return FALSE;
    }
    return TRUE;
}
