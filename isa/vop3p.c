/* Packed-math encoding (VOP3P): decode, encode, print and build, with op_sel, op_sel_hi,
 * neg_lo, neg_hi and clamp. The v_fma_mix* rows reuse neg_lo/neg_hi as per-source neg/abs and
 * print them as -|x|. Constants follow llvm-mc-14's packed-operand rules (vop3p_constant), which
 * differ from the scalar f16/f32 ones the shared fit_operand implements. */
#include <math.h>
#include <string.h>

#include "isa_internal.h"

/*   |31  26|25 23|22 16|15   |14        |13  11|10   8|7   0|
 *   |110011| 000 | op  |clamp|op_sel_hi2|op_sel|neg_hi|vdst |
 *   |63 61|60    59|58  50|49  41|40  32|
 *   | neg |op_sel_hi|src2 |src1  |src0  |  (neg is neg_lo; op_sel_hi bits 0 and 1) */

static bool is_mix(unsigned op)
{
   return op == RDNA_OP_v_fma_mix_f32 || op == RDNA_OP_v_fma_mixlo_f16 ||
          op == RDNA_OP_v_fma_mixhi_f16;
}

static unsigned num_sources(const struct op_info *info)
{
   return info->num_slots - 1;
}

/* Sources whose neg_lo/neg_hi bits llvm-mc-14 keeps: all but the packed 16-bit integer sources
 * after src0, whose bits it decodes as invalid and drops when assembling. */
static unsigned neg_allowed_mask(const struct op_info *info)
{
   unsigned mask = 0;
   for (unsigned s = 0; s < num_sources(info); s++) {
      unsigned type = info->slots[1 + s].type;
      if (s == 0 || (type != RDNA_TYPE_v2i16 && type != RDNA_TYPE_v2u16))
         mask |= 1u << s;
   }
   return mask;
}

/* ---- decoding ----------------------------------------------------------------------------- */

enum rdna_status decode_vop3p(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   if ((word >> 23) & 7)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "VOP3P needs bits 25:23 clear, found 0x%08x",
                         word);
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   unsigned opcode = (word >> 16) & 0x7f;
   int op = op_lookup_opcode(ctx->config->target, RDNA_FMT_VOP3P, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "VOP3P opcode 0x%x does not exist on %s", opcode,
                         rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_VOP3P;
   unsigned nsrc = num_sources(info), src_mask = (1u << nsrc) - 1;
   unsigned neg_lo = word1 >> 29, neg_hi = (word >> 8) & 7, op_sel = (word >> 11) & 7;
   unsigned op_sel_hi = ((word1 >> 27) & 3) | ((word >> 14) & 1) << 2;
   unsigned codes[3] = { word1 & 0x1ff, (word1 >> 9) & 0x1ff, (word1 >> 18) & 0x1ff };

   /* llvm-mc-14 rejects set bits of a source the row lacks (op_sel_hi excepted) and neg bits
    * of the sources neg_allowed_mask leaves out. */
   if (nsrc < 3 && (codes[2] || (neg_lo | neg_hi | op_sel) & ~src_mask))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no src2 but its fields are set",
                         info->name);
   if ((neg_lo | neg_hi) & ~neg_allowed_mask(info))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no neg on its integer sources",
                         info->name);

   decode_register(ctx, RDNA_REG_VGPR0 + (word & 0xff), &info->slots[0], &inst->operands[0]);
   bool mix = is_mix((unsigned)op);
   for (unsigned s = 0; s < nsrc; s++) {
      struct rdna_operand *o = &inst->operands[1 + s];
      st = decode_source(ctx, codes[s], &info->slots[1 + s], o);
      if (st != RDNA_OK)
         return st;
      if (neg_lo & (1u << s))
         o->mods |= RDNA_MOD_NEG;
      if (mix && (neg_hi & (1u << s)))
         o->mods |= RDNA_MOD_ABS;
   }
   inst->num_operands = (uint8_t)(1 + nsrc);
   inst->mod.op_sel = (uint8_t)(op_sel & src_mask);
   inst->mod.op_sel_hi = (uint8_t)(op_sel_hi & src_mask);
   inst->mod.neg_hi = (uint8_t)(mix ? 0 : neg_hi & src_mask);
   if (word & (1u << 15))
      inst->mod.flags |= RDNA_FLAG_CLAMP;
   return RDNA_OK;
}

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_vop3p(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (info->format != RDNA_FMT_VOP3P)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a VOP3P instruction", info->name);
   unsigned nsrc = num_sources(info), src_mask = (1u << nsrc) - 1;
   if (inst->num_operands != 1 + nsrc)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes %u operands, found %u", info->name,
                         1 + nsrc, inst->num_operands);
   const struct rdna_operand *vdst = &inst->operands[0];
   if (vdst->reg < RDNA_REG_VGPR0 || vdst->reg >= RDNA_REG_VGPR0 + 256)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "vdst must be a VGPR");
   bool mix = is_mix(inst->op);
   unsigned neg_lo = 0, neg_hi = mix ? 0 : inst->mod.neg_hi & src_mask;
   uint32_t word1 = 0;
   for (unsigned s = 0; s < nsrc; s++) {
      const struct rdna_operand *o = &inst->operands[1 + s];
      unsigned code;
      enum rdna_status st = encode_source(ctx, o, &code);
      if (st != RDNA_OK)
         return st;
      word1 |= (uint32_t)code << (9 * s);
      if (o->mods & RDNA_MOD_NEG)
         neg_lo |= 1u << s;
      if (mix && (o->mods & RDNA_MOD_ABS))
         neg_hi |= 1u << s;
   }
   unsigned allowed = neg_allowed_mask(info);
   neg_lo &= allowed;
   neg_hi &= allowed;
   /* A two-source row's op_sel_hi bit for src2 is set, as llvm-mc-14 assembles it. */
   unsigned op_sel_hi = (inst->mod.op_sel_hi & src_mask) | (nsrc < 3 ? 4u : 0u);
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t word = 0xcc000000u | opcode << 16 | (uint32_t)(vdst->reg - RDNA_REG_VGPR0) |
                   neg_hi << 8 | (uint32_t)(inst->mod.op_sel & src_mask) << 11 |
                   (op_sel_hi >> 2) << 14;
   if (inst->mod.flags & RDNA_FLAG_CLAMP)
      word |= 1u << 15;
   word1 |= (uint32_t)(op_sel_hi & 3) << 27 | (uint32_t)neg_lo << 29;
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   return RDNA_OK;
}

/* ---- constants ---------------------------------------------------------------------------- */

static const uint16_t inline_f16_bits[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                             0xc000, 0x4400, 0xc400, 0x3118 };
static const uint32_t inline_f32_bits[9] = { 0x3f000000, 0xbf000000, 0x3f800000,
                                             0xbf800000, 0x40000000, 0xc0000000,
                                             0x40800000, 0xc0800000, 0x3e22f983 };
static const char *const inline_float_names[9] = { "0.5",  "-0.5", "1.0",  "-1.0",      "2.0",
                                                   "-2.0", "4.0",  "-4.0", "0.15915494" };

enum constant_class {
   CONST_F16,     /* f16 scalar (v_fma_mix sources) */
   CONST_V2F16,   /* packed f16 */
   CONST_V2INT16, /* packed 16-bit integers */
   CONST_32,      /* f32, i32, u32 */
};

static enum constant_class constant_class(unsigned type)
{
   switch (type) {
   case RDNA_TYPE_f16:
   case RDNA_TYPE_i16:
   case RDNA_TYPE_u16:
   case RDNA_TYPE_b16:
      return CONST_F16;
   case RDNA_TYPE_v2f16:
      return CONST_V2F16;
   case RDNA_TYPE_v2i16:
   case RDNA_TYPE_v2u16:
      return CONST_V2INT16;
   default:
      return CONST_32;
   }
}

/* ---- printing ----------------------------------------------------------------------------- */

static void print_bit_list(struct strbuf *sb, const char *name, unsigned bits, unsigned count)
{
   sb_printf(sb, " %s:[", name);
   for (unsigned i = 0; i < count; i++)
      sb_printf(sb, i ? ",%u" : "%u", (bits >> i) & 1);
   sb_putc(sb, ']');
}

/* A value shown as llvm-mc-14 shows a constant of the operand's type: an integer in [-16, 64]
 * in decimal, a float inline value by name, anything else in hex. */
static void print_value(struct strbuf *sb, int32_t as_int, uint32_t bits, bool half_floats,
                        bool full_floats, uint32_t hex)
{
   if (as_int >= -16 && as_int <= 64) {
      sb_printf(sb, "%d", as_int);
      return;
   }
   for (unsigned i = 0; i < 9; i++) {
      if ((half_floats && bits == inline_f16_bits[i]) ||
          (full_floats && bits == inline_f32_bits[i])) {
         sb_puts(sb, inline_float_names[i]);
         return;
      }
   }
   sb_printf(sb, "0x%x", hex);
}

/* Constants of VOP3P sources, by llvm-mc-14's rules (probed per type):
 *   packed 16-bit integers: inline float codes show as their f16 bits (0x3800); literals that
 *     fit 16 bits are 16-bit integers, wider ones 32-bit values (0x3f800000 shows as 1.0);
 *   packed f16: the same, with f16 float names for 16-bit values;
 *   f16: the low half of a literal, with float names only for an exact f16 pattern;
 *   32-bit types: 32-bit values. */
static void print_constant(struct strbuf *sb, const struct rdna_operand *o)
{
   enum constant_class cls = constant_class(o->type);
   if (o->reg != RDNA_REG_LITERAL) {
      unsigned code = o->reg;
      if (code <= 208) {
         sb_printf(sb, "%d", code <= 192 ? (int)code - 128 : 192 - (int)code);
      } else if (cls == CONST_V2INT16) {
         sb_printf(sb, "0x%x", inline_f16_bits[code - RDNA_REG_CONST_HALF]);
      } else {
         sb_puts(sb, inline_float_names[code - RDNA_REG_CONST_HALF]);
      }
      return;
   }
   uint32_t v = o->value;
   switch (cls) {
   case CONST_F16:
      print_value(sb, (int16_t)(v & 0xffff), v, true, false, v & 0xffff);
      break;
   case CONST_V2F16:
   case CONST_V2INT16:
      if (v <= 0xffff)
         print_value(sb, (int16_t)v, v, cls == CONST_V2F16, false, v);
      else
         print_value(sb, (int32_t)v, v, false, true, v);
      break;
   default:
      print_value(sb, (int32_t)v, v, false, true, v);
      break;
   }
}

/* llvm-mc-14's order: op_sel, op_sel_hi (shown when not the default: all set for packed rows,
 * all clear for v_fma_mix*), neg_lo, neg_hi, clamp. */
void print_vop3p(struct strbuf *sb, const struct rdna_isa_config *config,
                 const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   unsigned nsrc = num_sources(info), src_mask = (1u << nsrc) - 1;
   bool mix = is_mix(inst->op);
   sb_puts(sb, info->name);
   sb_putc(sb, ' ');
   /* Packed rows show neg as neg_lo:[...], not as a sign on the operand. */
   struct rdna_inst shown = *inst;
   unsigned neg_lo = 0;
   for (unsigned i = 1; i < shown.num_operands; i++) {
      if (shown.operands[i].mods & RDNA_MOD_NEG)
         neg_lo |= 1u << (i - 1);
      if (!mix)
         shown.operands[i].mods = 0;
   }
   for (unsigned i = 0; i < shown.num_operands; i++) {
      const struct rdna_operand *o = &shown.operands[i];
      if (i)
         sb_puts(sb, ", ");
      bool constant = o->reg == RDNA_REG_LITERAL ||
                      (o->reg >= RDNA_REG_CONST_ZERO && o->reg <= 208) ||
                      (o->reg >= RDNA_REG_CONST_HALF && o->reg <= RDNA_REG_CONST_INV2PI);
      if (!constant) {
         print_operand(sb, config, &shown, i);
         continue;
      }
      /* llvm-mc writes a negated constant as neg(c): a '-' would read as part of it. */
      bool neg = o->mods & RDNA_MOD_NEG, abs = o->mods & RDNA_MOD_ABS;
      sb_puts(sb, neg && !abs ? "neg(" : neg ? "-|" : abs ? "|" : "");
      print_constant(sb, o);
      sb_puts(sb, neg && !abs ? ")" : abs ? "|" : "");
   }
   if (inst->mod.op_sel & src_mask)
      print_bit_list(sb, "op_sel", inst->mod.op_sel, nsrc);
   unsigned hi_default = mix ? 0 : src_mask;
   if ((inst->mod.op_sel_hi & src_mask) != hi_default)
      print_bit_list(sb, "op_sel_hi", inst->mod.op_sel_hi, nsrc);
   if (!mix) {
      if (neg_lo & src_mask)
         print_bit_list(sb, "neg_lo", neg_lo, nsrc);
      if (inst->mod.neg_hi & src_mask)
         print_bit_list(sb, "neg_hi", inst->mod.neg_hi, nsrc);
   }
   if (inst->mod.flags & RDNA_FLAG_CLAMP)
      sb_puts(sb, " clamp");
}

/* ---- building ----------------------------------------------------------------------------- */

static int inline_integer_code(int64_t v)
{
   if (v >= 0 && v <= 64)
      return (int)(RDNA_REG_CONST_ZERO + v);
   if (v >= -16 && v < 0)
      return (int)(192 - v);
   return -1;
}

static int inline_float_code(uint32_t bits, bool half)
{
   for (unsigned i = 0; i < 9; i++)
      if (bits == (half ? inline_f16_bits[i] : inline_f32_bits[i]))
         return (int)(RDNA_REG_CONST_HALF + i);
   return -1;
}

/* IEEE binary16 (half) or binary32 (half == false) from a double, rounding to nearest even.
 * Fails as llvm-mc does on overflow and on an inexact result below the normal range. */
static bool float_bits(double d, bool half, uint32_t *bits)
{
   int mant_bits = half ? 10 : 23, emax = half ? 15 : 127, emin = 1 - emax;
   uint32_t sign = signbit(d) ? 1u : 0u;
   uint32_t sign_bit = sign << (half ? 15 : 31);
   if (isnan(d) || isinf(d)) {
      *bits = sign_bit | (half ? 0x7c00u : 0x7f800000u) | (isnan(d) ? 1u << (mant_bits - 1) : 0);
      return true;
   }
   double a = fabs(d);
   if (a == 0.0) {
      *bits = sign_bit;
      return true;
   }
   int e;
   frexp(a, &e);    /* a = f * 2^e, f in [0.5, 1) */
   int exp = e - 1; /* a in [2^exp, 2^(exp+1)) */
   bool subnormal = exp < emin;
   int scale = subnormal ? emin - mant_bits : exp - mant_bits;
   double scaled = ldexp(a, -scale);   /* integer part: the significand with its implicit bit */
   double rounded = nearbyint(scaled); /* the default rounding mode: ties to even */
   bool inexact = rounded != scaled;
   uint64_t m = (uint64_t)rounded;
   if (subnormal) {
      if (inexact)
         return false;                /* underflow */
      *bits = sign_bit | (uint32_t)m; /* m may reach 2^mant_bits: the smallest normal */
      return true;
   }
   if (m >> (mant_bits + 1)) { /* rounding carried into the next binade */
      m >>= 1;
      exp++;
   }
   if (exp > emax)
      return false; /* overflow */
   *bits = sign_bit | (uint32_t)(exp + emax) << mant_bits | ((uint32_t)m & ((1u << mant_bits) - 1));
   return true;
}

/* llvm-mc-14's encoding of a number in a VOP3P source: an inline constant code, or a literal.
 *   integers: 16-bit operands need the value to fit 16 bits; packed ones take 32 bits, and a
 *     value that fits 16 bits is matched as a 16-bit one (0xffff is -1, and for packed f16
 *     0x3c00 is 1.0), a wider one as a 32-bit one (0x3f800000 is 1.0 even for packed ints);
 *   floats: converted to the operand's element (f16 for 16-bit and packed operands), inline
 *     when the bits are an integer constant (+0.0) or, except for packed integers, a float
 *     constant; the literal is those bits. */
static bool vop3p_constant(const struct parsed_operand *p, unsigned type, int *code,
                           uint32_t *literal)
{
   enum constant_class cls = constant_class(type);
   *code = -1;
   if (p->kind == PARSED_INT) {
      int64_t v = p->ival;
      bool fits16 = v >= -32768 && v <= 0xffff;
      if (cls == CONST_F16 && !fits16)
         return false;
      if (v < INT32_MIN || v > (int64_t)UINT32_MAX)
         return false;
      if (fits16 && cls != CONST_32) {
         uint16_t v16 = (uint16_t)v;
         *code = inline_integer_code((int16_t)v16);
         if (*code < 0 && cls != CONST_V2INT16)
            *code = inline_float_code(v16, true);
         *literal = cls == CONST_F16 ? v16 : (uint32_t)v;
      } else {
         uint32_t v32 = (uint32_t)v;
         *code = inline_integer_code((int32_t)v32);
         if (*code < 0)
            *code = inline_float_code(v32, false);
         *literal = v32;
      }
      return true;
   }
   if (p->kind != PARSED_FLOAT)
      return false;
   bool half = cls != CONST_32;
   uint32_t bits;
   if (!float_bits(p->fval, half, &bits))
      return false;
   *code = inline_integer_code(half ? (int16_t)bits : (int32_t)bits);
   if (*code < 0 && cls != CONST_V2INT16)
      *code = inline_float_code(bits, half);
   *literal = bits;
   return true;
}

/* Constant-bus readers: scalar registers and the src_* values, counted once per code; null,
 * lds_direct and inline constants are free. */
static bool uses_constant_bus(unsigned reg)
{
   if (reg < 128)
      return reg != RDNA_REG_NULL;
   return (reg >= RDNA_REG_SHARED_BASE && reg <= RDNA_REG_POPS_EXITING_WAVE_ID) ||
          (reg >= RDNA_REG_VCCZ && reg <= RDNA_REG_SCC);
}

static enum rdna_status build_source(struct build_ctx *b, unsigned index, bool mix)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   struct rdna_operand *o = &b->inst->operands[index];
   if (p->mods & RDNA_MOD_SEXT || (!mix && p->mods))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s takes no operand modifiers%s",
                        op_info(b->op)->name, mix ? " but neg and abs" : "; use neg_lo/neg_hi");
   if (p->kind != PARSED_INT && p->kind != PARSED_FLOAT) {
      enum rdna_status st = fit_operand(b, index, ACCEPT_ANY_SRC | ACCEPT_MODS);
      if (st != RDNA_OK)
         return st;
      /* llvm-mc-14 takes lds_direct as src0 only, and not for the reversed-operand shifts. */
      if (o->reg == RDNA_REG_LDS_DIRECT && index != 1)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND, "lds_direct may be src0 only");
      if (o->reg == RDNA_REG_LDS_DIRECT && strstr(op_info(b->op)->name, "rev_"))
         return build_fail(b, p->column, RDNA_INVALID_OPERAND, "lds_direct cannot be used with %s",
                           op_info(b->op)->name);
      return RDNA_OK;
   }
   int code;
   uint32_t literal;
   if (!vop3p_constant(p, slot->type, &code, &literal)) {
      if (p->kind == PARSED_INT)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%lld does not fit a %s %s",
                           (long long)p->ival, type_name(slot->type), role_name(slot->role));
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%g does not fit a %s %s", p->fval,
                        type_name(slot->type), role_name(slot->role));
   }
   o->role = slot->role;
   o->type = slot->type;
   o->width = 1;
   o->mods = p->mods;
   o->reg = (uint16_t)(code >= 0 ? code : RDNA_REG_LITERAL);
   o->value = code >= 0 ? 0 : literal;
   return RDNA_OK;
}

/* The trailing modifiers in llvm-mc-14's required order; each at most once. */
static const char *const vop3p_modifiers[] = { "op_sel", "op_sel_hi", "neg_lo", "neg_hi", "clamp" };

static enum rdna_status build_bit_list(struct build_ctx *b, const char *name, unsigned *bits)
{
   struct parsed_modifier *m = build_modifier(b, name);
   if (!m)
      return RDNA_OK;
   if (!m->is_list || m->value_is_name || m->num_values < 1 || m->num_values > 4)
      return build_fail(b, m->column, RDNA_SYNTAX, "expected %s:[b0,b1,...] of up to 4 bits", name);
   unsigned v = 0;
   for (unsigned i = 0; i < m->num_values; i++) {
      if (m->values[i] != 0 && m->values[i] != 1)
         return build_fail(b, m->column, RDNA_OUT_OF_RANGE, "%s values are 0 or 1, found %lld",
                           name, (long long)m->values[i]);
      v |= (unsigned)m->values[i] << i;
   }
   *bits = v;
   return RDNA_OK;
}

enum rdna_status build_vop3p(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
   inst->encoding = RDNA_FMT_VOP3P;
   /* llvm-mc takes "v_pk_add_f16_e64" for the only encoding there is. */
   if (stmt->suffix == SUFFIX_E64)
      stmt->suffix = SUFFIX_NONE;
   bool mix = is_mix(b->op);
   unsigned nsrc = num_sources(info), src_mask = (1u << nsrc) - 1;
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   if ((st = fit_operand(b, 0, ACCEPT_VGPR)) != RDNA_OK)
      return st;
   bool have_literal = false;
   uint32_t literal = 0;
   unsigned bus[3], nbus = 0;
   for (unsigned i = 1; i <= nsrc; i++) {
      if ((st = build_source(b, i, mix)) != RDNA_OK)
         return st;
      const struct rdna_operand *o = &inst->operands[i];
      unsigned column = b->stmt->operands[i].column;
      bool new_reader = false;
      if (o->reg == RDNA_REG_LITERAL) {
         if (have_literal && literal != o->value)
            return build_fail(b, column, RDNA_INVALID_OPERAND,
                              "only one literal operand is allowed");
         new_reader = !have_literal;
         have_literal = true;
         literal = o->value;
      } else if (uses_constant_bus(o->reg)) {
         new_reader = true;
         for (unsigned k = 0; k < nbus; k++)
            if (bus[k] == o->reg)
               new_reader = false;
         if (new_reader)
            bus[nbus++] = o->reg;
      }
      /* GFX10 VALU reads at most two scalar values (registers or the literal). */
      if (new_reader && nbus + (have_literal ? 1u : 0u) > 2)
         return build_fail(b, column, RDNA_INVALID_OPERAND,
                           "invalid operand (violates constant bus restrictions)");
   }
   inst->num_operands = (uint8_t)info->num_slots;

   /* Order and uniqueness, then the values. */
   int last_rank = -1;
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      for (int r = 0; r < 5; r++) {
         if (strcmp(m->name, vop3p_modifiers[r]) != 0)
            continue;
         if (r == last_rank)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s is given twice", m->name);
         if (r < last_rank)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s must come before %s", m->name,
                              vop3p_modifiers[last_rank]);
         last_rank = r;
      }
   }
   unsigned op_sel = 0, op_sel_hi = mix ? 0 : src_mask, neg_lo = 0, neg_hi = 0;
   if ((st = build_bit_list(b, "op_sel", &op_sel)) != RDNA_OK ||
       (st = build_bit_list(b, "op_sel_hi", &op_sel_hi)) != RDNA_OK)
      return st;
   if (!mix) {
      /* llvm-mc drops the bits of sources that cannot take them (neg_allowed_mask). */
      if ((st = build_bit_list(b, "neg_lo", &neg_lo)) != RDNA_OK ||
          (st = build_bit_list(b, "neg_hi", &neg_hi)) != RDNA_OK)
         return st;
      neg_lo &= neg_allowed_mask(info);
      neg_hi &= neg_allowed_mask(info);
      for (unsigned s = 0; s < nsrc; s++)
         if (neg_lo & (1u << s))
            inst->operands[1 + s].mods |= RDNA_MOD_NEG;
   } else {
      for (unsigned s = 1; s <= nsrc; s++)
         inst->operands[s].mods &= RDNA_MOD_NEG | RDNA_MOD_ABS;
   }
   struct parsed_modifier *clamp = build_modifier(b, "clamp");
   if (clamp) {
      if (clamp->has_value)
         return build_fail(b, clamp->column, RDNA_SYNTAX, "clamp takes no value");
      inst->mod.flags |= RDNA_FLAG_CLAMP;
   }
   inst->mod.op_sel = (uint8_t)(op_sel & src_mask);
   inst->mod.op_sel_hi = (uint8_t)(op_sel_hi & src_mask);
   inst->mod.neg_hi = (uint8_t)(neg_hi & src_mask);
   return RDNA_OK;
}
