/* xml.h: reading a CIB's XML without allocating, for every layer.
 *
 * The document owns every value these return; they hold only while the
 * element is not edited.
 */
#ifndef CS_BASE_XML_H
#define CS_BASE_XML_H

#include <glib.h>
#include <libxml/tree.h>

/* Value of an attribute without allocating: libxml2 keeps a plain
 * attribute's value as its single text child.  NULL when absent (or when
 * element is not an element). */
const char *cs_xml_attr(const xmlNode *element, const char *name);
/* The next element sibling (skipping text and comments), or the first
 * element child. */
xmlNode *cs_xml_first_element(const xmlNode *parent);
xmlNode *cs_xml_next_element(const xmlNode *element);
/* element is an element (not NULL) with this tag name. */
gboolean cs_xml_is(const xmlNode *element, const char *name);

#endif
