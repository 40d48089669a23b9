/* Scalar ALU encodings SOP1, SOP2, SOPK, SOPC and SOPP: decode, encode, print and build, with
 * the symbolic 16-bit immediates llvm-mc uses: hwreg(), sendmsg(), s_waitcnt counters. */
#include <string.h>

#include "isa_internal.h"

/* ---- symbolic immediates ------------------------------------------------------------------ */

/* Hardware registers of s_getreg/s_setreg (RDNA2 ISA guide, "Hardware Registers"); targets is
 * a bit mask of enum rdna_target. */
static const struct {
   unsigned id;
   const char *name;
   unsigned targets;
} hwreg_names[] = {
   { 1, "HW_REG_MODE", 3 },          { 2, "HW_REG_STATUS", 3 },
   { 3, "HW_REG_TRAPSTS", 3 },       { 5, "HW_REG_GPR_ALLOC", 3 },
   { 6, "HW_REG_LDS_ALLOC", 3 },     { 7, "HW_REG_IB_STS", 3 },
   { 15, "HW_REG_SH_MEM_BASES", 3 }, { 16, "HW_REG_TBA_LO", 3 },
   { 17, "HW_REG_TBA_HI", 3 },       { 18, "HW_REG_TMA_LO", 3 },
   { 19, "HW_REG_TMA_HI", 3 },       { 20, "HW_REG_FLAT_SCR_LO", 3 },
   { 21, "HW_REG_FLAT_SCR_HI", 3 },  { 22, "HW_REG_XNACK_MASK", 1 },
   { 23, "HW_REG_HW_ID1", 3 },       { 24, "HW_REG_HW_ID2", 3 },
   { 25, "HW_REG_POPS_PACKER", 3 },  { 29, "HW_REG_SHADER_CYCLES", 2 },
};

static const char *hwreg_name(unsigned id, enum rdna_target target)
{
   for (size_t i = 0; i < sizeof(hwreg_names) / sizeof(hwreg_names[0]); i++)
      if (hwreg_names[i].id == id && hwreg_names[i].targets & (1u << target))
         return hwreg_names[i].name;
   return NULL;
}

/* simm16 = id[5:0] | offset[10:6] | (size-1)[15:11] */
static void print_hwreg(struct strbuf *sb, uint32_t imm, enum rdna_target target)
{
   unsigned id = imm & 63, offset = (imm >> 6) & 31, size = ((imm >> 11) & 31) + 1;
   const char *name = hwreg_name(id, target);
   sb_puts(sb, "hwreg(");
   if (name)
      sb_puts(sb, name);
   else
      sb_printf(sb, "%u", id);
   if (offset != 0 || size != 32)
      sb_printf(sb, ", %u, %u", offset, size);
   sb_putc(sb, ')');
}

/* s_sendmsg: id[3:0] | op[6:4] | stream[9:8]. Message and operation names as llvm-mc prints
 * them for GFX10; ids 8 (EARLY_PRIM_DEALLOC) and 12-14 have no GFX10 name. */
enum {
   MSG_GS = 2,
   MSG_GS_DONE = 3,
   MSG_SYSMSG = 15
};

static const char *const message_names[16] = {
   [1] = "MSG_INTERRUPT",       [2] = "MSG_GS",
   [3] = "MSG_GS_DONE",         [4] = "MSG_SAVEWAVE",
   [5] = "MSG_STALL_WAVE_GEN",  [6] = "MSG_HALT_WAVES",
   [7] = "MSG_ORDERED_PS_DONE", [9] = "MSG_GS_ALLOC_REQ",
   [10] = "MSG_GET_DOORBELL",   [11] = "MSG_GET_DDID",
   [15] = "MSG_SYSMSG",
};

static const char *const gs_op_names[4] = { "GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT",
                                            "GS_OP_EMIT_CUT" };
static const char *const sysmsg_op_names[5] = { NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT",
                                                "SYSMSG_OP_REG_RD", "SYSMSG_OP_HOST_TRAP_ACK",
                                                "SYSMSG_OP_TTRACE_PC" };

static const char *message_op_name(unsigned id, unsigned op)
{
   if (id == MSG_GS && op >= 1 && op <= 3)
      return gs_op_names[op];
   if (id == MSG_GS_DONE && op <= 3)
      return gs_op_names[op];
   if (id == MSG_SYSMSG && op >= 1 && op <= 4)
      return sysmsg_op_names[op];
   return NULL;
}

static bool message_valid(unsigned id, unsigned op, unsigned stream)
{
   if (!message_names[id])
      return false;
   if (id == MSG_GS || id == MSG_GS_DONE || id == MSG_SYSMSG) {
      if (!message_op_name(id, op))
         return false;
      bool has_stream = id != MSG_SYSMSG && op != 0;
      return has_stream || stream == 0;
   }
   return op == 0 && stream == 0;
}

static void print_sendmsg(struct strbuf *sb, uint32_t imm)
{
   unsigned id = imm & 15, op = (imm >> 4) & 7, stream = (imm >> 8) & 3;
   if (message_valid(id, op, stream)) {
      sb_printf(sb, "sendmsg(%s", message_names[id]);
      if (id == MSG_GS || id == MSG_GS_DONE || id == MSG_SYSMSG) {
         sb_printf(sb, ", %s", message_op_name(id, op));
         if (id != MSG_SYSMSG && op != 0)
            sb_printf(sb, ", %u", stream);
      }
      sb_putc(sb, ')');
   } else if ((imm & ~0x37fu) == 0) {
      sb_printf(sb, "sendmsg(%u, %u, %u)", id, op, stream);
   } else {
      sb_printf(sb, "%u", imm);
   }
}

/* s_waitcnt on GFX10: vmcnt = [3:0] | [15:14] << 4, expcnt [6:4], lgkmcnt [13:8]. llvm-mc
 * omits a counter at its maximum (no wait) unless all three are. */
static void print_waitcnt(struct strbuf *sb, uint32_t imm)
{
   unsigned vm = (imm & 15) | ((imm >> 14) & 3) << 4, exp = (imm >> 4) & 7, lgkm = (imm >> 8) & 63;
   bool all = vm == 63 && exp == 7 && lgkm == 63;
   const char *sep = "";
   if (vm != 63 || all) {
      sb_printf(sb, "vmcnt(%u)", vm);
      sep = " ";
   }
   if (exp != 7 || all) {
      sb_printf(sb, "%sexpcnt(%u)", sep, exp);
      sep = " ";
   }
   if (lgkm != 63 || all)
      sb_printf(sb, "%slgkmcnt(%u)", sep, lgkm);
}

/* ---- decoding ----------------------------------------------------------------------------- */

static enum rdna_format sop_format(uint32_t word)
{
   switch (word >> 23) {
   case 0x17d:
      return RDNA_FMT_SOP1;
   case 0x17e:
      return RDNA_FMT_SOPC;
   case 0x17f:
      return RDNA_FMT_SOPP;
   default:
      return (word >> 28) == 0xb ? RDNA_FMT_SOPK : RDNA_FMT_SOP2;
   }
}

static unsigned sop_opcode(enum rdna_format format, uint32_t word)
{
   switch (format) {
   case RDNA_FMT_SOP1:
      return (word >> 8) & 0xff;
   case RDNA_FMT_SOPC:
   case RDNA_FMT_SOPP:
      return (word >> 16) & 0x7f;
   case RDNA_FMT_SOPK:
      return (word >> 23) & 0x1f;
   default:
      return (word >> 23) & 0x7f;
   }
}

enum rdna_status decode_sop(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   enum rdna_format format = sop_format(word);
   unsigned opcode = sop_opcode(format, word);
   int op = op_lookup_opcode(ctx->config->target, format, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "%s opcode 0x%x does not exist on %s",
                         rdna_encoding_name(format), opcode, rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = (uint8_t)format;
   uint32_t simm16 = word & 0xffff;
   if (info->num_slots == 0 && simm16 != 0)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no immediate", info->name);
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *slot = &info->slots[i];
      struct rdna_operand *o = &inst->operands[i];
      enum rdna_status st = RDNA_OK;
      switch (slot->role) {
      case RDNA_ROLE_sdst:
         st = decode_source(ctx, (word >> 16) & 0x7f, slot, o);
         break;
      case RDNA_ROLE_ssrc0:
         st = decode_source(ctx, word & 0xff, slot, o);
         break;
      case RDNA_ROLE_ssrc1:
         st = decode_source(ctx, (word >> 8) & 0xff, slot, o);
         break;
      case RDNA_ROLE_simm16:
         decode_immediate(simm16, slot, o);
         break;
      case RDNA_ROLE_simm32:
         st = decode_source(ctx, RDNA_REG_LITERAL, slot, o);
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

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_sop(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   enum rdna_format format = (enum rdna_format)inst->encoding;
   if (info->format != format)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a %s instruction", info->name,
                         rdna_encoding_name(format));
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t word;
   switch (format) {
   case RDNA_FMT_SOP1:
      word = 0xbe800000u | opcode << 8;
      break;
   case RDNA_FMT_SOPC:
      word = 0xbf000000u | opcode << 16;
      break;
   case RDNA_FMT_SOPP:
      word = 0xbf800000u | opcode << 16;
      break;
   case RDNA_FMT_SOPK:
      word = 0xb0000000u | opcode << 23;
      break;
   default:
      word = 0x80000000u | opcode << 23;
      break;
   }
   for (unsigned i = 0; i < inst->num_operands && i < info->num_slots; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      unsigned code = 0;
      enum rdna_status st = RDNA_OK;
      switch (info->slots[i].role) {
      case RDNA_ROLE_sdst:
         st = encode_source(ctx, o, &code);
         word |= (uint32_t)(code & 0x7f) << 16;
         break;
      case RDNA_ROLE_ssrc0:
         st = encode_source(ctx, o, &code);
         word |= code & 0xff;
         break;
      case RDNA_ROLE_ssrc1:
         st = encode_source(ctx, o, &code);
         word |= (uint32_t)(code & 0xff) << 8;
         break;
      case RDNA_ROLE_simm16:
         word |= o->value & 0xffff;
         break;
      case RDNA_ROLE_simm32:
         st = encode_source(ctx, o, &code);
         break;
      default:
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   ctx->words[0] = word;
   ctx->num_words = 1;
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

static void print_simm16(struct strbuf *sb, const struct rdna_isa_config *config,
                         const struct rdna_operand *o)
{
   uint32_t v = o->value & 0xffff;
   switch (o->type) {
   case RDNA_TYPE_imm16:
      sb_printf(sb, "0x%x", v);
      break;
   case RDNA_TYPE_hwreg:
      print_hwreg(sb, v, config->target);
      break;
   case RDNA_TYPE_sendmsg:
      print_sendmsg(sb, v);
      break;
   case RDNA_TYPE_waitcnt:
      print_waitcnt(sb, v);
      break;
   case RDNA_TYPE_uimm16:
      sb_printf(sb, v <= 64 ? "%u" : "0x%x", v);
      break;
   default: /* dec16, label: llvm-mc prints the raw field unsigned */
      sb_printf(sb, "%u", v);
      break;
   }
}

void print_sop(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   sb_puts(sb, info->name);
   /* s_endpgm's immediate is optional and printed only when set. */
   if (inst->op == RDNA_OP_s_endpgm && inst->num_operands == 1 && inst->operands[0].value == 0)
      return;
   for (unsigned i = 0; i < inst->num_operands; i++) {
      sb_puts(sb, i ? ", " : " ");
      const struct rdna_operand *o = &inst->operands[i];
      if (o->role == RDNA_ROLE_simm16)
         print_simm16(sb, config, o);
      else
         print_operand(sb, config, inst, i);
   }
}

/* ---- building ----------------------------------------------------------------------------- */

static bool names_equal(const char *a, const char *b)
{
   return strcmp(a, b) == 0;
}

static enum rdna_status build_hwreg(struct build_ctx *b, const struct parsed_operand *p,
                                    uint32_t *value)
{
   if (p->kind == PARSED_INT) {
      if (p->ival < 0 || p->ival > 0xffff)
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "hwreg value must be 16 bits");
      *value = (uint32_t)p->ival;
      return RDNA_OK;
   }
   if (p->kind != PARSED_CALL || p->num_calls != 1 || !names_equal(p->calls[0].name, "hwreg"))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected hwreg(register[, offset, size])");
   const struct parsed_call *c = &p->calls[0];
   if (c->num_args != 1 && c->num_args != 3)
      return build_fail(b, c->column, RDNA_SYNTAX, "hwreg() takes 1 or 3 arguments, found %u",
                        c->num_args);
   int64_t id = -1;
   if (c->args[0].is_name) {
      for (size_t i = 0; i < sizeof(hwreg_names) / sizeof(hwreg_names[0]); i++)
         if (names_equal(hwreg_names[i].name, c->args[0].name) &&
             hwreg_names[i].targets & (1u << b->config->target))
            id = hwreg_names[i].id;
      if (id < 0)
         return build_fail(b, c->column, RDNA_INVALID_OPERAND,
                           "'%s' is not a hardware register of %s", c->args[0].name,
                           rdna_target_name(b->config->target));
   } else {
      id = c->args[0].ival;
      if (id < 0 || id > 63)
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE, "hwreg id must be in [0, 63]");
   }
   int64_t offset = 0, size = 32;
   if (c->num_args == 3) {
      if (c->args[1].is_name || c->args[2].is_name)
         return build_fail(b, c->column, RDNA_SYNTAX, "hwreg offset and size are integers");
      offset = c->args[1].ival;
      size = c->args[2].ival;
      if (offset < 0 || offset > 31)
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE, "hwreg offset must be in [0, 31]");
      if (size < 1 || size > 32)
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE, "hwreg size must be in [1, 32]");
   }
   *value = (uint32_t)(id | offset << 6 | (size - 1) << 11);
   return RDNA_OK;
}

static int lookup_name(const char *const *names, unsigned count, const char *name)
{
   for (unsigned i = 0; i < count; i++)
      if (names[i] && names_equal(names[i], name))
         return (int)i;
   return -1;
}

static enum rdna_status build_sendmsg(struct build_ctx *b, const struct parsed_operand *p,
                                      uint32_t *value)
{
   if (p->kind == PARSED_INT) {
      if (p->ival < 0 || p->ival > 0xffff)
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "sendmsg value must be 16 bits");
      *value = (uint32_t)p->ival;
      return RDNA_OK;
   }
   if (p->kind != PARSED_CALL || p->num_calls != 1 || !names_equal(p->calls[0].name, "sendmsg"))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected sendmsg(message[, operation[, stream]])");
   const struct parsed_call *c = &p->calls[0];
   if (c->num_args < 1 || c->num_args > 3)
      return build_fail(b, c->column, RDNA_SYNTAX, "sendmsg() takes 1 to 3 arguments");
   int64_t id, op = 0, stream = 0;
   if (c->args[0].is_name) {
      id = lookup_name(message_names, 16, c->args[0].name);
      if (id < 0)
         return build_fail(b, c->column, RDNA_INVALID_OPERAND, "unknown message '%s'",
                           c->args[0].name);
   } else {
      id = c->args[0].ival;
   }
   if (c->num_args >= 2) {
      if (c->args[1].is_name) {
         op = lookup_name(id == MSG_SYSMSG ? sysmsg_op_names : gs_op_names,
                          id == MSG_SYSMSG ? 5 : 4, c->args[1].name);
         if (op < 0 || !message_op_name((unsigned)id, (unsigned)op))
            return build_fail(b, c->column, RDNA_INVALID_OPERAND,
                              "'%s' is not an operation of this message", c->args[1].name);
      } else {
         op = c->args[1].ival;
      }
   }
   if (c->num_args == 3) {
      if (c->args[2].is_name)
         return build_fail(b, c->column, RDNA_SYNTAX, "the stream id is an integer");
      stream = c->args[2].ival;
   }
   if (id < 0 || id > 15 || op < 0 || op > 7 || stream < 0 || stream > 3)
      return build_fail(b, c->column, RDNA_OUT_OF_RANGE,
                        "sendmsg fields out of range (message 0-15, operation 0-7, stream 0-3)");
   *value = (uint32_t)(id | op << 4 | stream << 8);
   return RDNA_OK;
}

static enum rdna_status build_waitcnt(struct build_ctx *b, const struct parsed_operand *p,
                                      uint32_t *value)
{
   if (p->kind == PARSED_INT) {
      if (p->ival < 0 || p->ival > 0xffff)
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "s_waitcnt value must be 16 bits");
      *value = (uint32_t)p->ival;
      return RDNA_OK;
   }
   if (p->kind != PARSED_CALL)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected vmcnt(n), expcnt(n) or lgkmcnt(n)");
   unsigned vm = 63, exp = 7, lgkm = 63;
   for (unsigned i = 0; i < p->num_calls; i++) {
      const struct parsed_call *c = &p->calls[i];
      if (c->num_args != 1 || c->args[0].is_name)
         return build_fail(b, c->column, RDNA_SYNTAX, "%s() takes one integer", c->name);
      int64_t n = c->args[0].ival;
      unsigned max;
      unsigned *field;
      if (names_equal(c->name, "vmcnt")) {
         max = 63;
         field = &vm;
      } else if (names_equal(c->name, "expcnt")) {
         max = 7;
         field = &exp;
      } else if (names_equal(c->name, "lgkmcnt")) {
         max = 63;
         field = &lgkm;
      } else {
         return build_fail(b, c->column, RDNA_INVALID_OPERAND,
                           "expected vmcnt, expcnt or lgkmcnt, found '%s'", c->name);
      }
      if (n < 0 || n > max)
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE, "%s(%lld) is out of range [0, %u]",
                           c->name, (long long)n, max);
      *field = (unsigned)n;
   }
   *value = (vm & 15) | (exp << 4) | (lgkm << 8) | (vm >> 4) << 14;
   return RDNA_OK;
}

static enum rdna_status build_label(struct build_ctx *b, const struct parsed_operand *p,
                                    uint32_t *value)
{
   if (p->kind == PARSED_INT) {
      if (p->ival < -32768 || p->ival > 0xffff)
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "branch offset must be 16 bits");
      *value = (uint16_t)p->ival;
      return RDNA_OK;
   }
   if (p->kind != PARSED_NAME)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected a label or an offset");
   uint32_t target;
   if (!b->labels || !b->labels->lookup(b->labels->user, p->name, &target))
      return build_fail(b, p->column, RDNA_UNDEFINED_LABEL, "undefined label '%s'", p->name);
   int64_t delta = ((int64_t)target - (int64_t)b->labels->pc - 4) / 4;
   if (delta < -32768 || delta > 32767)
      return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "label '%s' is too far for a branch",
                        p->name);
   *value = (uint16_t)delta;
   return RDNA_OK;
}

static enum rdna_status build_simm16(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   struct rdna_operand *o = &b->inst->operands[index];
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   uint32_t value = 0;
   enum rdna_status st;
   o->reg = RDNA_REG_IMM;
   o->role = slot->role;
   o->type = slot->type;
   if (p->mods)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "an immediate takes no modifiers");
   switch (slot->type) {
   case RDNA_TYPE_hwreg:
      st = build_hwreg(b, p, &value);
      break;
   case RDNA_TYPE_sendmsg:
      st = build_sendmsg(b, p, &value);
      break;
   case RDNA_TYPE_waitcnt:
      st = build_waitcnt(b, p, &value);
      break;
   case RDNA_TYPE_label:
      st = build_label(b, p, &value);
      break;
   default:
      if (p->kind != PARSED_INT)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected an integer");
      if (p->ival < -32768 || p->ival > 0xffff)
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE, "%lld does not fit a 16-bit immediate",
                           (long long)p->ival);
      value = (uint16_t)p->ival;
      st = RDNA_OK;
      break;
   }
   o->value = value;
   return st;
}

enum rdna_status build_sop(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   inst->encoding = info->format;
   unsigned count = info->num_slots;
   /* s_endpgm's immediate may be left out. */
   if (b->op == RDNA_OP_s_endpgm && b->stmt->num_operands == 0) {
      decode_immediate(0, &info->slots[0], &inst->operands[0]);
      inst->num_operands = 1;
      return RDNA_OK;
   }
   enum rdna_status st = build_expect_operands(b, count);
   if (st != RDNA_OK)
      return st;
   bool have_literal = false;
   uint32_t literal = 0;
   for (unsigned i = 0; i < count; i++) {
      const struct op_slot *slot = &info->slots[i];
      switch (slot->role) {
      case RDNA_ROLE_simm16:
         st = build_simm16(b, i);
         break;
      case RDNA_ROLE_simm32: {
         const struct parsed_operand *p = &b->stmt->operands[i];
         st = fit_operand(b, i, ACCEPT_LITERAL | ACCEPT_INLINE);
         if (st == RDNA_OK && inst->operands[i].reg != RDNA_REG_LITERAL) {
            /* Always a literal dword: re-express the inline value. */
            int64_t v = p->kind == PARSED_INT ? p->ival : 0;
            if (p->kind == PARSED_FLOAT) {
               float f = (float)p->fval;
               uint32_t u;
               memcpy(&u, &f, sizeof(u));
               v = u;
            }
            inst->operands[i].reg = RDNA_REG_LITERAL;
            inst->operands[i].value = (uint32_t)v;
         }
         break;
      }
      case RDNA_ROLE_sdst:
         st = fit_operand(b, i, ACCEPT_SGPR);
         break;
      default:
         st = fit_operand(b, i, ACCEPT_SCALAR_SRC);
         break;
      }
      if (st != RDNA_OK)
         return st;
      const struct rdna_operand *o = &inst->operands[i];
      /* llvm-mc decodes lds_direct in a scalar source but does not assemble it there. */
      if (o->reg == RDNA_REG_LDS_DIRECT)
         return build_fail(b, b->stmt->operands[i].column, RDNA_INVALID_OPERAND,
                           "lds_direct is a vector ALU source only");
      if (o->reg == RDNA_REG_LITERAL) {
         if (have_literal && literal != o->value)
            return build_fail(b, b->stmt->operands[i].column, RDNA_INVALID_OPERAND,
                              "only one literal operand is allowed");
         have_literal = true;
         literal = o->value;
      }
   }
   inst->num_operands = (uint8_t)count;
   return RDNA_OK;
}
