/* explain.c: why a resource is placed where it is, as text (the CLI's
 * `explain FILE RSC [NODE]` and the command language's `explain`).
 *
 * Built only from what the engine records and exposes (engine.h): the
 * score of every node with the contributions that make it, the
 * promotion score for promotable clones, a clone's instances, and the
 * transition's lines for the resource.  The engine computes; this file
 * only words the answer (doc/DESIGN.md, "Folders").
 */
#include "explain/explain.h"

static void explain_contribution(const CsSolution *solution, const CsContribution *why,
                                 GString *out)
{
    char buf[CS_SCORE_BUFSIZE];

    g_string_append_printf(out, "      %-10s %s", cs_score_format(why->value, buf),
                           cs_contribution_kind_name(why->kind));
    if (why->source != NULL)
        g_string_append_printf(out, " %s", why->source);
    if (why->other_rsc >= 0) {
        const CsResource *other =
            g_ptr_array_index(cs_solution_model(solution)->resources, why->other_rsc);

        g_string_append_printf(out, " (%s", other->id);
        if (why->kind == CS_CONTRIB_COLOCATED)
            g_string_append_printf(out, " x %g", why->factor);
        g_string_append(out, ")");
    }
    if (why->kind == CS_CONTRIB_FAIL_LIMIT)
        g_string_append_printf(out, " (fail count %d >= threshold %d)", why->count, why->threshold);
    g_string_append_c(out, '\n');
}

/* The bundle whose replica node is the guest node of, or NULL. */
static const CsResource *guest_bundle(const CsModel *model, const CsNode *node)
{
    const CsResource *link, *parent;

    if (node->type != CS_NODE_GUEST || node->remote_rsc < 0)
        return NULL;
    link = g_ptr_array_index(model->resources, node->remote_rsc);
    if (link->parent < 0)
        return NULL;
    parent = g_ptr_array_index(model->resources, link->parent);
    return parent->kind == CS_RSC_BUNDLE ? parent : NULL;
}

/* Why a node has no score for rsc (Pacemaker Explained 2.1, "Bundles":
 * a replica's guest node runs only the resource inside the bundle, each
 * instance on its own replica's node). */
char *cs_explain_unlisted_reason(const CsSolution *solution, int rsc, int node)
{
    const CsModel *model = cs_solution_model(solution);
    const CsResource *bundle = guest_bundle(model, g_ptr_array_index(model->nodes, node));
    const CsResource *info = g_ptr_array_index(model->resources, rsc);
    const CsResource *parent =
        info->parent >= 0 ? g_ptr_array_index(model->resources, info->parent) : NULL;
    const CsResource *holder = parent != NULL && parent->parent >= 0
                                   ? g_ptr_array_index(model->resources, parent->parent)
                                   : NULL;

    if (bundle != NULL)
        return g_strdup_printf("a guest node of bundle %s: only the resource inside it runs there",
                               bundle->id);
    if (holder != NULL && holder->kind == CS_RSC_BUNDLE)
        return g_strdup_printf("an instance inside bundle %s runs only on its replica's guest node",
                               holder->id);
    return g_strdup("opt-in cluster, no location for it");
}

static void explain_unlisted(const CsSolution *solution, int rsc, const CsNode *node, GString *out)
{
    g_autofree char *reason = cs_explain_unlisted_reason(solution, rsc, node->index);
    g_string_append_printf(out, "  %s: not allowed (%s)\n", node->uname, reason);
}

static void explain_node(const CsSolution *solution, int rsc, int node, GString *out)
{
    const CsNode *info = g_ptr_array_index(cs_solution_model(solution)->nodes, node);
    const CsContribution *list;
    char buf[CS_SCORE_BUFSIZE];
    int n;

    if (!cs_solution_scored(solution, rsc, node)) {
        explain_unlisted(solution, rsc, info, out);
        return;
    }
    g_string_append_printf(
        out, "  %s: %s%s%s\n", info->uname,
        cs_score_format(cs_solution_score(solution, rsc, node), buf),
        node == cs_solution_assigned_node(solution, rsc) ? "  <- assigned" : "",
        cs_solution_node_available(solution, node) ? "" : "  (node cannot run resources)");
    list = cs_solution_contributions(solution, rsc, node, &n);
    if (n == 0)
        g_string_append(out, "      0          default\n");
    for (int i = 0; i < n; i++)
        explain_contribution(solution, &list[i], out);
}

static const char *node_name(const CsSolution *solution, int node)
{
    return node >= 0 ? ((const CsNode *)g_ptr_array_index(cs_solution_model(solution)->nodes, node))
                           ->uname
                     : "none";
}

static const char *rsc_name(const CsSolution *solution, int rsc)
{
    return ((const CsResource *)g_ptr_array_index(cs_solution_model(solution)->resources, rsc))->id;
}

/* An instance's promotion priority, indented under its line. */
static void explain_priority(const CsSolution *solution, int rsc, GString *out)
{
    const CsContribution *list;
    int n;

    list = cs_solution_promotion_priority(solution, rsc, &n);
    for (int i = 0; i < n; i++) {
        g_string_append(out, "    ");
        explain_contribution(solution, &list[i], out);
    }
}

/* Pacemaker Explained 2.1, "Promotable clones": the promotion score decides which instances
 * of a promotable clone are promoted, highest first. */
static void explain_promotion(const CsSolution *solution, int rsc, GString *out)
{
    const CsContribution *list;
    char buf[CS_SCORE_BUFSIZE];
    CsScore score;
    int node, n;

    if (!cs_solution_promotion_score(solution, rsc, &node, &score))
        return;
    g_string_append_printf(out, "  promotion score on %s: %s  -> %s\n", node_name(solution, node),
                           cs_score_format(score, buf),
                           cs_role_name(cs_solution_next_role(solution, rsc)));
    list = cs_solution_promotion_contributions(solution, rsc, &n);
    for (int i = 0; i < n; i++)
        if (list[i].kind == CS_CONTRIB_PROMOTION && list[i].other_rsc >= 0) {
            g_string_append(out, "      (the clone's score on the node with "
                                 "the promotion priorities of its instances "
                                 "there)\n");
            break;
        }
    if (n == 0)
        g_string_append_printf(out, "      %-10s %s\n", "0",
                               node < 0 ? "not placed: no promotion" : "default");
    for (int i = 0; i < n; i++) {
        explain_contribution(solution, &list[i], out);
        if (list[i].kind == CS_CONTRIB_PROMOTION && list[i].other_rsc >= 0)
            explain_priority(solution, list[i].other_rsc, out);
    }
}

/* A clone: where each instance will run, in which role; a bundle: each
 * of its replicas' resources. */
static void explain_instances(const CsSolution *solution, const CsResource *clone, GString *out)
{
    g_string_append(out,
                    clone->kind == CS_RSC_BUNDLE ? "  replicas' resources:\n" : "  instances:\n");
    for (guint i = 0; i < clone->children->len; i++) {
        int each = g_array_index(clone->children, int, i);
        int node = cs_solution_assigned_node(solution, each);
        CsScore score;
        int promoted_on;
        char buf[CS_SCORE_BUFSIZE];
        const CsResource *child = g_ptr_array_index(cs_solution_model(solution)->resources, each);

        /* an orphan no history shows active is shown nowhere */
        if (cs_solution_is_hidden_orphan(solution, each))
            continue;
        /* a bundle's resource inside: the clone's instances, each on its
         * replica's guest node */
        if (clone->kind == CS_RSC_BUNDLE && child->kind == CS_RSC_CLONE) {
            for (guint k = 0; k < child->children->len; k++) {
                int instance = g_array_index(child->children, int, k);
                int where = cs_solution_assigned_node(solution, instance);

                g_string_append_printf(out, "    %s (in %s): %s\n", rsc_name(solution, instance),
                                       child->id,
                                       where >= 0 ? node_name(solution, where) : "stopped");
            }
            continue;
        }
        g_string_append_printf(out, "    %s: %s%s", rsc_name(solution, each),
                               node >= 0 ? node_name(solution, node) : "stopped",
                               cs_solution_is_orphan(solution, each) ? " (orphan: beyond clone-max)"
                                                                     : "");
        if (clone->promotable && node >= 0)
            g_string_append_printf(out, " (%s)",
                                   cs_role_name(cs_solution_next_role(solution, each)));
        if (cs_solution_promotion_score(solution, each, &promoted_on, &score))
            g_string_append_printf(out, ", promotion score %s", cs_score_format(score, buf));
        g_string_append_c(out, '\n');
    }
}

/* A bundle is placed as its replicas' containers (Pacemaker Explained
 * 2.1, "Bundles"): how many of them have a node. */
static void explain_bundle_header(const CsSolution *solution, const CsResource *bundle,
                                  GString *out)
{
    int placed = 0;

    for (guint i = 0; i < bundle->children->len; i++) {
        int each = g_array_index(bundle->children, int, i);
        const CsResource *child = g_ptr_array_index(cs_solution_model(solution)->resources, each);

        if (g_strcmp0(child->type, bundle->bundle->runtime) == 0)
            placed += cs_solution_assigned_node(solution, each) >= 0;
    }
    g_string_append_printf(out,
                           "%s: bundle, %d of %d replicas placed (its "
                           "own allocation scores below)\n",
                           bundle->id, placed, bundle->bundle->replicas);
}

/* Pacemaker Explained 2.1, "Bundles": the resource inside a bundle is
 * reached through the bundle's network; without one Pacemaker 2.1.5
 * builds no replica (checked with crm_simulate), so the bundle and its
 * resource are never placed. */
static gboolean explain_left_out(const CsSolution *solution, const CsResource *info, GString *out)
{
    int bundle = cs_solution_left_out_bundle(solution, info->index);
    const CsResource *bundle_info;

    if (bundle < 0)
        return FALSE;
    bundle_info = g_ptr_array_index(cs_solution_model(solution)->resources, bundle);
    g_string_append_printf(out,
                           "%s: never placed: bundle %s has a "
                           "resource inside but no <network>, and "
                           "Pacemaker leaves it out (no replica, no "
                           "scores, no actions)\n",
                           info->id, bundle_info->id);
    return TRUE;
}

/* The transition's lines for rsc.  The assignment alone can mislead: a
 * resource assigned where it runs still stops when an order leaves its
 * start unrunnable (Pacemaker Explained 2.1, "Specifying the Order..."),
 * and crm_simulate says so only in the Transition Summary. */
static void explain_next_actions(const CsSolution *solution, int rsc, GString *out)
{
    g_autoptr(GPtrArray) actions = cs_solution_actions(solution);

    for (guint i = 0; i < actions->len; i++) {
        const CsPlannedAction *item = g_ptr_array_index(actions, i);

        if (item->rsc != rsc)
            continue;
        g_string_append_printf(out, "  next: %s", cs_action_kind_name(item->kind));
        if (item->from_node >= 0)
            g_string_append_printf(out, " from %s", node_name(solution, item->from_node));
        if (item->to_node >= 0 && item->to_node != item->from_node)
            g_string_append_printf(out, " to %s", node_name(solution, item->to_node));
        if (item->reason != NULL)
            g_string_append_printf(out, " due to %s", item->reason);
        g_string_append(out, item->blocked ? " (blocked)\n" : "\n");
    }
}

gboolean cs_solution_explain(const CsSolution *solution, const char *rsc, const char *node,
                             GString *out, GError **error)
{
    const CsResource *info = cs_model_resource(cs_solution_model(solution), rsc);
    const CsNode *node_info = NULL;
    int assigned;

    if (info == NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED, "no resource named %s",
                    rsc);
        return FALSE;
    }
    if (node != NULL && (node_info = cs_model_node(cs_solution_model(solution), node)) == NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED, "no node named %s", node);
        return FALSE;
    }
    if (explain_left_out(solution, info, out))
        return TRUE;
    /* A clone's configured child is only copied by its instances. */
    if (cs_solution_is_template(solution, info->index)) {
        const CsResource *clone = info;

        while (clone->parent >= 0 && clone->kind != CS_RSC_CLONE)
            clone = g_ptr_array_index(cs_solution_model(solution)->resources, clone->parent);
        g_string_append_printf(out,
                               "%s: configured in clone %s, placed "
                               "as its instances (%s:0, %s:1, ...)\n",
                               info->id, clone->id, info->id, info->id);
        if (clone->kind == CS_RSC_CLONE)
            explain_instances(solution, clone, out);
        return TRUE;
    }
    assigned = cs_solution_assigned_node(solution, info->index);
    if (info->kind == CS_RSC_CLONE) {
        int placed = 0, promoted = 0, configured = 0;

        for (guint i = 0; i < info->children->len; i++) {
            int each = g_array_index(info->children, int, i);

            /* Orphans (histories beyond clone-max) only stop. */
            configured += !cs_solution_is_orphan(solution, each);
            placed += cs_solution_assigned_node(solution, each) >= 0;
            promoted += cs_solution_next_role(solution, each) == CS_ROLE_PROMOTED;
        }
        g_string_append_printf(out, "%s: clone, %d of %d instances placed", info->id, placed,
                               configured);
        if (info->promotable)
            g_string_append_printf(out, ", %d promoted", promoted);
        g_string_append(out, " (its own allocation scores below)\n");
    } else if (info->kind == CS_RSC_BUNDLE && info->bundle != NULL) {
        explain_bundle_header(solution, info, out);
    } else {
        g_string_append_printf(out, "%s: %s\n", info->id,
                               assigned >= 0 ? ((const CsNode *)g_ptr_array_index(
                                                    cs_solution_model(solution)->nodes, assigned))
                                                   ->uname
                                             : "stopped (no node with a non-negative score "
                                               "can run it)");
    }
    for (int each = 0; each < (int)cs_solution_model(solution)->nodes->len; each++) {
        if (node_info == NULL || node_info->index == each)
            explain_node(solution, info->index, each, out);
    }
    explain_promotion(solution, info->index, out);
    if (info->kind == CS_RSC_CLONE || info->kind == CS_RSC_BUNDLE)
        explain_instances(solution, info, out);
    else
        explain_next_actions(solution, info->index, out);
    return TRUE;
}
