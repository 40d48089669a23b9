/* Cross-lane operations on the GPU (lavapipe: subgroup 8, so a wave32 spans 4 slots and a wave64
 * 8): DPP16 under every GFX10 control with row/bank masks, bound_ctrl and fi; DPP8; SDWA source
 * and destination selects; v_permlane16/x16; ds_swizzle in all modes; ds_bpermute and
 * ds_permute. Each program runs under a mixed EXEC; the expected registers come from a host model
 * written here from the RDNA2 ISA guide's lane maps (DPP_CTRL enumeration, VOP_DPP8, VOP_SDWA,
 * V_PERMLANE16_B32, DS_SWIZZLE_B32, DS_(B)PERMUTE_B32), and every register of every lane is
 * compared. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

#define VGPRS 112
#define LANES 64
#define SOURCES 4 /* v0-v3 hold inputs; destinations start at v4 */

struct model {
   unsigned wave;
   uint64_t exec;
   uint32_t v[VGPRS][LANES];
   uint32_t s[4]; /* s0-s3 */
   uint32_t initial_v[VGPRS][LANES], initial_s[4];
   uint64_t initial_exec;
   unsigned next;
   struct text program;
   uint32_t seed;
};

static uint32_t next_random(struct model *m)
{
   m->seed = m->seed * 1664525u + 1013904223u;
   return m->seed ^ (m->seed >> 13);
}

static bool active(const struct model *m, unsigned lane)
{
   return (m->exec >> lane) & 1;
}

static void begin(struct model *m, unsigned wave, uint32_t seed)
{
   memset(m, 0, sizeof(*m));
   m->wave = wave;
   m->seed = seed;
   uint64_t exec = ((uint64_t)next_random(m) << 32 | next_random(m)) | 0x8001000100010001ull;
   m->exec = wave == 32 ? exec & 0xffffffffull : exec;
   for (unsigned r = 0; r < VGPRS; r++)
      for (unsigned lane = 0; lane < LANES; lane++)
         m->v[r][lane] = test_value(&m->seed);
   for (unsigned i = 0; i < 4; i++)
      m->s[i] = next_random(m);
   memcpy(m->initial_v, m->v, sizeof(m->v));
   memcpy(m->initial_s, m->s, sizeof(m->s));
   m->initial_exec = m->exec;
   m->next = SOURCES;
}

static unsigned take_dst(struct model *m)
{
   cr_assert_lt(m->next, VGPRS, "the test needs more VGPRs");
   return m->next++;
}

/* Writes values to vD in the lanes EXEC enables and write[] allows (NULL: all). */
static void model_write(struct model *m, unsigned d, const uint32_t *values, const bool *write)
{
   for (unsigned lane = 0; lane < m->wave; lane++)
      if (active(m, lane) && (!write || write[lane]))
         m->v[d][lane] = values[lane];
}

/* Runs the program on the GPU and compares every VGPR of every lane with the model. */
static void run_and_compare(struct model *m, const char *what)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\nvgprs %u\n[program]\n", m->wave, VGPRS);
   text_add(&t, "%s  s_endpgm\n[init]\n", m->program.data ? m->program.data : "");
   text_add(&t, "exec = 0x%llx\n", (unsigned long long)m->initial_exec);
   for (unsigned i = 0; i < 4; i++)
      text_add(&t, "s%u = 0x%x\n", i, m->initial_s[i]);
   for (unsigned r = 0; r < VGPRS; r++)
      text_add_lanes(&t, r, m->initial_v[r], m->wave);
   struct gpu_run run;
   harness_run(t.data, m->wave, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s wave%u: fault %s", what, m->wave,
                run.wave.fault.message);
   unsigned bad = 0;
   for (unsigned r = 0; r < m->next; r++)
      for (unsigned lane = 0; lane < m->wave; lane++)
         if (run_vgpr(&run, r, lane) != m->v[r][lane] && bad++ < 8)
            cr_expect_eq(run_vgpr(&run, r, lane), m->v[r][lane], "%s wave%u v%u lane %u", what,
                         m->wave, r, lane);
   cr_expect_eq(bad, 0u, "%s wave%u: %u lanes differ", what, m->wave, bad);
   harness_free(&run);
   text_free(&t);
   text_free(&m->program);
}

/* ---- the host model of each operation -------------------------------------------------------- */

/* DPP16 (RDNA2 ISA guide, DPP_CTRL): the lane of its row of 16 that `lane` reads; -1 when the
 * control reads past the row's edge. */
static int dpp16_from(unsigned ctrl, unsigned lane)
{
   unsigned row = lane / 16 * 16, i = lane % 16, n = ctrl % 16;
   if (ctrl < 0x100) /* quad_perm: 2-bit select per lane of the quad */
      return (int)(lane / 4 * 4 + ((ctrl >> (lane % 4 * 2)) % 4));
   switch (ctrl / 16) {
   case 0x10: /* row_shl:n: lane i reads i + n */
      return i + n < 16 ? (int)(lane + n) : -1;
   case 0x11: /* row_shr:n: lane i reads i - n */
      return i >= n ? (int)(lane - n) : -1;
   case 0x12: /* row_ror:n */
      return (int)(row + (i + 16 - n) % 16);
   case 0x15: /* row_share:n: every lane reads lane n of its row */
      return (int)(row + n);
   case 0x16: /* row_xmask:n */
      return (int)(row + (i ^ n));
   default:
      break;
   }
   if (ctrl == 0x140) /* row_mirror */
      return (int)(row + 15 - i);
   return (int)(lane / 8 * 8 + 7 - lane % 8); /* 0x141 row_half_mirror */
}

static void dpp16_text(char *buf, size_t size, unsigned ctrl)
{
   if (ctrl < 0x100)
      snprintf(buf, size, "quad_perm:[%u,%u,%u,%u]", ctrl & 3, (ctrl >> 2) & 3, (ctrl >> 4) & 3,
               (ctrl >> 6) & 3);
   else if (ctrl == 0x140)
      snprintf(buf, size, "row_mirror");
   else if (ctrl == 0x141)
      snprintf(buf, size, "row_half_mirror");
   else {
      static const char *const names[] = { "row_shl", "row_shr",   "row_ror",  "",
                                           "",        "row_share", "row_xmask" };
      snprintf(buf, size, "%s:%u", names[ctrl / 16 - 0x10], ctrl % 16);
   }
}

enum vop2 {
   MOV,
   SUB, /* v_sub_nc_u32: src0 - src1 */
   LSHL /* v_lshlrev_b32: src1 << src0[4:0] */
};

static uint32_t vop(enum vop2 op, uint32_t a, uint32_t b)
{
   switch (op) {
   case SUB:
      return a - b;
   case LSHL:
      return b << (a & 31);
   default:
      return a;
   }
}

static const char *vop_name(enum vop2 op)
{
   return op == SUB ? "v_sub_nc_u32" : op == LSHL ? "v_lshlrev_b32" : "v_mov_b32";
}

/* vD = op(dpp(v0), v1) under DPP16: lanes whose row or bank is masked off keep vD; an invalid
 * source (past the row, or disabled without fi) gives 0 with bound_ctrl and keeps vD without. */
static void dpp16(struct model *m, enum vop2 op, unsigned ctrl, unsigned row_mask,
                  unsigned bank_mask, bool bound_ctrl, bool fi)
{
   unsigned d = take_dst(m);
   char control[48];
   dpp16_text(control, sizeof(control), ctrl);
   text_add(&m->program, "  %s_dpp v%u, v0%s %s row_mask:0x%x bank_mask:0x%x%s%s\n", vop_name(op),
            d, op == MOV ? "" : ", v1", control, row_mask, bank_mask,
            bound_ctrl ? " bound_ctrl:0" : "", fi ? " fi:1" : "");
   uint32_t values[LANES];
   bool write[LANES];
   for (unsigned lane = 0; lane < m->wave; lane++) {
      int from = dpp16_from(ctrl, lane);
      bool valid = from >= 0 && (fi || active(m, (unsigned)from));
      bool enabled = (row_mask >> (lane / 16) & 1) && (bank_mask >> (lane % 16 / 4) & 1);
      write[lane] = enabled && (valid || bound_ctrl);
      values[lane] = vop(op, valid ? m->v[0][from] : 0, m->v[1][lane]);
   }
   model_write(m, d, values, write);
}

/* DPP8: lane l reads v0 of lane 8 * (l / 8) + sel[l % 8]; a disabled source reads 0 unless fi. */
static void dpp8(struct model *m, enum vop2 op, const unsigned sel[8], bool fi)
{
   unsigned d = take_dst(m);
   text_add(&m->program, "  %s_dpp v%u, v0%s dpp8:[%u,%u,%u,%u,%u,%u,%u,%u]%s\n", vop_name(op), d,
            op == MOV ? "" : ", v1", sel[0], sel[1], sel[2], sel[3], sel[4], sel[5], sel[6], sel[7],
            fi ? " fi:1" : "");
   uint32_t values[LANES];
   for (unsigned lane = 0; lane < m->wave; lane++) {
      unsigned from = lane / 8 * 8 + sel[lane % 8];
      values[lane] = vop(op, fi || active(m, from) ? m->v[0][from] : 0, m->v[1][lane]);
   }
   model_write(m, d, values, NULL);
}

static const char *const sel_names[] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                         "WORD_0", "WORD_1", "DWORD" };
static const char *const unused_names[] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE" };

/* An SDWA source select (VOP_SDWA SRC*_SEL): the byte or word at bit 0, zero- or sign-extended. */
static uint32_t select_field(uint32_t v, unsigned sel, bool sext)
{
   if (sel == 6)
      return v;
   unsigned bits = sel < 4 ? 8 : 16, at = sel < 4 ? sel * 8 : (sel - 4) * 16;
   uint64_t field = (v >> at) & ((1u << bits) - 1);
   if (sext && (field >> (bits - 1)))
      field |= ~0ull << bits;
   return (uint32_t)field;
}

/* DST_SEL / DST_UNUSED: the result's low bits at dst_sel; other bits 0, sign copies above (and 0
 * below), or the old value. */
static uint32_t place_field(uint32_t result, uint32_t old, unsigned sel, unsigned unused)
{
   if (sel == 6)
      return result;
   unsigned bits = sel < 4 ? 8 : 16, at = sel < 4 ? sel * 8 : (sel - 4) * 16;
   uint32_t mask = (uint32_t)((1ull << bits) - 1) << at;
   uint32_t placed = (result << at) & mask;
   if (unused == 2)
      return placed | (old & ~mask);
   if (unused == 1 && (result >> (bits - 1) & 1))
      placed |= (uint32_t)(~0ull << (at + bits));
   return placed;
}

/* vD = v0 + src1 (v1 or s1) through SDWA selects (op ADD) or vD = sel(src) (MOV). */
static void sdwa(struct model *m, bool add, bool scalar_src, unsigned sel0, bool sext0,
                 unsigned sel1, unsigned dst_sel, unsigned unused)
{
   unsigned d = take_dst(m);
   char src1[32] = "";
   if (add)
      snprintf(src1, sizeof(src1), ", %s", scalar_src ? "s1" : "v1");
   text_add(&m->program, "  %s_sdwa v%u, %s%s%s%s dst_sel:%s dst_unused:%s src0_sel:%s%s%s\n",
            add ? "v_add_nc_u32" : "v_mov_b32", d, sext0 ? "sext(" : "",
            !add && scalar_src ? "s1" : "v0", sext0 ? ")" : "", src1, sel_names[dst_sel],
            unused_names[unused], sel_names[sel0], add ? " src1_sel:" : "",
            add ? sel_names[sel1] : "");
   uint32_t values[LANES];
   for (unsigned lane = 0; lane < m->wave; lane++) {
      uint32_t a = !add && scalar_src ? m->s[1] : m->v[0][lane];
      uint32_t r = select_field(a, sel0, sext0);
      if (add)
         r += select_field(scalar_src ? m->s[1] : m->v[1][lane], sel1, false);
      values[lane] = place_field(r, m->v[d][lane], dst_sel, unused);
   }
   model_write(m, d, values, NULL);
}

/* v_cmp_gt_u32_sdwa into VCC, then vD = VCC ? v2 : v3 (v_cndmask) to keep the mask. */
static void sdwa_compare(struct model *m, unsigned sel0, bool sext0, unsigned sel1)
{
   unsigned d = take_dst(m);
   const char *vcc = m->wave == 32 ? "vcc_lo" : "vcc";
   text_add(&m->program, "  v_cmp_gt_i32_sdwa %s, %sv0%s, v1 src0_sel:%s src1_sel:%s\n", vcc,
            sext0 ? "sext(" : "", sext0 ? ")" : "", sel_names[sel0], sel_names[sel1]);
   text_add(&m->program, "  v_cndmask_b32_e32 v%u, v3, v2, %s\n", d, vcc);
   uint32_t values[LANES];
   for (unsigned lane = 0; lane < m->wave; lane++) {
      int32_t a = (int32_t)select_field(m->v[0][lane], sel0, sext0);
      int32_t b = (int32_t)select_field(m->v[1][lane], sel1, false);
      values[lane] = a > b ? m->v[2][lane] : m->v[3][lane];
   }
   model_write(m, d, values, NULL);
}

/* v_cmpx_gt_u32_sdwa narrows EXEC to the lanes where sel(v0) > sel(v1); vD = v2 then shows it. */
static void sdwa_cmpx(struct model *m, unsigned sel0, unsigned sel1)
{
   unsigned d = take_dst(m);
   text_add(&m->program, "  v_cmpx_gt_u32_sdwa v0, v1 src0_sel:%s src1_sel:%s\n", sel_names[sel0],
            sel_names[sel1]);
   text_add(&m->program, "  v_mov_b32_e32 v%u, v2\n", d);
   for (unsigned lane = 0; lane < m->wave; lane++)
      if (select_field(m->v[0][lane], sel0, false) <= select_field(m->v[1][lane], sel1, false))
         m->exec &= ~(1ull << lane);
   model_write(m, d, m->v[2], NULL);
}

/* V_PERMLANE16_B32 / V_PERMLANEX16_B32: lane i of row r reads v0 of lane sel[i] of row r (or of
 * row r ^ 1), sel = {s1, s0} in 4-bit fields; op_sel[0] = fi, op_sel[1] = bound_ctrl. */
static void permlane(struct model *m, bool x16, bool fi, bool bound_ctrl)
{
   unsigned d = take_dst(m);
   m->s[0] = next_random(m);
   m->s[1] = next_random(m);
   text_add(&m->program, "  s_mov_b32 s0, 0x%x\n  s_mov_b32 s1, 0x%x\n", m->s[0], m->s[1]);
   text_add(&m->program, "  v_permlane%s16_b32 v%u, v0, s0, s1 op_sel:[%u,%u]\n", x16 ? "x" : "", d,
            fi, bound_ctrl);
   uint64_t sel = (uint64_t)m->s[1] << 32 | m->s[0];
   uint32_t values[LANES];
   bool write[LANES];
   for (unsigned lane = 0; lane < m->wave; lane++) {
      unsigned row = lane / 16 ^ (x16 ? 1u : 0u);
      unsigned from = row * 16 + (unsigned)(sel >> (lane % 16 * 4) & 15);
      bool valid = fi || active(m, from);
      values[lane] = valid ? m->v[0][from] : 0;
      write[lane] = valid || bound_ctrl;
   }
   model_write(m, d, values, write);
}

/* DS_SWIZZLE_B32 (the guide's pseudocode): within each 32 lanes, lane i reads lane j of
 * offset >= 0xe000: FFT, j = reverse5(i) >> popcount(offset[4:0]) | (i & offset[4:0]);
 * offset >= 0xc000: rotate by offset[9:5] lanes (offset[10]: the other way), lanes with
 *   offset[4:0] set keeping their bits;
 * offset[15]: quad permute, offset[2i+1:2i] per lane of the quad;
 * else: ((i & offset[4:0]) | offset[9:5]) ^ offset[14:10].
 * A disabled source gives 0. */
static unsigned swizzle_from(unsigned offset, unsigned lane)
{
   unsigned i = lane % 32, base = lane - i, mask = offset & 31, j;
   if (offset >= 0xe000) {
      unsigned reverse = 0;
      for (unsigned b = 0; b < 5; b++)
         if (i & (1u << b))
            reverse |= 16u >> b;
      j = (reverse >> __builtin_popcount(mask)) | (i & mask);
   } else if (offset >= 0xc000) {
      unsigned r = (offset >> 5) & 31, moved = offset & 0x400 ? i + 32 - r : i + r;
      j = (i & mask) | (moved % 32 & ~mask);
   } else if (offset & 0x8000) {
      return lane / 4 * 4 + ((offset >> (lane % 4 * 2)) & 3);
   } else {
      j = ((i & mask) | ((offset >> 5) & 31)) ^ ((offset >> 10) & 31);
   }
   return base + j % 32;
}

static void swizzle(struct model *m, unsigned offset)
{
   unsigned d = take_dst(m);
   text_add(&m->program, "  ds_swizzle_b32 v%u, v0 offset:%u\n", d, offset);
   uint32_t values[LANES];
   for (unsigned lane = 0; lane < m->wave; lane++) {
      unsigned from = swizzle_from(offset, lane);
      values[lane] = active(m, from) ? m->v[0][from] : 0;
   }
   model_write(m, d, values, NULL);
}

/* DS_BPERMUTE_B32: lane i reads v0 of lane ((v2 + offset) / 4) % wave, 0 when it is disabled.
 * DS_PERMUTE_B32: each active lane sends v0 to that lane; unaddressed lanes get 0, and of
 * several senders the highest lane wins (the guide leaves it open; the interpreter's choice). */
static void permute(struct model *m, bool backward, unsigned offset)
{
   unsigned d = take_dst(m);
   text_add(&m->program, "  ds_%spermute_b32 v%u, v2, v0 offset:%u\n", backward ? "b" : "", d,
            offset);
   uint32_t values[LANES] = { 0 };
   for (unsigned lane = 0; lane < m->wave; lane++) {
      unsigned target = (unsigned)(((uint64_t)m->v[2][lane] + offset) / 4 % m->wave);
      if (backward)
         values[lane] = active(m, target) ? m->v[0][target] : 0;
      else if (active(m, lane))
         values[target] = m->v[0][lane];
   }
   model_write(m, d, values, NULL);
}

/* ---- tests ---------------------------------------------------------------------------------- */

static struct model model; /* large: not on the stack */

/* Every GFX10 DPP16 control: quad_perm samples, row_shl/shr/ror 1-15, row_mirror,
 * row_half_mirror, row_share and row_xmask 0-15; bound_ctrl and fi in every combination, and
 * some rows and banks masked off. */
static void dpp16_controls(unsigned wave)
{
   static const unsigned quads[] = { 0xe4, 0x1b, 0x00, 0xff, 0x4e, 0xb1, 0x39, 0x93 };
   unsigned controls[128], n = 0;
   for (unsigned i = 0; i < sizeof(quads) / sizeof(quads[0]); i++)
      controls[n++] = quads[i];
   for (unsigned base = 0x100; base <= 0x120; base += 0x10)
      for (unsigned k = 1; k < 16; k++)
         controls[n++] = base + k;
   controls[n++] = 0x140;
   controls[n++] = 0x141;
   for (unsigned k = 0; k < 16; k++) {
      controls[n++] = 0x150 + k;
      controls[n++] = 0x160 + k;
   }
   begin(&model, wave, 1000 + wave);
   for (unsigned i = 0; i < n; i++) {
      unsigned row_mask = i % 5 == 0 ? 0x5 : 0xf, bank_mask = i % 7 == 0 ? 0x6 : 0xf;
      if (model.next == VGPRS) {
         run_and_compare(&model, "dpp16");
         begin(&model, wave, 2000 + wave + i);
      }
      dpp16(&model, (enum vop2)(i % 3), controls[i], row_mask, bank_mask, i & 1, (i >> 1) & 1);
   }
   run_and_compare(&model, "dpp16");
}

Test(gpu_xlane, dpp16_every_control_wave32)
{
   dpp16_controls(32);
}

Test(gpu_xlane, dpp16_every_control_wave64)
{
   dpp16_controls(64);
}

static void dpp8_selects(unsigned wave)
{
   begin(&model, wave, 3000 + wave);
   for (unsigned i = 0; i < 24; i++) {
      unsigned sel[8];
      for (unsigned k = 0; k < 8; k++)
         sel[k] = i == 0 ? k : next_random(&model) % 8; /* the identity first */
      dpp8(&model, (enum vop2)(i % 3), sel, i & 1);
   }
   run_and_compare(&model, "dpp8");
}

Test(gpu_xlane, dpp8_wave32)
{
   dpp8_selects(32);
}

Test(gpu_xlane, dpp8_wave64)
{
   dpp8_selects(64);
}

/* Every source select with and without sext, every destination select with each dst_unused,
 * VGPR and SGPR sources, and compares whose mask only VCC carries. */
static void sdwa_selects(unsigned wave)
{
   begin(&model, wave, 4000 + wave);
   unsigned i = 0;
   for (unsigned sel = 0; sel < 7; sel++)
      for (unsigned dst = 0; dst < 7; dst++, i++)
         sdwa(&model, false, i % 9 == 0, sel, i & 1, 0, dst, i % 3);
   for (unsigned k = 0; k < 30; k++)
      sdwa(&model, true, k % 4 == 0, next_random(&model) % 7, k & 1, next_random(&model) % 7,
           next_random(&model) % 7, next_random(&model) % 3);
   for (unsigned k = 0; k < 12; k++)
      sdwa_compare(&model, next_random(&model) % 7, k & 1, next_random(&model) % 7);
   sdwa_cmpx(&model, 1, 0); /* byte 1 against byte 0: about half the lanes stay */
   sdwa(&model, true, false, 0, true, 5, 4, 1);
   run_and_compare(&model, "sdwa");
}

Test(gpu_xlane, sdwa_wave32)
{
   sdwa_selects(32);
}

Test(gpu_xlane, sdwa_wave64)
{
   sdwa_selects(64);
}

static void permlanes(unsigned wave)
{
   begin(&model, wave, 5000 + wave);
   for (unsigned i = 0; i < 16; i++)
      permlane(&model, i & 1, (i >> 1) & 1, (i >> 2) & 1);
   run_and_compare(&model, "permlane");
}

Test(gpu_xlane, permlane16_wave32)
{
   permlanes(32);
}

Test(gpu_xlane, permlane16_wave64)
{
   permlanes(64);
}

/* Every ds_swizzle mode: bit masks (the identity among them), quad permutes, rotates both ways
 * with and without kept bits, FFT. */
static void swizzles(unsigned wave)
{
   static const unsigned fixed[] = { 0x001f, 0x041f, 0x7c1f, 0x0010, 0x8000, 0x80e4,
                                     0x801b, 0xc000, 0xc020, 0xc420, 0xc3e0, 0xc0a3,
                                     0xc7e1, 0xe000, 0xe001, 0xe01f, 0xe00a, 0xe010 };
   begin(&model, wave, 6000 + wave);
   for (unsigned i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
      swizzle(&model, fixed[i]);
   for (unsigned i = 0; i < 24; i++) {
      uint32_t r = next_random(&model);
      unsigned mode = i % 4;
      unsigned offset = mode == 0   ? r & 0x7fff
                        : mode == 1 ? 0x8000 | (r & 0xff)
                        : mode == 2 ? 0xc000 | (r & 0x7ff)
                                    : 0xe000 | (r & 0x1f);
      swizzle(&model, offset);
   }
   run_and_compare(&model, "ds_swizzle");
}

Test(gpu_xlane, ds_swizzle_wave32)
{
   swizzles(32);
}

Test(gpu_xlane, ds_swizzle_wave64)
{
   swizzles(64);
}

static void permutes(unsigned wave)
{
   static const unsigned offsets[] = { 0, 4, 12, 0xfffc, 3, 0x8000 };
   begin(&model, wave, 7000 + wave);
   for (unsigned lane = 0; lane < LANES; lane++)
      if (lane % 5 == 0)
         model.initial_v[2][lane] = model.v[2][lane] = 0xfffffffcu - lane; /* sums past 2^32 */
   for (unsigned i = 0; i < 12; i++)
      permute(&model, i & 1, offsets[i / 2]);
   run_and_compare(&model, "ds_permute");
}

Test(gpu_xlane, ds_permute_and_bpermute_wave32)
{
   permutes(32);
}

Test(gpu_xlane, ds_permute_and_bpermute_wave64)
{
   permutes(64);
}
