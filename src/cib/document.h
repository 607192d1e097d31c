/* document.h: the CIB as an XML document, the source of truth.
 *
 * Loaded from a file (plain, gzip or bzip2, detected by content), from
 * standard input ("-"), or from memory.  libxml2 runs with network access
 * and external entities off.  Every element's "id" is indexed for id-ref
 * resolution (Pacemaker Explained 2.1, "Reusing Parts of the Configuration").
 */
#ifndef CS_DOCUMENT_H
#define CS_DOCUMENT_H

#include <glib.h>
#include <libxml/tree.h>

typedef enum {
    CS_COMPRESSION_NONE,
    CS_COMPRESSION_GZIP,
    CS_COMPRESSION_BZIP2,
} CsCompression;

typedef struct CsDocument {
    xmlDoc *xml;
    char *path;                /* as given; "-" for standard input */
    CsCompression compression; /* how it was stored: save writes it back so */
    GHashTable *ids;           /* id -> xmlNode* (first element with it);
                                 * keys live in id_strings */
    gboolean declaration;      /* the source began with <?xml ...?>: save
                                 * writes one only then, so bytes round-trip */
    GStringChunk *id_strings;  /* the keys of ids (made by reindex) */
    GHashTable *duplicated;    /* ids held by more than one element ->
                                 * GPtrArray of the xmlNode* other than
                                 * the one ids gives, in no order; keys
                                 * live in id_strings */
} CsDocument;

#define CS_DOCUMENT_ERROR cs_document_error_quark()
GQuark cs_document_error_quark(void);

typedef enum {
    CS_DOCUMENT_ERROR_READ,        /* cannot open or read the file */
    CS_DOCUMENT_ERROR_COMPRESSION, /* truncated or corrupt .gz/.bz2 */
    CS_DOCUMENT_ERROR_PARSE,       /* malformed XML */
    CS_DOCUMENT_ERROR_NOT_CIB,     /* root element is not <cib> */
    CS_DOCUMENT_ERROR_TOO_LARGE,   /* over CS_DOCUMENT_MAX_BYTES */
    CS_DOCUMENT_ERROR_WRITE,       /* save failed; the old file is intact */
    CS_DOCUMENT_ERROR_INVALID,     /* crm_simulate would refuse it (schema.h) */
} CsDocumentError;

/* Largest document accepted, after decompression. */
#define CS_DOCUMENT_MAX_BYTES ((gsize)512 * 1024 * 1024)

/* Change the size limit (tests lower it to try a decompression bomb
 * cheaply); values above INT_MAX are clamped, since libxml2 takes an int.
 * Returns the previous limit. */
gsize cs_document_set_max_bytes(gsize max_bytes);

/* Error messages read "PATH:LINE: message" (or "PATH: message" when no
 * line applies), ready to print as they are. */
CsDocument *cs_document_load(const char *path, GError **error);
CsDocument *cs_document_load_memory(const char *data, gsize length, const char *name,
                                    GError **error);
void cs_document_free(CsDocument *document);
/* A deep copy (same path and compression), indexed. */
CsDocument *cs_document_copy(const CsDocument *document);
/* Rebuild document->ids after edits that add, remove or rename ids. */
void cs_document_reindex(CsDocument *document);
/* Keeps document->ids right after one change, cheaply: a subtree linked
 * into or unlinked from the document (node), or an attribute of element
 * node replaced (outgoing and incoming, either NULL).  Changes are given
 * in the order they were made, once they all are.  FALSE when the index
 * cannot follow (an element that held an id another holds too went):
 * then cs_document_reindex. */
typedef enum { CS_INDEX_LINKED, CS_INDEX_UNLINKED, CS_INDEX_ATTRIBUTE } CsIndexChange;
gboolean cs_document_index_update(CsDocument *document, CsIndexChange change, xmlNode *node,
                                  xmlAttr *outgoing, xmlAttr *incoming);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsDocument, cs_document_free)

xmlNode *cs_document_lookup_id(const CsDocument *document, const char *id);
/* The first child element of <cib><configuration> named section, or of
 * <cib> for "status"; NULL when absent. */
xmlNode *cs_document_section(const CsDocument *document, const char *section);

/* Write the document to path (NULL: document->path; "-": standard output)
 * with the compression it was loaded with.  Atomic: a temporary file in the
 * same directory is written, fsync'd and renamed over path, and the file it
 * replaces is kept as "path.bak".  On failure the old file is untouched and
 * the error reads "PATH: message" (code CS_DOCUMENT_ERROR_WRITE). */
gboolean cs_document_save(CsDocument *document, const char *path, GError **error);

/* What cs_document_save does to the version on <cib> (Pacemaker
 * Explained 2.1, "CIB Properties"), compared with the file the
 * document was loaded from (document->path, read again): the
 * configuration differs, epoch + 1 and num_updates 0; only the status
 * differs, num_updates + 1; else (or when that file cannot be read)
 * nothing.  Never lowers a number the document already has. */
typedef enum {
    CS_VERSION_KEPT,
    CS_VERSION_CONFIGURATION,
    CS_VERSION_STATUS,
} CsVersionChange;
CsVersionChange cs_document_bump_version(CsDocument *document);

#endif
