/* Reading a GPU run's results (include/rdna/gpu.h): one wave's state record (RDNA_STATE_* of
 * include/rdna/recomp.h) decoded into registers and its fault, and guest bytes found through the
 * module layout's regions. */
#include <stdio.h>
#include <string.h>

#include "rdna/gpu.h"

static uint64_t pair(const uint32_t *record, unsigned lo)
{
   return (uint64_t)record[lo + 1] << 32 | record[lo];
}

enum rdna_status rdna_gpu_result_wave(const struct rdna_gpu_result *result, unsigned wave,
                                      struct rdna_gpu_wave *out)
{
   if (!result || !out || !result->state || wave >= result->num_waves)
      return RDNA_BAD_ARGUMENT;
   memset(out, 0, sizeof(*out));
   const uint32_t *record = result->state + (size_t)wave * result->state_words;
   for (unsigned code = 0; code < 128; code++)
      out->sregs[code] = record[RDNA_STATE_SREG(code)];
   out->sregs[RDNA_REG_NULL] = 0;
   out->scc = record[RDNA_STATE_SCC] != 0;
   out->ended = record[RDNA_STATE_ENDED] != 0;
   out->pc = pair(record, RDNA_STATE_PC_LO);
   out->steps = pair(record, RDNA_STATE_STEPS_LO);
   for (unsigned id = 0; id < RDNA_HWREG_COUNT; id++)
      out->hwregs[id] = record[RDNA_STATE_HWREG(id)];
   out->vgprs = record + RDNA_STATE_VGPR_BASE;

   struct rdna_fault *f = &out->fault;
   uint32_t kind = record[RDNA_STATE_FAULT_KIND];
   f->wave = wave;
   f->lane = -1;
   f->op = UINT32_MAX;
   if (kind == RDNA_FAULT_NONE)
      return RDNA_OK;
   f->pc = pair(record, RDNA_STATE_FAULT_PC_LO);
   f->address = pair(record, RDNA_STATE_FAULT_ADDR_LO);
   uint32_t lane = record[RDNA_STATE_FAULT_LANE];
   f->lane = lane < result->wave_size ? (int)lane : -1;
   f->op = record[RDNA_STATE_FAULT_OP];
   const char *op = f->op != UINT32_MAX ? rdna_op_name(f->op) : NULL;
   if (kind >= RDNA_FAULT_KIND_COUNT) {
      f->kind = RDNA_FAULT_UNSUPPORTED;
      snprintf(f->message, sizeof(f->message), "the module recorded fault kind %u, which is none",
               kind);
      return RDNA_INTERNAL;
   }
   f->kind = (enum rdna_fault_kind)kind;
#define FAULT_DESCRIPTION(name, description) description,
   static const char *const descriptions[] = { RDNA_FAULT_LIST(FAULT_DESCRIPTION) };
#undef FAULT_DESCRIPTION
   if (op)
      snprintf(f->message, sizeof(f->message), "%s: %s", op, descriptions[kind]);
   else
      snprintf(f->message, sizeof(f->message), "%s", descriptions[kind]);
   return RDNA_OK;
}

bool rdna_gpu_result_read_memory(const struct rdna_gpu_result *result,
                                 const struct rdna_module_layout *layout, uint64_t address,
                                 void *out, size_t size)
{
   if (!result || !layout || !result->memory || (!out && size) ||
       (layout->num_regions && !layout->regions))
      return false;
   for (size_t i = 0; i < layout->num_regions; i++) {
      const struct rdna_module_region *r = &layout->regions[i];
      if (address < r->address || address - r->address > r->size ||
          size > r->size - (address - r->address))
         continue;
      uint64_t offset = r->offset + (address - r->address);
      if (offset > result->memory_bytes || size > result->memory_bytes - offset)
         return false;
      memcpy(out, result->memory + offset, size);
      return true;
   }
   return false;
}
