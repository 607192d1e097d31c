/* promote_internal.h: promotable clones (promote.c), as the clone code and
 * the transition see them.
 *
 * Not a contract: only the engine's own files include it.
 */
#ifndef CS_PROMOTE_INTERNAL_H
#define CS_PROMOTE_INTERNAL_H

#include "engine/engine_internal.h"

/* Before a promotable clone's instances are placed: their promotion scores
 * join their node scores and raise their priority (Pacemaker's
 * pcmk__add_promotion_scores()). */
void cs_promote_add_scores(CsSolution *solution, int clone);
/* After they are placed: promotion priorities, the order of promotion
 * and each instance's next role (Pacemaker's pcmk__set_instance_roles()). */
void cs_promote_set_roles(CsSolution *solution, int clone);
/* An instance's priority as the instance order sees it: the promotion
 * score once cs_promote_add_scores() has raised it, else its own. */
int cs_promote_instance_priority(const CsSolution *solution, int rsc);
void cs_promote_free(CsSolution *solution);

/* A colocation whose primary is clone limited to one of its roles
 * (Pacemaker's role-specific colocations with a promotable clone): TRUE
 * when applied, FALSE when clone.c applies it as any clone's. */
gboolean cs_promote_apply_coloc(CsSolution *solution, int dependent, int clone,
                                const CsColoc *coloc);

/* clone.c: Pacemaker's pcmk__cmp_instance() for two instances of clone:
 * 0 when it has no preference (the caller keeps their order). */
gint cs_clone_compare_instances(const CsSolution *solution, int clone, int rsc1, int rsc2);

#endif
