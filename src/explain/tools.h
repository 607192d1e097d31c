/* tools.h: the same change in the operator's own tools.
 *
 * Every pending edit is an object-level operation on the CIB (cib/live.h,
 * CsLiveOp).  Here each is given as the commands that make the same
 * change with crm_resource / crm_attribute (the Pacemaker command-line
 * tools), with pcs and with crmsh, so that a plan made in cibscope can be
 * applied with the tools a site allows:
 *
 *   rsc_location cli-ban-web-on-alpha added
 *       crm_resource --ban --resource web --node alpha
 *       pcs resource ban web alpha
 *       crm resource ban web alpha
 *
 * Words are quoted for a POSIX shell only when they need it ('...', a
 * quote inside as '\'').  A change a tool cannot make is said in a
 * comment line ("# pcs: no command for this; use cibadmin above").
 * One translator per edit kind, in a table (tools.c).
 */
#ifndef CS_TOOLS_H
#define CS_TOOLS_H

#include <glib.h>
#include "cib/document.h"
#include "cib/live.h"
#include "base/iso8601.h"
#include "explain/session.h"

typedef struct CsToolContext {
    const CsDocument *base;   /* the CIB before the edits */
    const CsDocument *edited; /* the CIB with them */
    CsTime now;               /* the session clock: a lifetime's start */
} CsToolContext;

/* The commands for one operation, each newly allocated and shell-quoted:
 * crm (crm_resource, crm_attribute, crm_standby, attrd_updater or
 * cibadmin), pcs, crmsh.  Comment lines start with '#'. */
typedef struct CsToolCommands {
    GPtrArray *crm, *pcs, *crmsh;
} CsToolCommands;

void cs_tool_commands_init(CsToolCommands *commands);
void cs_tool_commands_clear(CsToolCommands *commands);

/* Which edit kind op is ("ban", "prefer", "clear", "meta", "default",
 * "node attribute", "transient attribute", "location", "colocation",
 * "remove constraint", or "cibadmin" when no tool has a command for it),
 * and its commands. */
const char *cs_tools_translate(const CsLiveOp *op, const CsToolContext *context,
                               CsToolCommands *out);

/* word quoted for a POSIX shell when it needs it (newly allocated). */
char *cs_tools_shell_word(const char *word);

/* Appends, under each operation's summary, its commands in the three
 * tools (indented by six blanks); a command an earlier operation already
 * gave is not repeated. */
void cs_tools_describe(const GPtrArray *ops, const CsToolContext *context, GString *out);

/* The `pending` command: every edit not yet saved into the loaded file
 * or committed to the cluster, with its commands in the three tools;
 * "no pending edits" when there are none.  On a file, the edits since it
 * was loaded. */
void cs_tools_pending(CsSession *session, GString *out);

#endif
