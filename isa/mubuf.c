/* Buffer encodings MUBUF and MTBUF: decode, encode, print and build. Two dwords; the operands are
 * always vdata, vaddr ("off", one VGPR or a pair, from offen/idxen), the buffer resource and the
 * scalar offset, then the unified format (MTBUF) and the modifiers in llvm-mc-14's order. Field
 * rules (which bits llvm-mc-14 rejects, ignores or prints) were probed bit by bit on both
 * targets; the rows and their flags are in isa/mubuf.def. */
#include <string.h>

#include "isa_internal.h"

/* ---- MTBUF unified formats ---------------------------------------------------------------- */

/* The GFX10 unified buffer formats by value, as llvm-mc-14 names them; values 78-127 have no
 * name and print as numbers. 1 (BUF_FMT_8_UNORM) is the default and is not printed. */
/* clang-format off */
static const char *const unified_formats[] = {
   "INVALID",
   "8_UNORM", "8_SNORM", "8_USCALED", "8_SSCALED", "8_UINT", "8_SINT",
   "16_UNORM", "16_SNORM", "16_USCALED", "16_SSCALED", "16_UINT", "16_SINT", "16_FLOAT",
   "8_8_UNORM", "8_8_SNORM", "8_8_USCALED", "8_8_SSCALED", "8_8_UINT", "8_8_SINT",
   "32_UINT", "32_SINT", "32_FLOAT",
   "16_16_UNORM", "16_16_SNORM", "16_16_USCALED", "16_16_SSCALED", "16_16_UINT", "16_16_SINT",
   "16_16_FLOAT",
   "10_11_11_UNORM", "10_11_11_SNORM", "10_11_11_USCALED", "10_11_11_SSCALED", "10_11_11_UINT",
   "10_11_11_SINT", "10_11_11_FLOAT",
   "11_11_10_UNORM", "11_11_10_SNORM", "11_11_10_USCALED", "11_11_10_SSCALED", "11_11_10_UINT",
   "11_11_10_SINT", "11_11_10_FLOAT",
   "10_10_10_2_UNORM", "10_10_10_2_SNORM", "10_10_10_2_USCALED", "10_10_10_2_SSCALED",
   "10_10_10_2_UINT", "10_10_10_2_SINT",
   "2_10_10_10_UNORM", "2_10_10_10_SNORM", "2_10_10_10_USCALED", "2_10_10_10_SSCALED",
   "2_10_10_10_UINT", "2_10_10_10_SINT",
   "8_8_8_8_UNORM", "8_8_8_8_SNORM", "8_8_8_8_USCALED", "8_8_8_8_SSCALED", "8_8_8_8_UINT",
   "8_8_8_8_SINT",
   "32_32_UINT", "32_32_SINT", "32_32_FLOAT",
   "16_16_16_16_UNORM", "16_16_16_16_SNORM", "16_16_16_16_USCALED", "16_16_16_16_SSCALED",
   "16_16_16_16_UINT", "16_16_16_16_SINT", "16_16_16_16_FLOAT",
   "32_32_32_UINT", "32_32_32_SINT", "32_32_32_FLOAT",
   "32_32_32_32_UINT", "32_32_32_32_SINT", "32_32_32_32_FLOAT",
};

#define NUM_UNIFIED_FORMATS (sizeof(unified_formats) / sizeof(unified_formats[0]))
#define DEFAULT_FORMAT 1u

/* The split (pre-GFX10) names llvm-mc-14 still accepts: format:[BUF_DATA_FORMAT_x,
 * BUF_NUM_FORMAT_y] in either order, each optional (defaults 8 and UNORM), converted to the
 * unified format named BUF_FMT_x_y; a pair without a unified format is "unsupported". */
static const char *const data_formats[] = {
   "INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10", "10_10_10_2",
   "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16", "32_32_32", "32_32_32_32", "RESERVED_15",
};
static const char *const number_formats[] = {
   "UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT", "SNORM_OGL",
};
/* clang-format on */

static int find_name(const char *const *names, size_t count, const char *name)
{
   for (size_t i = 0; i < count; i++)
      if (strcmp(names[i], name) == 0)
         return (int)i;
   return -1;
}

static void print_format(struct strbuf *sb, unsigned format)
{
   if (format == DEFAULT_FORMAT)
      return;
   if (format < NUM_UNIFIED_FORMATS)
      sb_printf(sb, " format:[BUF_FMT_%s]", unified_formats[format]);
   else
      sb_printf(sb, " format:%u", format);
}

/* ---- field rules -------------------------------------------------------------------------- */

#define MUBUF_OFFSET_MASK 0xfffu
#define BIT_OFFEN (1u << 12)
#define BIT_IDXEN (1u << 13)
#define BIT_GLC (1u << 14)
#define BIT_DLC (1u << 15)
#define BIT_LDS (1u << 16)
#define BIT1_SLC (1u << 22)
#define BIT1_TFE (1u << 23)

/* A VGPR range must end at v255. */
static bool vgpr_range_ok(unsigned code, unsigned width)
{
   return code + width <= 256;
}

/* The srsrc field counts groups of 4 SGPRs: s[0:3]..s[100:103] and ttmp[0:3]..ttmp[12:15];
 * groups 26 (s104 and up) and 31 (m0..exec_hi) are invalid. */
static bool srsrc_field_ok(unsigned field)
{
   return field <= 25 || (field >= 27 && field <= 30);
}

/* Cache-invalidate rows (no operands). */
static bool is_cache_op(const struct op_info *info)
{
   return info->num_slots == 0;
}

/* ---- decoding ----------------------------------------------------------------------------- */

enum rdna_status decode_mubuf(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   bool typed = (word >> 26) == 0x3a;
   enum rdna_format format = typed ? RDNA_FMT_MTBUF : RDNA_FMT_MUBUF;
   unsigned opcode = typed ? ((word >> 16) & 7) | ((word1 >> 21) & 1) << 3
                           : ((word >> 18) & 0x7f) | ((word >> 25) & 1) << 7;
   int op = op_lookup_opcode(ctx->config->target, format, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "%s opcode 0x%x does not exist on %s",
                         rdna_encoding_name(format), opcode, rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = (uint8_t)format;

   bool offen = word & BIT_OFFEN, idxen = word & BIT_IDXEN, glc = word & BIT_GLC,
        dlc = word & BIT_DLC, lds = !typed && (word & BIT_LDS), slc = word1 & BIT1_SLC,
        tfe = word1 & BIT1_TFE;
   if (is_cache_op(info)) {
      /* llvm-mc-14 fixes these bits to zero and ignores all other fields. */
      if (word & (BIT_OFFEN | BIT_IDXEN | BIT_GLC | BIT_DLC | BIT_LDS))
         return decode_fail(ctx, RDNA_INVALID_ENCODING,
                            "%s takes no offen, idxen, glc, dlc or lds bit", info->name);
      inst->num_operands = 0;
      return RDNA_OK;
   }
   if (info->flags & VMEM_ATOMIC) {
      if (dlc)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no dlc bit", info->name);
      tfe = false; /* ignored by llvm-mc-14 on atomics */
   }
   if ((info->flags & VMEM_GLC) && !glc)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s requires glc", info->name);
   if (lds) {
      if (!(info->flags & VMEM_LDS))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no lds bit", info->name);
      tfe = false; /* the LDS forms have no tfe operand in llvm-mc-14 */
   }

   /* vdata, vaddr, srsrc, soffset: the row's signature order. */
   const struct op_slot *slots = info->slots;
   unsigned vdata = (word1 >> 8) & 0xff, vaddr = word1 & 0xff;
   unsigned vdata_width = type_width(slots[0].type, ctx->config->wave_size);
   if (!vgpr_range_ok(vdata, vdata_width))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "vdata v%u needs %u registers past v255",
                         vdata, vdata_width);
   decode_register(ctx, RDNA_REG_VGPR0 + vdata, &slots[0], &inst->operands[0]);

   if (offen || idxen) {
      unsigned width = offen && idxen ? 2 : 1;
      if (!vgpr_range_ok(vaddr, width))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "vaddr v%u needs %u registers past v255",
                            vaddr, width);
      decode_register(ctx, RDNA_REG_VGPR0 + vaddr, &slots[1], &inst->operands[1]);
      inst->operands[1].width = (uint8_t)width;
   } else {
      decode_register(ctx, RDNA_REG_OFF, &slots[1], &inst->operands[1]);
      inst->operands[1].width = 0;
   }

   unsigned srsrc = (word1 >> 16) & 31;
   if (!srsrc_field_ok(srsrc))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "srsrc field %u names no SGPR quad", srsrc);
   decode_register(ctx, srsrc * 4, &slots[2], &inst->operands[2]);

   /* llvm-mc-14 reads soffset 255 as a literal dword after the instruction (its assembler
    * never produces one). */
   st = decode_source(ctx, word1 >> 24, &slots[3], &inst->operands[3]);
   if (st != RDNA_OK)
      return st;
   inst->num_operands = 4;

   struct rdna_modifiers *mod = &inst->mod;
   mod->offset = (int32_t)(word & MUBUF_OFFSET_MASK);
   if (typed)
      mod->format = (uint8_t)((word >> 19) & 0x7f);
   mod->flags = (offen ? RDNA_FLAG_OFFEN : 0) | (idxen ? RDNA_FLAG_IDXEN : 0) |
                (glc ? RDNA_FLAG_GLC : 0) | (slc ? RDNA_FLAG_SLC : 0) | (dlc ? RDNA_FLAG_DLC : 0) |
                (lds ? RDNA_FLAG_LDS : 0) | (tfe ? RDNA_FLAG_TFE : 0);
   /* MUBUF bit 17 and word-1 bit 21 are ignored by llvm-mc-14 and not kept. */
   return RDNA_OK;
}

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_mubuf(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   bool typed = info->format == RDNA_FMT_MTBUF;
   if ((info->format != RDNA_FMT_MUBUF && !typed) || inst->encoding != info->format)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a %s instruction", info->name,
                         rdna_encoding_name(inst->encoding));
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t word, word1 = 0;
   if (typed) {
      word = 0xe8000000u | (opcode & 7) << 16 | (uint32_t)(inst->mod.format & 0x7f) << 19;
      word1 |= (opcode >> 3 & 1) << 21;
   } else {
      word = 0xe0000000u | (opcode & 0x7f) << 18 | (opcode >> 7 & 1) << 25;
   }
   ctx->words[0] = word;
   ctx->words[1] = 0;
   ctx->num_words = 2;
   if (is_cache_op(info))
      return RDNA_OK;
   if (inst->num_operands != 4)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes 4 operands, found %u", info->name,
                         inst->num_operands);

   uint32_t flags = inst->mod.flags;
   if (inst->mod.offset < 0 || inst->mod.offset > (int32_t)MUBUF_OFFSET_MASK)
      return encode_fail(ctx, RDNA_OUT_OF_RANGE, "offset %d does not fit 12 unsigned bits",
                         (int)inst->mod.offset);
   word |= (uint32_t)inst->mod.offset;
   word |= (flags & RDNA_FLAG_OFFEN ? BIT_OFFEN : 0) | (flags & RDNA_FLAG_IDXEN ? BIT_IDXEN : 0) |
           (flags & RDNA_FLAG_GLC ? BIT_GLC : 0);
   if (!(info->flags & VMEM_ATOMIC) && (flags & RDNA_FLAG_DLC))
      word |= BIT_DLC;
   if (!typed && (flags & RDNA_FLAG_LDS))
      word |= BIT_LDS;
   word1 |= (flags & RDNA_FLAG_SLC ? BIT1_SLC : 0);
   if ((flags & RDNA_FLAG_TFE) && !(info->flags & VMEM_ATOMIC) && !(flags & RDNA_FLAG_LDS))
      word1 |= BIT1_TFE;

   unsigned code;
   enum rdna_status st = encode_vgpr(ctx, &inst->operands[0], &code);
   if (st != RDNA_OK)
      return st;
   word1 |= code << 8;
   const struct rdna_operand *vaddr = &inst->operands[1];
   if (vaddr->reg != RDNA_REG_OFF) {
      if ((st = encode_vgpr(ctx, vaddr, &code)) != RDNA_OK)
         return st;
      word1 |= code;
   }
   const struct rdna_operand *srsrc = &inst->operands[2];
   if (srsrc->reg % 4 || !srsrc_field_ok(srsrc->reg / 4u))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "srsrc must be an aligned SGPR quad");
   word1 |= (uint32_t)srsrc->reg / 4 << 16;
   if ((st = encode_source(ctx, &inst->operands[3], &code)) != RDNA_OK)
      return st;
   word1 |= code << 24;
   ctx->words[0] = word;
   ctx->words[1] = word1;
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

void print_mubuf(struct strbuf *sb, const struct rdna_isa_config *config,
                 const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   sb_puts(sb, info->name);
   if (inst->num_operands == 0)
      return;
   sb_putc(sb, ' ');
   print_operands(sb, config, inst, 0);
   const struct rdna_modifiers *mod = &inst->mod;
   if (info->format == RDNA_FMT_MTBUF)
      print_format(sb, mod->format);
   if (mod->flags & RDNA_FLAG_IDXEN)
      sb_puts(sb, " idxen");
   if (mod->flags & RDNA_FLAG_OFFEN)
      sb_puts(sb, " offen");
   if (mod->offset)
      sb_printf(sb, " offset:%u", (unsigned)mod->offset & MUBUF_OFFSET_MASK);
   if (mod->flags & RDNA_FLAG_GLC)
      sb_puts(sb, " glc");
   if (mod->flags & RDNA_FLAG_SLC)
      sb_puts(sb, " slc");
   if ((mod->flags & RDNA_FLAG_DLC) && !(info->flags & VMEM_ATOMIC))
      sb_puts(sb, " dlc");
   if (mod->flags & RDNA_FLAG_LDS)
      sb_puts(sb, " lds");
   else if ((mod->flags & RDNA_FLAG_TFE) && !(info->flags & VMEM_ATOMIC))
      sb_puts(sb, " tfe");
}

/* ---- building ----------------------------------------------------------------------------- */

/* llvm-mc-14 takes the modifiers in this order: format (MTBUF), idxen, offen, offset, the cache
 * policy, lds, tfe, swz. The first of glc/slc/dlc places the cache policy; later ones join it
 * wherever they stand ("glc tfe slc" is accepted, "tfe glc" is not). swz encodes nothing on
 * GFX10 (llvm-mc-14 accepts and drops it; atomics reject it). noglc/noslc/nodlc set nothing. */
enum modifier_rank {
   RANK_FORMAT,
   RANK_IDXEN,
   RANK_OFFEN,
   RANK_OFFSET,
   RANK_CACHE,
   RANK_LDS,
   RANK_TFE,
   RANK_SWZ,
   RANK_NONE, /* not a buffer modifier: build_check_modifiers reports it */
};

static enum modifier_rank modifier_rank(const char *name)
{
   static const struct {
      const char *name;
      enum modifier_rank rank;
   } ranks[] = {
      { "format", RANK_FORMAT }, { "idxen", RANK_IDXEN }, { "offen", RANK_OFFEN },
      { "offset", RANK_OFFSET }, { "glc", RANK_CACHE },   { "slc", RANK_CACHE },
      { "dlc", RANK_CACHE },     { "noglc", RANK_CACHE }, { "noslc", RANK_CACHE },
      { "nodlc", RANK_CACHE },   { "lds", RANK_LDS },     { "tfe", RANK_TFE },
      { "swz", RANK_SWZ },
   };
   for (size_t i = 0; i < sizeof(ranks) / sizeof(ranks[0]); i++)
      if (strcmp(ranks[i].name, name) == 0)
         return ranks[i].rank;
   return RANK_NONE;
}

/* The bit a cache-policy modifier names, with or without its "no" prefix. */
static const char *cache_bit(const char *name)
{
   return strncmp(name, "no", 2) == 0 ? name + 2 : name;
}

static enum rdna_status check_modifier_order(struct build_ctx *b)
{
   int last = -1;
   bool cache_seen = false;
   const char *last_name = "the operands";
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      enum modifier_rank rank = modifier_rank(m->name);
      if (rank == RANK_NONE)
         continue;
      if (m->has_value && rank != RANK_FORMAT && rank != RANK_OFFSET)
         return build_fail(b, m->column, RDNA_SYNTAX, "%s takes no value", m->name);
      if (rank == RANK_CACHE) {
         for (unsigned j = 0; j < i; j++) {
            const char *other = b->stmt->modifiers[j].name;
            if (modifier_rank(other) == RANK_CACHE &&
                strcmp(cache_bit(other), cache_bit(m->name)) == 0)
               return build_fail(b, m->column, RDNA_SYNTAX, "duplicate cache policy modifier %s",
                                 m->name);
         }
         if (cache_seen)
            continue; /* joins the cache policy already placed */
         cache_seen = true;
      }
      if ((int)rank <= last)
         return build_fail(b, m->column, RDNA_SYNTAX, "%s cannot follow %s", m->name, last_name);
      last = (int)rank;
      last_name = m->name;
   }
   return RDNA_OK;
}

static bool has_flag_modifier(struct build_ctx *b, const char *name)
{
   return build_modifier(b, name) != NULL;
}

/* format:N, format:[BUF_FMT_x] or format:[BUF_DATA_FORMAT_x, BUF_NUM_FORMAT_y]. */
static enum rdna_status build_format(struct build_ctx *b, const struct parsed_modifier *m,
                                     unsigned *format)
{
   if (!m->has_value)
      return build_fail(b, m->column, RDNA_SYNTAX, "expected format:<value>");
   if (!m->is_list) {
      if (m->value_is_name || m->is_call || m->num_values != 1)
         return build_fail(b, m->column, RDNA_SYNTAX,
                           "expected format:N or format:[BUF_FMT_...], found format:%s", m->text);
      if (m->values[0] < 0 || m->values[0] > 127)
         return build_fail(b, m->column, RDNA_OUT_OF_RANGE, "format %lld is out of range [0, 127]",
                           (long long)m->values[0]);
      *format = (unsigned)m->values[0];
      return RDNA_OK;
   }
   if (!m->value_is_name || m->num_values)
      return build_fail(b, m->column, RDNA_SYNTAX, "expected a format name in format:[...]");
   char text[sizeof(m->text)];
   memcpy(text, m->text, sizeof(text));
   char *second = strchr(text, ',');
   if (second)
      *second++ = '\0';
   if (!second && strncmp(text, "BUF_FMT_", 8) == 0) {
      int f = find_name(unified_formats, NUM_UNIFIED_FORMATS, text + 8);
      if (f < 0)
         return build_fail(b, m->column, RDNA_INVALID_OPERAND, "unsupported format %s", text);
      *format = (unsigned)f;
      return RDNA_OK;
   }
   int dfmt = -1, nfmt = -1;
   for (char *name = text; name; name = second, second = NULL) {
      int d =
         strncmp(name, "BUF_DATA_FORMAT_", 16) == 0
            ? find_name(data_formats, sizeof(data_formats) / sizeof(data_formats[0]), name + 16)
            : -1;
      int n = strncmp(name, "BUF_NUM_FORMAT_", 15) == 0
                 ? find_name(number_formats, sizeof(number_formats) / sizeof(number_formats[0]),
                             name + 15)
                 : -1;
      if (d < 0 && n < 0)
         return build_fail(b, m->column, RDNA_INVALID_OPERAND, "unsupported format %s", name);
      if ((d >= 0 && dfmt >= 0) || (n >= 0 && nfmt >= 0))
         return build_fail(b, m->column, RDNA_SYNTAX, "duplicate %s format in format:[...]",
                           d >= 0 ? "data" : "number");
      if (d >= 0)
         dfmt = d;
      else
         nfmt = n;
   }
   /* The defaults are BUF_DATA_FORMAT_8 and BUF_NUM_FORMAT_UNORM; BUF_DATA_FORMAT_INVALID
    * pairs only with the default number format. */
   if (dfmt < 0)
      dfmt = 1;
   if (nfmt < 0)
      nfmt = 0;
   if (dfmt == 0) {
      if (nfmt != 0)
         return build_fail(b, m->column, RDNA_INVALID_OPERAND, "unsupported format");
      *format = 0;
      return RDNA_OK;
   }
   char unified[48];
   struct strbuf sb;
   sb_init(&sb, unified, sizeof(unified));
   sb_printf(&sb, "%s_%s", data_formats[dfmt], number_formats[nfmt]);
   int f = find_name(unified_formats, NUM_UNIFIED_FORMATS, unified);
   if (f <= 0)
      return build_fail(b, m->column, RDNA_INVALID_OPERAND,
                        "unsupported format: BUF_DATA_FORMAT_%s with BUF_NUM_FORMAT_%s",
                        data_formats[dfmt], number_formats[nfmt]);
   *format = (unsigned)f;
   return RDNA_OK;
}

/* vaddr: "off" without offen/idxen, one VGPR with either, a VGPR pair with both. */
static enum rdna_status build_vaddr(struct build_ctx *b, unsigned width)
{
   const struct parsed_operand *p = &b->stmt->operands[1];
   struct rdna_operand *o = &b->inst->operands[1];
   const struct op_slot *slot = &op_info(b->op)->slots[1];
   o->role = slot->role;
   o->type = slot->type;
   if (p->mods)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "vaddr takes no modifiers");
   if (width == 0) {
      if (p->kind == PARSED_NAME && strcmp(p->name, "off") == 0) {
         o->reg = RDNA_REG_OFF;
         o->width = 0;
         return RDNA_OK;
      }
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected off for vaddr without offen or idxen");
   }
   if (p->kind != PARSED_REG || p->reg < RDNA_REG_VGPR0 || p->width != width)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected %s for vaddr with %s",
                        width == 2 ? "a VGPR pair" : "one VGPR",
                        width == 2 ? "idxen and offen" : "offen or idxen");
   o->reg = p->reg;
   o->width = (uint8_t)width;
   return RDNA_OK;
}

/* soffset: an SGPR or an inline constant; MUBUF has no literal dword. */
static enum rdna_status build_soffset(struct build_ctx *b)
{
   const struct parsed_operand *p = &b->stmt->operands[3];
   /* llvm-mc-14 prints soffset code 254 as src_lds_direct but does not assemble it. */
   if (p->kind == PARSED_REG && p->reg == RDNA_REG_LDS_DIRECT)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "soffset cannot be src_lds_direct");
   if ((p->kind == PARSED_INT || p->kind == PARSED_FLOAT) &&
       inline_constant_code(p->kind, p->ival, p->fval, op_info(b->op)->slots[3].type) < 0)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "soffset takes an SGPR or an inline constant (no literal)");
   return fit_operand(b, 3, ACCEPT_SGPR | ACCEPT_INLINE);
}

enum rdna_status build_mubuf(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   bool typed = info->format == RDNA_FMT_MTBUF;
   inst->encoding = info->format;
   enum rdna_status st;
   if (is_cache_op(info)) {
      /* llvm-mc-14 decodes opcode 0xf1 as buffer_wbinvl1 but assembles "buffer_wbinvl1" to
       * buffer_gl0_inv (0x71): the text maps to that row, decoded 0xf1 re-encodes as itself. */
      if (b->op == RDNA_OP_buffer_wbinvl1) {
         b->op = RDNA_OP_buffer_gl0_inv;
         inst->op = RDNA_OP_buffer_gl0_inv;
      }
      inst->num_operands = 0;
      return build_expect_operands(b, 0);
   }
   if ((st = build_expect_operands(b, 4)) != RDNA_OK)
      return st;
   build_lists_to_ranges(b, -1);
   if ((st = check_modifier_order(b)) != RDNA_OK)
      return st;

   uint32_t flags = 0;
   if (has_flag_modifier(b, "offen"))
      flags |= RDNA_FLAG_OFFEN;
   if (has_flag_modifier(b, "idxen"))
      flags |= RDNA_FLAG_IDXEN;
   if (has_flag_modifier(b, "glc"))
      flags |= RDNA_FLAG_GLC;
   if (has_flag_modifier(b, "slc"))
      flags |= RDNA_FLAG_SLC;
   struct parsed_modifier *m = build_modifier(b, "dlc");
   if (m && !(info->flags & VMEM_ATOMIC)) /* llvm-mc-14 accepts dlc on atomics, encodes none */
      flags |= RDNA_FLAG_DLC;
   build_modifier(b, "noglc");
   build_modifier(b, "noslc");
   build_modifier(b, "nodlc");
   if (!(info->flags & VMEM_ATOMIC))
      build_modifier(b, "swz");
   if (!typed && (info->flags & VMEM_LDS) && (m = build_modifier(b, "lds")))
      flags |= RDNA_FLAG_LDS;
   if (!(info->flags & VMEM_ATOMIC) && (m = build_modifier(b, "tfe"))) {
      if (flags & RDNA_FLAG_LDS)
         return build_fail(b, m->column, RDNA_INVALID_OPERAND, "tfe cannot be used with lds");
      flags |= RDNA_FLAG_TFE;
   }
   if ((info->flags & VMEM_GLC) && !(flags & RDNA_FLAG_GLC))
      return build_fail(b, b->stmt->column, RDNA_INVALID_OPERAND, "%s must use glc", info->name);
   inst->mod.flags = flags;

   if ((m = build_modifier(b, "offset"))) {
      int64_t v;
      if ((st = build_modifier_int(b, m, 0, MUBUF_OFFSET_MASK, &v)) != RDNA_OK)
         return st;
      inst->mod.offset = (int32_t)v;
   }
   if (typed) {
      unsigned format = DEFAULT_FORMAT;
      if ((m = build_modifier(b, "format")) && (st = build_format(b, m, &format)) != RDNA_OK)
         return st;
      inst->mod.format = (uint8_t)format;
   }

   if ((st = fit_operand(b, 0, ACCEPT_VGPR)) != RDNA_OK)
      return st;
   unsigned vaddr_width = (flags & RDNA_FLAG_OFFEN ? 1u : 0u) + (flags & RDNA_FLAG_IDXEN ? 1u : 0u);
   if ((st = build_vaddr(b, vaddr_width)) != RDNA_OK)
      return st;
   if ((st = fit_operand(b, 2, ACCEPT_SGPR)) != RDNA_OK)
      return st;
   const struct rdna_operand *srsrc = &inst->operands[2];
   if (srsrc->reg == RDNA_REG_NULL || srsrc->reg % 4 || !srsrc_field_ok(srsrc->reg / 4u))
      return build_fail(b, b->stmt->operands[2].column, RDNA_INVALID_OPERAND,
                        "srsrc must be s[4n:4n+3] or ttmp[4n:4n+3]");
   if ((st = build_soffset(b)) != RDNA_OK)
      return st;
   inst->num_operands = 4;
   return RDNA_OK;
}
