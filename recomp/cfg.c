/* Code discovery and basic blocks (recomp/cfg.h): a worklist walk from the entry point and the
 * region starts, decoding with rdna_decode, followed by a split into blocks at leaders. */
#include "recomp/cfg.h"

#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

/* A DPP16 control GFX10 does not define (GFX9's wave shifts, rotates and row broadcasts, the
 * zero-distance row shifts): the instruction faults ILLEGAL_INSTRUCTION (recomp/lower_dpp_sdwa.c).
 */
static bool dpp16_undefined(unsigned ctrl)
{
   if (ctrl <= 0xff || ctrl == 0x140 || ctrl == 0x141 || (ctrl >= 0x150 && ctrl <= 0x16f))
      return false;
   return ctrl > 0x12f || (ctrl & 15u) == 0;
}

/* Rows that can fault at run time on their operands' values: memory accesses, lds_direct
 * sources and scalar relative addressing (the interpreter's bound check, interp/exec_salu.c),
 * and the DPP16 controls that fault whatever the operands. */
static bool may_fault(const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (!info)
      return true;
   if (inst->encoding == RDNA_FMT_DPP16 && dpp16_undefined(inst->mod.dpp_ctrl))
      return true;
   switch (info->format) {
   case RDNA_FMT_SMEM:
   case RDNA_FMT_DS:
   case RDNA_FMT_MUBUF:
   case RDNA_FMT_MTBUF:
   case RDNA_FMT_FLAT:
   case RDNA_FMT_GLOBAL:
   case RDNA_FMT_SCRATCH:
   case RDNA_FMT_MIMG:
      return true;
   default:
      break;
   }
   /* an lds_direct source faults on a bad M0 */
   for (unsigned i = 0; i < inst->num_operands; i++)
      if (inst->operands[i].reg == RDNA_REG_LDS_DIRECT)
         return true;
   switch (inst->op) {
   case RDNA_OP_s_movrels_b32:
   case RDNA_OP_s_movrels_b64:
   case RDNA_OP_s_movreld_b32:
   case RDNA_OP_s_movreld_b64:
   case RDNA_OP_s_movrelsd_2_b32:
   case RDNA_OP_s_trap:
   case RDNA_OP_s_sendmsghalt:
      return true;
   default:
      return false;
   }
}

bool cfg_transfers(const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (!info)
      return true;
   /* s_barrier too: the wave leaves the dispatcher there to meet its workgroup. */
   return (info->flags & (BRANCH | JUMP | CALL | ENDPGM)) != 0 || inst->op == RDNA_OP_s_barrier;
}

bool cfg_static_branch(const struct rdna_inst *inst)
{
   switch (inst->op) {
   case RDNA_OP_s_branch:
   case RDNA_OP_s_cbranch_scc0:
   case RDNA_OP_s_cbranch_scc1:
   case RDNA_OP_s_cbranch_vccz:
   case RDNA_OP_s_cbranch_vccnz:
   case RDNA_OP_s_cbranch_execz:
   case RDNA_OP_s_cbranch_execnz:
      return true;
   default:
      return false;
   }
}

bool cfg_ends_block(const struct rdna_inst *inst)
{
   return cfg_transfers(inst) || may_fault(inst);
}

bool cfg_branch_target(const struct rdna_inst *inst, uint64_t pc, uint64_t *target)
{
   const struct op_info *info = op_info(inst->op);
   if (!info || !(info->flags & BRANCH))
      return false;
   /* The label operand: the last operand (s_branch simm16, s_call_b64 sdst, simm16). */
   const struct rdna_operand *op = &inst->operands[inst->num_operands - 1];
   int16_t simm = (int16_t)(uint16_t)op->value;
   *target = (pc + 4 + (uint64_t)((int64_t)simm * 4)) & 0xffffffffffffull;
   return true;
}

/* ---- an address set ------------------------------------------------------------------------- */

struct addr_map {
   uint64_t *keys; /* address + 1; 0 empty */
   size_t *values;
   size_t cap, count;
};

static bool map_grow(struct addr_map *m)
{
   size_t cap = m->cap ? m->cap * 2 : 1024;
   uint64_t *keys = calloc(cap, sizeof(*keys));
   size_t *values = calloc(cap, sizeof(*values));
   if (!keys || !values) {
      free(keys);
      free(values);
      return false;
   }
   for (size_t i = 0; i < m->cap; i++) {
      if (!m->keys[i])
         continue;
      size_t slot = (size_t)((m->keys[i] * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
      while (keys[slot])
         slot = (slot + 1) & (cap - 1);
      keys[slot] = m->keys[i];
      values[slot] = m->values[i];
   }
   free(m->keys);
   free(m->values);
   m->keys = keys;
   m->values = values;
   m->cap = cap;
   return true;
}

/* The slot of `address`: found (true) or where to insert it. */
static bool map_find(const struct addr_map *m, uint64_t address, size_t *slot)
{
   if (!m->cap)
      return false;
   uint64_t key = address + 1;
   size_t s = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (m->cap - 1);
   while (m->keys[s]) {
      if (m->keys[s] == key) {
         *slot = s;
         return true;
      }
      s = (s + 1) & (m->cap - 1);
   }
   *slot = s;
   return false;
}

static bool map_insert(struct addr_map *m, uint64_t address, size_t value)
{
   if ((m->count + 1) * 2 > m->cap && !map_grow(m))
      return false;
   size_t slot = 0;
   if (map_find(m, address, &slot)) {
      m->values[slot] = value;
      return true;
   }
   m->keys[slot] = address + 1;
   m->values[slot] = value;
   m->count++;
   return true;
}

/* ---- discovery ------------------------------------------------------------------------------ */

struct discovery {
   struct cfg *cfg;
   size_t cap_insts;
   struct addr_map seen;
   uint64_t *work;
   size_t num_work, cap_work;
   struct addr_map leaders;
   bool speculative;            /* walking from entries taken from the data or every dword */
   struct addr_map data_values; /* code addresses the data holds, each counted once */
   const struct cfg_program *programs;
   size_t num_programs;
};

/* Leader flags: every leader is LEADER; DYNAMIC when control can reach it other than by a
 * static branch (s_branch, s_cbranch_*) or the fall-through of a conditional one. */
#define LEADER 1u
#define DYNAMIC 2u

static bool push_work(struct discovery *d, uint64_t address, bool dynamic)
{
   size_t slot;
   if (map_find(&d->leaders, address, &slot))
      d->leaders.values[slot] |= dynamic ? DYNAMIC : 0;
   else if (!map_insert(&d->leaders, address, LEADER | (dynamic ? DYNAMIC : 0)))
      return false;
   if (d->num_work == d->cap_work) {
      size_t cap = d->cap_work ? d->cap_work * 2 : 64;
      uint64_t *work = realloc(d->work, cap * sizeof(*work));
      if (!work)
         return false;
      d->work = work;
      d->cap_work = cap;
   }
   d->work[d->num_work++] = address;
   return true;
}

static bool add_inst(struct discovery *d, const struct cfg_inst *inst)
{
   struct cfg *cfg = d->cfg;
   if (cfg->num_insts == d->cap_insts) {
      size_t cap = d->cap_insts ? d->cap_insts * 2 : 256;
      struct cfg_inst *insts = realloc(cfg->insts, cap * sizeof(*insts));
      if (!insts)
         return false;
      cfg->insts = insts;
      d->cap_insts = cap;
   }
   if (!map_insert(&d->seen, inst->pc, cfg->num_insts))
      return false;
   cfg->insts[cfg->num_insts] = *inst;
   cfg->insts[cfg->num_insts++].speculative = d->speculative;
   return true;
}

static const struct cfg_program *find_program(const struct cfg_program *programs, size_t n,
                                              uint64_t pc)
{
   for (size_t i = 0; i < n; i++)
      if (pc >= programs[i].address && pc - programs[i].address < programs[i].size)
         return &programs[i];
   return NULL;
}

static int compare_insts(const void *a, const void *b)
{
   const struct cfg_inst *x = a, *y = b;
   return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *message)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      strncpy(diag->message, message, sizeof(diag->message) - 1);
   }
   return status;
}

/* Scalar values known along one walk, to find computed jump targets built in straight-line code:
 * s_getpc_b64 followed by s_add_u32 / s_addc_u32 (or s_sub) of constants, and s_mov of
 * constants. A target found this way only adds a block start, so a value that is wrong on some
 * other path into the code costs nothing but a block boundary. */
struct known {
   uint32_t value[106];
   bool valid[106];
   bool scc_valid;
   bool scc;
};

static bool known_src(const struct known *k, const struct rdna_operand *op, uint32_t *v)
{
   if (op->reg < 106) {
      *v = k->value[op->reg];
      return k->valid[op->reg];
   }
   if (op->reg == RDNA_REG_LITERAL || op->reg == RDNA_REG_IMM) {
      *v = op->value;
      return true;
   }
   if (op->reg >= 128 && op->reg <= 192) {
      *v = op->reg - 128u;
      return true;
   }
   if (op->reg >= 193 && op->reg <= 208) {
      *v = (uint32_t)(192 - (int)op->reg);
      return true;
   }
   return false;
}

static void known_set(struct known *k, unsigned reg, bool valid, uint32_t v)
{
   if (reg < 106) {
      k->valid[reg] = valid;
      k->value[reg] = v;
   }
}

static void track(struct known *k, const struct rdna_inst *in, uint64_t pc)
{
   const struct op_info *info = op_info(in->op);
   uint32_t a, b;
   bool ka, kb;
   unsigned d = in->num_operands ? in->operands[0].reg : 128;
   switch (in->op) {
   case RDNA_OP_s_getpc_b64:
      known_set(k, d, true, (uint32_t)(pc + 4));
      known_set(k, d + 1, true, (uint32_t)((pc + 4) >> 32));
      return;
   case RDNA_OP_s_mov_b32:
      ka = known_src(k, &in->operands[1], &a);
      known_set(k, d, ka, a);
      return;
   case RDNA_OP_s_add_u32:
   case RDNA_OP_s_sub_u32:
   case RDNA_OP_s_addc_u32:
   case RDNA_OP_s_subb_u32: {
      ka = known_src(k, &in->operands[1], &a);
      kb = known_src(k, &in->operands[2], &b);
      bool with_carry = in->op == RDNA_OP_s_addc_u32 || in->op == RDNA_OP_s_subb_u32;
      bool ok = ka && kb && (!with_carry || k->scc_valid);
      uint64_t c = with_carry && k->scc ? 1 : 0;
      bool add = in->op == RDNA_OP_s_add_u32 || in->op == RDNA_OP_s_addc_u32;
      uint64_t r = add ? (uint64_t)a + b + c : (uint64_t)a - b - c;
      known_set(k, d, ok, (uint32_t)r);
      k->scc_valid = ok;
      k->scc = add ? r >> 32 != 0 : (uint64_t)b + c > a;
      return;
   }
   default:
      break;
   }
   /* anything else: its scalar destinations and SCC become unknown */
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *op = &in->operands[i];
      if (op->role == RDNA_ROLE_sdst || op->role == RDNA_ROLE_sdata)
         for (unsigned r = op->reg; r < op->reg + (op->width ? op->width : 1u); r++)
            known_set(k, r, false, 0);
   }
   if (info && (info->flags & W_SCC))
      k->scc_valid = false;
}

/* The target of s_setpc_b64 / s_swappc_b64 when its register pair is known. */
static bool known_jump(const struct known *k, const struct rdna_inst *in, uint64_t *target)
{
   const struct rdna_operand *src;
   if (in->op == RDNA_OP_s_setpc_b64)
      src = &in->operands[0];
   else if (in->op == RDNA_OP_s_swappc_b64)
      src = &in->operands[1];
   else
      return false;
   if (src->reg + 1 >= 106 || !k->valid[src->reg] || !k->valid[src->reg + 1])
      return false;
   *target = (k->value[src->reg] | (uint64_t)k->value[src->reg + 1] << 32) & 0xffffffffffffull;
   return true;
}

static bool walk(struct discovery *d, const struct rdna_isa_config *isa,
                 const struct cfg_program *programs, size_t num_programs, uint64_t start)
{
   uint64_t pc = start;
   struct known known;
   memset(&known, 0, sizeof(known));
   for (;;) {
      size_t slot;
      if ((pc & 3) || map_find(&d->seen, pc, &slot))
         return true;
      const struct cfg_program *p = find_program(programs, num_programs, pc);
      if (!p)
         return true;
      size_t offset = (size_t)(pc - p->address);
      struct cfg_inst ci;
      memset(&ci, 0, sizeof(ci));
      ci.pc = pc;
      memcpy(&ci.word, p->bytes + offset, p->size - offset >= 4 ? 4 : p->size - offset);
      struct rdna_diag diag;
      if (rdna_decode(isa, p->bytes + offset, p->size - offset, &ci.inst, &diag) != RDNA_OK) {
         ci.illegal = true;
         ci.inst.size = 4;
         if (!add_inst(d, &ci))
            return false;
         return push_work(d, pc + 4, true);
      }
      if (!add_inst(d, &ci))
         return false;
      uint64_t target;
      bool static_branch = cfg_static_branch(&ci.inst);
      if (cfg_branch_target(&ci.inst, pc, &target) && !push_work(d, target, !static_branch))
         return false;
      if (known_jump(&known, &ci.inst, &target)) {
         if (!push_work(d, target, true))
            return false;
      } else if (ci.inst.op == RDNA_OP_s_setpc_b64 || ci.inst.op == RDNA_OP_s_swappc_b64) {
         d->cfg->unresolved_jumps = true;
      }
      track(&known, &ci.inst, pc);
      uint64_t next = pc + ci.inst.size;
      if (cfg_transfers(&ci.inst))
         return push_work(d, next, !static_branch);
      /* after an instruction that can fault, the walk goes on: the block split there is only
       * reached by falling through (cfg_block.dynamic stays false) */
      pc = next;
   }
}

/* ---- entries a jump to a run-time value can reach ------------------------------------------ */

static const char *const entry_point_names[] = { "default", "discovered", "all" };

const char *rdna_entry_points_name(enum rdna_entry_points entries)
{
   if ((unsigned)entries >= sizeof(entry_point_names) / sizeof(entry_point_names[0]))
      return NULL;
   return entry_point_names[entries];
}

bool rdna_entry_points_parse(const char *name, enum rdna_entry_points *entries)
{
   for (unsigned i = 0; i < sizeof(entry_point_names) / sizeof(entry_point_names[0]); i++) {
      if (name && strcmp(name, entry_point_names[i]) == 0) {
         *entries = (enum rdna_entry_points)i;
         return true;
      }
   }
   return false;
}

/* A value of the data that may be a jump target: when it is a dword-aligned address of the code
 * (a 48-bit PC, as s_setpc_b64 takes it), it becomes an entry. Misaligned addresses and addresses
 * outside the code need none: the dispatcher's default faults them as the interpreter's fetch
 * does. */
static bool data_value(struct discovery *d, uint64_t value)
{
   uint64_t pc = value & 0xffffffffffffull;
   size_t slot;
   if ((pc & 3) || !find_program(d->programs, d->num_programs, pc) ||
       map_find(&d->data_values, pc, &slot))
      return true;
   if (!map_insert(&d->data_values, pc, 0))
      return false;
   d->cfg->data_entries++;
   return push_work(d, pc, true);
}

static uint64_t read_le(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)p[i] << (8 * i);
   return v;
}

/* Every 32-bit and 64-bit value (zero-extended; 64-bit ones at every dword) of every region's
 * initial bytes, buffers, kernel arguments and programs alike. */
static bool scan_memory(struct discovery *d, const struct rdna_case *c, unsigned wave_size)
{
   for (size_t i = 0; i < rdna_case_region_count(c); i++) {
      size_t size;
      const uint8_t *bytes = rdna_case_region_bytes(c, i, wave_size, &size);
      for (size_t at = 0; bytes && at + 4 <= size; at += 4) {
         if (!data_value(d, read_le(bytes + at, 4)))
            return false;
         if (at + 8 <= size && !data_value(d, read_le(bytes + at, 8)))
            return false;
      }
   }
   return true;
}

/* The initial scalar registers (each one and each consecutive pair, as s_setpc_b64 reads them)
 * and VGPRs (each lane's value and its pair with the next register). */
static bool scan_registers(struct discovery *d, const struct rdna_case *c, unsigned wave_size)
{
   uint32_t sreg[RDNA_REG_EXEC_HI + 1];
   bool known[RDNA_REG_EXEC_HI + 1];
   struct rdna_diag diag;
   for (unsigned code = 0; code <= RDNA_REG_EXEC_HI; code++) {
      known[code] = rdna_case_init_writes_sreg(c, wave_size, code) &&
                    rdna_case_init_sreg(c, wave_size, code, &sreg[code], &diag) == RDNA_OK;
      if (known[code] && !data_value(d, sreg[code]))
         return false;
      if (code && known[code - 1] && known[code] &&
          !data_value(d, sreg[code - 1] | (uint64_t)sreg[code] << 32))
         return false;
   }
   unsigned vgprs = rdna_case_vgprs(c);
   for (unsigned reg = 0; reg < vgprs; reg++) {
      if (!rdna_case_init_writes_vgpr(c, reg))
         continue;
      bool pair = reg + 1 < vgprs && rdna_case_init_writes_vgpr(c, reg + 1);
      for (unsigned lane = 0; lane < wave_size; lane++) {
         uint32_t lo, hi;
         if (rdna_case_init_vgpr(c, wave_size, reg, lane, &lo, &diag) != RDNA_OK)
            continue;
         if (!data_value(d, lo))
            return false;
         if (pair && rdna_case_init_vgpr(c, wave_size, reg + 1, lane, &hi, &diag) == RDNA_OK &&
             !data_value(d, lo | (uint64_t)hi << 32))
            return false;
      }
   }
   return true;
}

/* ---- discovery and blocks ------------------------------------------------------------------- */

/* The instruction at `pc` in the sorted list, or NULL. */
static const struct cfg_inst *inst_at(const struct cfg *cfg, uint64_t pc)
{
   size_t lo = 0, hi = cfg->num_insts;
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (cfg->insts[mid].pc < pc)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo < cfg->num_insts && cfg->insts[lo].pc == pc ? &cfg->insts[lo] : NULL;
}

/* Where decodings overlap (code decoded from inside an instruction), an instruction's successor
 * is not the next one by address: the successor starts a block that only the dispatcher reaches
 * (recomp/structure.c sends such a fall-through there). */
static bool mark_overlap_successors(struct discovery *d)
{
   const struct cfg *cfg = d->cfg;
   for (size_t i = 0; i < cfg->num_insts; i++) {
      const struct cfg_inst *ci = &cfg->insts[i];
      uint64_t next = ci->pc + ci->inst.size;
      if (i + 1 < cfg->num_insts && cfg->insts[i + 1].pc == next)
         continue;
      size_t slot;
      if (!inst_at(cfg, next))
         continue;
      if (map_find(&d->leaders, next, &slot))
         d->leaders.values[slot] |= LEADER | DYNAMIC;
      else if (!map_insert(&d->leaders, next, LEADER | DYNAMIC))
         return false;
   }
   return true;
}

static bool walk_all(struct discovery *d, const struct rdna_isa_config *isa)
{
   while (d->num_work)
      if (!walk(d, isa, d->programs, d->num_programs, d->work[--d->num_work]))
         return false;
   return true;
}

/* Discovery from the entry and the region starts, then from the entries `entries` adds: every
 * dword of the code, or (by default, when a jump target is unresolved and a case gives data) the
 * code addresses in the case's initial memory and registers. */
static enum rdna_status discover(const struct cfg_program *programs, size_t num_programs,
                                 uint64_t entry, const struct rdna_isa_config *isa,
                                 enum rdna_entry_points entries, const struct rdna_case *c,
                                 struct cfg *cfg, struct rdna_diag *diag)
{
   memset(cfg, 0, sizeof(*cfg));
   if (!num_programs)
      return fail(diag, RDNA_BAD_ARGUMENT, "the case has no program");
   if (!rdna_entry_points_name(entries))
      return fail(diag, RDNA_BAD_ARGUMENT, "unknown entry-point choice");
   struct discovery d;
   memset(&d, 0, sizeof(d));
   d.cfg = cfg;
   d.programs = programs;
   d.num_programs = num_programs;
   bool ok = push_work(&d, entry, true);
   for (size_t i = 0; ok && i < num_programs; i++)
      ok = push_work(&d, programs[i].address, true);
   ok = ok && walk_all(&d, isa);
   d.speculative = true;
   if (entries == RDNA_ENTRIES_ALL) {
      for (size_t i = 0; ok && i < num_programs; i++)
         for (uint64_t at = 0; ok && at + 4 <= programs[i].size; at += 4)
            ok = push_work(&d, programs[i].address + at, true);
   } else if (entries == RDNA_ENTRIES_DEFAULT && cfg->unresolved_jumps && c) {
      ok = ok && scan_memory(&d, c, isa->wave_size) && scan_registers(&d, c, isa->wave_size);
   }
   ok = ok && walk_all(&d, isa);
   if (ok) {
      qsort(cfg->insts, cfg->num_insts, sizeof(*cfg->insts), compare_insts);
      cfg->blocks = calloc(cfg->num_insts ? cfg->num_insts : 1, sizeof(*cfg->blocks));
      ok = cfg->blocks != NULL && mark_overlap_successors(&d);
   }
   for (size_t i = 0; ok && i < cfg->num_insts; i++) {
      struct cfg_inst *ci = &cfg->insts[i];
      size_t slot;
      ci->leader = map_find(&d.leaders, ci->pc, &slot);
      bool dynamic = i == 0 || (ci->leader && (d.leaders.values[slot] & DYNAMIC));
      bool starts = i == 0 || ci->leader;
      if (!starts) {
         const struct cfg_inst *prev = &cfg->insts[i - 1];
         starts =
            prev->illegal || cfg_ends_block(&prev->inst) || prev->pc + prev->inst.size != ci->pc;
      }
      if (starts) {
         ci->leader = true;
         cfg->blocks[cfg->num_blocks++] = (struct cfg_block){ ci->pc, i, 0, dynamic };
      }
      cfg->blocks[cfg->num_blocks - 1].count++;
   }
   free(d.seen.keys);
   free(d.seen.values);
   free(d.leaders.keys);
   free(d.leaders.values);
   free(d.data_values.keys);
   free(d.data_values.values);
   free(d.work);
   if (!ok) {
      cfg_free(cfg);
      return fail(diag, RDNA_NO_MEMORY, "out of memory discovering code");
   }
   return RDNA_OK;
}

enum rdna_status cfg_build_entries(const struct rdna_case *c, const struct rdna_isa_config *isa,
                                   enum rdna_entry_points entries, struct cfg *cfg,
                                   struct rdna_diag *diag)
{
   memset(cfg, 0, sizeof(*cfg));
   size_t num_regions = rdna_case_region_count(c);
   struct cfg_program *programs = calloc(num_regions ? num_regions : 1, sizeof(*programs));
   if (!programs)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   size_t num_programs = 0;
   for (size_t i = 0; i < num_regions; i++) {
      struct rdna_case_region r;
      if (!rdna_case_region(c, i, &r) || !r.is_program)
         continue;
      struct cfg_program *p = &programs[num_programs++];
      p->address = r.address;
      p->bytes = rdna_case_region_bytes(c, i, isa->wave_size, &p->size);
   }
   enum rdna_status st =
      discover(programs, num_programs, rdna_case_entry(c), isa, entries, c, cfg, diag);
   free(programs);
   return st;
}

enum rdna_status cfg_build(const struct rdna_case *c, const struct rdna_isa_config *isa,
                           struct cfg *cfg, struct rdna_diag *diag)
{
   return cfg_build_entries(c, isa, RDNA_ENTRIES_DEFAULT, cfg, diag);
}

enum rdna_status cfg_build_programs(const struct cfg_program *programs, size_t num_programs,
                                    uint64_t entry, const struct rdna_isa_config *isa,
                                    struct cfg *cfg, struct rdna_diag *diag)
{
   return discover(programs, num_programs, entry, isa, RDNA_ENTRIES_DEFAULT, NULL, cfg, diag);
}

void cfg_free(struct cfg *cfg)
{
   free(cfg->insts);
   free(cfg->blocks);
   memset(cfg, 0, sizeof(*cfg));
}

long cfg_find_block(const struct cfg *cfg, uint64_t pc)
{
   size_t lo = 0, hi = cfg->num_blocks;
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (cfg->blocks[mid].start < pc)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo < cfg->num_blocks && cfg->blocks[lo].start == pc ? (long)lo : -1;
}
