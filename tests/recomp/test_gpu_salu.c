/* Scalar ALU and control flow on the GPU against host computations of the RDNA2 ISA guide's
 * definitions (chapter 12.1-12.5): results and SCC of SOP2/SOP1/SOPC/SOPK over edge and random
 * operands, both SCC inputs; loops, the step limit, computed jumps and the fault record. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

struct result {
   uint32_t d;
   bool scc;
};

struct sop {
   const char *name;
   unsigned sources; /* 1 or 2 */
   struct result (*host)(uint32_t a, uint32_t b, bool scc);
};

static uint32_t popcount(uint64_t v)
{
   uint32_t n = 0;
   for (; v; v >>= 1)
      n += v & 1;
   return n;
}

static uint32_t lowest_one(uint64_t v, unsigned bits)
{
   for (unsigned i = 0; i < bits; i++)
      if ((v >> i) & 1)
         return i;
   return 0xffffffffu;
}

static uint32_t leading_zeros(uint64_t v, unsigned bits)
{
   for (unsigned i = 0; i < bits; i++)
      if ((v >> (bits - 1 - i)) & 1)
         return i;
   return 0xffffffffu;
}

#define R(fn, dexpr, sccexpr)                                \
   static struct result fn(uint32_t a, uint32_t b, bool scc) \
   {                                                         \
      (void)a;                                               \
      (void)b;                                               \
      (void)scc;                                             \
      uint32_t d = (uint32_t)(dexpr);                        \
      return (struct result){ d, (sccexpr) };                \
   }

static bool signed_add_overflows(uint32_t a, uint32_t b)
{
   int64_t s = (int64_t)(int32_t)a + (int32_t)b;
   return s > INT32_MAX || s < INT32_MIN;
}

static bool signed_sub_overflows(uint32_t a, uint32_t b)
{
   int64_t s = (int64_t)(int32_t)a - (int32_t)b;
   return s > INT32_MAX || s < INT32_MIN;
}

static uint32_t wqm32(uint32_t v)
{
   uint32_t d = 0;
   for (unsigned q = 0; q < 32; q += 4)
      if ((v >> q) & 0xf)
         d |= 0xfu << q;
   return d;
}

static uint32_t quadmask32(uint32_t v)
{
   uint32_t d = 0;
   for (unsigned q = 0; q < 8; q++)
      if ((v >> (4 * q)) & 0xf)
         d |= 1u << q;
   return d;
}

static uint32_t reverse32(uint32_t v)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= ((v >> i) & 1u) << (31 - i);
   return r;
}

/* S_BFE: offset S1[4:0], width S1[22:16] (guide 12.1). */
static uint32_t bfe_u(uint32_t a, uint32_t b)
{
   unsigned off = b & 31, width = (b >> 16) & 0x7f;
   uint64_t v = (uint64_t)a >> off;
   return width >= 32 ? (uint32_t)v : (uint32_t)(v & ((1ull << width) - 1));
}

static uint32_t bfe_i(uint32_t a, uint32_t b)
{
   unsigned off = b & 31, width = (b >> 16) & 0x7f;
   if (width == 0)
      return 0;
   if (width > 32 - off)
      width = 32 - off;
   uint64_t field = ((uint64_t)a >> off) & ((1ull << width) - 1);
   if ((field >> (width - 1)) & 1)
      field |= ~0ull << width;
   return (uint32_t)field;
}

R(h_add_u32, (uint64_t)a + b, (uint64_t)a + b > 0xffffffffu)
R(h_sub_u32, a - b, b > a)
R(h_add_i32, a + b, signed_add_overflows(a, b))
R(h_sub_i32, a - b, signed_sub_overflows(a, b))
R(h_addc, (uint64_t)a + b + scc, (uint64_t)a + b + scc > 0xffffffffu)
R(h_subb, a - b - scc, (uint64_t)b + scc > a)
R(h_min_i, (int32_t)a < (int32_t)b ? a : b, (int32_t)a < (int32_t)b)
R(h_min_u, a < b ? a : b, a < b)
R(h_max_i, (int32_t)a > (int32_t)b ? a : b, (int32_t)a > (int32_t)b)
R(h_max_u, a > b ? a : b, a > b)
R(h_cselect, scc ? a : b, scc)
R(h_and, a &b, (a & b) != 0)
R(h_or, a | b, (a | b) != 0)
R(h_xor, a ^ b, (a ^ b) != 0)
R(h_andn2, a & ~b, (a & ~b) != 0)
R(h_orn2, a | ~b, (a | ~b) != 0)
R(h_nand, ~(a &b), ~(a &b) != 0)
R(h_nor, ~(a | b), ~(a | b) != 0)
R(h_xnor, ~(a ^ b), ~(a ^ b) != 0)
R(h_lshl, a << (b & 31), (a << (b & 31)) != 0)
R(h_lshr, a >> (b & 31), (a >> (b & 31)) != 0)
R(h_ashr, (int64_t)(int32_t)a >> (b & 31), d != 0)
R(h_bfm, ((1ull << (a & 31)) - 1) << (b & 31), scc)
R(h_mul, (uint64_t)a *b, scc)
R(h_mul_hi_u, ((uint64_t)a * b) >> 32, scc)
R(h_mul_hi_i, (uint64_t)((int64_t)(int32_t)a *(int32_t)b) >> 32, scc)
R(h_bfe_u, bfe_u(a, b), d != 0)
R(h_bfe_i, bfe_i(a, b), d != 0)
R(h_absdiff, (int32_t)(a - b) < 0 ? b - a : a - b, d != 0)
R(h_lshl1_add, (a << 1) + b, ((uint64_t)a << 1) + b > 0xffffffffu)
R(h_lshl2_add, (a << 2) + b, ((uint64_t)a << 2) + b > 0xffffffffu)
R(h_lshl3_add, (a << 3) + b, ((uint64_t)a << 3) + b > 0xffffffffu)
R(h_lshl4_add, (a << 4) + b, ((uint64_t)a << 4) + b > 0xffffffffu)
R(h_pack_ll, (a & 0xffff) | b << 16, scc)
R(h_pack_lh, (a & 0xffff) | (b & 0xffff0000u), scc)
R(h_pack_hh, (a >> 16) | (b & 0xffff0000u), scc)
R(h_mov, a, scc)
R(h_not, ~a, ~a != 0)
R(h_brev, reverse32(a), scc)
R(h_bcnt0, popcount(~a & 0xffffffffu), popcount(~a & 0xffffffffu) != 0)
R(h_bcnt1, popcount(a), popcount(a) != 0)
R(h_ff0, lowest_one(~a & 0xffffffffu, 32), scc)
R(h_ff1, lowest_one(a, 32), scc)
R(h_flbit, leading_zeros(a, 32), scc)
R(h_flbit_i, leading_zeros((int32_t)a < 0 ? ~a : a, 32), scc)
R(h_sext8, (int64_t)(int8_t)(a & 0xff), scc)
R(h_sext16, (int64_t)(int16_t)(a & 0xffff), scc)
R(h_abs, (int32_t)a < 0 ? 0u - a : a, d != 0)
R(h_wqm, wqm32(a), d != 0)
R(h_quadmask, quadmask32(a), d != 0)
R(h_cmp_eq, scc, a == b)
R(h_cmp_lg, scc, a != b)
R(h_cmp_gt_i, scc, (int32_t)a > (int32_t)b)
R(h_cmp_ge_i, scc, (int32_t)a >= (int32_t)b)
R(h_cmp_lt_i, scc, (int32_t)a < (int32_t)b)
R(h_cmp_le_i, scc, (int32_t)a <= (int32_t)b)
R(h_cmp_gt_u, scc, a > b)
R(h_cmp_ge_u, scc, a >= b)
R(h_cmp_lt_u, scc, a < b)
R(h_cmp_le_u, scc, a <= b)
R(h_bitcmp0, scc, ((a >> (b & 31)) & 1) == 0)
R(h_bitcmp1, scc, ((a >> (b & 31)) & 1) == 1)

/* Operand 0 of a SOPC row is a source, not a destination: marked by sources == 3. */
static const struct sop sops[] = {
   { "s_add_u32", 2, h_add_u32 },
   { "s_sub_u32", 2, h_sub_u32 },
   { "s_add_i32", 2, h_add_i32 },
   { "s_sub_i32", 2, h_sub_i32 },
   { "s_addc_u32", 2, h_addc },
   { "s_subb_u32", 2, h_subb },
   { "s_min_i32", 2, h_min_i },
   { "s_min_u32", 2, h_min_u },
   { "s_max_i32", 2, h_max_i },
   { "s_max_u32", 2, h_max_u },
   { "s_cselect_b32", 2, h_cselect },
   { "s_and_b32", 2, h_and },
   { "s_or_b32", 2, h_or },
   { "s_xor_b32", 2, h_xor },
   { "s_andn2_b32", 2, h_andn2 },
   { "s_orn2_b32", 2, h_orn2 },
   { "s_nand_b32", 2, h_nand },
   { "s_nor_b32", 2, h_nor },
   { "s_xnor_b32", 2, h_xnor },
   { "s_lshl_b32", 2, h_lshl },
   { "s_lshr_b32", 2, h_lshr },
   { "s_ashr_i32", 2, h_ashr },
   { "s_bfm_b32", 2, h_bfm },
   { "s_mul_i32", 2, h_mul },
   { "s_mul_hi_u32", 2, h_mul_hi_u },
   { "s_mul_hi_i32", 2, h_mul_hi_i },
   { "s_bfe_u32", 2, h_bfe_u },
   { "s_bfe_i32", 2, h_bfe_i },
   { "s_absdiff_i32", 2, h_absdiff },
   { "s_lshl1_add_u32", 2, h_lshl1_add },
   { "s_lshl2_add_u32", 2, h_lshl2_add },
   { "s_lshl3_add_u32", 2, h_lshl3_add },
   { "s_lshl4_add_u32", 2, h_lshl4_add },
   { "s_pack_ll_b32_b16", 2, h_pack_ll },
   { "s_pack_lh_b32_b16", 2, h_pack_lh },
   { "s_pack_hh_b32_b16", 2, h_pack_hh },
   { "s_mov_b32", 1, h_mov },
   { "s_not_b32", 1, h_not },
   { "s_brev_b32", 1, h_brev },
   { "s_bcnt0_i32_b32", 1, h_bcnt0 },
   { "s_bcnt1_i32_b32", 1, h_bcnt1 },
   { "s_ff0_i32_b32", 1, h_ff0 },
   { "s_ff1_i32_b32", 1, h_ff1 },
   { "s_flbit_i32_b32", 1, h_flbit },
   { "s_flbit_i32", 1, h_flbit_i },
   { "s_sext_i32_i8", 1, h_sext8 },
   { "s_sext_i32_i16", 1, h_sext16 },
   { "s_abs_i32", 1, h_abs },
   { "s_wqm_b32", 1, h_wqm },
   { "s_quadmask_b32", 1, h_quadmask },
   { "s_cmp_eq_u32", 3, h_cmp_eq },
   { "s_cmp_lg_u32", 3, h_cmp_lg },
   { "s_cmp_gt_i32", 3, h_cmp_gt_i },
   { "s_cmp_ge_i32", 3, h_cmp_ge_i },
   { "s_cmp_lt_i32", 3, h_cmp_lt_i },
   { "s_cmp_le_i32", 3, h_cmp_le_i },
   { "s_cmp_gt_u32", 3, h_cmp_gt_u },
   { "s_cmp_ge_u32", 3, h_cmp_ge_u },
   { "s_cmp_lt_u32", 3, h_cmp_lt_u },
   { "s_cmp_le_u32", 3, h_cmp_le_u },
   { "s_bitcmp0_b32", 3, h_bitcmp0 },
   { "s_bitcmp1_b32", 3, h_bitcmp1 },
};

#define PAIRS 24
#define OPS_PER_RUN 8

/* A group of ops, each over PAIRS operand pairs, half with SCC set beforehand. Pair j of op k
 * leaves its result in lane j of v(10 + k) and its SCC in lane j of v(40 + k) (v_writelane
 * ignores EXEC, so every lane is written). */
static void run_sops(const struct sop *ops, unsigned count)
{
   uint32_t a[PAIRS], b[PAIRS], seed = 1234;
   for (unsigned j = 0; j < PAIRS; j++) {
      a[j] = test_value(&seed);
      b[j] = test_value(&seed);
   }
   b[0] = a[0];     /* an equal pair for the compares */
   b[1] = 0x7f0005; /* bfe: width 127, offset 5 */
   b[2] = 0x100003; /* bfe: width 16, offset 3 */
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n[program]\n");
   for (unsigned k = 0; k < count; k++) {
      const struct sop *op = &ops[k];
      for (unsigned j = 0; j < PAIRS; j++) {
         bool scc = j & 1;
         text_add(&t, "  s_mov_b32 s0, 0x%x\n  s_mov_b32 s1, 0x%x\n  s_mov_b32 s2, 0x5555\n", a[j],
                  b[j]);
         text_add(&t, "  s_cmp_%s_u32 s0, s0\n", scc ? "eq" : "lg");
         if (op->sources == 1)
            text_add(&t, "  %s s2, s0\n", op->name);
         else if (op->sources == 2)
            text_add(&t, "  %s s2, s0, s1\n", op->name);
         else
            text_add(&t, "  %s s0, s1\n", op->name);
         text_add(&t,
                  "  s_cselect_b32 s3, 1, 0\n  v_writelane_b32 v%u, s2, %u\n"
                  "  v_writelane_b32 v%u, s3, %u\n",
                  10 + k, j, 40 + k, j);
      }
   }
   text_add(&t, "  s_endpgm\n");
   struct gpu_run run;
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned k = 0; k < count; k++) {
      const struct sop *op = &ops[k];
      for (unsigned j = 0; j < PAIRS; j++) {
         bool scc = j & 1;
         struct result r = op->host(a[j], b[j], scc);
         uint32_t d = op->sources == 3 ? 0x5555 : r.d;
         uint32_t got = run_vgpr(&run, 10 + k, j), got_scc = run_vgpr(&run, 40 + k, j);
         cr_expect_eq(got, d, "%s 0x%x, 0x%x (scc %d): 0x%x, expected 0x%x", op->name, a[j], b[j],
                      scc, got, d);
         cr_expect_eq(got_scc, (uint32_t)r.scc, "%s 0x%x, 0x%x (scc in %d): SCC %u, expected %d",
                      op->name, a[j], b[j], scc, got_scc, r.scc);
      }
   }
   harness_free(&run);
   text_free(&t);
}

Test(gpu_salu, sop2_sop1_sopc_results_and_scc, .timeout = 600)
{
   size_t n = sizeof(sops) / sizeof(sops[0]);
   for (size_t i = 0; i < n; i += OPS_PER_RUN)
      run_sops(&sops[i], (unsigned)(n - i < OPS_PER_RUN ? n - i : OPS_PER_RUN));
}

Test(gpu_salu, sixty_four_bit_and_sopk)
{
   uint64_t a = 0xf00000000000000full, b = 0x0000000100000001ull;
   struct text t = { 0 };
   text_add(&t,
            "[require]\nwave 64\n[program]\n"
            "  s_and_b64 s[10:11], s[0:1], s[2:3]\n"
            "  s_nor_b64 s[12:13], s[0:1], s[2:3]\n"
            "  s_lshl_b64 s[14:15], s[0:1], 36\n"
            "  s_ashr_i64 s[16:17], s[0:1], 60\n"
            "  s_bcnt1_i32_b64 s18, s[0:1]\n"
            "  s_ff1_i32_b64 s19, s[2:3]\n"
            "  s_flbit_i32_b64 s20, s[2:3]\n"
            "  s_brev_b64 s[22:23], s[2:3]\n"
            "  s_bfe_u64 s[24:25], s[0:1], 0x7f003c\n"
            "  s_bfm_b64 s[26:27], 40, 4\n"
            "  s_movk_i32 s28, 0x8001\n"
            "  s_mulk_i32 s28, -3\n"
            "  s_addk_i32 s29, 0x7fff\n"
            "  s_cselect_b32 s30, 1, 0\n"
            "  s_cmp_eq_u64 s[0:1], s[0:1]\n"
            "  s_cselect_b32 s31, 1, 0\n"
            "  s_bitcmp1_b64 s[2:3], 32\n"
            "  s_cselect_b32 s32, 1, 0\n"
            "  s_getpc_b64 s[34:35]\n"
            "  s_endpgm\n"
            "[init]\ns[0:1] = 0x%llx\ns[2:3] = 0x%llx\ns29 = 0x7fff0001\n",
            (unsigned long long)a, (unsigned long long)b);
   struct gpu_run run;
   harness_run(t.data, 64, RDNA_RELATIVE_DEFAULT, &run);
   const uint32_t *s = run.wave.sregs;
#define S64(i) (s[i] | (uint64_t)s[(i) + 1] << 32)
   cr_expect_eq(S64(10), a & b);
   cr_expect_eq(S64(12), ~(a | b));
   cr_expect_eq(S64(14), a << 36);
   cr_expect_eq(S64(16), (uint64_t)((int64_t)a >> 60));
   cr_expect_eq(s[18], popcount(a));
   cr_expect_eq(s[19], 0u);
   cr_expect_eq(s[20], 31u); /* bit 32 is the highest set: 63 - 32 leading zeros */
   cr_expect_eq(S64(22), 0x8000000080000000ull);
   cr_expect_eq(S64(24), a >> 60); /* offset 60, width 127: the rest of the value */
   cr_expect_eq(S64(26), ((1ull << 40) - 1) << 4);
   cr_expect_eq(s[28], (uint32_t)((int32_t)(int16_t)0x8001 * -3));
   cr_expect_eq(s[29], 0x7fff0001u + 0x7fffu);
   cr_expect_eq(s[30], 0u, "0x7fff0001 + 0x7fff does not overflow a signed 32-bit value");
   cr_expect_eq(s[31], 1u);
   cr_expect_eq(s[32], 1u);
   /* s_getpc_b64 writes the address of the next instruction: s_endpgm, where the wave stops. */
   cr_expect_eq(S64(34), run.wave.pc);
#undef S64
   harness_free(&run);
   text_free(&t);
}

Test(gpu_salu, saveexec_writes_old_exec_and_scc)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n[program]\n"
                "  s_and_saveexec_b32 s0, s4\n"
                "  s_cselect_b32 s1, 1, 0\n"
                "  s_mov_b32 s2, exec_lo\n"
                "  s_andn2_wrexec_b32 s3, s5\n"
                "  s_cselect_b32 s6, 1, 0\n"
                "  s_endpgm\n"
                "[init]\nexec = 0xff00ff00\ns4 = 0x0ff00ff0\ns5 = 0x0ff00000\n");
   struct gpu_run run;
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   const uint32_t *s = run.wave.sregs;
   cr_expect_eq(s[0], 0xff00ff00u);
   cr_expect_eq(s[1], 1u);
   cr_expect_eq(s[2], 0x0f000f00u);
   cr_expect_eq(s[3], 0x0ff00000u & ~0x0f000f00u, "andn2_wrexec: S0 & ~EXEC into D and EXEC");
   cr_expect_eq(s[126], 0x0ff00000u & ~0x0f000f00u);
   cr_expect_eq(s[6], 1u);
   harness_free(&run);
   text_free(&t);
}

/* ---- control flow --------------------------------------------------------------------------- */

Test(gpu_salu, loop_runs_to_completion)
{
   struct gpu_run run;
   harness_run("[program]\n  s_mov_b32 s0, 0\n  s_mov_b32 s1, 100\nloop:\n"
               "  s_add_u32 s0, s0, s1\n  s_sub_u32 s1, s1, 1\n  s_cmp_lg_u32 s1, 0\n"
               "  s_cbranch_scc1 loop\n  s_endpgm\n",
               32, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.sregs[0], 5050u);
   cr_expect_eq(run.wave.steps, 2u + 100u * 4u + 1u);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_NONE);
   harness_free(&run);
}

Test(gpu_salu, endless_loop_stops_at_the_step_limit)
{
   struct gpu_run run;
   harness_run("[require]\nsteps 1000\n[program]\n  s_mov_b32 s0, 0\nloop:\n"
               "  s_add_u32 s0, s0, 1\n  s_branch loop\n",
               32, RDNA_RELATIVE_DEFAULT, &run);
   uint64_t entry = rdna_case_entry(run.c);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_STEP_LIMIT);
   /* 1 + 2 * 499 = 999 steps run; the next block (2 instructions) would pass 1000. */
   cr_expect_eq(run.wave.steps, 999u);
   cr_expect_eq(run.wave.sregs[0], 499u);
   cr_expect_eq(run.wave.fault.pc, entry + 4);
   cr_expect(run.wave.ended);
   harness_free(&run);
}

Test(gpu_salu, jump_to_an_unknown_address_faults_bad_jump)
{
   struct gpu_run run;
   harness_run("[program]\n  s_mov_b32 s4, 0x12345670\n  s_mov_b32 s5, 0\n"
               "  s_setpc_b64 s[4:5]\n  s_endpgm\n",
               32, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_BAD_JUMP);
   cr_expect_eq(run.wave.fault.pc, 0x12345670u);
   cr_expect_eq(run.wave.fault.address, 0x12345670u);
   cr_expect_eq(run.wave.fault.lane, -1);
   cr_expect_eq(run.wave.steps, 3u, "the jump is executed, the target never fetched");
   harness_free(&run);
}

Test(gpu_salu, getpc_relative_jump_into_straight_line_code)
{
   struct gpu_run run;
   harness_run("[program]\n  s_getpc_b64 s[4:5]\n  s_add_u32 s4, s4, 16\n"
               "  s_addc_u32 s5, s5, 0\n  s_setpc_b64 s[4:5]\n"
               "  s_mov_b32 s0, 1\n  s_mov_b32 s1, 2\n  s_endpgm\n",
               32, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s", run.wave.fault.message);
   cr_expect_eq(run.wave.sregs[0], 0u, "skipped");
   cr_expect_eq(run.wave.sregs[1], 2u);
   cr_expect_eq(run.wave.steps, 6u);
   harness_free(&run);
}

Test(gpu_salu, trap_and_illegal_words_fault_at_their_pc)
{
   struct gpu_run run;
   harness_run("[program]\n  s_mov_b32 s0, 1\n  s_trap 2\n  s_endpgm\n", 32, RDNA_RELATIVE_DEFAULT,
               &run);
   uint64_t entry = rdna_case_entry(run.c);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_TRAP);
   cr_expect_eq(run.wave.fault.pc, entry + 4);
   cr_expect_eq(run.wave.pc, entry + 4);
   harness_free(&run);
   harness_run("[program]\n  s_mov_b32 s0, 1\n  .long 0xffffffff\n", 32, RDNA_RELATIVE_DEFAULT,
               &run);
   entry = rdna_case_entry(run.c);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_ILLEGAL_INSTRUCTION);
   cr_expect_eq(run.wave.fault.pc, entry + 4);
   cr_expect_eq(run.wave.steps, 1u, "an undecodable word is not executed");
   harness_free(&run);
}

/* Scalar relative addressing (guide 12.2 S_MOVRELS/S_MOVRELD): register index = code + M0;
 * the bound is the interpreter's documented one (both ends inside s0-s105, or inside the named
 * block of the base): anything else faults INVALID_OPERAND. */
Test(gpu_salu, scalar_relative_addressing)
{
   struct gpu_run run;
   harness_run("[program]\n"
               "  s_mov_b32 m0, 5\n"
               "  s_movrels_b32 s0, s10\n"          /* s0 = s15 */
               "  s_movreld_b32 s20, s11\n"         /* s25 = s11 */
               "  s_movrels_b64 s[2:3], s[12:13]\n" /* s[2:3] = s[17:18] */
               "  s_mov_b32 m0, 0x30002\n"
               "  s_movrelsd_2_b32 s30, s10\n" /* s33 = s12 */
               "  s_mov_b32 m0, 100\n"
               "  s_movrels_b32 s1, s10\n" /* s110 is past s105: faults */
               "  s_mov_b32 s40, 1\n"
               "  s_endpgm\n"
               "[init]\ns[10:20] = 0x100 + reg\n",
               32, RDNA_RELATIVE_DEFAULT, &run);
   const uint32_t *s = run.wave.sregs;
   cr_expect_eq(s[0], 0x100u + 15);
   cr_expect_eq(s[25], 0x100u + 11);
   cr_expect_eq(s[2], 0x100u + 17);
   cr_expect_eq(s[3], 0x100u + 18);
   cr_expect_eq(s[33], 0x100u + 12);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_INVALID_OPERAND);
   /* SOP instructions are one dword, plus one for a literal (0x30002 and 100 are not inline
    * constants, which stop at 64): the faulting s_movrels_b32 is at byte 36. */
   cr_expect_eq(run.wave.fault.pc, rdna_case_entry(run.c) + 36);
   cr_expect_eq(s[1], 0u, "the faulting move writes nothing");
   cr_expect_eq(s[40], 0u, "the wave stops at the fault");
   harness_free(&run);
}
