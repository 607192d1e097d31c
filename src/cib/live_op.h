/* live_op.h: one object-level operation on a live CIB, and the commands
 * that apply it: what live_plan.c makes, live_tools.c gives the
 * operator's own tool, and live.c runs.  The ground floor of the live
 * files: it includes nothing of theirs.
 */
#ifndef CS_LIVE_OP_H
#define CS_LIVE_OP_H

#include <glib.h>
#include <libxml/tree.h>

/* The cibadmin to run: NULL restores the default ("cibadmin" from PATH,
 * else /usr/sbin/cibadmin).  Tests point it at stand-ins. */
void cs_live_set_program(const char *path);

typedef enum {
    CS_LIVE_OP_CREATE,  /* a new object (nested ones: --modify with its
                             ancestors, which creates what is missing) */
    CS_LIVE_OP_MODIFY,  /* attributes added or changed */
    CS_LIVE_OP_REPLACE, /* one object rewritten (attributes removed, or
                             children without ids changed) */
    CS_LIVE_OP_DELETE,
} CsLiveOpKind;

typedef struct CsLiveOp {
    CsLiveOpKind kind;
    char *section;    /* cibadmin --scope: constraints, resources, ... */
    char *fragment;   /* the exact -X argument */
    char *tag, *id;   /* the object touched */
    char **path;      /* create: tag and id ("" when it has none) of
                             each ancestor below the section, outermost
                             first, alternating; empty for a top-level
                             object (g_strfreev) */
    xmlNode *element; /* create/modify/replace: the object as edited
                             (owned copy, in its own document) */
    char *summary;    /* "rsc_location cli-ban-web-on-alpha added" */
    /* The commands that apply the op, each a NULL-terminated argv
     * (g_strfreev), run in order; NULL for plain cibadmin (--create,
     * --modify, --replace or --delete of fragment).  An op the operator's
     * own tool makes gets that tool's command instead, as chosen by
     * cs_live_op_use_tool() (live_tools.c): crm_resource for a
     * resource's meta attributes, parameters and utilization;
     * crm_attribute for cluster options, rsc_defaults, op_defaults and
     * node attributes and utilization; crm_ticket for a ticket's state;
     * and, since fail counts belong to the attribute manager (a change
     * written to the CIB alone is undone at its next write),
     * crm_resource --cleanup and attrd_updater for them.  A ticket whose
     * grant and standby both change takes two commands. */
    GPtrArray *commands;
    gboolean covered; /* done by an earlier op's command (one cleanup
                             clears every fail count of a resource on a
                             node): nothing of its own runs */
} CsLiveOp;

void cs_live_op_free(CsLiveOp *op);
/* The argvs that apply op, in order (a new array of NULL-terminated
 * argvs, each freed with it); empty for a covered op. */
GPtrArray *cs_live_op_commands(const CsLiveOp *op);
/* The first of them (g_strfreev), the only one for every op but a ticket
 * whose grant and standby both change; NULL for a covered op. */
char **cs_live_op_argv(const CsLiveOp *op);
/* argv shell-quoted for display only: nothing ever runs it. */
char *cs_live_argv_line(char **argv);
/* Every command of op so, one per line ("\n" between them). */
char *cs_live_op_command_line(const CsLiveOp *op);

/* The path of a Pacemaker tool (from PATH, else /usr/sbin/NAME); the
 * cibadmin set by cs_live_set_program for "cibadmin".  Newly allocated. */
char *cs_live_tool_path(const char *name);

/* An edit the cluster's own change collides with (issue 17): the
 * object it touches was removed outside, changed outside, or its new id
 * was taken outside by another object. */
typedef enum {
    CS_LIVE_CONFLICT_REMOVED,
    CS_LIVE_CONFLICT_CHANGED,
    CS_LIVE_CONFLICT_ID_TAKEN,
} CsLiveConflictKind;

typedef struct CsLiveConflict {
    CsLiveConflictKind kind;
    char *tag, *id; /* the object the edit touches */
    char *text;     /* by object and value: "rsc_location loc (web on
                             b, score 75): changed in the cluster meanwhile
                             (score: 50 -> 75); yours: score: 75 -> 7" */
    gboolean kept;  /* the operator chose to keep the edit */
} CsLiveConflict;

void cs_live_conflict_free(CsLiveConflict *conflict);

#endif
