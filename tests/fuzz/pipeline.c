/* pipeline.c: load -> model -> solve -> explain -> transition on bytes. */
#include <string.h>
#include <glib.h>

#include "cib/document.h"
#include "model/model.h"
#include "engine/engine.h"
#include "explain/explain.h"
#include "tests/fuzz/pipeline.h"

/* 2014-05-07 00:28:00Z, used when the CIB has no execution-date. */
#define CS_PIPELINE_NOW ((gint64)1399422480)

/* Explanations are quadratic in resources x nodes: the first few resources
 * exercise the code, the rest would only slow the fuzzer down. */
#define CS_PIPELINE_EXPLAINED 24

static void cs_pipeline_refused(CsPipelineRun *run, const char *stage, const GError *error)
{
    run->result = CS_PIPELINE_REFUSED;
    run->stage = stage;
    if (error == NULL || error->message == NULL || error->message[0] == '\0') {
        g_critical("%s refused the input without a message", stage);
        run->message = g_strdup("(no message)");
        return;
    }
    run->message = g_strdup(error->message);
    run->unsupported = g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
                       || g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED);
}

/* doc/DESIGN.md "Provenance": the contributions sum, in INFINITY arithmetic,
 * to the printed score. */
static guint cs_pipeline_check_provenance(const CsSolution *solution, const CsModel *model)
{
    guint mismatches = 0;
    for (guint rsc = 0; rsc < model->resources->len; rsc++) {
        for (guint node = 0; node < model->nodes->len; node++) {
            if (!cs_solution_scored(solution, (int)rsc, (int)node))
                continue;
            int n = 0;
            const CsContribution *parts =
                cs_solution_contributions(solution, (int)rsc, (int)node, &n);
            CsScore sum = 0;
            for (int i = 0; i < n; i++)
                sum = cs_score_add(sum, parts[i].value);
            if (n > 0 && sum != cs_solution_score(solution, (int)rsc, (int)node))
                mismatches++;
        }
    }
    return mismatches;
}

static void cs_pipeline_explain(const CsSolution *solution, const CsModel *model, GString *out)
{
    guint count = MIN(model->resources->len, CS_PIPELINE_EXPLAINED);
    for (guint i = 0; i < count; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        g_autoptr(GError) error = NULL;
        const char *node = NULL;
        if (model->nodes->len > 0 && i % 2 == 1)
            node = ((const CsNode *)g_ptr_array_index(model->nodes, 0))->uname;
        if (!cs_solution_explain(solution, rsc->id, node, out, &error)
            && (error == NULL || error->message[0] == '\0'))
            g_critical("explain %s refused without a message", rsc->id);
    }
    /* Names that are not there must be refused, not crash. */
    g_autoptr(GError) missing = NULL;
    if (cs_solution_explain(solution, "\x1b[2J no such resource", NULL, out, &missing))
        g_critical("explain accepted a resource that does not exist");
}

void cs_pipeline_run(const char *data, gsize size, CsPipelineRun *run)
{
    memset(run, 0, sizeof(*run));
    run->output = g_string_new(NULL);

    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_document_load_memory(data, size, "fuzz-input", &error);
    if (document == NULL) {
        cs_pipeline_refused(run, "load", error);
        return;
    }
    CsTime now = {CS_PIPELINE_NOW, 0};
    (void)cs_model_execution_date(document, &now);
    g_autoptr(CsModel) model = cs_model_build(document, now, &error);
    if (model == NULL) {
        cs_pipeline_refused(run, "model", error);
        return;
    }
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    if (solution == NULL) {
        cs_pipeline_refused(run, "solve", error);
        return;
    }
    cs_solution_print_scores(solution, run->output);
    cs_solution_print_transition(solution, run->output);
    cs_pipeline_explain(solution, model, run->output);
    run->provenance_mismatches = cs_pipeline_check_provenance(solution, model);
    run->result = CS_PIPELINE_SOLVED;
    run->stage = "print";
}

void cs_pipeline_run_clear(CsPipelineRun *run)
{
    g_free(run->message);
    if (run->output != NULL)
        g_string_free(run->output, TRUE);
    memset(run, 0, sizeof(*run));
}
