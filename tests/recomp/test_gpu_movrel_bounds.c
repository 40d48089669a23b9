/* Relative VGPR addressing at the edges of what it can reach, on the GPU in each lowering (select
 * chain, select tree, switch, window array), wave32 and wave64, against a host model of DESIGN.md
 * "Reference semantics: Relative addressing": M0 is unsigned and base + M0 is computed without
 * wrapping; an access is out of range when base + offset >= the VGPR allocation; an out-of-range
 * read returns v0 of the lane; an out-of-range write is dropped; v_swaprel writes neither side
 * unless both are in range; v_movrelsd_2 and v_swaprel take the source offset from M0[9:0] and
 * the destination offset from M0[25:16]; every write is predicated by EXEC.
 *
 * Every relative base here is v8 or above, so the registers relative accesses can reach are
 * v8..v39 (the chain, tree and switch keep those in Private variables their functions read and
 * write; the window array holds them), while v0..v7 stay ordinary registers. The program mixes
 * plain writes of reachable registers right before relative reads of them, plain reads right
 * after relative writes, the last register of the allocation, the first past it, and M0 values
 * whose sum with the base wraps in 32 bits. */
#include <criterion/criterion.h>
#include <string.h>

#include "gpu_harness.h"

#define VGPRS 40
#define LANES 64

struct model {
   uint32_t v[VGPRS][LANES];
   uint64_t exec;
   unsigned wave;
   uint32_t m0;
};

enum kind {
   SET_M0,   /* s_mov_b32 m0, imm */
   ADD,      /* v_add_nc_u32 d, s, t */
   MOV,      /* v_mov_b32 d, s */
   MOVRELS,  /* v_movrels_b32 d, s */
   MOVRELD,  /* v_movreld_b32 d, s */
   MOVRELSD, /* v_movrelsd_b32 d, s */
   MOVRELSD_2,
   SWAPREL
};

struct step {
   enum kind kind;
   unsigned d, s, t;
   uint32_t imm;
};

static const char *const names[] = { "s_mov_b32",        "v_add_nc_u32",  "v_mov_b32",
                                     "v_movrels_b32",    "v_movreld_b32", "v_movrelsd_b32",
                                     "v_movrelsd_2_b32", "v_swaprel_b32" };

/* the register base + offset names, or -1 when out of range (64-bit sum: no wrap) */
static int target(unsigned base, uint32_t offset)
{
   uint64_t reg = (uint64_t)base + offset;
   return reg < VGPRS ? (int)reg : -1;
}

static void write_lanes(struct model *m, unsigned reg, const uint32_t value[LANES])
{
   for (unsigned lane = 0; lane < m->wave; lane++)
      if ((m->exec >> lane) & 1)
         m->v[reg][lane] = value[lane];
}

/* VGPR[base + offset], or v0 when out of range */
static void read_relative(const struct model *m, unsigned base, uint32_t offset,
                          uint32_t out[LANES])
{
   int reg = target(base, offset);
   memcpy(out, m->v[reg < 0 ? 0 : reg], sizeof(m->v[0]));
}

static void model_step(struct model *m, const struct step *st)
{
   uint32_t a[LANES], b[LANES];
   uint32_t src_off = m->m0 & 0x3ff, dst_off = (m->m0 >> 16) & 0x3ff;
   int d, s;
   switch (st->kind) {
   case SET_M0:
      m->m0 = st->imm;
      break;
   case ADD:
      for (unsigned lane = 0; lane < LANES; lane++)
         a[lane] = m->v[st->s][lane] + m->v[st->t][lane];
      write_lanes(m, st->d, a);
      break;
   case MOV:
      memcpy(a, m->v[st->s], sizeof(a));
      write_lanes(m, st->d, a);
      break;
   case MOVRELS:
      read_relative(m, st->s, m->m0, a);
      write_lanes(m, st->d, a);
      break;
   case MOVRELD:
      d = target(st->d, m->m0);
      if (d >= 0) {
         memcpy(a, m->v[st->s], sizeof(a));
         write_lanes(m, (unsigned)d, a);
      }
      break;
   case MOVRELSD:
      src_off = dst_off = m->m0;
      /* fall through */
   case MOVRELSD_2:
      d = target(st->d, dst_off);
      if (d >= 0) {
         read_relative(m, st->s, src_off, a);
         write_lanes(m, (unsigned)d, a);
      }
      break;
   case SWAPREL:
      d = target(st->d, dst_off);
      s = target(st->s, src_off);
      if (d >= 0 && s >= 0) {
         memcpy(a, m->v[d], sizeof(a));
         memcpy(b, m->v[s], sizeof(b));
         write_lanes(m, (unsigned)d, b);
         write_lanes(m, (unsigned)s, a);
      }
      break;
   }
}

static void step_text(struct text *t, const struct step *st)
{
   switch (st->kind) {
   case SET_M0:
      text_add(t, "  s_mov_b32 m0, 0x%x\n", st->imm);
      break;
   case ADD:
      text_add(t, "  v_add_nc_u32 v%u, v%u, v%u\n", st->d, st->s, st->t);
      break;
   default:
      text_add(t, "  %s v%u, v%u\n", names[st->kind], st->d, st->s);
      break;
   }
}

static const struct step program[] = {
   /* a plain write of a reachable register, then a relative read of it */
   { ADD, 9, 1, 2, 0 },
   { SET_M0, 0, 0, 0, 1 },
   { MOVRELS, 3, 8, 0, 0 }, /* v3 = v9 */
   /* the last register of the allocation, written relatively, then read plainly */
   { SET_M0, 0, 0, 0, 31 },
   { MOVRELD, 8, 4, 0, 0 }, /* v39 = v4 */
   { MOV, 5, 39, 0, 0 },
   { ADD, 6, 39, 5, 0 },
   /* the first register past it: the read gives v0, the write is dropped */
   { SET_M0, 0, 0, 0, 32 },
   { MOVRELS, 7, 8, 0, 0 },  /* v7 = v0 */
   { MOVRELD, 8, 2, 0, 0 },  /* dropped */
   { MOVRELSD, 8, 9, 0, 0 }, /* destination v40: dropped */
   /* M0 whose 32-bit sum with the base wraps to a register in range: still out of range */
   { SET_M0, 0, 0, 0, 0xffffffffu },
   { MOVRELS, 2, 9, 0, 0 }, /* v2 = v0 */
   { MOVRELD, 9, 1, 0, 0 }, /* dropped (9 + M0 wraps to 8) */
   { SET_M0, 0, 0, 0, 0xfffffff9u },
   { MOVRELD, 39, 3, 0, 0 }, /* dropped (39 + M0 wraps to 32) */
   /* the lowest reachable register, M0 = 0 */
   { SET_M0, 0, 0, 0, 0 },
   { MOVRELSD, 8, 39, 0, 0 }, /* v8 = v39 */
   /* a relative write, a plain read-modify-write of its target, a relative read of it */
   { SET_M0, 0, 0, 0, 5 },
   { MOVRELD, 8, 1, 0, 0 }, /* v13 = v1 */
   { ADD, 13, 13, 2, 0 },
   { MOVRELS, 4, 8, 0, 0 }, /* v4 = v13 */
   /* v_swaprel: both in range (the last register and v10), then destination past the end */
   { SET_M0, 0, 0, 0, 31u << 16 },
   { SWAPREL, 8, 10, 0, 0 },
   { SET_M0, 0, 0, 0, (32u << 16) | 1 },
   { SWAPREL, 8, 10, 0, 0 }, /* neither written */
   { SET_M0, 0, 0, 0, (1u << 16) | 0x3ff },
   { SWAPREL, 8, 10, 0, 0 }, /* source past the end: neither written */
   /* v_movrelsd_2: source out of range alone writes v0 to the in-range destination */
   { MOVRELSD_2, 8, 10, 0, 0 }, /* v9 = v0 */
   { SET_M0, 0, 0, 0, (30u << 16) | 29 },
   { MOVRELSD_2, 9, 10, 0, 0 }, /* v39 = v39 */
   { SET_M0, 0, 0, 0, (2u << 16) | 3 },
   { MOVRELSD_2, 37, 36, 0, 0 }, /* v39 = v39 */
   { MOVRELSD_2, 36, 35, 0, 0 }, /* v38 = v38 */
   { MOVRELSD_2, 30, 12, 0, 0 }, /* v32 = v15 */
   /* read everything back through plain moves into the low registers */
   { MOV, 1, 32, 0, 0 },
   { MOV, 7, 9, 0, 0 },
};

static void run(enum rdna_relative_lowering lowering, unsigned wave)
{
   struct model m;
   memset(&m, 0, sizeof(m));
   m.wave = wave;
   m.exec = wave == 32 ? 0xf0ff0f1eull : 0x0ff0f0f0f00ff1e1ull;
   for (unsigned r = 0; r < VGPRS; r++)
      for (unsigned lane = 0; lane < LANES; lane++)
         m.v[r][lane] = (uint32_t)(lane * 0x01000193u + r * 0x9e3779b9u + 0x55);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\nvgprs %u\n[program]\n", wave, VGPRS);
   for (size_t i = 0; i < sizeof(program) / sizeof(program[0]); i++) {
      step_text(&t, &program[i]);
      model_step(&m, &program[i]);
   }
   text_add(
      &t,
      "  s_endpgm\n[init]\nv[0:%u] = (lane * 0x01000193 + reg * 0x9e3779b9 + 0x55) & 0xffffffff\n",
      VGPRS - 1);
   text_add(&t, "exec = 0x%llx\n", (unsigned long long)m.exec);
   struct gpu_run r;
   harness_run(t.data, wave, lowering, &r);
   unsigned bad = 0;
   for (unsigned reg = 0; reg < VGPRS; reg++)
      for (unsigned lane = 0; lane < wave; lane++)
         if (run_vgpr(&r, reg, lane) != m.v[reg][lane] && bad++ < 8)
            cr_expect_eq(run_vgpr(&r, reg, lane), m.v[reg][lane], "%s wave%u v%u lane %u",
                         rdna_relative_lowering_name(lowering), wave, reg, lane);
   cr_expect_eq(bad, 0u, "%u lanes differ", bad);
   harness_free(&r);
   text_free(&t);
}

Test(gpu_movrel_bounds, select_chain)
{
   run(RDNA_RELATIVE_SELECT_CHAIN, 32);
   run(RDNA_RELATIVE_SELECT_CHAIN, 64);
}

Test(gpu_movrel_bounds, select_tree)
{
   run(RDNA_RELATIVE_SELECT_TREE, 32);
   run(RDNA_RELATIVE_SELECT_TREE, 64);
}

Test(gpu_movrel_bounds, switch)
{
   run(RDNA_RELATIVE_SWITCH, 32);
   run(RDNA_RELATIVE_SWITCH, 64);
}

Test(gpu_movrel_bounds, window_array)
{
   run(RDNA_RELATIVE_WINDOW_ARRAY, 32);
   run(RDNA_RELATIVE_WINDOW_ARRAY, 64);
}
