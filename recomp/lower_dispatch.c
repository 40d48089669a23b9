/* The recompiler's dispatch table: one lowering handler per instruction-table row, expanded from
 * isa/table.def. A row without a lower_<mnemonic> definition fails to link; rows not lowered yet
 * have explicit UNSUPPORTED(name) definitions in their class's file. */
#include "recomp/lower.h"

static const lower_fn handlers[RDNA_OP_COUNT] = {
#define INST(name, format, op1013, op1030, signature, flags) [RDNA_OP_##name] = lower_##name,
#include "table.def"
#undef INST
};

lower_fn lower_handler(unsigned op)
{
   return op < RDNA_OP_COUNT ? handlers[op] : NULL;
}
