/* bundle.c: a <bundle>'s own settings.
 *
 * Pacemaker Explained 2.1, "Bundles": a bundle names one container
 * runtime element (docker, podman or rkt) with its image and how many
 * replicas to run (replicas, default promoted-max when that is set, else
 * 1; replicas-per-host, default 1; promoted-max, default 0, formerly
 * "masters"), a <network> (ip-range-start, host-interface, host-netmask,
 * control-port, add-host, port-mapping) and a <storage> of
 * storage-mappings.  The scheduler turns them into implicit resources
 * (engine/bundle.c); here they are read, and turned into the parameters
 * those resources take (their operation digests are compared with them).
 */
#include <stdlib.h>
#include <string.h>

#include "model/model_internal.h"

static const char *const runtimes[] = {"docker", "podman", "rkt", NULL};

/* A whole non-negative number, or fallback when absent; -1 when the
 * text is not one (the engine refuses such a bundle). */
static int read_count(const xmlNode *element, const char *name, int fallback)
{
    const char *text = element != NULL ? cs_xml_attr(element, name) : NULL;
    guint64 value;

    if (text == NULL)
        return fallback;
    if (!g_ascii_string_to_unsigned(text, 10, 0, G_MAXINT, &value, NULL))
        return -1;
    return (int)value;
}

static char *dup_attr(const xmlNode *element, const char *name)
{
    return element != NULL ? g_strdup(cs_xml_attr(element, name)) : NULL;
}

static void port_free(CsBundlePort *port)
{
    g_free(port->id);
    g_free(port->port);
    g_free(port->internal_port);
    g_free(port->range);
    g_free(port);
}

static void storage_free(CsBundleStorage *storage)
{
    g_free(storage->source);
    g_free(storage->source_root);
    g_free(storage->target);
    g_free(storage->options);
    g_free(storage);
}

static void read_runtime(CsBundle *bundle, const xmlNode *element)
{
    int promoted;

    bundle->runtime = g_strdup((const char *)element->name);
    bundle->image = dup_attr(element, "image");
    bundle->network_mode = dup_attr(element, "network");
    bundle->run_command_set = cs_xml_attr(element, "run-command") != NULL;
    bundle->run_command = dup_attr(element, "run-command");
    bundle->options = dup_attr(element, "options");
    promoted = read_count(element, "promoted-max", -2);
    if (promoted == -2)
        promoted = read_count(element, "masters", 0);
    bundle->promoted_max = promoted;
    bundle->replicas = read_count(element, "replicas", promoted > 0 ? promoted : 1);
    bundle->replicas_per_host = read_count(element, "replicas-per-host", 1);
}

static void read_network(CsBundle *bundle, const xmlNode *element)
{
    const char *add_host = cs_xml_attr(element, "add-host");

    bundle->has_network = TRUE;
    bundle->ip_range_start = dup_attr(element, "ip-range-start");
    bundle->host_interface = dup_attr(element, "host-interface");
    bundle->host_netmask = dup_attr(element, "host-netmask");
    bundle->control_port = read_count(element, "control-port", 3121);
    bundle->control_given = cs_xml_attr(element, "control-port") != NULL;
    bundle->add_host = add_host == NULL || cs_text_is_true(add_host);
    for (xmlNode *child = cs_xml_first_element(element); child != NULL;
         child = cs_xml_next_element(child)) {
        CsBundlePort *port;

        if (!cs_xml_is(child, "port-mapping"))
            continue;
        port = g_new0(CsBundlePort, 1);
        port->id = dup_attr(child, "id");
        port->port = dup_attr(child, "port");
        port->internal_port = dup_attr(child, "internal-port");
        port->range = dup_attr(child, "range");
        g_ptr_array_add(bundle->ports, port);
    }
}

static void read_storage(CsBundle *bundle, const xmlNode *element)
{
    for (xmlNode *child = cs_xml_first_element(element); child != NULL;
         child = cs_xml_next_element(child))
        if (cs_xml_is(child, "storage-mapping")) {
            CsBundleStorage *storage = g_new0(CsBundleStorage, 1);

            storage->source = dup_attr(child, "source-dir");
            storage->source_root = dup_attr(child, "source-dir-root");
            storage->target = dup_attr(child, "target-dir");
            storage->options = dup_attr(child, "options");
            g_ptr_array_add(bundle->storage, storage);
            bundle->n_storage++;
        }
}

/* Returns a new bundle (one reference). */
CsBundle *cs_bundle_unpack(CsModel *model, const xmlNode *xml)
{
    CsBundle *bundle = g_new0(CsBundle, 1);

    bundle->refs = 1;
    bundle->replicas = 1;
    bundle->replicas_per_host = 1;
    bundle->control_port = 3121;
    bundle->add_host = TRUE;
    bundle->ports = g_ptr_array_new_with_free_func((GDestroyNotify)port_free);
    bundle->storage = g_ptr_array_new_with_free_func((GDestroyNotify)storage_free);
    for (xmlNode *child = cs_xml_first_element(xml); child != NULL;
         child = cs_xml_next_element(child)) {
        if (g_strv_contains(runtimes, (const char *)child->name)) {
            if (bundle->runtime == NULL)
                read_runtime(bundle, child);
        } else if (cs_xml_is(child, "network")) {
            read_network(bundle, child);
        } else if (cs_xml_is(child, "storage")) {
            read_storage(bundle, child);
        }
    }
    if (bundle->runtime == NULL)
        cs_model_warn(model,
                      "bundle %s has no container runtime "
                      "(docker, podman or rkt)",
                      cs_xml_attr(xml, "id"));
    return bundle;
}

/* Pacemaker Explained 2.1, "Bundles" (ip-range-start): replica n takes
 * the n-th address after the first.  Counted as crm_simulate 2.1.5 counts
 * (checked with the oracle): the last number runs from 1 to 254, then
 * the third goes up by one and the last starts again at 1.  Only plain
 * dotted IPv4 addresses are counted, and not past the third number's
 * 255 nor from a last number of 0 or 255; the result is new, or NULL. */
char *cs_bundle_replica_address(const CsBundle *bundle, int n)
{
    g_auto(GStrv) parts = NULL;
    guint64 octet[4];

    if (bundle->ip_range_start == NULL || n < 0)
        return NULL;
    parts = g_strsplit(bundle->ip_range_start, ".", -1);
    if (g_strv_length(parts) != 4)
        return NULL;
    for (int i = 0; i < 4; i++)
        if (!g_ascii_string_to_unsigned(parts[i], 10, 0, 255, &octet[i], NULL))
            return NULL;
    if (n > 0 && (octet[3] == 0 || octet[3] == 255))
        return NULL;
    if (n > 0) {
        guint64 past_first = octet[3] - 1 + (guint64)n;

        octet[3] = past_first % 254 + 1;
        octet[2] += past_first / 254;
        if (octet[2] > 255)
            return NULL;
    }
    return g_strdup_printf("%u.%u.%u.%u", (guint)octet[0], (guint)octet[1], (guint)octet[2],
                           (guint)octet[3]);
}

/* ---- the implicit resources' parameters ---------------------------------
 * Pacemaker Explained 2.1, "Bundles": the cluster runs each replica's
 * container through an implicit ocf:heartbeat:docker (or podman)
 * resource and its address through ocf:heartbeat:IPaddr2, with
 * parameters it makes from the bundle's settings.  Their digests are
 * compared with the recorded ones as any resource's (Pacemaker Explained
 * 2.1, "Reloading Agents"), so they are made here exactly as crm_simulate
 * 2.1.5 makes them (read from the parameters of its transition graph). */

static void table_set(GHashTable *table, const char *name, char *value)
{
    g_hash_table_insert(table, g_strdup(name), value);
}

/* Whether every storage and port mapping says what Pacemaker needs. */
static gboolean mappings_known(const CsBundle *bundle)
{
    for (guint i = 0; i < bundle->storage->len; i++) {
        const CsBundleStorage *storage = g_ptr_array_index(bundle->storage, i);

        if ((storage->source == NULL) == (storage->source_root == NULL) || storage->target == NULL)
            return FALSE;
    }
    for (guint i = 0; i < bundle->ports->len; i++) {
        const CsBundlePort *port = g_ptr_array_index(bundle->ports, i);

        if ((port->port == NULL) == (port->range == NULL))
            return FALSE;
    }
    return TRUE;
}

/* " -v SOURCE:TARGET[:OPTIONS]" per storage mapping, and the per-replica
 * directories (source-dir-root) in mount_points. */
static void add_storage(const CsBundle *bundle, const char *guest, GString *opts, GString *mounts)
{
    for (guint i = 0; i < bundle->storage->len; i++) {
        const CsBundleStorage *storage = g_ptr_array_index(bundle->storage, i);
        g_autofree char *source = storage->source != NULL
                                      ? g_strdup(storage->source)
                                      : g_strdup_printf("%s/%s", storage->source_root, guest);

        g_string_append_printf(opts, " -v %s:%s", source, storage->target);
        if (storage->options != NULL)
            g_string_append_printf(opts, ":%s", storage->options);
        if (storage->source_root != NULL)
            g_string_append_printf(mounts, "%s%s", mounts->len > 0 ? "," : "", source);
    }
}

/* " -p [ADDRESS:]PORT:INTERNAL" per port mapping (a range maps to
 * itself). */
static void add_ports(const CsBundle *bundle, const char *address, GString *opts)
{
    g_autofree char *prefix = address != NULL ? g_strdup_printf("%s:", address) : g_strdup("");

    for (guint i = 0; i < bundle->ports->len; i++) {
        const CsBundlePort *port = g_ptr_array_index(bundle->ports, i);

        if (port->range != NULL)
            g_string_append_printf(opts, " -p %s%s:%s", prefix, port->range, port->range);
        else
            g_string_append_printf(opts, " -p %s%s:%s", prefix, port->port,
                                   port->internal_port != NULL ? port->internal_port : port->port);
    }
}

/* Every replica's name and address, as the container's hosts file
 * takes them (crm_simulate 2.1.5 writes --hosts-entry when add-host is
 * false). */
static void add_hosts(const CsBundle *bundle, const char *id, GString *opts)
{
    for (int k = 0; k < bundle->replicas; k++) {
        g_autofree char *address = cs_bundle_replica_address(bundle, k);

        if (bundle->add_host)
            g_string_append_printf(opts, " --add-host=%s-%d:%s", id, k, address);
        else
            g_string_append_printf(opts, " --hosts-entry=%s=%s-%d", address, id, k);
    }
}

/* Pacemaker Explained 2.1, "Bundles": a container on the host's network
 * (network "host") without ip-range-start shares the host's ports, so
 * no port mapping is passed, the control port's neither (checked with
 * the oracle: the corpus' recorded container digests match only so). */
static gboolean maps_ports(const CsBundle *bundle, const char *address)
{
    return address != NULL || bundle->network_mode == NULL
           || g_ascii_strcasecmp(bundle->network_mode, "host") != 0;
}

static char *run_options(const CsBundle *bundle, const char *id, int n, gboolean guests,
                         GString *mounts)
{
    g_autofree char *guest = g_strdup_printf("%s-%d", id, n);
    g_autofree char *address = cs_bundle_replica_address(bundle, n);
    GString *opts = g_string_new(NULL);

    if (strcmp(bundle->runtime, "docker") == 0)
        g_string_append(opts, " --restart=no");
    if (address != NULL)
        g_string_append_printf(opts, " -h %s", guest);
    g_string_append(opts, " -e PCMK_stderr=1");
    if (bundle->network_mode != NULL)
        g_string_append_printf(opts, " --net=%s", bundle->network_mode);
    g_string_append_printf(opts, " -e PCMK_remote_port=%d", bundle->control_port);
    add_storage(bundle, guest, opts, mounts);
    if (guests) {
        g_string_append_printf(opts,
                               " -v /etc/pacemaker/authkey:/etc/pacemaker/authkey"
                               " -v /var/log/pacemaker/bundles/%s:/var/log",
                               guest);
        g_string_append_printf(mounts, "%s/var/log/pacemaker/bundles/%s",
                               mounts->len > 0 ? "," : "", guest);
    }
    if (maps_ports(bundle, address))
        add_ports(bundle, address, opts);
    if (guests && maps_ports(bundle, address))
        g_string_append_printf(opts, " -p %s%s%d:%d", address != NULL ? address : "",
                               address != NULL ? ":" : "", bundle->control_port,
                               bundle->control_port);
    if (bundle->options != NULL)
        g_string_append_printf(opts, " %s", bundle->options);
    g_string_append(opts, " ");
    if (address != NULL)
        add_hosts(bundle, id, opts);
    return g_string_free(opts, FALSE);
}

/* Each container's options name every replica's address: a bound keeps
 * the parameters of a hostile CIB's replicas small (doc/DESIGN.md,
 * "Reliability and security"). */
#define CS_BUNDLE_NAMED_REPLICAS 256

GHashTable *cs_bundle_container_params(const CsBundle *bundle, const char *id, int n,
                                       gboolean guests)
{
    GHashTable *params;
    g_autoptr(GString) mounts = g_string_new(NULL);

    /* Checked with the oracle for docker and podman only. */
    if (bundle->runtime == NULL || bundle->image == NULL
        || (strcmp(bundle->runtime, "docker") != 0 && strcmp(bundle->runtime, "podman") != 0)
        || !mappings_known(bundle)
        || (bundle->ip_range_start != NULL && bundle->replicas > CS_BUNDLE_NAMED_REPLICAS))
        return NULL;
    params = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    table_set(params, "allow_pull", g_strdup("true"));
    table_set(params, "force_kill", g_strdup("false"));
    table_set(params, "image", g_strdup(bundle->image));
    table_set(params, "monitor_cmd", g_strdup("/bin/true"));
    table_set(params, "reuse", g_strdup("false"));
    table_set(params, "run_opts", run_options(bundle, id, n, guests, mounts));
    table_set(params, "mount_points", g_strdup(mounts->str));
    if (bundle->run_command != NULL)
        table_set(params, "run_cmd", g_strdup(bundle->run_command));
    else if (guests)
        table_set(params, "run_cmd", g_strdup("/usr/sbin/pacemaker-remoted"));
    return params;
}

GHashTable *cs_bundle_address_params(const CsBundle *bundle, int n)
{
    GHashTable *params;
    char *address = cs_bundle_replica_address(bundle, n);

    if (address == NULL)
        return NULL;
    params = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    table_set(params, "ip", address);
    table_set(params, "cidr_netmask",
              g_strdup(bundle->host_netmask != NULL ? bundle->host_netmask : "32"));
    if (bundle->host_interface != NULL)
        table_set(params, "nic", g_strdup(bundle->host_interface));
    return params;
}

/* ---- the replicas' guest nodes ----------------------------------------- */

/* The engine refuses more replicas than this (engine/bundle.c): no node
 * is made for them either. */
#define CS_BUNDLE_GUEST_NODES_MAX 10000

/* Whether the bundle's replicas are guest nodes: a docker or podman
 * bundle with a resource inside, reached through its network's
 * ip-range-start or control-port (engine/bundle.c leaves the others
 * out, as Pacemaker does). */
static gboolean makes_guests(const CsBundle *bundle, const xmlNode *xml)
{
    gboolean inside = FALSE;

    for (const xmlNode *child = cs_xml_first_element(xml); child != NULL;
         child = cs_xml_next_element(child))
        inside = inside || cs_xml_is(child, "primitive") || cs_xml_is(child, "group")
                 || cs_xml_is(child, "clone");
    return inside && bundle->runtime != NULL
           && (strcmp(bundle->runtime, "docker") == 0 || strcmp(bundle->runtime, "podman") == 0)
           && bundle->has_network && (bundle->ip_range_start != NULL || bundle->control_given)
           && bundle->replicas <= CS_BUNDLE_GUEST_NODES_MAX;
}

/* Whether uname is "ID-N" with N a replica's number, as %d writes it. */
static gboolean names_replica(const char *uname, const char *id, int replicas)
{
    size_t length = strlen(id);
    const char *digits = uname + length + 1;
    char *end = NULL;
    long n;

    if (strncmp(uname, id, length) != 0 || uname[length] != '-' || !g_ascii_isdigit(*digits)
        || (digits[0] == '0' && digits[1] != '\0') || strlen(digits) > 9)
        return FALSE;
    n = strtol(digits, &end, 10);
    return *end == '\0' && n < replicas;
}

static gboolean status_names_replica(const CsModel *model, const char *id, int replicas)
{
    xmlNode *status = cs_document_section(model->document, "status");

    for (xmlNode *state = cs_xml_first_element(status); state != NULL;
         state = cs_xml_next_element(state)) {
        const char *uname = cs_xml_attr(state, "uname");

        if (cs_xml_is(state, "node_state") && uname != NULL
            && names_replica(uname, id, replicas))
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker Explained 2.1, "Bundles" and "Guest Nodes": each replica of
 * a bundle with a resource inside is a guest node NAME-N, whose
 * <node_state> holds the history of the resource inside.  The engine
 * makes the replicas (engine/bundle.c); their nodes are made here, every
 * replica's in order, when the status section names one of them, so
 * that the status is read as for any guest node. */
void cs_bundle_add_guest_nodes(CsModel *model, const xmlNode *xml)
{
    const char *id = cs_xml_attr(xml, "id");
    gboolean runtime = FALSE;
    CsBundle *bundle;

    for (const xmlNode *child = cs_xml_first_element(xml); child != NULL;
         child = cs_xml_next_element(child))
        runtime = runtime || g_strv_contains(runtimes, (const char *)child->name);
    if (id == NULL || !runtime)
        return;
    bundle = cs_bundle_unpack(model, xml);
    if (makes_guests(bundle, xml) && status_names_replica(model, id, bundle->replicas)) {
        for (int n = 0; n < bundle->replicas; n++) {
            g_autofree char *name = g_strdup_printf("%s-%d", id, n);

            CsNode *node = cs_model_node(model, name);

            /* a <node type="remote"> entry naming the replica's guest node
             * is that node, with the entry's attributes (engine/expand.c) */
            if (node != NULL && !(node->xml != NULL && node->type == CS_NODE_REMOTE))
                continue;
            if (node != NULL)
                node->type = CS_NODE_GUEST;
            else
                node = cs_model_add_node(model, name, name, CS_NODE_GUEST, NULL);
            node->bundle_guest = TRUE;
            g_hash_table_replace(node->attrs, g_strdup("#kind"), g_strdup("container"));
        }
    }
    cs_bundle_unref(bundle);
}
