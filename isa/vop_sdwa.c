/* SDWA forms of the VOP1, VOP2 and VOPC rows: decode, encode, print and build. The e32 dword
 * carries src0 = 249; the second dword holds src0, the byte/word selects, sext/neg/abs per
 * source, the SGPR flags of the sources, and clamp/omod (VOP1/VOP2) or the compare's scalar
 * destination (VOPC) (RDNA2 ISA guide, "SDWA"; bit layout in formats.def). */
#include <string.h>

#include "vop_internal.h"

enum {
   SDWA_SEL_DWORD = 6,
   SDWA_UNUSED_PRESERVE = 2
};

static const char *const sel_names[7] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                          "WORD_0", "WORD_1", "DWORD" };
static const char *const unused_names[3] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE" };

/* Float sources take neg/abs, integer sources sext (llvm-mc's SDWA operand modifiers). */
static unsigned sdwa_allowed_mods(const struct op_info *info, int index)
{
   if (index < 0)
      return 0;
   return vop_type_is_float(info->slots[index].type) ? RDNA_MOD_NEG | RDNA_MOD_ABS : RDNA_MOD_SEXT;
}

/* An SDWA source: a VGPR, or with the S bit any scalar source code except the literal. */
static enum rdna_status decode_sdwa_source(struct decode_ctx *ctx, const struct op_info *info,
                                           unsigned index, unsigned code, bool scalar,
                                           struct rdna_inst *inst)
{
   if (!scalar) {
      vop_decode_vgpr(ctx, info, index, code, inst);
      return RDNA_OK;
   }
   if (code == RDNA_REG_LITERAL)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "SDWA sources take no literal");
   return vop_decode_source(ctx, info, index, code, inst);
}

static unsigned source_mods(uint32_t bits)
{
   return (bits & 1 ? RDNA_MOD_SEXT : 0u) | (bits & 2 ? RDNA_MOD_NEG : 0u) |
          (bits & 4 ? RDNA_MOD_ABS : 0u);
}

enum rdna_status vop_decode_sdwa(struct decode_ctx *ctx, uint32_t word, unsigned op,
                                 struct rdna_inst *inst)
{
   const struct op_info *info = op_info(op);
   uint32_t w;
   enum rdna_status st = decode_word(ctx, 1, &w);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   inst->encoding = RDNA_FMT_SDWA;
   if (info->flags & NO_OPERANDS_E32) {
      inst->num_operands = 0; /* v_nop, v_pipeflush: the dword is zero (vop_decode checked) */
      return RDNA_OK;
   }
   struct vop_layout l;
   vop_layout(info, &l);
   bool vopc = info->format == RDNA_FMT_VOPC, vop1 = info->format == RDNA_FMT_VOP1;
   unsigned dst_sel = (w >> 8) & 7, dst_unused = (w >> 11) & 3, clamp = (w >> 13) & 1;
   unsigned omod = (w >> 14) & 3, sel0 = (w >> 16) & 7, sel1 = (w >> 24) & 7;
   /* llvm-mc-14 crashes on a select of 7 (rejected here) and prints the reserved dst_unused 3
    * as UNUSED_PAD, which it is taken for here. */
   if (sel0 > SDWA_SEL_DWORD || (!vop1 && sel1 > SDWA_SEL_DWORD) ||
       (!vopc && dst_sel > SDWA_SEL_DWORD))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "SDWA select 7 is reserved");
   if (dst_unused > SDWA_UNUSED_PRESERVE)
      dst_unused = 0;
   if (vop1 && (w & 0xbf000000u))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no src1", info->name);
   for (unsigned n = 0; n < (vop1 ? 1u : 2u); n++) {
      unsigned bits = (w >> (19 + 8 * n)) & 7; /* sext, neg, abs */
      if (source_mods(bits) & ~sdwa_allowed_mods(info, l.src[n]))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "src%u of %s takes no such modifier", n,
                            info->name);
   }
   if (vopc) {
      /* bits 14..8 are the SGPR destination when bit 15 is set, else the result is VCC. */
      if (w & 0x8000) {
         if (l.sdst < 0)
            return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s writes no SGPR", info->name);
         if ((st = vop_decode_sdst(ctx, info, (unsigned)l.sdst, (w >> 8) & 0x7f, inst)) != RDNA_OK)
            return st;
      } else if (l.sdst >= 0) {
         vop_implicit_vcc(ctx, info, (unsigned)l.sdst, inst);
      }
   } else {
      bool dst_float = vop_float_dst(info);
      if (omod && !dst_float)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no omod", info->name);
      inst->mod.dst_sel = (uint8_t)dst_sel;
      inst->mod.dst_unused = (uint8_t)dst_unused;
      inst->mod.omod = (uint8_t)omod;
      if (clamp)
         inst->mod.flags |= RDNA_FLAG_CLAMP;
   }
   inst->mod.src_sel[0] = (uint8_t)sel0;
   inst->mod.src_sel[1] = (uint8_t)(vop1 ? 0 : sel1);
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role;
      switch (role) {
      case RDNA_ROLE_vdst:
         vop_decode_vgpr(ctx, info, i, (word >> 17) & 0xff, inst);
         break;
      case RDNA_ROLE_sdst:
         if (!vopc)
            vop_implicit_vcc(ctx, info, i, inst);
         break;
      case RDNA_ROLE_src2:
         vop_implicit_vcc(ctx, info, i, inst);
         break;
      case RDNA_ROLE_src0:
         st = decode_sdwa_source(ctx, info, i, w & 0xff, w & (1u << 23), inst);
         inst->operands[i].mods |= (uint8_t)source_mods((w >> 19) & 7);
         break;
      case RDNA_ROLE_src1:
         st = decode_sdwa_source(ctx, info, i, (word >> 9) & 0xff, w & (1u << 31), inst);
         inst->operands[i].mods |= (uint8_t)source_mods((w >> 27) & 7);
         break;
      default:
         st = decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no SDWA form", info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   return RDNA_OK;
}

/* The 8-bit SDWA field and S bit of a source. */
static enum rdna_status encode_sdwa_source(struct encode_ctx *ctx, const struct rdna_inst *inst,
                                           int index, unsigned *code, bool *scalar)
{
   const struct rdna_operand *o = &inst->operands[index];
   if (o->reg >= RDNA_REG_VGPR0 && o->reg < RDNA_REG_IMM) {
      *code = o->reg - RDNA_REG_VGPR0;
      *scalar = false;
      return RDNA_OK;
   }
   if (o->reg >= RDNA_REG_LITERAL)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "SDWA sources take no literal");
   *code = o->reg;
   *scalar = true;
   return RDNA_OK;
}

static uint32_t encode_source_mods(unsigned mods)
{
   return (mods & RDNA_MOD_SEXT ? 1u : 0u) | (mods & RDNA_MOD_NEG ? 2u : 0u) |
          (mods & RDNA_MOD_ABS ? 4u : 0u);
}

enum rdna_status vop_encode_sdwa(struct encode_ctx *ctx, const struct rdna_inst *inst,
                                 uint32_t word)
{
   const struct op_info *info = op_info(inst->op);
   struct vop_layout l;
   vop_layout(info, &l);
   bool vopc = info->format == RDNA_FMT_VOPC, vop1 = info->format == RDNA_FMT_VOP1, scalar = false;
   enum rdna_status st;
   unsigned code;
   uint32_t w = 0;
   const struct rdna_modifiers *m = &inst->mod;
   if (inst->num_operands != info->num_slots)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes %u operands", info->name,
                         info->num_slots);
   if (info->flags & NO_OPERANDS_E32) {
      if (m->src_sel[0] || m->src_sel[1] || m->dst_sel || m->dst_unused || m->omod || m->flags)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "the SDWA %s takes no fields", info->name);
      ctx->words[0] = word | VOP_SRC_SDWA;
      ctx->words[1] = 0;
      ctx->num_words = 2;
      return RDNA_OK;
   }
   if (m->src_sel[0] > SDWA_SEL_DWORD || m->src_sel[1] > SDWA_SEL_DWORD ||
       m->dst_sel > SDWA_SEL_DWORD || m->dst_unused > SDWA_UNUSED_PRESERVE || m->op_sel ||
       (vop1 && m->src_sel[1]))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "SDWA select out of range");
   if (vopc && (m->flags & RDNA_FLAG_CLAMP || m->omod || m->dst_sel || m->dst_unused))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "SDWA compares take no clamp, omod or dst");
   if (m->omod && !vop_float_dst(info))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no omod", info->name);
   if (l.vdst >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.vdst, &code)) != RDNA_OK)
         return st;
      word |= code << 17;
   }
   if (l.sdst >= 0) {
      if (vopc && inst->operands[l.sdst].reg != RDNA_REG_VCC_LO) {
         if ((st = vop_encode_sdst(ctx, inst, l.sdst, &code)) != RDNA_OK)
            return st;
         w |= (code | 0x80) << 8;
      } else if ((st = vop_encode_vcc(ctx, inst, l.sdst)) != RDNA_OK) {
         return st;
      }
   }
   if ((st = vop_encode_vcc(ctx, inst, l.src[2])) != RDNA_OK)
      return st;
   for (unsigned n = 0; n < 2; n++) {
      if (l.src[n] < 0)
         continue;
      if ((st = vop_check_mods(ctx, inst, l.src[n], sdwa_allowed_mods(info, l.src[n]))) != RDNA_OK)
         return st;
      if ((st = encode_sdwa_source(ctx, inst, l.src[n], &code, &scalar)) != RDNA_OK)
         return st;
      uint32_t mods = encode_source_mods(inst->operands[l.src[n]].mods);
      if (n == 0)
         w |= code | mods << 19 | (scalar ? 1u << 23 : 0);
      else
         word |= code << 9, w |= mods << 27 | (scalar ? 1u << 31 : 0);
   }
   w |= (uint32_t)m->src_sel[0] << 16;
   if (!vop1)
      w |= (uint32_t)m->src_sel[1] << 24;
   if (!vopc) {
      w |= (uint32_t)m->dst_sel << 8 | (uint32_t)m->dst_unused << 11 | (uint32_t)m->omod << 14;
      if (m->flags & RDNA_FLAG_CLAMP)
         w |= 1u << 13;
   }
   ctx->words[0] = word | VOP_SRC_SDWA;
   ctx->words[1] = w;
   ctx->num_words = 2;
   return RDNA_OK;
}

void vop_print_sdwa(struct strbuf *sb, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   const struct rdna_modifiers *m = &inst->mod;
   if (info->flags & NO_OPERANDS_E32) {
      sb_puts(sb, info->name); /* llvm-mc prints the SDWA v_nop as "v_nop" */
      return;
   }
   vop_print_mnemonic_operands(sb, inst, "_sdwa");
   if (info->format != RDNA_FMT_VOPC) {
      static const char *const omod_text[4] = { "", " mul:2", " mul:4", " div:2" };
      if (m->flags & RDNA_FLAG_CLAMP)
         sb_puts(sb, " clamp");
      sb_puts(sb, omod_text[m->omod & 3]);
      sb_printf(sb, " dst_sel:%s dst_unused:%s", sel_names[m->dst_sel % 7],
                unused_names[m->dst_unused % 3]);
   }
   sb_printf(sb, " src0_sel:%s", sel_names[m->src_sel[0] % 7]);
   if (info->format != RDNA_FMT_VOP1)
      sb_printf(sb, " src1_sel:%s", sel_names[m->src_sel[1] % 7]);
}

/* ---- building -------------------------------------------------------------------------------- */

bool vop_stmt_has_sdwa(const struct parsed_stmt *stmt)
{
   for (unsigned i = 0; i < stmt->num_modifiers; i++) {
      const char *name = stmt->modifiers[i].name;
      if (strcmp(name, "dst_sel") == 0 || strcmp(name, "dst_unused") == 0 ||
          strcmp(name, "src0_sel") == 0 || strcmp(name, "src1_sel") == 0)
         return true;
   }
   return false;
}

static enum rdna_status build_name(struct build_ctx *b, const char *modifier,
                                   const char *const *names, unsigned count, uint8_t *value)
{
   struct parsed_modifier *m = build_modifier(b, modifier);
   if (!m)
      return RDNA_OK;
   if (m->value_is_name && !m->is_list)
      for (unsigned i = 0; i < count; i++)
         if (strcmp(m->text, names[i]) == 0) {
            *value = (uint8_t)i;
            return RDNA_OK;
         }
   return build_fail(b, m->column, RDNA_INVALID_OPERAND, "expected %s:%s ... %s:%s", modifier,
                     names[0], modifier, names[count - 1]);
}

enum rdna_status vop_build_sdwa(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   bool vopc = info->format == RDNA_FMT_VOPC, vop1 = info->format == RDNA_FMT_VOP1;
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   inst->encoding = RDNA_FMT_SDWA;
   if (info->flags & NO_OPERANDS_E32)
      return RDNA_OK; /* no selects, no modifiers: every field stays zero */
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role;
      if ((role == RDNA_ROLE_sdst && !vopc) || role == RDNA_ROLE_src2 ||
          (role == RDNA_ROLE_sdst && vop_parsed_is_vcc(b, i))) {
         if ((st = vop_fit_vcc(b, i, "an SDWA instruction")) != RDNA_OK)
            return st;
         continue;
      }
      unsigned accept = ACCEPT_VGPR;
      if (role == RDNA_ROLE_sdst) {
         if ((st = vop_fit_mask(b, i)) != RDNA_OK)
            return st;
         continue;
      } else if (role == RDNA_ROLE_src0 && vop_src0_register_only(b->op))
         accept = ACCEPT_VGPR | ACCEPT_SEXT;
      /* llvm-mc's assembler also takes neg/abs on v_cndmask_b32_sdwa (its VOP3 modifiers) and
       * encodes bits its disassembler rejects: we take sext() only, as the decoder does. */
      else if (role == RDNA_ROLE_src0 || role == RDNA_ROLE_src1)
         accept = ACCEPT_VGPR | ACCEPT_SGPR | ACCEPT_INLINE |
                  (sdwa_allowed_mods(info, (int)i) & RDNA_MOD_SEXT ? ACCEPT_SEXT : ACCEPT_MODS);
      if ((st = vop_fit_operand(b, i, accept)) != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   static const char *const order[] = { "clamp",      "mul|div",  "dst_sel",
                                        "dst_unused", "src0_sel", "src1_sel" };
   if ((st = vop_check_modifier_order(b, order, 6)) != RDNA_OK)
      return st;
   inst->mod.src_sel[0] = inst->mod.src_sel[1] = SDWA_SEL_DWORD;
   if ((st = build_name(b, "src0_sel", sel_names, 7, &inst->mod.src_sel[0])) != RDNA_OK)
      return st;
   if (vop1) {
      if ((st = vop_reject_modifier(b, "src1_sel", "SDWA")) != RDNA_OK)
         return st;
      inst->mod.src_sel[1] = 0;
   } else if ((st = build_name(b, "src1_sel", sel_names, 7, &inst->mod.src_sel[1])) != RDNA_OK) {
      return st;
   }
   if (vopc) {
      static const char *const none[] = { "dst_sel", "dst_unused", "clamp", "mul", "div" };
      for (unsigned i = 0; i < sizeof(none) / sizeof(none[0]); i++)
         if ((st = vop_reject_modifier(b, none[i], "SDWA compare")) != RDNA_OK)
            return st;
      return vop_check_constant_bus(b);
   }
   /* llvm-mc fills in dst_sel:DWORD and dst_unused:UNUSED_PRESERVE when they are omitted. */
   inst->mod.dst_sel = SDWA_SEL_DWORD;
   inst->mod.dst_unused = SDWA_UNUSED_PRESERVE;
   if ((st = build_name(b, "dst_sel", sel_names, 7, &inst->mod.dst_sel)) != RDNA_OK ||
       (st = build_name(b, "dst_unused", unused_names, 3, &inst->mod.dst_unused)) != RDNA_OK)
      return st;
   bool clamp;
   if ((st = vop_build_flag(b, "clamp", &clamp)) != RDNA_OK)
      return st;
   if (clamp)
      inst->mod.flags |= RDNA_FLAG_CLAMP;
   if (vop_float_dst(info) && (st = vop_build_omod(b)) != RDNA_OK)
      return st;
   return vop_check_constant_bus(b);
}
