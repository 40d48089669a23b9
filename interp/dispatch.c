/* The interpreter's dispatch table: one handler per instruction-table row, expanded from
 * isa/table.def. A row without an exec_<mnemonic> definition fails to link; rows the interpreter
 * does not implement yet have explicit UNSUPPORTED(name) definitions in their class's file. */
#include "interp/dispatch.h"

static const exec_fn handlers[RDNA_OP_COUNT] = {
#define INST(name, format, op1013, op1030, signature, flags) [RDNA_OP_##name] = exec_##name,
#include "table.def"
#undef INST
};

exec_fn dispatch_handler(unsigned op)
{
   return op < RDNA_OP_COUNT ? handlers[op] : NULL;
}
