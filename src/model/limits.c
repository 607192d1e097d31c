/* limits.c: refuse documents past the sizes cibscope accepts (limits.h). */
#include <stdarg.h>
#include <string.h>
#include <libxml/tree.h>

#include "model/model.h"
#include "model/limits.h"

static CsModelLimits cs_limits = {
    .id_bytes = CS_MODEL_MAX_ID_BYTES,
    .nodes = CS_MODEL_MAX_NODES,
    .resources = CS_MODEL_MAX_RESOURCES,
    .constraints = CS_MODEL_MAX_CONSTRAINTS,
    .cells = CS_MODEL_MAX_CELLS,
};

CsModelLimits cs_model_set_limits(CsModelLimits limits)
{
    CsModelLimits previous = cs_limits;

    cs_limits = limits;
    return previous;
}

CsModelLimits cs_model_get_limits(void)
{
    return cs_limits;
}

typedef struct CsLimitCount {
    guint nodes, node_states, resources, constraints;
    const xmlNode *too_long; /* first element whose id/uname is too long */
    const char *too_long_attr;
    guint id_refs; /* id-ref attributes seen */
} CsLimitCount;

static gboolean cs_limit_named(const xmlNode *element, const char *const *names)
{
    for (; *names != NULL; names++) {
        if (strcmp((const char *)element->name, *names) == 0) {
            return TRUE;
        }
    }
    return FALSE;
}

/* "id" or "uname": tested byte by byte, since every attribute of the
 * document passes here. */
static gboolean cs_limit_checked_attr(const xmlChar *name)
{
    return (name[0] == 'i' && name[1] == 'd' && name[2] == '\0')
           || (name[0] == 'u' && strcmp((const char *)name, "uname") == 0);
}

static void cs_limit_check_attrs(const xmlNode *element, CsLimitCount *count)
{
    for (const xmlAttr *attr = element->properties; attr != NULL; attr = attr->next) {
        if (attr->name[0] == 'i' && attr->name[1] == 'd' && attr->name[2] == '-'
            && strcmp((const char *)attr->name, "id-ref") == 0) {
            count->id_refs++;
        }
        if (!cs_limit_checked_attr(attr->name) || attr->children == NULL
            || attr->children->content == NULL) {
            continue;
        }
        if (count->too_long == NULL
            && strlen((const char *)attr->children->content) > cs_limits.id_bytes) {
            count->too_long = element;
            count->too_long_attr = (const char *)attr->name;
        }
    }
}

typedef enum {
    CS_LIMIT_OUTSIDE,
    CS_LIMIT_NODES,
    CS_LIMIT_RESOURCES,
    CS_LIMIT_CONSTRAINTS,
    CS_LIMIT_STATUS,
} CsLimitSection;

static CsLimitSection cs_limit_section(const xmlNode *element)
{
    const char *name = (const char *)element->name;

    if (strcmp(name, "nodes") == 0) {
        return CS_LIMIT_NODES;
    }
    if (strcmp(name, "resources") == 0) {
        return CS_LIMIT_RESOURCES;
    }
    if (strcmp(name, "constraints") == 0) {
        return CS_LIMIT_CONSTRAINTS;
    }
    return strcmp(name, "status") == 0 ? CS_LIMIT_STATUS : CS_LIMIT_OUTSIDE;
}

/* Counts by section: what is a "node" or a "resource" depends on where the
 * element sits, so the section is passed down.  Recursion is bounded by
 * libxml2's nesting limit. */
static void cs_limit_walk(const xmlNode *element, CsLimitSection section, CsLimitCount *count)
{
    static const char *const resources[] = {"primitive", "group",    "clone", "master",
                                            "bundle",    "template", NULL};

    for (; element != NULL; element = element->next) {
        if (element->type != XML_ELEMENT_NODE) {
            continue;
        }
        cs_limit_check_attrs(element, count);
        CsLimitSection inner = section;
        const char *name = (const char *)element->name;
        if (section == CS_LIMIT_OUTSIDE) {
            inner = cs_limit_section(element);
        } else if (section == CS_LIMIT_NODES && strcmp(name, "node") == 0) {
            count->nodes++;
        } else if (section == CS_LIMIT_STATUS && strcmp(name, "node_state") == 0) {
            count->node_states++;
        } else if (section == CS_LIMIT_RESOURCES && cs_limit_named(element, resources)) {
            count->resources++;
        } else if (section == CS_LIMIT_CONSTRAINTS
                   && (strcmp((const char *)element->parent->name, "constraints") == 0
                       || strcmp(name, "resource_ref") == 0)) {
            count->constraints++;
        }
        if (element->children != NULL) {
            cs_limit_walk(element->children, inner, count);
        }
    }
}

static gboolean cs_limit_refuse(const CsDocument *document, const xmlNode *where, GError **error,
                                const char *format, ...) G_GNUC_PRINTF(4, 5);

static gboolean cs_limit_refuse(const CsDocument *document, const xmlNode *where, GError **error,
                                const char *format, ...)
{
    const char *path = document->path != NULL ? document->path : "input";
    va_list args;

    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    if (where != NULL) {
        g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID, "%s:%ld: %s", path,
                    xmlGetLineNo(where), message);
    } else {
        g_set_error(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID, "%s: %s", path, message);
    }
    return FALSE;
}

static gboolean cs_limit_judge(const CsDocument *document, const CsLimitCount *count_in,
                               GError **error)
{
    CsLimitCount count = *count_in;

    if (count.too_long != NULL) {
        return cs_limit_refuse(
            document, count.too_long, error,
            "<%s> has an %s longer than %" G_GSIZE_FORMAT " bytes, the most cibscope accepts",
            (const char *)count.too_long->name, count.too_long_attr, cs_limits.id_bytes);
    }
    /* A node is usually both configured and in status: count the larger. */
    guint nodes = MAX(count.nodes, count.node_states);
    if (nodes > cs_limits.nodes) {
        return cs_limit_refuse(document, NULL, error, "%u nodes: more than the %u cibscope accepts",
                               nodes, cs_limits.nodes);
    }
    if (count.resources > cs_limits.resources) {
        return cs_limit_refuse(document, NULL, error,
                               "%u resources: more than the %u cibscope accepts", count.resources,
                               cs_limits.resources);
    }
    if (count.constraints > cs_limits.constraints) {
        return cs_limit_refuse(document, NULL, error,
                               "%u constraints and set members: more than the %u"
                               " cibscope accepts",
                               count.constraints, cs_limits.constraints);
    }
    return TRUE;
}

gboolean cs_model_check_limits(const CsDocument *document, gboolean *id_refs, GError **error)
{
    CsLimitCount count = {0};
    xmlNode *root = xmlDocGetRootElement(document->xml);

    if (root != NULL) {
        cs_limit_check_attrs(root, &count);
        cs_limit_walk(root->children, CS_LIMIT_OUTSIDE, &count);
    }
    if (id_refs != NULL) {
        *id_refs = count.id_refs > 0;
    }
    return cs_limit_judge(document, &count, error);
}

/* <constraints> walked as cs_model_check_limits() walks it, so that the
 * counts and the first id too long are the ones that walk finds there. */
gboolean cs_model_check_constraint_limits(const CsDocument *document, GError **error)
{
    CsLimitCount count = {0};
    xmlNode *constraints = cs_document_section(document, "constraints");

    if (constraints != NULL) {
        cs_limit_check_attrs(constraints, &count);
        cs_limit_walk(constraints->children, CS_LIMIT_CONSTRAINTS, &count);
    }
    return cs_limit_judge(document, &count, error);
}

/* After a node came or went (node add, node remove): <nodes> walked as
 * cs_model_check_limits() walks it, and in the status section each
 * node_state counted, its own ids and those outside its histories
 * checked (a history comes back only with the node_state an undo puts
 * back, as it was when it passed).  *id_refs counts what it met. */
gboolean cs_model_check_node_limits(const CsDocument *document, gboolean *id_refs, GError **error)
{
    CsLimitCount count = {0};
    xmlNode *nodes = cs_document_section(document, "nodes");
    xmlNode *status = cs_document_section(document, "status");

    if (nodes != NULL) {
        cs_limit_check_attrs(nodes, &count);
        cs_limit_walk(nodes->children, CS_LIMIT_NODES, &count);
    }
    for (xmlNode *state = status != NULL ? status->children : NULL; state != NULL;
         state = state->next) {
        if (state->type != XML_ELEMENT_NODE
            || strcmp((const char *)state->name, "node_state") != 0) {
            continue;
        }
        count.node_states++;
        cs_limit_check_attrs(state, &count);
        for (xmlNode *part = state->children; part != NULL; part = part->next) {
            if (part->type == XML_ELEMENT_NODE && strcmp((const char *)part->name, "lrm") != 0) {
                cs_limit_check_attrs(part, &count);
                cs_limit_walk(part->children, CS_LIMIT_STATUS, &count);
            }
        }
    }
    *id_refs = count.id_refs > 0;
    return cs_limit_judge(document, &count, error);
}

/* Only ids and unames, and id-refs: for a part of a document that passed
 * cs_model_check_limits() and changed since without gaining or losing a
 * node, resource or constraint. */
gboolean cs_model_check_edited_part(const xmlNode *element)
{
    CsLimitCount count = {0};

    if (element != NULL) {
        cs_limit_check_attrs(element, &count);
        cs_limit_walk(element->children, CS_LIMIT_OUTSIDE, &count);
    }
    return count.too_long == NULL && count.id_refs == 0;
}

/* Primitives at or below index (a clone's child may be a group). */
static guint64 cs_limit_primitives(const CsModel *model, int index)
{
    const CsResource *rsc = g_ptr_array_index(model->resources, index);
    guint64 count = rsc->kind == CS_RSC_PRIMITIVE ? 1 : 0;

    for (guint i = 0; rsc->children != NULL && i < rsc->children->len; i++) {
        count += cs_limit_primitives(model, g_array_index(rsc->children, int, i));
    }
    return count;
}

gboolean cs_model_check_size(const CsModel *model, GError **error)
{
    guint64 resources = model->resources->len;

    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind == CS_RSC_CLONE && rsc->clone_max > 1) {
            /* one instance is already counted as the configured child */
            resources += (guint64)(rsc->clone_max - 1) * cs_limit_primitives(model, (int)i);
        }
    }
    if (resources > cs_limits.resources) {
        return cs_limit_refuse(model->document, NULL, error,
                               "%" G_GUINT64_FORMAT " resources and clone instances:"
                               " more than the %u cibscope accepts",
                               resources, cs_limits.resources);
    }
    guint64 cells = resources * MAX(model->nodes->len, 1);
    if (cells > cs_limits.cells) {
        return cs_limit_refuse(model->document, NULL, error,
                               "%u nodes x %" G_GUINT64_FORMAT " resources and clone"
                               " instances: more than the %" G_GUINT64_FORMAT
                               " scores cibscope computes",
                               model->nodes->len, resources, cs_limits.cells);
    }
    return TRUE;
}
