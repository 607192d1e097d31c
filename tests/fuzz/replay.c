/* replay.c: runs a fuzz target's LLVMFuzzerTestOneInput on files, without
 * libFuzzer, so that every input a fuzzer ever crashed on is replayed by
 * `make check` in every build (plain, ASan/UBSan, valgrind).
 *
 * Usage: replay_TARGET [FILE|DIR]...; with no argument, the directory
 * CS_REPLAY_DIR (tests/fuzz/regressions/TARGET).  Exit 0 when every input
 * ran; a finding aborts (g_error) or trips a sanitizer.
 */
#include <stdio.h>
#include <string.h>
#include <glib.h>

#include "tests/fuzz/fuzz.h"

static int cs_replay_file(const char *path)
{
    char *contents = NULL;
    gsize length = 0;
    g_autoptr(GError) error = NULL;

    if (!g_file_get_contents(path, &contents, &length, &error)) {
        fprintf(stderr, "replay: %s\n", error->message);
        return 1;
    }
    /* A copy of exactly length bytes, so that ASan sees an overread. */
    guint8 *exact = g_malloc(length > 0 ? length : 1);
    memcpy(exact, contents, length);
    LLVMFuzzerTestOneInput(exact, length);
    g_free(exact);
    g_free(contents);
    printf("replayed %s\n", path);
    return 0;
}

static int cs_replay_dir(const char *dir)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) handle = g_dir_open(dir, 0, &error);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    const char *name;
    int failures = 0;

    if (handle == NULL && g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
        printf("replay: no inputs in %s yet\n", dir); /* git keeps no empty dir */
        return 0;
    }
    if (handle == NULL) {
        fprintf(stderr, "replay: %s\n", error->message);
        return 1;
    }
    while ((name = g_dir_read_name(handle)) != NULL)
        if (name[0] != '.')
            g_ptr_array_add(names, g_build_filename(dir, name, NULL));
    for (guint i = 0; i < names->len; i++)
        failures += cs_replay_file(g_ptr_array_index(names, i));
    return failures;
}

int main(int argc, char **argv)
{
    int failures = 0;

    LLVMFuzzerInitialize(&argc, &argv);
    if (argc < 2)
        return cs_replay_dir(CS_REPLAY_DIR) == 0 ? 0 : 1;
    for (int i = 1; i < argc; i++)
        failures += g_file_test(argv[i], G_FILE_TEST_IS_DIR) ? cs_replay_dir(argv[i])
                                                             : cs_replay_file(argv[i]);
    return failures == 0 ? 0 : 1;
}
