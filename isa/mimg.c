/* Image encoding MIMG: decode, encode, print and build, NSA (one address VGPR per byte of up to
 * three extra dwords) and the ray-tracing BVH rows included. Operand widths are not in the rows:
 * vdata follows dmask, d16 and tfe, vaddr the mnemonic's address words, dim and a16, exactly as
 * llvm-mc-14 sizes them, including the instruction variants it lacks (isa/mimg.def explains). */
#include <ctype.h>
#include <string.h>

#include "isa_internal.h"

#define BIT_DLC (1u << 7)
#define BIT_UNORM (1u << 12)
#define BIT_GLC (1u << 13)
#define BIT_R128 (1u << 15)
#define BIT_TFE (1u << 16)
#define BIT_LWE (1u << 17)
#define BIT_SLC (1u << 25)
#define BIT1_A16 (1u << 30)
#define BIT1_D16 (1u << 31)
#define MAX_NSA_ADDRESSES 13 /* vaddr byte plus three extra dwords */

static const char *const dim_names[8] = { "1D",       "2D",       "3D",      "CUBE",
                                          "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY" };
/* Coordinates and derivatives per dim (the sample index of MSAA dims is a coordinate). */
static const uint8_t dim_coords[8] = { 1, 2, 3, 3, 2, 3, 3, 4 };
static const uint8_t dim_gradients[8] = { 2, 4, 6, 4, 2, 4, 4, 4 };
enum {
   DIM_2D_MSAA = 6,
   DIM_2D_MSAA_ARRAY = 7
};

/* ---- address layout ------------------------------------------------------------------------ */

enum layout_kind {
   LAYOUT_PLAIN,   /* load, store, atomic, msaa_load: coordinates (+ mip) */
   LAYOUT_RESINFO, /* the mip level only */
   LAYOUT_SAMPLE,  /* sample, gather4, get_lod */
   LAYOUT_BVH,
   LAYOUT_BVH64,
};

enum gradient_kind {
   GRAD_NONE,
   GRAD_FULL,
   GRAD_G16
};

struct mimg_layout {
   enum layout_kind kind;
   unsigned extra; /* offset, bias, compare: one dword each */
   bool lod;       /* a lod, clamp or mip component after the coordinates */
   enum gradient_kind gradients;
};

/* The address words of a row, read from its mnemonic's suffixes as the ISA guide names them. */
static struct mimg_layout mimg_layout(const struct op_info *info)
{
   struct mimg_layout l = { LAYOUT_PLAIN, 0, false, GRAD_NONE };
   const char *name = info->name;
   if (strcmp(name, "image_bvh_intersect_ray") == 0) {
      l.kind = LAYOUT_BVH;
      return l;
   }
   if (strcmp(name, "image_bvh64_intersect_ray") == 0) {
      l.kind = LAYOUT_BVH64;
      return l;
   }
   if (strcmp(name, "image_get_resinfo") == 0) {
      l.kind = LAYOUT_RESINFO;
      l.lod = true;
      return l;
   }
   const char *rest;
   if (strncmp(name, "image_sample", 12) == 0)
      rest = name + 12;
   else if (strncmp(name, "image_gather4", 13) == 0)
      rest = name + 13;
   else if (strcmp(name, "image_get_lod") == 0)
      rest = "";
   else {
      l.lod = strstr(name, "_mip") != NULL;
      return l;
   }
   l.kind = LAYOUT_SAMPLE;
   while (*rest == '_') {
      rest++;
      size_t n = strcspn(rest, "_");
      if ((n == 1 && (*rest == 'o' || *rest == 'b' || *rest == 'c')))
         l.extra++;
      else if ((n == 1 && *rest == 'l') || (n == 2 && strncmp(rest, "cl", 2) == 0))
         l.lod = true;
      else if ((n == 1 && *rest == 'd') || (n == 2 && strncmp(rest, "cd", 2) == 0))
         l.gradients = l.gradients == GRAD_G16 ? GRAD_G16 : GRAD_FULL;
      else if (n == 3 && strncmp(rest, "g16", 3) == 0)
         l.gradients = GRAD_G16;
      rest += n;
   }
   return l;
}

/* Address dwords for dim and a16, counted as llvm-mc-14 counts them: a16 packs the coordinates
 * and the lod component two per dword, the offset/bias/compare words stay dwords, and g16 packs
 * the derivatives two per dword, each half of them (d/dx, d/dy) padded to whole dwords. */
static unsigned mimg_address_count(const struct mimg_layout *l, unsigned dim, bool a16)
{
   switch (l->kind) {
   case LAYOUT_BVH:
      return a16 ? 8 : 11;
   case LAYOUT_BVH64:
      return a16 ? 9 : 12;
   default:
      break;
   }
   unsigned components = (l->kind == LAYOUT_RESINFO ? 0u : dim_coords[dim]) + (l->lod ? 1u : 0u);
   unsigned n = l->extra + (a16 ? (components + 1) / 2 : components);
   if (l->gradients == GRAD_G16)
      n += (dim_gradients[dim] / 2u + 1u) / 2u * 2u;
   else if (l->gradients == GRAD_FULL)
      n += dim_gradients[dim];
   return n;
}

/* llvm-mc-14 defines each row for a contiguous range of address sizes (the NSA forms for the
 * sizes of 2 and more); the non-NSA forms also for 4 where 3 is in range and 8 where one of 5-7
 * is (the older register-class rounding), and 16 for anything above 8. Measured for every row,
 * dim, a16 and NSA length on both targets. */
static void address_range(const struct mimg_layout *l, unsigned *lo, unsigned *hi)
{
   switch (l->kind) {
   case LAYOUT_PLAIN:
   case LAYOUT_RESINFO:
      *lo = 1;
      *hi = 4;
      return;
   case LAYOUT_BVH:
   case LAYOUT_BVH64:
      *lo = *hi = 0; /* not used: BVH rows have fixed sizes */
      return;
   default:
      break;
   }
   if (l->gradients != GRAD_NONE) {
      *lo = l->extra + 2;
      *hi = l->extra + 9 + (l->lod ? 1u : 0u);
   } else {
      *lo = l->extra + 1;
      *hi = l->extra + 3 + (l->lod ? 1u : 0u);
   }
}

static bool nsa_size_exists(const struct mimg_layout *l, unsigned n)
{
   unsigned lo, hi;
   address_range(l, &lo, &hi);
   return n >= 2 && n >= lo && n <= hi && n <= MAX_NSA_ADDRESSES;
}

/* n is the register count (9-16 addresses already rounded to 16). */
static bool range_size_exists(const struct mimg_layout *l, unsigned n)
{
   unsigned lo, hi;
   address_range(l, &lo, &hi);
   if (n > 8)
      return n == 16 && hi > 8;
   return (n >= lo && n <= hi) || (n == 4 && lo <= 3 && hi >= 3) || (n == 8 && lo <= 7 && hi >= 5);
}

/* The NSA length (extra dwords) that holds n addresses. */
static unsigned nsa_dwords(unsigned n)
{
   return n <= 1 ? 0 : (n - 1 + 3) / 4;
}

/* ---- data sizes ------------------------------------------------------------------------------ */

static bool is_gather4(const struct op_info *info)
{
   return (info->flags & MIMG_GATHER4) != 0;
}

static bool is_cmpswap(const struct op_info *info)
{
   return strstr(info->name, "cmpswap") != NULL;
}

/* VGPRs of vdata that dmask, d16 and tfe ask for (llvm-mc-14's rule for both directions). */
static unsigned data_size(const struct op_info *info, unsigned dmask, bool d16, bool tfe)
{
   unsigned n = 0;
   for (unsigned m = dmask & 15; m; m &= m - 1)
      n++;
   if (is_gather4(info))
      n = 4;
   if (n == 0)
      n = 1;
   if (d16)
      n = (n + 1) / 2;
   return n + (tfe ? 1u : 0u);
}

/* vdata sizes llvm-mc-14 has instructions for. */
static bool data_size_exists(const struct op_info *info, unsigned n)
{
   if (info->flags & VMEM_ATOMIC)
      return is_cmpswap(info) ? n == 2 || n == 4 : n == 1 || n == 2;
   if (is_gather4(info))
      return n == 2 || n == 4 || n == 5;
   return n >= 1 && n <= 5;
}

/* The vdata size of the variant llvm-mc-14 decodes before resizing it. */
static unsigned initial_data_size(const struct op_info *info)
{
   return is_gather4(info) ? 4 : (info->flags & VMEM_ATOMIC) && is_cmpswap(info) ? 2 : 1;
}

/* ---- register fields ------------------------------------------------------------------------- */

/* srsrc counts groups of 4 SGPRs; a descriptor of `width` SGPRs must fit s0-s105 or the ttmps. */
static bool srsrc_field_ok(unsigned field, unsigned width)
{
   unsigned reg = field * 4;
   if (reg < RDNA_REG_TTMP0)
      return reg + width <= 104;
   return reg + width <= RDNA_REG_TTMP0 + 16;
}

static bool has_sampler(const struct op_info *info)
{
   return info->num_slots == 4;
}

static bool is_bvh(const struct mimg_layout *l)
{
   return l->kind == LAYOUT_BVH || l->kind == LAYOUT_BVH64;
}

/* ---- decoding -------------------------------------------------------------------------------- */

static void set_vgpr(struct decode_ctx *ctx, unsigned code, unsigned width,
                     const struct op_slot *slot, struct rdna_operand *o)
{
   decode_register(ctx, RDNA_REG_VGPR0 + code, slot, o);
   o->width = (uint8_t)width;
}

/* BVH rows: every field but the registers, a16 and the NSA length is fixed. Bits 6, 14 and
 * 58-61 are ignored by llvm-mc-14. */
static enum rdna_status check_bvh_fields(struct decode_ctx *ctx, uint32_t word, uint32_t word1,
                                         unsigned nsa, unsigned count)
{
   const uint32_t fixed0 = 0x0203bfb8u, expect0 = 0x00009f00u; /* dim dlc dmask unorm glc r128
                                                                   tfe lwe slc */
   const uint32_t fixed1 = 0x83e00000u;                        /* ssamp, d16 */
   if ((word & fixed0) != expect0 || (word1 & fixed1) != 0)
      return decode_fail(ctx, RDNA_INVALID_ENCODING,
                         "BVH takes dmask 0xf, unorm and r128 and no other modifier but a16");
   if (nsa && nsa != nsa_dwords(count))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "BVH NSA length %u does not hold %u addresses",
                         nsa, count);
   return RDNA_OK;
}

enum rdna_status decode_mimg(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1, extra[3] = { 0, 0, 0 };
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   unsigned nsa = (word >> 1) & 3;
   for (unsigned i = 0; i < nsa; i++)
      if ((st = decode_word(ctx, 2 + i, &extra[i])) != RDNA_OK)
         return st;
   ctx->words_used = 2 + nsa;
   unsigned opcode = ((word >> 18) & 0x7f) | (word & 1) << 7;
   int op = op_lookup_opcode(ctx->config->target, RDNA_FMT_MIMG, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "MIMG opcode 0x%x does not exist on %s", opcode,
                         rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_MIMG;
   struct mimg_layout layout = mimg_layout(info);

   unsigned dim = (word >> 3) & 7, dmask = (word >> 8) & 15;
   bool a16 = word1 & BIT1_A16, d16 = word1 & BIT1_D16, tfe = word & BIT_TFE;
   unsigned vaddr = word1 & 0xff, vdata = (word1 >> 8) & 0xff, srsrc = (word1 >> 16) & 31,
            ssamp = (word1 >> 21) & 31;
   unsigned data_width, addr_count;

   if (is_bvh(&layout)) {
      addr_count = mimg_address_count(&layout, 0, a16);
      if ((st = check_bvh_fields(ctx, word, word1, nsa, addr_count)) != RDNA_OK)
         return st;
      data_width = 4;
      if (!nsa)
         addr_count = addr_count > 8 ? 16 : 8;
      if (!srsrc_field_ok(srsrc, 4))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "srsrc field %u names no SGPR quad", srsrc);
   } else {
      if (!has_sampler(info) && ssamp)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no sampler", info->name);
      if (d16 && (info->flags & MIMG_NO_D16))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s takes no d16", info->name);
      if (!srsrc_field_ok(srsrc, 8))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "srsrc field %u names no 8 SGPRs", srsrc);
      if (has_sampler(info) && !srsrc_field_ok(ssamp, 4))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "ssamp field %u names no SGPR quad", ssamp);
      /* llvm-mc-14 first decodes a variant with one data VGPR (two for cmpswap, four for
       * gather4) and the smallest address size (NSA: the largest of the NSA length), then
       * resizes it when an instruction of the wanted sizes exists and its registers fit. */
      unsigned lo, hi;
      address_range(&layout, &lo, &hi);
      unsigned init_addr = lo;
      if (nsa) {
         unsigned group_lo = 4 * nsa - 2, group_hi = 4 * nsa + 1;
         if (hi < group_lo || (lo > group_hi) || hi < 2)
            return decode_fail(ctx, RDNA_INVALID_ENCODING,
                               "%s has no NSA form with %u extra dwords", info->name, nsa);
         init_addr = hi < group_hi ? hi : group_hi;
      }
      unsigned init_data = initial_data_size(info);
      if (vdata + init_data > 256 || (!nsa && vaddr + init_addr > 256))
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "register range past v255");
      data_width = init_data;
      addr_count = init_addr;
      unsigned want_addr = mimg_address_count(&layout, dim, a16);
      unsigned want_data = data_size(info, dmask, d16, tfe);
      if (!(nsa && want_addr > init_addr)) {
         unsigned regs = nsa ? want_addr : want_addr > 8 ? 16 : want_addr;
         bool exists = data_size_exists(info, want_data) &&
                       (nsa ? nsa_size_exists(&layout, regs) : range_size_exists(&layout, regs));
         if (exists && vdata + want_data <= 256 && (nsa || vaddr + regs <= 256)) {
            data_width = want_data;
            addr_count = regs;
         }
      }
   }
   if (vdata + data_width > 256 || (!nsa && vaddr + addr_count > 256))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "register range past v255");

   /* Operands: vdata, the addresses (one per NSA address), srsrc, ssamp. */
   const struct op_slot *slots = info->slots;
   unsigned n = 0;
   set_vgpr(ctx, vdata, data_width, &slots[0], &inst->operands[n++]);
   if (nsa) {
      for (unsigned i = 0; i < addr_count; i++) {
         unsigned code = i == 0 ? vaddr : (extra[(i - 1) / 4] >> (8 * ((i - 1) % 4))) & 0xff;
         set_vgpr(ctx, code, 1, &slots[1], &inst->operands[n++]);
      }
   } else {
      set_vgpr(ctx, vaddr, addr_count, &slots[1], &inst->operands[n++]);
   }
   decode_register(ctx, srsrc * 4, &slots[2], &inst->operands[n++]);
   if (has_sampler(info))
      decode_register(ctx, ssamp * 4, &slots[3], &inst->operands[n++]);
   inst->num_operands = (uint8_t)n;

   struct rdna_modifiers *mod = &inst->mod;
   if (!is_bvh(&layout)) {
      mod->dmask = (uint8_t)dmask;
      mod->dim = (uint8_t)dim;
      mod->flags = (word & BIT_UNORM ? RDNA_FLAG_UNORM : 0) | (word & BIT_GLC ? RDNA_FLAG_GLC : 0) |
                   (word & BIT_SLC ? RDNA_FLAG_SLC : 0) | (word & BIT_DLC ? RDNA_FLAG_DLC : 0) |
                   (word & BIT_R128 ? RDNA_FLAG_R128 : 0) | (tfe ? RDNA_FLAG_TFE : 0) |
                   (word & BIT_LWE ? RDNA_FLAG_LWE : 0) | (d16 ? RDNA_FLAG_D16 : 0);
   }
   if (a16)
      mod->flags |= RDNA_FLAG_A16;
   if (nsa)
      mod->flags |= RDNA_FLAG_NSA;
   /* Bits 6, 14 and 58-61 are ignored by llvm-mc-14 and not kept, as are NSA bytes past the
    * addresses it prints. */
   return RDNA_OK;
}

/* ---- encoding -------------------------------------------------------------------------------- */

enum rdna_status encode_mimg(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (info->format != RDNA_FMT_MIMG || inst->encoding != RDNA_FMT_MIMG)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a MIMG instruction", info->name);
   struct mimg_layout layout = mimg_layout(info);
   unsigned fixed = has_sampler(info) ? 3 : 2; /* vdata, srsrc, ssamp */
   if (inst->num_operands <= fixed || inst->num_operands > fixed + MAX_NSA_ADDRESSES)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s has %u operands", info->name,
                         inst->num_operands);
   unsigned addresses = inst->num_operands - fixed;
   bool nsa = (inst->mod.flags & RDNA_FLAG_NSA) && addresses > 1;
   if (!nsa && addresses != 1)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%u address operands need the NSA form",
                         addresses);
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t flags = inst->mod.flags;
   uint32_t word = 0xf0000000u | (opcode & 0x7f) << 18 | opcode >> 7, word1 = 0, code = 0;
   word |= nsa_dwords(nsa ? addresses : 1) << 1;
   if (is_bvh(&layout)) {
      word |= 0xfu << 8 | BIT_UNORM | BIT_R128;
   } else {
      word |= (uint32_t)(inst->mod.dim & 7) << 3 | (uint32_t)(inst->mod.dmask & 15) << 8 |
              (flags & RDNA_FLAG_DLC ? BIT_DLC : 0) | (flags & RDNA_FLAG_UNORM ? BIT_UNORM : 0) |
              (flags & RDNA_FLAG_GLC ? BIT_GLC : 0) | (flags & RDNA_FLAG_R128 ? BIT_R128 : 0) |
              (flags & RDNA_FLAG_TFE ? BIT_TFE : 0) | (flags & RDNA_FLAG_LWE ? BIT_LWE : 0) |
              (flags & RDNA_FLAG_SLC ? BIT_SLC : 0);
      word1 |= flags & RDNA_FLAG_D16 ? BIT1_D16 : 0;
   }
   word1 |= flags & RDNA_FLAG_A16 ? BIT1_A16 : 0;
   enum rdna_status st = encode_vgpr(ctx, &inst->operands[0], &code);
   if (st != RDNA_OK)
      return st;
   word1 |= code << 8;
   uint32_t extra[3] = { 0, 0, 0 };
   for (unsigned i = 0; i < addresses; i++) {
      if ((st = encode_vgpr(ctx, &inst->operands[1 + i], &code)) != RDNA_OK)
         return st;
      if (i == 0)
         word1 |= code;
      else
         extra[(i - 1) / 4] |= code << (8 * ((i - 1) % 4));
   }
   const struct rdna_operand *srsrc = &inst->operands[1 + addresses];
   if (srsrc->reg % 4 || !srsrc_field_ok(srsrc->reg / 4u, srsrc->width ? srsrc->width : 4))
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "srsrc must be an aligned SGPR range");
   word1 |= (uint32_t)srsrc->reg / 4 << 16;
   if (has_sampler(info)) {
      const struct rdna_operand *ssamp = &inst->operands[2 + addresses];
      if (ssamp->reg % 4 || !srsrc_field_ok(ssamp->reg / 4u, 4))
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "ssamp must be an aligned SGPR quad");
      word1 |= (uint32_t)ssamp->reg / 4 << 21;
   }
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   for (unsigned i = 0; nsa && i < nsa_dwords(addresses); i++)
      ctx->words[ctx->num_words++] = extra[i];
   return RDNA_OK;
}

/* ---- printing -------------------------------------------------------------------------------- */

void print_mimg(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   struct mimg_layout layout = mimg_layout(info);
   unsigned fixed = has_sampler(info) ? 3 : 2;
   unsigned addresses = inst->num_operands > fixed ? inst->num_operands - fixed : 0;
   sb_puts(sb, info->name);
   sb_putc(sb, ' ');
   print_operand(sb, config, inst, 0);
   sb_puts(sb, ", ");
   if (inst->mod.flags & RDNA_FLAG_NSA) {
      sb_putc(sb, '[');
      for (unsigned i = 0; i < addresses; i++) {
         if (i)
            sb_puts(sb, ", ");
         print_operand(sb, config, inst, 1 + i);
      }
      sb_putc(sb, ']');
   } else {
      print_operand(sb, config, inst, 1);
   }
   for (unsigned i = 1 + addresses; i < inst->num_operands; i++) {
      sb_puts(sb, ", ");
      print_operand(sb, config, inst, i);
   }
   uint32_t flags = inst->mod.flags;
   if (!is_bvh(&layout)) {
      if (inst->mod.dmask)
         sb_printf(sb, " dmask:0x%x", inst->mod.dmask & 15u);
      sb_printf(sb, " dim:SQ_RSRC_IMG_%s", dim_names[inst->mod.dim & 7]);
      if (flags & RDNA_FLAG_UNORM)
         sb_puts(sb, " unorm");
      if (flags & RDNA_FLAG_GLC)
         sb_puts(sb, " glc");
      if (flags & RDNA_FLAG_SLC)
         sb_puts(sb, " slc");
      if (flags & RDNA_FLAG_DLC)
         sb_puts(sb, " dlc");
      if (flags & RDNA_FLAG_R128)
         sb_puts(sb, " r128");
   }
   if (flags & RDNA_FLAG_A16)
      sb_puts(sb, " a16");
   if (is_bvh(&layout))
      return;
   if (flags & RDNA_FLAG_TFE)
      sb_puts(sb, " tfe");
   if (flags & RDNA_FLAG_LWE)
      sb_puts(sb, " lwe");
   if (flags & RDNA_FLAG_D16)
      sb_puts(sb, " d16");
}

/* ---- building -------------------------------------------------------------------------------- */

/* llvm-mc-14's modifier order. The first of glc/slc/dlc places the cache policy; later ones
 * join it wherever they stand. The flags may be written with a "no" prefix, which sets nothing. */
#define RANK_CACHE_POLICY 3
static const struct {
   const char *name;
   int rank;
   uint32_t flag;
} mimg_modifiers[] = {
   { "dmask", 0, 0 },
   { "dim", 1, 0 },
   { "unorm", 2, RDNA_FLAG_UNORM },
   { "glc", RANK_CACHE_POLICY, RDNA_FLAG_GLC },
   { "slc", RANK_CACHE_POLICY, RDNA_FLAG_SLC },
   { "dlc", RANK_CACHE_POLICY, RDNA_FLAG_DLC },
   { "r128", 4, RDNA_FLAG_R128 },
   { "a16", 5, RDNA_FLAG_A16 },
   { "tfe", 6, RDNA_FLAG_TFE },
   { "lwe", 7, RDNA_FLAG_LWE },
   { "d16", 8, RDNA_FLAG_D16 },
};

#define NUM_MIMG_MODIFIERS (sizeof(mimg_modifiers) / sizeof(mimg_modifiers[0]))

static int find_modifier(const char *name, bool *negated)
{
   *negated = false;
   for (int pass = 0; pass < 2; pass++) {
      for (size_t i = 0; i < NUM_MIMG_MODIFIERS; i++)
         if (strcmp(mimg_modifiers[i].name, name) == 0 && (pass == 0 || mimg_modifiers[i].flag))
            return (int)i;
      if (strncmp(name, "no", 2) != 0)
         return -1;
      name += 2;
      *negated = true;
   }
   return -1;
}

/* Reads the modifiers in order; BVH rows take only a16. */
static enum rdna_status build_mimg_modifiers(struct build_ctx *b, bool bvh, uint32_t *flags,
                                             int *dmask, int *dim)
{
   int last = -1;
   *dmask = 0;
   *dim = -1;
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      struct parsed_modifier *m = &((struct parsed_stmt *)b->stmt)->modifiers[i];
      bool negated;
      int k = find_modifier(m->name, &negated);
      if (k < 0 || (bvh && strcmp(mimg_modifiers[k].name, "a16") != 0))
         continue; /* reported by build_check_modifiers */
      int rank = mimg_modifiers[k].rank;
      bool joins = false; /* a later glc/slc/dlc joins the cache policy already placed */
      if (rank == RANK_CACHE_POLICY) {
         for (unsigned j = 0; j < i; j++) {
            bool other_negated;
            int other = find_modifier(b->stmt->modifiers[j].name, &other_negated);
            if (other == k)
               return build_fail(b, m->column, RDNA_SYNTAX, "duplicate cache policy modifier %s",
                                 m->name);
            if (other >= 0 && mimg_modifiers[other].rank == RANK_CACHE_POLICY)
               joins = true;
         }
      }
      if (!joins && rank <= last)
         return build_fail(b, m->column, RDNA_SYNTAX,
                           "%s is out of order (llvm-mc order: dmask "
                           "dim unorm glc slc dlc r128 a16 tfe lwe d16)",
                           m->name);
      if (!joins)
         last = rank;
      m->used = true;
      if (mimg_modifiers[k].flag) {
         if (m->has_value)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s takes no value", m->name);
         if (!negated)
            *flags |= mimg_modifiers[k].flag;
      } else if (rank == 0) {
         int64_t v;
         enum rdna_status st = build_modifier_int(b, m, 0, 15, &v);
         if (st != RDNA_OK)
            return st;
         *dmask = (int)v;
      } else {
         if (!m->has_value || !m->value_is_name || m->is_list)
            return build_fail(b, m->column, RDNA_INVALID_OPERAND, "invalid dim value");
         const char *name = m->text;
         if (strncmp(name, "SQ_RSRC_IMG_", 12) == 0)
            name += 12;
         for (int d = 0; d < 8 && *dim < 0; d++) {
            const char *a = dim_names[d], *c = name;
            while (*a && toupper((unsigned char)*c) == *a) {
               a++;
               c++;
            }
            if (!*a && !*c)
               *dim = d;
         }
         if (*dim < 0)
            return build_fail(b, m->column, RDNA_INVALID_OPERAND, "invalid dim value %s", m->text);
      }
   }
   return RDNA_OK;
}

/* Addresses from a register range or an NSA list of single VGPRs. */
static enum rdna_status build_addresses(struct build_ctx *b, const struct parsed_operand *p,
                                        uint16_t *regs, unsigned *count, bool *nsa)
{
   if (p->mods)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "vaddr takes no modifiers");
   if (p->kind == PARSED_REG && p->reg >= RDNA_REG_VGPR0) {
      regs[0] = p->reg;
      *count = p->width;
      *nsa = false;
      return RDNA_OK;
   }
   if (p->kind == PARSED_LIST && p->num_items == 1 && p->items[0].reg >= RDNA_REG_VGPR0) {
      regs[0] = p->items[0].reg; /* [v[1:2]] is the plain form */
      *count = p->items[0].width;
      *nsa = false;
      return RDNA_OK;
   }
   if (p->kind != PARSED_LIST)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected a VGPR range or a list of VGPRs for vaddr");
   if (p->num_items > MAX_NSA_ADDRESSES)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "at most %d NSA addresses",
                        MAX_NSA_ADDRESSES);
   for (unsigned i = 0; i < p->num_items; i++) {
      if (p->items[i].reg < RDNA_REG_VGPR0 || p->items[i].width != 1)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "NSA addresses are single VGPRs (item %u is not)", i + 1);
      regs[i] = p->items[i].reg;
   }
   *count = p->num_items;
   *nsa = true;
   return RDNA_OK;
}

enum rdna_status build_mimg(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   const struct parsed_stmt *stmt = b->stmt;
   struct mimg_layout layout = mimg_layout(info);
   bool bvh = is_bvh(&layout);
   inst->encoding = RDNA_FMT_MIMG;
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   build_lists_to_ranges(b, 1); /* vaddr: a list of two or more is the NSA form */
   uint32_t flags = 0;
   int dmask, dim;
   if ((st = build_mimg_modifiers(b, bvh, &flags, &dmask, &dim)) != RDNA_OK)
      return st;
   bool a16 = flags & RDNA_FLAG_A16;
   if (!bvh && dim < 0)
      return build_fail(b, stmt->column, RDNA_SYNTAX, "dim modifier is required on this GPU");
   if (bvh)
      dim = 0;

   /* The descriptors first: fit_operand works on the slot of the same index. */
   if ((st = fit_operand(b, 2, ACCEPT_SGPR)) != RDNA_OK)
      return st;
   struct rdna_operand srsrc = inst->operands[2], ssamp = { 0 };
   if (srsrc.reg == RDNA_REG_NULL || srsrc.reg % 4 || !srsrc_field_ok(srsrc.reg / 4u, srsrc.width))
      return build_fail(b, stmt->operands[2].column, RDNA_INVALID_OPERAND,
                        "srsrc must be %u SGPRs starting at a multiple of 4", srsrc.width);
   if (has_sampler(info)) {
      if ((st = fit_operand(b, 3, ACCEPT_SGPR)) != RDNA_OK)
         return st;
      ssamp = inst->operands[3];
      if (ssamp.reg == RDNA_REG_NULL || ssamp.reg % 4 || !srsrc_field_ok(ssamp.reg / 4u, 4))
         return build_fail(b, stmt->operands[3].column, RDNA_INVALID_OPERAND,
                           "ssamp must be 4 SGPRs starting at a multiple of 4");
   }

   /* vdata: as many VGPRs as dmask, d16 and tfe ask for. */
   const struct parsed_operand *pdata = &stmt->operands[0];
   if (pdata->kind != PARSED_REG || pdata->reg < RDNA_REG_VGPR0 || pdata->mods)
      return build_fail(b, pdata->column, RDNA_INVALID_OPERAND, "expected VGPRs for vdata");
   unsigned data_width = pdata->width;
   if (bvh) {
      if (data_width != 4)
         return build_fail(b, pdata->column, RDNA_INVALID_OPERAND, "%s returns 4 VGPRs, found %u",
                           info->name, data_width);
   } else {
      const struct parsed_modifier *m;
      if ((flags & RDNA_FLAG_D16) && (info->flags & MIMG_NO_D16))
         return build_fail(b, (m = build_modifier(b, "d16")) ? m->column : stmt->column,
                           RDNA_INVALID_OPERAND, "%s takes no d16", info->name);
      if ((info->flags & VMEM_ATOMIC) && dmask != 1 && dmask != 3 && dmask != 15)
         return build_fail(b, (m = build_modifier(b, "dmask")) ? m->column : stmt->column,
                           RDNA_INVALID_OPERAND, "invalid atomic image dmask 0x%x", dmask);
      if (is_gather4(info) && (dmask == 0 || (dmask & (dmask - 1))))
         return build_fail(b, (m = build_modifier(b, "dmask")) ? m->column : stmt->column,
                           RDNA_INVALID_OPERAND,
                           "invalid image_gather dmask 0x%x: only one bit must be set", dmask);
      if (strcmp(info->name, "image_msaa_load") == 0 && dim != DIM_2D_MSAA &&
          dim != DIM_2D_MSAA_ARRAY)
         return build_fail(b, (m = build_modifier(b, "dim")) ? m->column : stmt->column,
                           RDNA_INVALID_OPERAND, "invalid dim; must be MSAA type");
      if (!data_size_exists(info, data_width))
         return build_fail(b, pdata->column, RDNA_INVALID_OPERAND,
                           "%s has no form with %u data VGPRs", info->name, data_width);
      unsigned want =
         data_size(info, (unsigned)dmask, flags & RDNA_FLAG_D16, flags & RDNA_FLAG_TFE);
      if (data_width != want)
         return build_fail(b, stmt->column, RDNA_INVALID_OPERAND,
                           "image data size does not match dmask and tfe: expected %u VGPRs, "
                           "found %u",
                           want, data_width);
   }

   /* vaddr: the range llvm-mc-14 expects for dim and a16, or an NSA list of that length. */
   uint16_t regs[MAX_NSA_ADDRESSES];
   unsigned count = 0;
   bool nsa;
   const struct parsed_operand *paddr = &stmt->operands[1];
   if ((st = build_addresses(b, paddr, regs, &count, &nsa)) != RDNA_OK)
      return st;
   unsigned want = mimg_address_count(&layout, (unsigned)dim, a16);
   bool exists, matches;
   if (bvh) {
      exists = nsa ? count == want : count == (want > 8 ? 16u : 8u);
      matches = true;
   } else if (nsa) {
      exists = nsa_size_exists(&layout, count);
      matches = count == want;
   } else {
      exists = range_size_exists(&layout, count);
      unsigned regs_wanted = want > 8 ? 16 : want;
      /* llvm-mc-14 also takes 8 VGPRs for 5-7 addresses (older register-class rounding). */
      matches = count == regs_wanted || (count == 8 && want >= 5 && want <= 7);
   }
   if (!exists)
      return build_fail(b, paddr->column, RDNA_INVALID_OPERAND,
                        "%s has no form with %u address VGPRs", info->name, count);
   if (!matches)
      return build_fail(b, stmt->column, RDNA_INVALID_OPERAND,
                        "image address size does not match dim and a16: expected %u, found %u",
                        want, count);

   /* Lay the operands out: vdata, addresses, srsrc, ssamp. */
   unsigned n = 0;
   struct rdna_operand *o = &inst->operands[n++];
   o->reg = pdata->reg;
   o->width = (uint8_t)data_width;
   o->role = info->slots[0].role;
   o->type = info->slots[0].type;
   o->mods = 0;
   o->value = 0;
   for (unsigned i = 0; i < (nsa ? count : 1); i++) {
      o = &inst->operands[n++];
      o->reg = regs[i];
      o->width = (uint8_t)(nsa ? 1 : count);
      o->role = info->slots[1].role;
      o->type = info->slots[1].type;
      o->mods = 0;
      o->value = 0;
   }
   inst->operands[n++] = srsrc;
   if (has_sampler(info))
      inst->operands[n++] = ssamp;
   inst->num_operands = (uint8_t)n;
   if (nsa)
      flags |= RDNA_FLAG_NSA;
   inst->mod.flags = flags;
   inst->mod.dmask = (uint8_t)dmask;
   inst->mod.dim = (uint8_t)dim;
   return RDNA_OK;
}
