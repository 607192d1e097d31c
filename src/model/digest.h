/* digest.h: operation digests (digest.c), to see whether a resource's
 * definition changed since an operation ran (Pacemaker Explained 2.1, "Reloading Agents"
 * "Reloading Agents"). */
#ifndef CIBSCOPE_MODEL_DIGEST_H
#define CIBSCOPE_MODEL_DIGEST_H

#include "model/model.h"

typedef enum {
    CS_DIGEST_MATCH,
    CS_DIGEST_ALL,
    CS_DIGEST_RESTART,
    CS_DIGEST_UNKNOWN
} CsDigestResult;

const CsOp *cs_digest_find_op(const CsResource *rsc, const char *task, guint interval_ms);
char *cs_digest_all(const CsResource *rsc, const char *task, guint interval_ms);
/* The digest of every parameter but those named in drop (a
 * space-separated list). */
char *cs_digest_without(const CsResource *rsc, const char *task, guint interval_ms,
                        const char *drop);
char *cs_digest_restart(const CsResource *rsc, const char *task, guint interval_ms,
                        const char *force_restart);
CsDigestResult cs_digest_compare(const CsResource *rsc, const CsOpRecord *record);
/* As cs_digest_compare(), but a change confined to private parameters
 * counts as one: what decides whether a failure's fail count is cleared. */
CsDigestResult cs_digest_compare_all_params(const CsResource *rsc, const CsOpRecord *record);
/* Digests computed once per distinct parameter text, for a caller that
 * compares many records. */
typedef struct CsDigestMemo CsDigestMemo;
CsDigestMemo *cs_digest_memo_new(void);
void cs_digest_memo_free(CsDigestMemo *memo);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsDigestMemo, cs_digest_memo_free)
CsDigestResult cs_digest_compare_memo(const CsResource *rsc, const CsOpRecord *record,
                                      CsDigestMemo *memo);

/* Whether the transition compares record's digests (Pacemaker's
 * check_operation_digests() on an active resource's start, probe,
 * promote, migrate_from and recurring operations). */
gboolean cs_digest_record_checked(const CsOpRecord *record);

/* model->digest_verdicts: every checked record of every active
 * primitive's history compared once.  The table is shared with the
 * histories (a model that takes them over takes it too) and never
 * changes afterwards: the transition reads it from any thread. */
GHashTable *cs_digest_verdicts_new(const CsModel *model);

/* Makes model->digest_verdicts if the model has none yet (it took over
 * no histories that had them).  Not part of building a model: scores
 * alone never need them, and the console works them out after the
 * edit's frame, before its transition.  Call it before the transition,
 * never while another thread reads the model. */
void cs_model_read_digests(CsModel *model);

/* The verdict for record against rsc's definition: the table's when it
 * was made from the same definition (the same parameter table and
 * operations), else compared now with memo. */
CsDigestResult cs_digest_verdict(const CsModel *model, const CsResource *rsc,
                                 const CsOpRecord *record, CsDigestMemo *memo);

#endif
