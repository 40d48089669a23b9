/* The recompiler's entry point (include/rdna/recomp.h): checks the options against the case,
 * lays out the module interface, discovers the code (recomp/cfg.c) and builds one compute
 * module: a prologue that loads the wave's state record, a bounded dispatcher loop whose switch
 * on the PC selects a basic block, the blocks lowered instruction by instruction through the
 * table's handlers, and an epilogue that writes the whole state back. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower.h"
#include "recomp/recomp_internal.h"
#include "recomp/structure.h"

struct rdna_module {
   uint32_t *words;
   size_t num_words;
   struct rdna_module_layout layout;
   struct rdna_module_region *regions;
};

static const char *const lowering_names[] = { "default", "chain", "tree", "switch", "window" };
static const char *const cfg_lowering_names[] = { "default", "dispatch", "structured" };

const char *rdna_cfg_lowering_name(enum rdna_cfg_lowering lowering)
{
   if ((unsigned)lowering >= sizeof(cfg_lowering_names) / sizeof(cfg_lowering_names[0]))
      return NULL;
   return cfg_lowering_names[lowering];
}

bool rdna_cfg_lowering_parse(const char *name, enum rdna_cfg_lowering *lowering)
{
   for (unsigned i = 0; i < sizeof(cfg_lowering_names) / sizeof(cfg_lowering_names[0]); i++) {
      if (name && strcmp(name, cfg_lowering_names[i]) == 0) {
         *lowering = (enum rdna_cfg_lowering)i;
         return true;
      }
   }
   return false;
}

static const char *const wave_order_names[] = {
   [RDNA_WAVES_SERIAL] = "serial",
   [RDNA_WAVES_CONCURRENT] = "concurrent",
};

const char *rdna_wave_order_name(enum rdna_wave_order order)
{
   if ((unsigned)order >= sizeof(wave_order_names) / sizeof(wave_order_names[0]))
      return NULL;
   return wave_order_names[order];
}

bool rdna_wave_order_parse(const char *name, enum rdna_wave_order *order)
{
   for (unsigned i = 0; i < sizeof(wave_order_names) / sizeof(wave_order_names[0]); i++) {
      if (name && strcmp(name, wave_order_names[i]) == 0) {
         *order = (enum rdna_wave_order)i;
         return true;
      }
   }
   return false;
}

const char *rdna_relative_lowering_name(enum rdna_relative_lowering lowering)
{
   if ((unsigned)lowering >= sizeof(lowering_names) / sizeof(lowering_names[0]))
      return NULL;
   return lowering_names[lowering];
}

bool rdna_relative_lowering_parse(const char *name, enum rdna_relative_lowering *lowering)
{
   for (unsigned i = 0; i < sizeof(lowering_names) / sizeof(lowering_names[0]); i++) {
      if (name && strcmp(name, lowering_names[i]) == 0) {
         *lowering = (enum rdna_relative_lowering)i;
         return true;
      }
   }
   return false;
}

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

void rdna_module_destroy(struct rdna_module *module)
{
   if (!module)
      return;
   for (size_t i = 0; i < module->layout.num_regions; i++)
      free((char *)module->regions[i].name);
   free(module->regions);
   free(module->words);
   free(module);
}

const uint32_t *rdna_module_words(const struct rdna_module *module, size_t *num_words)
{
   *num_words = module ? module->num_words : 0;
   return module ? module->words : NULL;
}

const struct rdna_module_layout *rdna_module_layout(const struct rdna_module *module)
{
   return module ? &module->layout : NULL;
}

char *rdna_spirv_disassemble(const uint32_t *words, size_t num_words, struct rdna_diag *diag)
{
   return spvb_disassemble(words, num_words, diag);
}

/* ---- layout --------------------------------------------------------------------------------- */

/* Per-lane scratch: the interpreter's SCRATCH_LANE_BYTES (interp/mem.h), zero-filled. */
#define SCRATCH_BYTES_PER_LANE 4096u

static enum rdna_status make_layout(const struct rdna_case *c, const struct rdna_recomp_options *o,
                                    struct rdna_module *m, struct rdna_diag *diag)
{
   struct rdna_module_layout *lay = &m->layout;
   unsigned wave = o->wave_size;
   if (wave != 32 && wave != 64)
      return fail(diag, RDNA_BAD_ARGUMENT, "wave size %u is neither 32 nor 64", wave);
   if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
      return fail(diag, RDNA_BAD_ARGUMENT, "the case does not run in wave%u", wave);
   unsigned sub = o->subgroup_size ? o->subgroup_size : 32;
   if (sub > wave || (sub & (sub - 1)) != 0)
      return fail(diag, RDNA_BAD_ARGUMENT,
                  "subgroup size %u is not a power of two at most the wave size %u", sub, wave);
   if (o->batch_window & (o->batch_window - 1))
      return fail(diag, RDNA_BAD_ARGUMENT, "batch window %llu is not a power of two",
                  (unsigned long long)o->batch_window);
   if (!rdna_relative_lowering_name(o->relative))
      return fail(diag, RDNA_BAD_ARGUMENT, "unknown relative-addressing lowering %d",
                  (int)o->relative);
   if (!rdna_cfg_lowering_name(o->cfg))
      return fail(diag, RDNA_BAD_ARGUMENT, "unknown control-flow lowering %d", (int)o->cfg);
   if (!rdna_entry_points_name(o->entries))
      return fail(diag, RDNA_BAD_ARGUMENT, "unknown entry-point choice %d", (int)o->entries);
   if (!rdna_wave_order_name(o->waves))
      return fail(diag, RDNA_BAD_ARGUMENT, "unknown wave order %d", (int)o->waves);
   lay->wave_size = wave;
   lay->subgroup_size = sub;
   lay->lanes_per_invocation = wave / sub;
   lay->vgprs = rdna_case_vgprs(c);
   unsigned wg[3], grid[3];
   rdna_case_workgroup(c, wg);
   rdna_case_grid(c, grid);
   uint64_t lanes = (uint64_t)wg[0] * wg[1] * wg[2];
   uint64_t waves_per_group = (lanes + wave - 1) / wave;
   uint64_t groups = (uint64_t)grid[0] * grid[1] * grid[2];
   uint64_t state_words = RDNA_STATE_WORDS((uint64_t)lay->vgprs, wave);
   if (waves_per_group * sub > 1024 || groups * waves_per_group * state_words > 0x7fffffffu)
      return fail(diag, RDNA_BAD_ARGUMENT, "the dispatch is too large for one module");
   lay->waves_per_group = (unsigned)waves_per_group;
   lay->local_size[0] = sub * lay->waves_per_group;
   lay->local_size[1] = lay->local_size[2] = 1;
   memcpy(lay->grid, grid, sizeof(grid));
   lay->num_waves = (unsigned)(groups * waves_per_group);
   lay->state_words = (size_t)state_words;
   lay->scratch_bytes_per_lane = SCRATCH_BYTES_PER_LANE;
   lay->lds_bytes = rdna_case_lds(c);
   /* declare_lds: the LDS words and two sink words, and the barrier count with several waves */
   lay->workgroup_memory_bytes = lay->lds_bytes + 8 + (lay->waves_per_group > 1 ? 4 : 0);

   size_t n = rdna_case_region_count(c);
   m->regions = calloc(n ? n : 1, sizeof(*m->regions));
   if (!m->regions)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   uint64_t offset = 0;
   for (size_t i = 0; i < n; i++) {
      struct rdna_case_region r;
      rdna_case_region(c, i, &r);
      struct rdna_module_region *mr = &m->regions[i];
      mr->name = strdup(r.name);
      lay->num_regions = i + 1;
      if (!mr->name)
         return fail(diag, RDNA_NO_MEMORY, "out of memory");
      mr->address = r.address;
      mr->size = r.size;
      mr->offset = offset;
      mr->is_program = r.is_program;
      offset += (r.size + 15) & ~15ull;
   }
   if (offset > 0xffffffffull)
      return fail(diag, RDNA_BAD_ARGUMENT, "guest memory of %llu bytes is too large",
                  (unsigned long long)offset);
   lay->memory_bytes = offset;
   lay->regions = m->regions;
   lay->replicas = o->replicas > 1 ? o->replicas : 1;
   uint64_t copies = lay->replicas;
   if (copies > 1 && ((uint64_t)grid[2] * copies > 0xffffu || offset * copies > 0xffffffffull ||
                      copies * groups * waves_per_group * state_words > 0x7fffffffu))
      return fail(diag, RDNA_BAD_ARGUMENT, "%u replicas of the case are too large for one module",
                  lay->replicas);
   return RDNA_OK;
}

/* The default relative lowering, by the driver the subgroup size points to. On lavapipe
 * (subgroup 8) the seed-shaped program's select chain compiles in about the plain program's
 * time, as the tree and the window array do, and the switch in 1.9x
 * (bench/results/relative-functions.md). GPU drivers with subgroups of 32 or 64 are where long
 * select chains blew the compile time up when each access inlined its chain (DESIGN.md,
 * "Recompiler model"): the window array there, until the function forms are measured there. */
static enum rdna_relative_lowering default_lowering(unsigned subgroup_size)
{
   return subgroup_size < 32 ? RDNA_RELATIVE_SELECT_CHAIN : RDNA_RELATIVE_WINDOW_ARRAY;
}

/* ---- which VGPRs the program can touch ------------------------------------------------------ */

/* Whether operand j of row `op` is addressed relatively: v_movrels' source, v_movreld's
 * destination, both of v_movrelsd, v_movrelsd_2 and v_swaprel. */
static bool is_relative_operand(unsigned op, unsigned j)
{
   switch (op) {
   case RDNA_OP_v_movrels_b32:
      return j == 1;
   case RDNA_OP_v_movreld_b32:
      return j == 0;
   case RDNA_OP_v_movrelsd_b32:
   case RDNA_OP_v_movrelsd_2_b32:
   case RDNA_OP_v_swaprel_b32:
      return j <= 1;
   default:
      return false;
   }
}

static void scan_vgprs(struct lower *l, const struct cfg *cfg)
{
   unsigned relative_lo = l->vgprs;
   for (size_t i = 0; i < cfg->num_insts; i++) {
      const struct rdna_inst *in = &cfg->insts[i].inst;
      if (cfg->insts[i].illegal)
         continue;
      for (unsigned j = 0; j < in->num_operands; j++) {
         const struct rdna_operand *op = &in->operands[j];
         if (!lw_is_vgpr(op))
            continue;
         unsigned reg = op->reg - RDNA_REG_VGPR0, width = op->width ? op->width : 1;
         /* a buffer load with tfe writes its status to the VGPR after the data */
         if ((in->mod.flags & RDNA_FLAG_TFE) && op->role == RDNA_ROLE_vdata)
            width++;
         for (unsigned r = reg; r < reg + width && r < l->vgprs; r++)
            l->vgpr_used[r] = true;
         if (is_relative_operand(in->op, j) && reg < relative_lo)
            relative_lo = reg;
      }
   }
   if (relative_lo < l->vgprs) {
      for (unsigned r = relative_lo; r < l->vgprs; r++)
         l->vgpr_used[r] = true;
      l->vgpr_used[0] = true; /* out-of-range reads return v0 */
      l->relative_lo = relative_lo;
      if (l->relative == RDNA_RELATIVE_WINDOW_ARRAY)
         l->window_base = relative_lo;
      else
         l->relative_private = true;
   }
}

/* Whether a static branch goes back: only then can the structured form have loops. */
static bool has_backward_branch(const struct cfg *cfg)
{
   for (size_t i = 0; i < cfg->num_insts; i++) {
      uint64_t target;
      const struct cfg_inst *ci = &cfg->insts[i];
      if (!ci->illegal && cfg_static_branch(&ci->inst) &&
          cfg_branch_target(&ci->inst, ci->pc, &target) && target <= ci->pc)
         return true;
   }
   return false;
}

/* ---- SPIR-V declarations ------------------------------------------------------------------- */

struct module_ids {
   uint32_t state, input_invocation, input_subgroup, input_workgroup;
   uint32_t lds_dump, arrivals; /* binding 3 (0 without LDS); Workgroup u32 barrier count */
   uint32_t interface[12];
   size_t num_interface;
};

static uint32_t storage_buffer(struct lower *l, struct module_ids *ids, unsigned binding,
                               const char *name)
{
   struct spvb *b = l->b;
   uint32_t array = spvb_type_runtime_array_unique(b, l->t_u32);
   uint32_t four = 4;
   spvb_decorate(b, array, SpvDecorationArrayStride, &four, 1);
   uint32_t block = spvb_type_struct_unique(b, &array, 1);
   spvb_decorate(b, block, SpvDecorationBlock, NULL, 0);
   spvb_member_decorate(b, block, 0, SpvDecorationOffset, 0);
   uint32_t var = spvb_global_variable(b, spvb_type_pointer(b, SpvStorageClassStorageBuffer, block),
                                       SpvStorageClassStorageBuffer);
   uint32_t zero = 0;
   spvb_decorate(b, var, SpvDecorationDescriptorSet, &zero, 1);
   spvb_decorate(b, var, SpvDecorationBinding, &binding, 1);
   spvb_name(b, var, name);
   ids->interface[ids->num_interface++] = var;
   return var;
}

static uint32_t builtin_input(struct lower *l, struct module_ids *ids, uint32_t type,
                              SpvBuiltIn builtin)
{
   struct spvb *b = l->b;
   uint32_t var = spvb_global_variable(b, spvb_type_pointer(b, SpvStorageClassInput, type),
                                       SpvStorageClassInput);
   uint32_t value = (uint32_t)builtin;
   spvb_decorate(b, var, SpvDecorationBuiltIn, &value, 1);
   ids->interface[ids->num_interface++] = var;
   return var;
}

static uint32_t function_var(struct lower *l, uint32_t pointer_type, const char *name)
{
   uint32_t var = spvb_function_variable(l->b, pointer_type);
   if (name)
      spvb_name(l->b, var, name);
   return var;
}

/* Pointer to word `index` (u32 id) of a storage buffer variable. */
static uint32_t buffer_word(struct lower *l, uint32_t buffer, uint32_t index)
{
   uint32_t indices[2] = { lw_u32(l, 0), index };
   return spvb_access_chain(l->b, l->t_ptr_sb_u32, buffer, indices, 2);
}

static void declare_state(struct lower *l)
{
   struct spvb *b = l->b;
   char name[32];
   for (unsigned i = 0; i < LOWER_SREGS; i++) {
      snprintf(name, sizeof(name), "s%u", i);
      l->sgpr[i] = function_var(l, l->t_ptr_u32, name);
   }
   for (unsigned i = 0; i < RDNA_HWREG_COUNT; i++)
      l->hwreg[i] = function_var(l, l->t_ptr_u32, NULL);
   l->scc = function_var(l, l->t_ptr_u32, "scc");
   l->pc = function_var(l, l->t_ptr_u64, "pc");
   l->steps = function_var(l, l->t_ptr_u64, "steps");
   l->ended = function_var(l, l->t_ptr_bool, "ended");
   if (l->structured && l->backward_branches)
      l->leave = function_var(l, l->t_ptr_bool, NULL);
   if (l->waves_per_group > 1) /* only several waves of a workgroup wait at s_barrier */
      l->at_barrier = function_var(l, l->t_ptr_bool, "at_barrier");
   l->fault_kind = function_var(l, l->t_ptr_u32, "fault_kind");
   l->fault_lane = function_var(l, l->t_ptr_u32, "fault_lane");
   l->fault_pc = function_var(l, l->t_ptr_u64, "fault_pc");
   l->fault_addr = function_var(l, l->t_ptr_u64, "fault_addr");
   l->fault_op = function_var(l, l->t_ptr_u32, "fault_op");
   if (l->window_base < l->vgprs) {
      uint32_t array = spvb_type_array(b, l->t_u32, lw_u32(l, l->vgprs - l->window_base));
      l->t_ptr_window = spvb_type_pointer(b, SpvStorageClassFunction, array);
      for (unsigned k = 0; k < l->slots; k++) {
         snprintf(name, sizeof(name), "window_%u", k);
         l->window_var[k] = function_var(l, l->t_ptr_window, name);
      }
   }
   uint32_t t_ptr_private =
      l->relative_private ? spvb_type_pointer(b, SpvStorageClassPrivate, l->t_u32) : 0;
   for (unsigned r = 0; r < l->vgprs && r < l->window_base; r++) {
      if (!l->vgpr_used[r])
         continue;
      for (unsigned k = 0; k < l->slots; k++) {
         snprintf(name, sizeof(name), "v%u_%u", r, k);
         if (l->relative_private && r >= l->relative_lo) {
            /* the relative-access functions read and write these (recomp/lower_movrel.c) */
            l->vgpr_var[r][k] = spvb_global_variable(b, t_ptr_private, SpvStorageClassPrivate);
            spvb_name(b, l->vgpr_var[r][k], name);
         } else {
            l->vgpr_var[r][k] = function_var(l, l->t_ptr_u32, name);
         }
      }
   }
}

/* ---- prologue and epilogue ------------------------------------------------------------------ */

static uint32_t state_index(struct lower *l, uint32_t base, uint32_t word)
{
   return lw_op2(l, SpvOpIAdd, l->t_u32, base, lw_u32(l, word));
}

/* A batch's entry: the PC the host wrote into the wave's state record. */
static uint32_t state_entry_pc(struct lower *l, const struct module_ids *ids, uint32_t base)
{
   struct spvb *b = l->b;
   uint32_t lo =
      spvb_load(b, l->t_u32, buffer_word(l, ids->state, state_index(l, base, RDNA_STATE_PC_LO)));
   uint32_t hi =
      spvb_load(b, l->t_u32, buffer_word(l, ids->state, state_index(l, base, RDNA_STATE_PC_HI)));
   uint32_t hi64 = lw_op2(l, SpvOpShiftLeftLogical, l->t_u64, lw_zext64(l, hi), lw_u32(l, 32));
   return lw_op2(l, SpvOpBitwiseOr, l->t_u64, hi64, lw_zext64(l, lo));
}

static void prologue(struct lower *l, const struct module_ids *ids, uint32_t *state_base,
                     uint64_t entry, bool entry_from_state)
{
   struct spvb *b = l->b;
   l->invocation = spvb_load(b, l->t_u32, ids->input_invocation);
   uint32_t subgroup = spvb_load(b, l->t_u32, ids->input_subgroup);
   uint32_t t_uvec3 = spvb_type_vector(b, l->t_u32, 3);
   uint32_t group = spvb_load(b, t_uvec3, ids->input_workgroup);
   uint32_t gid[3];
   for (uint32_t i = 0; i < 3; i++) {
      uint32_t x[2] = { group, i };
      gid[i] = spvb_op(b, SpvOpCompositeExtract, l->t_u32, x, 2);
   }
   /* Waves are numbered workgroup by workgroup (x + grid_x * (y + grid_y * z)), then by
    * subgroup within the workgroup (include/rdna/recomp.h). */
   uint32_t linear = lw_op2(l, SpvOpIMul, l->t_u32, gid[2], lw_u32(l, l->grid[1]));
   linear = lw_op2(l, SpvOpIAdd, l->t_u32, linear, gid[1]);
   linear = lw_op2(l, SpvOpIMul, l->t_u32, linear, lw_u32(l, l->grid[0]));
   linear = lw_op2(l, SpvOpIAdd, l->t_u32, linear, gid[0]);
   l->group_index = linear;
   l->subgroup_id = subgroup;
   if (l->replicas > 1) {
      /* the replica's slice of guest memory (rdna_recomp_options.replicas) */
      uint32_t groups = l->grid[0] * l->grid[1] * l->grid[2];
      uint32_t replica = lw_op2(l, SpvOpUDiv, l->t_u32, linear, lw_u32(l, groups));
      l->memory_base =
         lw_op2(l, SpvOpIMul, l->t_u32, replica, lw_u32(l, (uint32_t)(l->memory_bytes / 4)));
   }
   uint32_t wave = lw_op2(l, SpvOpIMul, l->t_u32, linear, lw_u32(l, l->waves_per_group));
   l->wave_index = lw_op2(l, SpvOpIAdd, l->t_u32, wave, subgroup);
   uint32_t base =
      lw_op2(l, SpvOpIMul, l->t_u32, l->wave_index, lw_u32(l, (uint32_t)l->state_words));
   *state_base = base;

   for (unsigned k = 0; k < l->slots; k++) {
      l->lane[k] = lw_op2(l, SpvOpIAdd, l->t_u32, l->invocation, lw_u32(l, k * l->subgroup_size));
      l->lane_bit[k] = lw_op2(l, SpvOpShiftLeftLogical, l->t_u64, lw_u64(l, 1), l->lane[k]);
   }
   for (unsigned i = 0; i < LOWER_SREGS; i++) {
      uint32_t v = spvb_load(b, l->t_u32, buffer_word(l, ids->state, state_index(l, base, i)));
      spvb_store(b, l->sgpr[i], v);
   }
   spvb_store(b, l->scc,
              lw_b2u(l, lw_nz(l, spvb_load(b, l->t_u32,
                                           buffer_word(l, ids->state,
                                                       state_index(l, base, RDNA_STATE_SCC))))));
   for (unsigned i = 0; i < RDNA_HWREG_COUNT; i++) {
      uint32_t p = buffer_word(l, ids->state, state_index(l, base, RDNA_STATE_HWREG(i)));
      spvb_store(b, l->hwreg[i], spvb_load(b, l->t_u32, p));
   }
   for (unsigned r = 0; r < l->vgprs; r++) {
      if (!l->vgpr_used[r] && r < l->window_base)
         continue;
      for (unsigned k = 0; k < l->slots; k++) {
         uint32_t word =
            lw_op2(l, SpvOpIAdd, l->t_u32, base, lw_u32(l, RDNA_STATE_VGPR(r, 0, l->wave_size)));
         word = lw_op2(l, SpvOpIAdd, l->t_u32, word, l->lane[k]);
         lw_vgpr_store(l, r, k, spvb_load(b, l->t_u32, buffer_word(l, ids->state, word)));
      }
   }
   spvb_store(b, l->pc, entry_from_state ? state_entry_pc(l, ids, base) : lw_u64(l, entry));
   spvb_store(b, l->steps, lw_u64(l, 0));
   spvb_store(b, l->ended, lw_bool(l, false));
   if (l->at_barrier)
      spvb_store(b, l->at_barrier, lw_bool(l, false));
   spvb_store(b, l->fault_kind, lw_u32(l, RDNA_FAULT_NONE));
   spvb_store(b, l->fault_lane, lw_u32(l, 0xffffffffu));
   spvb_store(b, l->fault_pc, lw_u64(l, 0));
   spvb_store(b, l->fault_addr, lw_u64(l, 0));
   spvb_store(b, l->fault_op, lw_u32(l, 0xffffffffu));
}

static void store_word(struct lower *l, uint32_t buffer, uint32_t base, unsigned word,
                       uint32_t value)
{
   spvb_store(l->b, buffer_word(l, buffer, state_index(l, base, word)), value);
}

static void store_word64(struct lower *l, uint32_t buffer, uint32_t base, unsigned word,
                         uint32_t value64)
{
   store_word(l, buffer, base, word, lw_lo(l, value64));
   store_word(l, buffer, base, word + 1, lw_hi(l, value64));
}

/* Writes the whole state back: the scalar part from invocation 0 (every invocation holds the
 * same values), each invocation its own lanes of every VGPR the program can touch. */
static void epilogue(struct lower *l, const struct module_ids *ids, uint32_t base)
{
   struct spvb *b = l->b;
   uint32_t first = lw_op2(l, SpvOpIEqual, l->t_bool, l->invocation, lw_u32(l, 0));
   uint32_t merge = lw_if_begin(l, first);
   for (unsigned i = 0; i < LOWER_SREGS; i++)
      store_word(l, ids->state, base, i, spvb_load(b, l->t_u32, l->sgpr[i]));
   store_word(l, ids->state, base, RDNA_STATE_SCC, spvb_load(b, l->t_u32, l->scc));
   uint32_t kind = spvb_load(b, l->t_u32, l->fault_kind);
   uint32_t faulted = lw_nz(l, kind);
   uint32_t pc = lw_select(l, l->t_u64, faulted, spvb_load(b, l->t_u64, l->fault_pc),
                           spvb_load(b, l->t_u64, l->pc));
   store_word64(l, ids->state, base, RDNA_STATE_PC_LO, pc);
   store_word64(l, ids->state, base, RDNA_STATE_STEPS_LO, spvb_load(b, l->t_u64, l->steps));
   store_word(l, ids->state, base, RDNA_STATE_FAULT_KIND, kind);
   store_word(l, ids->state, base, RDNA_STATE_FAULT_LANE, spvb_load(b, l->t_u32, l->fault_lane));
   store_word64(l, ids->state, base, RDNA_STATE_FAULT_PC_LO, spvb_load(b, l->t_u64, l->fault_pc));
   store_word64(l, ids->state, base, RDNA_STATE_FAULT_ADDR_LO,
                spvb_load(b, l->t_u64, l->fault_addr));
   store_word(l, ids->state, base, RDNA_STATE_FAULT_OP, spvb_load(b, l->t_u32, l->fault_op));
   store_word(l, ids->state, base, RDNA_STATE_ENDED, lw_u32(l, 1));
   for (unsigned i = 0; i < RDNA_HWREG_COUNT; i++)
      store_word(l, ids->state, base, RDNA_STATE_HWREG(i), spvb_load(b, l->t_u32, l->hwreg[i]));
   lw_if_end(l, merge);
   for (unsigned r = 0; r < l->vgprs; r++) {
      if (!l->vgpr_used[r] && r < l->window_base)
         continue;
      for (unsigned k = 0; k < l->slots; k++) {
         uint32_t word =
            lw_op2(l, SpvOpIAdd, l->t_u32, base, lw_u32(l, RDNA_STATE_VGPR(r, 0, l->wave_size)));
         word = lw_op2(l, SpvOpIAdd, l->t_u32, word, l->lane[k]);
         spvb_store(b, buffer_word(l, ids->state, word), lw_vgpr(l, r, k));
      }
   }
}

/* ---- LDS and workgroup barriers -------------------------------------------------------------
 * The LDS is one Workgroup array per guest workgroup (its words, then two sink words that take the
 * stores that must not land). Workgroup memory starts undefined, so the prologue zeroes it, as the
 * interpreter's LDS starts zeroed. With several waves per workgroup the dispatcher loop sits in a
 * workgroup loop of phases: each wave runs until it ends or reaches s_barrier, then every
 * invocation of the workgroup meets; the count of arrivals (a Workgroup counter that only grows)
 * is read between two OpControlBarriers, the same value everywhere. When no wave arrived in the
 * phase every wave has ended and all leave together; otherwise the waiting waves go on and the
 * ended ones pass straight to the next meeting, so a wave that has ended still takes part in the
 * remaining barriers. The epilogue meets once more and wave 0 copies the LDS to binding 3.
 *
 * Serial waves (RDNA_WAVES_SERIAL) run a phase as the interpreter's scheduler does
 * (interp/machine.c, run_group): one wave at a time in wave order. The phase is a loop of turns,
 * uniform across the workgroup; in turn t only wave t runs its dispatcher, and every invocation
 * meets at a barrier after each turn, which makes the LDS and the memory that wave t wrote visible
 * to wave t + 1. Concurrent waves run every wave's dispatcher at once. */

static void declare_lds(struct lower *l, struct module_ids *ids)
{
   struct spvb *b = l->b;
   l->t_ptr_wg_u32 = spvb_type_pointer(b, SpvStorageClassWorkgroup, l->t_u32);
   uint32_t array = spvb_type_array(b, l->t_u32, lw_u32(l, l->lds_bytes / 4 + 2));
   l->lds = spvb_global_variable(b, spvb_type_pointer(b, SpvStorageClassWorkgroup, array),
                                 SpvStorageClassWorkgroup);
   spvb_name(b, l->lds, "lds");
   ids->interface[ids->num_interface++] = l->lds;
   if (l->waves_per_group > 1) {
      ids->arrivals = spvb_global_variable(b, l->t_ptr_wg_u32, SpvStorageClassWorkgroup);
      spvb_name(b, ids->arrivals, "barrier_arrivals");
      ids->interface[ids->num_interface++] = ids->arrivals;
   }
   if (l->lds_bytes)
      ids->lds_dump = storage_buffer(l, ids, 3, "lds_dump");
}

/* for (i = first; i < count; i += step) body(i), a structured loop of u32 indices. */
static void strided_loop(struct lower *l, uint32_t first, uint32_t count, uint32_t step,
                         void (*body)(struct lower *l, const struct module_ids *ids, uint32_t i),
                         const struct module_ids *ids)
{
   struct spvb *b = l->b;
   uint32_t var = function_var(l, l->t_ptr_u32, NULL);
   spvb_store(b, var, first);
   uint32_t header = spvb_id(b), inner = spvb_id(b), cont = spvb_id(b), merge = spvb_id(b);
   lw_branch(l, header);
   lw_label(l, header);
   uint32_t i = spvb_load(b, l->t_u32, var);
   uint32_t more = lw_op2(l, SpvOpULessThan, l->t_bool, i, count);
   spvb_loop_merge(b, merge, cont);
   spvb_branch_conditional(b, more, inner, merge);
   lw_label(l, inner);
   body(l, ids, i);
   spvb_branch(b, cont);
   lw_label(l, cont);
   spvb_store(b, var, lw_op2(l, SpvOpIAdd, l->t_u32, i, step));
   spvb_branch(b, header);
   lw_label(l, merge);
}

static void zero_word(struct lower *l, const struct module_ids *ids, uint32_t i)
{
   (void)ids;
   spvb_store(l->b, lw_lds_word(l, i), lw_u32(l, 0));
}

static void dump_word(struct lower *l, const struct module_ids *ids, uint32_t i)
{
   uint32_t at = lw_op2(l, SpvOpIMul, l->t_u32, l->group_index, lw_u32(l, l->lds_bytes / 4));
   at = lw_op2(l, SpvOpIAdd, l->t_u32, at, i);
   spvb_store(l->b, buffer_word(l, ids->lds_dump, at),
              spvb_load(l->b, l->t_u32, lw_lds_word(l, i)));
}

static uint32_t local_index(struct lower *l)
{
   uint32_t base = lw_op2(l, SpvOpIMul, l->t_u32, l->subgroup_id, lw_u32(l, l->subgroup_size));
   return lw_op2(l, SpvOpIAdd, l->t_u32, base, l->invocation);
}

/* The prologue's part: zero the LDS (and the arrival count), then meet. */
static void lds_prologue(struct lower *l, const struct module_ids *ids)
{
   if (l->lds_bytes)
      strided_loop(l, local_index(l), lw_u32(l, l->lds_bytes / 4),
                   lw_u32(l, l->subgroup_size * l->waves_per_group), zero_word, ids);
   if (ids->arrivals) {
      uint32_t merge =
         lw_if_begin(l, lw_op2(l, SpvOpIEqual, l->t_bool, local_index(l), lw_u32(l, 0)));
      spvb_store(l->b, ids->arrivals, lw_u32(l, 0));
      lw_if_end(l, merge);
   }
   if (l->lds_bytes || ids->arrivals)
      lw_workgroup_barrier(l);
}

/* The epilogue's part: once every wave has ended, wave 0 copies the LDS to binding 3. */
static void lds_epilogue(struct lower *l, const struct module_ids *ids)
{
   if (!l->lds_bytes)
      return;
   lw_workgroup_barrier(l);
   uint32_t merge = lw_if_begin(l, lw_op2(l, SpvOpIEqual, l->t_bool, l->subgroup_id, lw_u32(l, 0)));
   strided_loop(l, l->invocation, lw_u32(l, l->lds_bytes / 4), lw_u32(l, l->subgroup_size),
                dump_word, ids);
   lw_if_end(l, merge);
}

/* The workgroup loop's head (several waves per workgroup): `prev` holds the arrival count of the
 * last meeting. Returns the loop's merge, continue and header labels in `labels`. */
static void workgroup_loop_begin(struct lower *l, uint32_t *prev, uint32_t labels[3])
{
   struct spvb *b = l->b;
   *prev = function_var(l, l->t_ptr_u32, "arrivals_seen");
   spvb_store(b, *prev, lw_u32(l, 0));
   uint32_t body = spvb_id(b);
   labels[0] = spvb_id(b);
   labels[1] = spvb_id(b);
   labels[2] = spvb_id(b);
   uint32_t header = labels[2];
   lw_branch(l, header);
   lw_label(l, header);
   spvb_loop_merge(b, labels[0], labels[1]);
   spvb_branch(b, body);
   lw_label(l, body);
}

/* A wave waiting at s_barrier counts itself (its first invocation only). */
static void count_arrival(struct lower *l, const struct module_ids *ids)
{
   struct spvb *b = l->b;
   uint32_t waiting = spvb_load(b, l->t_bool, l->at_barrier);
   uint32_t first = lw_op2(l, SpvOpIEqual, l->t_bool, l->invocation, lw_u32(l, 0));
   uint32_t merge = lw_if_begin(l, lw_op2(l, SpvOpLogicalAnd, l->t_bool, waiting, first));
   uint32_t add[4] = { ids->arrivals, lw_u32(l, SpvScopeWorkgroup), lw_u32(l, 0), lw_u32(l, 1) };
   spvb_op(b, SpvOpAtomicIAdd, l->t_u32, add, 4);
   lw_if_end(l, merge);
}

/* The head of a phase's loop of turns (serial waves): for (turn = 0; turn < waves; turn++), the
 * body selected for the wave whose turn it is. Returns the turn variable; `labels` receives the
 * selection's merge and the loop's merge, continue and header labels. */
static uint32_t turns_begin(struct lower *l, uint32_t labels[4])
{
   struct spvb *b = l->b;
   uint32_t turn = function_var(l, l->t_ptr_u32, "turn");
   spvb_store(b, turn, lw_u32(l, 0));
   uint32_t header = spvb_id(b), body = spvb_id(b), cont = spvb_id(b), merge = spvb_id(b);
   lw_branch(l, header);
   lw_label(l, header);
   uint32_t t = spvb_load(b, l->t_u32, turn);
   uint32_t more = lw_op2(l, SpvOpULessThan, l->t_bool, t, lw_u32(l, l->waves_per_group));
   spvb_loop_merge(b, merge, cont);
   spvb_branch_conditional(b, more, body, merge);
   lw_label(l, body);
   labels[0] = lw_if_begin(l, lw_op2(l, SpvOpIEqual, l->t_bool, l->subgroup_id, t));
   labels[1] = merge;
   labels[2] = cont;
   labels[3] = header;
   return turn;
}

/* The end of a turn: the wave whose turn it was counts its arrival; then everyone meets, so the
 * next wave's turn sees what this one wrote. */
static void turns_end(struct lower *l, const struct module_ids *ids, uint32_t turn,
                      const uint32_t labels[4])
{
   struct spvb *b = l->b;
   count_arrival(l, ids);
   lw_if_end(l, labels[0]);
   lw_workgroup_barrier(l);
   lw_branch(l, labels[2]);
   lw_label(l, labels[2]);
   spvb_store(b, turn, lw_op2(l, SpvOpIAdd, l->t_u32, spvb_load(b, l->t_u32, turn), lw_u32(l, 1)));
   spvb_branch(b, labels[3]);
   lw_label(l, labels[1]);
}

/* The meeting at the end of a phase: unless the turns counted them (`counted`), the waves waiting
 * at s_barrier count themselves and all meet; then every invocation reads the count, all meet
 * again (no wave counts the next phase before every invocation has read this one), and leave
 * together when nobody arrived. */
static void workgroup_loop_end(struct lower *l, const struct module_ids *ids, uint32_t prev,
                               const uint32_t labels[3], bool counted)
{
   struct spvb *b = l->b;
   if (!counted) {
      count_arrival(l, ids);
      lw_workgroup_barrier(l);
   }
   uint32_t load[3] = { ids->arrivals, lw_u32(l, SpvScopeWorkgroup), lw_u32(l, 0) };
   uint32_t now = spvb_op(b, SpvOpAtomicLoad, l->t_u32, load, 3);
   lw_workgroup_barrier(l);
   uint32_t done = lw_op2(l, SpvOpIEqual, l->t_bool, now, spvb_load(b, l->t_u32, prev));
   spvb_store(b, prev, now);
   spvb_store(b, l->at_barrier, lw_bool(l, false));
   lw_flush(l);
   spvb_branch_conditional(b, done, labels[0], labels[1]);
   lw_label(l, labels[1]);
   spvb_branch(b, labels[2]);
   lw_label(l, labels[0]);
}

/* ---- blocks --------------------------------------------------------------------------------- */

/* What check_operands in the interpreter rejects at run time: registers past the VGPR
 * allocation or past exec_hi. Returns true when the instruction faults INVALID_OPERAND. */
static bool operands_invalid(const struct lower *l, const struct rdna_inst *in)
{
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *op = &in->operands[i];
      unsigned width = op->width ? op->width : 1;
      if (lw_is_vgpr(op) && op->reg - RDNA_REG_VGPR0 + width > l->vgprs)
         return true;
      if (op->reg < LOWER_SREGS && op->reg + width > LOWER_SREGS)
         return true;
   }
   return false;
}

static enum rdna_status lower_inst(struct lower *l, const struct cfg_inst *ci)
{
   const struct rdna_inst *in = &ci->inst;
   l->pc_value = ci->pc;
   l->next_pc = 0;
   if (ci->illegal) {
      l->op_value = 0xffffffffu;
      lw_fault(l, 0, RDNA_FAULT_ILLEGAL_INSTRUCTION, 0, lw_u64(l, ci->pc));
      return RDNA_OK;
   }
   l->op_value = in->op;
   const char *name = rdna_op_name(in->op);
   bool lds_direct = false;
   for (unsigned i = 0; i < in->num_operands; i++)
      lds_direct |= in->operands[i].reg == RDNA_REG_LDS_DIRECT;
   if (operands_invalid(l, in)) {
      lw_fault(l, 0, RDNA_FAULT_INVALID_OPERAND, 0, 0);
      return RDNA_OK;
   }
   lower_fn fn = lower_handler(in->op);
   /* DPP16, DPP8 and SDWA forms: the row's handler on prepared sources (lower_dpp_sdwa.c) */
   if (in->encoding == RDNA_FMT_DPP16 || in->encoding == RDNA_FMT_DPP8 ||
       in->encoding == RDNA_FMT_SDWA)
      return lower_lane_form(l, in, fn);
   if (!fn)
      return lower_unsupported(l, name, "");
   if (!lds_direct)
      return fn(l, in);
   /* The LDS value is read first; the row then runs with it as its source. */
   uint32_t merge = lw_if_begin(l, lw_lds_direct_read(l));
   enum rdna_status status = fn(l, in);
   l->lds_direct = 0;
   lw_if_end(l, merge);
   return status;
}

/* An instruction only entries from the data or every dword reach (cfg_inst.speculative) may be
 * bytes that were never meant as code. When its row is not lowered, it faults UNSUPPORTED when
 * it runs instead of failing the recompilation: its words are dropped (registers written back
 * first, so nothing cached refers to them) and the fault takes their place. */
static enum rdna_status lower_speculative(struct lower *l, const struct cfg_inst *ci)
{
   struct spvb *b = l->b;
   lw_flush(l);
   size_t body = b->body.len, annotations = b->annotations.len, debug = b->debug.len;
   bool in_helper = b->in_helper;
   struct rdna_diag *diag = l->diag, local;
   memset(&local, 0, sizeof(local));
   l->diag = &local;
   enum rdna_status status = lower_inst(l, ci);
   l->diag = diag;
   if (status == RDNA_UNSUPPORTED && !in_helper && !b->in_helper &&
       b->annotations.len == annotations && b->debug.len == debug) {
      b->body.len = body;
      l->num_dirty = 0;
      l->lds_direct = 0;
      lw_invalidate(l);
      lw_fault(l, 0, RDNA_FAULT_UNSUPPORTED, 0, 0);
      return RDNA_OK;
   }
   if (status != RDNA_OK && diag)
      *diag = local;
   return status;
}

/* ---- cases: blocks and structured constructs (recomp/structure.h) ----------------------------
 * A case's code follows its plan: blocks in address order, selections and loops around them.
 * Leaving for the dispatcher (a fault, the step limit, a jump it has to resolve) breaks out of
 * the structured loops one at a time: `leave` is set, the innermost loop's merge checks it and
 * leaves its own loop in turn, and outside every loop the case branches to the dispatcher loop's
 * continue target, whose header sees the ended wave or switches on the stored PC. */

struct case_emit {
   const struct structure *plan;
   uint32_t cont, exit;            /* the dispatcher loop's continue target; the switch's merge */
   uint32_t *sel_merge, *sel_else; /* open if-then and if-else selections */
   size_t sels;
   uint32_t *loop_header, *loop_cont, *loop_merge; /* open loops */
   size_t loops;
   bool open;      /* the current SPIR-V block has no terminator yet */
   uint32_t steps; /* u64: the step count where straight-line code goes on; 0 after a label */
};

/* Leaves for the dispatcher: registers written back, the innermost loop left with `leave` set,
 * or the dispatcher loop continued. */
static void leave_case(struct lower *l, struct case_emit *e)
{
   struct spvb *b = l->b;
   lw_flush(l);
   if (e->loops) {
      spvb_store(b, l->leave, lw_bool(l, true));
      spvb_branch(b, e->loop_merge[e->loops - 1]);
   } else {
      spvb_branch(b, e->cont);
   }
   e->open = false;
}

/* Leaves when the wave has ended (the instruction just lowered faulted). The registers are
 * written back first; the code after the check goes on with their values. */
static void leave_if_ended(struct lower *l, struct case_emit *e)
{
   struct spvb *b = l->b;
   lw_flush(l);
   uint32_t ended = spvb_load(b, l->t_bool, l->ended);
   uint32_t leave = spvb_id(b), go = spvb_id(b);
   spvb_selection_merge(b, go);
   spvb_branch_conditional(b, ended, leave, go);
   spvb_label(b, leave);
   leave_case(l, e);
   spvb_label(b, go);
   e->open = true;
}

/* The step limit, checked per block: when the block's instructions would take the wave past it,
 * the wave faults STEP_LIMIT at the block's start and leaves (the interpreter checks before
 * every instruction, so the two agree when the limit falls on a block boundary). `steps` (u64)
 * is the count when the block starts; returns the count after it. */
static uint32_t check_steps(struct lower *l, const struct cfg *cfg, const struct cfg_block *blk,
                            uint32_t steps, struct case_emit *e)
{
   struct spvb *b = l->b;
   uint64_t counted = 0;
   for (size_t i = 0; i < blk->count; i++)
      counted += !cfg->insts[blk->first + i].illegal;
   uint32_t after = lw_op2(l, SpvOpIAdd, l->t_u64, steps, lw_u64(l, counted));
   uint32_t over = lw_op2(l, SpvOpUGreaterThan, l->t_bool, after, lw_u64(l, l->step_limit));
   uint32_t stop = spvb_id(b), go = spvb_id(b);
   lw_flush(l);
   spvb_selection_merge(b, go);
   spvb_branch_conditional(b, over, stop, go);
   spvb_label(b, stop);
   l->pc_value = blk->start;
   l->op_value = 0xffffffffu;
   lw_fault(l, 0, RDNA_FAULT_STEP_LIMIT, 0, 0);
   spvb_store(b, l->pc, lw_u64(l, blk->start));
   leave_case(l, e);
   spvb_label(b, go);
   e->open = true;
   return after;
}

/* The instructions of one block, the first of them counted from `steps` (u64). After an
 * instruction that recorded a fault somewhere in its lowering, the steps so far are stored and
 * the wave leaves if it ended, unless the instruction is the block's last (the caller checks).
 * *last_faults says whether the last one can have ended the wave. */
static enum rdna_status lower_block_body(struct lower *l, const struct cfg *cfg,
                                         const struct cfg_block *blk, uint32_t steps,
                                         struct case_emit *e, bool *last_faults)
{
   l->block_steps = steps;
   *last_faults = false;
   for (size_t i = 0; i < blk->count; i++) {
      unsigned sites = l->fault_sites;
      l->inst_index = (unsigned)i;
      const struct cfg_inst *ci = &cfg->insts[blk->first + i];
      enum rdna_status st = ci->speculative ? lower_speculative(l, ci) : lower_inst(l, ci);
      if (st != RDNA_OK)
         return st;
      bool faults = l->fault_sites != sites;
      if (faults && i + 1 < blk->count) {
         lw_flush(l);
         spvb_store(l->b, l->steps, lw_steps_now(l));
         leave_if_ended(l, e);
      }
      *last_faults = faults;
   }
   return RDNA_OK;
}

/* An edge of the plan to block `target`. */
static void emit_edge(struct lower *l, const struct cfg *cfg, struct case_emit *e,
                      enum st_edge edge, long target)
{
   struct spvb *b = l->b;
   switch (edge) {
   case ST_NEXT:
      return;
   case ST_MERGE:
      lw_flush(l);
      spvb_branch(b, e->sel_merge[e->sels - 1]);
      break;
   case ST_CONTINUE:
      lw_flush(l);
      spvb_branch(b, e->loop_cont[e->loops - 1]);
      break;
   case ST_BREAK:
      lw_flush(l);
      spvb_branch(b, e->loop_merge[e->loops - 1]);
      break;
   case ST_EXIT:
      spvb_store(b, l->pc, lw_u64(l, cfg->blocks[target].start));
      leave_case(l, e);
      break;
   }
   e->open = false;
}

/* Block k of the plan and its terminator's edges. */
static enum rdna_status emit_block(struct lower *l, const struct cfg *cfg, struct case_emit *e,
                                   const struct st_item *item)
{
   struct spvb *b = l->b;
   const struct structure *plan = e->plan;
   size_t k = item->block, at = k - plan->first_block;
   const struct cfg_block *blk = &cfg->blocks[k];
   uint32_t steps = e->steps ? e->steps : spvb_load(b, l->t_u64, l->steps);
   uint32_t after = check_steps(l, cfg, blk, steps, e);
   bool last_faults;
   enum rdna_status st = lower_block_body(l, cfg, blk, steps, e, &last_faults);
   if (st != RDNA_OK)
      return st;
   lw_flush(l);
   spvb_store(b, l->steps, after);
   e->steps = after;
   enum st_term term = plan->term[at];
   if (last_faults && term != ST_OTHER)
      leave_if_ended(l, e);
   const struct cfg_inst *last = &cfg->insts[blk->first + blk->count - 1];
   long target = plan->target[at], fall = plan->fall[at];
   switch (term) {
   case ST_OTHER: {
      uint32_t next = l->next_pc ? l->next_pc : lw_u64(l, last->pc + last->inst.size);
      spvb_store(b, l->pc,
                 lw_op2(l, SpvOpBitwiseAnd, l->t_u64, next, lw_u64(l, 0xffffffffffffull)));
      leave_case(l, e);
      break;
   }
   case ST_FALL:
      emit_edge(l, cfg, e, item->fall, fall);
      break;
   case ST_BRANCH:
      emit_edge(l, cfg, e, item->taken, target);
      break;
   case ST_CBRANCH: {
      /* the branch's next PC is a select between its target and the next instruction; a
       * branch that faulted instead (it has ended the wave) sets none */
      uint32_t taken = l->next_pc ? lw_op2(l, SpvOpIEqual, l->t_bool, l->next_pc,
                                           lw_u64(l, cfg->blocks[target].start))
                                  : lw_bool(l, false);
      uint32_t merge = spvb_id(b), side = spvb_id(b);
      lw_flush(l);
      spvb_selection_merge(b, merge);
      if (item->if_then || item->if_else) { /* the not-taken path runs the next items */
         uint32_t other = item->if_else ? spvb_id(b) : merge;
         spvb_branch_conditional(b, taken, other, side);
         e->sel_else[e->sels] = other;
         e->sel_merge[e->sels++] = merge;
         lw_label(l, side);
         e->steps = 0;
         e->open = true;
         break;
      }
      spvb_branch_conditional(b, taken, side, merge);
      spvb_label(b, side);
      emit_edge(l, cfg, e, item->taken, target);
      spvb_label(b, merge);
      e->open = true;
      emit_edge(l, cfg, e, item->fall, fall);
      break;
   }
   }
   return RDNA_OK;
}

static void emit_loop_begin(struct lower *l, struct case_emit *e)
{
   struct spvb *b = l->b;
   uint32_t header = spvb_id(b), body = spvb_id(b);
   e->loop_header[e->loops] = header;
   e->loop_cont[e->loops] = spvb_id(b);
   e->loop_merge[e->loops] = spvb_id(b);
   lw_branch(l, header);
   lw_label(l, header);
   spvb_loop_merge(b, e->loop_merge[e->loops], e->loop_cont[e->loops]);
   spvb_branch(b, body);
   lw_label(l, body);
   e->steps = 0;
   e->loops++;
   e->open = true;
}

/* Closes the innermost loop; at its merge, a wave that left inside leaves the enclosing one. */
static void emit_loop_end(struct lower *l, struct case_emit *e)
{
   struct spvb *b = l->b;
   e->loops--;
   if (e->open)
      lw_branch(l, e->loop_merge[e->loops]);
   lw_label(l, e->loop_cont[e->loops]);
   spvb_branch(b, e->loop_header[e->loops]);
   lw_label(l, e->loop_merge[e->loops]);
   uint32_t left = spvb_load(b, l->t_bool, l->leave);
   uint32_t out = spvb_id(b), go = spvb_id(b);
   spvb_selection_merge(b, go);
   spvb_branch_conditional(b, left, out, go);
   spvb_label(b, out);
   leave_case(l, e);
   spvb_label(b, go);
   e->open = true;
   e->steps = 0;
}

/* One case of the dispatcher's switch, from its plan. When control reaches the end of the
 * plan, the next PC is the block after the case. */
static enum rdna_status lower_case(struct lower *l, const struct cfg *cfg, struct case_emit *e,
                                   const struct st_case *c, uint32_t label)
{
   struct spvb *b = l->b;
   lw_label(l, label);
   e->open = true;
   e->steps = 0;
   e->sels = e->loops = 0;
   for (size_t i = 0; i < c->num_items; i++) {
      const struct st_item *item = &e->plan->items[c->first_item + i];
      enum rdna_status st = RDNA_OK;
      switch (item->kind) {
      case ST_ITEM_BLOCK:
         st = emit_block(l, cfg, e, item);
         break;
      case ST_ITEM_ELSE:
         if (e->open)
            lw_branch(l, e->sel_merge[e->sels - 1]);
         lw_label(l, e->sel_else[e->sels - 1]);
         e->open = true;
         e->steps = 0;
         break;
      case ST_ITEM_IF_END:
         e->sels--;
         if (e->open)
            lw_branch(l, e->sel_merge[e->sels]);
         lw_label(l, e->sel_merge[e->sels]);
         e->open = true;
         e->steps = 0;
         break;
      case ST_ITEM_LOOP_BEGIN:
         emit_loop_begin(l, e);
         break;
      case ST_ITEM_LOOP_END:
         emit_loop_end(l, e);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   if (e->open) {
      const struct cfg_block *last = &cfg->blocks[c->end - 1];
      const struct cfg_inst *inst = &cfg->insts[last->first + last->count - 1];
      uint64_t next = c->end < e->plan->first_block + e->plan->num_blocks
                         ? cfg->blocks[c->end].start
                         : inst->pc + inst->inst.size;
      spvb_store(b, l->pc, lw_u64(l, next));
      lw_branch(l, e->exit);
   }
   return RDNA_OK;
}

/* The switch's default: the PC is no block start the module knows. A PC inside a program region
 * that is not dword aligned faults MISALIGNED, anything else BAD_JUMP, with the PC as the
 * address (the interpreter's fetch faults). */
static void lower_unknown_pc(struct lower *l, uint32_t pc)
{
   struct spvb *b = l->b;
   uint32_t in_code = lw_bool(l, false);
   for (size_t i = 0; i < l->num_regions; i++) {
      const struct lower_region *r = &l->regions[i];
      if (!r->is_program)
         continue;
      uint32_t rel = lw_op2(l, SpvOpISub, l->t_u64, pc, lw_u64(l, r->address));
      uint32_t inside = lw_op2(l, SpvOpULessThan, l->t_bool, rel, lw_u64(l, r->size));
      in_code = lw_op2(l, SpvOpLogicalOr, l->t_bool, in_code, inside);
   }
   uint32_t low = lw_op2(l, SpvOpBitwiseAnd, l->t_u64, pc, lw_u64(l, 3));
   uint32_t misaligned = lw_op2(l, SpvOpLogicalAnd, l->t_bool, in_code, lw_nz64(l, low));
   spvb_store(b, l->fault_kind,
              lw_select(l, l->t_u32, misaligned, lw_u32(l, RDNA_FAULT_MISALIGNED),
                        lw_u32(l, RDNA_FAULT_BAD_JUMP)));
   spvb_store(b, l->fault_lane, lw_u32(l, 0xffffffffu));
   spvb_store(b, l->fault_pc, pc);
   spvb_store(b, l->fault_addr, pc);
   spvb_store(b, l->fault_op, lw_u32(l, 0xffffffffu));
   spvb_store(b, l->ended, lw_bool(l, true));
}

/* In a batch, the regions a window's instructions see: those in the guest address window
 * (batch_window bytes, a power of two) that holds `pc`, copied into `subset`. */
static void select_window_regions(struct lower *l, const struct lower_region *all, size_t count,
                                  uint64_t batch_window, uint64_t pc, struct lower_region *subset)
{
   uint64_t window = pc & ~(batch_window - 1);
   size_t n = 0;
   for (size_t i = 0; i < count; i++)
      if ((all[i].address & ~(batch_window - 1)) == window)
         subset[n++] = all[i];
   l->regions = subset;
   l->num_regions = n;
}

/* The bounded dispatcher loop over blocks [first, first + count) of `cfg`: while the wave has
 * not ended, an OpSwitch on the PC selects the block to run; a PC that is no block start here
 * faults (lower_unknown_pc, against the regions in l->regions). Returns with the loop's merge
 * block open. */
static enum rdna_status dispatcher_loop(struct lower *l, const struct cfg *cfg, size_t first,
                                        size_t count, struct rdna_diag *diag)
{
   struct spvb *b = l->b;
   uint32_t header = spvb_id(b), dispatch = spvb_id(b), cont = spvb_id(b), done = spvb_id(b);
   uint32_t sw_merge = spvb_id(b), unknown = spvb_id(b);
   spvb_branch(b, header);
   spvb_label(b, header);
   uint32_t ended = spvb_load(b, l->t_bool, l->ended);
   uint32_t stop = ended; /* a wave waits at s_barrier only in a workgroup of several */
   if (l->waves_per_group > 1)
      stop = lw_op2(l, SpvOpLogicalOr, l->t_bool, ended, spvb_load(b, l->t_bool, l->at_barrier));
   spvb_loop_merge(b, done, cont);
   spvb_branch_conditional(b, stop, done, dispatch);
   spvb_label(b, dispatch);
   uint32_t pc = spvb_load(b, l->t_u64, l->pc);
   if (l->leave)
      spvb_store(b, l->leave, lw_bool(l, false));
   struct structure plan;
   enum rdna_status status = structure_plan(cfg, first, first + count, l->structured, &plan);
   if (status != RDNA_OK)
      return fail(diag, status, "out of memory planning control flow");
   /* OpSwitch on the 64-bit PC: literal pairs (low, high word) and a label per case. */
   size_t cases = plan.num_cases, depth = plan.num_items ? plan.num_items : 1;
   uint32_t *labels = malloc((cases ? cases : 1) * sizeof(*labels));
   uint32_t *operands = malloc((2 + 3 * cases) * sizeof(*operands));
   uint32_t *stacks = malloc(5 * depth * sizeof(*stacks));
   if (!labels || !operands || !stacks) {
      free(labels);
      free(operands);
      free(stacks);
      structure_free(&plan);
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   operands[0] = pc;
   operands[1] = unknown;
   for (size_t i = 0; i < cases; i++) {
      uint64_t start = cfg->blocks[plan.cases[i].first].start;
      labels[i] = spvb_id(b);
      operands[2 + 3 * i] = (uint32_t)start;
      operands[3 + 3 * i] = (uint32_t)(start >> 32);
      operands[4 + 3 * i] = labels[i];
   }
   spvb_selection_merge(b, sw_merge);
   spvb_op_void(b, SpvOpSwitch, operands, 2 + 3 * cases);
   free(operands);
   struct case_emit e = { .plan = &plan,
                          .cont = cont,
                          .exit = sw_merge,
                          .sel_merge = stacks,
                          .loop_header = stacks + depth,
                          .loop_cont = stacks + 2 * depth,
                          .loop_merge = stacks + 3 * depth,
                          .sel_else = stacks + 4 * depth };
   for (size_t i = 0; i < cases && status == RDNA_OK; i++)
      status = lower_case(l, cfg, &e, &plan.cases[i], labels[i]);
   free(labels);
   free(stacks);
   structure_free(&plan);
   if (status != RDNA_OK)
      return status;
   lw_label(l, unknown);
   lower_unknown_pc(l, pc);
   spvb_branch(b, sw_merge);
   spvb_label(b, sw_merge);
   spvb_branch(b, cont);
   spvb_label(b, cont);
   spvb_branch(b, header);
   lw_label(l, done);
   return RDNA_OK;
}

/* A batch (rdna_recomp_options.batch_window): an OpSwitch on the window of the wave's entry PC
 * selects a dispatcher loop of its own over the blocks of that window, whose instructions see
 * only that window's regions. A wave thus runs only its own program's code, as it would alone
 * (a jump elsewhere faults), and each program's loop stays as small as the program, which keeps
 * the driver's compile time linear in the number of programs. A window without code faults the
 * wave at its entry. */
static enum rdna_status batch_dispatch(struct lower *l, const struct cfg *cfg,
                                       uint64_t batch_window, struct rdna_diag *diag)
{
   struct spvb *b = l->b;
   const struct lower_region *all_regions = l->regions;
   size_t num_all_regions = l->num_regions;
   size_t n = cfg->num_blocks;
   struct lower_region *subset = malloc((num_all_regions ? num_all_regions : 1) * sizeof(*subset));
   uint32_t *operands = malloc((2 + 3 * n) * sizeof(*operands));
   uint32_t *labels = malloc((n ? n : 1) * sizeof(*labels));
   size_t *firsts = malloc((n ? n : 1) * sizeof(*firsts));
   if (!subset || !operands || !labels || !firsts) {
      free(subset);
      free(operands);
      free(labels);
      free(firsts);
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   /* Blocks are sorted by address: each window's blocks are one run. */
   size_t windows = 0;
   for (size_t i = 0; i < n; i++)
      if (i == 0 || cfg->blocks[i].start / batch_window != cfg->blocks[i - 1].start / batch_window)
         firsts[windows++] = i;
   uint32_t pc = spvb_load(b, l->t_u64, l->pc);
   uint32_t window = lw_op2(l, SpvOpUDiv, l->t_u64, pc, lw_u64(l, batch_window));
   uint32_t merge = spvb_id(b), none = spvb_id(b);
   spvb_selection_merge(b, merge);
   operands[0] = window;
   operands[1] = none;
   for (size_t w = 0; w < windows; w++) {
      uint64_t k = cfg->blocks[firsts[w]].start / batch_window;
      labels[w] = spvb_id(b);
      operands[2 + 3 * w] = (uint32_t)k;
      operands[3 + 3 * w] = (uint32_t)(k >> 32);
      operands[4 + 3 * w] = labels[w];
   }
   spvb_op_void(b, SpvOpSwitch, operands, 2 + 3 * windows);
   enum rdna_status status = RDNA_OK;
   for (size_t w = 0; w < windows && status == RDNA_OK; w++) {
      size_t first = firsts[w], last = w + 1 < windows ? firsts[w + 1] : n;
      select_window_regions(l, all_regions, num_all_regions, batch_window, cfg->blocks[first].start,
                            subset);
      lw_label(l, labels[w]);
      status = dispatcher_loop(l, cfg, first, last - first, diag);
      if (status == RDNA_OK)
         spvb_branch(b, merge);
   }
   if (status == RDNA_OK) {
      l->regions = subset;
      l->num_regions = 0;
      lw_label(l, none);
      lower_unknown_pc(l, pc);
      spvb_branch(b, merge);
      spvb_label(b, merge);
   }
   l->regions = all_regions;
   l->num_regions = num_all_regions;
   free(subset);
   free(operands);
   free(labels);
   free(firsts);
   return status;
}

/* The entry point: its interface lists every module-scope variable the function and its calls
 * use (SPIR-V 1.4 and later), the relative-access registers' Private variables included. */
static enum rdna_status entry_point(struct lower *l, const struct module_ids *ids,
                                    const unsigned local_size[3], struct rdna_diag *diag)
{
   size_t privates = l->relative_private ? (size_t)(l->vgprs - l->relative_lo) * l->slots : 0;
   uint32_t *interface = malloc((ids->num_interface + privates) * sizeof(*interface));
   if (!interface)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   size_t n = 0;
   for (size_t i = 0; i < ids->num_interface; i++)
      interface[n++] = ids->interface[i];
   for (unsigned r = l->relative_lo; r < l->vgprs && l->relative_private; r++)
      for (unsigned k = 0; k < l->slots; k++)
         interface[n++] = l->vgpr_var[r][k];
   spvb_entry_point(l->b, interface, n, local_size);
   free(interface);
   return RDNA_OK;
}

static enum rdna_status build(struct lower *l, const struct cfg *cfg, uint64_t entry,
                              uint64_t batch_window, enum rdna_wave_order waves,
                              struct rdna_diag *diag)
{
   struct spvb *b = l->b;
   spvb_capability(b, SpvCapabilityShader);
   spvb_capability(b, SpvCapabilityInt64);
   spvb_capability(b, SpvCapabilityGroupNonUniform);
   spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
   spvb_capability(b, SpvCapabilityGroupNonUniformShuffle);
   l->glsl = spvb_import(b, "GLSL.std.450");
   l->t_bool = spvb_type_bool(b);
   l->t_u32 = spvb_type_int(b, 32, false);
   l->t_u64 = spvb_type_int(b, 64, false);
   l->t_uvec4 = spvb_type_vector(b, l->t_u32, 4);
   l->t_ptr_u32 = spvb_type_pointer(b, SpvStorageClassFunction, l->t_u32);
   l->t_ptr_u64 = spvb_type_pointer(b, SpvStorageClassFunction, l->t_u64);
   l->t_ptr_bool = spvb_type_pointer(b, SpvStorageClassFunction, l->t_bool);
   l->t_ptr_sb_u32 = spvb_type_pointer(b, SpvStorageClassStorageBuffer, l->t_u32);

   struct module_ids ids;
   memset(&ids, 0, sizeof(ids));
   l->memory = storage_buffer(l, &ids, 0, "memory");
   ids.state = storage_buffer(l, &ids, 1, "state");
   l->scratch = storage_buffer(l, &ids, 2, "scratch");
   ids.input_invocation = builtin_input(l, &ids, l->t_u32, SpvBuiltInSubgroupLocalInvocationId);
   ids.input_subgroup = builtin_input(l, &ids, l->t_u32, SpvBuiltInSubgroupId);
   ids.input_workgroup =
      builtin_input(l, &ids, spvb_type_vector(b, l->t_u32, 3), SpvBuiltInWorkgroupId);
   declare_lds(l, &ids);

   spvb_begin_function(b);
   declare_state(l);
   uint32_t base;
   prologue(l, &ids, &base, entry, batch_window != 0);
   lw_flush(l);
   lds_prologue(l, &ids);
   /* the workgroup loop's merge, continue and header labels (set when ids.arrivals) */
   uint32_t arrivals_seen = 0, group_labels[3] = { 0, 0, 0 };
   /* the turn variable and the turns' labels (serial waves) */
   uint32_t turn = 0, turn_labels[4] = { 0, 0, 0, 0 };
   bool serial = ids.arrivals && waves == RDNA_WAVES_SERIAL;
   if (ids.arrivals)
      workgroup_loop_begin(l, &arrivals_seen, group_labels);
   if (serial)
      turn = turns_begin(l, turn_labels);
   enum rdna_status status = batch_window ? batch_dispatch(l, cfg, batch_window, diag)
                                          : dispatcher_loop(l, cfg, 0, cfg->num_blocks, diag);
   if (status != RDNA_OK)
      return status;
   if (serial)
      turns_end(l, &ids, turn, turn_labels);
   if (ids.arrivals)
      workgroup_loop_end(l, &ids, arrivals_seen, group_labels, serial);
   epilogue(l, &ids, base);
   lds_epilogue(l, &ids);
   spvb_end_function(b);
   unsigned local_size[3] = { l->subgroup_size * l->waves_per_group, 1, 1 };
   return entry_point(l, &ids, local_size, diag);
}

enum rdna_status rdna_recomp_case(const struct rdna_case *c,
                                  const struct rdna_recomp_options *options,
                                  struct rdna_module **out, struct rdna_diag *diag)
{
   return recomp_case(c, options, true, out, diag);
}

enum rdna_status recomp_case(const struct rdna_case *c, const struct rdna_recomp_options *options,
                             bool validate, struct rdna_module **out, struct rdna_diag *diag)
{
   if (out)
      *out = NULL;
   if (!c || !options || !out)
      return fail(diag, RDNA_BAD_ARGUMENT, "no case, options or output");
   struct rdna_module *m = calloc(1, sizeof(*m));
   if (!m)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   enum rdna_status status = make_layout(c, options, m, diag);
   if (status != RDNA_OK) {
      rdna_module_destroy(m);
      return status;
   }
   const struct rdna_module_layout *lay = &m->layout;
   struct lower_region *regions = calloc(lay->num_regions ? lay->num_regions : 1, sizeof(*regions));
   struct lower *l = calloc(1, sizeof(*l));
   uint32_t(*vgpr_var)[LOWER_MAX_SLOTS] = calloc(LOWER_VGPRS, sizeof(*vgpr_var));
   struct lower_cached *sgpr_cache = calloc(LOWER_SREGS + 1, sizeof(*sgpr_cache));
   struct lower_cached(*vgpr_cache)[LOWER_MAX_SLOTS] = calloc(LOWER_VGPRS, sizeof(*vgpr_cache));
   uint32_t *dirty = calloc(LOWER_DIRTY_CAPACITY, sizeof(*dirty));
   struct spvb b;
   spvb_init(&b);
   struct cfg cfg;
   memset(&cfg, 0, sizeof(cfg));
   if (!regions || !l || !vgpr_var || !sgpr_cache || !vgpr_cache || !dirty) {
      status = fail(diag, RDNA_NO_MEMORY, "out of memory");
      goto done;
   }
   for (size_t i = 0; i < lay->num_regions; i++)
      regions[i] = (struct lower_region){ lay->regions[i].address, lay->regions[i].size,
                                          lay->regions[i].offset, lay->regions[i].is_program };
   l->b = &b;
   l->isa.target = rdna_case_target(c);
   l->isa.wave_size = lay->wave_size;
   l->wave_size = lay->wave_size;
   l->subgroup_size = lay->subgroup_size;
   l->slots = lay->lanes_per_invocation;
   l->vgprs = lay->vgprs;
   l->window_base = lay->vgprs;
   l->relative_lo = lay->vgprs;
   l->relative = options->relative == RDNA_RELATIVE_DEFAULT ? default_lowering(l->subgroup_size)
                                                            : options->relative;
   l->diag = diag;
   memcpy(l->grid, lay->grid, sizeof(l->grid));
   l->replicas = lay->replicas;
   l->memory_bytes = lay->memory_bytes;
   l->waves_per_group = lay->waves_per_group;
   l->state_words = lay->state_words;
   l->step_limit = options->step_limit ? options->step_limit : rdna_case_steps(c);
   l->structured = options->cfg != RDNA_CFG_DISPATCH;
   l->vgpr_var = vgpr_var;
   l->sgpr_cache = sgpr_cache;
   l->vgpr_cache = vgpr_cache;
   l->dirty = dirty;
   l->cache_gen = 1;
   l->regions = regions;
   l->num_regions = lay->num_regions;
   l->scratch_per_lane = lay->scratch_bytes_per_lane;
   l->lds_bytes = lay->lds_bytes;

   status = cfg_build_entries(c, &l->isa, options->entries, &cfg, diag);
   if (status != RDNA_OK)
      goto done;
   /* A jump whose target only the run time knows (a return, a loaded or passed-in pointer) can
    * land on any instruction; the structured form reaches only dispatcher cases, so by default
    * such a program keeps every block a case (recomp/README.md, "Control flow"). */
   if (options->cfg == RDNA_CFG_DEFAULT && cfg.unresolved_jumps)
      l->structured = false;
   scan_vgprs(l, &cfg);
   l->backward_branches = has_backward_branch(&cfg);
   status = build(l, &cfg, rdna_case_entry(c), options->batch_window, options->waves, diag);
   if (status != RDNA_OK)
      goto done;
   m->words = spvb_finish(&b, &m->num_words);
   if (!m->words) {
      status = fail(diag, RDNA_NO_MEMORY, "out of memory building the module");
      goto done;
   }
   if (validate)
      status = spvb_validate(m->words, m->num_words, diag);

done:
   cfg_free(&cfg);
   spvb_free(&b);
   free(vgpr_var);
   free(sgpr_cache);
   free(vgpr_cache);
   free(dirty);
   free(l);
   free(regions);
   if (status != RDNA_OK) {
      rdna_module_destroy(m);
      return status;
   }
   *out = m;
   return RDNA_OK;
}
