/* bundle.c: bundles, as the scheduler expands and places them.
 *
 * Pacemaker Explained 2.1, "Bundles": a bundle runs `replicas` copies of
 * a container image, at most `replicas-per-host` on one node.  Each
 * replica N is made of implicit resources, named as crm_simulate names
 * them: the container NAME-docker-N (NAME-podman-N, ocf:heartbeat:docker
 * or podman), and with <network ip-range-start> an address
 * NAME-ip-ADDR (ocf:heartbeat:IPaddr2), ADDR counting up from the first.
 * The address runs where its container runs (a colocation at INFINITY).
 *
 * The bundle is placed in one step, as a clone places its instances
 * (engine/clone.c): its own scores (a location on the bundle reaches every
 * implicit resource) are printed as pcmk__bundle_allocate lines with those
 * of each replica's resources, then the containers take their nodes in
 * replica order, each taking its address's preferences along, and then
 * the addresses follow their containers.
 *
 * The implicit resources take the bundle's meta attributes (target-role,
 * is-managed, maintenance), as the oracle shows.
 *
 * Modelled so far: bundles with no resource inside that nothing has run
 * yet (probes that found them stopped aside), named by location
 * constraints, by tickets not limited to a role (a ticket reaches every
 * implicit resource, engine/ticket.c), and by colocations and orders
 * between the bundle and a primitive, either way.  The bundle starts
 * through pseudo-actions of its own, as a clone does, and its start gates
 * only its containers' starts (engine/actions.c, engine/propagate.c).
 * A docker or podman bundle with a resource inside but no <network> is
 * left out altogether, as crm_simulate leaves it out (cs_bundle_is_dropped).
 * cs_bundle_check_supported refuses the rest, naming what is missing.
 */
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/clone_internal.h"

/* Each replica is two resources: a bound keeps a hostile CIB's solve
 * small (doc/DESIGN.md, "Reliability and security"). */
#define CS_BUNDLE_MAX_REPLICAS 10000

static const CsResource *rsc_of(const CsModel *model, int rsc)
{
    return g_ptr_array_index(model->resources, rsc);
}

/* ---- what is modelled ------------------------------------------------- */

static gboolean refuse(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean refuse(GError **error, const char *format, ...)
{
    va_list args;
    g_autofree char *message = NULL;

    va_start(args, format);
    message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED, message);
    return FALSE;
}

/* The resource configured inside the bundle, or -1: in the engine's
 * view the bundle's children are its implicit resources, so it is found
 * by its parent. */
static int inner_resource(const CsModel *model, int bundle)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *info = rsc_of(model, (int)i);

        if (info->parent == bundle && !info->implicit)
            return (int)i;
    }
    return -1;
}

/* Checked with the oracle: Pacemaker 2.1.5 builds no replica at all for
 * a docker or podman bundle with a resource inside but no <network> (its
 * replicas would be guest nodes, reached through the network's control
 * port): crm_simulate leaves the bundle and its resource out, printing
 * neither scores nor actions for them.  Pacemaker Explained 2.1,
 * "Bundles", documents the network's control-port as how the cluster
 * reaches the resource inside. */
gboolean cs_bundle_is_dropped(const CsModel *model, int rsc)
{
    const CsResource *info = rsc_of(model, rsc);
    const CsBundle *bundle = info->bundle;

    return info->kind == CS_RSC_BUNDLE && bundle != NULL && bundle->runtime != NULL
           && !bundle->has_network
           && (strcmp(bundle->runtime, "docker") == 0 || strcmp(bundle->runtime, "podman") == 0)
           && inner_resource(model, rsc) >= 0;
}

static gboolean settings_supported(const CsResource *rsc, GError **error)
{
    const CsBundle *bundle = rsc->bundle;

    if (bundle == NULL || bundle->runtime == NULL)
        return refuse(error,
                      "bundle %s: a bundle without a container "
                      "runtime is not modelled yet",
                      rsc->id);
    if (strcmp(bundle->runtime, "rkt") == 0)
        return refuse(error,
                      "bundle %s: rkt containers are not modelled "
                      "yet",
                      rsc->id);
    if (rsc->children->len > 0 && bundle->has_network)
        return refuse(error,
                      "bundle %s: a resource inside a bundle with a "
                      "network (its replicas are guest nodes NAME-N, its "
                      "resource the instances of NAME-clone) is not "
                      "modelled yet",
                      rsc->id);
    if (bundle->replicas > CS_BUNDLE_MAX_REPLICAS)
        return refuse(error,
                      "bundle %s: more than %d replicas are not "
                      "modelled",
                      rsc->id, CS_BUNDLE_MAX_REPLICAS);
    if (bundle->replicas < 1 || bundle->replicas_per_host < 1 || bundle->promoted_max < 0)
        return refuse(error,
                      "bundle %s: replicas, replicas-per-host or "
                      "promoted-max other than a whole number (at least "
                      "1) are not modelled yet",
                      rsc->id);
    for (int n = 0; bundle->ip_range_start != NULL && n < bundle->replicas; n++) {
        g_autofree char *address = cs_bundle_replica_address(bundle, n);

        if (address == NULL)
            return refuse(error,
                          "bundle %s: ip-range-start %s for %d "
                          "replicas (only IPv4 addresses, counted within "
                          "their third number) is not modelled yet",
                          rsc->id, bundle->ip_range_start, bundle->replicas);
    }
    return TRUE;
}

/* Whether id is one of the names the bundle's implicit resources take:
 * the bundle's id and a dash, then anything. */
static gboolean names_implicit(const CsResource *rsc, const char *id)
{
    size_t length = strlen(rsc->id);

    return strncmp(id, rsc->id, length) == 0 && id[length] == '-';
}

/* The names crm_simulate gives replica n's container and address (NULL
 * without ip-range-start), new. */
static void replica_names(const CsResource *bundle, int n, char **container, char **ip)
{
    g_autofree char *address = cs_bundle_replica_address(bundle->bundle, n);

    *container = g_strdup_printf("%s-%s-%d", bundle->id, bundle->bundle->runtime, n);
    *ip = address != NULL ? g_strdup_printf("%s-ip-%s", bundle->id, address) : NULL;
}

/* id is one of the names the bundle's replicas' resources take now. */
static gboolean is_implicit(const CsResource *rsc, const char *id)
{
    for (int n = 0; n < rsc->bundle->replicas; n++) {
        g_autofree char *container = NULL, *ip = NULL;

        replica_names(rsc, n, &container, &ip);
        if (strcmp(id, container) == 0 || g_strcmp0(id, ip) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Probes that found a replica's resource not running (rc 7, as a
 * cluster records for every resource on every node) change nothing but
 * the probes; any other history (a replica that has run, failed...)
 * needs the implicit resources' parameters for its digests, which are
 * not modelled. */
static gboolean history_supported(const CsModel *model, const CsResource *rsc, GError **error)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc >= 0 || !names_implicit(rsc, state->rsc_id))
            continue;
        if (!is_implicit(rsc, state->rsc_id))
            return refuse(error,
                          "bundle %s: the history of %s, no longer "
                          "one of its resources, is not modelled yet",
                          rsc->id, state->rsc_id);
        for (guint k = 0; k < state->history->len; k++) {
            const CsOpRecord *record = g_ptr_array_index(state->history, k);

            /* An entry without an operation is skipped when Pacemaker
             * unpacks the history, so it changes nothing here either. */
            if (record->operation == NULL)
                continue;
            if (strcmp(record->operation, "monitor") != 0 || record->interval_ms != 0
                || record->rc_code != 7 || record->op_status != 0)
                return refuse(error,
                              "bundle %s: the history of its "
                              "resource %s (other than a probe that found "
                              "it stopped) is not modelled yet",
                              rsc->id, state->rsc_id);
        }
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc < 0 && names_implicit(rsc, fail->rsc_id))
            return refuse(error,
                          "bundle %s: fail counts of its resource "
                          "%s are not modelled yet",
                          rsc->id, fail->rsc_id);
    }
    return TRUE;
}

/* "primitive with bundle" or "bundle with primitive": the other side a
 * primitive of its own, roles and node attribute left as they come.
 * One side needing less than the other (requires) may start where the
 * other cannot: crm_simulate then blocks it "due to colocation with" the
 * other, which the engine does not follow for any resource yet (oracle:
 * no quorum, requires=nothing), so both must require the same. */
static gboolean colocation_supported(const CsModel *model, const CsColocation *coloc, int bundle)
{
    int other_index = coloc->rsc == bundle ? coloc->with_rsc : coloc->rsc;
    const CsResource *other = rsc_of(model, other_index);

    return other_index != bundle && other->kind == CS_RSC_PRIMITIVE && other->parent < 0
           && g_strcmp0(other->requires, rsc_of(model, bundle)->requires) == 0
           && coloc->rsc_role == CS_ROLE_UNKNOWN && coloc->with_role == CS_ROLE_UNKNOWN
           && (coloc->node_attribute == NULL || strcmp(coloc->node_attribute, "#uname") == 0);
}

/* An order of starts (and the stops of its inverse) between the bundle
 * and a primitive of its own, outside sets, mandatory or optional. */
static gboolean order_supported(const CsModel *model, const CsOrder *order, int bundle)
{
    int other_index = order->first == bundle ? order->then : order->first;
    const CsResource *other = rsc_of(model, other_index);
    const char *task = order->inverse ? "stop" : "start";

    return other_index != bundle && other->kind == CS_RSC_PRIMITIVE && other->parent < 0
           && order->set_id == NULL && order->require_all_group < 0
           && order->kind != CS_ORDER_SERIALIZE && g_strcmp0(order->first_action, task) == 0
           && g_strcmp0(order->then_action, task) == 0;
}

static gboolean constraints_supported(const CsModel *model, int bundle, GError **error)
{
    const char *id = rsc_of(model, bundle)->id;

    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == bundle && location->role != CS_ROLE_UNKNOWN)
            return refuse(error,
                          "bundle %s: a location constraint with a "
                          "role (%s) is not modelled yet",
                          id, location->id);
    }
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if ((coloc->rsc == bundle || coloc->with_rsc == bundle)
            && !colocation_supported(model, coloc, bundle))
            return refuse(error,
                          "bundle %s: colocations with bundles "
                          "(%s) are not modelled yet, but between a bundle "
                          "and a primitive outside any group or clone, by "
                          "node name, with no role, requiring what the "
                          "bundle requires",
                          id, coloc->id);
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if ((order->first == bundle || order->then == bundle)
            && !order_supported(model, order, bundle))
            return refuse(error,
                          "bundle %s: orders with bundles (%s) are "
                          "not modelled yet, but for starts between a "
                          "bundle and a primitive outside any group or "
                          "clone, mandatory or optional, outside sets",
                          id, order->id);
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (ticket->rsc == bundle && ticket->rsc_role != CS_ROLE_UNKNOWN)
            return refuse(error,
                          "bundle %s: tickets for a role of a bundle "
                          "(%s) are not modelled yet",
                          id, ticket->id);
    }
    return TRUE;
}

static gboolean cluster_supported(const CsModel *model, const char *id, GError **error)
{
    if (model->options.placement_strategy != CS_PLACEMENT_DEFAULT)
        return refuse(error,
                      "bundle %s: bundles with a placement-strategy "
                      "other than default are not modelled yet",
                      id);
    if (model->features & (CS_FEATURE_REMOTE_NODE | CS_FEATURE_GUEST_NODE))
        return refuse(error,
                      "bundle %s: bundles in a cluster with remote "
                      "or guest nodes are not modelled yet",
                      id);
    return TRUE;
}

static gboolean mentions(int rsc, int bundle, int inner)
{
    return rsc >= 0 && (rsc == bundle || rsc == inner);
}

static gboolean constrained(const CsModel *model, int bundle, int inner)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (mentions(location->rsc, bundle, inner))
            return TRUE;
    }
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if (mentions(coloc->rsc, bundle, inner) || mentions(coloc->with_rsc, bundle, inner))
            return TRUE;
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if (mentions(order->first, bundle, inner) || mentions(order->then, bundle, inner))
            return TRUE;
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (mentions(ticket->rsc, bundle, inner))
            return TRUE;
    }
    return FALSE;
}

static gboolean has_history(const CsModel *model, const CsResource *rsc, int inner)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == inner || names_implicit(rsc, state->rsc_id))
            return TRUE;
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc == inner || names_implicit(rsc, fail->rsc_id))
            return TRUE;
    }
    return FALSE;
}

/* A dropped bundle is answered only when nothing else could see it: what
 * crm_simulate does with constraints or histories naming resources it
 * left out is not modelled. */
static gboolean dropped_supported(const CsModel *model, int bundle, GError **error)
{
    const CsResource *rsc = rsc_of(model, bundle);
    int inner = inner_resource(model, bundle);

    if (constrained(model, bundle, inner))
        return refuse(error,
                      "bundle %s: constraints with a bundle that has "
                      "a resource inside but no network (Pacemaker leaves "
                      "both out) are not modelled yet",
                      rsc->id);
    if (has_history(model, rsc, inner))
        return refuse(error,
                      "bundle %s: the history of a bundle that has a "
                      "resource inside but no network (Pacemaker leaves "
                      "both out) is not modelled yet",
                      rsc->id);
    return TRUE;
}

gboolean cs_bundle_check_supported(const CsModel *model, GError **error)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = rsc_of(model, (int)i);

        if (rsc->kind != CS_RSC_BUNDLE)
            continue;
        if (rsc->parent >= 0)
            return refuse(error,
                          "bundle %s inside another resource is not "
                          "modelled",
                          rsc->id);
        if (!settings_supported(rsc, error))
            return FALSE;
        if (cs_bundle_is_dropped(model, (int)i)) {
            if (!dropped_supported(model, (int)i, error))
                return FALSE;
            continue;
        }
        if (!history_supported(model, rsc, error) || !constraints_supported(model, (int)i, error)
            || !cluster_supported(model, rsc->id, error))
            return FALSE;
    }
    return TRUE;
}

/* ---- the implicit resources ------------------------------------------- */

/* Replica n's resources, in the order crm_simulate lists them in the
 * Transition Summary: its address (when the network gives one), then
 * its container, whose agent is the runtime's name (docker, podman). */
static void add_replica(CsExpansion *expansion, int bundle, int n)
{
    const CsResource *info = rsc_of(cs_expansion_model(expansion), bundle);
    g_autofree char *container = NULL, *ip = NULL;

    replica_names(info, n, &container, &ip);
    if (ip != NULL)
        cs_expansion_add_implicit(expansion, bundle, ip, "heartbeat", "IPaddr2");
    cs_expansion_add_implicit(expansion, bundle, container, "heartbeat", info->bundle->runtime);
}

/* The bundle's children in the view, replica by replica. */
void cs_bundle_expand(CsExpansion *expansion, int bundle)
{
    const CsModel *view = cs_expansion_model(expansion);
    const CsResource *info = rsc_of(view, bundle);

    if (cs_bundle_is_dropped(view, bundle))
        return;
    for (int n = 0; n < info->bundle->replicas; n++)
        add_replica(expansion, bundle, n);
}

/* A history of an implicit resource (the model knows none: it reads them
 * as orphans) belongs to it. */
int cs_bundle_implicit(CsExpansion *expansion, const char *id)
{
    const CsModel *view = cs_expansion_model(expansion);

    for (guint i = 0; i < view->resources->len; i++) {
        const CsResource *info = rsc_of(view, (int)i);

        if (info->kind != CS_RSC_BUNDLE)
            continue;
        for (guint k = 0; k < info->children->len; k++) {
            const CsResource *child = rsc_of(view, g_array_index(info->children, int, k));

            if (strcmp(child->id, id) == 0)
                return child->index;
        }
    }
    return -1;
}

/* How many resources each replica has among the bundle's children. */
static int replica_size(const CsResource *info)
{
    return info->bundle->ip_range_start != NULL ? 2 : 1;
}

static int replica_container(const CsResource *info, int n)
{
    int size = replica_size(info);

    return g_array_index(info->children, int, n *size + size - 1);
}

static int replica_address(const CsResource *info, int n)
{
    if (replica_size(info) < 2)
        return -1;
    return g_array_index(info->children, int, n * 2);
}

gboolean cs_bundle_is_container(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution->model, rsc);
    const CsResource *bundle;

    if (info->parent < 0)
        return FALSE;
    bundle = rsc_of(solution->model, info->parent);
    return bundle->kind == CS_RSC_BUNDLE && bundle->bundle != NULL
           && g_strcmp0(info->type, bundle->bundle->runtime) == 0;
}

/* The address runs where its container runs. */
void cs_bundle_add_colocations(CsSolution *solution, int bundle)
{
    const CsResource *info = rsc_of(solution->model, bundle);

    if (cs_bundle_is_dropped(solution->model, bundle))
        return;
    for (int n = 0; n < info->bundle->replicas; n++) {
        int address = replica_address(info, n);

        if (address >= 0)
            cs_coloc_add_internal(solution, "ip-with-container", address,
                                  replica_container(info, n), TRUE);
    }
}

/* ---- placement -------------------------------------------------------- */

static void print_bundle_table(CsSolution *solution, int rsc)
{
    CsRscWork *work = &solution->work[rsc];

    if (work->bundle_printed == NULL)
        work->bundle_printed = g_ptr_array_new_with_free_func((GDestroyNotify)cs_table_free);
    g_ptr_array_add(work->bundle_printed, cs_table_copy(work->table));
    cs_print_log(solution, CS_PRINT_BUNDLE, rsc);
}

int cs_bundle_assign(CsSolution *solution, int bundle)
{
    const CsResource *info = rsc_of(solution->model, bundle);
    CsRscWork *work = &solution->work[bundle];
    g_autoptr(GArray) containers = g_array_new(FALSE, FALSE, sizeof(int));

    if (work->allocating)
        return -1;
    if (cs_bundle_is_dropped(solution->model, bundle)) {
        work->provisional = FALSE;
        return -1;
    }
    /* crm_simulate prints the bundle's scores, then each replica's
     * container's and address's, whenever the bundle is asked for its
     * node: again when a dependent asked first (checked with the oracle:
     * the second print shows the scores the assignment left). */
    print_bundle_table(solution, bundle);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int container = replica_container(info, n);
        int address = replica_address(info, n);

        print_bundle_table(solution, container);
        if (address >= 0)
            print_bundle_table(solution, address);
        g_array_append_val(containers, container);
    }
    if (!work->provisional)
        return -1;
    work->allocating = TRUE;
    /* Its primaries first; each container takes the bundle's colocations
     * as a clone instance takes its clone's (engine/clone.c). */
    for (guint i = 0; i < work->this_with->len; i++)
        cs_assign(solution, ((const CsColoc *)g_ptr_array_index(work->this_with, i))->primary);
    cs_table_free(work->printed);
    work->printed = cs_table_copy(work->table);
    cs_clone_distribute(solution, bundle, containers, info->bundle->replicas,
                        info->bundle->replicas_per_host);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int address = replica_address(info, n);

        if (address >= 0)
            cs_assign(solution, address);
    }
    work->allocating = FALSE;
    work->provisional = FALSE;
    return -1;
}

/* ---- colocations with a bundle ---------------------------------------- */

/* Pacemaker Explained 2.1, "Bundles": a resource colocated with a bundle
 * is colocated with its replicas' containers.  At INFINITY the dependent
 * may run only where a container runs; otherwise each container's node
 * takes the score, replica by replica (as with a clone's instances,
 * engine/clone.c; checked with the oracle). */
void cs_bundle_apply_coloc(CsSolution *solution, int dependent, int bundle, const CsColoc *coloc)
{
    const CsResource *info = rsc_of(solution->model, bundle);
    CsTable *table = solution->work[dependent].table;
    g_autofree gboolean *hosts = NULL;

    if (solution->work[bundle].provisional)
        return;
    if (coloc->score < CS_INFINITY) {
        for (int n = 0; n < info->bundle->replicas; n++)
            cs_apply_coloc_score(solution, dependent, replica_container(info, n), coloc);
        return;
    }
    hosts = g_new0(gboolean, solution->n_nodes);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int node = solution->work[replica_container(info, n)].assigned;

        if (node >= 0)
            hosts[node] = TRUE;
    }
    for (int node = 0; node < solution->n_nodes; node++) {
        if (hosts[node] == table->allowed[node])
            continue;
        cs_table_add(table, node,
                     &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                       .source = coloc->id,
                                       .other_rsc = bundle,
                                       .value = -CS_INFINITY});
    }
}
