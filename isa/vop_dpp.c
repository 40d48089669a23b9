/* DPP16 and DPP8 forms of the VOP1 and VOP2 rows: decode, encode, print and build. The e32 dword
 * carries src0 = 250 (DPP16) or 233/234 (DPP8, fi 0/1); the second dword holds the real src0
 * VGPR and the lane controls (RDNA2 ISA guide, "DPP16" and "DPP8"; bit layout in formats.def).
 * VOPC rows have no DPP form in llvm-mc-14 for GFX10. */
#include <string.h>

#include "vop_internal.h"

/* DPP16 dpp_ctrl ranges (RDNA2 ISA guide, DPP_CTRL enumeration). */
enum {
   DPP_QUAD_PERM_LAST = 0x0ff,
   DPP_ROW_SHL = 0x100,
   DPP_ROW_SHR = 0x110,
   DPP_ROW_ROR = 0x120,
   DPP_WAVE_SHL = 0x130,
   DPP_WAVE_ROL = 0x134,
   DPP_WAVE_SHR = 0x138,
   DPP_WAVE_ROR = 0x13c,
   DPP_ROW_MIRROR = 0x140,
   DPP_ROW_HALF_MIRROR = 0x141,
   DPP_ROW_BCAST15 = 0x142,
   DPP_ROW_BCAST31 = 0x143,
   DPP_ROW_SHARE = 0x150,
   DPP_ROW_XMASK = 0x160,
};

/* What the neg/abs bits of DPP16 mean for source n: float sources take them; an integer source
 * of a row with float sources takes sext() in the neg bit (abs dropped); v_cndmask_b32 and
 * v_dot4c_i32_i8 (whose llvm profiles carry integer modifiers) have both decoded and dropped;
 * other rows must leave them zero. */
static enum vop_mods dpp_mods(unsigned op, const struct op_info *info, int index)
{
   if (index < 0)
      return VOP_MODS_NONE;
   if (vop_type_is_float(info->slots[index].type))
      return VOP_MODS_FLOAT;
   if (vop_any_float_source(info))
      return VOP_MODS_INT;
   if (op == RDNA_OP_v_cndmask_b32 || op == RDNA_OP_v_dot4c_i32_i8)
      return VOP_MODS_IGNORED;
   return VOP_MODS_NONE;
}

/* llvm-mc-14 prints a comment instead of the control for a 64-bit src0 unless the control is
 * in the row_newbcast range (the encoding of row_share on GFX10). */
static bool wide_src0(const struct rdna_inst *inst)
{
   struct vop_layout l;
   vop_layout(op_info(inst->op), &l);
   return l.src[0] >= 0 && inst->operands[l.src[0]].width == 2;
}

/* The operands shared by DPP16, DPP8 and SDWA: vdst, the implicit VCC, src1 from the e32 vsrc1
 * field, src0 from the second dword (VGPR). */
static enum rdna_status decode_dpp_operands(struct decode_ctx *ctx, uint32_t word, uint32_t word1,
                                            unsigned op, struct rdna_inst *inst)
{
   const struct op_info *info = op_info(op);
   unsigned vdst = (word >> 17) & 0xff, vsrc1 = (word >> 9) & 0xff, src0 = word1 & 0xff;
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role, reg;
      switch (role) {
      case RDNA_ROLE_vdst:
      case RDNA_ROLE_src0:
      case RDNA_ROLE_src1:
         reg = role == RDNA_ROLE_vdst ? vdst : role == RDNA_ROLE_src0 ? src0 : vsrc1;
         vop_decode_vgpr(ctx, info, i, reg, inst);
         if (reg + inst->operands[i].width > 256)
            return decode_fail(ctx, RDNA_INVALID_ENCODING, "v%u holds no %u-register operand", reg,
                               inst->operands[i].width);
         break;
      case RDNA_ROLE_sdst:
      case RDNA_ROLE_src2:
         vop_implicit_vcc(ctx, info, i, inst);
         break;
      default:
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no DPP form", info->name);
      }
   }
   inst->num_operands = info->num_slots;
   return RDNA_OK;
}

enum rdna_status vop_decode_dpp(struct decode_ctx *ctx, uint32_t word, unsigned op,
                                struct rdna_inst *inst)
{
   const struct op_info *info = op_info(op);
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   unsigned marker = word & 0x1ff;
   if ((st = decode_dpp_operands(ctx, word, word1, op, inst)) != RDNA_OK)
      return st;
   if (marker != VOP_SRC_DPP16) {
      inst->encoding = RDNA_FMT_DPP8;
      inst->mod.dpp8 = word1 >> 8;
      if (marker == VOP_SRC_DPP8_FI)
         inst->mod.flags |= RDNA_FLAG_FI;
      return RDNA_OK;
   }
   inst->encoding = RDNA_FMT_DPP16;
   inst->mod.dpp_ctrl = (uint16_t)((word1 >> 8) & 0x1ff);
   inst->mod.row_mask = (uint8_t)(word1 >> 28);
   inst->mod.bank_mask = (uint8_t)((word1 >> 24) & 15);
   if (word1 & (1u << 18))
      inst->mod.flags |= RDNA_FLAG_FI;
   if (word1 & (1u << 19))
      inst->mod.flags |= RDNA_FLAG_BOUND_CTRL;
   struct vop_layout l;
   vop_layout(info, &l);
   for (unsigned n = 0; n < 2; n++) {
      unsigned bits = (word1 >> (20 + 2 * n)) & 3; /* neg, abs */
      enum vop_mods mods = dpp_mods(op, info, l.src[n]);
      if (bits && mods == VOP_MODS_NONE)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "src%u of %s takes no neg/abs", n,
                            info->name);
      if (mods == VOP_MODS_FLOAT)
         inst->operands[l.src[n]].mods =
            (uint8_t)((bits & 1 ? RDNA_MOD_NEG : 0) | (bits & 2 ? RDNA_MOD_ABS : 0));
      else if (mods == VOP_MODS_INT && (bits & 1))
         inst->operands[l.src[n]].mods = RDNA_MOD_SEXT;
   }
   return RDNA_OK;
}

enum rdna_status vop_encode_dpp(struct encode_ctx *ctx, const struct rdna_inst *inst, uint32_t word)
{
   const struct op_info *info = op_info(inst->op);
   struct vop_layout l;
   vop_layout(info, &l);
   enum rdna_status st;
   unsigned vgpr;
   uint32_t word1 = 0;
   if (inst->num_operands != info->num_slots || l.k >= 0)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no DPP form", info->name);
   if (inst->mod.flags & RDNA_FLAG_CLAMP || inst->mod.omod || inst->mod.op_sel)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "DPP takes no clamp, omod or op_sel");
   if (l.vdst >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.vdst, &vgpr)) != RDNA_OK)
         return st;
      word |= vgpr << 17;
   }
   if ((st = vop_encode_vcc(ctx, inst, l.sdst)) != RDNA_OK ||
       (st = vop_encode_vcc(ctx, inst, l.src[2])) != RDNA_OK)
      return st;
   if (l.src[1] >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.src[1], &vgpr)) != RDNA_OK)
         return st;
      word |= vgpr << 9;
   }
   if (l.src[0] >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.src[0], &vgpr)) != RDNA_OK)
         return st;
      word1 |= vgpr;
   }
   if (inst->encoding == RDNA_FMT_DPP8) {
      for (unsigned n = 0; n < 2; n++)
         if ((st = vop_check_mods(ctx, inst, l.src[n], 0)) != RDNA_OK)
            return st;
      if (inst->mod.dpp8 > 0xffffff)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "dpp8 selects take 24 bits");
      word |= inst->mod.flags & RDNA_FLAG_FI ? VOP_SRC_DPP8_FI : VOP_SRC_DPP8;
      word1 |= inst->mod.dpp8 << 8;
   } else {
      for (unsigned n = 0; n < 2; n++) {
         enum vop_mods mods = dpp_mods(inst->op, info, l.src[n]);
         unsigned allowed = mods == VOP_MODS_FLOAT ? RDNA_MOD_NEG | RDNA_MOD_ABS
                            : mods == VOP_MODS_INT ? RDNA_MOD_SEXT
                                                   : 0;
         if ((st = vop_check_mods(ctx, inst, l.src[n], allowed)) != RDNA_OK)
            return st;
         if (l.src[n] < 0)
            continue;
         unsigned m = inst->operands[l.src[n]].mods;
         word1 |= (m & (RDNA_MOD_NEG | RDNA_MOD_SEXT) ? 1u : 0u) << (20 + 2 * n);
         word1 |= (m & RDNA_MOD_ABS ? 1u : 0u) << (21 + 2 * n);
      }
      if (inst->mod.dpp_ctrl > 0x1ff || inst->mod.row_mask > 15 || inst->mod.bank_mask > 15)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "DPP16 control out of range");
      word |= VOP_SRC_DPP16;
      word1 |= (uint32_t)inst->mod.dpp_ctrl << 8 | (uint32_t)inst->mod.row_mask << 28 |
               (uint32_t)inst->mod.bank_mask << 24;
      if (inst->mod.flags & RDNA_FLAG_FI)
         word1 |= 1u << 18;
      if (inst->mod.flags & RDNA_FLAG_BOUND_CTRL)
         word1 |= 1u << 19;
   }
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   return RDNA_OK;
}

/* The dpp_ctrl text of llvm-mc-14, including its comments for controls GFX10 lacks. */
static void print_dpp_ctrl(struct strbuf *sb, unsigned ctrl)
{
   if (ctrl <= DPP_QUAD_PERM_LAST)
      sb_printf(sb, "quad_perm:[%u,%u,%u,%u]", ctrl & 3, (ctrl >> 2) & 3, (ctrl >> 4) & 3,
                ctrl >> 6);
   else if (ctrl > DPP_ROW_SHL && ctrl < DPP_ROW_SHL + 16)
      sb_printf(sb, "row_shl:%u", ctrl - DPP_ROW_SHL);
   else if (ctrl > DPP_ROW_SHR && ctrl < DPP_ROW_SHR + 16)
      sb_printf(sb, "row_shr:%u", ctrl - DPP_ROW_SHR);
   else if (ctrl > DPP_ROW_ROR && ctrl < DPP_ROW_ROR + 16)
      sb_printf(sb, "row_ror:%u", ctrl - DPP_ROW_ROR);
   else if (ctrl == DPP_WAVE_SHL)
      sb_puts(sb, "/* wave_shl is not supported starting from GFX10 */");
   else if (ctrl == DPP_WAVE_ROL)
      sb_puts(sb, "/* wave_rol is not supported starting from GFX10 */");
   else if (ctrl == DPP_WAVE_SHR)
      sb_puts(sb, "/* wave_shr is not supported starting from GFX10 */");
   else if (ctrl == DPP_WAVE_ROR)
      sb_puts(sb, "/* wave_ror is not supported starting from GFX10 */");
   else if (ctrl == DPP_ROW_MIRROR)
      sb_puts(sb, "row_mirror");
   else if (ctrl == DPP_ROW_HALF_MIRROR)
      sb_puts(sb, "row_half_mirror");
   else if (ctrl == DPP_ROW_BCAST15 || ctrl == DPP_ROW_BCAST31)
      sb_puts(sb, "/* row_bcast is not supported starting from GFX10 */");
   else if (ctrl >= DPP_ROW_SHARE && ctrl < DPP_ROW_SHARE + 16)
      sb_printf(sb, "row_share:%u", ctrl - DPP_ROW_SHARE);
   else if (ctrl >= DPP_ROW_XMASK && ctrl < DPP_ROW_XMASK + 16)
      sb_printf(sb, "row_xmask:%u", ctrl - DPP_ROW_XMASK);
   else
      sb_puts(sb, "/* Invalid dpp_ctrl value */");
}

void vop_print_dpp(struct strbuf *sb, const struct rdna_inst *inst)
{
   /* v_nop and v_pipeflush print no suffix in any form */
   bool bare = op_info(inst->op)->flags & NO_OPERANDS_E32;
   vop_print_mnemonic_operands(sb, inst, bare ? "" : "_dpp");
   if (inst->encoding == RDNA_FMT_DPP8) {
      uint32_t sel = inst->mod.dpp8;
      sb_printf(sb, " dpp8:[%u,%u,%u,%u,%u,%u,%u,%u]", sel & 7, (sel >> 3) & 7, (sel >> 6) & 7,
                (sel >> 9) & 7, (sel >> 12) & 7, (sel >> 15) & 7, (sel >> 18) & 7, (sel >> 21) & 7);
      if (inst->mod.flags & RDNA_FLAG_FI)
         sb_puts(sb, " fi:1");
      return;
   }
   unsigned ctrl = inst->mod.dpp_ctrl;
   sb_putc(sb, ' ');
   if (wide_src0(inst) && !(ctrl >= DPP_ROW_SHARE && ctrl < DPP_ROW_SHARE + 16))
      sb_puts(sb, " /* 64 bit dpp only supports row_newbcast */");
   else
      print_dpp_ctrl(sb, ctrl);
   sb_printf(sb, " row_mask:0x%x bank_mask:0x%x", inst->mod.row_mask, inst->mod.bank_mask);
   if (inst->mod.flags & RDNA_FLAG_BOUND_CTRL)
      sb_puts(sb, " bound_ctrl:1");
   if (inst->mod.flags & RDNA_FLAG_FI)
      sb_puts(sb, " fi:1");
}

/* ---- building -------------------------------------------------------------------------------- */

static const char *const dpp16_controls[] = { "quad_perm", "row_shl",    "row_shr",
                                              "row_ror",   "row_mirror", "row_half_mirror",
                                              "row_share", "row_xmask" };

bool vop_stmt_has_dpp(const struct parsed_stmt *stmt, bool *dpp8)
{
   static const char *const others[] = { "row_mask", "bank_mask", "bound_ctrl", "fi" };
   bool found = false;
   *dpp8 = false;
   for (unsigned i = 0; i < stmt->num_modifiers; i++) {
      const char *name = stmt->modifiers[i].name;
      if (strcmp(name, "dpp8") == 0)
         *dpp8 = found = true;
      for (unsigned j = 0; j < sizeof(dpp16_controls) / sizeof(dpp16_controls[0]); j++)
         found |= strcmp(name, dpp16_controls[j]) == 0;
      for (unsigned j = 0; j < sizeof(others) / sizeof(others[0]); j++)
         found |= strcmp(name, others[j]) == 0;
   }
   return found;
}

/* The one dpp_ctrl of a DPP16 statement. */
static enum rdna_status build_dpp_ctrl(struct build_ctx *b)
{
   struct parsed_modifier *found = NULL;
   unsigned which = 0;
   for (unsigned j = 0; j < sizeof(dpp16_controls) / sizeof(dpp16_controls[0]); j++) {
      struct parsed_modifier *m = build_modifier(b, dpp16_controls[j]);
      if (!m)
         continue;
      if (found)
         return build_fail(b, m->column, RDNA_SYNTAX, "only one DPP control is allowed");
      found = m;
      which = j;
   }
   if (!found)
      return build_fail(b, b->stmt->column, RDNA_SYNTAX,
                        "expected a DPP control (quad_perm, row_shl, row_shr, row_ror, "
                        "row_mirror, row_half_mirror, row_share or row_xmask)");
   int64_t v = 0;
   enum rdna_status st = RDNA_OK;
   unsigned ctrl = 0;
   switch (which) {
   case 0: /* quad_perm:[a,b,c,d] */
      if (!found->is_list || found->value_is_name || found->num_values != 4)
         return build_fail(b, found->column, RDNA_SYNTAX, "expected quad_perm:[a,b,c,d]");
      for (unsigned i = 0; i < 4; i++) {
         if (found->values[i] < 0 || found->values[i] > 3)
            return build_fail(b, found->column, RDNA_OUT_OF_RANGE, "quad_perm lanes are 0 to 3");
         ctrl |= (unsigned)found->values[i] << (2 * i);
      }
      break;
   case 1:
   case 2:
   case 3:
      st = build_modifier_int(b, found, 1, 15, &v);
      ctrl = (which == 1 ? DPP_ROW_SHL : which == 2 ? DPP_ROW_SHR : DPP_ROW_ROR) + (unsigned)v;
      break;
   case 4:
   case 5:
      if (found->has_value)
         return build_fail(b, found->column, RDNA_SYNTAX, "%s takes no value", found->name);
      ctrl = which == 4 ? DPP_ROW_MIRROR : DPP_ROW_HALF_MIRROR;
      break;
   default:
      st = build_modifier_int(b, found, 0, 15, &v);
      ctrl = (which == 6 ? DPP_ROW_SHARE : DPP_ROW_XMASK) + (unsigned)v;
      break;
   }
   b->inst->mod.dpp_ctrl = (uint16_t)ctrl;
   return st;
}

static enum rdna_status build_mask(struct build_ctx *b, const char *name, uint8_t *out)
{
   struct parsed_modifier *m = build_modifier(b, name);
   int64_t v = 15;
   enum rdna_status st = m ? build_modifier_int(b, m, 0, 15, &v) : RDNA_OK;
   *out = (uint8_t)v;
   return st;
}

/* bound_ctrl:0 and bound_ctrl:1 both set the bit in llvm-mc-14 (the old spelling meant "write
 * zero for out-of-bounds lanes", which the bit does). */
static enum rdna_status build_bound_ctrl(struct build_ctx *b)
{
   struct parsed_modifier *m = build_modifier(b, "bound_ctrl");
   int64_t v;
   if (!m)
      return RDNA_OK;
   enum rdna_status st = build_modifier_int(b, m, 0, 1, &v);
   if (st == RDNA_OK)
      b->inst->mod.flags |= RDNA_FLAG_BOUND_CTRL;
   return st;
}

enum rdna_status vop_build_dpp(struct build_ctx *b, bool dpp8)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   struct vop_layout l;
   vop_layout(info, &l);
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   inst->encoding = dpp8 ? RDNA_FMT_DPP8 : RDNA_FMT_DPP16;
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role;
      if (role == RDNA_ROLE_sdst || role == RDNA_ROLE_src2) {
         if ((st = vop_fit_vcc(b, i, "a DPP instruction")) != RDNA_OK)
            return st;
         continue;
      }
      unsigned accept = ACCEPT_VGPR;
      if ((role == RDNA_ROLE_src0 || role == RDNA_ROLE_src1) && !dpp8) {
         enum vop_mods mods = dpp_mods(b->op, info, (int)i);
         accept |= mods == VOP_MODS_FLOAT ? ACCEPT_MODS : mods == VOP_MODS_INT ? ACCEPT_SEXT : 0;
      }
      if ((st = vop_fit_operand(b, i, accept)) != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   static const char *const order16[] = {
      "quad_perm|row_shl|row_shr|row_ror|row_mirror|row_half_mirror|row_share|row_xmask",
      "row_mask", "bank_mask", "bound_ctrl", "fi"
   };
   static const char *const order8[] = { "dpp8", "fi" };
   if ((st = vop_check_modifier_order(b, dpp8 ? order8 : order16, dpp8 ? 2 : 5)) != RDNA_OK)
      return st;
   bool set;
   if ((st = vop_build_flag(b, "fi", &set)) != RDNA_OK)
      return st;
   if (set)
      inst->mod.flags |= RDNA_FLAG_FI;
   if (dpp8) {
      struct parsed_modifier *m = build_modifier(b, "dpp8");
      if (!m || !m->is_list || m->value_is_name || m->num_values != 8)
         return build_fail(b, m ? m->column : b->stmt->column, RDNA_SYNTAX,
                           "expected dpp8:[8 lane selects]");
      uint32_t sel = 0;
      for (unsigned i = 0; i < 8; i++) {
         if (m->values[i] < 0 || m->values[i] > 7)
            return build_fail(b, m->column, RDNA_OUT_OF_RANGE, "dpp8 lane selects are 0 to 7");
         sel |= (uint32_t)m->values[i] << (3 * i);
      }
      inst->mod.dpp8 = sel;
      return RDNA_OK;
   }
   /* llvm-mc-14 takes no DPP16 control at all for a 64-bit src0 on GFX10. */
   if (l.src[0] >= 0 && inst->operands[l.src[0]].width == 2)
      return build_fail(b, b->stmt->operands[l.src[0]].column, RDNA_INVALID_OPERAND,
                        "%s has no DPP16 form on GFX10 (64-bit source), use dpp8", info->name);
   if ((st = build_dpp_ctrl(b)) != RDNA_OK ||
       (st = build_mask(b, "row_mask", &inst->mod.row_mask)) != RDNA_OK ||
       (st = build_mask(b, "bank_mask", &inst->mod.bank_mask)) != RDNA_OK)
      return st;
   return build_bound_ctrl(b);
}
