/* limits.h: the sizes of CIB cibscope accepts, checked before the model is
 * built so that a hostile document is refused with a clear message instead
 * of exhausting memory or time (doc/DESIGN.md, "Reliability and security").
 *
 * The document loader already caps a document at CS_DOCUMENT_MAX_BYTES
 * after decompression, and libxml2 (without XML_PARSE_HUGE) caps element
 * nesting at 256.  These limits are far above any real cluster (Pacemaker
 * supports 32 cluster nodes; the largest benchmark is 64 x 10,000).
 */
#ifndef CS_MODEL_LIMITS_H
#define CS_MODEL_LIMITS_H

#include <glib.h>
#include "cib/document.h"
#include "model/model.h"

typedef struct CsModelLimits {
    gsize id_bytes;    /* longest id or uname, in bytes */
    guint nodes;       /* <node> in configuration, <node_state> in status */
    guint resources;   /* primitives, groups, clones, bundles, templates,
                              and the instances clones will make */
    guint constraints; /* constraint elements plus their set members */
    guint64 cells;     /* nodes x resources: the engine keeps a score
                              (and its provenance) for each */
} CsModelLimits;

/* Twenty times the largest benchmark (64 nodes x 10,000 resources) and
 * more; crm_simulate needs minutes for 32 x 2,000.  A clone with
 * clone-max=1000000 is refused, not solved for minutes. */
#define CS_MODEL_MAX_ID_BYTES 4096
#define CS_MODEL_MAX_NODES 100000
#define CS_MODEL_MAX_RESOURCES 200000
#define CS_MODEL_MAX_CONSTRAINTS 1000000
#define CS_MODEL_MAX_CELLS ((guint64)20000000)

/* The limits in force; tests lower them to try the refusals cheaply.
 * Returns the previous limits. */
CsModelLimits cs_model_set_limits(CsModelLimits limits);
CsModelLimits cs_model_get_limits(void);

/* FALSE, with a CS_MODEL_ERROR_INVALID error reading "PATH:LINE: ..." that
 * names the limit, when the document is past one of them.  *id_refs
 * (optional) tells whether any element uses id-ref. */
gboolean cs_model_check_limits(const CsDocument *document, gboolean *id_refs, GError **error);
/* The same for the <constraints> section alone, with the same messages:
 * enough after an edit that changed nothing else of a document that
 * passed cs_model_check_limits(). */
gboolean cs_model_check_constraint_limits(const CsDocument *document, GError **error);

/* FALSE when an id or uname in element's subtree is too long, or an
 * element there uses id-ref (what it names may be read elsewhere too); no
 * error message: a full check then says which (cs_model_check_limits). */
gboolean cs_model_check_edited_part(const xmlNode *element);
/* <nodes> and the node_states (not their histories) checked after a node
 * came or went; *id_refs: whether an id-ref was met. */
gboolean cs_model_check_node_limits(const CsDocument *document, gboolean *id_refs, GError **error);

/* The same once resources are unpacked: clone instances (clone-max x the
 * primitives in the clone) count as resources, and nodes x resources is
 * bounded.  model is the one being built (resources and nodes read). */
gboolean cs_model_check_size(const CsModel *model, GError **error);

#endif
