/* Building (assembling) the vector ALU encodings: operands and modifiers of the e32 and VOP3 forms,
 * and the choice of encoding for a mnemonic without suffix, which follows llvm-mc-14: the first
 * of e32, VOP3, SDWA and DPP that takes the statement. The DPP and SDWA builders are in
 * vop_dpp.c and vop_sdwa.c; the rows' modifier profiles in vop.c. */
#include <stdio.h>
#include <string.h>

#include "vop_internal.h"

/* ---- building: operands ---------------------------------------------------------------------- */

static bool number_fits(int64_t v, unsigned bits)
{
   if (bits == 16)
      return v >= -32768 && v <= 0xffff;
   return v >= INT32_MIN && v <= (int64_t)UINT32_MAX;
}

static int int_inline_code(int64_t v)
{
   if (v >= 0 && v <= 64)
      return (int)(RDNA_REG_CONST_ZERO + v);
   if (v >= -16 && v < 0)
      return (int)(192 - v);
   return -1;
}

static int pattern_code16(uint32_t bits)
{
   for (unsigned i = 0; i < 9; i++)
      if (bits == vop_f16_bits[i])
         return (int)(RDNA_REG_CONST_HALF + i);
   return -1;
}

static int pattern_code32(uint32_t bits)
{
   for (unsigned i = 0; i < 9; i++)
      if (bits == vop_f32_bits[i])
         return (int)(RDNA_REG_CONST_HALF + i);
   return -1;
}

static const uint64_t f64_bits[9] = { 0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
                                      0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
                                      0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882 };

/* IEEE half from a double, rounded to nearest even in one step (as llvm-mc's APFloat does);
 * false when it overflows. */
static bool double_to_half(double d, uint16_t *out)
{
   uint64_t x;
   memcpy(&x, &d, sizeof(x));
   uint32_t sign = (uint32_t)(x >> 48) & 0x8000;
   int e = (int)((x >> 52) & 0x7ff);
   uint64_t mant = x & 0xfffffffffffffull;
   if (e == 0x7ff) {
      *out = (uint16_t)(sign | 0x7c00 | (mant ? 0x200 : 0));
      return true;
   }
   int exp = e - 1023 + 15; /* the half's biased exponent */
   if (e == 0 || exp < -11) {
      *out = (uint16_t)sign; /* zero, or below half the smallest subnormal */
      return true;
   }
   if (exp >= 31)
      return false;
   mant |= 1ull << 52;
   unsigned shift = exp >= 1 ? 42 : (unsigned)(42 + 1 - exp);
   uint64_t half = mant >> shift, rem = mant & ((1ull << shift) - 1), mid = 1ull << (shift - 1);
   if (rem > mid || (rem == mid && (half & 1)))
      half++;
   /* normal: the implicit bit is in half; adding it to the exponent also takes a rounding carry */
   uint32_t bits = exp >= 1 ? ((uint32_t)exp << 10) + (uint32_t)half - 0x400 : (uint32_t)half;
   if (bits >= 0x7c00)
      return false;
   *out = (uint16_t)(sign | bits);
   return true;
}

/* A number in a source slot as llvm-mc-14 encodes it: an inline constant where the value (or,
 * for float operands, its bit pattern) is one, else a literal of the operand's width. 16-bit
 * integer operands take no float inline constants (1.0 becomes the literal 0x3c00); 64-bit
 * operands take a float's high dword and an integer's low dword as the literal. */
static enum rdna_status fit_number(struct build_ctx *b, const struct parsed_operand *p,
                                   unsigned type, unsigned accept, struct rdna_operand *o)
{
   bool allow_literal = accept & ACCEPT_LITERAL, allow_inline = accept & ACCEPT_INLINE;
   unsigned bits = type == RDNA_TYPE_v2f16 ? 16 : type_bits(type);
   bool is_float = vop_type_is_float(type);
   int code = -1;
   uint32_t literal = 0;
   char found[64];
   if (p->kind == PARSED_INT) {
      int64_t v = p->ival;
      if (type == RDNA_TYPE_v2f16 ? !number_fits(v, 32) : !number_fits(v, bits))
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "%lld does not fit a %s operand",
                           (long long)v, type_name(type));
      if (type == RDNA_TYPE_v2f16) {
         /* packed f16: a number that fits 16 bits is read as one f16 (0xffff is -1), any other
          * as a 32-bit value (0x3f800000 is the inline 1.0) */
         if (v >= 0 && v <= 0xffff) {
            code = int_inline_code((int16_t)(uint16_t)v);
            if (code < 0)
               code = pattern_code16((uint32_t)v);
         } else {
            code = int_inline_code((int32_t)(uint32_t)v);
            if (code < 0)
               code = pattern_code32((uint32_t)v);
         }
         literal = (uint32_t)v;
      } else if (bits == 16) {
         /* llvm-mc keeps the number as written when its low half is an inline constant of either
          * kind (0xffff, 0x3c00, -16384 = 0xc000), else its low half; the encoder then takes an
          * integer inline constant from the low half, a float one only for f16 operands, and
          * otherwise the kept value as the literal (-16384 becomes 0xffffc000). */
         uint32_t low = (uint32_t)v & 0xffff;
         bool kept = int_inline_code((int16_t)(uint16_t)low) >= 0 || pattern_code16(low) >= 0;
         int64_t raw = kept ? v : (int64_t)low;
         code = int_inline_code((int16_t)(uint16_t)raw);
         if (code < 0 && is_float)
            code = pattern_code16((uint32_t)raw & 0xffff);
         literal = (uint32_t)raw;
      } else if (bits == 64) {
         code = int_inline_code(v);
         literal = (uint32_t)v;
      } else {
         code = int_inline_code((int32_t)(uint32_t)v);
         if (code < 0)
            code = pattern_code32((uint32_t)v);
         literal = (uint32_t)v;
      }
   } else if (p->kind == PARSED_FLOAT) {
      double d = p->fval;
      if (bits == 16) {
         uint16_t h;
         if (!double_to_half(d, &h))
            return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "%g overflows an f16 operand", d);
         if (is_float)
            code = pattern_code16(h);
         literal = h;
      } else if (bits == 64) {
         uint64_t u;
         memcpy(&u, &d, sizeof(u));
         for (unsigned i = 0; i < 9 && code < 0; i++)
            if (u == f64_bits[i])
               code = (int)(RDNA_REG_CONST_HALF + i);
         /* A 64-bit integer operand takes a float only as an inline constant (llvm-mc). */
         if (code < 0 && !is_float)
            return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                              "%g is no inline constant of a %s operand", d, type_name(type));
         literal = (uint32_t)(u >> 32);
      } else {
         float f = (float)d;
         uint32_t u;
         memcpy(&u, &f, sizeof(u));
         if (d != d || (d - d) != 0 || d > 3.4028234663852886e38 || d < -3.4028234663852886e38)
            return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "%g overflows an f32 operand", d);
         code = pattern_code32(u);
         literal = u;
      }
   } else {
      snprintf(found, sizeof(found), "%s", p->kind == PARSED_NAME ? p->name : "an expression");
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected a number, found %s", found);
   }
   o->value = 0;
   if (code >= 0 && allow_inline) {
      o->reg = (uint16_t)code;
      return RDNA_OK;
   }
   if (!allow_literal)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "%s takes no literal here, only an inline constant or a register",
                        op_info(b->op)->name);
   o->reg = RDNA_REG_LITERAL;
   o->value = literal;
   return RDNA_OK;
}

enum rdna_status vop_fit_operand(struct build_ctx *b, unsigned index, unsigned accept)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   struct rdna_operand *o = &b->inst->operands[index];
   if (p->kind == PARSED_REG && p->reg == RDNA_REG_LDS_DIRECT && (accept & ACCEPT_INLINE) &&
       !vop_is_interp_vop3(b->op)) {
      if (!vop_lds_direct_allowed(b->op, slot->role) || b->inst->encoding == RDNA_FMT_SDWA)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "src_lds_direct is only a src0 of a VOP1/VOP2/VOPC/VOP3 "
                           "instruction that is not a \"rev\" op");
   }
   /* v_readfirstlane_b32 and v_readlane_b32 also read src_lds_direct (llvm-mc: VRegOrLds). */
   if (p->kind == PARSED_REG && p->reg == RDNA_REG_LDS_DIRECT && !p->mods &&
       slot->role == RDNA_ROLE_src0 && b->inst->encoding != RDNA_FMT_SDWA &&
       (vop_is_row(b->op, RDNA_OP_v_readfirstlane_b32) ||
        vop_is_row(b->op, RDNA_OP_v_readlane_b32))) {
      o->reg = RDNA_REG_LDS_DIRECT;
      o->width = 1;
      o->role = slot->role;
      o->type = slot->type;
      o->mods = 0;
      o->value = 0;
      return RDNA_OK;
   }
   if (p->kind != PARSED_INT && p->kind != PARSED_FLOAT)
      return fit_operand(b, index, accept);
   if (p->mods & (RDNA_MOD_NEG | RDNA_MOD_ABS) && !(accept & ACCEPT_MODS))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s does not take neg/abs modifiers",
                        role_name(slot->role));
   if (p->mods & RDNA_MOD_SEXT && !(accept & ACCEPT_SEXT))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s does not take sext()",
                        role_name(slot->role));
   if (!(accept & (ACCEPT_INLINE | ACCEPT_LITERAL)))
      return fit_operand(b, index, accept); /* reports what the slot expects */
   o->role = slot->role;
   o->type = slot->type;
   o->mods = p->mods;
   o->width = (uint8_t)type_width(slot->type, b->config->wave_size);
   /* fmamk/madmk (k before src1): llvm-mc reads a number in src0 as a 32-bit operand, also
    * in v_fmamk_f16 (0x3c00 stays a literal, 0x3f800000 is the inline 1.0). */
   struct vop_layout l;
   vop_layout(op_info(b->op), &l);
   unsigned type =
      l.k >= 0 && l.k < l.src[1] && (int)index == l.src[0] ? RDNA_TYPE_f32 : slot->type;
   enum rdna_status st = fit_number(b, p, type, accept, o);
   /* llvm-mc takes neg/abs on a 64-bit float literal only when it was written as a float. */
   if (st == RDNA_OK && o->reg == RDNA_REG_LITERAL && type_bits(slot->type) == 64 &&
       p->kind == PARSED_INT && (p->mods & (RDNA_MOD_NEG | RDNA_MOD_ABS)))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "neg/abs of an integer literal in a 64-bit operand");
   return st;
}

bool vop_parsed_is_vcc(const struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   /* wave64: llvm-mc also takes vcc_lo where a lane mask is vcc */
   return p->kind == PARSED_REG && p->reg == RDNA_REG_VCC_LO && !p->mods &&
          (p->width == (b->config->wave_size == 64 ? 2 : 1) || b->config->wave_size == 64);
}

enum rdna_status vop_fit_vcc(struct build_ctx *b, unsigned index, const char *form)
{
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   if (!vop_parsed_is_vcc(b, index))
      return build_fail(b, b->stmt->operands[index].column, RDNA_INVALID_OPERAND,
                        "expected %s for %s of %s", b->config->wave_size == 64 ? "vcc" : "vcc_lo",
                        role_name(slot->role), form);
   b->inst->operands[index] = (struct rdna_operand){
      .reg = RDNA_REG_VCC_LO,
      .width = (uint8_t)(b->config->wave_size == 64 ? 2 : 1),
      .role = slot->role,
      .type = slot->type,
   };
   return RDNA_OK;
}

/* A lane-mask operand (VOPC/VOP3b sdst, cndmask/carry-in src2). In wave64 llvm-mc also takes a
 * single SGPR and encodes its number (s1 assembles to code 1, which decodes as s[0:1]). */
enum rdna_status vop_fit_mask(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   if (b->config->wave_size == 64 && p->kind == PARSED_REG && p->width == 1 && !p->mods &&
       p->reg <= RDNA_REG_EXEC_HI && p->reg != RDNA_REG_M0 && p->reg != RDNA_REG_VCC_HI &&
       p->reg != RDNA_REG_EXEC_HI) {
      const struct op_slot *slot = &op_info(b->op)->slots[index];
      b->inst->operands[index] =
         (struct rdna_operand){ .reg = p->reg, .width = 1, .role = slot->role, .type = slot->type };
      return RDNA_OK;
   }
   /* The src_* registers (not src_lds_direct) are in llvm-mc's scalar mask classes too. */
   if (p->kind == PARSED_REG && !p->mods &&
       ((p->reg >= RDNA_REG_SHARED_BASE && p->reg <= RDNA_REG_POPS_EXITING_WAVE_ID) ||
        (p->reg >= RDNA_REG_VCCZ && p->reg <= RDNA_REG_SCC))) {
      const struct op_slot *slot = &op_info(b->op)->slots[index];
      b->inst->operands[index] =
         (struct rdna_operand){ .reg = p->reg,
                                .width = (uint8_t)type_width(slot->type, b->config->wave_size),
                                .role = slot->role,
                                .type = slot->type };
      return RDNA_OK;
   }
   return vop_fit_operand(b, index, ACCEPT_SGPR);
}

/* Scalar destinations: SGPRs, VCC, TTMPs, M0, NULL, EXEC, and (as llvm-mc takes them) the
 * src_* registers other than src_lds_direct. */
static enum rdna_status fit_sdst(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   if (p->kind == PARSED_REG && !p->mods && p->width == 1 &&
       ((p->reg >= RDNA_REG_SHARED_BASE && p->reg <= RDNA_REG_POPS_EXITING_WAVE_ID) ||
        (p->reg >= RDNA_REG_VCCZ && p->reg <= RDNA_REG_SCC))) {
      struct rdna_operand *o = &b->inst->operands[index];
      unsigned type = op_info(b->op)->slots[index].type;
      *o = (struct rdna_operand){ .reg = p->reg,
                                  .width = (uint8_t)type_width(type, b->config->wave_size),
                                  .role = RDNA_ROLE_sdst,
                                  .type = (uint8_t)type };
      return RDNA_OK;
   }
   if (op_info(b->op)->slots[index].type == RDNA_TYPE_mask)
      return vop_fit_mask(b, index);
   return vop_fit_operand(b, index, ACCEPT_SGPR);
}

static enum rdna_status fit_vcc(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   if (!vop_parsed_is_vcc(b, index))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected %s for %s in this encoding",
                        b->config->wave_size == 64 ? "vcc" : "vcc_lo",
                        role_name(op_info(b->op)->slots[index].role));
   struct rdna_operand *o = &b->inst->operands[index];
   o->reg = RDNA_REG_VCC_LO;
   o->width = (uint8_t)(b->config->wave_size == 64 ? 2 : 1);
   o->role = op_info(b->op)->slots[index].role;
   o->type = op_info(b->op)->slots[index].type;
   o->mods = 0;
   o->value = 0;
   return RDNA_OK;
}

/* attrN.c of the interpolation rows. */
static enum rdna_status fit_attr(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   const char *s = p->name;
   unsigned attr = 0, digits = 0;
   if (p->kind == PARSED_NAME && strncmp(s, "attr", 4) == 0) {
      for (s += 4; *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
         attr = attr * 10 + (unsigned)(*s - '0');
   }
   const char *chan = digits && s[0] == '.' && s[1] && !s[2] ? strchr("xyzw", s[1]) : NULL;
   if (!chan || attr > 63)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected an attribute attr0.x..attr63.w, found %s",
                        p->kind == PARSED_NAME ? p->name : "another operand");
   b->inst->mod.attr = (uint8_t)attr;
   b->inst->mod.attr_chan = (uint8_t)(chan - "xyzw");
   struct rdna_operand *o = &b->inst->operands[index];
   o->reg = RDNA_REG_IMM;
   o->width = 0;
   o->role = RDNA_ROLE_attr;
   o->type = RDNA_TYPE_attr;
   o->mods = 0;
   o->value = attr | (unsigned)(chan - "xyzw") << 6;
   return RDNA_OK;
}

static enum rdna_status fit_param(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   for (unsigned i = 0; i < 3; i++) {
      if (p->kind == PARSED_NAME && strcmp(p->name, vop_interp_params[i]) == 0) {
         struct rdna_operand *o = &b->inst->operands[index];
         o->reg = RDNA_REG_IMM;
         o->width = 0;
         o->role = RDNA_ROLE_param;
         o->type = RDNA_TYPE_param;
         o->mods = 0;
         o->value = i;
         return RDNA_OK;
      }
   }
   return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected p10, p20 or p0, found %s",
                     p->kind == PARSED_NAME ? p->name : "another operand");
}

/* ---- building: modifiers --------------------------------------------------------------------- */

enum rdna_status vop_build_flag(struct build_ctx *b, const char *name, bool *set)
{
   struct parsed_modifier *m = build_modifier(b, name);
   *set = false;
   if (!m)
      return RDNA_OK;
   if (!m->has_value) {
      *set = true;
      return RDNA_OK;
   }
   int64_t v;
   enum rdna_status st = build_modifier_int(b, m, 0, 1, &v);
   *set = v != 0;
   return st;
}

enum rdna_status vop_build_omod(struct build_ctx *b)
{
   struct parsed_modifier *mul = build_modifier(b, "mul"), *div = build_modifier(b, "div");
   int64_t v;
   enum rdna_status st;
   b->inst->mod.omod = 0;
   if (mul) {
      if ((st = build_modifier_int(b, mul, 1, 4, &v)) != RDNA_OK)
         return st;
      if (v == 3)
         return build_fail(b, mul->column, RDNA_OUT_OF_RANGE, "expected mul:1, mul:2 or mul:4");
      b->inst->mod.omod = (uint8_t)(v == 2 ? 1 : v == 4 ? 2 : 0);
   }
   if (div) {
      if ((st = build_modifier_int(b, div, 1, 2, &v)) != RDNA_OK)
         return st;
      if (mul && b->inst->mod.omod)
         return build_fail(b, div->column, RDNA_SYNTAX, "mul and div together");
      b->inst->mod.omod = (uint8_t)(v == 2 ? 3 : 0);
   }
   return RDNA_OK;
}

enum rdna_status vop_reject_modifier(struct build_ctx *b, const char *name, const char *why)
{
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++)
      if (strcmp(b->stmt->modifiers[i].name, name) == 0)
         return build_fail(b, b->stmt->modifiers[i].column, RDNA_INVALID_OPERAND,
                           "%s: %s takes no %s", why, op_info(b->op)->name, name);
   return RDNA_OK;
}

/* ---- building: e32 --------------------------------------------------------------------------- */

/* llvm-mc-14 takes the trailing modifiers of the VALU encodings only in the order it prints
 * them; `order` lists the names by rank (a name may share a rank: "mul|div"). */
enum rdna_status vop_check_modifier_order(struct build_ctx *b, const char *const *order,
                                          unsigned count)
{
   int last = -1;
   const char *last_name = NULL;
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      int rank = -1;
      for (unsigned r = 0; r < count && rank < 0; r++) {
         const char *names = order[r];
         size_t n = strlen(m->name);
         for (const char *at = names; (at = strstr(at, m->name)) != NULL; at += n)
            if ((at == names || at[-1] == '|') && (at[n] == '\0' || at[n] == '|')) {
               rank = (int)r;
               break;
            }
      }
      if (rank < 0)
         continue; /* not this encoding's: reported as unused later */
      if (rank < last)
         return build_fail(b, m->column, RDNA_SYNTAX, "%s must come before %s", m->name, last_name);
      last = rank;
      last_name = m->name;
   }
   return RDNA_OK;
}

/* Whether a number written for a 16-bit integer operand counts as a literal in llvm-mc's "only
 * one literal" check: it tests the value as written (0xffff is no inline constant there, though
 * it is then encoded as the inline -1). */
static bool counts_as_literal(const struct parsed_operand *p, const struct rdna_operand *o)
{
   if (o->reg == RDNA_REG_LITERAL)
      return true;
   return p->kind == PARSED_INT && type_bits(o->type) == 16 && !vop_type_is_float(o->type) &&
          int_inline_code(p->ival) < 0;
}

static uint32_t literal_value(const struct parsed_operand *p, const struct rdna_operand *o)
{
   return o->reg == RDNA_REG_LITERAL ? o->value : (uint32_t)p->ival;
}

/* v_qsad_pk_u16_u8, v_mqsad_pk_u16_u8 and v_mqsad_u32_u8 write their result while still reading
 * sources: llvm-mc requires vdst to overlap no source register. */
static enum rdna_status check_early_clobber(struct build_ctx *b)
{
   if (!vop_is_row(b->op, RDNA_OP_v_qsad_pk_u16_u8) &&
       !vop_is_row(b->op, RDNA_OP_v_mqsad_pk_u16_u8) && !vop_is_row(b->op, RDNA_OP_v_mqsad_u32_u8))
      return RDNA_OK;
   const struct rdna_operand *d = &b->inst->operands[0];
   for (unsigned i = 1; i < b->inst->num_operands; i++) {
      const struct rdna_operand *o = &b->inst->operands[i];
      if (o->reg < RDNA_REG_VGPR0 || o->reg >= RDNA_REG_IMM)
         continue;
      if (o->reg < d->reg + d->width && d->reg < o->reg + o->width)
         return build_fail(b, b->stmt->operands[i].column, RDNA_INVALID_OPERAND,
                           "destination must be different than all sources");
   }
   return RDNA_OK;
}

/* sext() on a constant is accepted and dropped by llvm-mc's e32 and VOP3 forms of a row whose
 * SDWA form takes sext on that source. */
static bool sext_constant_dropped(struct build_ctx *b, unsigned index)
{
   const struct op_info *info = op_info(b->op);
   const struct parsed_operand *p = &b->stmt->operands[index];
   return (p->mods & RDNA_MOD_SEXT) && (p->kind == PARSED_INT || p->kind == PARSED_FLOAT) &&
          info->format != RDNA_FMT_VOP3 && !(info->flags & NO_SDWA) &&
          !vop_type_is_float(info->slots[index].type);
}

/* The bits of a constant operand as the instruction sees them, for folding neg/abs into it. */
static uint64_t constant_bits(const struct rdna_operand *o, unsigned bits)
{
   if (o->reg == RDNA_REG_LITERAL)
      return bits == 64 ? (uint64_t)o->value << 32 : o->value;
   if (o->reg <= 192)
      return (uint64_t)(o->reg - RDNA_REG_CONST_ZERO);
   if (o->reg <= 208) {
      uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
      return ((uint64_t)0 - (uint64_t)(o->reg - 192)) & mask;
   }
   unsigned i = o->reg - RDNA_REG_CONST_HALF;
   return bits == 16 ? vop_f16_bits[i] : bits == 32 ? vop_f32_bits[i] : f64_bits[i];
}

/* The constant (inline code or literal) with these bits in an operand of `type`. */
static void constant_from_bits(uint64_t v, unsigned type, struct rdna_operand *o)
{
   unsigned bits = type_bits(type);
   int64_t s = bits == 16 ? (int16_t)(uint16_t)v : bits == 32 ? (int32_t)(uint32_t)v : (int64_t)v;
   int code = int_inline_code(s);
   for (unsigned i = 0; i < 9 && code < 0; i++)
      if ((bits == 16 && vop_type_is_float(type) && v == vop_f16_bits[i]) ||
          (bits == 32 && v == vop_f32_bits[i]) || (bits == 64 && v == f64_bits[i]))
         code = (int)(RDNA_REG_CONST_HALF + i);
   o->value = 0;
   if (code >= 0) {
      o->reg = (uint16_t)code;
      return;
   }
   o->reg = RDNA_REG_LITERAL;
   o->value = bits == 64 ? (uint32_t)(v >> 32) : (uint32_t)v;
}

/* llvm-mc matches neg()/abs() on a constant in the e32 form by applying them to the constant's
 * sign bit (neg(1.0) becomes -1.0; neg(0) the literal 0x80000000), where the VOP3 form of the row
 * takes float modifiers on that source. */
static enum rdna_status fit_folded_constant(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   struct vop3_profile prof;
   vop3_profile(b->op, op_info(b->op), &prof);
   unsigned n = slot->role - RDNA_ROLE_src0;
   struct parsed_operand plain = *p;
   plain.mods = 0;
   if (sext_constant_dropped(b, index) && !(p->mods & (RDNA_MOD_NEG | RDNA_MOD_ABS))) {
      *(struct rdna_operand *)&b->inst->operands[index] =
         (struct rdna_operand){ .role = slot->role,
                                .type = slot->type,
                                .width = (uint8_t)type_width(slot->type, b->config->wave_size) };
      return fit_number(b, &plain, slot->type, ACCEPT_INLINE | ACCEPT_LITERAL,
                        &b->inst->operands[index]);
   }
   if (p->mods & RDNA_MOD_SEXT || prof.mods[n] != VOP_MODS_FLOAT ||
       (op_info(b->op)->flags & NO_VOP3))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s of %s takes no modifiers here",
                        role_name(slot->role), op_info(b->op)->name);
   struct rdna_operand *o = &b->inst->operands[index];
   *o = (struct rdna_operand){ .role = slot->role,
                               .type = slot->type,
                               .width = (uint8_t)type_width(slot->type, b->config->wave_size) };
   if (type_bits(slot->type) == 64 && p->kind == PARSED_INT)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "neg/abs of an integer literal in a 64-bit operand");
   enum rdna_status st = fit_number(b, &plain, slot->type, ACCEPT_INLINE | ACCEPT_LITERAL, o);
   if (st != RDNA_OK)
      return st;
   unsigned bits = type_bits(slot->type);
   uint64_t v = constant_bits(o, bits), sign = 1ull << (bits - 1);
   if (p->mods & RDNA_MOD_ABS)
      v &= ~sign;
   if (p->mods & RDNA_MOD_NEG)
      v ^= sign;
   constant_from_bits(v, slot->type, o);
   return RDNA_OK;
}

static enum rdna_status build_e32(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   struct vop_layout l;
   vop_layout(info, &l);
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   inst->encoding = info->format;
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role;
      switch (role) {
      case RDNA_ROLE_vdst:
      case RDNA_ROLE_src1:
         st = vop_fit_operand(b, i, ACCEPT_VGPR);
         break;
      case RDNA_ROLE_sdst:
         st = info->format == RDNA_FMT_VOP1 ? fit_sdst(b, i) : fit_vcc(b, i);
         break;
      case RDNA_ROLE_src2:
         st = fit_vcc(b, i);
         break;
      case RDNA_ROLE_src0: {
         const struct parsed_operand *p = &b->stmt->operands[i];
         if (p->mods && (p->kind == PARSED_INT || p->kind == PARSED_FLOAT) && l.k < 0)
            st = fit_folded_constant(b, i);
         else
            st = vop_fit_operand(b, i,
                                 vop_swap_src0(b->op) || vop_src0_register_only(b->op)
                                    ? ACCEPT_VGPR
                                    : ACCEPT_ANY_SRC);
         break;
      }
      case RDNA_ROLE_k:
         st = vop_fit_operand(b, i, ACCEPT_LITERAL);
         break;
      default:
         st = build_fail(b, b->stmt->column, RDNA_INVALID_OPERAND, "row %s has a bad signature",
                         info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   /* The k of fmamk/fmaak and a literal src0 share the one literal dword. */
   if (l.k >= 0 && l.src[0] >= 0 && inst->operands[l.src[0]].reg == RDNA_REG_LITERAL &&
       inst->operands[l.src[0]].value != inst->operands[l.k].value)
      return build_fail(b, b->stmt->operands[l.k].column, RDNA_INVALID_OPERAND,
                        "only one literal operand is allowed");
   for (unsigned i = 0; i < b->stmt->num_operands; i++) {
      const struct parsed_operand *p = &b->stmt->operands[i];
      if (p->mods && !((p->kind == PARSED_INT || p->kind == PARSED_FLOAT) && (int)i == l.src[0]))
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "the e32 form of %s takes no operand modifiers", info->name);
   }
   return RDNA_OK;
}

/* ---- building: VOP3 -------------------------------------------------------------------------- */

/* The scalar values a VOP3 or SDWA instruction reads (SGPRs, special registers, the literal, and
 * an implicit VCC) are limited to two on GFX10, to one for the 64-bit shifts (llvm-mc's
 * getConstantBusLimit). */
enum rdna_status vop_check_constant_bus(struct build_ctx *b)
{
   const struct rdna_inst *inst = b->inst;
   const struct op_info *info = op_info(b->op);
   uint16_t seen[4];
   uint8_t widths[4];
   unsigned count = 0;
   bool literal = false;
   unsigned limit = vop_is_row(b->op, RDNA_OP_v_lshlrev_b64) ||
                          vop_is_row(b->op, RDNA_OP_v_lshrrev_b64) ||
                          vop_is_row(b->op, RDNA_OP_v_ashrrev_i64)
                       ? 1
                       : 2;
   if (info->flags & R_VCC && (info->format == RDNA_FMT_VOP3 || inst->encoding == RDNA_FMT_SDWA)) {
      seen[count] = RDNA_REG_VCC_LO;
      widths[count++] = 0; /* matches vcc and vcc_lo alike */
   }
   for (unsigned i = 0; i < inst->num_operands; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      if (o->role != RDNA_ROLE_src0 && o->role != RDNA_ROLE_src1 && o->role != RDNA_ROLE_src2)
         continue;
      /* NULL reads zero and src_lds_direct reads LDS: neither uses the bus. A 16-bit integer
       * written as 0xffff counts as a literal, as in the literal check. */
      bool lit = counts_as_literal(&b->stmt->operands[i], o);
      bool scalar = lit || (o->reg < RDNA_REG_VGPR0 && !vop_is_inline(o->reg) &&
                            o->reg != RDNA_REG_NULL && o->reg != RDNA_REG_LDS_DIRECT);
      if (!scalar)
         continue;
      if (lit) {
         if (literal)
            continue;
         literal = true;
      } else {
         bool dup = false;
         /* the same register counts once, s0 and s[0:1] are two; an explicit vcc matches the
          * implicit VCC of v_div_fmas */
         for (unsigned j = 0; j < count; j++)
            dup |= seen[j] == o->reg && (widths[j] == o->width || widths[j] == 0);
         if (dup)
            continue;
      }
      if (count >= limit)
         return build_fail(b, b->stmt->operands[i].column, RDNA_INVALID_OPERAND,
                           "invalid operand (violates constant bus restrictions)");
      seen[count] = o->reg;
      widths[count++] = o->width;
   }
   return RDNA_OK;
}

/* op_sel:[...] lists the sources in order, then the destination; llvm-mc takes one to four
 * values, missing ones are 0 and values past the destination are dropped. v_permlane16/x16
 * take at most two (fi, bound_ctrl). */
static enum rdna_status build_op_sel(struct build_ctx *b, const struct vop3_profile *p)
{
   struct parsed_modifier *m = build_modifier(b, "op_sel");
   b->inst->mod.op_sel = 0;
   if (!m)
      return RDNA_OK;
   if (!p->opsel_count)
      return build_fail(b, m->column, RDNA_INVALID_OPERAND, "%s takes no op_sel",
                        op_info(b->op)->name);
   unsigned max = p->opsel_mask == 3 ? 2 : 4;
   if (!m->is_list || m->value_is_name || m->num_values < 1 || m->num_values > max)
      return build_fail(b, m->column, RDNA_SYNTAX, "expected op_sel:[...] with 1 to %u values",
                        max);
   unsigned nsrc = p->opsel_mask == 3 ? 2 : p->opsel_count - 1, v = 0;
   for (unsigned i = 0; i < m->num_values; i++) {
      if (m->values[i] != 0 && m->values[i] != 1)
         return build_fail(b, m->column, RDNA_OUT_OF_RANGE, "op_sel values are 0 or 1");
      unsigned bit = i < nsrc ? i : i == nsrc ? 3 : 4;
      /* a source position the row lacks (src2 of a two-source row) maps past the sources */
      if (i < nsrc && !(p->opsel_mask >> i & 1))
         bit = 4;
      if (bit < 4 && m->values[i])
         v |= 1u << bit;
   }
   b->inst->mod.op_sel = (uint8_t)(v & p->opsel_mask);
   return RDNA_OK;
}

static enum rdna_status build_vop3(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   struct vop3_profile p;
   vop3_profile(b->op, info, &p);
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   inst->encoding = RDNA_FMT_VOP3;
   bool interp = vop_is_interp_vop3(b->op);
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *slot = &info->slots[i];
      switch (slot->role) {
      case RDNA_ROLE_vdst:
         st = vop_fit_operand(b, i, ACCEPT_VGPR);
         break;
      case RDNA_ROLE_sdst:
         st = fit_sdst(b, i);
         break;
      case RDNA_ROLE_src0:
      case RDNA_ROLE_src1:
      case RDNA_ROLE_src2: {
         unsigned n = slot->role - RDNA_ROLE_src0, accept = ACCEPT_ANY_SRC;
         if (slot->type == RDNA_TYPE_mask) {
            st = vop_fit_mask(b, i);
            break;
         } else if (vop_lane_select_operand(b->op, slot->role))
            accept = ACCEPT_SGPR | ACCEPT_INLINE;
         else if (vop_scalar_value_operand(b->op, slot->role))
            accept = ACCEPT_SCALAR_SRC;
         else if (interp) {
            /* registers only: llvm-mc encodes a constant here that its disassembler prints
             * as "invalid immediate" */
            const struct parsed_operand *po = &b->stmt->operands[i];
            if (po->kind == PARSED_INT || po->kind == PARSED_FLOAT)
               return build_fail(b, po->column, RDNA_INVALID_OPERAND,
                                 "expected a VGPR or a scalar register for %s, found a constant",
                                 role_name(slot->role));
            accept = ACCEPT_SGPR | ACCEPT_VGPR | ACCEPT_INLINE;
         } else if (vop_src0_register_only(b->op) ||
                    (vop_is_row(b->op, RDNA_OP_v_mqsad_u32_u8) && n == 2))
            accept = ACCEPT_VGPR; /* llvm-mc: VGPR operands (v_mqsad_u32_u8: its 128-bit src2) */
         if (p.mods[n] == VOP_MODS_FLOAT)
            accept |= ACCEPT_MODS;
         else if (p.mods[n] == VOP_MODS_INT)
            accept |= ACCEPT_SEXT;
         if (p.vop3b && (b->stmt->operands[i].mods & RDNA_MOD_ABS))
            return build_fail(b, b->stmt->operands[i].column, RDNA_INVALID_OPERAND,
                              "ABS not allowed in VOP3B instructions");
         if (p.mods[n] == VOP_MODS_NONE && sext_constant_dropped(b, i)) {
            struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
            uint8_t mods = stmt->operands[i].mods;
            stmt->operands[i].mods = (uint8_t)(mods & ~RDNA_MOD_SEXT);
            st = vop_fit_operand(b, i, accept);
            stmt->operands[i].mods = mods;
            break;
         }
         st = vop_fit_operand(b, i, accept);
         break;
      }
      case RDNA_ROLE_attr:
         st = fit_attr(b, i);
         break;
      case RDNA_ROLE_param:
         st = fit_param(b, i);
         break;
      default:
         st = build_fail(b, b->stmt->column, RDNA_INVALID_OPERAND, "row %s has a bad signature",
                         info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   static const char *const order[] = { "high", "op_sel", "clamp", "mul|div" };
   if ((st = vop_check_modifier_order(b, order, 4)) != RDNA_OK)
      return st;
   bool set;
   if (vop_is_interp_f16(b->op)) {
      if ((st = vop_build_flag(b, "high", &set)) != RDNA_OK)
         return st;
      if (set)
         inst->mod.flags |= RDNA_FLAG_HIGH;
   }
   if ((st = build_op_sel(b, &p)) != RDNA_OK)
      return st;
   if (p.clamp) {
      if ((st = vop_build_flag(b, "clamp", &set)) != RDNA_OK)
         return st;
      if (set)
         inst->mod.flags |= RDNA_FLAG_CLAMP;
   }
   if (p.omod && (st = vop_build_omod(b)) != RDNA_OK)
      return st;
   /* One literal dword: every literal operand must hold the same value. */
   bool have = false;
   uint32_t value = 0;
   for (unsigned i = 0; i < inst->num_operands; i++) {
      const struct parsed_operand *po = &b->stmt->operands[i];
      if (!counts_as_literal(po, &inst->operands[i]))
         continue;
      if (have && literal_value(po, &inst->operands[i]) != value)
         return build_fail(b, po->column, RDNA_INVALID_OPERAND,
                           "only one literal operand is allowed");
      have = true;
      value = literal_value(po, &inst->operands[i]);
   }
   if ((st = check_early_clobber(b)) != RDNA_OK)
      return st;
   return vop_check_constant_bus(b);
}

/* ---- building: entry ------------------------------------------------------------------------- */

static enum rdna_status build_dpp16(struct build_ctx *b)
{
   return vop_build_dpp(b, false);
}

static enum rdna_status build_dpp8(struct build_ctx *b)
{
   return vop_build_dpp(b, true);
}

/* One attempt: a clean instruction, every modifier unused, and all of them consumed at the end. */
static enum rdna_status attempt(struct build_ctx *b, enum rdna_status (*fn)(struct build_ctx *))
{
   struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
   memset(b->inst, 0, sizeof(*b->inst));
   b->inst->op = (uint16_t)b->op;
   for (unsigned i = 0; i < stmt->num_modifiers; i++)
      stmt->modifiers[i].used = false;
   enum rdna_status st = fn(b);
   return st == RDNA_OK ? build_check_modifiers(b) : st;
}

enum rdna_status build_vop(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   enum vop_suffix suffix = b->stmt->suffix;
   bool dpp8 = false;
   bool has_dpp = vop_stmt_has_dpp(b->stmt, &dpp8), has_sdwa = vop_stmt_has_sdwa(b->stmt);
   if (info->format == RDNA_FMT_VOP3) {
      /* llvm-mc: "e64 variant of this instruction is not supported" */
      if (suffix == SUFFIX_E64 &&
          (vop_is_row(b->op, RDNA_OP_v_readlane_b32) || vop_is_row(b->op, RDNA_OP_v_writelane_b32)))
         return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC, "%s has no _e64 spelling",
                           info->name);
      if (suffix != SUFFIX_NONE && suffix != SUFFIX_E64)
         return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                           "%s has only a VOP3 encoding, found '%s'", info->name,
                           b->stmt->mnemonic);
      return build_vop3(b);
   }
   switch (suffix) {
   case SUFFIX_DPP:
      if (info->flags & NO_DPP)
         break;
      return vop_build_dpp(b, dpp8);
   case SUFFIX_SDWA:
      if (info->flags & NO_SDWA)
         break;
      return vop_build_sdwa(b);
   case SUFFIX_E64:
      if (info->flags & NO_VOP3)
         break;
      return build_vop3(b);
   case SUFFIX_E32:
      return build_e32(b);
   default: {
      /* Without a suffix llvm-mc takes the first encoding that matches: e32, VOP3, SDWA, DPP.
       * The error reported is that of the encoding the statement's modifiers point to. */
      enum rdna_status (*order[4])(struct build_ctx *);
      unsigned n = 0, report = 0;
      order[n++] = build_e32;
      if (!(info->flags & NO_VOP3)) {
         report = n;
         order[n++] = build_vop3;
      }
      if (!(info->flags & NO_SDWA)) {
         if (has_sdwa)
            report = n;
         order[n++] = vop_build_sdwa;
      }
      if (!(info->flags & NO_DPP)) {
         if (has_dpp)
            report = n;
         order[n++] = dpp8 ? build_dpp8 : build_dpp16;
      }
      struct rdna_diag first = { .status = RDNA_SYNTAX }, *diag = b->diag;
      enum rdna_status first_st = RDNA_OK;
      for (unsigned i = 0; i < n; i++) {
         struct rdna_diag scratch = { .status = RDNA_SYNTAX };
         b->diag = &scratch;
         enum rdna_status st = attempt(b, order[i]);
         b->diag = diag;
         if (st == RDNA_OK)
            return RDNA_OK;
         if (i == report) {
            first = scratch;
            first_st = st;
         }
      }
      if (diag)
         *diag = first;
      return first_st;
   }
   }
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC, "%s has no such form: '%s'",
                     info->name, b->stmt->mnemonic);
}
