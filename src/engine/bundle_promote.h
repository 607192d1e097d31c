/* bundle_promote.h: a bundle whose resource inside is promotable
 * (bundle_promote.c), as engine/bundle.c builds and checks it.
 *
 * Not a contract: only the engine's own files include it.
 */
#ifndef CS_BUNDLE_PROMOTE_H
#define CS_BUNDLE_PROMOTE_H

#include "engine/engine_internal.h"

/* The name of the implicit clone around the resource inside, new:
 * NAME-master when the bundle has promoted-max, else NAME-clone. */
char *cs_bundle_promote_clone_name(const CsResource *bundle);

/* Makes the implicit clone made promotable or not, as the bundle's
 * promoted-max says. */
void cs_bundle_promote_setup(CsResource *made, const CsResource *bundle);

/* Whether what makes the bundle promotable is modelled; error says what
 * is not. */
gboolean cs_bundle_promote_supported(const CsModel *model, const CsResource *bundle, int inner,
                                     GError **error);

/* Whether the history of the bundle's implicit resources or of the
 * resource inside (inner, -1: none) records the promoted role: a
 * promote, a demote, or a result 8 or 9. */
gboolean cs_bundle_was_promoted(const CsModel *model, const CsResource *bundle, int inner);

#endif
