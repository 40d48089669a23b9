/* SDWA against a host model of the RDNA2 ISA guide's VOP_SDWA fields, written here: source
 * selects (BYTE_0..3, WORD_0..1, DWORD) with and without sext, destination selects with each
 * dst_unused mode, scalar sources, compares writing VCC or an SGPR, wave32 and wave64, EXEC
 * mixed and all; and that the VGPRs used to stage sources never show. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "dispatch_harness.h"

static const char *const sel_names[7] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                          "WORD_0", "WORD_1", "DWORD" };
static const char *const unused_names[3] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE" };
static const uint64_t exec_patterns[] = { 0x0ff0f00f5aa5c33cull, ~0ull };

static uint32_t src_value(unsigned lane, unsigned salt)
{
   uint32_t x = (lane + 1) * 0x9e3779b9u ^ salt * 0x7f4a7c15u;
   return x ^ (x >> 13) ^ 0x80808080u; /* top bits of bytes and words vary */
}

/* The select: bytes at 8k, words at 16k, moved to bit 0, sign- or zero-extended. */
static uint32_t host_select(uint32_t v, unsigned sel, bool sext)
{
   if (sel == 6)
      return v;
   unsigned bits = sel < 4 ? 8 : 16, shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
   uint32_t field = (uint32_t)((v >> shift) & ((1ull << bits) - 1));
   if (sext && (field >> (bits - 1) & 1))
      field |= (uint32_t)(~0ull << bits);
   return field;
}

/* The destination: the result's low bits at dst_sel; outside it 0 (pad), copies of the field's
 * top bit above and 0 below (sext), or the old value (preserve). */
static uint32_t host_place(uint32_t result, uint32_t old, unsigned sel, unsigned unused)
{
   if (sel == 6)
      return result;
   unsigned bits = sel < 4 ? 8 : 16, shift = sel < 4 ? 8 * sel : 16 * (sel - 4);
   uint64_t mask = ((1ull << bits) - 1) << shift;
   uint64_t field = ((uint64_t)result << shift) & mask;
   uint64_t out = field;
   if (unused == 2)
      out |= old & ~mask;
   else if (unused == 1 && (field >> (shift + bits - 1) & 1))
      out |= ~0ull << (shift + bits);
   return (uint32_t)out;
}

static struct rdna_machine *sdwa_run(unsigned wave, unsigned vgprs, const char *source,
                                     uint64_t exec)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = wave,
                                         .vgprs = vgprs };
   struct rdna_machine *m = harness_dispatch(&config, source);
   uint32_t v[8][64];
   for (unsigned r = 0; r < 8; r++)
      for (unsigned l = 0; l < 64; l++)
         v[r][l] = src_value(l, r);
   for (unsigned r = 0; r < 8 && r < (vgprs ? vgprs : 256); r++)
      rdna_machine_set_vgpr_lanes(m, 0, r, v[r]);
   uint32_t s2 = 0x89abcdefu;
   rdna_machine_set_sregs(m, 0, 2, &s2, 1);
   rdna_machine_set_exec(m, 0, exec);
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   harness_no_fault_any(m);
   return m;
}

Test(sdwa, mov_every_select_and_dst_mode)
{
   for (unsigned src = 0; src < 7; src++)
      for (unsigned sext = 0; sext < 2; sext++)
         for (unsigned dst = 0; dst < 7; dst++)
            for (unsigned unused = 0; unused < 3; unused++)
               for (unsigned wave = 32; wave <= 64; wave += 32) {
                  char source[160];
                  snprintf(source, sizeof(source),
                           "v_mov_b32_sdwa v1, %s dst_sel:%s dst_unused:%s src0_sel:%s\n"
                           "s_endpgm\n",
                           sext ? "sext(v0)" : "v0", sel_names[dst], unused_names[unused],
                           sel_names[src]);
                  uint64_t exec =
                     exec_patterns[(src + dst) % 2] & (wave == 64 ? ~0ull : 0xffffffffull);
                  struct rdna_machine *m = sdwa_run(wave, 0, source, exec);
                  for (unsigned l = 0; l < wave; l++) {
                     uint32_t old = src_value(l, 1);
                     uint32_t want = old;
                     if (exec >> l & 1)
                        want =
                           host_place(host_select(src_value(l, 0), src, sext), old, dst, unused);
                     cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), want, "%s wave%u lane %u", source,
                                  wave, l);
                  }
                  rdna_machine_destroy(m);
               }
}

Test(sdwa, add_with_two_selected_sources_and_a_scalar)
{
   for (unsigned s0 = 0; s0 < 7; s0++)
      for (unsigned s1 = 0; s1 < 7; s1++)
         for (unsigned scalar = 0; scalar < 2; scalar++)
            for (unsigned wave = 32; wave <= 64; wave += 32) {
               char source[400];
               snprintf(source, sizeof(source),
                        "v_add_nc_u32_sdwa v1, v0, %s dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE "
                        "src0_sel:%s src1_sel:%s\n"
                        "v_sub_nc_u32_sdwa v3, sext(v0), sext(%s) dst_sel:DWORD "
                        "dst_unused:UNUSED_PAD src0_sel:%s src1_sel:%s\n"
                        "s_endpgm\n",
                        scalar ? "s2" : "v2", sel_names[s0], sel_names[s1], scalar ? "s2" : "v2",
                        sel_names[s0], sel_names[s1]);
               uint64_t exec = exec_patterns[scalar] & (wave == 64 ? ~0ull : 0xffffffffull);
               struct rdna_machine *m = sdwa_run(wave, 0, source, exec);
               for (unsigned l = 0; l < wave; l++) {
                  uint32_t a = src_value(l, 0), b = scalar ? 0x89abcdefu : src_value(l, 2);
                  uint32_t sum = host_select(a, s0, false) + host_select(b, s1, false);
                  uint32_t diff = host_select(a, s0, true) - host_select(b, s1, true);
                  bool on = exec >> l & 1;
                  cr_expect_eq(harness_wave_vgpr(m, 0, 1, l),
                               on ? host_place(sum, src_value(l, 1), 5, 2) : src_value(l, 1),
                               "%s wave%u lane %u", source, wave, l);
                  cr_expect_eq(harness_wave_vgpr(m, 0, 3, l), on ? diff : src_value(l, 3),
                               "%s wave%u lane %u", source, wave, l);
               }
               rdna_machine_destroy(m);
            }
}

/* Compares select their sources too and write a lane mask: VCC or the named SGPR(s); inactive
 * lanes write 0. v_cmpx writes EXEC. */
Test(sdwa, compares_write_vcc_or_an_sgpr)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      const char *source = wave == 32
                              ? "v_cmp_gt_u32_sdwa vcc_lo, v0, v1 src0_sel:BYTE_1 src1_sel:BYTE_2\n"
                                "v_cmp_gt_u32_sdwa s4, v0, v1 src0_sel:WORD_0 src1_sel:WORD_1\n"
                                "v_cmpx_gt_u32_sdwa v0, v2 src0_sel:BYTE_3 src1_sel:BYTE_0\n"
                                "s_endpgm\n"
                              : "v_cmp_gt_u32_sdwa vcc, v0, v1 src0_sel:BYTE_1 src1_sel:BYTE_2\n"
                                "v_cmp_gt_u32_sdwa s[4:5], v0, v1 src0_sel:WORD_0 src1_sel:WORD_1\n"
                                "v_cmpx_gt_u32_sdwa v0, v2 src0_sel:BYTE_3 src1_sel:BYTE_0\n"
                                "s_endpgm\n";
      uint64_t exec = exec_patterns[0] & (wave == 64 ? ~0ull : 0xffffffffull);
      struct rdna_machine *m = sdwa_run(wave, 0, source, exec);
      uint64_t vcc = 0, s4 = 0, cmpx = 0;
      for (unsigned l = 0; l < wave; l++) {
         if (!(exec >> l & 1))
            continue;
         uint32_t a = src_value(l, 0), b = src_value(l, 1), c = src_value(l, 2);
         vcc |= (uint64_t)(host_select(a, 1, false) > host_select(b, 2, false)) << l;
         s4 |= (uint64_t)(host_select(a, 4, false) > host_select(b, 5, false)) << l;
         cmpx |= (uint64_t)(host_select(a, 3, false) > host_select(c, 0, false)) << l;
      }
      uint32_t lo = 0, hi = 0;
      rdna_machine_read_sreg(m, 0, RDNA_REG_VCC_LO, &lo);
      rdna_machine_read_sreg(m, 0, RDNA_REG_VCC_HI, &hi);
      cr_expect_eq(wave == 64 ? lo | (uint64_t)hi << 32 : lo, vcc, "wave%u vcc", wave);
      rdna_machine_read_sreg(m, 0, 4, &lo);
      rdna_machine_read_sreg(m, 0, 5, &hi);
      cr_expect_eq(wave == 64 ? lo | (uint64_t)hi << 32 : lo, s4, "wave%u s4", wave);
      uint64_t got = 0;
      rdna_machine_read_exec(m, 0, &got);
      cr_expect_eq(got, cmpx, "wave%u exec", wave);
      rdna_machine_destroy(m);
   }
}

/* The staged sources live past a small allocation, or in VGPRs the instruction does not name
 * (then restored) when the allocation is full: either way no register the program can see
 * changes except the destination. */
Test(sdwa, staging_registers_stay_invisible)
{
   static const unsigned allocations[] = { 8, 255, 256 };
   for (size_t a = 0; a < 3; a++) {
      struct rdna_machine *m =
         sdwa_run(32, allocations[a],
                  "v_add_nc_u32_sdwa v1, v6, v7 dst_sel:BYTE_0 "
                  "dst_unused:UNUSED_SEXT src0_sel:BYTE_2 src1_sel:WORD_1\n"
                  "v_mov_b32_dpp v2, v0 row_shl:1 row_mask:0xf bank_mask:0xf\n"
                  "s_endpgm\n",
                  ~0ull);
      for (unsigned l = 0; l < 32; l++) {
         uint32_t sum =
            host_select(src_value(l, 6), 2, false) + host_select(src_value(l, 7), 5, false);
         cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), host_place(sum, 0, 0, 1));
         cr_expect_eq(harness_wave_vgpr(m, 0, 2, l),
                      l % 16 < 15 ? src_value(l + 1, 0) : src_value(l, 2));
         for (unsigned r = 0; r < 8; r++)
            if (r != 1 && r != 2)
               cr_expect_eq(harness_wave_vgpr(m, 0, r, l), src_value(l, r),
                            "allocation %u v%u lane %u", allocations[a], r, l);
      }
      uint32_t v = 0;
      if (allocations[a] == 8)
         cr_expect_eq(rdna_machine_read_vgpr(m, 0, 8, 0, &v), RDNA_BAD_ARGUMENT);
      rdna_machine_destroy(m);
   }
}
