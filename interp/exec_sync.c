/* Workgroup synchronisation: s_barrier. The waiting itself is the scheduler's
 * (interp/machine.c, run_group): the handler only marks the wave as arrived. */
#include "interp/wave.h"

/* S_BARRIER (RDNA2 ISA guide, SOPP opcodes): the wave waits until every wave of its workgroup
 * that has not ended reaches a barrier. In a workgroup of one wave it does nothing. */
enum rdna_status exec_s_barrier(struct wave *w, const struct rdna_inst *in)
{
   (void)in;
   if (w->m->waves_per_group > 1)
      w->at_barrier = true;
   return RDNA_OK;
}
