/* The lowering helpers of recomp/lower.h: constants, operand reads of every source kind, scalar
 * and lane-mask state, EXEC-predicated VGPR writes, subgroup ballots and lane reads, faults and
 * structured selections. */
#include <spirv/unified1/GLSL.std.450.h>
#include <stdio.h>
#include <string.h>

#include "recomp/lower.h"

enum rdna_status lower_unsupported(struct lower *l, const char *name, const char *detail)
{
   if (l->diag) {
      memset(l->diag, 0, sizeof(*l->diag));
      l->diag->status = RDNA_UNSUPPORTED;
      snprintf(l->diag->message, sizeof(l->diag->message),
               "%s at 0x%llx is not lowered to SPIR-V yet%s", name, (unsigned long long)l->pc_value,
               detail);
   }
   return RDNA_UNSUPPORTED;
}

/* ---- constants and arithmetic -------------------------------------------------------------- */

uint32_t lw_u32(struct lower *l, uint32_t value)
{
   return spvb_const_u32(l->b, value);
}

uint32_t lw_u64(struct lower *l, uint64_t value)
{
   return spvb_const_u64(l->b, value);
}

uint32_t lw_bool(struct lower *l, bool value)
{
   return spvb_const_bool(l->b, value);
}

uint32_t lw_op2(struct lower *l, SpvOp op, uint32_t type, uint32_t x, uint32_t y)
{
   return spvb_binop(l->b, op, type, x, y);
}

uint32_t lw_op1(struct lower *l, SpvOp op, uint32_t type, uint32_t x)
{
   return spvb_unop(l->b, op, type, x);
}

uint32_t lw_select(struct lower *l, uint32_t type, uint32_t cond, uint32_t x, uint32_t y)
{
   return spvb_select(l->b, type, cond, x, y);
}

uint32_t lw_glsl(struct lower *l, unsigned inst, uint32_t type, const uint32_t *args, size_t n)
{
   uint32_t operands[5] = { l->glsl, inst };
   for (size_t i = 0; i < n && i < 3; i++)
      operands[2 + i] = args[i];
   return spvb_op(l->b, SpvOpExtInst, type, operands, 2 + n);
}

uint32_t lw_lo(struct lower *l, uint32_t x64)
{
   return lw_op1(l, SpvOpUConvert, l->t_u32, x64);
}

uint32_t lw_hi(struct lower *l, uint32_t x64)
{
   return lw_lo(l, lw_op2(l, SpvOpShiftRightLogical, l->t_u64, x64, lw_u32(l, 32)));
}

uint32_t lw_zext64(struct lower *l, uint32_t x32)
{
   return lw_op1(l, SpvOpUConvert, l->t_u64, x32);
}

uint32_t lw_sext64(struct lower *l, uint32_t x32)
{
   uint32_t t_i32 = spvb_type_int(l->b, 32, true), t_i64 = spvb_type_int(l->b, 64, true);
   uint32_t s = lw_op1(l, SpvOpBitcast, t_i32, x32);
   return lw_op1(l, SpvOpBitcast, l->t_u64, lw_op1(l, SpvOpSConvert, t_i64, s));
}

uint32_t lw_sclamp(struct lower *l, uint32_t x, int32_t lo, int32_t hi)
{
   uint32_t t_i32 = spvb_type_int(l->b, 32, true);
   uint32_t args[3] = { lw_op1(l, SpvOpBitcast, t_i32, x),
                        lw_op1(l, SpvOpBitcast, t_i32, lw_u32(l, (uint32_t)lo)),
                        lw_op1(l, SpvOpBitcast, t_i32, lw_u32(l, (uint32_t)hi)) };
   return lw_op1(l, SpvOpBitcast, l->t_u32, lw_glsl(l, GLSLstd450SClamp, t_i32, args, 3));
}

uint32_t lw_pack64(struct lower *l, uint32_t lo, uint32_t hi)
{
   uint32_t h = lw_op2(l, SpvOpShiftLeftLogical, l->t_u64, lw_zext64(l, hi), lw_u32(l, 32));
   return lw_op2(l, SpvOpBitwiseOr, l->t_u64, h, lw_zext64(l, lo));
}

uint32_t lw_b2u(struct lower *l, uint32_t cond)
{
   return lw_select(l, l->t_u32, cond, lw_u32(l, 1), lw_u32(l, 0));
}

uint32_t lw_nz(struct lower *l, uint32_t x)
{
   return lw_op2(l, SpvOpINotEqual, l->t_bool, x, lw_u32(l, 0));
}

uint32_t lw_nz64(struct lower *l, uint32_t x)
{
   return lw_op2(l, SpvOpINotEqual, l->t_bool, x, lw_u64(l, 0));
}

/* ---- scalar state -------------------------------------------------------------------------- */

static void invalidate_exec(struct lower *l)
{
   memset(l->active, 0, sizeof(l->active));
}

/* ---- the register cache ------------------------------------------------------------------- */

static uint32_t sreg_var(struct lower *l, unsigned index)
{
   return index == LOWER_SCC_INDEX ? l->scc : l->sgpr[index];
}

static uint32_t cached_sreg(struct lower *l, unsigned index)
{
   struct lower_cached *e = &l->sgpr_cache[index];
   if (e->gen != l->cache_gen) {
      e->gen = l->cache_gen;
      e->id = spvb_load(l->b, l->t_u32, sreg_var(l, index));
      e->dirty = false;
   }
   return e->id;
}

static void cache_write(struct lower *l, struct lower_cached *e, uint32_t key, uint32_t value)
{
   if (e->gen != l->cache_gen || !e->dirty)
      l->dirty[l->num_dirty++] = key;
   e->gen = l->cache_gen;
   e->id = value;
   e->dirty = true;
}

void lw_flush(struct lower *l)
{
   for (size_t i = 0; i < l->num_dirty; i++) {
      uint32_t key = l->dirty[i];
      struct lower_cached *e;
      uint32_t ptr;
      if (key & LOWER_DIRTY_VGPR) {
         unsigned reg = (key >> 8) & 0xffff, slot = key & 0xff;
         e = &l->vgpr_cache[reg][slot];
         if (e->gen != l->cache_gen || !e->dirty)
            continue;
         ptr = lw_vgpr_ptr(l, reg, slot);
      } else {
         e = &l->sgpr_cache[key];
         if (e->gen != l->cache_gen || !e->dirty)
            continue;
         ptr = sreg_var(l, key);
      }
      spvb_store(l->b, ptr, e->id);
      e->dirty = false;
   }
   l->num_dirty = 0;
}

void lw_flush_relative(struct lower *l)
{
   size_t kept = 0;
   for (size_t i = 0; i < l->num_dirty; i++) {
      uint32_t key = l->dirty[i];
      unsigned reg = (key >> 8) & 0xffff, slot = key & 0xff;
      if (!(key & LOWER_DIRTY_VGPR) || reg < l->relative_lo) {
         l->dirty[kept++] = key;
         continue;
      }
      struct lower_cached *e = &l->vgpr_cache[reg][slot];
      if (e->gen == l->cache_gen && e->dirty) {
         spvb_store(l->b, lw_vgpr_ptr(l, reg, slot), e->id);
         e->dirty = false;
      }
   }
   l->num_dirty = kept;
}

void lw_forget_relative(struct lower *l)
{
   for (unsigned r = l->relative_lo; r < l->vgprs; r++)
      for (unsigned k = 0; k < l->slots; k++)
         l->vgpr_cache[r][k].gen = 0;
}

void lw_invalidate(struct lower *l)
{
   l->num_dirty = 0;
   l->cache_gen++;
   invalidate_exec(l);
}

void lw_selection_merge(struct lower *l, uint32_t merge)
{
   lw_flush(l);
   spvb_selection_merge(l->b, merge);
}

void lw_label(struct lower *l, uint32_t label)
{
   spvb_label(l->b, label);
   lw_invalidate(l);
}

void lw_branch(struct lower *l, uint32_t label)
{
   lw_flush(l);
   spvb_branch(l->b, label);
}

uint32_t lw_sreg(struct lower *l, unsigned code)
{
   if (code >= LOWER_SREGS || code == RDNA_REG_NULL)
      return lw_u32(l, 0);
   return cached_sreg(l, code);
}

void lw_sreg_write(struct lower *l, unsigned code, uint32_t value)
{
   if (code >= LOWER_SREGS || code == RDNA_REG_NULL)
      return;
   if (code >= RDNA_REG_EXEC_LO)
      invalidate_exec(l);
   cache_write(l, &l->sgpr_cache[code], code, value);
}

uint32_t lw_scc_u32(struct lower *l)
{
   return cached_sreg(l, LOWER_SCC_INDEX);
}

uint32_t lw_sreg64(struct lower *l, unsigned code)
{
   return lw_pack64(l, lw_sreg(l, code), lw_sreg(l, code + 1));
}

/* A null destination discards the whole value (its second dword must not reach exec_lo). */
void lw_sreg_write64(struct lower *l, unsigned code, uint32_t value64)
{
   if (code == RDNA_REG_NULL)
      return;
   lw_sreg_write(l, code, lw_lo(l, value64));
   lw_sreg_write(l, code + 1, lw_hi(l, value64));
}

uint32_t lw_scc(struct lower *l)
{
   return lw_nz(l, lw_scc_u32(l));
}

void lw_scc_write(struct lower *l, uint32_t cond)
{
   cache_write(l, &l->sgpr_cache[LOWER_SCC_INDEX], LOWER_SCC_INDEX, lw_b2u(l, cond));
}

static uint32_t wave_mask(struct lower *l, uint32_t value64)
{
   if (l->wave_size == 64)
      return value64;
   return lw_op2(l, SpvOpBitwiseAnd, l->t_u64, value64, lw_u64(l, 0xffffffffull));
}

uint32_t lw_exec(struct lower *l)
{
   if (l->wave_size == 32)
      return lw_zext64(l, lw_sreg(l, RDNA_REG_EXEC_LO));
   return lw_sreg64(l, RDNA_REG_EXEC_LO);
}

uint32_t lw_vcc(struct lower *l)
{
   if (l->wave_size == 32)
      return lw_zext64(l, lw_sreg(l, RDNA_REG_VCC_LO));
   return lw_sreg64(l, RDNA_REG_VCC_LO);
}

void lw_mask_write(struct lower *l, unsigned code, uint32_t mask64)
{
   if (code == RDNA_REG_NULL)
      return;
   lw_sreg_write(l, code, lw_lo(l, mask64));
   if (l->wave_size == 64)
      lw_sreg_write(l, code + 1, lw_hi(l, mask64));
}

/* Inline float constants 240..248 (RDNA2 ISA guide 3.6.2): 0.5, -0.5, 1.0, -1.0, 2.0, -2.0,
 * 4.0, -4.0, 1/(2*pi), as f16, f32 or f64 bits by the operand's type. */
static uint64_t inline_float(unsigned reg, unsigned type)
{
   static const uint16_t half[] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                    0xc000, 0x4400, 0xc400, 0x3118 };
   static const uint32_t single[] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                      0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983 };
   static const uint64_t dbl[] = { 0x3fe0000000000000ull, 0xbfe0000000000000ull,
                                   0x3ff0000000000000ull, 0xbff0000000000000ull,
                                   0x4000000000000000ull, 0xc000000000000000ull,
                                   0x4010000000000000ull, 0xc010000000000000ull,
                                   0x3fc45f306dc9c882ull };
   unsigned i = reg - RDNA_REG_CONST_HALF;
   switch (type) {
   case RDNA_TYPE_b16:
   case RDNA_TYPE_i16:
   case RDNA_TYPE_u16:
   case RDNA_TYPE_f16:
   case RDNA_TYPE_v2i16:
   case RDNA_TYPE_v2u16:
   case RDNA_TYPE_v2f16:
      return half[i];
   case RDNA_TYPE_b64:
   case RDNA_TYPE_i64:
   case RDNA_TYPE_u64:
   case RDNA_TYPE_f64:
      return dbl[i];
   default:
      return single[i];
   }
}

uint32_t lw_scalar_src(struct lower *l, const struct rdna_operand *op)
{
   unsigned reg = op->reg;
   if (reg < LOWER_SREGS)
      return lw_sreg(l, reg);
   if (reg <= 192)
      return lw_u32(l, reg - 128u);
   if (reg <= 208)
      return lw_u32(l, (uint32_t)(192 - (int)reg));
   if (reg >= RDNA_REG_CONST_HALF && reg <= RDNA_REG_CONST_INV2PI)
      return lw_u32(l, (uint32_t)inline_float(reg, op->type));
   switch (reg) {
   case RDNA_REG_LITERAL:
   case RDNA_REG_IMM:
      return lw_u32(l, op->value);
   case RDNA_REG_VCCZ:
      return lw_b2u(l, lw_op2(l, SpvOpIEqual, l->t_bool, lw_vcc(l), lw_u64(l, 0)));
   case RDNA_REG_EXECZ:
      return lw_b2u(l, lw_op2(l, SpvOpIEqual, l->t_bool, lw_exec(l), lw_u64(l, 0)));
   case RDNA_REG_SCC:
      return lw_scc_u32(l);
   case RDNA_REG_LDS_DIRECT: /* read before the instruction (lw_lds_direct_read) */
      return l->lds_direct ? l->lds_direct : lw_u32(l, 0);
   /* Aperture bases: the high dword of the flat addresses of LDS and scratch, the values the
    * interpreter documents (interp/wave.h: those Linux's amdgpu driver programs). */
   case RDNA_REG_SHARED_BASE:
   case RDNA_REG_SHARED_LIMIT:
      return lw_u32(l, 0x00010000u);
   case RDNA_REG_PRIVATE_BASE:
   case RDNA_REG_PRIVATE_LIMIT:
      return lw_u32(l, 0x00020000u);
   default:
      return lw_u32(l, 0); /* pops_exiting_wave_id: no POPS in a compute dispatch */
   }
}

/* 64-bit reads: register pairs; inline integers sign-extended; inline floats as f64 bits for
 * 64-bit types; an f64 literal in the high dword, other literals zero-extended (RDNA2 ISA guide
 * 3.6.3). */
uint32_t lw_scalar_src64(struct lower *l, const struct rdna_operand *op)
{
   unsigned reg = op->reg;
   if (reg < LOWER_SREGS - 1)
      return lw_sreg64(l, reg);
   if (reg >= 128 && reg <= 208) {
      int64_t v = reg <= 192 ? (int64_t)reg - 128 : 192 - (int64_t)reg;
      return lw_u64(l, (uint64_t)v);
   }
   if (reg >= RDNA_REG_CONST_HALF && reg <= RDNA_REG_CONST_INV2PI)
      return lw_u64(l, inline_float(reg, RDNA_TYPE_f64));
   if (reg == RDNA_REG_LITERAL && op->type == RDNA_TYPE_f64)
      return lw_u64(l, (uint64_t)op->value << 32);
   return lw_zext64(l, lw_scalar_src(l, op));
}

uint32_t lw_mask_src(struct lower *l, const struct rdna_operand *op)
{
   if (l->wave_size == 32)
      return lw_zext64(l, lw_scalar_src(l, op));
   return lw_scalar_src64(l, op);
}

void lw_sdst(struct lower *l, const struct rdna_operand *op, uint32_t value)
{
   lw_sreg_write(l, op->reg, value);
}

void lw_sdst64(struct lower *l, const struct rdna_operand *op, uint32_t value64)
{
   lw_sreg_write64(l, op->reg, value64);
}

/* ---- vector state -------------------------------------------------------------------------- */

bool lw_is_vgpr(const struct rdna_operand *op)
{
   return op->reg >= RDNA_REG_VGPR0 && op->reg < RDNA_REG_IMM;
}

uint32_t lw_vgpr_ptr(struct lower *l, unsigned reg, unsigned slot)
{
   if (reg >= l->window_base && reg < l->vgprs) {
      uint32_t index = lw_u32(l, reg - l->window_base);
      return spvb_access_chain(l->b, l->t_ptr_u32, l->window_var[slot], &index, 1);
   }
   return l->vgpr_var[reg][slot];
}

uint32_t lw_vgpr(struct lower *l, unsigned reg, unsigned slot)
{
   struct lower_cached *e = &l->vgpr_cache[reg][slot];
   if (e->gen != l->cache_gen) {
      e->gen = l->cache_gen;
      e->id = spvb_load(l->b, l->t_u32, lw_vgpr_ptr(l, reg, slot));
      e->dirty = false;
   }
   return e->id;
}

void lw_vgpr_store(struct lower *l, unsigned reg, unsigned slot, uint32_t value)
{
   cache_write(l, &l->vgpr_cache[reg][slot], LOWER_DIRTY_VGPR | reg << 8 | slot, value);
}

uint32_t lw_mask_bit(struct lower *l, uint32_t mask64, unsigned slot)
{
   uint32_t bit = lw_op2(l, SpvOpBitwiseAnd, l->t_u64, mask64, l->lane_bit[slot]);
   return lw_nz64(l, bit);
}

uint32_t lw_lowest_lane(struct lower *l, uint32_t mask64)
{
   uint32_t lo = lw_lo(l, mask64), hi = lw_hi(l, mask64);
   uint32_t lsb_lo = lw_glsl(l, GLSLstd450FindILsb, l->t_u32, &lo, 1);
   uint32_t lsb_hi = lw_glsl(l, GLSLstd450FindILsb, l->t_u32, &hi, 1);
   return lw_select(l, l->t_u32, lw_nz(l, lo), lsb_lo,
                    lw_op2(l, SpvOpIAdd, l->t_u32, lsb_hi, lw_u32(l, 32)));
}

uint32_t lw_lane_loop_begin(struct lower *l, uint32_t lanes64, struct lw_lane_loop *loop)
{
   uint32_t left = spvb_function_variable(l->b, l->t_ptr_u64);
   spvb_store(l->b, left, lanes64);
   uint32_t body = spvb_id(l->b);
   loop->header = spvb_id(l->b);
   loop->cont = spvb_id(l->b);
   loop->done = spvb_id(l->b);
   lw_branch(l, loop->header);
   lw_label(l, loop->header);
   uint32_t mask = spvb_load(l->b, l->t_u64, left);
   uint32_t more = lw_nz64(l, mask);
   spvb_loop_merge(l->b, loop->done, loop->cont);
   spvb_branch_conditional(l->b, more, body, loop->done);
   lw_label(l, body);
   uint32_t lane = lw_lowest_lane(l, mask);
   uint32_t below = lw_op2(l, SpvOpISub, l->t_u64, mask, lw_u64(l, 1));
   spvb_store(l->b, left, lw_op2(l, SpvOpBitwiseAnd, l->t_u64, mask, below));
   return lane;
}

void lw_lane_loop_end(struct lower *l, const struct lw_lane_loop *loop)
{
   lw_branch(l, loop->cont);
   lw_label(l, loop->cont);
   spvb_branch(l->b, loop->header);
   lw_label(l, loop->done);
}

uint32_t lw_active(struct lower *l, unsigned slot)
{
   if (!l->active[slot]) {
      uint32_t exec = lw_exec(l);
      for (unsigned k = 0; k < l->slots; k++)
         l->active[k] = lw_mask_bit(l, exec, k);
   }
   return l->active[slot];
}

void lw_vwrite(struct lower *l, unsigned reg, unsigned slot, uint32_t value)
{
   if (reg >= l->vgprs)
      return; /* cannot happen: operands past the allocation fault before lowering */
   uint32_t old = lw_vgpr(l, reg, slot);
   lw_vgpr_store(l, reg, slot, lw_select(l, l->t_u32, lw_active(l, slot), value, old));
}

void lw_vsrc(struct lower *l, const struct rdna_operand *op, uint32_t out[])
{
   if (lw_is_vgpr(op)) {
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_vgpr(l, op->reg - RDNA_REG_VGPR0, k);
      return;
   }
   uint32_t value = lw_scalar_src(l, op);
   for (unsigned k = 0; k < l->slots; k++)
      out[k] = value;
}

void lw_vsrc64(struct lower *l, const struct rdna_operand *op, uint32_t out[])
{
   if (lw_is_vgpr(op)) {
      unsigned reg = op->reg - RDNA_REG_VGPR0;
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_pack64(l, lw_vgpr(l, reg, k), lw_vgpr(l, reg + 1, k));
      return;
   }
   uint32_t value = lw_scalar_src64(l, op);
   for (unsigned k = 0; k < l->slots; k++)
      out[k] = value;
}

uint32_t lw_broadcast_first(struct lower *l, uint32_t value)
{
   uint32_t operands[2] = { lw_u32(l, SpvScopeSubgroup), value };
   return spvb_op(l->b, SpvOpGroupNonUniformBroadcastFirst, l->t_u32, operands, 2);
}

uint32_t lw_ballot(struct lower *l, const uint32_t pred[])
{
   uint32_t scope = lw_u32(l, SpvScopeSubgroup);
   uint32_t mask = lw_u64(l, 0);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t operands[2] = { scope, pred[k] };
      uint32_t ballot = spvb_op(l->b, SpvOpGroupNonUniformBallot, l->t_uvec4, operands, 2);
      uint32_t index0 = 0, index1 = 1;
      uint32_t x[2] = { ballot, index0 };
      uint32_t w0 = spvb_op(l->b, SpvOpCompositeExtract, l->t_u32, x, 2);
      uint32_t part;
      if (l->subgroup_size == 64) {
         x[1] = index1;
         uint32_t w1 = spvb_op(l->b, SpvOpCompositeExtract, l->t_u32, x, 2);
         part = lw_pack64(l, w0, w1);
      } else {
         part = lw_zext64(l, w0);
         if (l->subgroup_size < 32)
            part = lw_op2(l, SpvOpBitwiseAnd, l->t_u64, part,
                          lw_u64(l, (1ull << l->subgroup_size) - 1));
         if (k)
            part =
               lw_op2(l, SpvOpShiftLeftLogical, l->t_u64, part, lw_u32(l, k * l->subgroup_size));
      }
      mask = k ? lw_op2(l, SpvOpBitwiseOr, l->t_u64, mask, part) : part;
   }
   return wave_mask(l, mask);
}

uint32_t lw_read_lane(struct lower *l, const uint32_t values[], uint32_t lane)
{
   uint32_t scope = lw_u32(l, SpvScopeSubgroup);
   uint32_t id = lw_op2(l, SpvOpBitwiseAnd, l->t_u32, lane, lw_u32(l, l->subgroup_size - 1));
   uint32_t slot = lw_op2(l, SpvOpShiftRightLogical, l->t_u32, lane,
                          lw_u32(l, (uint32_t)__builtin_ctz(l->subgroup_size)));
   uint32_t result = 0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t operands[3] = { scope, values[k], id };
      uint32_t v = spvb_op(l->b, SpvOpGroupNonUniformShuffle, l->t_u32, operands, 3);
      if (!k)
         result = v;
      else
         result = lw_select(l, l->t_u32, lw_op2(l, SpvOpIEqual, l->t_bool, slot, lw_u32(l, k)), v,
                            result);
   }
   return result;
}

const struct rdna_operand *lw_role(const struct rdna_inst *in, unsigned role)
{
   for (unsigned i = 0; i < in->num_operands; i++)
      if (in->operands[i].role == role)
         return &in->operands[i];
   return NULL;
}

/* ---- faults and structure ------------------------------------------------------------------ */

uint32_t lw_if_begin(struct lower *l, uint32_t cond)
{
   uint32_t then_label = spvb_id(l->b), merge = spvb_id(l->b);
   lw_selection_merge(l, merge);
   spvb_branch_conditional(l->b, cond, then_label, merge);
   lw_label(l, then_label);
   return merge;
}

void lw_if_end(struct lower *l, uint32_t merge)
{
   lw_branch(l, merge);
   lw_label(l, merge);
}

void lw_fault(struct lower *l, uint32_t cond, enum rdna_fault_kind kind, uint32_t lane,
              uint32_t address)
{
   lw_fault_value(l, cond, lw_u32(l, kind), lane, address);
}

uint32_t lw_steps_now(struct lower *l)
{
   return lw_op2(l, SpvOpIAdd, l->t_u64, l->block_steps, lw_u64(l, l->inst_index + 1));
}

void lw_fault_value(struct lower *l, uint32_t cond, uint32_t kind, uint32_t lane, uint32_t address)
{
   uint32_t merge = cond ? lw_if_begin(l, cond) : 0;
   l->fault_sites++;
   spvb_store(l->b, l->fault_kind, kind);
   spvb_store(l->b, l->fault_lane, lane ? lane : lw_u32(l, 0xffffffffu));
   spvb_store(l->b, l->fault_pc, lw_u64(l, l->pc_value));
   spvb_store(l->b, l->fault_addr, address ? address : lw_u64(l, 0));
   spvb_store(l->b, l->fault_op, lw_u32(l, l->op_value));
   spvb_store(l->b, l->ended, lw_bool(l, true));
   if (merge)
      lw_if_end(l, merge);
}

/* ---- loops over an invocation's lane slots (memory instructions) ----------------------------- */

void lw_slot_loop_begin(struct lower *l, struct lw_slot_loop *loop)
{
   memset(loop, 0, sizeof *loop);
   if (l->slots == 1) {
      loop->slot = lw_u32(l, 0);
      loop->first_lane = lw_u32(l, 0);
      loop->lane = l->lane[0];
      return;
   }
   /* Four slots or more (lavapipe): the slot count as a value the driver cannot fold
    * (wave_index < 2^31), since drivers fully unroll loops of a constant trip count, which brings
    * back the unrolled code's compile time. Two slots (wave64 on subgroups of 32): a constant,
    * as NVIDIA's compiler took longer over the opaque loop (private_array in wave64: 156 s). */
   uint32_t count = lw_u32(l, l->slots);
   if (l->slots >= 4)
      count = lw_op2(l, SpvOpIAdd, l->t_u32, count,
                     lw_op2(l, SpvOpShiftRightLogical, l->t_u32, l->wave_index, lw_u32(l, 31)));
   loop->counter = spvb_function_variable(l->b, l->t_ptr_u32);
   spvb_store(l->b, loop->counter, lw_u32(l, 0));
   loop->header = spvb_id(l->b);
   loop->cont = spvb_id(l->b);
   loop->merge = spvb_id(l->b);
   uint32_t body = spvb_id(l->b);
   lw_branch(l, loop->header);
   lw_label(l, loop->header);
   loop->slot = spvb_load(l->b, l->t_u32, loop->counter);
   uint32_t more = lw_op2(l, SpvOpULessThan, l->t_bool, loop->slot, count);
   spvb_loop_merge(l->b, loop->merge, loop->cont);
   spvb_branch_conditional(l->b, more, body, loop->merge);
   lw_label(l, body);
   loop->first_lane = lw_op2(l, SpvOpIMul, l->t_u32, loop->slot, lw_u32(l, l->subgroup_size));
   loop->lane = lw_op2(l, SpvOpIAdd, l->t_u32, l->invocation, loop->first_lane);
   for (unsigned k = 0; k < l->slots; k++)
      loop->is_slot[k] = lw_op2(l, SpvOpIEqual, l->t_bool, loop->slot, lw_u32(l, k));
}

void lw_slot_loop_end(struct lower *l, struct lw_slot_loop *loop)
{
   if (!loop->header)
      return;
   lw_branch(l, loop->cont);
   lw_label(l, loop->cont);
   spvb_store(l->b, loop->counter, lw_op2(l, SpvOpIAdd, l->t_u32, loop->slot, lw_u32(l, 1)));
   spvb_branch(l->b, loop->header);
   lw_label(l, loop->merge);
}

uint32_t lw_slot_array(struct lower *l, uint32_t type)
{
   uint32_t pointer = spvb_type_pointer(l->b, SpvStorageClassFunction, type);
   uint32_t first = spvb_function_variable(l->b, pointer);
   for (unsigned k = 1; k < l->slots; k++)
      spvb_function_variable(l->b, pointer); /* ids first + k: spvb_id counts up */
   return first;
}

uint32_t lw_slot_get_at(struct lower *l, uint32_t array, uint32_t type, unsigned k)
{
   return spvb_load(l->b, type, array + k);
}

void lw_slot_put_at(struct lower *l, uint32_t array, unsigned k, uint32_t value)
{
   spvb_store(l->b, array + k, value);
}

/* The element whose is_slot[k] holds: a select chain over the slots' variables. */
static uint32_t slot_select(struct lower *l, uint32_t array, uint32_t type,
                            const uint32_t is_slot[])
{
   uint32_t value = spvb_load(l->b, type, array);
   for (unsigned k = 1; k < l->slots; k++)
      value = lw_select(l, type, is_slot[k], spvb_load(l->b, type, array + k), value);
   return value;
}

uint32_t lw_slot_get(struct lower *l, uint32_t array, uint32_t type,
                     const struct lw_slot_loop *loop)
{
   return slot_select(l, array, type, loop->is_slot);
}

void lw_slot_put(struct lower *l, uint32_t array, uint32_t type, const struct lw_slot_loop *loop,
                 uint32_t value)
{
   if (l->slots == 1) {
      spvb_store(l->b, array, value);
      return;
   }
   for (unsigned k = 0; k < l->slots; k++)
      spvb_store(l->b, array + k,
                 lw_select(l, type, loop->is_slot[k], value, spvb_load(l->b, type, array + k)));
}

uint32_t lw_slot_vgpr(struct lower *l, unsigned reg, const struct lw_slot_loop *loop)
{
   uint32_t value = lw_vgpr(l, reg, 0);
   for (unsigned k = 1; k < l->slots; k++)
      value = lw_select(l, l->t_u32, loop->is_slot[k], lw_vgpr(l, reg, k), value);
   return value;
}

uint32_t lw_slot_pick(struct lower *l, uint32_t array, uint32_t type, uint32_t slot)
{
   uint32_t is_slot[LOWER_MAX_SLOTS];
   for (unsigned k = 1; k < l->slots; k++)
      is_slot[k] = lw_op2(l, SpvOpIEqual, l->t_bool, slot, lw_u32(l, k));
   return slot_select(l, array, type, is_slot);
}

uint32_t lw_slot_ballot(struct lower *l, const struct lw_slot_loop *loop, uint32_t pred)
{
   uint32_t operands[2] = { lw_u32(l, SpvScopeSubgroup), pred };
   uint32_t ballot = spvb_op(l->b, SpvOpGroupNonUniformBallot, l->t_uvec4, operands, 2);
   uint32_t x[2] = { ballot, 0 };
   uint32_t w0 = spvb_op(l->b, SpvOpCompositeExtract, l->t_u32, x, 2);
   if (l->subgroup_size == 64) {
      x[1] = 1;
      return lw_pack64(l, w0, spvb_op(l->b, SpvOpCompositeExtract, l->t_u32, x, 2));
   }
   uint32_t part = lw_zext64(l, w0);
   if (l->subgroup_size < 32)
      part = lw_op2(l, SpvOpBitwiseAnd, l->t_u64, part, lw_u64(l, (1ull << l->subgroup_size) - 1));
   if (l->slots > 1)
      part = lw_op2(l, SpvOpShiftLeftLogical, l->t_u64, part, loop->first_lane);
   return part;
}
