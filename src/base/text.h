/* text.h: words of a CIB that every layer reads the same way.
 *
 * A CIB writes booleans as text ("true", "yes", "on", "y", "1" in any
 * case: Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Cluster
 * Options" use them interchangeably).  One reader here, so the model, the
 * engine and the edits never disagree on what counts as true.
 */
#ifndef CS_BASE_TEXT_H
#define CS_BASE_TEXT_H

#include <glib.h>

/* Pacemaker's rule for a true value: yes, true, on, y or 1, in any case;
 * everything else, and NULL, is false. */
gboolean cs_text_is_true(const char *text);
/* The same rule's false values: no, false, off, n or 0, in any case; NULL
 * and every other word are neither (an option then keeps its default). */
gboolean cs_text_is_false(const char *text);

#endif
