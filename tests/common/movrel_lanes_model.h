/* A host model of the DPP16, DPP8 and SDWA forms of the relative moves (docs/relative.md), for
 * the interpreter's and the recompiler's tests: random instructions with their llvm-mc text, and
 * the wave state they leave, computed here from the rules as written (RDNA2 ISA guide: the VOP1
 * relative moves; the DPP16 row and bank masks, bound_ctrl and fetch-inactive rules; DPP8's lane
 * selects; SDWA's selects and dst_unused) and DESIGN.md's out-of-range rules, independently of
 * both implementations. */
#ifndef RDNA_TESTS_COMMON_MOVREL_LANES_MODEL_H
#define RDNA_TESTS_COMMON_MOVREL_LANES_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ML_VGPRS 24
#define ML_LANES 64

struct ml_state {
   uint32_t v[ML_VGPRS][ML_LANES];
   uint64_t exec;
   unsigned wave;
};

enum ml_op {
   ML_MOVRELS,
   ML_MOVRELD,
   ML_MOVRELSD,
   ML_MOVRELSD_2,
   ML_OPS
};
enum ml_form {
   ML_DPP16,
   ML_DPP8,
   ML_SDWA,
   ML_FORMS
};
enum ml_ctrl {
   ML_QUAD_PERM,
   ML_ROW_SHL,
   ML_ROW_SHR,
   ML_ROW_ROR,
   ML_ROW_MIRROR,
   ML_ROW_HALF_MIRROR,
   ML_ROW_SHARE,
   ML_ROW_XMASK,
   ML_CTRLS
};

struct ml_inst {
   enum ml_op op;
   enum ml_form form;
   unsigned d, s;
   uint32_t m0;
   /* DPP16 */
   enum ml_ctrl ctrl;
   unsigned n, quad[4], row_mask, bank_mask;
   bool bound_ctrl, fi;
   /* DPP8 */
   unsigned sel[8];
   /* SDWA: selects 0-3 bytes, 4-5 words, 6 dword; dst_unused 0 pad, 1 sext, 2 preserve */
   unsigned src_sel, dst_sel, dst_unused;
   bool sext;
};

static inline uint32_t ml_initial(unsigned reg, unsigned lane)
{
   return (uint32_t)((lane * 0x9e3779b1ull + reg * 0x7f4a7c15ull + 0x1234) & 0xffffffffu);
}

/* The [init] expression of ml_initial. */
#define ML_INIT_EXPR "(lane * 0x9e3779b1 + reg * 0x7f4a7c15 + 0x1234) & 0xffffffff"

static inline void ml_init(struct ml_state *st, unsigned wave, uint64_t exec)
{
   st->wave = wave;
   st->exec = wave == 32 ? exec & 0xffffffffull : exec;
   for (unsigned r = 0; r < ML_VGPRS; r++)
      for (unsigned lane = 0; lane < ML_LANES; lane++)
         st->v[r][lane] = ml_initial(r, lane);
}

static inline uint32_t ml_next(uint32_t *seed)
{
   *seed = *seed * 1664525u + 1013904223u;
   return *seed >> 8;
}

/* A random instruction: registers anywhere in the allocation, M0 in range, past it, huge, or
 * with bits outside v_movrelsd_2's fields. */
static inline struct ml_inst ml_random(uint32_t *seed)
{
   struct ml_inst in;
   memset(&in, 0, sizeof(in));
   in.op = (enum ml_op)(ml_next(seed) % ML_OPS);
   in.form = (enum ml_form)(ml_next(seed) % ML_FORMS);
   in.d = ml_next(seed) % ML_VGPRS;
   in.s = ml_next(seed) % ML_VGPRS;
   static const uint32_t special[] = { 0,          1,          ML_VGPRS - 1, ML_VGPRS,
                                       0xffffffff, 0x80000000, 0xfc03fc05,   0x00170002 };
   unsigned pick = ml_next(seed) % 12;
   in.m0 = pick < 8 ? special[pick] : (ml_next(seed) % 12) | ((ml_next(seed) % 12) << 16);
   in.ctrl = (enum ml_ctrl)(ml_next(seed) % ML_CTRLS);
   in.n = ml_next(seed) % 16;
   if ((in.ctrl == ML_ROW_SHL || in.ctrl == ML_ROW_SHR || in.ctrl == ML_ROW_ROR) && in.n == 0)
      in.n = 1;
   for (unsigned i = 0; i < 4; i++)
      in.quad[i] = ml_next(seed) % 4;
   in.row_mask = ml_next(seed) % 3 ? 0xf : ml_next(seed) % 16;
   in.bank_mask = ml_next(seed) % 3 ? 0xf : ml_next(seed) % 16;
   in.bound_ctrl = ml_next(seed) % 2;
   in.fi = ml_next(seed) % 2;
   for (unsigned i = 0; i < 8; i++)
      in.sel[i] = ml_next(seed) % 8;
   in.src_sel = ml_next(seed) % 7;
   in.dst_sel = ml_next(seed) % 7;
   in.dst_unused = ml_next(seed) % 3;
   in.sext = ml_next(seed) % 2;
   return in;
}

/* llvm-mc text of the instruction (after an s_mov_b32 of M0). */
static inline void ml_text(const struct ml_inst *in, char *out, size_t size)
{
   static const char *const names[] = { "v_movrels_b32", "v_movreld_b32", "v_movrelsd_b32",
                                        "v_movrelsd_2_b32" };
   static const char *const sels[] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                       "WORD_0", "WORD_1", "DWORD" };
   static const char *const unused[] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE" };
   char ctrl[48];
   int len = snprintf(out, size, "  s_mov_b32 m0, 0x%x\n  ", in->m0);
   size_t at = len > 0 ? (size_t)len : 0;
   switch (in->form) {
   case ML_DPP16:
      switch (in->ctrl) {
      case ML_QUAD_PERM:
         snprintf(ctrl, sizeof(ctrl), "quad_perm:[%u,%u,%u,%u]", in->quad[0], in->quad[1],
                  in->quad[2], in->quad[3]);
         break;
      case ML_ROW_SHL:
         snprintf(ctrl, sizeof(ctrl), "row_shl:%u", in->n);
         break;
      case ML_ROW_SHR:
         snprintf(ctrl, sizeof(ctrl), "row_shr:%u", in->n);
         break;
      case ML_ROW_ROR:
         snprintf(ctrl, sizeof(ctrl), "row_ror:%u", in->n);
         break;
      case ML_ROW_MIRROR:
         snprintf(ctrl, sizeof(ctrl), "row_mirror");
         break;
      case ML_ROW_HALF_MIRROR:
         snprintf(ctrl, sizeof(ctrl), "row_half_mirror");
         break;
      case ML_ROW_SHARE:
         snprintf(ctrl, sizeof(ctrl), "row_share:%u", in->n);
         break;
      case ML_ROW_XMASK:
      default:
         snprintf(ctrl, sizeof(ctrl), "row_xmask:%u", in->n);
         break;
      }
      /* llvm-mc's bound_ctrl:0 sets the BOUND_CTRL bit (lanes without a source write 0) */
      snprintf(out + at, size - at, "%s_dpp v%u, v%u %s row_mask:0x%x bank_mask:0x%x%s%s\n",
               names[in->op], in->d, in->s, ctrl, in->row_mask, in->bank_mask,
               in->bound_ctrl ? " bound_ctrl:0" : "", in->fi ? " fi:1" : "");
      break;
   case ML_DPP8:
      snprintf(out + at, size - at, "%s_dpp v%u, v%u dpp8:[%u,%u,%u,%u,%u,%u,%u,%u]%s\n",
               names[in->op], in->d, in->s, in->sel[0], in->sel[1], in->sel[2], in->sel[3],
               in->sel[4], in->sel[5], in->sel[6], in->sel[7], in->fi ? " fi:1" : "");
      break;
   case ML_SDWA:
   default:
      snprintf(out + at, size - at, "%s_sdwa v%u, %sv%u%s dst_sel:%s dst_unused:%s src0_sel:%s\n",
               names[in->op], in->d, in->sext ? "sext(" : "", in->s, in->sext ? ")" : "",
               sels[in->dst_sel], unused[in->dst_unused], sels[in->src_sel]);
      break;
   }
}

/* The lane `lane` reads under the DPP16 control, or -1 outside its row of 16. */
static inline int ml_dpp16_source(const struct ml_inst *in, unsigned lane)
{
   int row = (int)(lane / 16) * 16, i = (int)(lane % 16), n = (int)in->n;
   switch (in->ctrl) {
   case ML_QUAD_PERM:
      return (int)(lane / 4 * 4 + in->quad[lane % 4]);
   case ML_ROW_SHL:
      return i + n < 16 ? (int)lane + n : -1;
   case ML_ROW_SHR:
      return i - n >= 0 ? (int)lane - n : -1;
   case ML_ROW_ROR:
      return row + (i - n + 16) % 16;
   case ML_ROW_MIRROR:
      return row + 15 - i;
   case ML_ROW_HALF_MIRROR:
      return (int)(lane / 8 * 8 + 7 - lane % 8);
   case ML_ROW_SHARE:
      return row + n;
   case ML_ROW_XMASK:
   default:
      return row + (i ^ n);
   }
}

static inline uint32_t ml_select(uint32_t x, unsigned sel, bool sext)
{
   if (sel == 6)
      return x;
   unsigned bits = sel < 4 ? 8 : 16, shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
   uint32_t field = (x >> shift) & ((1u << bits) - 1);
   if (sext && (field >> (bits - 1)))
      field |= ~((1u << bits) - 1);
   return field;
}

static inline uint32_t ml_place(uint32_t x, uint32_t old, unsigned sel, unsigned unused)
{
   if (sel == 6)
      return x;
   unsigned bits = sel < 4 ? 8 : 16, shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
   uint64_t mask = (((uint64_t)1 << bits) - 1) << shift;
   uint64_t field = ((uint64_t)x << shift) & mask;
   if (unused == 2)
      return (uint32_t)(field | (old & ~mask));
   if (unused == 1 && (field >> (shift + bits - 1)) & 1)
      field |= ~(((uint64_t)1 << (shift + bits)) - 1);
   return (uint32_t)field;
}

static inline void ml_step(struct ml_state *st, const struct ml_inst *in)
{
   uint32_t src_off = 0, dst_off = 0;
   bool rel_src = in->op != ML_MOVRELD, rel_dst = in->op != ML_MOVRELS;
   switch (in->op) {
   case ML_MOVRELS:
   case ML_MOVRELD:
   case ML_MOVRELSD:
      src_off = dst_off = in->m0;
      break;
   case ML_MOVRELSD_2:
   default:
      src_off = in->m0 & 0x3ff;
      dst_off = (in->m0 >> 16) & 0x3ff;
      break;
   }
   unsigned src = in->s, dst = in->d;
   if (rel_src)
      src = (uint64_t)in->s + src_off < ML_VGPRS ? in->s + src_off : 0;
   if (rel_dst) {
      if ((uint64_t)in->d + dst_off >= ML_VGPRS)
         return;
      dst = in->d + dst_off;
   }
   uint32_t source[ML_LANES];
   memcpy(source, st->v[src], sizeof(source));
   for (unsigned lane = 0; lane < st->wave; lane++) {
      if (!((st->exec >> lane) & 1))
         continue;
      uint32_t value;
      if (in->form == ML_DPP16) {
         if (!((in->row_mask >> (lane / 16)) & 1) || !((in->bank_mask >> (lane % 16 / 4)) & 1))
            continue;
         int from = ml_dpp16_source(in, lane);
         bool valid = from >= 0 && (in->fi || ((st->exec >> from) & 1));
         if (!valid && !in->bound_ctrl)
            continue;
         value = valid ? source[from] : 0;
      } else if (in->form == ML_DPP8) {
         unsigned from = lane / 8 * 8 + in->sel[lane % 8];
         value = in->fi || ((st->exec >> from) & 1) ? source[from] : 0;
      } else {
         value = ml_place(ml_select(source[lane], in->src_sel, in->sext), st->v[dst][lane],
                          in->dst_sel, in->dst_unused);
      }
      st->v[dst][lane] = value;
   }
}

#endif
