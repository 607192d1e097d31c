/* live_tools.h: the operator's own tool for an operation (live_tools.c).
 */
#ifndef CS_LIVE_TOOLS_H
#define CS_LIVE_TOOLS_H

#include "cib/live_op.h"

/* Chooses the operator's tool for op when one makes exactly its change
 * (see CsLiveOp.commands); node is the object op touches, in the edited
 * document (in the base for a deletion), before the object as it was
 * (NULL for a creation or deletion).  Leaves op to cibadmin otherwise. */
void cs_live_op_use_tool(CsLiveOp *op, const xmlNode *node, const xmlNode *before);

#endif
