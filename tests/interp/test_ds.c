/* DS instructions against host computations of the RDNA2 ISA guide's opcode definitions
 * (chapter 12, DS opcodes; chapter 11 for addressing and the LDS bounds): reads and writes of every
 * width, read2/write2 and their st64 offsets, every atomic with and without return, append and
 * consume, swizzle, permute and bpermute, in wave32 and wave64 with EXEC none, one, mixed and all.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dispatch_harness.h"

#define LDS_BYTES 1024u

static struct rdna_machine *ds_machine(unsigned wave_size, const char *source)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = wave_size,
                                         .lds_bytes = LDS_BYTES };
   return harness_dispatch(&config, source);
}

static void set_lanes(struct rdna_machine *m, unsigned vgpr, const uint32_t *values)
{
   cr_assert_eq(rdna_machine_set_vgpr_lanes(m, 0, vgpr, values), RDNA_OK);
}

static void run_ok(struct rdna_machine *m)
{
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   harness_no_fault_any(m);
}

static const uint64_t exec_patterns[] = { 0, 1, 0x5a5a5a5ac3c3c3c3ull, ~0ull };

/* A scrambled but fixed per-lane value. */
static uint32_t mix(unsigned lane, unsigned salt)
{
   uint32_t x = lane * 0x9e3779b1u + salt * 0x85ebca6bu;
   x ^= x >> 15;
   x *= 0x2c1b3c6du;
   return x ^ (x >> 12);
}

/* ---- reads and writes --------------------------------------------------------------------- */

Test(ds, write_read_b32_offsets_and_exec)
{
   for (unsigned wave = 32; wave <= 64; wave += 32)
      for (unsigned p = 0; p < 4; p++) {
         struct rdna_machine *m = ds_machine(wave, "ds_write_b32 v0, v1 offset:16\n"
                                                   "ds_read_b32 v2, v0 offset:16\n"
                                                   "ds_read_b32 v3, v4\n"
                                                   "s_endpgm\n");
         uint32_t addr[64], data[64], mirror[64], old[64];
         for (unsigned l = 0; l < 64; l++) {
            addr[l] = l * 4;
            data[l] = mix(l, 1);
            mirror[l] = 16 + (wave - 1 - l) * 4;
            old[l] = 0xdead0000u + l;
         }
         set_lanes(m, 0, addr);
         set_lanes(m, 1, data);
         set_lanes(m, 2, old);
         set_lanes(m, 3, old);
         set_lanes(m, 4, mirror);
         uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
         rdna_machine_set_exec(m, 0, exec);
         run_ok(m);
         for (unsigned l = 0; l < wave; l++) {
            bool on = exec >> l & 1;
            unsigned from = wave - 1 - l;
            uint32_t mirrored = (exec >> from & 1) ? data[from] : 0;
            cr_expect_eq(harness_wave_vgpr(m, 0, 2, l), on ? data[l] : old[l],
                         "wave%u exec %u lane %u", wave, p, l);
            cr_expect_eq(harness_wave_vgpr(m, 0, 3, l), on ? mirrored : old[l],
                         "wave%u exec %u lane %u", wave, p, l);
            cr_expect_eq(harness_lds32(m, 0, 16 + l * 4), on ? data[l] : 0);
         }
         rdna_machine_destroy(m);
      }
}

Test(ds, read2_write2_and_st64_offsets)
{
   /* write2: addr + offset0 * 4 and addr + offset1 * 4; st64 scales by 256 (b32) or 512 (b64). */
   struct rdna_machine *m = ds_machine(32, "ds_write2_b32 v0, v1, v2 offset0:1 offset1:3\n"
                                           "ds_read2_b32 v[4:5], v0 offset0:3 offset1:1\n"
                                           "ds_write2st64_b32 v6, v1, v2 offset0:1 offset1:2\n"
                                           "ds_read2st64_b32 v[7:8], v6 offset0:2 offset1:1\n"
                                           "ds_write2_b64 v9, v[1:2], v[2:3] offset1:1\n"
                                           "ds_read_b64 v[10:11], v9 offset:8\n"
                                           "s_endpgm\n");
   uint32_t a[64], b[64], c[64], a64[64], a2[64];
   for (unsigned l = 0; l < 64; l++) {
      a[l] = l * 16;  /* lane l owns bytes [16l, 16l + 16) */
      a64[l] = l * 4; /* st64: 256 + 4l and 512 + 4l */
      b[l] = mix(l, 2);
      c[l] = mix(l, 3);
   }
   for (unsigned l = 0; l < 64; l++)
      a2[l] = l < 8 ? 0x300 + l * 16 : 0x300; /* eight lanes own 16 bytes each */
   set_lanes(m, 0, a);
   set_lanes(m, 1, b);
   set_lanes(m, 2, c);
   set_lanes(m, 3, c);
   set_lanes(m, 6, a64);
   set_lanes(m, 9, a2);
   rdna_machine_set_exec(m, 0, 0xffu); /* lanes 0-7: no overlaps */
   run_ok(m);
   for (unsigned l = 0; l < 8; l++) {
      cr_expect_eq(harness_lds32(m, 0, l * 16 + 4), b[l]);
      cr_expect_eq(harness_lds32(m, 0, l * 16 + 12), c[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 4, l), c[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 5, l), b[l]);
      cr_expect_eq(harness_lds32(m, 0, 256 + l * 4), b[l]);
      cr_expect_eq(harness_lds32(m, 0, 512 + l * 4), c[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 7, l), c[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 8, l), b[l]);
      /* write2_b64 v[1:2] at +0 and v[2:3] at +8: the read at +8 sees {c, c} */
      cr_expect_eq(harness_wave_vgpr(m, 0, 10, l), c[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 11, l), c[l]);
      cr_expect_eq(harness_lds32(m, 0, 0x300 + l * 16), b[l]);
      cr_expect_eq(harness_lds32(m, 0, 0x300 + l * 16 + 4), c[l]);
   }
   rdna_machine_destroy(m);
}

Test(ds, sub_dword_and_d16)
{
   /* One dword 0x80f17f85 at 0: bytes 85 7f f1 80. */
   struct rdna_machine *m = ds_machine(32, "v_mov_b32 v0, 0\n"
                                           "v_mov_b32 v1, 0x80f17f85\n"
                                           "ds_write_b32 v0, v1\n"
                                           "ds_read_i8 v2, v0\n"
                                           "ds_read_u8 v3, v0\n"
                                           "ds_read_i16 v4, v0 offset:2\n"
                                           "ds_read_u16 v5, v0 offset:2\n"
                                           "v_mov_b32 v6, 0x12345678\n"
                                           "v_mov_b32 v7, 0x12345678\n"
                                           "ds_read_i8_d16_hi v6, v0 offset:2\n"
                                           "ds_read_u16_d16 v7, v0\n"
                                           "v_mov_b32 v8, 0xaabbccdd\n"
                                           "ds_write_b8 v0, v8 offset:8\n"
                                           "ds_write_b16 v0, v8 offset:10\n"
                                           "ds_write_b8_d16_hi v0, v8 offset:12\n"
                                           "ds_write_b16_d16_hi v0, v8 offset:14\n"
                                           "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   cr_expect_eq(harness_wave_vgpr(m, 0, 2, 0), (uint32_t)(int32_t)(int8_t)0x85);
   cr_expect_eq(harness_wave_vgpr(m, 0, 3, 0), 0x85u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 4, 0), (uint32_t)(int32_t)(int16_t)0x80f1);
   cr_expect_eq(harness_wave_vgpr(m, 0, 5, 0), 0x80f1u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 6, 0),
                ((uint32_t)(uint16_t)(int16_t)(int8_t)0xf1 << 16) | 0x5678u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 7, 0), 0x12347f85u);
   cr_expect_eq(harness_lds32(m, 0, 8), 0xccdd00ddu);
   cr_expect_eq(harness_lds32(m, 0, 12), 0xaabb00bbu);
   rdna_machine_destroy(m);
}

Test(ds, b96_b128_round_trip)
{
   struct rdna_machine *m = ds_machine(64, "ds_write_b128 v0, v[4:7]\n"
                                           "ds_write_b96 v0, v[8:10] offset:512\n"
                                           "ds_read_b128 v[12:15], v0\n"
                                           "ds_read_b96 v[16:18], v0 offset:512\n"
                                           "s_endpgm\n");
   uint32_t a[64], d[7][64];
   for (unsigned l = 0; l < 64; l++) {
      a[l] = l * 16;
      for (unsigned k = 0; k < 7; k++)
         d[k][l] = mix(l, 10 + k);
   }
   set_lanes(m, 0, a);
   for (unsigned k = 0; k < 7; k++)
      set_lanes(m, 4 + k, d[k]);
   rdna_machine_set_exec(m, 0, 0x3full << 20); /* lanes 20-25; b96 at 512 + 16l stays in range */
   run_ok(m);
   for (unsigned l = 20; l < 26; l++) {
      for (unsigned k = 0; k < 4; k++)
         cr_expect_eq(harness_wave_vgpr(m, 0, 12 + k, l), d[k][l]);
      for (unsigned k = 0; k < 3; k++)
         cr_expect_eq(harness_wave_vgpr(m, 0, 16 + k, l), d[4 + k][l]);
   }
   rdna_machine_destroy(m);
}

/* RDNA2 ISA guide chapter 11 (LDS access): accesses outside the workgroup's LDS allocation are
 * discarded on write and return 0 on read; a wide access keeps its in-range dwords. */
Test(ds, out_of_range_reads_zero_and_drops_writes)
{
   struct rdna_machine *m = ds_machine(32, "v_mov_b32 v0, 0x3fc\n" /* last dword */
                                           "v_mov_b32 v1, 0x11111111\n"
                                           "v_mov_b32 v2, 0x22222222\n"
                                           "ds_write_b64 v0, v[1:2]\n" /* dword 2 past the end */
                                           "v_mov_b32 v3, 7\n"
                                           "v_mov_b32 v4, 7\n"
                                           "ds_read_b64 v[3:4], v0\n"
                                           "v_mov_b32 v5, 0x10000\n"
                                           "ds_add_rtn_u32 v6, v5, v1\n"
                                           "ds_read_b32 v7, v0 offset:4\n"
                                           "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   cr_expect_eq(harness_lds32(m, 0, 0x3fc), 0x11111111u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 3, 0), 0x11111111u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 4, 0), 0u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 6, 0), 0u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 7, 0), 0u);
   rdna_machine_destroy(m);
}

Test(ds, misaligned_faults_before_any_write)
{
   struct rdna_machine *m = ds_machine(32, "ds_write_b32 v0, v1\ns_endpgm\n");
   uint32_t a[64] = { 0 };
   uint32_t d[64];
   for (unsigned l = 0; l < 64; l++) {
      a[l] = l * 4;
      d[l] = 5;
   }
   a[3] = 13;
   set_lanes(m, 0, a);
   set_lanes(m, 1, d);
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_MISALIGNED);
   cr_expect_eq(fault.lane, 3);
   cr_expect_eq(harness_lds32(m, 0, 0), 0u, "lane 0 must not have written");
   rdna_machine_destroy(m);
}

/* ---- atomics -------------------------------------------------------------------------------- */

enum host_op {
   H_ADD,
   H_SUB,
   H_RSUB,
   H_INC,
   H_DEC,
   H_MIN_I,
   H_MAX_I,
   H_MIN_U,
   H_MAX_U,
   H_AND,
   H_OR,
   H_XOR,
   H_MSKOR,
   H_XCHG,
   H_CMPST,
   H_MIN_F,
   H_MAX_F,
   H_ADD_F,
   H_WRAP,
   H_CMPST_F
};

struct atomic_case {
   const char *plain, *rtn; /* the row without return (NULL: none) and with */
   enum host_op op;
   unsigned bits;
   bool two_data;
};

static const struct atomic_case atomics[] = {
   { "ds_add_u32", "ds_add_rtn_u32", H_ADD, 32, false },
   { "ds_sub_u32", "ds_sub_rtn_u32", H_SUB, 32, false },
   { "ds_rsub_u32", "ds_rsub_rtn_u32", H_RSUB, 32, false },
   { "ds_inc_u32", "ds_inc_rtn_u32", H_INC, 32, false },
   { "ds_dec_u32", "ds_dec_rtn_u32", H_DEC, 32, false },
   { "ds_min_i32", "ds_min_rtn_i32", H_MIN_I, 32, false },
   { "ds_max_i32", "ds_max_rtn_i32", H_MAX_I, 32, false },
   { "ds_min_u32", "ds_min_rtn_u32", H_MIN_U, 32, false },
   { "ds_max_u32", "ds_max_rtn_u32", H_MAX_U, 32, false },
   { "ds_and_b32", "ds_and_rtn_b32", H_AND, 32, false },
   { "ds_or_b32", "ds_or_rtn_b32", H_OR, 32, false },
   { "ds_xor_b32", "ds_xor_rtn_b32", H_XOR, 32, false },
   { "ds_mskor_b32", "ds_mskor_rtn_b32", H_MSKOR, 32, true },
   { NULL, "ds_wrxchg_rtn_b32", H_XCHG, 32, false },
   { "ds_cmpst_b32", "ds_cmpst_rtn_b32", H_CMPST, 32, true },
   { "ds_cmpst_f32", "ds_cmpst_rtn_f32", H_CMPST_F, 32, true },
   { "ds_min_f32", "ds_min_rtn_f32", H_MIN_F, 32, false },
   { "ds_max_f32", "ds_max_rtn_f32", H_MAX_F, 32, false },
   { "ds_add_f32", "ds_add_rtn_f32", H_ADD_F, 32, false },
   { NULL, "ds_wrap_rtn_b32", H_WRAP, 32, true },
   { "ds_add_u64", "ds_add_rtn_u64", H_ADD, 64, false },
   { "ds_sub_u64", "ds_sub_rtn_u64", H_SUB, 64, false },
   { "ds_rsub_u64", "ds_rsub_rtn_u64", H_RSUB, 64, false },
   { "ds_inc_u64", "ds_inc_rtn_u64", H_INC, 64, false },
   { "ds_dec_u64", "ds_dec_rtn_u64", H_DEC, 64, false },
   { "ds_min_i64", "ds_min_rtn_i64", H_MIN_I, 64, false },
   { "ds_max_i64", "ds_max_rtn_i64", H_MAX_I, 64, false },
   { "ds_min_u64", "ds_min_rtn_u64", H_MIN_U, 64, false },
   { "ds_max_u64", "ds_max_rtn_u64", H_MAX_U, 64, false },
   { "ds_and_b64", "ds_and_rtn_b64", H_AND, 64, false },
   { "ds_or_b64", "ds_or_rtn_b64", H_OR, 64, false },
   { "ds_xor_b64", "ds_xor_rtn_b64", H_XOR, 64, false },
   { "ds_mskor_b64", "ds_mskor_rtn_b64", H_MSKOR, 64, true },
   { NULL, "ds_wrxchg_rtn_b64", H_XCHG, 64, false },
   { "ds_cmpst_b64", "ds_cmpst_rtn_b64", H_CMPST, 64, true },
   { "ds_cmpst_f64", "ds_cmpst_rtn_f64", H_CMPST_F, 64, true },
   { "ds_min_f64", "ds_min_rtn_f64", H_MIN_F, 64, false },
   { "ds_max_f64", "ds_max_rtn_f64", H_MAX_F, 64, false },
};

static double as_double(uint64_t v, unsigned bits)
{
   if (bits == 64) {
      double d;
      memcpy(&d, &v, 8);
      return d;
   }
   uint32_t u = (uint32_t)v;
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* The opcode descriptions, written out on host integers of the element's width. */
static uint64_t host_apply(enum host_op op, unsigned bits, uint64_t mem, uint64_t d0, uint64_t d1)
{
   uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
   int64_t sm = bits == 64 ? (int64_t)mem : (int64_t)(int32_t)(uint32_t)mem;
   int64_t sd = bits == 64 ? (int64_t)d0 : (int64_t)(int32_t)(uint32_t)d0;
   switch (op) {
   case H_ADD:
      return (mem + d0) & mask;
   case H_SUB:
      return (mem - d0) & mask;
   case H_RSUB:
      return (d0 - mem) & mask;
   case H_INC:
      return mem >= d0 ? 0 : mem + 1;
   case H_DEC:
      return (mem == 0 || mem > d0) ? d0 : mem - 1;
   case H_MIN_I:
      return sm < sd ? mem : d0;
   case H_MAX_I:
      return sm > sd ? mem : d0;
   case H_MIN_U:
      return mem < d0 ? mem : d0;
   case H_MAX_U:
      return mem > d0 ? mem : d0;
   case H_AND:
      return mem & d0;
   case H_OR:
      return mem | d0;
   case H_XOR:
      return mem ^ d0;
   case H_MSKOR:
      return (mem & ~d0) | d1;
   case H_XCHG:
      return d0;
   case H_CMPST:
      return mem == d0 ? d1 : mem;
   case H_CMPST_F:
      return as_double(mem, bits) == as_double(d0, bits) ? d1 : mem;
   case H_MIN_F:
   case H_MAX_F: {
      /* IEEE minimumNumber / maximumNumber (fmin/fmax with -0 < +0) */
      double m = as_double(mem, bits), d = as_double(d0, bits);
      double r = op == H_MIN_F ? fmin(m, d) : fmax(m, d);
      if (m == 0 && d == 0)
         return (op == H_MIN_F) == (signbit(d) != 0) ? d0 : mem;
      return r == d ? d0 : mem;
   }
   case H_WRAP:
      return mem >= d0 ? mem - d0 : (mem + d1) & mask;
   case H_ADD_F:
   default: {
      float a = (float)as_double(mem, 32), b = (float)as_double(d0, 32), s = a + b;
      uint32_t r;
      memcpy(&r, &s, 4);
      return r;
   }
   }
}

/* Data that exercises the op: small counters for inc/dec/wrap, exact floats for the float ops,
 * compare values that sometimes match. */
static uint64_t atomic_data(const struct atomic_case *ac, unsigned lane, unsigned which)
{
   uint64_t r = mix(lane, 20 + which) | (uint64_t)mix(lane, 40 + which) << 32;
   if (ac->bits == 32)
      r &= 0xffffffffu;
   switch (ac->op) {
   case H_INC:
   case H_DEC:
   case H_WRAP:
      return which == 0 ? lane % 5 + 2 : r & 0xff;
   case H_MIN_F:
   case H_MAX_F:
   case H_ADD_F:
   case H_CMPST_F: {
      double v = (double)((int)(mix(lane, which) % 41) - 20) * 0.25;
      if (ac->op == H_CMPST_F && which == 0 && lane % 3 == 0)
         v = -0.0; /* equal to the initial +0.0 */
      if (ac->bits == 64) {
         uint64_t b;
         memcpy(&b, &v, 8);
         return b;
      }
      float f = (float)v;
      uint32_t b;
      memcpy(&b, &f, 4);
      return b;
   }
   case H_CMPST:
      return which == 0 && lane % 3 == 0 ? 0 : r; /* initial memory is 0 */
   default:
      return r;
   }
}

/* Each active lane updates one of four slots (lane % 4) in ascending lane order; the returning
 * form gives each lane the value before its own update. */
static void check_atomic(const struct atomic_case *ac, const char *mnemonic, bool rtn,
                         unsigned wave, uint64_t exec)
{
   unsigned words = ac->bits / 32;
   char source[256];
   const char *d0 = words == 2 ? "v[2:3]" : "v2", *d1 = words == 2 ? "v[4:5]" : "v4";
   const char *dst = words == 2 ? "v[6:7]" : "v6";
   if (rtn)
      snprintf(source, sizeof(source), "%s %s, v0, %s%s%s offset:8\ns_endpgm\n", mnemonic, dst, d0,
               ac->two_data ? ", " : "", ac->two_data ? d1 : "");
   else
      snprintf(source, sizeof(source), "%s v0, %s%s%s offset:8\ns_endpgm\n", mnemonic, d0,
               ac->two_data ? ", " : "", ac->two_data ? d1 : "");
   struct rdna_machine *m = ds_machine(wave, source);
   uint32_t addr[64], v[4][64], keep[64];
   uint64_t data0[64], data1[64];
   for (unsigned l = 0; l < 64; l++) {
      addr[l] = (l % 4) * 8;
      data0[l] = atomic_data(ac, l, 0);
      data1[l] = atomic_data(ac, l, 1);
      v[0][l] = (uint32_t)data0[l];
      v[1][l] = (uint32_t)(data0[l] >> 32);
      v[2][l] = (uint32_t)data1[l];
      v[3][l] = (uint32_t)(data1[l] >> 32);
      keep[l] = 0xabcd0000u + l;
   }
   set_lanes(m, 0, addr);
   for (unsigned k = 0; k < 4; k++)
      set_lanes(m, 2 + k, v[k]);
   set_lanes(m, 6, keep);
   set_lanes(m, 7, keep);
   rdna_machine_set_exec(m, 0, exec);
   run_ok(m);

   uint64_t mem[4] = { 0 }, ret[64] = { 0 };
   for (unsigned l = 0; l < wave; l++) {
      if (!(exec >> l & 1))
         continue;
      ret[l] = mem[l % 4];
      mem[l % 4] = host_apply(ac->op, ac->bits, mem[l % 4], data0[l], data1[l]);
   }
   for (unsigned s = 0; s < 4; s++) {
      uint64_t got = harness_lds32(m, 0, 8 + s * 8);
      if (words == 2)
         got |= (uint64_t)harness_lds32(m, 0, 12 + s * 8) << 32;
      cr_expect_eq(got, mem[s], "%s wave%u exec 0x%llx slot %u: 0x%llx, want 0x%llx", mnemonic,
                   wave, (unsigned long long)exec, s, (unsigned long long)got,
                   (unsigned long long)mem[s]);
   }
   for (unsigned l = 0; l < wave; l++) {
      bool written = rtn && (exec >> l & 1);
      uint64_t got = harness_wave_vgpr(m, 0, 6, l);
      uint64_t want = written ? ret[l] & 0xffffffffu : keep[l];
      if (words == 2) {
         got |= (uint64_t)harness_wave_vgpr(m, 0, 7, l) << 32;
         want = written ? ret[l] : keep[l] | (uint64_t)keep[l] << 32;
      }
      cr_expect_eq(got, want, "%s wave%u lane %u returned 0x%llx, want 0x%llx", mnemonic, wave, l,
                   (unsigned long long)got, (unsigned long long)want);
   }
   rdna_machine_destroy(m);
}

Test(ds, every_atomic_with_and_without_return)
{
   for (size_t i = 0; i < sizeof(atomics) / sizeof(atomics[0]); i++)
      for (unsigned wave = 32; wave <= 64; wave += 32)
         for (unsigned p = 0; p < 4; p++) {
            uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
            check_atomic(&atomics[i], atomics[i].rtn, true, wave, exec);
            if (atomics[i].plain)
               check_atomic(&atomics[i], atomics[i].plain, false, wave, exec);
         }
}

Test(ds, add_f32_nan_is_the_default_quiet_nan)
{
   struct rdna_machine *m = ds_machine(32, "v_mov_b32 v0, 0\n"
                                           "v_mov_b32 v1, 0x7f800000\n" /* +inf */
                                           "v_mov_b32 v2, 0xff800000\n" /* -inf */
                                           "ds_write_b32 v0, v1\n"
                                           "ds_add_rtn_f32 v3, v0, v2\n"
                                           "ds_read_b32 v4, v0\n"
                                           "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   cr_expect_eq(harness_wave_vgpr(m, 0, 3, 0), 0x7f800000u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 4, 0), 0x7fc00000u);
   rdna_machine_destroy(m);
}

/* Float min/max follow IEEE minimumNumber/maximumNumber: a NaN loses to a number, -0 < +0. */
Test(ds, float_min_max_nan_and_signed_zero)
{
   struct rdna_machine *m = ds_machine(32, "v_mov_b32 v0, 0\n"
                                           "v_mov_b32 v1, 0x7fc00001\n" /* quiet NaN */
                                           "v_mov_b32 v2, 0x80000000\n" /* -0 */
                                           "v_mov_b32 v3, 0x3f800000\n" /* 1.0 */
                                           "ds_write_b32 v0, v1\n"
                                           "ds_min_rtn_f32 v4, v0, v3\n" /* NaN vs 1: 1 */
                                           "ds_write_b32 v0, v2 offset:4\n"
                                           "ds_max_f32 v0, v0 offset:4\n" /* -0 vs +0: +0 */
                                           "ds_write_b32 v0, v0 offset:8\n"
                                           "ds_min_f32 v0, v2 offset:8\n" /* +0 vs -0: -0 */
                                           "ds_max_f32 v0, v1 offset:8\n" /* -0 vs NaN: -0 */
                                           "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   cr_expect_eq(harness_wave_vgpr(m, 0, 4, 0), 0x7fc00001u);
   cr_expect_eq(harness_lds32(m, 0, 0), 0x3f800000u);
   cr_expect_eq(harness_lds32(m, 0, 4), 0u);
   cr_expect_eq(harness_lds32(m, 0, 8), 0x80000000u);
   rdna_machine_destroy(m);
}

Test(ds, wrxchg2_returns_both_old_values)
{
   struct rdna_machine *m = ds_machine(32, "ds_write2_b32 v0, v1, v2 offset1:1\n"
                                           "ds_wrxchg2st64_rtn_b32 v[5:6], v3, v1, v2 offset1:1\n"
                                           "ds_wrxchg2_rtn_b32 v[7:8], v0, v2, v1 offset1:1\n"
                                           "s_endpgm\n");
   uint32_t a[64], b[64], c[64], a64[64];
   for (unsigned l = 0; l < 64; l++) {
      a[l] = l * 8;
      a64[l] = 0x200 + l * 4;
      b[l] = mix(l, 5);
      c[l] = mix(l, 6);
   }
   set_lanes(m, 0, a);
   set_lanes(m, 1, b);
   set_lanes(m, 2, c);
   set_lanes(m, 3, a64);
   run_ok(m);
   for (unsigned l = 0; l < 32; l++) {
      /* 0x200 + 4l and 0x300 + 4l were never written before */
      cr_expect_eq(harness_wave_vgpr(m, 0, 5, l), 0u);
      cr_expect_eq(harness_wave_vgpr(m, 0, 6, l), 0u);
      cr_expect_eq(harness_lds32(m, 0, 0x200 + l * 4), b[l]);
      cr_expect_eq(harness_lds32(m, 0, 0x300 + l * 4), c[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 7, l), b[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 8, l), c[l]);
      cr_expect_eq(harness_lds32(m, 0, l * 8), c[l]);
      cr_expect_eq(harness_lds32(m, 0, l * 8 + 4), b[l]);
   }
   rdna_machine_destroy(m);
}

/* ---- M0-addressed rows ----------------------------------------------------------------------- */

Test(ds, append_and_consume_count_active_lanes)
{
   for (unsigned wave = 32; wave <= 64; wave += 32)
      for (unsigned p = 0; p < 4; p++) {
         struct rdna_machine *m = ds_machine(wave, "s_mov_b32 m0, 0x40\n"
                                                   "ds_append v1 offset:4\n"
                                                   "ds_append v2 offset:4\n"
                                                   "ds_consume v3 offset:8\n"
                                                   "s_endpgm\n");
         uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
         rdna_machine_set_exec(m, 0, exec);
         run_ok(m);
         uint32_t n = (uint32_t)__builtin_popcountll(exec);
         cr_expect_eq(harness_lds32(m, 0, 0x44), 2 * n);
         cr_expect_eq(harness_lds32(m, 0, 0x48), 0u - n);
         for (unsigned l = 0; l < wave; l++)
            if (exec >> l & 1) {
               cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), 0u);
               cr_expect_eq(harness_wave_vgpr(m, 0, 2, l), n);
               cr_expect_eq(harness_wave_vgpr(m, 0, 3, l), 0u);
            }
         rdna_machine_destroy(m);
      }
}

Test(ds, addtid_uses_m0_and_lane_id)
{
   struct rdna_machine *m = ds_machine(64, "s_mov_b32 m0, 0x100\n"
                                           "ds_write_addtid_b32 v1 offset:8\n"
                                           "ds_read_addtid_b32 v2 offset:4\n"
                                           "s_endpgm\n");
   uint32_t d[64];
   for (unsigned l = 0; l < 64; l++)
      d[l] = mix(l, 9);
   set_lanes(m, 1, d);
   run_ok(m);
   for (unsigned l = 0; l < 64; l++) {
      cr_expect_eq(harness_lds32(m, 0, 0x108 + 4 * l), d[l]);
      cr_expect_eq(harness_wave_vgpr(m, 0, 2, l), l == 0 ? 0u : d[l - 1]);
   }
   rdna_machine_destroy(m);
}

/* ---- lane exchanges ------------------------------------------------------------------------ */

/* DS_SWIZZLE_B32: quad permute and the 32-lane bit-mask mode, recomputed from the offset. */
Test(ds, swizzle_modes)
{
   static const unsigned offsets[] = { 0x80e4, 0x801b, 0x8055, 0x041f, 0x001f,
                                       0x7c1f, 0x0010, 0x03e0, 0x2a15, 0x0000 };
   for (unsigned wave = 32; wave <= 64; wave += 32)
      for (unsigned p = 0; p < 4; p++)
         for (size_t k = 0; k < sizeof(offsets) / sizeof(offsets[0]); k++) {
            char source[96];
            snprintf(source, sizeof(source), "ds_swizzle_b32 v1, v0 offset:%u\ns_endpgm\n",
                     offsets[k]);
            struct rdna_machine *m = ds_machine(wave, source);
            uint32_t d[64], keep[64];
            for (unsigned l = 0; l < 64; l++) {
               d[l] = mix(l, 30);
               keep[l] = ~d[l];
            }
            set_lanes(m, 0, d);
            set_lanes(m, 1, keep);
            uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
            rdna_machine_set_exec(m, 0, exec);
            run_ok(m);
            unsigned off = offsets[k];
            for (unsigned l = 0; l < wave; l++) {
               unsigned from;
               if (off & 0x8000)
                  from = l / 4 * 4 + (off >> (2 * (l % 4)) & 3);
               else
                  from =
                     l / 32 * 32 + ((((l % 32) & (off & 31)) | (off >> 5 & 31)) ^ (off >> 10 & 31));
               uint32_t want = !(exec >> l & 1) ? keep[l] : (exec >> from & 1) ? d[from] : 0;
               cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), want,
                            "offset 0x%x wave%u exec %u lane %u", off, wave, p, l);
            }
            rdna_machine_destroy(m);
         }
}

/* DS_PERMUTE_B32 / DS_BPERMUTE_B32: lane = (addr + offset) / 4 modulo the wave size. */
Test(ds, permute_and_bpermute)
{
   for (unsigned wave = 32; wave <= 64; wave += 32)
      for (unsigned p = 0; p < 4; p++) {
         struct rdna_machine *m = ds_machine(wave, "ds_permute_b32 v2, v0, v1 offset:4\n"
                                                   "ds_bpermute_b32 v3, v0, v1 offset:4\n"
                                                   "s_endpgm\n");
         uint32_t a[64], d[64], keep[64];
         for (unsigned l = 0; l < 64; l++) {
            a[l] = mix(l, 50) & 0x3ff; /* collisions happen: several lanes name one lane */
            d[l] = mix(l, 51);
            keep[l] = 0x5555u + l;
         }
         set_lanes(m, 0, a);
         set_lanes(m, 1, d);
         set_lanes(m, 2, keep);
         set_lanes(m, 3, keep);
         uint64_t exec = exec_patterns[p] & (wave == 64 ? ~0ull : 0xffffffffull);
         rdna_machine_set_exec(m, 0, exec);
         run_ok(m);
         uint32_t forward[64] = { 0 };
         for (unsigned l = 0; l < wave; l++)
            if (exec >> l & 1)
               forward[(a[l] + 4) / 4 % wave] = d[l];
         for (unsigned l = 0; l < wave; l++) {
            unsigned from = (a[l] + 4) / 4 % wave;
            bool on = exec >> l & 1;
            cr_expect_eq(harness_wave_vgpr(m, 0, 2, l), on ? forward[l] : keep[l]);
            cr_expect_eq(harness_wave_vgpr(m, 0, 3, l), !on                  ? keep[l]
                                                        : (exec >> from & 1) ? d[from]
                                                                             : 0);
         }
         rdna_machine_destroy(m);
      }
}

Test(ds, gds_is_an_explicit_unsupported_fault)
{
   struct rdna_machine *m = ds_machine(32, "ds_write_b32 v0, v1 gds\ns_endpgm\n");
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_UNSUPPORTED);
   cr_expect(strstr(fault.message, "ds_write_b32") != NULL, "%s", fault.message);
   rdna_machine_destroy(m);
}

/* ---- src2 rows (gfx1013) ----------------------------------------------------------------------
 * DS_ADD_SRC2_U32 and siblings: DS[A] = op(DS[A], DS[B]) with B = A + 4 * (offset[15] ?
 * sext(A[31:17]) : sext(offset[14:0])). */
Test(ds, src2_rows_read_both_operands_from_lds)
{
   static const struct {
      const char *row;
      unsigned offset;
      int step; /* B - A in dwords, for small A */
   } cases[] = {
      { "ds_add_src2_u32", 3, 3 },      { "ds_add_src2_u32", 0x7fff, -1 },
      { "ds_add_src2_u32", 0x8000, 0 }, { "ds_sub_src2_u32", 2, 2 },
      { "ds_write_src2_b32", 1, 1 },    { "ds_max_src2_u32", 0x7ffe, -2 },
   };
   for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      char source[160];
      snprintf(source, sizeof(source),
               "ds_write_b32 v0, v1\n"
               "ds_write_b32 v2, v3\n"
               "%s v0 offset:%u\n"
               "s_endpgm\n",
               cases[k].row, cases[k].offset);
      struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1013,
                                            .wave_size = 32,
                                            .lds_bytes = LDS_BYTES };
      struct rdna_machine *m = harness_dispatch(&config, source);
      uint32_t a = 0x100, b = (uint32_t)(0x100 + 4 * cases[k].step);
      uint32_t va = 0x1234, vb = cases[k].step ? 0x77 : va;
      rdna_machine_set_vgpr(m, 0, 0, 0, a);
      rdna_machine_set_vgpr(m, 0, 1, 0, va);
      rdna_machine_set_vgpr(m, 0, 2, 0, cases[k].step ? b : 0x200);
      rdna_machine_set_vgpr(m, 0, 3, 0, vb);
      rdna_machine_set_exec(m, 0, 1);
      run_ok(m);
      uint32_t want;
      if (strcmp(cases[k].row, "ds_add_src2_u32") == 0)
         want = va + vb;
      else if (strcmp(cases[k].row, "ds_sub_src2_u32") == 0)
         want = va - vb;
      else if (strcmp(cases[k].row, "ds_write_src2_b32") == 0)
         want = vb;
      else
         want = va > vb ? va : vb;
      cr_expect_eq(harness_lds32(m, 0, a), want, "%s offset 0x%x: 0x%x, want 0x%x", cases[k].row,
                   cases[k].offset, harness_lds32(m, 0, a), want);
      rdna_machine_destroy(m);
   }
}

/* DS_SWIZZLE_B32's FFT and rotate modes against the example swizzles the ISA guide lists (inputs
 * 1..0x20 in lanes 0..31; each list gives what lanes 0..31 receive). */
Test(ds, swizzle_fft_and_rotate_match_the_guide_examples)
{
   static const struct {
      unsigned offset;
      uint8_t out[32];
   } examples[] = {
      { 0xe000, { 0x01, 0x11, 0x09, 0x19, 0x05, 0x15, 0x0d, 0x1d, 0x03, 0x13, 0x0b,
                  0x1b, 0x07, 0x17, 0x0f, 0x1f, 0x02, 0x12, 0x0a, 0x1a, 0x06, 0x16,
                  0x0e, 0x1e, 0x04, 0x14, 0x0c, 0x1c, 0x08, 0x18, 0x10, 0x20 } },
      { 0xe010, { 0x01, 0x09, 0x05, 0x0d, 0x03, 0x0b, 0x07, 0x0f, 0x02, 0x0a, 0x06,
                  0x0e, 0x04, 0x0c, 0x08, 0x10, 0x11, 0x19, 0x15, 0x1d, 0x13, 0x1b,
                  0x17, 0x1f, 0x12, 0x1a, 0x16, 0x1e, 0x14, 0x1c, 0x18, 0x20 } },
      { 0xc020, { 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
                  0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
                  0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x01 } },
      { 0xc420, { 0x20, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
                  0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
                  0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f } },
      { 0xc021, { 0x01, 0x04, 0x03, 0x06, 0x05, 0x08, 0x07, 0x0a, 0x09, 0x0c, 0x0b,
                  0x0e, 0x0d, 0x10, 0x0f, 0x12, 0x11, 0x14, 0x13, 0x16, 0x15, 0x18,
                  0x17, 0x1a, 0x19, 0x1c, 0x1b, 0x1e, 0x1d, 0x20, 0x1f, 0x02 } },
      { 0xc421, { 0x1f, 0x02, 0x01, 0x04, 0x03, 0x06, 0x05, 0x08, 0x07, 0x0a, 0x09,
                  0x0c, 0x0b, 0x0e, 0x0d, 0x10, 0x0f, 0x12, 0x11, 0x14, 0x13, 0x16,
                  0x15, 0x18, 0x17, 0x1a, 0x19, 0x1c, 0x1b, 0x1e, 0x1d, 0x20 } },
   };
   for (size_t k = 0; k < sizeof(examples) / sizeof(examples[0]); k++)
      for (unsigned wave = 32; wave <= 64; wave += 32) {
         char source[96];
         snprintf(source, sizeof(source), "ds_swizzle_b32 v1, v0 offset:%u\ns_endpgm\n",
                  examples[k].offset);
         struct rdna_machine *m = ds_machine(wave, source);
         uint32_t in[64];
         for (unsigned l = 0; l < 64; l++)
            in[l] = l % 32 + 1 + (l / 32) * 0x100; /* the upper half: same pattern + 0x100 */
         set_lanes(m, 0, in);
         run_ok(m);
         for (unsigned l = 0; l < wave; l++)
            cr_expect_eq(harness_wave_vgpr(m, 0, 1, l), examples[k].out[l % 32] + (l / 32) * 0x100u,
                         "offset 0x%x wave%u lane %u", examples[k].offset, wave, l);
         rdna_machine_destroy(m);
      }
}

/* The address is addr + offset in 32 bits (DS address calculation of the ISA guides): compilers
 * rely on the wrap, addressing tmp[63 - l] as (-4 * l) + 252. */
Test(ds, address_sum_wraps_at_32_bits)
{
   struct rdna_machine *m = ds_machine(32, "v_mov_b32 v0, 4\n"
                                           "v_mov_b32 v1, 0x5150\n"
                                           "ds_write_b32 v0, v1\n"
                                           "v_mov_b32 v2, -4\n"
                                           "ds_read_b32 v3, v2 offset:8\n"
                                           "ds_write_b32 v2, v1 offset:20\n"
                                           "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   cr_expect_eq(harness_wave_vgpr(m, 0, 3, 0), 0x5150u);
   cr_expect_eq(harness_lds32(m, 0, 16), 0x5150u);
   rdna_machine_destroy(m);
}

/* DS_CONDXCHG32_RTN_B64: A0 = (addr + offset) & 0xfff8; each dword of data is stored, bit 31
 * cleared, only when its bit 31 is set; both old dwords come back. */
Test(ds, condxchg32_writes_dwords_with_bit_31)
{
   struct rdna_machine *m = ds_machine(32, "v_mov_b32 v0, 0x40\n"
                                           "v_mov_b32 v1, 0x11111111\n"
                                           "v_mov_b32 v2, 0x22222222\n"
                                           "ds_write_b64 v0, v[1:2]\n"
                                           "v_mov_b32 v3, 0x3c\n" /* (0x3c + 7) & 0xfff8 = 0x40 */
                                           "v_mov_b32 v4, 0x80000005\n" /* bit 31: stored as 5 */
                                           "v_mov_b32 v5, 0x00000006\n" /* no bit 31: kept */
                                           "ds_condxchg32_rtn_b64 v[6:7], v3, v[4:5] offset:7\n"
                                           "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   cr_expect_eq(harness_wave_vgpr(m, 0, 6, 0), 0x11111111u);
   cr_expect_eq(harness_wave_vgpr(m, 0, 7, 0), 0x22222222u);
   cr_expect_eq(harness_lds32(m, 0, 0x40), 5u);
   cr_expect_eq(harness_lds32(m, 0, 0x44), 0x22222222u);
   rdna_machine_destroy(m);
}

/* lds_direct with M0[18:16] = 3 (no data type) faults INVALID_OPERAND; nothing is written. */
Test(ds, lds_direct_with_an_unused_type_faults)
{
   struct rdna_machine *m = ds_machine(32, "s_mov_b32 m0, 0x30000\n"
                                           "v_mov_b32 v1, src_lds_direct\n"
                                           "s_endpgm\n");
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_INVALID_OPERAND);
   cr_expect_eq(harness_wave_vgpr(m, 0, 1, 0), 0u);
   rdna_machine_destroy(m);
}

/* LDS is allocated in 512-byte granules (LDS_ALLOC's LDS_SIZE): 100 bytes asked for give 512
 * addressable bytes, and HW_REG_LDS_ALLOC reports one granule. */
Test(ds, lds_allocation_is_rounded_to_512_bytes)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = 32,
                                         .lds_bytes = 100 };
   struct rdna_machine *m = harness_dispatch(&config, "v_mov_b32 v0, 0x1fc\n"
                                                      "v_mov_b32 v1, 77\n"
                                                      "ds_write_b32 v0, v1\n"
                                                      "ds_write_b32 v0, v1 offset:4\n"
                                                      "s_getreg_b32 s0, hwreg(6, 12, 9)\n"
                                                      "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   run_ok(m);
   struct rdna_machine_config got;
   rdna_machine_get_config(m, &got);
   cr_expect_eq(got.lds_bytes, 512u);
   cr_expect_eq(harness_lds32(m, 0, 0x1fc), 77u);
   uint32_t s0 = 0;
   rdna_machine_read_sreg(m, 0, 0, &s0);
   cr_expect_eq(s0, 1u);
   uint32_t past = 0;
   cr_expect_eq(rdna_machine_read_lds(m, 0, 0x200, &past, 4), RDNA_OUT_OF_RANGE);
   rdna_machine_destroy(m);
}
