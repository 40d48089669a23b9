/* The differential driver (include/rdna/diff.h): a case through the interpreter, with a trace
 * hook that remembers the last instruction writing each register, and through the recompiler
 * on a Vulkan device; then the two final states compared field by field. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/diff.h"

#define DEFAULT_MAX_DIVERGENCES 64
/* Per wave, the last writer of each register, indexed by trace code: 0-127 scalar registers,
 * SCC at WRITER_SCC, VGPR n at RDNA_REG_VGPR0 + n. */
#define WRITER_SCC 128u
#define WRITER_SLOTS (RDNA_REG_VGPR0 + 256u)

struct writers {
   unsigned num_waves;
   uint64_t *pc; /* num_waves * WRITER_SLOTS; 0: never written (no code lives at address 0) */
};

static const char *const kind_names[] = {
   [RDNA_DIVERGE_SREG] = "sreg",   [RDNA_DIVERGE_SCC] = "scc",       [RDNA_DIVERGE_HWREG] = "hwreg",
   [RDNA_DIVERGE_VGPR] = "vgpr",   [RDNA_DIVERGE_MEMORY] = "memory", [RDNA_DIVERGE_LDS] = "lds",
   [RDNA_DIVERGE_FAULT] = "fault", [RDNA_DIVERGE_PC] = "pc",         [RDNA_DIVERGE_STEPS] = "steps",
};

const char *rdna_divergence_kind_name(enum rdna_divergence_kind kind)
{
   if ((unsigned)kind >= sizeof(kind_names) / sizeof(kind_names[0]) || !kind_names[kind])
      return "?";
   return kind_names[kind];
}

static void trace_writer(void *user, const struct rdna_trace_event *event)
{
   struct writers *w = user;
   if (event->wave >= w->num_waves)
      return;
   uint64_t *slots = &w->pc[(size_t)event->wave * WRITER_SLOTS];
   unsigned n =
      event->num_writes < RDNA_TRACE_MAX_WRITES ? event->num_writes : RDNA_TRACE_MAX_WRITES;
   for (unsigned i = 0; i < n; i++)
      if (event->writes[i] < WRITER_SLOTS)
         slots[event->writes[i]] = event->pc;
   if (event->wrote_scc)
      slots[WRITER_SCC] = event->pc;
}

/* ---- the divergence list ------------------------------------------------------------------- */

struct compare {
   const struct rdna_machine *machine;
   const struct writers *writers;
   const struct rdna_case *c; /* what [init] defines; NULL: compare every register and lane */
   struct rdna_isa_config isa;
   size_t max;
   struct rdna_diff_result *result;
   enum rdna_status status;
};

/* The llvm-mc text of the instruction at `pc` in the interpreter's final memory. */
static void writer_text(const struct compare *cmp, uint64_t pc, char *text, size_t size)
{
   text[0] = '\0';
   uint8_t bytes[RDNA_MAX_INST_WORDS * 4];
   size_t have = sizeof(bytes);
   while (have >= 4 && rdna_machine_read_memory(cmp->machine, pc, bytes, have) != RDNA_OK)
      have -= 4;
   struct rdna_inst inst;
   if (have >= 4 && rdna_decode(&cmp->isa, bytes, have, &inst, NULL) == RDNA_OK)
      rdna_print(&cmp->isa, &inst, text, size);
}

static void diverge(struct compare *cmp, enum rdna_divergence_kind kind, unsigned wave,
                    unsigned reg, unsigned lane, uint64_t address, uint64_t interp, uint64_t gpu,
                    unsigned writer_slot)
{
   struct rdna_diff_result *r = cmp->result;
   r->total_divergences++;
   r->equal = false;
   if (r->num_divergences >= cmp->max || cmp->status != RDNA_OK)
      return;
   if (!r->divergences) {
      r->divergences = calloc(cmp->max, sizeof(*r->divergences));
      if (!r->divergences) {
         cmp->status = RDNA_NO_MEMORY;
         return;
      }
   }
   struct rdna_divergence *d = &r->divergences[r->num_divergences++];
   memset(d, 0, sizeof(*d));
   d->kind = kind;
   d->wave = wave;
   d->reg = reg;
   d->lane = lane;
   d->address = address;
   d->interp = interp;
   d->gpu = gpu;
   if (cmp->writers && writer_slot < WRITER_SLOTS) {
      uint64_t pc = cmp->writers->pc[(size_t)wave * WRITER_SLOTS + writer_slot];
      if (pc) {
         d->has_writer = true;
         d->writer_pc = pc;
         writer_text(cmp, pc, d->writer_text, sizeof(d->writer_text));
      }
   }
}

/* ---- comparing one wave ---------------------------------------------------------------------- */

/* Definedness (docs/definedness.md): a register or VGPR lane holds a defined value when the
 * case's [init] or the dispatch gave it one, or when an instruction wrote it (the interpreter's
 * written masks: an EXEC-predicated write defines the lanes it enabled). What is neither holds
 * whatever a backend starts with, which no program can rely on: it is not compared, only
 * counted. Without a case (rdna_diff_compare) every register and lane is compared. */
static struct rdna_definedness definedness(const struct compare *cmp, unsigned wave, unsigned reg)
{
   struct rdna_definedness d;
   if (rdna_machine_read_definedness(cmp->machine, wave, reg, &d) != RDNA_OK)
      memset(&d, 0, sizeof(d));
   return d;
}

static bool sreg_defined(struct compare *cmp, unsigned reg, unsigned wave_size,
                         const struct rdna_definedness *d)
{
   if (!cmp->c || reg == RDNA_REG_EXEC_LO || reg == RDNA_REG_EXEC_HI)
      return true;
   if (d->written || rdna_case_init_writes_sreg(cmp->c, wave_size, reg))
      return true;
   cmp->result->skipped_sregs++;
   return false;
}

/* The lanes of VGPR `v` that hold a defined value, of the `lanes` that exist. */
static uint64_t vgpr_defined_lanes(struct compare *cmp, unsigned v, uint64_t lanes,
                                   const struct rdna_definedness *d)
{
   if (!cmp->c || rdna_case_init_writes_vgpr(cmp->c, v))
      return lanes;
   uint64_t defined = d->written & lanes;
   cmp->result->skipped_vgpr_lanes += (size_t)__builtin_popcountll(lanes & ~defined);
   if (!defined)
      cmp->result->skipped_vgprs++;
   return defined;
}

/* Records that `lanes` of a register are compared only outside the bits the guide leaves
 * undefined; `differs`: the two sides differ in those bits. */
static void skip_undefined(struct compare *cmp, enum rdna_divergence_kind kind, unsigned wave,
                           unsigned reg, uint64_t lanes, const struct rdna_definedness *d,
                           bool differs)
{
   struct rdna_diff_result *r = cmp->result;
   unsigned reason = d->reason < RDNA_UNDEFINED_COUNT ? (unsigned)d->reason : 0;
   r->skipped_undefined[reason] += (size_t)__builtin_popcountll(lanes);
   r->skipped_undefined_total++;
   if (r->num_undefined_skips >= cmp->max || cmp->status != RDNA_OK)
      return;
   if (!r->undefined_skips) {
      r->undefined_skips = calloc(cmp->max, sizeof(*r->undefined_skips));
      if (!r->undefined_skips) {
         cmp->status = RDNA_NO_MEMORY;
         return;
      }
   }
   r->undefined_skips[r->num_undefined_skips++] =
      (struct rdna_undefined_skip){ kind, wave, reg, lanes, d->undefined_bits, d->reason, differs };
}

static void compare_fault(struct compare *cmp, unsigned wave, const struct rdna_gpu_wave *g)
{
   struct rdna_fault f;
   if (!rdna_machine_fault(cmp->machine, wave, &f))
      f.kind = RDNA_FAULT_NONE;
   if (f.kind != g->fault.kind) {
      diverge(cmp, RDNA_DIVERGE_FAULT, wave, 0, 0, 0, f.kind, g->fault.kind, WRITER_SLOTS);
      return;
   }
   if (f.kind != RDNA_FAULT_NONE && f.pc != g->fault.pc)
      diverge(cmp, RDNA_DIVERGE_FAULT, wave, 0, 0, f.pc, f.pc, g->fault.pc, WRITER_SLOTS);
}

/* One scalar register (or SCC, kind SCC): skipped when undefined, compared in its defined bits. */
static void compare_scalar(struct compare *cmp, enum rdna_divergence_kind kind, unsigned wave,
                           unsigned reg, unsigned wave_size, uint32_t interp, uint32_t gpu)
{
   unsigned code = kind == RDNA_DIVERGE_SCC ? RDNA_REG_SCC : reg;
   struct rdna_definedness d = definedness(cmp, wave, code);
   if (!sreg_defined(cmp, code, wave_size, &d))
      return;
   uint32_t compared = d.undefined ? ~d.undefined_bits : ~0u;
   if (d.undefined)
      skip_undefined(cmp, kind, wave, reg, 1, &d, ((interp ^ gpu) & d.undefined_bits) != 0);
   if ((interp ^ gpu) & compared)
      diverge(cmp, kind, wave, reg, 0, 0, interp, gpu, kind == RDNA_DIVERGE_SCC ? WRITER_SCC : reg);
}

static void compare_vgpr(struct compare *cmp, unsigned wave, unsigned v, unsigned wave_size,
                         unsigned lanes, const struct rdna_gpu_wave *g)
{
   struct rdna_definedness d = definedness(cmp, wave, RDNA_REG_VGPR0 + v);
   uint64_t existing = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
   uint64_t defined = vgpr_defined_lanes(cmp, v, existing, &d);
   uint64_t undefined = d.undefined & defined;
   bool undefined_differs = false;
   for (unsigned lane = 0; lane < lanes; lane++) {
      if (!(defined >> lane & 1))
         continue;
      uint32_t value = 0;
      rdna_machine_read_vgpr(cmp->machine, wave, v, lane, &value);
      uint32_t other = g->vgprs[(size_t)v * wave_size + lane];
      uint32_t compared = ~0u;
      if (undefined >> lane & 1) {
         compared = ~d.undefined_bits;
         undefined_differs |= ((value ^ other) & d.undefined_bits) != 0;
      }
      if ((value ^ other) & compared)
         diverge(cmp, RDNA_DIVERGE_VGPR, wave, v, lane, 0, value, other, RDNA_REG_VGPR0 + v);
   }
   if (undefined)
      skip_undefined(cmp, RDNA_DIVERGE_VGPR, wave, v, undefined, &d, undefined_differs);
}

static void compare_wave(struct compare *cmp, unsigned wave, const struct rdna_gpu_wave *g,
                         unsigned wave_size, unsigned vgprs)
{
   const struct rdna_machine *m = cmp->machine;
   compare_fault(cmp, wave, g);
   uint64_t pc = 0;
   rdna_machine_read_pc(m, wave, &pc);
   if (pc != g->pc)
      diverge(cmp, RDNA_DIVERGE_PC, wave, 0, 0, 0, pc, g->pc, WRITER_SLOTS);
   uint64_t steps = rdna_machine_steps(m, wave);
   if (steps != g->steps)
      diverge(cmp, RDNA_DIVERGE_STEPS, wave, 0, 0, 0, steps, g->steps, WRITER_SLOTS);

   for (unsigned reg = 0; reg < 128; reg++) {
      uint32_t value = 0;
      if (reg == RDNA_REG_NULL || rdna_machine_read_sreg(m, wave, reg, &value) != RDNA_OK)
         continue;
      if (wave_size == 32 && (reg == RDNA_REG_EXEC_HI || reg == RDNA_REG_VCC_HI))
         continue; /* wave32 has no high halves: what a program leaves there is not state */
      compare_scalar(cmp, RDNA_DIVERGE_SREG, wave, reg, wave_size, value, g->sregs[reg]);
   }
   bool scc = false;
   rdna_machine_read_scc(m, wave, &scc);
   compare_scalar(cmp, RDNA_DIVERGE_SCC, wave, 0, wave_size, scc, g->scc);
   uint32_t mode = 0;
   rdna_machine_read_hwreg(m, wave, RDNA_HWREG_MODE, &mode);
   if (mode != g->hwregs[RDNA_HWREG_MODE])
      diverge(cmp, RDNA_DIVERGE_HWREG, wave, RDNA_HWREG_MODE, 0, 0, mode,
              g->hwregs[RDNA_HWREG_MODE], WRITER_SLOTS);

   struct rdna_wave_info info;
   unsigned lanes = wave_size;
   if (rdna_machine_wave_info(m, wave, &info) == RDNA_OK && info.lanes < lanes)
      lanes = info.lanes;
   for (unsigned v = 0; v < vgprs; v++)
      compare_vgpr(cmp, wave, v, wave_size, lanes, g);
}

/* ---- memory and LDS ---------------------------------------------------------------------------
 * Compared byte for byte: both backends start guest memory from the case's bytes (zeros past a
 * region's data lines) and LDS from zeros, by contract, so no byte is undefined. */

static void compare_memory(struct compare *cmp, const struct rdna_gpu_result *run,
                           const struct rdna_module_layout *layout)
{
   for (size_t i = 0; i < layout->num_regions && cmp->status == RDNA_OK; i++) {
      const struct rdna_module_region *region = &layout->regions[i];
      if (region->offset > run->memory_bytes || region->size > run->memory_bytes - region->offset)
         continue;
      uint8_t *bytes = malloc(region->size ? region->size : 1);
      if (!bytes) {
         cmp->status = RDNA_NO_MEMORY;
         return;
      }
      if (rdna_machine_read_memory(cmp->machine, region->address, bytes, region->size) == RDNA_OK) {
         const uint8_t *gpu = run->memory + region->offset;
         for (uint64_t b = 0; b < region->size; b++)
            if (bytes[b] != gpu[b])
               diverge(cmp, RDNA_DIVERGE_MEMORY, 0, 0, 0, region->address + b, bytes[b], gpu[b],
                       WRITER_SLOTS);
      }
      free(bytes);
   }
}

static void compare_lds(struct compare *cmp, const struct rdna_gpu_result *run)
{
   if (!run->lds || !run->lds_bytes_per_group)
      return;
   uint8_t *bytes = malloc(run->lds_bytes_per_group);
   if (!bytes) {
      cmp->status = RDNA_NO_MEMORY;
      return;
   }
   for (unsigned g = 0; g < run->workgroups; g++) {
      if (rdna_machine_read_lds(cmp->machine, g, 0, bytes, run->lds_bytes_per_group) != RDNA_OK)
         continue;
      const uint8_t *gpu = run->lds + (size_t)g * run->lds_bytes_per_group;
      for (uint32_t b = 0; b < run->lds_bytes_per_group; b++)
         if (bytes[b] != gpu[b])
            diverge(cmp, RDNA_DIVERGE_LDS, g, 0, 0, b, bytes[b], gpu[b], WRITER_SLOTS);
   }
   free(bytes);
}

static enum rdna_status compare_states(const struct rdna_machine *machine,
                                       const struct writers *writers, const struct rdna_case *c,
                                       const struct rdna_gpu_result *run,
                                       const struct rdna_module_layout *layout,
                                       size_t max_divergences, struct rdna_diff_result *result)
{
   struct rdna_machine_config config;
   rdna_machine_get_config(machine, &config);
   unsigned waves = rdna_machine_wave_count(machine);
   if (!run->state || run->wave_size != config.wave_size || run->num_waves != waves ||
       run->vgprs != config.vgprs || layout->wave_size != config.wave_size)
      return RDNA_BAD_ARGUMENT;
   struct compare cmp = { machine,
                          writers,
                          c,
                          { config.target, config.wave_size },
                          max_divergences ? max_divergences : DEFAULT_MAX_DIVERGENCES,
                          result,
                          RDNA_OK };
   result->equal = result->total_divergences == 0;
   for (unsigned wave = 0; wave < waves && cmp.status == RDNA_OK; wave++) {
      struct rdna_gpu_wave g;
      enum rdna_status st = rdna_gpu_result_wave(run, wave, &g);
      if (st == RDNA_BAD_ARGUMENT)
         return st;
      compare_wave(&cmp, wave, &g, config.wave_size, config.vgprs);
   }
   compare_memory(&cmp, run, layout);
   compare_lds(&cmp, run);
   return cmp.status;
}

enum rdna_status rdna_diff_compare(const struct rdna_machine *machine,
                                   const struct rdna_gpu_result *run,
                                   const struct rdna_module_layout *layout, size_t max_divergences,
                                   struct rdna_diff_result *result)
{
   if (!machine || !run || !layout || !result)
      return RDNA_BAD_ARGUMENT;
   return compare_states(machine, NULL, NULL, run, layout, max_divergences, result);
}

enum rdna_status rdna_diff_compare_case(const struct rdna_machine *machine,
                                        const struct rdna_case *c,
                                        const struct rdna_gpu_result *run,
                                        const struct rdna_module_layout *layout,
                                        size_t max_divergences, struct rdna_diff_result *result)
{
   if (!machine || !c || !run || !layout || !result)
      return RDNA_BAD_ARGUMENT;
   return compare_states(machine, NULL, c, run, layout, max_divergences, result);
}

/* ---- the whole differential run ------------------------------------------------------------- */

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *message)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      strncpy(diag->message, message, sizeof(diag->message) - 1);
   }
   return status;
}

/* The GPU side: recompile for the device's subgroup size, prepare the case's initial state, run
 * and check [expect]. *module stays the caller's (its layout describes result->gpu_run). */
static enum rdna_status run_gpu(struct rdna_gpu *gpu, const struct rdna_case *c, unsigned wave_size,
                                const struct rdna_diff_options *o, struct rdna_module **module,
                                struct rdna_diff_result *result, struct rdna_diag *diag)
{
   struct rdna_recomp_options recomp;
   memset(&recomp, 0, sizeof(recomp));
   recomp.wave_size = wave_size;
   recomp.relative = o->relative;
   recomp.cfg = o->cfg;
   recomp.entries = o->entries;
   recomp.waves = o->waves;
   recomp.step_limit = o->step_limit;
   enum rdna_status st = rdna_gpu_subgroup_size(gpu, wave_size, &recomp.subgroup_size, diag);
   if (st != RDNA_OK)
      return st;
   result->subgroup_size = recomp.subgroup_size;
   st = rdna_recomp_case(c, &recomp, module, diag);
   if (st != RDNA_OK)
      return st;
   const struct rdna_module_layout *layout = rdna_module_layout(*module);
   uint8_t *memory = NULL;
   uint32_t *state = NULL;
   st = rdna_gpu_case_prepare(c, wave_size, layout, o->step_limit, &memory, &state, diag);
   const uint32_t *words = rdna_module_words(*module, &result->spirv_words);
   uint32_t *edited = NULL;
   if (st == RDNA_OK && o->edit_module) {
      edited = malloc(result->spirv_words * sizeof(*edited));
      if (!edited)
         st = fail(diag, RDNA_NO_MEMORY, "out of memory");
      else {
         memcpy(edited, words, result->spirv_words * sizeof(*edited));
         o->edit_module(o->edit_user, edited, result->spirv_words);
         words = edited;
      }
   }
   if (st == RDNA_OK) {
      struct rdna_gpu_run_options run = { o->timeout_ns, 0 };
      st = rdna_gpu_run(gpu, words, result->spirv_words, layout, memory, state, &run,
                        &result->gpu_run, diag);
   }
   free(edited);
   free(memory);
   free(state);
   if (st == RDNA_OK)
      st = rdna_gpu_case_check(c, wave_size, layout, &result->gpu_run, &result->gpu, diag);
   return st;
}

enum rdna_status rdna_diff_case(struct rdna_gpu *gpu, const struct rdna_case *c, unsigned wave_size,
                                const struct rdna_diff_options *options,
                                struct rdna_diff_result *result, struct rdna_diag *diag)
{
   if (!result)
      return fail(diag, RDNA_BAD_ARGUMENT, "no result");
   memset(result, 0, sizeof(*result));
   result->wave_size = wave_size;
   if (!gpu || !c)
      return fail(diag, RDNA_BAD_ARGUMENT, "no device or case");
   struct rdna_diff_options o;
   memset(&o, 0, sizeof(o));
   if (options)
      o = *options;

   struct writers writers = { 0, NULL };
   struct rdna_case_run_options run = { 0 };
   struct rdna_trace_hook hook = { trace_writer, &writers };
   run.step_limit = o.step_limit;
   run.threads = o.interp_threads;
   unsigned group[3], grid[3];
   rdna_case_workgroup(c, group);
   rdna_case_grid(c, grid);
   uint64_t lanes = (uint64_t)group[0] * group[1] * group[2];
   uint64_t waves = (lanes + wave_size - 1) / wave_size * grid[0] * grid[1] * grid[2];
   if (waves > UINT32_MAX / WRITER_SLOTS)
      return fail(diag, RDNA_OUT_OF_RANGE, "too many waves for a differential run");
   writers.num_waves = (unsigned)waves;
   writers.pc = calloc((size_t)waves * WRITER_SLOTS, sizeof(*writers.pc));
   if (!writers.pc)
      return fail(diag, RDNA_NO_MEMORY, "out of memory for the writer table");
   run.trace = &hook;
   enum rdna_status st = rdna_case_run(c, wave_size, &run, &result->interp, diag);

   struct rdna_module *module = NULL;
   if (st == RDNA_OK)
      st = run_gpu(gpu, c, wave_size, &o, &module, result, diag);
   if (st == RDNA_OK) {
      st = compare_states(result->interp.machine, &writers, c, &result->gpu_run,
                          rdna_module_layout(module), o.max_divergences, result);
      if (st != RDNA_OK)
         fail(diag, st, "the two backends' states could not be compared");
   }
   rdna_module_destroy(module);
   free(writers.pc);
   return st;
}

void rdna_diff_result_free(struct rdna_diff_result *result)
{
   if (!result)
      return;
   rdna_case_result_free(&result->interp);
   rdna_case_result_free(&result->gpu);
   rdna_gpu_result_free(&result->gpu_run);
   free(result->divergences);
   result->divergences = NULL;
   result->num_divergences = 0;
   free(result->undefined_skips);
   result->undefined_skips = NULL;
   result->num_undefined_skips = 0;
}

/* ---- code context ------------------------------------------------------------------------------
 */

size_t rdna_diff_context(const struct rdna_case *c, unsigned wave_size, uint64_t pc,
                         unsigned before, unsigned after, struct rdna_diff_context_line *lines)
{
   struct rdna_isa_config isa = { rdna_case_target(c), wave_size };
   for (size_t i = 0; i < rdna_case_region_count(c); i++) {
      struct rdna_case_region r;
      size_t size = 0;
      if (!rdna_case_region(c, i, &r) || !r.is_program || pc < r.address ||
          pc - r.address >= r.size)
         continue;
      const uint8_t *bytes = rdna_case_region_bytes(c, i, wave_size, &size);
      /* Walk from the start; keep a ring of the last `before` instructions. */
      size_t n = 0, found = 0;
      bool seen = false;
      uint64_t offset = 0;
      while (bytes && offset + 4 <= size) {
         struct rdna_diff_context_line line;
         memset(&line, 0, sizeof(line));
         line.pc = r.address + offset;
         struct rdna_inst inst;
         unsigned step = 4;
         if (rdna_decode(&isa, bytes + offset, size - offset, &inst, NULL) == RDNA_OK) {
            rdna_print(&isa, &inst, line.text, sizeof(line.text));
            step = inst.size;
         } else {
            uint32_t word = (uint32_t)bytes[offset] | (uint32_t)bytes[offset + 1] << 8 |
                            (uint32_t)bytes[offset + 2] << 16 | (uint32_t)bytes[offset + 3] << 24;
            snprintf(line.text, sizeof(line.text), ".long 0x%08x", word);
         }
         if (!seen) {
            if (line.pc > pc)
               return 0; /* pc falls inside an instruction */
            line.is_target = line.pc == pc;
            if (!line.is_target && before == 0) {
               offset += step;
               continue;
            }
            if (!line.is_target && n == before) {
               memmove(lines, lines + 1, (before - 1) * sizeof(*lines));
               n--;
            }
            lines[n++] = line;
            seen = line.is_target;
         } else {
            if (found == after)
               break;
            lines[n++] = line;
            found++;
         }
         offset += step;
      }
      return seen ? n : 0;
   }
   return 0;
}
