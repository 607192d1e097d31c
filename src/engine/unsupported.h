/* unsupported.h: what the engine does not model yet (unsupported.c).
 * Each check is FALSE with CS_ENGINE_ERROR_UNSUPPORTED set, the message
 * naming the feature, when the model uses something not modelled. */
#ifndef CS_UNSUPPORTED_H
#define CS_UNSUPPORTED_H

#include "engine/engine_internal.h"

/* The model as read, before anything is solved. */
gboolean cs_engine_check_supported(const CsModel *model, GError **error);
/* The expanded model (with clone instances): clone features. */
gboolean cs_clones_check_supported(const CsModel *model, GError **error);
/* The expanded model: promotable clone features. */
gboolean cs_promote_check_supported(const CsModel *model, GError **error);
/* After placement: what only a solve shows. */
gboolean cs_dangling_moves_supported(const CsSolution *solution, GError **error);
gboolean cs_stopped_migration_moves_supported(const CsSolution *solution, GError **error);
gboolean cs_unexpected_unknown_migration_supported(const CsSolution *solution, GError **error);

#endif
