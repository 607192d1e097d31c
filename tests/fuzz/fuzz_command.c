/* fuzz_command.c: libFuzzer target for the command language.
 *
 * Input: the text typed at the console's ':' prompt or given to --exec.
 * It is split (cs_command_split) and every command but `save` and
 * `commit` is run against a fresh session on the bundled demo-small CIB,
 * so that edits, undo/redo, clock changes and explanations all run on real
 * data.  Those two are skipped: the fuzzer must not write files wherever an
 * input says, nor run cibadmin.
 * Properties: a syntax error or failed command always has a message; a
 * split never yields an empty command.
 */
#include <string.h>
#include <glib.h>

#include "cib/document.h"
#include "explain/command.h"
#include "explain/session.h"
#include "tests/fuzz/fuzz.h"

/* 2014-05-07 00:28:00Z: a fixed clock, so that runs repeat. */
#define CS_FUZZ_NOW ((gint64)1399422480)

static GBytes *cs_cib;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    cs_fuzz_setup();
    char *contents = NULL;
    gsize length = 0;
    g_autoptr(GError) error = NULL;
    if (!g_file_get_contents(CS_SRCDATADIR "/demo-small.xml", &contents, &length, &error))
        g_error("fuzz_command needs the demo CIB: %s", error->message);
    cs_cib = g_bytes_new_take(contents, length);
    return 0;
}

static CsSession *cs_fuzz_session(void)
{
    gsize length = 0;
    const char *data = g_bytes_get_data(cs_cib, &length);
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load_memory(data, length, "demo-small.xml", &error);
    if (document == NULL)
        g_error("the demo CIB does not load: %s", error->message);
    CsTime now = {CS_FUZZ_NOW, 0};
    CsSession *session = cs_session_new(document, now, &error);
    if (session == NULL)
        g_error("the demo CIB does not solve: %s", error->message);
    return session;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autofree char *text = g_strndup((const char *)data, size);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) commands = cs_command_split(text, &error);
    if (commands == NULL) {
        if (error == NULL || error->message[0] == '\0')
            g_error("a syntax error without a message");
        return 0;
    }
    g_autoptr(CsSession) session = cs_fuzz_session();
    g_autoptr(GString) out = g_string_new(NULL);
    for (guint i = 0; i < commands->len; i++) {
        char **words = g_ptr_array_index(commands, i);
        if (words == NULL || words[0] == NULL)
            g_error("cs_command_split gave an empty command");
        if (strcmp(words[0], "save") == 0 || strcmp(words[0], "commit") == 0)
            continue;
        g_autoptr(GError) failure = NULL;
        if (!cs_command_run(session, words, out, &failure)
            && (failure == NULL || failure->message[0] == '\0'))
            g_error("'%s' failed without a message", words[0]);
        if (out->len > 1024 * 1024)
            g_string_truncate(out, 0);
    }
    return 0;
}
