/* attributes.h: the attributes of one resource or one node, each with
 * its effective value and where it comes from, as lists the console edits
 * (the `A` list of a resource, the node list of a Matrix column) and
 * `meta RSC` prints.
 *
 *   resource: every meta attribute that changes scheduling, and any
 *             other set on it, its parents or rsc_defaults; the value
 *             found nearest first: the resource's own meta, a parent
 *             group's or clone's, rsc_defaults, Pacemaker's default
 *   node:     its permanent attributes (instance_attributes), its
 *             transient attributes (the status section) and utilization
 */
#ifndef CS_ATTRIBUTES_H
#define CS_ATTRIBUTES_H

#include <glib.h>
#include "cib/document.h"

typedef enum {
    CS_ATTR_OWN,          /* the resource's own meta_attributes */
    CS_ATTR_INHERITED,    /* a parent group's or clone's */
    CS_ATTR_RSC_DEFAULTS, /* rsc_defaults */
    CS_ATTR_DEFAULT,      /* not set: Pacemaker's default */
    CS_ATTR_NODE,         /* a node's instance_attributes (permanent) */
    CS_ATTR_TRANSIENT,    /* a node's transient attributes (status) */
    CS_ATTR_UTILIZATION,  /* a node's utilization */
} CsAttrSource;

typedef struct CsAttr {
    char *name;
    char *value; /* "-" for a default that depends (see source_text) */
    CsAttrSource source;
    char *source_text; /* "own meta (web-meta_attributes)", "from
                               web-clone (...)", "rsc_defaults (...)",
                               "default: 1 for clone instances, else 0",
                               "node attribute (nodes-1)", "transient
                               (status-1)", "utilization (nodes-1-utilization)" */
    gboolean ruled;    /* a rule-selected set also names it */
} CsAttr;

void cs_attr_free(CsAttr *attr);

/* The resource's meta attributes (CsAttr*, owned), or NULL with *error
 * when no resource has that id. */
GPtrArray *cs_attributes_meta(const CsDocument *document, const char *rsc, GError **error);

/* The node's attributes: permanent, transient, then utilization, each in
 * document order (CsAttr*, owned); NULL with *error when no node has that
 * uname. */
GPtrArray *cs_attributes_node(const CsDocument *document, const char *node, GError **error);

/* The meta attribute names Pacemaker 2.1.5 reads from a resource
 * (Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Clone
 * Options"), for completion: a new array of static strings. */
GPtrArray *cs_attributes_meta_names(void);

#endif
