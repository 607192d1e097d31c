/* bundle.c: a <bundle>'s own settings.
 *
 * Pacemaker Explained 2.1, "Bundles": a bundle names one container
 * runtime element (docker, podman or rkt) with its image and how many
 * replicas to run (replicas, default promoted-max when that is set, else
 * 1; replicas-per-host, default 1; promoted-max, default 0, formerly
 * "masters"), a <network> (ip-range-start, host-interface, host-netmask,
 * control-port, add-host, port-mapping) and a <storage> of
 * storage-mappings.  The scheduler turns them into implicit resources
 * (engine/bundle.c); here they are only read.
 */
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

static void read_runtime(CsBundle *bundle, const xmlNode *element)
{
    int promoted;

    bundle->runtime = g_strdup((const char *)element->name);
    bundle->image = dup_attr(element, "image");
    bundle->network_mode = dup_attr(element, "network");
    bundle->run_command_set = cs_xml_attr(element, "run-command") != NULL;
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
        if (cs_xml_is(child, "storage-mapping"))
            bundle->n_storage++;
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
