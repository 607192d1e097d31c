/* bundle_colocation.h: colocations with bundles beyond a primitive of
 * its own on the other side (bundle_colocation.c), as engine/bundle.c
 * checks them.
 *
 * Not a contract: only the engine's own files include it.
 */
#ifndef CS_BUNDLE_COLOCATION_H
#define CS_BUNDLE_COLOCATION_H

#include "engine/engine_internal.h"

/* Whether coloc, naming bundle on one side, is one of the shapes this
 * file answers (bundle.c answers those with a primitive). */
gboolean cs_bundle_colocation_modelled(const CsModel *model, const CsColocation *coloc, int bundle);

/* What the bundle's colocations make together: error says what is not
 * modelled. */
gboolean cs_bundle_colocations_supported(const CsModel *model, int bundle, GError **error);

/* Whether a replica whose instance of the resource inside is instance
 * (-1: none) counts for a colocation at INFINITY with the bundle: with a
 * role of it, only when the instance takes that role. */
gboolean cs_bundle_replica_counts(const CsSolution *solution, const CsColoc *coloc, int instance);

/* A colocation whose dependent is a clone or a bundle, with bundle:
 * dependent (an instance, a container) paired with one replica.  FALSE
 * when the dependent is neither, for bundle.c to apply. */
gboolean cs_bundle_apply_paired(CsSolution *solution, int dependent, int bundle,
                                const CsColoc *coloc);

/* Whether order, naming bundle on one side, is one of the shapes this
 * file answers (bundle.c answers starts with a primitive). */
gboolean cs_bundle_order_modelled(const CsModel *model, const CsOrder *order, int bundle);

#endif
