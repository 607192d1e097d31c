/* live.h: a running cluster's CIB through cibadmin.
 *
 * cibadmin is the transport, as crm_resource and crmsh use it: spawned with
 * an argv (never through a shell) and killed when it overruns its timeout.
 *   read    cibadmin --query
 *   write   each change with the tool Pacemaker's operators use for it:
 *           crm_resource, crm_attribute, crm_ticket for settings and
 *           tickets, object-level cibadmin --create / --modify /
 *           --replace / --delete for constraints, resources and edited
 *           elements; never the whole CIB
 * CIB_file=PATH in the environment makes cibadmin work on that file, as it
 * does for every Pacemaker tool; children inherit the environment, so live
 * mode works on a file too (the unit tests rely on it).
 *
 * Writes are guarded by the CIB's version (Pacemaker Explained 2.1, "CIB
 * Properties": admin_epoch, epoch, num_updates): a commit re-reads the CIB
 * and applies nothing when admin_epoch or epoch moved since the document
 * the edits were based on.  num_updates alone (status updates) does not
 * block a commit, since the configuration is then unchanged.
 */
#ifndef CS_LIVE_H
#define CS_LIVE_H

#include <glib.h>
#include <libxml/tree.h>
#include "cib/document.h"
#include "cib/live_op.h"
#include "cib/live_plan.h"

#define CS_LIVE_ERROR cs_live_error_quark()
GQuark cs_live_error_quark(void);

typedef enum {
    CS_LIVE_ERROR_SPAWN,   /* cibadmin could not be started */
    CS_LIVE_ERROR_TIMEOUT, /* it did not finish in time and was killed */
    CS_LIVE_ERROR_FAILED,  /* it exited non-zero (message has its stderr) */
    CS_LIVE_ERROR_OUTPUT,  /* its output is not a CIB */
    CS_LIVE_ERROR_CHANGED, /* commit refused: the configuration moved on */
} CsLiveError;

#define CS_LIVE_DEFAULT_TIMEOUT_MS 10000
#define CS_LIVE_DEFAULT_INTERVAL_MS 2000

/* How long one cibadmin call may take before it is killed. */
void cs_live_set_timeout(guint timeout_ms);

/* ---- reading ---------------------------------------------------------- */

typedef struct CsLiveVersion {
    gint64 admin_epoch;
    gint64 epoch;
    gint64 num_updates;
    char *dc_uuid; /* <cib dc-uuid>, NULL when absent */
    char *dc_name; /* the DC's uname when the CIB names it, else NULL */
} CsLiveVersion;

/* cibadmin --query.  The document's path reads "cibadmin --query" (or
 * "CIB_file=PATH" when that is set), for messages.  A failure says what
 * to do first: "cannot read the CIB (is pacemaker running?): cibadmin
 * --query failed (exit 102): ..." (see cs_live_read_hint). */
CsDocument *cs_live_query(GError **error);
/* Whether a cluster (or CIB_file) answers cibadmin --query now: what
 * `cibscope` with no file uses to choose between live and the demo;
 * error (may be NULL) says why not. */
gboolean cs_live_available(GError **error);
/* What to do when a read fails: for CIB_file, check the file; for a user
 * who is neither root nor in haclient (the daemons refuse them with the
 * same "not connected" as when nothing runs) "run as root or a member of
 * haclient"; else "is pacemaker running?". */
const char *cs_live_read_hint(gboolean cib_file, gboolean may_connect);

void cs_live_version_read(const CsDocument *document, CsLiveVersion *out);
void cs_live_version_clear(CsLiveVersion *version);
/* Same admin_epoch and epoch: the configuration is the same one. */
gboolean cs_live_version_same_config(const CsLiveVersion *a, const CsLiveVersion *b);
/* "0.42.7" (admin_epoch.epoch.num_updates, as Pacemaker writes it in its
 * logs and crm_mon), newly allocated. */
char *cs_live_version_format(const CsLiveVersion *version);
/* document's version, formatted as cs_live_version_format() does: a
 * file and a cluster show it alike (newly allocated). */
char *cs_live_version_text(const CsDocument *document);
/* For the status bar: "live  DC alpha  epoch 0.42.7", or
 * "live (CIB_file=/tmp/x.xml)  DC alpha  epoch 0.42.7"; newly allocated. */
char *cs_live_status_text(const CsLiveVersion *version);

/* ---- following the cluster -------------------------------------------- */

typedef struct CsLiveWatch CsLiveWatch;

/* Follows the cluster from the version of current (may be NULL: the first
 * poll then reports whatever it reads). */
CsLiveWatch *cs_live_watch_new(guint interval_ms, const CsDocument *current);
void cs_live_watch_free(CsLiveWatch *watch);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsLiveWatch, cs_live_watch_free)
/* Call as often as convenient (e.g. from the console's input timeout).
 * When the interval has passed, queries the CIB: returns the new document
 * (caller owns it) when epoch or num_updates changed, NULL otherwise or on
 * failure (then *error says why; polling goes on at the next interval). */
CsDocument *cs_live_watch_poll(CsLiveWatch *watch, GError **error);
/* Milliseconds until the next poll is due (0 when due now). */
guint cs_live_watch_due_ms(const CsLiveWatch *watch);
const CsLiveVersion *cs_live_watch_version(const CsLiveWatch *watch);

/* The same poll for a caller that must not block (the console's key
 * loop, doc/DESIGN.md "Performance": an edit redraws within one frame, and a
 * query and parse of a large CIB take a third of a second): when due and
 * none is in flight, cs_live_watch_start runs cibadmin --query, the parse
 * and the version check on a worker thread and returns TRUE.  The worker
 * reads nothing the caller may change; the program, the timeout and the
 * version to compare with are taken when it starts. */
gboolean cs_live_watch_start(CsLiveWatch *watch);
/* A query is in flight and has not finished yet. */
gboolean cs_live_watch_running(const CsLiveWatch *watch);
/* Never blocks: *finished is FALSE while no query has finished (nothing
 * else happens then).  Once one has, *finished is TRUE and the result is
 * cs_live_watch_poll's: the new document (caller owns it) when the
 * version changed, else NULL, with *error set on failure.
 * cs_live_watch_free stops a query still in flight (cibadmin is killed)
 * and waits for its worker. */
CsDocument *cs_live_watch_collect(CsLiveWatch *watch, gboolean *finished, GError **error);

/* ---- writing ---------------------------------------------------------- */

/* Re-reads the CIB; when its admin_epoch or epoch is not base's, refuses
 * (CS_LIVE_ERROR_CHANGED), runs nothing and writes to report what changed
 * meanwhile.  Otherwise runs each op in order, writing one line per op to
 * report ("ok  cibadmin ..." or "FAILED (exit 105: ...)  cibadmin ...");
 * stops at the first failure (later ops may depend on it) and lists the
 * rest as not run.  TRUE when every op succeeded. */
gboolean cs_live_commit(const CsDocument *base, const GPtrArray *ops, GString *report,
                        GError **error);

#endif
