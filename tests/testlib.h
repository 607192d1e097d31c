/* testlib.h: what the check suites share: solving a case of tests/data,
 * comparing what the engine prints with what crm_simulate printed for it
 * (the oracle's NAME.scores and NAME.summary beside NAME.xml), and the
 * check main().  Suites use it instead of copying it (doc/DESIGN.md,
 * "Keeping the engine honest").
 */
#ifndef CS_TESTLIB_H
#define CS_TESTLIB_H

#include <check.h>
#include <glib.h>

#include "cib/document.h"
#include "engine/engine.h"
#include "explain/session.h"
#include "model/model.h"

/* One CIB of tests/data, loaded, modelled and solved. */
typedef struct CsTestCase {
    CsDocument *document;
    CsModel *model;       /* NULL (error set) when the model refused it */
    CsSolution *solution; /* NULL (error set) when refused */
    GError *error;
} CsTestCase;

/* CS_TESTDATA/FOLDER/NAME.xml solved at the time in NAME.time (the
 * oracle's --time) when there is one, else at 2023-01-01T00:00:00Z.  The
 * file must load; a refusal by the model or the engine is left in
 * test->error. */
void cs_test_case_solve(CsTestCase *test, const char *folder, const char *name);
/* The same, asserting that it solved. */
void cs_test_case_solve_ok(CsTestCase *test, const char *folder, const char *name);
/* The CIB at path solved at time_text (ISO 8601): FALSE, the refusal in
 * test->error, when it does not load or the model or engine refuses it. */
gboolean cs_test_case_solve_file(CsTestCase *test, const char *path, const char *time_text);
void cs_test_case_clear(CsTestCase *test);

/* The oracle's CS_TESTDATA/FOLDER/NAME.SUFFIX (newly allocated). */
char *cs_test_expected(const char *folder, const char *name, const char *suffix);

/* What the engine prints, as the CLI prints it (newly allocated). */
char *cs_test_scores_text(const CsTestCase *test);
char *cs_test_transition_text(const CsTestCase *test);

/* The lines of text, trimmed, without blank lines and the "Transition
 * Summary:" and "Allocation scores:" headings, sorted; with squeeze, runs
 * of spaces read as one (crm_simulate pads its summary columns). */
GPtrArray *cs_test_sorted_lines(const char *text, gboolean squeeze);
gboolean cs_test_lines_contain(const GPtrArray *lines, const char *line);
/* line is among text's lines, spaces squeezed. */
gboolean cs_test_has_line(const char *text, const char *line);
/* The same lines in any order. */
void cs_test_assert_same_lines(const char *want_text, const char *got_text, gboolean squeeze);

/* test, solved, prints crm_simulate's answer for FOLDER/NAME: the
 * oracle's NAME.scores line for line, its NAME.summary with runs of
 * spaces squeezed (in any order, as cs_test_assert_same_lines). */
void cs_test_assert_as_oracle(const CsTestCase *test, const char *folder, const char *name);

/* A CIB of tests/data the engine must refuse (status 3), and words its
 * refusal must hold. */
typedef struct CsTestRefusal {
    const char *name;
    const char *says;
} CsTestRefusal;

/* Loop tests on tc over a table of CIBs of CS_TESTDATA/FOLDER: each of
 * names answered as crm_simulate answered it (cs_test_assert_as_oracle),
 * each of refusals refused as not modelled, saying what it says.  The
 * tables must outlive the run; one table of each kind per suite
 * program. */
void cs_test_add_oracle_table(TCase *tc, const char *folder, const char *const *names, int count);
void cs_test_add_refusal_table(TCase *tc, const char *folder, const CsTestRefusal *refusals,
                               int count);

/* The bytes cs_document_save would write, uncompressed (newly
 * allocated). */
char *cs_test_serialize(const CsDocument *document);

/* XPath on a document: the string value of xpath ("" when nothing
 * matches; newly allocated), and the number of nodes it selects. */
char *cs_test_xpath_value(const CsDocument *document, const char *xpath);
int cs_test_xpath_count(const CsDocument *document, const char *xpath);
#define cs_test_assert_value(document, xpath, expected)                                            \
    do {                                                                                           \
        g_autofree char *got_ = cs_test_xpath_value((document), (xpath));                          \
        ck_assert_str_eq(got_, (expected));                                                        \
    } while (0)

/* A session on the CIB at path at time_text (NULL: now), asserting that
 * it opened (newly allocated). */
CsSession *cs_test_session_open(const char *path, const char *time_text);
/* Runs text in the command language, asserting that it succeeded, and
 * returns what it printed (newly allocated). */
char *cs_test_run_ok(CsSession *session, const char *text);

/* Runs suite with check's runner: main()'s exit status. */
int cs_test_run(Suite *suite);

#endif
