/* contribution.h: one contribution to a score on a node, what a score
 * table records (table.h) and the explanations read back
 * (cs_solution_contributions in engine.h).  Declarations only, beneath
 * every engine file.
 */
#ifndef CS_ENGINE_CONTRIBUTION_H
#define CS_ENGINE_CONTRIBUTION_H

#include "base/score.h"

typedef enum {
    CS_CONTRIB_DEFAULT,     /* symmetric-cluster: every node starts at 0 */
    CS_CONTRIB_NODE_WEIGHT, /* <node score=...> */
    CS_CONTRIB_HEALTH,      /* node-health-strategy */
    CS_CONTRIB_LOCATION,    /* rsc_location node+score */
    CS_CONTRIB_RULE,        /* rsc_location rule (source = rule id) */
    CS_CONTRIB_STATUS_BAN,  /* a ban the status section implies */
    CS_CONTRIB_STICKINESS,
    CS_CONTRIB_FAIL_LIMIT,  /* fail count reached migration-threshold */
    CS_CONTRIB_DISCOVERY,   /* resource-discovery=exclusive elsewhere */
    CS_CONTRIB_COLOCATION,  /* placed relative to an assigned primary */
    CS_CONTRIB_COLOCATED,   /* another resource's scores, times factor */
    CS_CONTRIB_TARGET_ROLE, /* target-role=Stopped */
    CS_CONTRIB_UNMANAGED,   /* unmanaged: pinned where it is active */
    CS_CONTRIB_UTILIZATION, /* node lacks capacity (placement-strategy) */
    CS_CONTRIB_TICKET,      /* rsc_ticket: ticket not granted, standby */
    CS_CONTRIB_CLONE,       /* clone instance limits (clone-node-max,
                                  clone-max, the clone's own score) */
    CS_CONTRIB_PROMOTION,   /* promotion score (promotable clones) */
} CsContributionKind;

typedef struct CsContribution {
    const char *source; /* constraint, rule or reason; static or
                                  owned by the model */
    CsContributionKind kind;
    int other_rsc;        /* colocated resource, or -1 */
    float factor;         /* colocated: the factor applied */
    int count, threshold; /* fail limit: fail count and threshold */
    CsScore value;
} CsContribution; /* 32 bytes: a solve records tens of
                                  thousands */

#endif
