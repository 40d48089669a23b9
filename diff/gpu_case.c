/* The case half of the GPU backend (include/rdna/gpu.h): a case's initial state as the guest
 * memory and wave state records of the module interface (include/rdna/recomp.h), and a run's
 * final records checked against [expect] through the same rdna_case_state callbacks the
 * interpreter's check uses. diff/gpu_case_run.c puts these around the recompiler and a run. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/case_check.h"
#include "rdna/gpu.h"

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
      va_end(ap);
   }
   return status;
}

/* ---- the initial state ----------------------------------------------------------------------- */

/* The guest memory image: every region of the case at its offset in the layout. */
static enum rdna_status build_memory(const struct rdna_case *c, unsigned wave_size,
                                     const struct rdna_module_layout *l, uint8_t **out,
                                     struct rdna_diag *diag)
{
   *out = NULL;
   size_t count = rdna_case_region_count(c);
   if (l->num_regions != count || (count && !l->regions))
      return fail(diag, RDNA_INTERNAL, "the module has %zu regions, the case %zu", l->num_regions,
                  count);
   uint8_t *memory = calloc(l->memory_bytes ? l->memory_bytes : 1, 1);
   if (!memory)
      return fail(diag, RDNA_NO_MEMORY, "out of memory for %llu bytes of guest memory",
                  (unsigned long long)l->memory_bytes);
   for (size_t i = 0; i < count; i++) {
      struct rdna_case_region region;
      const struct rdna_module_region *m = &l->regions[i];
      if (!rdna_case_region(c, i, &region) || region.address != m->address ||
          region.size != m->size || m->offset > l->memory_bytes ||
          m->size > l->memory_bytes - m->offset) {
         free(memory);
         return fail(diag, RDNA_INTERNAL,
                     "module region %zu ('%s') does not match the case's region or its memory", i,
                     m->name ? m->name : "?");
      }
      size_t num_bytes = 0;
      const uint8_t *bytes = rdna_case_region_bytes(c, i, wave_size, &num_bytes);
      if (num_bytes > m->size)
         num_bytes = (size_t)m->size;
      if (num_bytes)
         memcpy(memory + m->offset, bytes, num_bytes);
   }
   *out = memory;
   return RDNA_OK;
}

/* Every wave's record from the machine rdna_case_load built: the registers [init] sets, EXEC
 * with the existing lanes of partial waves, and the hardware registers the interpreter starts
 * with, so both backends start from one state. */
static enum rdna_status build_state(const struct rdna_machine *m,
                                    const struct rdna_module_layout *l, uint64_t entry,
                                    uint32_t **out, struct rdna_diag *diag)
{
   *out = NULL;
   if (rdna_machine_wave_count(m) != l->num_waves)
      return fail(diag, RDNA_INTERNAL, "the module runs %u waves, the case %u", l->num_waves,
                  rdna_machine_wave_count(m));
   uint32_t *state = calloc((size_t)l->num_waves * l->state_words, sizeof(uint32_t));
   if (!state)
      return fail(diag, RDNA_NO_MEMORY, "out of memory for the wave state records");
   for (unsigned w = 0; w < l->num_waves; w++) {
      uint32_t *record = state + (size_t)w * l->state_words;
      for (unsigned code = 0; code < 128; code++)
         rdna_machine_read_sreg(m, w, code, &record[RDNA_STATE_SREG(code)]);
      bool scc = false;
      rdna_machine_read_scc(m, w, &scc);
      record[RDNA_STATE_SCC] = scc;
      record[RDNA_STATE_PC_LO] = (uint32_t)entry;
      record[RDNA_STATE_PC_HI] = (uint32_t)(entry >> 32);
      record[RDNA_STATE_FAULT_LANE] = UINT32_MAX;
      record[RDNA_STATE_FAULT_OP] = UINT32_MAX;
      for (unsigned id = 0; id < RDNA_HWREG_COUNT; id++)
         rdna_machine_read_hwreg(m, w, id, &record[RDNA_STATE_HWREG(id)]);
      for (unsigned reg = 0; reg < l->vgprs; reg++)
         for (unsigned lane = 0; lane < l->wave_size; lane++)
            rdna_machine_read_vgpr(m, w, reg, lane,
                                   &record[RDNA_STATE_VGPR(reg, lane, l->wave_size)]);
   }
   *out = state;
   return RDNA_OK;
}

enum rdna_status rdna_gpu_case_prepare(const struct rdna_case *c, unsigned wave_size,
                                       const struct rdna_module_layout *layout, uint64_t step_limit,
                                       uint8_t **memory, uint32_t **state, struct rdna_diag *diag)
{
   if (memory)
      *memory = NULL;
   if (state)
      *state = NULL;
   if (!c || !layout || !memory || !state)
      return fail(diag, RDNA_BAD_ARGUMENT, "no case, layout or output");
   if (layout->wave_size != wave_size || layout->vgprs != rdna_case_vgprs(c) ||
       layout->state_words != RDNA_STATE_WORDS(layout->vgprs, wave_size))
      return fail(diag, RDNA_INTERNAL,
                  "the layout (wave%u, %u VGPRs, %zu state words) is not the case's (wave%u, %u "
                  "VGPRs)",
                  layout->wave_size, layout->vgprs, layout->state_words, wave_size,
                  rdna_case_vgprs(c));
   struct rdna_case_run_options options;
   memset(&options, 0, sizeof(options));
   options.step_limit = step_limit;
   struct rdna_machine *initial = NULL;
   enum rdna_status st = rdna_case_load(c, wave_size, &options, &initial, diag);
   if (st == RDNA_OK)
      st = build_memory(c, wave_size, layout, memory, diag);
   if (st == RDNA_OK)
      st = build_state(initial, layout, rdna_case_entry(c), state, diag);
   rdna_machine_destroy(initial);
   if (st != RDNA_OK) {
      free(*memory);
      *memory = NULL;
   }
   return st;
}

/* ---- checking ---------------------------------------------------------------------------- */

struct gpu_wave_state {
   const struct rdna_gpu_wave *wave;
   const struct rdna_gpu_result *result;
   const struct rdna_module_layout *layout;
   bool asked_fault;
};

static uint32_t gpu_read_sreg(void *user, unsigned code)
{
   const struct gpu_wave_state *s = user;
   if (code == RDNA_REG_SCC)
      return s->wave->scc;
   return code < 128 ? s->wave->sregs[code] : 0;
}

static uint32_t gpu_read_vgpr(void *user, unsigned reg, unsigned lane)
{
   const struct gpu_wave_state *s = user;
   if (reg >= s->result->vgprs || lane >= s->result->wave_size)
      return 0;
   return s->wave->vgprs[(size_t)reg * s->result->wave_size + lane];
}

static bool gpu_read_memory(void *user, uint64_t address, void *bytes, size_t size)
{
   const struct gpu_wave_state *s = user;
   return rdna_gpu_result_read_memory(s->result, s->layout, address, bytes, size);
}

static const char *gpu_fault(void *user, uint64_t *pc)
{
   struct gpu_wave_state *s = user;
   s->asked_fault = true;
   *pc = s->wave->fault.pc;
   return s->wave->fault.kind == RDNA_FAULT_NONE ? "none"
                                                 : rdna_fault_kind_name(s->wave->fault.kind);
}

/* Whether a wave that did not fault stopped where the interface says it must: at an s_endpgm
 * (include/rdna/recomp.h, RDNA_STATE_PC_LO). A module whose loop a driver cut short (lavapipe
 * leaves every loop of an invocation after 65535 iterations in all) ends elsewhere, and its
 * registers are not the program's result. */
/* The lanes wave `w` has: all but in the last wave of a workgroup whose size is not a multiple
 * of the wave size (rdna_case_load numbers lanes the same way). */
static uint64_t wave_lanes(const struct rdna_case *c, const struct rdna_module_layout *layout,
                           unsigned w)
{
   unsigned size[3];
   rdna_case_workgroup(c, size);
   uint64_t group = (uint64_t)size[0] * size[1] * size[2];
   uint64_t first = (uint64_t)(w % layout->waves_per_group) * layout->wave_size;
   if (group <= 1 || group >= first + layout->wave_size)
      return 0; /* one full wave (no workgroup) or a full wave */
   return group > first ? (1ull << (group - first)) - 1 : 0;
}

static bool stopped_at_endpgm(const struct rdna_case *c, unsigned wave_size,
                              const struct rdna_module_layout *layout,
                              const struct rdna_gpu_result *run, uint64_t pc)
{
   uint32_t word = 0;
   if (!rdna_gpu_result_read_memory(run, layout, pc, &word, sizeof(word)))
      return false;
   struct rdna_isa_config isa = { rdna_case_target(c), wave_size };
   struct rdna_inst inst;
   if (rdna_decode(&isa, &word, sizeof(word), &inst, NULL) != RDNA_OK)
      return false;
   return strncmp(rdna_op_name(inst.op), "s_endpgm", 8) == 0;
}

enum rdna_status rdna_gpu_case_check(const struct rdna_case *c, unsigned wave_size,
                                     const struct rdna_module_layout *layout,
                                     const struct rdna_gpu_result *run, struct rdna_case_result *r,
                                     struct rdna_diag *diag)
{
   if (!c || !layout || !run || !r || !run->state || run->wave_size != wave_size)
      return fail(diag, RDNA_BAD_ARGUMENT, "no case, layout, run or result, or another wave size");
   memset(r, 0, sizeof(*r));
   r->wave_size = wave_size;
   r->waves = run->num_waves;
   enum rdna_status status = RDNA_OK;
   struct case_collector k = { r, 0, 0, false };
   for (unsigned w = 0; w < r->waves; w++) {
      struct rdna_gpu_wave wave;
      enum rdna_status st = rdna_gpu_result_wave(run, w, &wave);
      if (st != RDNA_OK)
         return fail(diag, st, "wave %u: %s", w, wave.fault.message);
      if (!wave.ended)
         return fail(diag, RDNA_INTERNAL, "wave %u: the module's epilogue did not mark it ended",
                     w);
      if (wave.fault.kind == RDNA_FAULT_NONE &&
          !stopped_at_endpgm(c, wave_size, layout, run, wave.pc))
         return fail(diag, RDNA_INTERNAL,
                     "wave %u stopped at 0x%llx after %llu steps without a fault, and no "
                     "s_endpgm is there: the module ended early",
                     w, (unsigned long long)wave.pc, (unsigned long long)wave.steps);
      r->steps += wave.steps;
      if (wave.fault.kind != RDNA_FAULT_NONE && !r->faulted) {
         r->faulted = true;
         r->fault = wave.fault;
      }
      struct gpu_wave_state s = { &wave, run, layout, false };
      struct rdna_case_state state = {
         &s, gpu_read_sreg, gpu_read_vgpr, gpu_read_memory, gpu_fault, wave_lanes(c, layout, w)
      };
      k.wave = w;
      k.first_of_wave = r->num_failures;
      unsigned failures = 0;
      st = rdna_case_check(c, wave_size, &state, case_collect_failure, &k, &failures);
      if (st != RDNA_OK && status == RDNA_OK)
         status = st;
      r->fault_expected |= s.asked_fault;
   }
   if (k.out_of_memory)
      return fail(diag, RDNA_NO_MEMORY, "out of memory collecting failures");
   /* An [expect] value that cannot be evaluated is a failure of the run (as in `rdna run`). */
   r->unexpected_fault = r->faulted && !r->fault_expected;
   r->passed = status == RDNA_OK && r->num_failures == 0 && !r->unexpected_fault;
   return RDNA_OK;
}
