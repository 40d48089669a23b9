/* Vector ALU encodings VOP1, VOP2, VOPC (the 32-bit "e32" forms) and VOP3 (VOP3a, and VOP3b with
 * a carry-out SGPR): decode, encode, print and build, plus the helpers the DPP (vop_dpp.c) and
 * SDWA (vop_sdwa.c) forms share. The rows are isa/vop.def; everything llvm-mc-14 does with these
 * encodings on gfx1013 and gfx1030 was probed field by field, and the comments say what. */
#include <stdio.h>
#include <string.h>

#include "vop_internal.h"

/* ---- rows: layout and modifier profiles ------------------------------------------------------ */

void vop_layout(const struct op_info *info, struct vop_layout *layout)
{
   layout->vdst = layout->sdst = layout->k = layout->attr = layout->param = -1;
   layout->src[0] = layout->src[1] = layout->src[2] = -1;
   for (unsigned i = 0; i < info->num_slots; i++) {
      switch (info->slots[i].role) {
      case RDNA_ROLE_vdst:
         layout->vdst = (int)i;
         break;
      case RDNA_ROLE_sdst:
         layout->sdst = (int)i;
         break;
      case RDNA_ROLE_src0:
         layout->src[0] = (int)i;
         break;
      case RDNA_ROLE_src1:
         layout->src[1] = (int)i;
         break;
      case RDNA_ROLE_src2:
         layout->src[2] = (int)i;
         break;
      case RDNA_ROLE_k:
         layout->k = (int)i;
         break;
      case RDNA_ROLE_attr:
         layout->attr = (int)i;
         break;
      case RDNA_ROLE_param:
         layout->param = (int)i;
         break;
      default:
         break;
      }
   }
}

bool vop_type_is_float(unsigned type)
{
   return type == RDNA_TYPE_f16 || type == RDNA_TYPE_f32 || type == RDNA_TYPE_f64 ||
          type == RDNA_TYPE_v2f16;
}

bool vop_any_float_source(const struct op_info *info)
{
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role;
      if ((role == RDNA_ROLE_src0 || role == RDNA_ROLE_src1 || role == RDNA_ROLE_src2) &&
          vop_type_is_float(info->slots[i].type))
         return true;
   }
   return false;
}

bool vop_float_dst(const struct op_info *info)
{
   for (unsigned i = 0; i < info->num_slots; i++) {
      unsigned role = info->slots[i].role;
      if (role == RDNA_ROLE_vdst || role == RDNA_ROLE_sdst)
         return vop_type_is_float(info->slots[i].type);
   }
   return false;
}

bool vop_has_other_forms(const struct op_info *info)
{
   return (info->flags & (NO_VOP3 | NO_DPP | NO_SDWA)) != (NO_VOP3 | NO_DPP | NO_SDWA);
}

bool vop_is_row(unsigned op, enum rdna_op row)
{
   return op == (unsigned)row;
}

/* The modifier bits a row has in its VOP3 encoding. llvm-mc derives them from operand types:
 * float sources take neg/abs; integer sources of a row that also has float sources take "sext"
 * in the neg bit (the abs bit is decoded and dropped); clamp where a source or the destination
 * is a float (VOPC: where all sources are) or the row says INT_CLAMP; omod where the result is
 * a float (VOP1: also where the source is), except OP_SEL and NO_OMOD rows. The exceptions that
 * no type explains are named here. */
void vop3_profile(unsigned op, const struct op_info *info, struct vop3_profile *p)
{
   struct vop_layout l;
   vop_layout(info, &l);
   bool any_float = vop_any_float_source(info), all_float = true, dst_float = vop_float_dst(info);
   memset(p, 0, sizeof(*p));
   for (unsigned i = 0; i < 3; i++) {
      if (l.src[i] < 0) {
         p->mods[i] = VOP_MODS_NONE;
         continue;
      }
      unsigned type = info->slots[l.src[i]].type;
      if (vop_type_is_float(type))
         p->mods[i] = VOP_MODS_FLOAT;
      else if (any_float && info->format != RDNA_FMT_VOPC)
         p->mods[i] = VOP_MODS_INT;
      else
         p->mods[i] = VOP_MODS_NONE;
      if (!vop_type_is_float(type))
         all_float = false;
   }
   if (info->format == RDNA_FMT_VOPC)
      p->clamp = all_float && l.src[0] >= 0;
   else
      p->clamp = any_float || dst_float || (info->flags & INT_CLAMP);
   p->omod = info->format != RDNA_FMT_VOPC && !(info->flags & (OP_SEL | NO_OMOD)) &&
             (dst_float || (info->format == RDNA_FMT_VOP1 && any_float));
   p->vop3b = l.vdst >= 0 && l.sdst >= 0;
   if (info->flags & OP_SEL) {
      for (unsigned i = 0; i < 3; i++)
         if (l.src[i] >= 0) {
            p->opsel_mask |= (uint8_t)(1u << i);
            p->opsel_count++;
         }
      p->opsel_mask |= 8;
      p->opsel_count++;
   }
   /* llvm-mc's VOP3 v_cndmask_b32 takes float neg/abs on its b32 sources (no clamp, no omod). */
   if (vop_is_row(op, RDNA_OP_v_cndmask_b32)) {
      p->mods[0] = p->mods[1] = VOP_MODS_FLOAT;
      p->clamp = p->omod = false;
   }
   /* v_readlane_b32 decodes all six neg/abs bits and prints none of them. */
   if (vop_is_row(op, RDNA_OP_v_readlane_b32))
      p->mods[0] = p->mods[1] = p->mods[2] = VOP_MODS_IGNORED;
   /* v_permlane16/x16: op_sel[0] is fi, op_sel[1] bound_ctrl; the other two bits are ignored. */
   if (vop_is_row(op, RDNA_OP_v_permlane16_b32) || vop_is_row(op, RDNA_OP_v_permlanex16_b32)) {
      p->opsel_mask = 3;
      p->opsel_count = 2;
   }
}

/* The value v_writelane_b32 writes (src0): any scalar source, literal included, but no VGPR. */
bool vop_scalar_value_operand(unsigned op, unsigned role)
{
   return vop_is_row(op, RDNA_OP_v_writelane_b32) && role == RDNA_ROLE_src0;
}

/* Operands that take only a scalar register or an inline constant, never a literal or a VGPR:
 * the lane selects of v_readlane/v_writelane/v_permlane (llvm-mc: SCSrc operands). llvm-mc's
 * disassembler prints whatever the field holds, so only the builder enforces this. */
bool vop_lane_select_operand(unsigned op, unsigned role)
{
   if (vop_is_row(op, RDNA_OP_v_readlane_b32) || vop_is_row(op, RDNA_OP_v_writelane_b32))
      return role == RDNA_ROLE_src1;
   if (vop_is_row(op, RDNA_OP_v_permlane16_b32) || vop_is_row(op, RDNA_OP_v_permlanex16_b32))
      return role == RDNA_ROLE_src1 || role == RDNA_ROLE_src2;
   return false;
}

/* v_swap_b32 and v_swaprel_b32 take a VGPR in src0; llvm-mc reads only the low eight bits. */
bool vop_swap_src0(unsigned op)
{
   return vop_is_row(op, RDNA_OP_v_swap_b32) || vop_is_row(op, RDNA_OP_v_swaprel_b32);
}

/* v_movrels_b32, v_movrelsd_b32 and v_movrelsd_2_b32 index their source VGPR, the lane ops
 * (v_readfirstlane, v_readlane, v_permlane16/x16) read one: llvm-mc's assembler takes only a
 * VGPR there (v_readfirstlane and v_readlane also src_lds_direct); its disassembler also prints a
 * scalar register, and prints constants as "invalid immediate" (rejected here; in SDWA it
 * prints them, and so do we). */
bool vop_src0_register_only(unsigned op)
{
   return vop_is_row(op, RDNA_OP_v_movrels_b32) || vop_is_row(op, RDNA_OP_v_movrelsd_b32) ||
          vop_is_row(op, RDNA_OP_v_movrelsd_2_b32) || vop_is_row(op, RDNA_OP_v_readfirstlane_b32) ||
          vop_is_row(op, RDNA_OP_v_readlane_b32) || vop_is_row(op, RDNA_OP_v_permlane16_b32) ||
          vop_is_row(op, RDNA_OP_v_permlanex16_b32);
}

/* llvm-mc takes src_lds_direct only as src0, and not in the "rev" ops (which swap sources). */
bool vop_lds_direct_allowed(unsigned op, unsigned role)
{
   static const char *const rev[] = { "v_subrev", "v_lshlrev", "v_lshrrev", "v_ashrrev" };
   const char *name = op_info(op)->name;
   for (unsigned i = 0; i < sizeof(rev) / sizeof(rev[0]); i++)
      if (strncmp(name, rev[i], strlen(rev[i])) == 0)
         return false;
   return role == RDNA_ROLE_src0;
}

bool vop_is_interp_f16(unsigned op)
{
   return vop_is_row(op, RDNA_OP_v_interp_p1ll_f16) || vop_is_row(op, RDNA_OP_v_interp_p1lv_f16) ||
          vop_is_row(op, RDNA_OP_v_interp_p2_f16);
}

/* ---- printing operands ----------------------------------------------------------------------- */

static const char *const float_names[9] = { "0.5",  "-0.5", "1.0",  "-1.0",      "2.0",
                                            "-2.0", "4.0",  "-4.0", "0.15915494" };
const uint16_t vop_f16_bits[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                   0xc000, 0x4400, 0xc400, 0x3118 };
const uint32_t vop_f32_bits[9] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                   0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983 };

static bool is_16bit(unsigned type)
{
   return type_bits(type) == 16;
}

/* llvm-mc's printImmediate16: a small integer in decimal, one of the f16 inline values by name
 * (float operands only, and only when the whole dword is that value), else the low half. */
static void print_literal16(struct strbuf *sb, uint32_t value, bool is_float)
{
   int16_t s = (int16_t)(uint16_t)value;
   if (s >= -16 && s <= 64) {
      sb_printf(sb, "%d", s);
      return;
   }
   if (is_float)
      for (unsigned i = 0; i < 9; i++)
         if (value == vop_f16_bits[i]) {
            sb_puts(sb, float_names[i]);
            return;
         }
   sb_printf(sb, "0x%x", value & 0xffff);
}

static void print_literal32(struct strbuf *sb, uint32_t value)
{
   int32_t s = (int32_t)value;
   if (s >= -16 && s <= 64) {
      sb_printf(sb, "%d", s);
      return;
   }
   for (unsigned i = 0; i < 9; i++)
      if (value == vop_f32_bits[i]) {
         sb_puts(sb, float_names[i]);
         return;
      }
   sb_printf(sb, "0x%x", value);
}

/* A literal as llvm-mc-14 prints it: by the operand's width. 64-bit operands take the literal
 * zero-extended (a float's literal is not shifted into the high dword when printed), so only
 * 0..64 print in decimal. Packed f16 pairs print as one f16 when the literal fits 16 bits. */
static void print_literal(struct strbuf *sb, uint32_t value, unsigned type)
{
   if (is_16bit(type))
      print_literal16(sb, value, vop_type_is_float(type));
   else if (type_bits(type) == 64)
      value <= 64 ? sb_printf(sb, "%u", value) : sb_printf(sb, "0x%x", value);
   else if (type == RDNA_TYPE_v2f16 && value <= 0xffff)
      print_literal16(sb, value, true);
   else
      print_literal32(sb, value);
}

/* Inline constants: 16-bit integer operands show the float codes as their f16 bits in hex
 * (v_add_nc_u16 v1, v2, 0x3c00); 64-bit operands spell 1/(2*pi) in full. */
static void print_inline(struct strbuf *sb, unsigned code, unsigned type)
{
   if (code <= 192) {
      sb_printf(sb, "%u", code - RDNA_REG_CONST_ZERO);
   } else if (code <= 208) {
      sb_printf(sb, "-%u", code - 192);
   } else {
      unsigned i = code - RDNA_REG_CONST_HALF;
      if (is_16bit(type) && !vop_type_is_float(type))
         sb_printf(sb, "0x%x", vop_f16_bits[i]);
      else if (type_bits(type) == 64 && code == RDNA_REG_CONST_INV2PI)
         sb_puts(sb, "0.15915494309189532");
      else
         sb_puts(sb, float_names[i]);
   }
}

bool vop_is_inline(unsigned code)
{
   return (code >= RDNA_REG_CONST_ZERO && code <= 208) ||
          (code >= RDNA_REG_CONST_HALF && code <= RDNA_REG_CONST_INV2PI);
}

const char *const vop_interp_params[3] = { "p10", "p20", "p0" };

void vop_print_operand(struct strbuf *sb, const struct rdna_inst *inst, unsigned index)
{
   const struct rdna_operand *o = &inst->operands[index];
   if (o->role == RDNA_ROLE_k) {
      sb_printf(sb, "0x%x", o->value); /* llvm-mc prints the k of fmamk/fmaak in hex */
      return;
   }
   if (o->role == RDNA_ROLE_attr) {
      sb_printf(sb, "attr%u.%c", inst->mod.attr, "xyzw"[inst->mod.attr_chan & 3]);
      return;
   }
   if (o->role == RDNA_ROLE_param) {
      sb_puts(sb, o->value < 3 ? vop_interp_params[o->value] : "p?");
      return;
   }
   /* llvm-mc writes the negation of a constant without abs as neg(c): "-1" would be a number. */
   bool neg_call = (o->mods & (RDNA_MOD_NEG | RDNA_MOD_ABS)) == RDNA_MOD_NEG &&
                   (o->reg == RDNA_REG_LITERAL || vop_is_inline(o->reg));
   if (o->mods & RDNA_MOD_NEG)
      sb_puts(sb, neg_call ? "neg(" : "-");
   if (o->mods & RDNA_MOD_ABS)
      sb_putc(sb, '|');
   if (o->mods & RDNA_MOD_SEXT)
      sb_puts(sb, "sext(");
   struct vop_layout l;
   vop_layout(op_info(inst->op), &l);
   /* In fmamk/madmk (k before src1) llvm-mc prints a literal src0, which shares the k dword, as
    * a 32-bit value; fmaak/madak print it by its type. */
   if (o->reg == RDNA_REG_LITERAL && l.k >= 0 && l.k < l.src[1] && o->role == RDNA_ROLE_src0)
      print_literal32(sb, o->value);
   else if (o->reg == RDNA_REG_LITERAL)
      print_literal(sb, o->value, o->type);
   else if (vop_is_inline(o->reg))
      print_inline(sb, o->reg, o->type);
   else
      print_register(sb, o->reg, o->width);
   if (o->mods & RDNA_MOD_SEXT)
      sb_putc(sb, ')');
   if (o->mods & RDNA_MOD_ABS)
      sb_putc(sb, '|');
   if (neg_call)
      sb_putc(sb, ')');
}

void vop_print_mnemonic_operands(struct strbuf *sb, const struct rdna_inst *inst,
                                 const char *suffix)
{
   sb_puts(sb, op_info(inst->op)->name);
   sb_puts(sb, suffix);
   for (unsigned i = 0; i < inst->num_operands; i++) {
      sb_puts(sb, i ? ", " : " ");
      vop_print_operand(sb, inst, i);
   }
}

/* ---- decoding operands ----------------------------------------------------------------------- */

static void set_operand(struct rdna_operand *o, const struct op_slot *slot, unsigned reg,
                        unsigned width)
{
   o->reg = (uint16_t)reg;
   o->width = (uint8_t)width;
   o->role = slot->role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
}

enum rdna_status vop_decode_source(struct decode_ctx *ctx, const struct op_info *info,
                                   unsigned index, unsigned code, struct rdna_inst *inst)
{
   const struct op_slot *slot = &info->slots[index];
   unsigned width = type_width(slot->type, ctx->config->wave_size);
   /* Lane masks are registers; llvm-mc prints a constant there as "invalid immediate" (rejected
    * here) and a VGPR or src_* register as such. */
   if (slot->type == RDNA_TYPE_mask && (vop_is_inline(code) || code == RDNA_REG_LITERAL))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s %s must be a scalar register, found %u",
                         info->name, role_name(slot->role), code);
   /* An SGPR tuple must end by s105 (decode_register aligns it down first); VCC and EXEC are
    * pairs at most. */
   unsigned align = width == 2 ? 2 : 4;
   if (width > 1 && code < RDNA_REG_VCC_LO && code / align * align + width > RDNA_REG_VCC_LO)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "s[%u:%u] does not exist", code,
                         code + width - 1);
   if (width > 2 && (code == RDNA_REG_VCC_LO || code == RDNA_REG_EXEC_LO))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "no %u-register operand at code %u", width,
                         code);
   if (code == RDNA_REG_LDS_DIRECT && width > 1)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "src_lds_direct is not a %u-bit source",
                         width * 32);
   bool register_only =
      (vop_src0_register_only(inst->op) && slot->role == RDNA_ROLE_src0) ||
      (vop_is_row(inst->op, RDNA_OP_v_mqsad_u32_u8) && slot->role == RDNA_ROLE_src2);
   if (register_only && inst->encoding != RDNA_FMT_SDWA &&
       (vop_is_inline(code) || code == RDNA_REG_LITERAL))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes a register source, found code %u",
                         info->name, code);
   return decode_source(ctx, code, slot, &inst->operands[index]);
}

void vop_decode_vgpr(struct decode_ctx *ctx, const struct op_info *info, unsigned index,
                     unsigned vgpr, struct rdna_inst *inst)
{
   const struct op_slot *slot = &info->slots[index];
   unsigned width = type_width(slot->type, ctx->config->wave_size);
   set_operand(&inst->operands[index], slot, RDNA_REG_VGPR0 + (vgpr & 0xff), width ? width : 1);
}

void vop_implicit_vcc(struct decode_ctx *ctx, const struct op_info *info, unsigned index,
                      struct rdna_inst *inst)
{
   set_operand(&inst->operands[index], &info->slots[index], RDNA_REG_VCC_LO,
               ctx->config->wave_size == 64 ? 2 : 1);
}

enum rdna_status vop_decode_sdst(struct decode_ctx *ctx, const struct op_info *info, unsigned index,
                                 unsigned code, struct rdna_inst *inst)
{
   /* llvm-mc prints constant codes here as "invalid immediate" (rejected here) and the src_*
    * registers by name. */
   if (code > RDNA_REG_EXEC_HI && (vop_is_inline(code) || code == RDNA_REG_LITERAL))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s destination code %u is no register",
                         info->name, code);
   return decode_source(ctx, code, &info->slots[index], &inst->operands[index]);
}

/* VGPR-typed decoding of an 8-bit VGPR number with the slot's width; fails past v255. */
static enum rdna_status decode_vgpr_checked(struct decode_ctx *ctx, const struct op_info *info,
                                            unsigned index, unsigned vgpr, struct rdna_inst *inst)
{
   unsigned width = type_width(info->slots[index].type, ctx->config->wave_size);
   if (vgpr + (width ? width : 1) > 256)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "v%u holds no %u-register operand", vgpr,
                         width);
   vop_decode_vgpr(ctx, info, index, vgpr, inst);
   return RDNA_OK;
}

/* ---- e32 ------------------------------------------------------------------------------------- */

static enum rdna_format e32_format(uint32_t word)
{
   if ((word >> 25) == 0x3f)
      return RDNA_FMT_VOP1;
   if ((word >> 25) == 0x3e)
      return RDNA_FMT_VOPC;
   return RDNA_FMT_VOP2;
}

static unsigned e32_opcode(enum rdna_format format, uint32_t word)
{
   switch (format) {
   case RDNA_FMT_VOP1:
      return (word >> 9) & 0xff;
   case RDNA_FMT_VOPC:
      return (word >> 17) & 0xff;
   default:
      return (word >> 25) & 0x3f;
   }
}

uint32_t vop_e32_word(const struct rdna_isa_config *config, unsigned op)
{
   const struct op_info *info = op_info(op);
   uint32_t opcode = (uint32_t)op_opcode(op, config->target);
   switch (info->format) {
   case RDNA_FMT_VOP1:
      return 0x7e000000u | opcode << 9;
   case RDNA_FMT_VOPC:
      return 0x7c000000u | opcode << 17;
   default:
      return opcode << 25;
   }
}

static enum rdna_status decode_e32(struct decode_ctx *ctx, uint32_t word, unsigned op,
                                   struct rdna_inst *inst)
{
   const struct op_info *info = op_info(op);
   unsigned src0 = word & 0x1ff, vdst = (word >> 17) & 0xff, vsrc1 = (word >> 9) & 0xff;
   inst->encoding = info->format;
   if (info->flags & NO_OPERANDS_E32) {
      /* v_nop and friends: llvm-mc ignores src0 and requires a zero vdst field. */
      if (vdst != 0)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no destination", info->name);
      inst->num_operands = 0;
      return RDNA_OK;
   }
   for (unsigned i = 0; i < info->num_slots; i++) {
      enum rdna_status st = RDNA_OK;
      switch (info->slots[i].role) {
      case RDNA_ROLE_vdst:
         vop_decode_vgpr(ctx, info, i, vdst, inst);
         if (vdst + inst->operands[i].width > 256)
            st = decode_fail(ctx, RDNA_INVALID_ENCODING, "v%u holds no %u-register result", vdst,
                             inst->operands[i].width);
         break;
      case RDNA_ROLE_sdst:
         /* v_readfirstlane_b32 puts its SGPR in the vdst field; VOPC and the carry ops write
          * VCC. */
         if (info->format == RDNA_FMT_VOP1)
            st = vop_decode_sdst(ctx, info, i, vdst, inst);
         else
            vop_implicit_vcc(ctx, info, i, inst);
         break;
      case RDNA_ROLE_src0:
         if (vop_swap_src0(op))
            vop_decode_vgpr(ctx, info, i, src0 & 0xff, inst);
         else
            st = vop_decode_source(ctx, info, i, src0, inst);
         break;
      case RDNA_ROLE_src1:
         st = decode_vgpr_checked(ctx, info, i, vsrc1, inst);
         break;
      case RDNA_ROLE_src2:
         vop_implicit_vcc(ctx, info, i, inst);
         break;
      case RDNA_ROLE_k:
         st = decode_source(ctx, RDNA_REG_LITERAL, &info->slots[i], &inst->operands[i]);
         break;
      default:
         st = decode_fail(ctx, RDNA_INVALID_ENCODING, "row %s has a bad signature", info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   return RDNA_OK;
}

/* ---- VOP3 ------------------------------------------------------------------------------------ */

/* The row a 10-bit VOP3 opcode names: a VOP3-only row, else the VOP3 form of a VOPC (op), VOP2
 * (op - 0x100) or VOP1 (op - 0x180) row that has one. */
static int vop3_row(enum rdna_target target, unsigned opcode)
{
   int op = op_lookup_opcode(target, RDNA_FMT_VOP3, opcode);
   if (op >= 0)
      return op;
   if (opcode < 0x100)
      op = op_lookup_opcode(target, RDNA_FMT_VOPC, opcode);
   else if (opcode < 0x140)
      op = op_lookup_opcode(target, RDNA_FMT_VOP2, opcode - 0x100);
   else if (opcode >= 0x180 && opcode < 0x200)
      op = op_lookup_opcode(target, RDNA_FMT_VOP1, opcode - 0x180);
   if (op >= 0 && (op_info((unsigned)op)->flags & NO_VOP3))
      return -1;
   return op;
}

static unsigned vop3_opcode(const struct op_info *info, enum rdna_target target)
{
   unsigned opcode = (unsigned)info->opcode[target];
   switch (info->format) {
   case RDNA_FMT_VOP2:
      return opcode + 0x100;
   case RDNA_FMT_VOP1:
      return opcode + 0x180;
   default:
      return opcode;
   }
}

bool vop_is_interp_vop3(unsigned op)
{
   return vop_is_row(op, RDNA_OP_v_interp_p1_f32_e64) ||
          vop_is_row(op, RDNA_OP_v_interp_p2_f32_e64) ||
          vop_is_row(op, RDNA_OP_v_interp_mov_f32_e64) || vop_is_interp_f16(op);
}

static enum rdna_status decode_interp_fields(struct decode_ctx *ctx, unsigned op,
                                             const struct vop_layout *l, unsigned src0,
                                             unsigned src1, struct rdna_inst *inst)
{
   const struct op_info *info = op_info(op);
   /* src0 holds the attribute (bits 5..0), its channel (7..6) and, for the f16 steps, "high"
    * (bit 8). The interpolation parameter of v_interp_mov sits in src1. */
   if ((src0 & 0x100) && !vop_is_interp_f16(op))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no high half", info->name);
   if (src0 & 0x100)
      inst->mod.flags |= RDNA_FLAG_HIGH;
   inst->mod.attr = (uint8_t)(src0 & 63);
   inst->mod.attr_chan = (uint8_t)((src0 >> 6) & 3);
   struct rdna_operand *a = &inst->operands[l->attr];
   set_operand(a, &info->slots[l->attr], RDNA_REG_IMM, 0);
   a->value = src0 & 0xff;
   if (l->param >= 0) {
      if (src1 > 2)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "interpolation parameter %u", src1);
      struct rdna_operand *p = &inst->operands[l->param];
      set_operand(p, &info->slots[l->param], RDNA_REG_IMM, 0);
      p->value = src1;
   }
   return RDNA_OK;
}

static enum rdna_status decode_vop3(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   unsigned opcode = (word >> 16) & 0x3ff;
   int row = vop3_row(ctx->config->target, opcode);
   if (row < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "VOP3 opcode 0x%x does not exist on %s", opcode,
                         rdna_target_name(ctx->config->target));
   unsigned op = (unsigned)row;
   const struct op_info *info = op_info(op);
   struct vop3_profile p;
   struct vop_layout l;
   vop3_profile(op, info, &p);
   vop_layout(info, &l);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_VOP3;

   unsigned vdst = word & 0xff, abs = (word >> 8) & 7, opsel = (word >> 11) & 15;
   unsigned clamp = (word >> 15) & 1, omod = (word1 >> 27) & 3, neg = (word1 >> 29) & 7;
   unsigned src[3] = { word1 & 0x1ff, (word1 >> 9) & 0x1ff, (word1 >> 18) & 0x1ff };
   bool interp = vop_is_interp_vop3(op);

   /* Fields the row does not use are fixed at zero in llvm-mc's encoding tables. */
   /* v_readlane_b32 ignores its src2 field. */
   if (vop_is_row(op, RDNA_OP_v_readlane_b32))
      src[2] = 0;
   for (unsigned i = 0; i < 3; i++) {
      bool used = l.src[i] >= 0 || (interp && (i == 0 || (i == 1 && l.param >= 0)));
      if (!used && src[i] != 0)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no src%u", info->name, i);
   }
   if (!p.vop3b) {
      for (unsigned i = 0; i < 3; i++) {
         if ((abs >> i & 1) && p.mods[i] == VOP_MODS_NONE)
            return decode_fail(ctx, RDNA_INVALID_ENCODING, "src%u of %s takes no abs", i,
                               info->name);
      }
      if (opsel & ~p.opsel_mask & 15 && (info->flags & OP_SEL) &&
          !vop_is_row(op, RDNA_OP_v_permlane16_b32) && !vop_is_row(op, RDNA_OP_v_permlanex16_b32))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "op_sel 0x%x is not valid for %s", opsel,
                            info->name);
      inst->mod.op_sel = (uint8_t)(opsel & p.opsel_mask);
   }
   for (unsigned i = 0; i < 3; i++)
      if ((neg >> i & 1) && p.mods[i] == VOP_MODS_NONE)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "src%u of %s takes no neg", i, info->name);
   if (clamp && !p.clamp)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no clamp", info->name);
   if (omod && !p.omod)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s has no omod", info->name);
   if (clamp)
      inst->mod.flags |= RDNA_FLAG_CLAMP;
   inst->mod.omod = (uint8_t)omod;
   if (info->num_slots == 0 && vdst != 0)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no destination", info->name);

   for (unsigned i = 0; i < info->num_slots; i++) {
      struct rdna_operand *o = &inst->operands[i];
      switch (info->slots[i].role) {
      case RDNA_ROLE_vdst:
         st = decode_vgpr_checked(ctx, info, i, vdst, inst);
         break;
      case RDNA_ROLE_sdst:
         st = vop_decode_sdst(ctx, info, i, p.vop3b ? (word >> 8) & 0x7f : vdst, inst);
         break;
      case RDNA_ROLE_src0:
      case RDNA_ROLE_src1:
      case RDNA_ROLE_src2: {
         unsigned n = info->slots[i].role - RDNA_ROLE_src0;
         unsigned code = src[n];
         if (interp && (vop_is_inline(code) || code == RDNA_REG_LITERAL))
            /* llvm-mc prints constants here as "invalid immediate" and takes no literal. */
            st = decode_fail(ctx, RDNA_INVALID_ENCODING, "%s src%u must be a register", info->name,
                             n);
         else
            st = vop_decode_source(ctx, info, i, code, inst);
         if (st != RDNA_OK)
            break;
         if (p.mods[n] == VOP_MODS_FLOAT) {
            o->mods |= (uint8_t)((abs >> n & 1) && !p.vop3b ? RDNA_MOD_ABS : 0);
            o->mods |= (uint8_t)((neg >> n & 1) ? RDNA_MOD_NEG : 0);
         } else if (p.mods[n] == VOP_MODS_INT && (neg >> n & 1)) {
            o->mods |= RDNA_MOD_SEXT;
         }
         break;
      }
      case RDNA_ROLE_attr:
      case RDNA_ROLE_param:
         break; /* below */
      default:
         st = decode_fail(ctx, RDNA_INVALID_ENCODING, "row %s has a bad signature", info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   if (interp) {
      st = decode_interp_fields(ctx, op, &l, src[0], src[1], inst);
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   return RDNA_OK;
}

/* ---- decode entry ---------------------------------------------------------------------------- */

/* v_nop and v_pipeflush have DPP16, DPP8 and SDWA forms only with the fields they lack zero:
 * vdst, the src0 byte, the DPP16 neg/abs bits, the SDWA dword but for dst_sel, dst_unused and
 * bits 22 and 30, which llvm-mc ignores. Otherwise it decodes the four-byte e32 form (and the
 * next dword as another instruction). */
static bool operandless_form(const struct decode_ctx *ctx, uint32_t word, unsigned marker)
{
   if (ctx->size < 8 || ((word >> 17) & 0xff) != 0)
      return false;
   const uint8_t *p = ctx->bytes + 4;
   uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
   if (marker == VOP_SRC_SDWA)
      return (w & ~0x40401f00u) == 0;
   if (marker == VOP_SRC_DPP16)
      return (w & 0x00f000ffu) == 0;
   return (w & 0xffu) == 0;
}

enum rdna_status decode_vop(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   if ((word >> 26) == 0x35)
      return decode_vop3(ctx, word, inst);
   enum rdna_format format = e32_format(word);
   unsigned opcode = e32_opcode(format, word);
   int row = op_lookup_opcode(ctx->config->target, format, opcode);
   if (row < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "%s opcode 0x%x does not exist on %s",
                         rdna_encoding_name(format), opcode, rdna_target_name(ctx->config->target));
   unsigned op = (unsigned)row;
   const struct op_info *info = op_info(op);
   inst->op = (uint16_t)op;
   /* The src0 markers select the DPP and SDWA forms where the row has them; elsewhere llvm-mc
    * decodes the e32 form, where a marker is no valid source (v_swap_b32 reads it as a VGPR). */
   unsigned src0 = word & 0x1ff;
   bool dpp = src0 == VOP_SRC_DPP16 || src0 == VOP_SRC_DPP8 || src0 == VOP_SRC_DPP8_FI;
   bool sdwa = src0 == VOP_SRC_SDWA;
   if ((info->flags & NO_OPERANDS_E32) && (dpp || sdwa) && !operandless_form(ctx, word, src0))
      return decode_e32(ctx, word, op, inst);
   if (!(info->flags & NO_DPP) && dpp)
      return vop_decode_dpp(ctx, word, op, inst);
   if (!(info->flags & NO_SDWA) && sdwa)
      return vop_decode_sdwa(ctx, word, op, inst);
   return decode_e32(ctx, word, op, inst);
}

/* ---- encoding helpers ------------------------------------------------------------------------ */

enum rdna_status vop_encode_vgpr(struct encode_ctx *ctx, const struct rdna_inst *inst, int index,
                                 unsigned *vgpr)
{
   if (index < 0 || (unsigned)index >= inst->num_operands)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s lacks an operand", op_info(inst->op)->name);
   const struct rdna_operand *o = &inst->operands[index];
   if (o->reg < RDNA_REG_VGPR0 || o->reg >= RDNA_REG_IMM)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s of %s must be a VGPR", role_name(o->role),
                         op_info(inst->op)->name);
   *vgpr = o->reg - RDNA_REG_VGPR0;
   return RDNA_OK;
}

enum rdna_status vop_encode_vcc(struct encode_ctx *ctx, const struct rdna_inst *inst, int index)
{
   if (index < 0)
      return RDNA_OK;
   const struct rdna_operand *o = &inst->operands[index];
   if (o->reg != RDNA_REG_VCC_LO)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s of %s must be VCC in this encoding",
                         role_name(o->role), op_info(inst->op)->name);
   return RDNA_OK;
}

enum rdna_status vop_encode_sdst(struct encode_ctx *ctx, const struct rdna_inst *inst, int index,
                                 unsigned *code)
{
   const struct rdna_operand *o = &inst->operands[index];
   if (o->reg >= RDNA_REG_VGPR0 || vop_is_inline(o->reg) || o->reg == RDNA_REG_LITERAL ||
       (o->reg > RDNA_REG_EXEC_HI && o->reg < RDNA_REG_SHARED_BASE))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s of %s must be a scalar register",
                         role_name(o->role), op_info(inst->op)->name);
   *code = o->reg;
   return RDNA_OK;
}

enum rdna_status vop_check_mods(struct encode_ctx *ctx, const struct rdna_inst *inst, int index,
                                unsigned allowed)
{
   if (index < 0)
      return RDNA_OK;
   const struct rdna_operand *o = &inst->operands[index];
   if (o->mods & ~allowed)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s of %s takes no such modifier",
                         role_name(o->role), op_info(inst->op)->name);
   return RDNA_OK;
}

static unsigned allowed_mods(uint8_t mods)
{
   switch (mods) {
   case VOP_MODS_FLOAT:
      return RDNA_MOD_NEG | RDNA_MOD_ABS;
   case VOP_MODS_INT:
      return RDNA_MOD_SEXT;
   default:
      return 0;
   }
}

/* ---- encoding: e32 --------------------------------------------------------------------------- */

static enum rdna_status encode_e32(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   unsigned op = inst->op;
   const struct op_info *info = op_info(op);
   struct vop_layout l;
   vop_layout(info, &l);
   uint32_t word = vop_e32_word(ctx->config, op);
   enum rdna_status st;
   if (inst->num_operands != info->num_slots)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes %u operands", info->name,
                         info->num_slots);
   if (inst->mod.flags & RDNA_FLAG_CLAMP || inst->mod.omod || inst->mod.op_sel)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s_e32 takes no clamp, omod or op_sel",
                         info->name);
   for (unsigned i = 0; i < inst->num_operands; i++)
      if (inst->operands[i].mods)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s_e32 takes no operand modifiers",
                            info->name);
   unsigned vgpr, code;
   if (l.vdst >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.vdst, &vgpr)) != RDNA_OK)
         return st;
      word |= vgpr << 17;
   }
   if (l.sdst >= 0) {
      if (info->format == RDNA_FMT_VOP1) {
         if ((st = vop_encode_sdst(ctx, inst, l.sdst, &code)) != RDNA_OK)
            return st;
         word |= code << 17;
      } else if ((st = vop_encode_vcc(ctx, inst, l.sdst)) != RDNA_OK) {
         return st;
      }
   }
   if (l.src[0] >= 0) {
      if (vop_swap_src0(op)) {
         if ((st = vop_encode_vgpr(ctx, inst, l.src[0], &vgpr)) != RDNA_OK)
            return st;
         code = RDNA_REG_VGPR0 + vgpr;
      } else if ((st = encode_source(ctx, &inst->operands[l.src[0]], &code)) != RDNA_OK) {
         return st;
      }
      word |= code;
   }
   if (l.src[1] >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.src[1], &vgpr)) != RDNA_OK)
         return st;
      word |= vgpr << 9;
   }
   if ((st = vop_encode_vcc(ctx, inst, l.src[2])) != RDNA_OK)
      return st;
   if (l.k >= 0 && (st = encode_source(ctx, &inst->operands[l.k], &code)) != RDNA_OK)
      return st;
   ctx->words[0] = word;
   ctx->num_words = 1;
   return RDNA_OK;
}

/* ---- encoding: VOP3 -------------------------------------------------------------------------- */

static enum rdna_status encode_vop3(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   unsigned op = inst->op;
   const struct op_info *info = op_info(op);
   if (info->format != RDNA_FMT_VOP3 && (info->flags & NO_VOP3))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no VOP3 form", info->name);
   if (inst->num_operands != info->num_slots)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes %u operands", info->name,
                         info->num_slots);
   struct vop3_profile p;
   struct vop_layout l;
   vop3_profile(op, info, &p);
   vop_layout(info, &l);
   enum rdna_status st;
   uint32_t word = 0xd4000000u | vop3_opcode(info, ctx->config->target) << 16, word1 = 0;
   unsigned code, vgpr;

   if ((inst->mod.flags & RDNA_FLAG_CLAMP) && !p.clamp)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no clamp", info->name);
   if (inst->mod.omod && !p.omod)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no omod", info->name);
   if (inst->mod.omod > 3 || (inst->mod.op_sel & ~p.opsel_mask))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "op_sel 0x%x or omod %u is not valid for %s",
                         inst->mod.op_sel, inst->mod.omod, info->name);
   if ((inst->mod.flags & RDNA_FLAG_HIGH) && !vop_is_interp_f16(op))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no high half", info->name);
   if (inst->mod.flags & RDNA_FLAG_CLAMP)
      word |= 1u << 15;
   word |= (uint32_t)inst->mod.op_sel << 11;
   word1 |= (uint32_t)inst->mod.omod << 27;

   if (l.vdst >= 0) {
      if ((st = vop_encode_vgpr(ctx, inst, l.vdst, &vgpr)) != RDNA_OK)
         return st;
      word |= vgpr;
   }
   if (l.sdst >= 0) {
      if ((st = vop_encode_sdst(ctx, inst, l.sdst, &code)) != RDNA_OK)
         return st;
      word |= p.vop3b ? code << 8 : code;
   }
   for (unsigned n = 0; n < 3; n++) {
      if (l.src[n] < 0)
         continue;
      const struct rdna_operand *o = &inst->operands[l.src[n]];
      if ((st = vop_check_mods(ctx, inst, l.src[n], allowed_mods(p.mods[n]))) != RDNA_OK)
         return st;
      if ((st = encode_source(ctx, o, &code)) != RDNA_OK)
         return st;
      word1 |= code << (9 * n);
      if (o->mods & RDNA_MOD_ABS)
         word |= 1u << (8 + n);
      if (o->mods & (RDNA_MOD_NEG | RDNA_MOD_SEXT))
         word1 |= 1u << (29 + n);
   }
   if (l.attr >= 0) {
      unsigned attr = (unsigned)inst->mod.attr & 63, chan = (unsigned)inst->mod.attr_chan & 3;
      word1 |= attr | chan << 6 | ((inst->mod.flags & RDNA_FLAG_HIGH) ? 0x100u : 0);
   }
   if (l.param >= 0) {
      unsigned param = inst->operands[l.param].value;
      if (param > 2)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "interpolation parameter %u", param);
      word1 |= param << 9;
   }
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   return RDNA_OK;
}

enum rdna_status encode_vop(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   bool native = info->format == RDNA_FMT_VOP1 || info->format == RDNA_FMT_VOP2 ||
                 info->format == RDNA_FMT_VOPC;
   if (!native && info->format != RDNA_FMT_VOP3)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s is no vector ALU row", info->name);
   switch (inst->encoding) {
   case RDNA_FMT_VOP3:
      return encode_vop3(ctx, inst);
   case RDNA_FMT_VOP1:
   case RDNA_FMT_VOP2:
   case RDNA_FMT_VOPC:
      if (inst->encoding != info->format)
         break;
      return encode_e32(ctx, inst);
   case RDNA_FMT_DPP16:
   case RDNA_FMT_DPP8:
      if (!native || (info->flags & NO_DPP))
         break;
      return vop_encode_dpp(ctx, inst, vop_e32_word(ctx->config, inst->op));
   case RDNA_FMT_SDWA:
      if (!native || (info->flags & NO_SDWA))
         break;
      return vop_encode_sdwa(ctx, inst, vop_e32_word(ctx->config, inst->op));
   default:
      break;
   }
   return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has no %s form", info->name,
                      rdna_encoding_name(inst->encoding));
}

/* ---- printing -------------------------------------------------------------------------------- */

static void print_vop3(struct strbuf *sb, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   struct vop3_profile p;
   vop3_profile(inst->op, info, &p);
   const char *suffix =
      info->format != RDNA_FMT_VOP3 && !(info->flags & E64_ONLY_TEXT) ? "_e64" : "";
   vop_print_mnemonic_operands(sb, inst, suffix);
   if (inst->mod.flags & RDNA_FLAG_HIGH)
      sb_puts(sb, " high");
   if (inst->mod.op_sel & p.opsel_mask) {
      sb_puts(sb, " op_sel:[");
      unsigned printed = 0;
      for (unsigned bit = 0; bit < 4; bit++) {
         if (!(p.opsel_mask >> bit & 1))
            continue;
         sb_printf(sb, "%s%u", printed++ ? "," : "", inst->mod.op_sel >> bit & 1);
      }
      sb_putc(sb, ']');
   }
   if (inst->mod.flags & RDNA_FLAG_CLAMP)
      sb_puts(sb, " clamp");
   static const char *const omod_text[4] = { "", " mul:2", " mul:4", " div:2" };
   sb_puts(sb, omod_text[inst->mod.omod & 3]);
}

void print_vop(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst)
{
   (void)config;
   const struct op_info *info = op_info(inst->op);
   switch (inst->encoding) {
   case RDNA_FMT_VOP3:
      print_vop3(sb, inst);
      break;
   case RDNA_FMT_DPP16:
   case RDNA_FMT_DPP8:
      vop_print_dpp(sb, inst);
      break;
   case RDNA_FMT_SDWA:
      vop_print_sdwa(sb, inst);
      break;
   default:
      vop_print_mnemonic_operands(
         sb, inst, vop_has_other_forms(info) && !(info->flags & NO_OPERANDS_E32) ? "_e32" : "");
      break;
   }
}
