/* version.h: which Pacemaker wrote a CIB, and what that means for the
 * answers.
 *
 * The engine gives the answers of Pacemaker 2.1.5's scheduler.  A CIB
 * says where it comes from in three places (Pacemaker Explained, "CIB
 * Properties" and "Cluster Options"): the dc-version cluster property
 * (exact, "3.0.2-..."), crm_feature_set on <cib> and the schema named by
 * validate-with.  When they point at another release, the CLI says so on
 * standard error and the console in its status bar, and names the known
 * scheduler changes since 2.1.5 that this CIB would meet
 * (doc/pacemaker-versions facts: the releases' change logs).
 */
#ifndef CS_VERSION_H
#define CS_VERSION_H

#include <stdio.h>
#include <glib.h>
#include "cib/document.h"

/* The release whose scheduler the engine models. */
#define CS_MODELLED_PACEMAKER "2.1.5"
/* crm_feature_set and schema Pacemaker 2.1.5 writes. */
#define CS_MODELLED_FEATURE_SET "3.16.1"
#define CS_MODELLED_SCHEMA "pacemaker-3.9"

typedef enum {
    CS_ORIGIN_SAME,     /* 2.1.5, or nothing says otherwise */
    CS_ORIGIN_EXACT,    /* dc-version names another release */
    CS_ORIGIN_AT_LEAST, /* the schema or feature set says "newer" */
    CS_ORIGIN_OLDER,    /* the feature set says "older" */
} CsOriginKind;

typedef struct CsCibOrigin {
    char *dc_version;    /* as written ("3.0.2-94d4a7b"), or NULL */
    char *feature_set;   /* crm_feature_set, or NULL */
    char *validate_with; /* validate-with, or NULL */
    CsOriginKind kind;
    int release[3]; /* EXACT: the release; AT_LEAST: a lower bound */
    char *evidence; /* AT_LEAST/OLDER: "validate-with pacemaker-4.0" */
} CsCibOrigin;

void cs_cib_origin_read(const CsDocument *document, CsCibOrigin *out);
void cs_cib_origin_clear(CsCibOrigin *origin);

/* "CIB from Pacemaker 3.0.2; answers are Pacemaker 2.1.5's", or NULL
 * when the CIB comes from 2.1.5 (or says nothing). */
char *cs_version_note(const CsCibOrigin *origin);
/* "CIB 3.0.2, answers 2.1.5": the same for a status bar. */
char *cs_version_short(const CsCibOrigin *origin);

/* The known scheduler changes between 2.1.5 and the CIB's release that
 * apply to what this CIB holds, one line each ("since 2.1.7:
 * anti-colocation is weighed against stickiness (rsc_colocation c1)").
 * Empty when the CIB is from 2.1.5 or older, or none applies. */
GPtrArray *cs_version_differences(const CsDocument *document, const CsCibOrigin *origin);

/* The note and the differences, each line "cibscope: ...", to stream;
 * nothing when the CIB comes from 2.1.5.  CIBSCOPE_QUIET_VERSION set in
 * the environment silences it. */
void cs_version_note_write(FILE *stream, const CsDocument *document);

#endif
