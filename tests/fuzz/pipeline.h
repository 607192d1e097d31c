/* pipeline.h: the whole of cibscope on one input, for the pipeline fuzzer
 * and the regression suite (tests/check_regressions.c).
 *
 * load -> model -> solve -> explain every resource -> scores and
 * transition, as `cibscope scores|transition|explain` run them.
 */
#ifndef CS_FUZZ_PIPELINE_H
#define CS_FUZZ_PIPELINE_H

#include <glib.h>

typedef enum {
    CS_PIPELINE_SOLVED,  /* every step succeeded */
    CS_PIPELINE_REFUSED, /* a step refused the input with a GError */
} CsPipelineResult;

typedef struct CsPipelineRun {
    CsPipelineResult result;
    const char *stage;           /* "load", "model", "solve": where it stopped */
    char *message;               /* the refusal's message, or NULL */
    gboolean unsupported;        /* refused as "not modelled yet" (exit 3) */
    GString *output;             /* scores, then transition, then explanations */
    guint provenance_mismatches; /* (rsc, node) whose contributions do not
                                     sum to the printed score */
} CsPipelineRun;

/* Runs the pipeline on bytes as cibscope would read them from a file.
 * Never aborts on a refusal; sanitizers and glib criticals catch the rest.
 * A refusal without a message is reported as a critical, since the CLI
 * would have nothing to print. */
void cs_pipeline_run(const char *data, gsize size, CsPipelineRun *run);
void cs_pipeline_run_clear(CsPipelineRun *run);

#endif
