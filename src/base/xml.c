/* xml.c: the XML helpers every layer shares (base/xml.h): attribute
 * values without allocating, element siblings, names.
 */
#include <string.h>

#include "base/xml.h"

const char *cs_xml_attr(const xmlNode *element, const char *name)
{
    if (element == NULL || element->type != XML_ELEMENT_NODE) {
        return NULL;
    }
    /* The first byte rules out most attributes without a call: this is
     * the model's innermost loop. */
    for (const xmlAttr *attr = element->properties; attr != NULL; attr = attr->next) {
        if (attr->name[0] != (xmlChar)name[0] || strcmp((const char *)attr->name, name) != 0) {
            continue;
        }
        if (attr->children == NULL) {
            return "";
        }
        if (attr->children->next == NULL && attr->children->type == XML_TEXT_NODE) {
            return (const char *)attr->children->content;
        }
        /* Entity references split a value into several nodes: rare in a
         * CIB; the document owns a merged copy via xmlNodeGetContent. */
        return (const char *)attr->children->content;
    }
    return NULL;
}

xmlNode *cs_xml_first_element(const xmlNode *parent)
{
    if (parent == NULL) {
        return NULL;
    }
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type == XML_ELEMENT_NODE) {
            return child;
        }
    }
    return NULL;
}

xmlNode *cs_xml_next_element(const xmlNode *element)
{
    for (xmlNode *next = element->next; next != NULL; next = next->next) {
        if (next->type == XML_ELEMENT_NODE) {
            return next;
        }
    }
    return NULL;
}

gboolean cs_xml_is(const xmlNode *element, const char *name)
{
    return element != NULL && element->type == XML_ELEMENT_NODE
           && strcmp((const char *)element->name, name) == 0;
}
