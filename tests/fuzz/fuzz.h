/* fuzz.h: what every libFuzzer target in tests/fuzz defines.
 *
 * libFuzzer (clang -fsanitize=fuzzer) calls LLVMFuzzerInitialize once and
 * LLVMFuzzerTestOneInput for every input; each target must return 0 and
 * never keep state from one input to the next.  Declared here so that the
 * targets compile under -Wmissing-prototypes.
 */
#ifndef CS_FUZZ_H
#define CS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Shared set-up: a glib critical or warning is a bug in cibscope (a
 * g_return_if_fail tripped), so it aborts and libFuzzer records the input;
 * documents are capped at a few MiB so that a decompression bomb costs
 * milliseconds, not the fuzzer's memory limit. */
void cs_fuzz_setup(void);

#endif
