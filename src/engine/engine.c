/* engine.c: the engine's shared vocabulary: its error domain, the names
 * of contribution kinds, and the startup-probe option every later step
 * reads.  The folder reads top to bottom (doc/DESIGN.md, "The engine"):
 *   solve.c        the solve driver: cs_solve() runs every step in order
 *   unsupported.c  what is not modelled yet (exit status 3), checked first
 *   actions.c, propagate.c, orderings.c, fencing.c, digests.c, graph.c
 *                  the transition (actions, orderings) after placement
 *   clone.c, promote.c, assign.c, colocation.c, ticket.c, utilization.c
 *                  placement, with the scores it records
 *   nodes.c, table.c, expand.c, solution.c, scores.c
 *                  what placement stands on, and read access and printing
 *   engine.c       these names, and the types in engine_internal.h
 */
#include <stdarg.h>

#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-engine-error-quark, cs_engine_error)

gboolean cs_engine_refuse(GError **error, const char *format, ...)
{
    va_list args;
    g_autofree char *message = NULL;

    va_start(args, format);
    message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED, message);
    return FALSE;
}
/* clang-format on */

gboolean cs_startup_probes_disabled(const CsModel *model)
{
    const char *value = g_hash_table_lookup(model->options.values, "enable-startup-probes");

    if (model->options.maintenance_mode)
        return TRUE; /* nothing is probed in maintenance mode */
    return cs_text_is_false(value);
}

const char *cs_contribution_kind_name(CsContributionKind kind)
{
    static const char *const names[] = {
        [CS_CONTRIB_DEFAULT] = "default",
        [CS_CONTRIB_NODE_WEIGHT] = "node weight",
        [CS_CONTRIB_HEALTH] = "node health",
        [CS_CONTRIB_LOCATION] = "location",
        [CS_CONTRIB_RULE] = "location rule",
        [CS_CONTRIB_STATUS_BAN] = "ban from status",
        [CS_CONTRIB_STICKINESS] = "stickiness",
        [CS_CONTRIB_FAIL_LIMIT] = "fail limit",
        [CS_CONTRIB_DISCOVERY] = "exclusive discovery",
        [CS_CONTRIB_COLOCATION] = "colocation",
        [CS_CONTRIB_COLOCATED] = "colocated scores",
        [CS_CONTRIB_TARGET_ROLE] = "target-role",
        [CS_CONTRIB_UNMANAGED] = "unmanaged",
        [CS_CONTRIB_UTILIZATION] = "utilization",
        [CS_CONTRIB_TICKET] = "ticket",
        [CS_CONTRIB_CLONE] = "clone instance",
        [CS_CONTRIB_PROMOTION] = "promotion",
    };

    return (guint)kind < G_N_ELEMENTS(names) ? names[kind] : "?";
}
