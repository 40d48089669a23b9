/* The random program generator (include/rdna/gen.h): picks rows of the instruction table, writes
 * their operands as llvm-mc text from the rows' operand slots, and keeps an instruction only when
 * it parses, encodes, decodes back to its row and prints (the printed text goes into the case).
 * Branches, loops and the program's frame are written here directly. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"
#include "rdna/gen.h"

/* Registers the random instructions never write: s0-s7 (buffer address, a zero scratch offset
 * in s[2:3], the V#), the loop counters, the link pair, v0-v3 (lane id, byte offset, 64-bit
 * address). */
#define FIRST_FREE_SGPR 8
#define LAST_FREE_SGPR 99
#define LOOP_COUNTER_SGPR 100 /* s100 + nesting depth */
#define LINK_SGPR 104         /* s[104:105]: the return address of calls */
#define MAX_FUNCTIONS 3
#define MAX_CALL_PROGRAM 10000
#define MAX_LOOP_DEPTH 3
#define FIRST_FREE_VGPR 4
#define GEN_VGPRS 48
#define BUFFER_BYTES 8192
#define LANE_STRIDE 16 /* bytes between lanes' addresses: room for a dwordx4 each */
#define MAX_PENDING_LABELS 16
#define ATTEMPTS 32

/* ---- output text and random numbers -----------------------------------------------------------
 */

struct out {
   char *text;
   size_t len, cap;
   bool failed;
};

static void out_printf(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(struct out *o, const char *fmt, ...)
{
   if (o->failed)
      return;
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(o->text + o->len, o->cap - o->len, fmt, ap);
      va_end(ap);
      if (n < 0) {
         o->failed = true;
         return;
      }
      if ((size_t)n < o->cap - o->len) {
         o->len += (size_t)n;
         return;
      }
      size_t cap = (o->cap + (size_t)n + 1) * 2;
      char *text = realloc(o->text, cap);
      if (!text) {
         o->failed = true;
         return;
      }
      o->text = text;
      o->cap = cap;
   }
}

struct rng {
   uint64_t state;
};

/* splitmix64: a fixed sequence per seed on every host. */
static uint64_t rng_next(struct rng *r)
{
   uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static unsigned rng_below(struct rng *r, unsigned n)
{
   return n ? (unsigned)(rng_next(r) % n) : 0;
}

/* True with probability percent/100. */
static bool rng_chance(struct rng *r, unsigned percent)
{
   return rng_below(r, 100) < percent;
}

/* ---- candidate rows -----------------------------------------------------------------------------
 */

struct gen {
   struct rdna_isa_config isa;
   struct rng rng;
   unsigned classes;
   unsigned *ops; /* candidate rows */
   unsigned num_ops;
   struct out *out;
   unsigned next_label;
};

static bool has_float_slot(const struct op_info *info)
{
   for (unsigned i = 0; i < info->num_slots; i++)
      if (type_is_float(info->slots[i].type))
         return true;
   return false;
}

/* Rows a random instruction may be: no control transfer (branches and loops are written here),
 * nothing that ends the wave or traps, no messages, and only the classes asked for. */
static bool is_candidate(const struct gen *g, unsigned op)
{
   const struct op_info *info = op_info(op);
   if (!info || !op_on_target(op, g->isa.target))
      return false;
   if (info->flags & (BRANCH | JUMP | CALL | ENDPGM))
      return false;
   static const char *const excluded[] = {
      "s_trap",
      "s_code_end",
      "s_sendmsg",
      "s_sendmsghalt",
      "s_sethalt",
      "s_setkill",
      "s_cbranch_join",
      "s_subvector_loop_begin",
      "s_subvector_loop_end",
      "s_barrier",
      "s_icache_inv",
      "s_wakeup",
   };
   for (size_t i = 0; i < sizeof(excluded) / sizeof(excluded[0]); i++)
      if (strcmp(info->name, excluded[i]) == 0)
         return false;
   /* Float atomics name their float data in the mnemonic (fcmpswap_x2 holds b128). */
   bool is_float = has_float_slot(info) || strstr(info->name, "_atomic_f") != NULL;
   switch (info->format) {
   case RDNA_FMT_SOP1:
   case RDNA_FMT_SOP2:
   case RDNA_FMT_SOPK:
   case RDNA_FMT_SOPC:
   case RDNA_FMT_SOPP:
      return (g->classes & RDNA_GEN_SALU) != 0;
   case RDNA_FMT_SMEM:
      return (g->classes & RDNA_GEN_SMEM) != 0;
   case RDNA_FMT_VOP1:
   case RDNA_FMT_VOP2:
   case RDNA_FMT_VOP3:
      return is_float ? (g->classes & RDNA_GEN_VALU_FLOAT) != 0
                      : (g->classes & RDNA_GEN_VALU_INT) != 0;
   case RDNA_FMT_VOPC:
      return is_float ? (g->classes & RDNA_GEN_VALU_FLOAT) != 0
                      : (g->classes & RDNA_GEN_VCMP_INT) != 0;
   case RDNA_FMT_MUBUF:
   case RDNA_FMT_MTBUF:
   case RDNA_FMT_FLAT:
   case RDNA_FMT_GLOBAL:
   case RDNA_FMT_SCRATCH:
      if (is_float && !(g->classes & RDNA_GEN_VALU_FLOAT))
         return false;
      return (g->classes & RDNA_GEN_VMEM) != 0;
   default:
      return false;
   }
}

/* ---- operand text -------------------------------------------------------------------------------
 */

struct line {
   char text[192];
   size_t len;
};

static void put(struct line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct line *l, const char *fmt, ...)
{
   if (l->len >= sizeof(l->text))
      return;
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(l->text + l->len, sizeof(l->text) - l->len, fmt, ap);
   va_end(ap);
   if (n > 0)
      l->len += (size_t)n;
}

static void put_sgpr_range(struct line *l, unsigned first, unsigned width)
{
   if (width == 1)
      put(l, "s%u", first);
   else
      put(l, "s[%u:%u]", first, first + width - 1);
}

static void put_vgpr_range(struct line *l, unsigned first, unsigned width)
{
   if (width == 1)
      put(l, "v%u", first);
   else
      put(l, "v[%u:%u]", first, first + width - 1);
}

/* An SGPR range of `width` starting at a multiple of its alignment (2 for pairs, 4 above) within
 * [lo, hi]. */
static unsigned pick_sgpr(struct gen *g, unsigned lo, unsigned hi, unsigned width)
{
   unsigned align = width == 1 ? 1 : width == 2 ? 2 : 4;
   unsigned first = (lo + align - 1) / align * align;
   unsigned slots = hi + 1 >= first + width ? (hi + 1 - first - width) / align + 1 : 1;
   return first + rng_below(&g->rng, slots) * align;
}

/* A scalar destination: mostly free SGPRs, now and then VCC, M0, null or EXEC. */
static void put_scalar_dst(struct gen *g, struct line *l, unsigned width)
{
   unsigned r = rng_below(&g->rng, 100);
   if (width == 1) {
      if (r < 4)
         put(l, "%s", rng_chance(&g->rng, 50) ? "vcc_lo" : "vcc_hi");
      else if (r < 7)
         put(l, "m0");
      else if (r < 9)
         put(l, "null");
      else if (r < 10)
         put(l, "exec_lo");
      else
         put_sgpr_range(l, pick_sgpr(g, FIRST_FREE_SGPR, LAST_FREE_SGPR, 1), 1);
      return;
   }
   if (width == 2 && r < 5)
      put(l, "vcc");
   else if (width == 2 && r < 6)
      put(l, "exec");
   else
      put_sgpr_range(l, pick_sgpr(g, FIRST_FREE_SGPR, LAST_FREE_SGPR, width), width);
}

static const char *const inline_floats[] = { "0.5", "-0.5", "1.0", "-1.0",
                                             "2.0", "-2.0", "4.0", "-4.0" };

/* A scalar source: any SGPR, a named register, an inline constant or a literal. Register-only
 * slots get a register. */
static void put_scalar_src(struct gen *g, struct line *l, unsigned width, bool register_only)
{
   unsigned r = rng_below(&g->rng, 100);
   if (register_only || r < 55) {
      put_sgpr_range(l, pick_sgpr(g, 0, 105, width), width);
   } else if (r < 62) {
      static const char *const one[] = { "vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "m0" };
      static const char *const two[] = { "vcc", "exec" };
      if (width == 1)
         put(l, "%s", one[rng_below(&g->rng, 5)]);
      else if (width == 2)
         put(l, "%s", two[rng_below(&g->rng, 2)]);
      else
         put_sgpr_range(l, pick_sgpr(g, 0, 105, width), width);
   } else if (r < 85) {
      put(l, "%d", (int)rng_below(&g->rng, 81) - 16);
   } else if (r < 88) {
      put(l, "%s", inline_floats[rng_below(&g->rng, 8)]);
   } else if (r < 90) {
      static const char *const special[] = { "src_scc", "src_vccz", "src_execz" };
      put(l, "%s", special[rng_below(&g->rng, 3)]);
   } else {
      uint32_t literal = (uint32_t)rng_next(&g->rng);
      if (rng_chance(&g->rng, 50))
         literal >>= rng_below(&g->rng, 32);
      put(l, "0x%x", literal);
   }
}

static void put_vector_src(struct gen *g, struct line *l, unsigned width, bool register_only)
{
   if (rng_chance(&g->rng, 55))
      put_vgpr_range(l, rng_below(&g->rng, GEN_VGPRS - width + 1), width);
   else
      put_scalar_src(g, l, width, register_only);
}

static void put_vector_dst(struct gen *g, struct line *l, unsigned width)
{
   put_vgpr_range(l, FIRST_FREE_VGPR + rng_below(&g->rng, GEN_VGPRS - FIRST_FREE_VGPR - width + 1),
                  width);
}

/* hwreg(id, offset, size) of an existing hardware register. */
static void put_hwreg(struct gen *g, struct line *l)
{
   static const unsigned ids[] = { 1, 2, 3, 4, 5, 6, 7, 15, 16, 17, 18, 19, 20, 21, 22, 23, 29 };
   unsigned offset = rng_below(&g->rng, 32);
   unsigned size = 1 + rng_below(&g->rng, 32 - offset);
   put(l, "hwreg(%u, %u, %u)", ids[rng_below(&g->rng, sizeof(ids) / sizeof(ids[0]))], offset, size);
}

/* An immediate of the slot's kind. */
static void put_immediate(struct gen *g, struct line *l, const char *mnemonic, unsigned type)
{
   switch (type) {
   case RDNA_TYPE_hwreg:
      put_hwreg(g, l);
      return;
   case RDNA_TYPE_waitcnt:
      put(l, "vmcnt(%u) expcnt(%u) lgkmcnt(%u)", rng_below(&g->rng, 64), rng_below(&g->rng, 8),
          rng_below(&g->rng, 64));
      return;
   case RDNA_TYPE_simm16:
      put(l, "%d", (int)rng_below(&g->rng, 65536) - 32768);
      return;
   case RDNA_TYPE_imm32:
      put(l, "0x%x", (uint32_t)rng_next(&g->rng));
      return;
   case RDNA_TYPE_imm21:
      put(l, "0x%x", rng_below(&g->rng, 64) * 16);
      return;
   default:
      /* s_nop, s_sleep and the prefetch/clause rows take small values; others 16 bits. */
      if (strcmp(mnemonic, "s_nop") == 0 || strcmp(mnemonic, "s_sleep") == 0 ||
          strcmp(mnemonic, "s_clause") == 0 || strcmp(mnemonic, "s_inst_prefetch") == 0)
         put(l, "%u", rng_below(&g->rng, 4));
      else if (rng_chance(&g->rng, 50))
         put(l, "%u", rng_below(&g->rng, 65));
      else
         put(l, "0x%x", rng_below(&g->rng, 65536));
      return;
   }
}

/* ---- one random instruction ---------------------------------------------------------------------
 */

static bool is_store(const char *name)
{
   return strstr(name, "_store") != NULL;
}

/* Memory instruction text: every form addresses the buffer through the reserved registers. */
static void write_memory(struct gen *g, const struct op_info *info, struct line *l)
{
   bool atomic = strstr(info->name, "_atomic") != NULL;
   bool store = is_store(info->name);
   unsigned data_width = 1;
   for (unsigned i = 0; i < info->num_slots; i++)
      if (info->slots[i].role == RDNA_ROLE_vdata || info->slots[i].role == RDNA_ROLE_vdst)
         data_width = type_width(info->slots[i].type, g->isa.wave_size);
   bool returns =
      !store && (!atomic || rng_chance(&g->rng, 50) || (info->flags & RDNA_OP_FLAG_EXTRA2) != 0);
   unsigned offset = rng_below(&g->rng, 64) * LANE_STRIDE;
   put(l, "%s ", info->name);
   if (info->num_slots == 0)
      return;
   if (info->format == RDNA_FMT_MUBUF || info->format == RDNA_FMT_MTBUF) {
      if (returns)
         put_vector_dst(g, l, data_width);
      else
         put_vector_src(g, l, data_width, true);
      unsigned mode = rng_below(&g->rng, 4);
      static const char *const vaddr[] = { "off", "v1", "v0", "v[0:1]" };
      static const char *const enables[] = { "", " offen", " idxen", " idxen offen" };
      put(l, ", %s, s[4:7], %u", vaddr[mode],
          rng_chance(&g->rng, 80) ? 0 : 16 * (1 + rng_below(&g->rng, 4)));
      if (info->format == RDNA_FMT_MTBUF) {
         static const char *const formats[] = { "BUF_FMT_32_FLOAT",     "BUF_FMT_32_UINT",
                                                "BUF_FMT_8_UINT",       "BUF_FMT_16_16_UINT",
                                                "BUF_FMT_8_8_8_8_UINT", "BUF_FMT_32_32_UINT" };
         put(l, " format:[%s]", formats[rng_below(&g->rng, 6)]);
      }
      put(l, "%s", enables[mode]);
      if (offset)
         put(l, " offset:%u", offset);
   } else {
      bool saddr = info->format == RDNA_FMT_GLOBAL && rng_chance(&g->rng, 50);
      const char *address = info->format == RDNA_FMT_SCRATCH ? "v1" : saddr ? "v1" : "v[2:3]";
      if (store || (atomic && !returns)) {
         put(l, "%s, ", address);
         put_vector_src(g, l, data_width, true);
      } else if (atomic) {
         put_vector_dst(g, l, data_width);
         put(l, ", %s, ", address);
         /* An atomic's data may be wider than its return (cmpswap). */
         unsigned source_width = data_width;
         for (unsigned i = 0; i < info->num_slots; i++)
            if (info->slots[i].role == RDNA_ROLE_vdata)
               source_width = type_width(info->slots[i].type, g->isa.wave_size);
         put_vector_src(g, l, source_width, true);
      } else {
         put_vector_dst(g, l, data_width);
         put(l, ", %s", address);
      }
      if (info->format == RDNA_FMT_GLOBAL)
         put(l, ", %s", saddr ? "s[0:1]" : "off");
      else if (info->format == RDNA_FMT_SCRATCH)
         put(l, ", off");
      if (offset)
         put(l, " offset:%u", offset);
   }
   if (atomic && returns)
      put(l, " glc");
   else if (!atomic && rng_chance(&g->rng, 10))
      put(l, " glc");
}

static void write_smem(struct gen *g, const struct op_info *info, struct line *l)
{
   put(l, "%s", info->name);
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *s = &info->slots[i];
      put(l, "%s", i ? ", " : " ");
      unsigned width = type_width(s->type, g->isa.wave_size);
      switch (s->role) {
      case RDNA_ROLE_sbase:
         /* s_scratch_* take a scratch offset: s[2:3] is never written and starts at 0. */
         put(l, "%s",
             width == 4                                 ? "s[4:7]"
             : strncmp(info->name, "s_scratch", 9) == 0 ? "s[2:3]"
                                                        : "s[0:1]");
         break;
      case RDNA_ROLE_offset:
      case RDNA_ROLE_soffset:
         put(l, "0x%x", rng_below(&g->rng, 64) * 16);
         break;
      default:
         if (width)
            put_scalar_dst(g, l, width);
         else
            put_immediate(g, l, info->name, s->type);
         break;
      }
   }
}

/* Generic operands from the row's slots: SALU and VALU rows. */
static void write_alu(struct gen *g, const struct op_info *info, struct line *l)
{
   bool vector = info->format == RDNA_FMT_VOP1 || info->format == RDNA_FMT_VOP2 ||
                 info->format == RDNA_FMT_VOPC || info->format == RDNA_FMT_VOP3;
   bool vop3 = info->format == RDNA_FMT_VOP3;
   put(l, "%s", info->name);
   if (vector && !vop3 && !(info->flags & NO_VOP3) && rng_chance(&g->rng, 35)) {
      put(l, "_e64");
      vop3 = true;
   }
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *s = &info->slots[i];
      if (!vop3 && (info->flags & TIED_SRC2) && s->role == RDNA_ROLE_src2)
         continue;
      put(l, "%s", i ? ", " : " ");
      unsigned width = type_width(s->type, g->isa.wave_size);
      /* The movrel rows read their source relative to it: a register, not a constant. */
      bool register_only =
         (s->flags & SLOT_REG) != 0 || ((info->flags & R_M0) && info->format == RDNA_FMT_SOP1);
      switch (s->role) {
      case RDNA_ROLE_sdst:
         if (width == 0)
            put_immediate(g, l, info->name, s->type);
         else if (vector && !vop3)
            put(l, "%s", g->isa.wave_size == 64 ? "vcc" : "vcc_lo");
         else if (register_only) /* a movrel destination: the M0 offset (< 4) stays free */
            put_sgpr_range(l, pick_sgpr(g, FIRST_FREE_SGPR, LAST_FREE_SGPR - 4, width), width);
         else
            put_scalar_dst(g, l, width);
         break;
      case RDNA_ROLE_vdst:
         put_vector_dst(g, l, width);
         break;
      case RDNA_ROLE_src2:
         if (vector && !vop3 && s->type == RDNA_TYPE_mask) {
            put(l, "%s", g->isa.wave_size == 64 ? "vcc" : "vcc_lo");
            break;
         }
         /* fall through */
      case RDNA_ROLE_src0:
      case RDNA_ROLE_src1:
         if (vector && s->role == RDNA_ROLE_src0 && strncmp(info->name, "v_swap", 6) == 0)
            put_vector_dst(g, l, width); /* v_swap_b32 and v_swaprel_b32 write src0 too */
         else if (vector)
            put_vector_src(g, l, width, register_only);
         else
            put_scalar_src(g, l, width, register_only);
         break;
      case RDNA_ROLE_ssrc0:
      case RDNA_ROLE_ssrc1:
         put_scalar_src(g, l, width, register_only);
         break;
      case RDNA_ROLE_k:
         put(l, "0x%x", (uint32_t)rng_next(&g->rng));
         break;
      default:
         put_immediate(g, l, info->name, s->type);
         break;
      }
   }
   if (vop3 && (info->flags & RDNA_OP_FLAG_EXTRA2) && rng_chance(&g->rng, 15))
      put(l, " clamp");
}

/* Parses, encodes, decodes and prints the text; true when it is a valid instruction of row `op`,
 * with its canonical text in `printed`. */
static bool validate(const struct gen *g, unsigned op, const char *text, char *printed, size_t size)
{
   struct rdna_inst inst, back;
   struct rdna_diag diag;
   /* DPP and SDWA forms are a class of their own: only e32 and VOP3 encodings here. */
   if (rdna_parse(&g->isa, text, &inst, &diag) != RDNA_OK || inst.op != op ||
       inst.encoding == RDNA_FMT_DPP16 || inst.encoding == RDNA_FMT_DPP8 ||
       inst.encoding == RDNA_FMT_SDWA)
      return false;
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words = 0;
   if (rdna_encode(&g->isa, &inst, words, &num_words, &diag) != RDNA_OK)
      return false;
   if (rdna_decode(&g->isa, words, num_words * 4, &back, &diag) != RDNA_OK || back.op != op ||
       back.size != num_words * 4)
      return false;
   size_t n = rdna_print(&g->isa, &back, printed, size);
   return n < size;
}

/* Writes one random instruction of the candidate rows, preceded now and then (when `room`
 * allows two lines) by a small M0 for rows that index registers by M0, so relative accesses stay
 * mostly in range. Returns the lines written: 0 when no instruction could be made. */
static unsigned emit_random(struct gen *g, unsigned room)
{
   char printed[256];
   if (g->num_ops == 0)
      return 0;
   for (unsigned attempt = 0; attempt < ATTEMPTS; attempt++) {
      unsigned op = g->ops[rng_below(&g->rng, g->num_ops)];
      const struct op_info *info = op_info(op);
      struct line l = { .len = 0 };
      l.text[0] = '\0';
      switch (info->format) {
      case RDNA_FMT_MUBUF:
      case RDNA_FMT_MTBUF:
      case RDNA_FMT_FLAT:
      case RDNA_FMT_GLOBAL:
      case RDNA_FMT_SCRATCH:
         write_memory(g, info, &l);
         break;
      case RDNA_FMT_SMEM:
         write_smem(g, info, &l);
         break;
      default:
         write_alu(g, info, &l);
         break;
      }
      if (l.len >= sizeof(l.text))
         continue;
      if (validate(g, op, l.text, printed, sizeof(printed))) {
         unsigned lines = 1;
         if ((info->flags & R_M0) && room >= 2) {
            /* M0 is the offset; the movrelsd_2 rows take M0[9:0] and M0[25:16]. */
            unsigned m0 = rng_below(&g->rng, 4);
            if (strstr(info->name, "movrelsd_2"))
               m0 |= rng_below(&g->rng, 4) << 16;
            out_printf(g->out, "  s_mov_b32 m0, %u\n", m0);
            lines++;
         }
         out_printf(g->out, "  %s\n", printed);
         return lines;
      }
   }
   return 0;
}

/* ---- program structure ----------------------------------------------------------------------- */

struct pending_label {
   unsigned label;
   unsigned remaining; /* instructions before it is placed */
   unsigned depth;     /* loop nesting level it belongs to */
};

struct loop {
   unsigned label;
   unsigned remaining; /* body instructions left */
};

struct frame {
   struct pending_label pending[MAX_PENDING_LABELS];
   unsigned num_pending;
   struct loop loops[MAX_LOOP_DEPTH];
   unsigned depth;
};

/* Places this depth's pending labels whose distance ran out, or all of them when `all`. A label
 * waits while a loop nested deeper is open, so no branch enters a loop past its counter. */
static void place_labels(struct gen *g, struct frame *f, bool all)
{
   for (unsigned i = 0; i < f->num_pending;) {
      struct pending_label *p = &f->pending[i];
      if (p->depth == f->depth && (all || p->remaining == 0)) {
         out_printf(g->out, "L%u:\n", p->label);
         f->pending[i] = f->pending[--f->num_pending];
      } else {
         i++;
      }
   }
}

static void count_instruction(struct frame *f)
{
   for (unsigned i = 0; i < f->num_pending; i++)
      if (f->pending[i].remaining)
         f->pending[i].remaining--;
   for (unsigned d = 0; d < f->depth; d++)
      if (f->loops[d].remaining)
         f->loops[d].remaining--;
}

static const char *const branch_conditions[] = {
   "s_branch",        "s_cbranch_scc0",  "s_cbranch_scc1",   "s_cbranch_vccz",
   "s_cbranch_vccnz", "s_cbranch_execz", "s_cbranch_execnz",
};

/* The program: `count` instructions, the last s_endpgm. With `num_functions`, calls to the
 * leaf functions F0.. (written after s_endpgm by write_functions) appear now and then. */
static bool write_program(struct gen *g, unsigned count, unsigned num_functions)
{
   struct frame f;
   memset(&f, 0, sizeof(f));
   unsigned written = 0;
   /* Room kept at the end for closing loops (3 each) and s_endpgm. */
   while (written + 1 + 3 * f.depth < count) {
      unsigned left = count - 1 - 3 * f.depth - written;
      place_labels(g, &f, false);
      unsigned r = rng_below(&g->rng, 100);
      bool flow = (g->classes & RDNA_GEN_FLOW) != 0;
      if (flow && f.depth > 0 && f.loops[f.depth - 1].remaining == 0 && left >= 3) {
         /* Close the innermost loop: labels inside it land before its back edge. */
         place_labels(g, &f, true);
         unsigned counter = LOOP_COUNTER_SGPR + f.depth - 1;
         out_printf(g->out,
                    "  s_sub_u32 s%u, s%u, 1\n  s_cmp_lg_u32 s%u, 0\n  s_cbranch_scc1 L%u\n",
                    counter, counter, counter, f.loops[f.depth - 1].label);
         f.depth--;
         for (unsigned i = 0; i < 3; i++)
            count_instruction(&f);
         written += 3;
         continue;
      }
      if (flow && r < 3 && f.depth < MAX_LOOP_DEPTH && left >= 12) {
         unsigned body = 2 + rng_below(&g->rng, left / 2 < 40 ? left / 2 : 40);
         unsigned counter = LOOP_COUNTER_SGPR + f.depth;
         unsigned label = g->next_label++;
         out_printf(g->out, "  s_mov_b32 s%u, %u\nL%u:\n", counter, 1 + rng_below(&g->rng, 4),
                    label);
         count_instruction(&f);
         f.loops[f.depth].label = label;
         f.loops[f.depth].remaining = body;
         f.depth++;
         written++;
         continue;
      }
      if (flow && r < 8 && f.num_pending < MAX_PENDING_LABELS && left >= 4) {
         unsigned label = g->next_label++;
         unsigned distance = 1 + rng_below(&g->rng, 8);
         if (f.depth > 0 && distance > f.loops[f.depth - 1].remaining)
            distance = f.loops[f.depth - 1].remaining;
         out_printf(g->out, "  %s L%u\n",
                    branch_conditions[rng_below(&g->rng, sizeof(branch_conditions) /
                                                            sizeof(branch_conditions[0]))],
                    label);
         count_instruction(&f);
         f.pending[f.num_pending++] = (struct pending_label){ label, distance, f.depth };
         written++;
         continue;
      }
      if (flow && num_functions && r >= 10 && r < 12) {
         out_printf(g->out, "  s_call_b64 s[%u:%u], F%u\n", LINK_SGPR, LINK_SGPR + 1,
                    rng_below(&g->rng, num_functions));
         count_instruction(&f);
         written++;
         continue;
      }
      if (r < 10 && rng_chance(&g->rng, 30)) {
         /* Re-enable lanes now and then so EXEC = 0 does not silence the rest of the program. */
         if (g->isa.wave_size == 64)
            out_printf(g->out, "  s_mov_b64 exec, -1\n");
         else
            out_printf(g->out, "  s_mov_b32 exec_lo, 0x%x\n", (uint32_t)rng_next(&g->rng) | 1u);
         count_instruction(&f);
         written++;
      } else {
         unsigned lines = emit_random(g, left);
         if (lines == 0) {
            out_printf(g->out, "  s_nop 0\n");
            lines = 1;
         }
         for (unsigned i = 0; i < lines; i++)
            count_instruction(&f);
         written += lines;
      }
   }
   while (f.depth > 0) {
      place_labels(g, &f, true);
      unsigned counter = LOOP_COUNTER_SGPR + f.depth - 1;
      out_printf(g->out, "  s_sub_u32 s%u, s%u, 1\n  s_cmp_lg_u32 s%u, 0\n  s_cbranch_scc1 L%u\n",
                 counter, counter, counter, f.loops[f.depth - 1].label);
      f.depth--;
   }
   place_labels(g, &f, true);
   out_printf(g->out, "  s_endpgm\n");
   return !g->out->failed;
}

/* Leaf functions after the program's s_endpgm: F<i> holds lengths[i] instructions, random ones
 * and then the return through the link pair. No loops or branches inside: a function returns. */
static bool write_functions(struct gen *g, const unsigned *lengths, unsigned num_functions)
{
   for (unsigned i = 0; i < num_functions; i++) {
      out_printf(g->out, "F%u:\n", i);
      unsigned written = 0;
      while (written + 1 < lengths[i]) {
         unsigned lines = emit_random(g, lengths[i] - 1 - written);
         if (lines == 0) {
            out_printf(g->out, "  s_nop 0\n");
            lines = 1;
         }
         written += lines;
      }
      out_printf(g->out, "  s_setpc_b64 s[%u:%u]\n", LINK_SGPR, LINK_SGPR + 1);
   }
   return !g->out->failed;
}

static const struct {
   const char *name;
   unsigned bits;
} class_names[] = {
   { "salu", RDNA_GEN_SALU },        { "smem", RDNA_GEN_SMEM }, { "valu", RDNA_GEN_VALU_INT },
   { "vcmp", RDNA_GEN_VCMP_INT },    { "vmem", RDNA_GEN_VMEM }, { "flow", RDNA_GEN_FLOW },
   { "float", RDNA_GEN_VALU_FLOAT },
};

bool rdna_gen_parse_features(const char *list, unsigned *classes)
{
   *classes = 0;
   const char *p = list;
   while (p && *p) {
      size_t n = strcspn(p, ",");
      bool found = n == 3 && strncmp(p, "all", 3) == 0;
      if (found)
         *classes |= RDNA_GEN_DEFAULT_CLASSES | RDNA_GEN_VALU_FLOAT;
      for (size_t i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++)
         if (strlen(class_names[i].name) == n && strncmp(p, class_names[i].name, n) == 0) {
            *classes |= class_names[i].bits;
            found = true;
         }
      if (!found)
         return false;
      p += n;
      if (*p == ',')
         p++;
   }
   return *classes != 0;
}

void rdna_gen_features_text(unsigned classes, char *out, size_t size)
{
   size_t len = 0;
   if (size)
      out[0] = '\0';
   for (size_t i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++) {
      if (!(classes & class_names[i].bits) || len >= size)
         continue;
      int n = snprintf(out + len, size - len, "%s%s", len ? "," : "", class_names[i].name);
      if (n < 0)
         return;
      len += (size_t)n;
   }
}

static enum rdna_status gen_fail(struct rdna_diag *diag, enum rdna_status status, const char *msg)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      snprintf(diag->message, sizeof(diag->message), "%s", msg);
   }
   return status;
}

enum rdna_status rdna_gen_case(const struct rdna_gen_options *options, char **text, size_t *length,
                               struct rdna_diag *diag)
{
   if (text)
      *text = NULL;
   if (length)
      *length = 0;
   if (!options || !text)
      return gen_fail(diag, RDNA_BAD_ARGUMENT, "rdna_gen_case needs options and an output");
   if ((unsigned)options->target >= RDNA_TARGET_COUNT)
      return gen_fail(diag, RDNA_BAD_ARGUMENT, "unknown target");
   if (options->wave_size != 32 && options->wave_size != 64)
      return gen_fail(diag, RDNA_BAD_ARGUMENT, "the wave size must be 32 or 64");
   if (options->count < 1 || options->count > 1000000)
      return gen_fail(diag, RDNA_BAD_ARGUMENT, "the instruction count must be 1..1000000");
   unsigned all = RDNA_GEN_DEFAULT_CLASSES | RDNA_GEN_VALU_FLOAT;
   if (options->classes & ~all)
      return gen_fail(diag, RDNA_BAD_ARGUMENT, "unknown instruction class bits");
   if (options->base % 256 != 0 || options->base >= RDNA_GEN_MAX_BASE)
      return gen_fail(diag, RDNA_BAD_ARGUMENT, "the base must be a multiple of 256 below 2^47");

   struct gen g;
   memset(&g, 0, sizeof(g));
   g.isa.target = options->target;
   g.isa.wave_size = options->wave_size;
   g.rng.state = options->seed;
   g.classes = options->classes ? options->classes : RDNA_GEN_DEFAULT_CLASSES;
   struct out o = { NULL, 0, 0, false };
   g.out = &o;
   g.ops = malloc(rdna_op_count() * sizeof(*g.ops));
   if (!g.ops)
      return gen_fail(diag, RDNA_NO_MEMORY, "out of memory");
   for (unsigned op = 0; op < rdna_op_count(); op++)
      if (is_candidate(&g, op))
         g.ops[g.num_ops++] = op;

   out_printf(&o, "# A random program: rdna gen --seed %llu --count %u --target %s --wave %u",
              (unsigned long long)options->seed, options->count, rdna_target_name(options->target),
              options->wave_size);
   if (options->classes && options->classes != RDNA_GEN_DEFAULT_CLASSES) {
      char features[64];
      rdna_gen_features_text(options->classes, features, sizeof(features));
      out_printf(&o, " --features %s", features);
   }
   if (options->base)
      out_printf(&o, " --base 0x%llx", (unsigned long long)options->base);
   if (options->variant)
      out_printf(&o, " --variant %u", options->variant);
   out_printf(&o,
              "\n# Nothing is expected of it but a status: it ends, or a fault says why.\n\n"
              "[require]\ntarget %s\nwave %u\nvgprs %u\nsteps 200000\n\n",
              rdna_target_name(options->target), options->wave_size, GEN_VGPRS);
   /* The buffer: random dwords in its first 512 bytes, zeros after. */
   if (options->base)
      out_printf(&o, "[buffer data @0x%llx]\nsize %u\n", (unsigned long long)options->base,
                 BUFFER_BYTES);
   else
      out_printf(&o, "[buffer data]\nsize %u\n", BUFFER_BYTES);
   /* A variant draws its data from a second generator; the program's stays as the seed's. */
   struct rng data = { options->seed ^ ((uint64_t)options->variant * 0x9e3779b97f4a7c15ull) };
   struct rng *values = options->variant ? &data : &g.rng;
   for (unsigned i = 0; i < 128; i += 8) {
      out_printf(&o, "u32");
      for (unsigned j = 0; j < 8; j++) {
         uint32_t program_draw = (uint32_t)rng_next(&g.rng);
         out_printf(&o, " 0x%08x", options->variant ? (uint32_t)rng_next(&data) : program_draw);
      }
      out_printf(&o, "\n");
   }
   if (options->base)
      out_printf(&o, "\n[program main @0x%llx]\n",
                 (unsigned long long)(options->base + BUFFER_BYTES));
   else
      out_printf(&o, "\n[program]\n");
   /* Up to three leaf functions take a tenth of the instructions or less. s_call_b64 reaches
    * 32767 dwords: programs of at most MAX_CALL_PROGRAM instructions (3 dwords at most each). */
   unsigned num_functions = 0, lengths[MAX_FUNCTIONS], main_count = options->count;
   if ((g.classes & RDNA_GEN_FLOW) && options->count >= 60 && options->count <= MAX_CALL_PROGRAM) {
      num_functions = 1 + rng_below(&g.rng, MAX_FUNCTIONS);
      for (unsigned i = 0; i < num_functions; i++) {
         lengths[i] = 2 + rng_below(&g.rng, options->count / (10 * num_functions) - 1);
         main_count -= lengths[i];
      }
   }
   if (!write_program(&g, main_count, num_functions) ||
       !write_functions(&g, lengths, num_functions)) {
      free(o.text);
      free(g.ops);
      return gen_fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   uint64_t exec = rng_next(values);
   if (rng_chance(values, 50))
      exec = ~0ull;
   out_printf(&o,
              "\n[init]\n"
              "s[0:1] = &data\n"
              "s[4:7] = vsharp(&data, records=%u)\n"
              "v0 = lane\n"
              "v1 = lane * %u\n"
              "v[2:3] = &data + lane * %u\n",
              BUFFER_BYTES, LANE_STRIDE, LANE_STRIDE);
   if (options->variant)
      out_printf(&o, "v[4:%u] = ((lane + 1) * 0x%08x ^ reg * 0x%08x) & 0xffffffff\n", GEN_VGPRS - 1,
                 (uint32_t)rng_next(values) | 1u, (uint32_t)rng_next(values) | 1u);
   else
      out_printf(&o, "v[4:%u] = ((lane + 1) * 0x9e3779b1 ^ reg * 0x85ebca6b) & 0xffffffff\n",
                 GEN_VGPRS - 1);
   for (unsigned s = FIRST_FREE_SGPR; s <= LAST_FREE_SGPR; s += 1 + rng_below(values, 4))
      out_printf(&o, "s%u = 0x%x\n", s, (uint32_t)rng_next(values) >> rng_below(values, 32));
   out_printf(&o, "m0 = %u\n", rng_below(values, 64));
   if (options->wave_size == 64)
      out_printf(&o, "exec = 0x%llx\n", (unsigned long long)exec);
   else
      out_printf(&o, "exec = 0x%x\n", (uint32_t)exec);
   free(g.ops);
   if (o.failed) {
      free(o.text);
      return gen_fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   *text = o.text;
   if (length)
      *length = o.len;
   return RDNA_OK;
}
