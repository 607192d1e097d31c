/* fuzz_common.c: set-up shared by the libFuzzer targets. */
#include <signal.h>
#include <stdlib.h>
#include <glib.h>
#include <libxml/parser.h>

#include "cib/document.h"
#include "tests/fuzz/fuzz.h"

/* Large enough for every corpus CIB (the largest is a few hundred KiB),
 * small enough that a gzip or bzip2 bomb is refused at once. */
#define CS_FUZZ_MAX_BYTES ((gsize)8 * 1024 * 1024)

/* libxml2 reports parse errors through its generic handler unless the
 * loader installs its own; the fuzzer's output stays readable without
 * them. */
static void cs_fuzz_quiet(void *context, const char *format, ...)
{
    (void)context;
    (void)format;
}

/* g_error() and fatal criticals end in G_BREAKPOINT (SIGTRAP), which
 * libFuzzer does not catch; as an abort it records the input. */
static void cs_fuzz_trap(int signal_number)
{
    (void)signal_number;
    abort();
}

void cs_fuzz_setup(void)
{
    signal(SIGTRAP, cs_fuzz_trap);
    g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
    xmlSetGenericErrorFunc(NULL, cs_fuzz_quiet);
    cs_document_set_max_bytes(CS_FUZZ_MAX_BYTES);
    xmlInitParser();
}
