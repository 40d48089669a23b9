/* DPP16 and DPP8 against a host model of the RDNA2 ISA guide's DPP_CTRL enumeration and field
 * definitions, written independently here: for every control, row/bank masks, bound_ctrl and fi,
 * EXEC none/one/mixed/all, in wave32 and wave64; then v_permlane16/v_permlanex16. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "dispatch_harness.h"

static const uint64_t exec_patterns[] = { 0, 1ull << 17, 0xf0f0a5a53c3c0ff0ull, ~0ull };

static uint32_t value_of(unsigned lane)
{
   return 0x1000u * (lane + 1) + lane * 7u;
}

static struct rdna_machine *lanes_machine(unsigned wave, const char *source, uint64_t exec)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030, .wave_size = wave };
   struct rdna_machine *m = harness_dispatch(&config, source);
   uint32_t v0[64], v1[64], v2[64];
   for (unsigned l = 0; l < 64; l++) {
      v0[l] = value_of(l);
      v1[l] = 0xdead0000u | l;
      v2[l] = 3u * l;
   }
   rdna_machine_set_vgpr_lanes(m, 0, 0, v0);
   rdna_machine_set_vgpr_lanes(m, 0, 1, v1);
   rdna_machine_set_vgpr_lanes(m, 0, 2, v2);
   rdna_machine_set_exec(m, 0, exec);
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   harness_no_fault_any(m);
   return m;
}

/* One DPP16 control as text and as the lane it reads (-1: outside the row). */
struct dpp_ctrl {
   char text[32];
   int (*source)(unsigned lane, unsigned arg);
   unsigned arg;
};

static int quad_perm(unsigned lane, unsigned sel)
{
   return (int)(lane / 4 * 4 + (sel >> (2 * (lane % 4)) & 3));
}
static int row_shl(unsigned lane, unsigned n)
{
   return lane % 16 + n < 16 ? (int)(lane + n) : -1;
}
static int row_shr(unsigned lane, unsigned n)
{
   return lane % 16 >= n ? (int)(lane - n) : -1;
}
static int row_ror(unsigned lane, unsigned n)
{
   return (int)(lane / 16 * 16 + (lane % 16 + 16 - n) % 16);
}
static int row_mirror(unsigned lane, unsigned n)
{
   (void)n;
   return (int)(lane / 16 * 16 + 15 - lane % 16);
}
static int row_half_mirror(unsigned lane, unsigned n)
{
   (void)n;
   return (int)(lane / 8 * 8 + 7 - lane % 8);
}
static int row_share(unsigned lane, unsigned n)
{
   return (int)(lane / 16 * 16 + n);
}
static int row_xmask(unsigned lane, unsigned n)
{
   return (int)(lane / 16 * 16 + (lane % 16 ^ n));
}

static size_t all_controls(struct dpp_ctrl *out)
{
   size_t n = 0;
   static const unsigned quads[] = { 0xe4, 0x1b, 0x00, 0xff, 0x4e, 0xb1, 0x27 };
   for (size_t i = 0; i < sizeof(quads) / sizeof(quads[0]); i++, n++) {
      unsigned q = quads[i];
      snprintf(out[n].text, sizeof(out[n].text), "quad_perm:[%u,%u,%u,%u]", q & 3, q >> 2 & 3,
               q >> 4 & 3, q >> 6 & 3);
      out[n].source = quad_perm;
      out[n].arg = q;
   }
   for (unsigned k = 1; k < 16; k++) {
      snprintf(out[n].text, sizeof(out[n].text), "row_shl:%u", k);
      out[n].source = row_shl;
      out[n++].arg = k;
      snprintf(out[n].text, sizeof(out[n].text), "row_shr:%u", k);
      out[n].source = row_shr;
      out[n++].arg = k;
      snprintf(out[n].text, sizeof(out[n].text), "row_ror:%u", k);
      out[n].source = row_ror;
      out[n++].arg = k;
   }
   for (unsigned k = 0; k < 16; k++) {
      snprintf(out[n].text, sizeof(out[n].text), "row_share:%u", k);
      out[n].source = row_share;
      out[n++].arg = k;
      snprintf(out[n].text, sizeof(out[n].text), "row_xmask:%u", k);
      out[n].source = row_xmask;
      out[n++].arg = k;
   }
   snprintf(out[n].text, sizeof(out[n].text), "row_mirror");
   out[n].source = row_mirror;
   out[n++].arg = 0;
   snprintf(out[n].text, sizeof(out[n].text), "row_half_mirror");
   out[n].source = row_half_mirror;
   out[n++].arg = 0;
   return n;
}

/* The RDNA2 DPP16 rules: a lane writes if EXEC, its row in row_mask and its bank in bank_mask
 * enable it and its source is valid; an invalid source (outside the row, or disabled without fi)
 * writes 0 with bound_ctrl and nothing without. */
static void check_dpp16(unsigned wave, const struct dpp_ctrl *ctrl, unsigned row_mask,
                        unsigned bank_mask, bool bound_ctrl, bool fi, uint64_t exec)
{
   char source[160];
   snprintf(source, sizeof(source),
            "v_mov_b32_dpp v1, v0 %s row_mask:0x%x bank_mask:0x%x%s%s\n"
            "s_endpgm\n",
            ctrl->text, row_mask, bank_mask, bound_ctrl ? " bound_ctrl:0" : "", fi ? " fi:1" : "");
   struct rdna_machine *m = lanes_machine(wave, source, exec);
   for (unsigned l = 0; l < wave; l++) {
      uint32_t want = 0xdead0000u | l;
      bool enabled =
         (exec >> l & 1) && (row_mask >> (l / 16) & 1) && (bank_mask >> (l % 16 / 4) & 1);
      int from = ctrl->source(l, ctrl->arg);
      bool valid = from >= 0 && (fi || (exec >> from & 1));
      if (enabled && valid)
         want = value_of((unsigned)from);
      else if (enabled && bound_ctrl)
         want = 0;
      cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), want,
                   "wave%u %s row_mask 0x%x bank_mask 0x%x bc %d fi %d exec 0x%llx lane %u", wave,
                   ctrl->text, row_mask, bank_mask, bound_ctrl, fi, (unsigned long long)exec, l);
   }
   rdna_machine_destroy(m);
}

Test(dpp, dpp16_every_control)
{
   struct dpp_ctrl ctrls[128];
   size_t n = all_controls(ctrls);
   for (size_t i = 0; i < n; i++)
      for (unsigned wave = 32; wave <= 64; wave += 32)
         for (unsigned p = 0; p < 4; p++)
            check_dpp16(wave, &ctrls[i], 0xf, 0xf, false, false,
                        exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull));
}

Test(dpp, dpp16_masks_bound_ctrl_and_fetch_inactive)
{
   struct dpp_ctrl ctrls[128];
   size_t n = all_controls(ctrls);
   static const unsigned masks[][2] = {
      { 0xf, 0xf }, { 0x5, 0xf }, { 0xa, 0x6 }, { 0x2, 0x1 }, { 0xf, 0x8 }
   };
   for (size_t i = 0; i < n; i += 3)
      for (size_t k = 0; k < sizeof(masks) / sizeof(masks[0]); k++)
         for (unsigned flags = 0; flags < 4; flags++)
            for (unsigned wave = 32; wave <= 64; wave += 32)
               check_dpp16(wave, &ctrls[i], masks[k][0], masks[k][1], flags & 1, flags & 2,
                           exec_patterns[2] & (wave == 64 ? ~0ull : 0xffffffffull));
}

/* A VOP2 row: only src0 is permuted; src1 reads the lane's own value even when it names the same
 * register, and the destination may be that register too. */
Test(dpp, vop2_permutes_src0_only)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_machine *m = lanes_machine(wave,
                                             "v_add_nc_u32_dpp v0, v0, v0 row_shr:1 "
                                             "row_mask:0xf bank_mask:0xf bound_ctrl:0\n"
                                             "v_sub_nc_u32_dpp v2, v2, v1 row_xmask:1 "
                                             "row_mask:0xf bank_mask:0xf\n"
                                             "s_endpgm\n",
                                             ~0ull);
      for (unsigned l = 0; l < wave; l++) {
         uint32_t left = l % 16 >= 1 ? value_of(l - 1) : 0;
         cr_expect_eq(harness_wave_vgpr(m, 0, 0, l), left + value_of(l), "wave%u lane %u", wave, l);
         cr_expect_eq(harness_wave_vgpr(m, 0, 2, l), 3u * (l ^ 1) - (0xdead0000u | l));
      }
      rdna_machine_destroy(m);
   }
}

/* DPP8: lane l reads lane (l & ~7) + sel[l % 8]; a disabled source reads 0 unless fi:1. */
Test(dpp, dpp8_selects_and_fetch_inactive)
{
   static const unsigned sels[][8] = { { 7, 6, 5, 4, 3, 2, 1, 0 },
                                       { 0, 0, 0, 0, 0, 0, 0, 0 },
                                       { 1, 2, 3, 4, 5, 6, 7, 0 },
                                       { 3, 1, 4, 1, 5, 2, 6, 5 } };
   for (size_t s = 0; s < sizeof(sels) / sizeof(sels[0]); s++)
      for (unsigned fi = 0; fi < 2; fi++)
         for (unsigned wave = 32; wave <= 64; wave += 32)
            for (unsigned p = 0; p < 4; p++) {
               const unsigned *sel = sels[s];
               char source[128];
               snprintf(source, sizeof(source),
                        "v_mov_b32_dpp v1, v0 dpp8:[%u,%u,%u,%u,%u,%u,%u,%u]%s\ns_endpgm\n", sel[0],
                        sel[1], sel[2], sel[3], sel[4], sel[5], sel[6], sel[7], fi ? " fi:1" : "");
               uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
               struct rdna_machine *m = lanes_machine(wave, source, exec);
               for (unsigned l = 0; l < wave; l++) {
                  unsigned from = l / 8 * 8 + sel[l % 8];
                  uint32_t want = 0xdead0000u | l;
                  if (exec >> l & 1)
                     want = (fi || (exec >> from & 1)) ? value_of(from) : 0;
                  cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), want, "%s wave%u exec %u lane %u",
                               source, wave, p, l);
               }
               rdna_machine_destroy(m);
            }
}

/* ---- permlane ------------------------------------------------------------------------------ */

/* V_PERMLANE16_B32 / V_PERMLANEX16_B32: lane i of a row reads lane sel[i] ({src2, src1}, four bits
 * per lane) of the same row, or of the other row of its pair; op_sel:[fi, bound_ctrl]. */
Test(dpp, permlane16_and_x16)
{
   static const uint32_t sel_lo = 0x76543210u ^ 0x13572468u, sel_hi = 0xfedcba98u;
   for (unsigned x = 0; x < 2; x++)
      for (unsigned opsel = 0; opsel < 4; opsel++)
         for (unsigned wave = 32; wave <= 64; wave += 32)
            for (unsigned p = 0; p < 4; p++) {
               char source[160];
               snprintf(source, sizeof(source),
                        "s_mov_b32 s2, 0x%x\ns_mov_b32 s3, 0x%x\n"
                        "v_permlane%s16_b32 v1, v0, s2, s3 op_sel:[%u,%u]\ns_endpgm\n",
                        sel_lo, sel_hi, x ? "x" : "", opsel & 1, opsel >> 1);
               uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
               struct rdna_machine *m = lanes_machine(wave, source, exec);
               uint64_t select = sel_lo | (uint64_t)sel_hi << 32;
               for (unsigned l = 0; l < wave; l++) {
                  unsigned row = l / 16 ^ x;
                  unsigned from = row * 16 + (unsigned)(select >> (4 * (l % 16)) & 15);
                  bool valid = (opsel & 1) || (exec >> from & 1);
                  uint32_t want = 0xdead0000u | l;
                  if ((exec >> l & 1) && valid)
                     want = value_of(from);
                  else if ((exec >> l & 1) && (opsel & 2))
                     want = 0;
                  cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), want, "%s wave%u exec %u lane %u",
                               source, wave, p, l);
               }
               rdna_machine_destroy(m);
            }
}

/* Implicit operands are not permuted: v_cndmask_b32_dpp selects by the lane's own VCC bit
 * between the permuted src0 and the lane's src1. */
Test(dpp, cndmask_uses_the_lanes_own_vcc)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030, .wave_size = wave };
      struct rdna_machine *m = harness_dispatch(
         &config, wave == 32 ? "v_cndmask_b32_dpp v1, v0, v2, vcc_lo row_shl:1 row_mask:0xf "
                               "bank_mask:0xf bound_ctrl:0\ns_endpgm\n"
                             : "v_cndmask_b32_dpp v1, v0, v2, vcc row_shl:1 row_mask:0xf "
                               "bank_mask:0xf bound_ctrl:0\ns_endpgm\n");
      uint32_t v0[64], v2[64];
      for (unsigned l = 0; l < 64; l++) {
         v0[l] = value_of(l);
         v2[l] = 0xbeef0000u | l;
      }
      rdna_machine_set_vgpr_lanes(m, 0, 0, v0);
      rdna_machine_set_vgpr_lanes(m, 0, 2, v2);
      uint64_t vcc = 0x9696a5a5c3c30ff0ull;
      uint32_t halves[2] = { (uint32_t)vcc, (uint32_t)(vcc >> 32) };
      rdna_machine_set_sregs(m, 0, RDNA_REG_VCC_LO, halves, wave == 64 ? 2 : 1);
      struct rdna_diag diag;
      cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
      harness_no_fault_any(m);
      for (unsigned l = 0; l < wave; l++) {
         uint32_t permuted = l % 16 < 15 ? value_of(l + 1) : 0; /* bound_ctrl: 0 past the row */
         uint32_t want = (vcc >> l & 1) ? v2[l] : permuted;
         cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), want, "wave%u lane %u", wave, l);
      }
      rdna_machine_destroy(m);
   }
}
