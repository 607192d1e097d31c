/* bundle_promote.c: a bundle whose resource inside is promotable.
 *
 * Pacemaker Explained 2.1, "Bundles": promoted-max on the container
 * (docker, podman) makes the resource inside promotable, at most that
 * many replicas promoted at once.  Pacemaker 2.1.5 then names the
 * implicit clone around the resource inside NAME-master instead of
 * NAME-clone and treats it as a promotable clone (engine/promote.c,
 * Pacemaker Explained 2.1, "Promotable clones"): each instance's
 * promotion score is printed on its replica's guest node, and promotion
 * follows the clone's rules.  Checked with the oracle from a fresh
 * start (probes that found things stopped aside): with no promotion
 * score nothing is promoted.  Replicas that ran unpromoted are answered
 * as engine/bundle.c answers running replicas of other bundles, their
 * promotion scores read from their guest nodes' master-* attributes
 * (or their hosts', engine/promote.c); replicas recorded promoted
 * (promote or demote operations, results 8 or 9) too, as promotable
 * clone instances (checked with the oracle and the corpus: unclean
 * remote nodes hosting replicas in bundle-order-stop-on-remote), except
 * beside a remote node with a connection that is offline and clean,
 * where the corpus shows answers not followed yet
 * (remote-fence-unclean-3: its connection found unrecoverable).
 */
#include <string.h>

#include "engine/bundle_promote.h"

char *cs_bundle_promote_clone_name(const CsResource *bundle)
{
    return g_strdup_printf("%s-%s", bundle->id,
                           bundle->bundle->promoted_max > 0 ? "master" : "clone");
}

/* Pacemaker Explained 2.1, "Bundles": promoted-max is the most replicas
 * promoted at once; each guest node holds one instance, so at most one
 * promoted there (promoted-node-max keeps its default, 1). */
void cs_bundle_promote_setup(CsResource *made, const CsResource *bundle)
{
    made->promotable = bundle->bundle->promoted_max > 0;
    made->promoted_max = bundle->bundle->promoted_max;
    made->promoted_node_max = 1;
}

/* Whether the state is of the resource inside or of one of the bundle's
 * implicit resources (named after the bundle and a dash). */
static gboolean belongs(const CsRscState *state, const CsResource *bundle, int inner)
{
    size_t length = strlen(bundle->id);

    return (inner >= 0 && state->rsc == inner)
           || (strncmp(state->rsc_id, bundle->id, length) == 0 && state->rsc_id[length] == '-');
}

/* Whether the history entry records the promoted role: a promote or a
 * demote, or a result saying promoted (8, or 9 when failed promoted). */
static gboolean records_promoted(const CsOpRecord *record)
{
    if (record->operation == NULL)
        return FALSE;
    return strcmp(record->operation, "promote") == 0 || strcmp(record->operation, "demote") == 0
           || record->rc_code == 8 || record->rc_code == 9;
}

gboolean cs_bundle_was_promoted(const CsModel *model, const CsResource *bundle, int inner)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (!belongs(state, bundle, inner))
            continue;
        for (guint k = 0; k < state->history->len; k++)
            if (records_promoted(g_ptr_array_index(state->history, k)))
                return TRUE;
    }
    return FALSE;
}

/* Whether a remote node (not a guest node) with a connection resource
 * is offline and clean. */
static gboolean remote_node_down(const CsModel *model)
{
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (node->type == CS_NODE_REMOTE && node->remote_rsc >= 0 && !node->online
            && !node->unclean)
            return TRUE;
    }
    return FALSE;
}

/* Whether rsc's target-role says Unpromoted (or its legacy name): the
 * model keeps roles above Started for promotable clones only, which
 * neither the bundle nor the resource inside is. */
static gboolean asks_unpromoted(const CsResource *rsc)
{
    const char *value = g_hash_table_lookup(rsc->meta, "target-role");

    return value != NULL && cs_role_parse(value) == CS_ROLE_UNPROMOTED;
}

/* Checked with the oracle: target-role Unpromoted, on the bundle or on
 * the resource inside, makes every instance's promotion score
 * -INFINITY, which the engine does not follow for a fresh instance;
 * Promoted (Pacemaker Explained 2.1, "Resource Meta-Attributes": no
 * limit) changes nothing there. */
gboolean cs_bundle_promote_supported(const CsModel *model, const CsResource *bundle, int inner,
                                     GError **error)
{
    const CsResource *inside = g_ptr_array_index(model->resources, inner);

    if (bundle->bundle->promoted_max == 0)
        return TRUE;
    if (cs_bundle_was_promoted(model, bundle, inner) && remote_node_down(model))
        return cs_engine_refuse(error,
                                "bundle %s: a promotable bundle with a replica recorded "
                                "promoted or demoted, beside a remote node offline and "
                                "clean with a connection, is not modelled yet",
                                bundle->id);
    if (asks_unpromoted(bundle) || asks_unpromoted(inside))
        return cs_engine_refuse(error,
                                "bundle %s: target-role Unpromoted on a promotable "
                                "bundle or its resource inside is not modelled yet",
                                bundle->id);
    return TRUE;
}
