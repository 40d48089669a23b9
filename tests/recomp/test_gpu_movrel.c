/* Relative VGPR addressing on the GPU in each lowering (select chain, select tree, switch, window
 * array) against a host model of DESIGN.md's measured rules: M0 unsigned; out of range when
 * base + offset >= the VGPR allocation; an out-of-range read returns v0 of the lane; an
 * out-of-range write is dropped; v_swaprel writes neither side unless both are in range;
 * v_movrelsd_2 and v_swaprel take the source offset from M0[9:0] and the destination offset from
 * M0[25:16]. Every register and lane is compared, under a mixed EXEC. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

#define VGPRS 48
#define MAX_LANES 64

struct model {
   uint32_t v[VGPRS][MAX_LANES];
   uint64_t exec;
   unsigned wave;
};

static bool in_range(unsigned base, uint32_t offset)
{
   return (uint64_t)base + offset < VGPRS;
}

static void write_lanes(struct model *m, unsigned reg, const uint32_t *values)
{
   for (unsigned lane = 0; lane < m->wave; lane++)
      if ((m->exec >> lane) & 1)
         m->v[reg][lane] = values[lane];
}

static void read_lanes(const struct model *m, unsigned base, uint32_t offset, uint32_t *out)
{
   unsigned reg = in_range(base, offset) ? base + offset : 0;
   memcpy(out, m->v[reg], sizeof(m->v[reg]));
}

enum rel_op {
   MOVRELS,
   MOVRELD,
   MOVRELSD,
   MOVRELSD_2,
   SWAPREL
};

static const char *const rel_names[] = { "v_movrels_b32", "v_movreld_b32", "v_movrelsd_b32",
                                         "v_movrelsd_2_b32", "v_swaprel_b32" };

static void model_step(struct model *m, enum rel_op op, unsigned d, unsigned s, uint32_t m0)
{
   uint32_t a[MAX_LANES], b[MAX_LANES];
   uint32_t src_off = m0 & 0x3ff, dst_off = (m0 >> 16) & 0x3ff;
   switch (op) {
   case MOVRELS:
      read_lanes(m, s, m0, a);
      write_lanes(m, d, a);
      break;
   case MOVRELD:
      if (in_range(d, m0))
         write_lanes(m, d + m0, m->v[s]);
      break;
   case MOVRELSD:
      src_off = dst_off = m0;
      /* fall through */
   case MOVRELSD_2:
      if (in_range(d, dst_off)) {
         read_lanes(m, s, src_off, a);
         write_lanes(m, d + dst_off, a);
      }
      break;
   case SWAPREL:
      if (in_range(d, dst_off) && in_range(s, src_off)) {
         memcpy(a, m->v[d + dst_off], sizeof(a));
         memcpy(b, m->v[s + src_off], sizeof(b));
         write_lanes(m, d + dst_off, b);
         write_lanes(m, s + src_off, a);
      }
      break;
   }
}

static uint32_t initial(unsigned reg, unsigned lane)
{
   return (uint32_t)((lane * 0x9e3779b1ull + reg * 0x7f4a7c15ull + 0x1234) & 0xffffffffu);
}

static void run_lowering(enum rdna_relative_lowering lowering, unsigned wave)
{
   struct model m;
   m.wave = wave;
   m.exec = wave == 32 ? 0xff0ff0f1ull : 0xf0f0f0f00ff00ff1ull;
   for (unsigned r = 0; r < VGPRS; r++)
      for (unsigned lane = 0; lane < MAX_LANES; lane++)
         m.v[r][lane] = initial(r, lane);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\nvgprs %u\n[program]\n", wave, VGPRS);
   uint32_t seed = 99 + (uint32_t)lowering;
   static const uint32_t special_m0[] = { 0,       1,           7,           47,
                                          48,      0xffffffffu, 0x80000000u, 0x103ff,
                                          0x20005, 0x2f0000,    0x3ff03ff };
   for (unsigned i = 0; i < 40; i++) {
      seed = seed * 1664525u + 1013904223u;
      enum rel_op op = (enum rel_op)((seed >> 24) % 5);
      unsigned d = (seed >> 8) % VGPRS, s = (seed >> 16) % VGPRS;
      uint32_t m0 = i < sizeof(special_m0) / sizeof(special_m0[0])
                       ? special_m0[i]
                       : ((seed >> 3) % 24) | (((seed >> 11) % 24) << 16);
      text_add(&t, "  s_mov_b32 m0, 0x%x\n  %s v%u, v%u\n", m0, rel_names[op], d, s);
      model_step(&m, op, d, s, m0);
   }
   text_add(&t,
            "  s_endpgm\n[init]\nv[0:%u] = (lane * 0x9e3779b1 + reg * 0x7f4a7c15 + 0x1234) "
            "& 0xffffffff\nexec = 0x%llx\n",
            VGPRS - 1, (unsigned long long)(m.exec & (wave == 32 ? 0xffffffffull : ~0ull)));
   struct gpu_run run;
   harness_run(t.data, wave, lowering, &run);
   unsigned bad = 0;
   for (unsigned r = 0; r < VGPRS; r++)
      for (unsigned lane = 0; lane < wave; lane++)
         if (run_vgpr(&run, r, lane) != m.v[r][lane] && bad++ < 8)
            cr_expect_eq(run_vgpr(&run, r, lane), m.v[r][lane], "%s wave%u v%u lane %u",
                         rdna_relative_lowering_name(lowering), wave, r, lane);
   cr_expect_eq(bad, 0u, "%u lanes differ", bad);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_movrel, select_chain)
{
   run_lowering(RDNA_RELATIVE_SELECT_CHAIN, 32);
   run_lowering(RDNA_RELATIVE_SELECT_CHAIN, 64);
}

Test(gpu_movrel, select_tree)
{
   run_lowering(RDNA_RELATIVE_SELECT_TREE, 32);
   run_lowering(RDNA_RELATIVE_SELECT_TREE, 64);
}

Test(gpu_movrel, switch)
{
   run_lowering(RDNA_RELATIVE_SWITCH, 32);
   run_lowering(RDNA_RELATIVE_SWITCH, 64);
}

Test(gpu_movrel, window_array)
{
   run_lowering(RDNA_RELATIVE_WINDOW_ARRAY, 32);
   run_lowering(RDNA_RELATIVE_WINDOW_ARRAY, 64);
}
