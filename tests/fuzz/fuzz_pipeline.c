/* fuzz_pipeline.c: libFuzzer target for the whole of cibscope.
 *
 * Input: a CIB's bytes (seeded with the corpus CIBs and data/).  Each input
 * goes load -> model -> solve -> explain -> scores and transition
 * (tests/fuzz/pipeline.c).  Any crash, leak, sanitizer report, glib
 * critical, hang (libFuzzer -timeout) or refusal without a message is a
 * finding, and so is a score that differs from the sum of its
 * contributions (doc/DESIGN.md, "Provenance"; it holds on the whole corpus).
 * CS_FUZZ_STRICT=0 in the environment turns that last check off.
 */
#include <stdlib.h>
#include <glib.h>

#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/pipeline.h"

static gboolean cs_strict;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    cs_fuzz_setup();
    cs_strict = g_strcmp0(g_getenv("CS_FUZZ_STRICT"), "0") != 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    CsPipelineRun run;
    cs_pipeline_run((const char *)data, size, &run);
    if (cs_strict && run.provenance_mismatches > 0)
        g_error("%u scores differ from the sum of their contributions", run.provenance_mismatches);
    cs_pipeline_run_clear(&run);
    return 0;
}
