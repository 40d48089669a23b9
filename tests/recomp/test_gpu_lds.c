/* LDS, DS atomics and workgroup barriers on the GPU. Each test builds a program and its inputs,
 * computes the expected registers and LDS bytes on the host from the RDNA2 ISA guide's
 * definitions (chapter 11 "Data Share Operations", the DS opcode descriptions of chapter 12,
 * S_BARRIER), with a plain byte array standing for the LDS and lanes applied in ascending order,
 * and compares them with the final wave state and the LDS dump the module wrote back. Both wave
 * sizes run on the device's subgroup size (8 on lavapipe, so every wave spans several slots). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

#define LDS 4096u

/* The LDS dump of workgroup `group` equals `lds` (LDS bytes). */
static void expect_lds(const struct gpu_run *run, unsigned group, const uint8_t *lds)
{
   const struct rdna_gpu_result *r = &run->result.run;
   cr_assert_eq(r->lds_bytes_per_group, LDS);
   cr_assert(r->lds != NULL);
   const uint8_t *got = r->lds + (size_t)group * LDS;
   for (unsigned i = 0; i < LDS; i++)
      if (got[i] != lds[i]) {
         cr_expect_eq(got[i], lds[i], "LDS byte %u of workgroup %u: 0x%02x, expected 0x%02x", i,
                      group, got[i], lds[i]);
         return;
      }
}

static uint32_t get32(const uint8_t *p)
{
   return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
   for (unsigned i = 0; i < 4; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get64(const uint8_t *p)
{
   return get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void put64(uint8_t *p, uint64_t v)
{
   put32(p, (uint32_t)v);
   put32(p + 4, (uint32_t)(v >> 32));
}

/* The host LDS's dword at byte `a`: 0 outside (the guide: out-of-range reads return 0). */
static uint32_t lds_read32(const uint8_t *lds, uint32_t a)
{
   return a <= LDS - 4 ? get32(lds + a) : 0;
}

static uint64_t exec_all(unsigned wave)
{
   return wave == 64 ? ~0ull : 0xffffffffull;
}

/* "vN = ..." over the wave, with addresses or data computed by f(lane). */
static void add_lanes_fn(struct text *t, unsigned reg, unsigned wave, uint32_t (*f)(unsigned))
{
   uint32_t v[64];
   for (unsigned lane = 0; lane < wave; lane++)
      v[lane] = f(lane);
   text_add_lanes(t, reg, v, wave);
}

static uint32_t pattern(unsigned lane, unsigned r)
{
   return 0x9e3779b9u * (lane * 8 + r + 1) ^ (r << 28);
}

static uint32_t addr_16l(unsigned lane)
{
   return lane * 16;
}
static uint32_t addr_16x(unsigned lane)
{
   return (lane ^ 1) * 16;
}
static uint32_t addr_12x(unsigned lane)
{
   return (lane ^ 1) * 12;
}
static uint32_t addr_8x(unsigned lane)
{
   return (lane ^ 1) * 8;
}
static uint32_t addr_4x(unsigned lane)
{
   return (lane ^ 1) * 4;
}
static uint32_t addr_2l(unsigned lane)
{
   return lane * 2;
}
static uint32_t addr_12l(unsigned lane)
{
   return lane * 12;
}
static uint32_t addr_8l(unsigned lane)
{
   return lane * 8;
}
static uint32_t addr_4l(unsigned lane)
{
   return lane * 4;
}

Test(gpu_lds, reads_and_writes_of_every_width)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      /* Lane 5 is inactive: it neither stores nor loads. */
      uint64_t exec = exec_all(wave) & ~(1ull << 5);
      struct text t = { 0 };
      text_add(&t, "[require]\nwave %u\nlds %u\n[program]\n", wave, LDS);
      text_add(&t, "  ds_write_b128 v30, v[2:5]\n"
                   "  ds_write_b64 v37, v[6:7] offset:1024\n"
                   "  ds_write_b8 v0, v2 offset:1536\n"
                   "  ds_write_b16 v35, v3 offset:1600\n"
                   "  ds_write_b8_d16_hi v0, v4 offset:1728\n"
                   "  ds_write_b16_d16_hi v35, v5 offset:1792\n"
                   "  ds_write_b96 v36, v[6:8] offset:2048\n"
                   "  ds_write_b32 v38, v8 offset:2816\n"
                   "  ds_read_b128 v[10:13], v31\n"
                   "  ds_read_b96 v[14:16], v32 offset:2048\n"
                   "  ds_read_b64 v[17:18], v33 offset:1024\n"
                   "  ds_read_b32 v19, v34 offset:2816\n"
                   "  ds_read_u8 v20, v0 offset:1536\n"
                   "  ds_read_i8 v21, v0\n"
                   "  ds_read_u16 v22, v35 offset:1600\n"
                   "  ds_read_i16 v23, v35\n"
                   "  ds_read_u8_d16 v24, v0 offset:1728\n"
                   "  ds_read_u8_d16_hi v25, v0 offset:7\n"
                   "  ds_read_i8_d16 v26, v0 offset:3\n"
                   "  ds_read_i8_d16_hi v27, v0 offset:1536\n"
                   "  ds_read_u16_d16 v28, v35 offset:1792\n"
                   "  ds_read_u16_d16_hi v29, v35 offset:6\n"
                   "  s_endpgm\n[init]\nv0 = lane\n");
      uint32_t data[7][64];
      for (unsigned r = 0; r < 7; r++) {
         for (unsigned lane = 0; lane < wave; lane++)
            data[r][lane] = pattern(lane, r);
         text_add_lanes(&t, 2 + r, data[r], wave);
      }
      add_lanes_fn(&t, 30, wave, addr_16l);
      add_lanes_fn(&t, 31, wave, addr_16x);
      add_lanes_fn(&t, 32, wave, addr_12x);
      add_lanes_fn(&t, 33, wave, addr_8x);
      add_lanes_fn(&t, 34, wave, addr_4x);
      add_lanes_fn(&t, 35, wave, addr_2l);
      add_lanes_fn(&t, 36, wave, addr_12l);
      add_lanes_fn(&t, 37, wave, addr_8l);
      add_lanes_fn(&t, 38, wave, addr_4l);
      for (unsigned r = 24; r < 30; r++)
         text_add(&t, "v%u = 0x%x\n", r, 0xa5c30000u + r * 0x0101u);
      text_add(&t, "exec = 0x%llx\n[expect]\n", (unsigned long long)exec);

      /* The stores, lane by lane. */
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!(exec >> lane & 1))
            continue;
         for (unsigned k = 0; k < 4; k++)
            put32(lds + 16 * lane + 4 * k, data[k][lane]);
         put32(lds + 1024 + 8 * lane, data[4][lane]);
         put32(lds + 1024 + 8 * lane + 4, data[5][lane]);
         lds[1536 + lane] = (uint8_t)data[0][lane];
         lds[1600 + 2 * lane] = (uint8_t)data[1][lane];
         lds[1600 + 2 * lane + 1] = (uint8_t)(data[1][lane] >> 8);
         lds[1728 + lane] = (uint8_t)(data[2][lane] >> 16);
         lds[1792 + 2 * lane] = (uint8_t)(data[3][lane] >> 16);
         lds[1792 + 2 * lane + 1] = (uint8_t)(data[3][lane] >> 24);
         for (unsigned k = 0; k < 3; k++)
            put32(lds + 2048 + 12 * lane + 4 * k, data[4 + k][lane]);
         put32(lds + 2816 + 4 * lane, data[6][lane]);
      }
      /* The loads. */
      uint32_t v[20][64];
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned x = lane ^ 1;
         for (unsigned k = 0; k < 4; k++)
            v[0 + k][lane] = get32(lds + 16 * x + 4 * k);
         for (unsigned k = 0; k < 3; k++)
            v[4 + k][lane] = get32(lds + 2048 + 12 * x + 4 * k);
         v[7][lane] = get32(lds + 1024 + 8 * x);
         v[8][lane] = get32(lds + 1024 + 8 * x + 4);
         v[9][lane] = get32(lds + 2816 + 4 * x);
         v[10][lane] = lds[1536 + lane];
         v[11][lane] = (uint32_t)(int32_t)(int8_t)lds[lane];
         v[12][lane] = lds[1600 + 2 * lane] | (uint32_t)lds[1601 + 2 * lane] << 8;
         v[13][lane] = (uint32_t)(int32_t)(int16_t)(lds[2 * lane] | lds[2 * lane + 1] << 8);
         v[14][lane] = ((0xa5c30000u + 24 * 0x0101u) & 0xffff0000u) | lds[1728 + lane];
         v[15][lane] = ((0xa5c30000u + 25 * 0x0101u) & 0xffffu) | (uint32_t)lds[7 + lane] << 16;
         v[16][lane] = ((0xa5c30000u + 26 * 0x0101u) & 0xffff0000u) |
                       ((uint32_t)(int32_t)(int8_t)lds[3 + lane] & 0xffffu);
         v[17][lane] = ((0xa5c30000u + 27 * 0x0101u) & 0xffffu) |
                       (uint32_t)(uint16_t)(int16_t)(int8_t)lds[1536 + lane] << 16;
         v[18][lane] = ((0xa5c30000u + 28 * 0x0101u) & 0xffff0000u) | lds[1792 + 2 * lane] |
                       (uint32_t)lds[1793 + 2 * lane] << 8;
         v[19][lane] = ((0xa5c30000u + 29 * 0x0101u) & 0xffffu) |
                       (uint32_t)(lds[6 + 2 * lane] | lds[7 + 2 * lane] << 8) << 16;
      }
      for (unsigned r = 0; r < 20; r++)
         text_add_lanes(&t, 10 + r, v[r], wave);
      text_add(&t, "fault none\n");
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      expect_lds(&run, 0, lds);
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_lds, read2_and_write2_with_offsets_and_st64)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      text_add(&t, "[require]\nwave %u\nlds %u\n[program]\n", wave, LDS);
      text_add(&t, "  ds_write2_b32 v37, v2, v3 offset1:1\n"
                   "  ds_write2st64_b32 v38, v4, v5 offset0:9 offset1:11\n"
                   "  ds_write2_b64 v30, v[6:7], v[8:9] offset0:128 offset1:129\n"
                   "  ds_write2st64_b64 v37, v[2:3], v[4:5] offset0:6 offset1:7\n"
                   "  ds_read2_b32 v[10:11], v33 offset1:1\n"
                   "  ds_read2st64_b32 v[12:13], v34 offset0:9 offset1:11\n"
                   "  ds_read2_b64 v[14:17], v31 offset0:128 offset1:129\n"
                   "  ds_read2st64_b64 v[18:21], v33 offset0:6 offset1:7\n"
                   "  v_mov_b32 v39, 0xff8\n"
                   "  ds_read2_b32 v[22:23], v39 offset1:2\n" /* the second past the end */
                   "  s_endpgm\n[init]\n");
      uint32_t data[8][64];
      for (unsigned r = 0; r < 8; r++) {
         for (unsigned lane = 0; lane < wave; lane++)
            data[r][lane] = pattern(lane, r + 3);
         text_add_lanes(&t, 2 + r, data[r], wave);
      }
      add_lanes_fn(&t, 30, wave, addr_16l);
      add_lanes_fn(&t, 31, wave, addr_16x);
      add_lanes_fn(&t, 33, wave, addr_8x);
      add_lanes_fn(&t, 34, wave, addr_4x);
      add_lanes_fn(&t, 37, wave, addr_8l);
      add_lanes_fn(&t, 38, wave, addr_4l);
      text_add(&t, "[expect]\n");
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      /* DS_WRITE2_B32: addr + offset0 * 4, addr + offset1 * 4; ST64: * 256; the b64 forms * 8 and
       * * 512. The st64 b32 lanes land at 2304 + 4 * lane and 2816 + 4 * lane. */
      for (unsigned lane = 0; lane < wave; lane++) {
         put32(lds + 8 * lane, data[0][lane]);
         put32(lds + 8 * lane + 4, data[1][lane]);
         put32(lds + 4 * lane + 9 * 256, data[2][lane]);
         put32(lds + 4 * lane + 11 * 256, data[3][lane]);
         put64(lds + 16 * lane + 128 * 8, data[4][lane] | (uint64_t)data[5][lane] << 32);
         put64(lds + 16 * lane + 129 * 8, data[6][lane] | (uint64_t)data[7][lane] << 32);
      }
      /* The st64 b64 pairs (8 * lane + 3072 and + 3584) overlap nothing above. */
      for (unsigned lane = 0; lane < wave; lane++) {
         put64(lds + 8 * lane + 6 * 512, data[0][lane] | (uint64_t)data[1][lane] << 32);
         put64(lds + 8 * lane + 7 * 512, data[2][lane] | (uint64_t)data[3][lane] << 32);
      }
      uint32_t v[14][64];
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned x = lane ^ 1;
         v[0][lane] = get32(lds + 8 * x);
         v[1][lane] = get32(lds + 8 * x + 4);
         v[2][lane] = get32(lds + 4 * x + 9 * 256);
         v[3][lane] = get32(lds + 4 * x + 11 * 256);
         for (unsigned k = 0; k < 2; k++) {
            v[4 + k][lane] = get32(lds + 16 * x + 128 * 8 + 4 * k);
            v[6 + k][lane] = get32(lds + 16 * x + 129 * 8 + 4 * k);
            v[8 + k][lane] = get32(lds + 8 * x + 6 * 512 + 4 * k);
            v[10 + k][lane] = get32(lds + 8 * x + 7 * 512 + 4 * k);
         }
         v[12][lane] = lds_read32(lds, 0xff8);
         v[13][lane] = lds_read32(lds, 0xff8 + 8);
      }
      cr_assert_eq(v[13][0], 0);
      for (unsigned r = 0; r < 14; r++)
         text_add_lanes(&t, 10 + r, v[r], wave);
      text_add(&t, "fault none\n");
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      expect_lds(&run, 0, lds);
      harness_free(&run);
      text_free(&t);
   }
}

/* ---- atomics ---------------------------------------------------------------------------------
 * Every lane of the wave updates the same dword (or qword), lanes in ascending order, each
 * returning the value before its own update: the order the interpreter documents. The new
 * values follow the DS opcode descriptions. */

struct atomic_row {
   const char *name;
   unsigned bits;
   bool two; /* data1 */
};

static const struct atomic_row rows32[] = {
   { "ds_add_rtn_u32", 32, false },  { "ds_sub_rtn_u32", 32, false },
   { "ds_rsub_rtn_u32", 32, false }, { "ds_inc_rtn_u32", 32, false },
   { "ds_dec_rtn_u32", 32, false },  { "ds_min_rtn_i32", 32, false },
   { "ds_max_rtn_i32", 32, false },  { "ds_min_rtn_u32", 32, false },
   { "ds_max_rtn_u32", 32, false },  { "ds_and_rtn_b32", 32, false },
   { "ds_or_rtn_b32", 32, false },   { "ds_xor_rtn_b32", 32, false },
   { "ds_mskor_rtn_b32", 32, true }, { "ds_wrxchg_rtn_b32", 32, false },
   { "ds_cmpst_rtn_b32", 32, true }, { "ds_wrap_rtn_b32", 32, true },
};

static double as_double(unsigned bits, uint64_t v)
{
   return bits == 64 ? f64_from_bits(v) : f32_from_bits((uint32_t)v);
}

/* The float rows on the host's IEEE arithmetic (SSE: round to nearest even, denormals kept).
 * ds_add_f32: a NaN sum is the default quiet NaN 0x7fc00000. min/max: IEEE minimumNumber /
 * maximumNumber with -0 below +0; two NaNs give data0 quieted. cmpst_f: an IEEE equality
 * compare (-0 == +0, a NaN equals nothing). */
static uint64_t apply_float(const char *name, unsigned bits, uint64_t mem, uint64_t d0, uint64_t d1)
{
   double m = as_double(bits, mem), d = as_double(bits, d0);
   if (strstr(name, "_add_")) {
      volatile float a = (float)m, b = (float)d;
      float sum = a + b;
      return isnan(sum) ? 0x7fc00000u : f32_to_bits(sum);
   }
   if (strstr(name, "_cmpst_"))
      return m == d ? d1 : mem;
   bool max = strstr(name, "_max_") != NULL;
   if (isnan(m) && isnan(d))
      return d0 | (bits == 64 ? 1ull << 51 : 1ull << 22);
   if (isnan(d))
      return mem;
   if (isnan(m))
      return d0;
   if (m == d)
      return max ? (signbit(d) ? mem : d0) : (signbit(d) ? d0 : mem);
   return (max ? d > m : d < m) ? d0 : mem;
}

static uint64_t apply_int(const char *name, unsigned bits, uint64_t mem, uint64_t d0, uint64_t d1)
{
   if (strstr(name, "_f32") || strstr(name, "_f64"))
      return apply_float(name, bits, mem, d0, d1);
   uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
   int64_t sm = bits == 64 ? (int64_t)mem : (int32_t)mem,
           sd = bits == 64 ? (int64_t)d0 : (int32_t)d0;
   if (strstr(name, "_add_"))
      return (mem + d0) & mask;
   if (strstr(name, "_rsub_"))
      return (d0 - mem) & mask;
   if (strstr(name, "_sub_"))
      return (mem - d0) & mask;
   if (strstr(name, "_inc_"))
      return mem >= d0 ? 0 : mem + 1;
   if (strstr(name, "_dec_"))
      return mem == 0 || mem > d0 ? d0 : mem - 1;
   if (strstr(name, "_min_rtn_i"))
      return sd < sm ? d0 : mem;
   if (strstr(name, "_max_rtn_i"))
      return sd > sm ? d0 : mem;
   if (strstr(name, "_min_rtn_u"))
      return d0 < mem ? d0 : mem;
   if (strstr(name, "_max_rtn_u"))
      return d0 > mem ? d0 : mem;
   if (strstr(name, "_and_"))
      return mem & d0;
   if (strstr(name, "_or_"))
      return mem | d0;
   if (strstr(name, "_xor_"))
      return mem ^ d0;
   if (strstr(name, "_mskor_"))
      return (mem & ~d0) | d1;
   if (strstr(name, "_wrxchg_"))
      return d0;
   if (strstr(name, "_cmpst_"))
      return mem == d0 ? d1 : mem;
   /* ds_wrap_rtn_b32 */
   return mem >= d0 ? (mem - d0) & mask : (mem + d1) & mask;
}

/* Data for lane `lane` of row `row`: small values for inc/dec/wrap so that they wrap, a value
 * some lanes match for cmpst, mixed values otherwise. */
static uint64_t atomic_data(const char *name, unsigned lane, unsigned which, uint32_t *state)
{
   uint64_t v = test_value(state) | (uint64_t)test_value(state) << 32;
   if (strstr(name, "_f32")) {
      /* zeros, denormals, infinities, NaNs (quiet and signaling), normals */
      static const uint32_t special[] = { 0x00000001u, 0x80000000u, 0x00000000u, 0x007fffffu,
                                          0x3f800000u, 0x80400000u, 0x00400000u, 0xbf800000u,
                                          0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                          0x7f800001u, 0xffc00123u, 0x00000003u, 0x80000001u };
      /* ds_add_f32 keeps to finite values below lane 40 (a NaN stays for good) */
      if (strstr(name, "_add_") && lane < 40)
         return special[(lane * 7 + which) % 9];
      return lane % 4 == 3 ? (uint32_t)v : special[(lane * 5 + which) % 16];
   }
   if (strstr(name, "_f64")) {
      static const uint64_t special[] = { 1ull,
                                          0x8000000000000000ull,
                                          0ull,
                                          0x000fffffffffffffull,
                                          0x3ff0000000000000ull,
                                          0xbff0000000000000ull,
                                          0x7ff0000000000000ull,
                                          0xfff0000000000000ull,
                                          0x7ff8000000000000ull,
                                          0x7ff0000000000001ull,
                                          0xfff8000000000123ull,
                                          0x8000000000000001ull };
      return lane % 4 == 3 ? v : special[(lane * 5 + which) % 12];
   }
   if (strstr(name, "_inc_") || strstr(name, "_dec_") || (strstr(name, "_wrap_") && !which))
      return 3 + lane % 5;
   if (strstr(name, "_cmpst_") && !which)
      return lane % 3 ? 7 : v;
   return v;
}

static void run_atomics(const struct atomic_row *rows, size_t n, unsigned wave, uint64_t exec)
{
   struct text t = { 0 };
   uint32_t state = 12345;
   text_add(&t, "[require]\nwave %u\nlds %u\n[program]\n", wave, LDS);
   /* Lane 0 alone stores the initial values, then every active lane updates. */
   text_add(&t, wave == 32 ? "  s_mov_b32 exec_lo, 1\n" : "  s_mov_b64 exec, 1\n");
   for (size_t i = 0; i < n; i++)
      text_add(&t, "  ds_write_b64 v1, v[%zu:%zu] offset:%zu\n", 100 + 2 * i, 101 + 2 * i, 8 * i);
   text_add(&t, "  s_mov_b64 exec, s[10:11]\n");
   for (size_t i = 0; i < n; i++) {
      unsigned d0 = 2 + 4 * (unsigned)i, d1 = d0 + 2, vdst = 160 + 2 * (unsigned)i;
      if (rows[i].bits == 64)
         text_add(&t, "  %s v[%u:%u], v1, v[%u:%u]", rows[i].name, vdst, vdst + 1, d0, d0 + 1);
      else
         text_add(&t, "  %s v%u, v1, v%u", rows[i].name, vdst, d0);
      if (rows[i].two && rows[i].bits == 64)
         text_add(&t, ", v[%u:%u]", d1, d1 + 1);
      else if (rows[i].two)
         text_add(&t, ", v%u", d1);
      text_add(&t, " offset:%zu\n", 8 * i);
   }
   text_add(&t, "  s_endpgm\n[init]\nv1 = 0\ns[10:11] = 0x%llx\n", (unsigned long long)exec);
   static uint8_t lds[LDS];
   memset(lds, 0, sizeof(lds));
   static uint32_t olds[2 * 32][64]; /* inactive lanes keep their initial 0 */
   memset(olds, 0, sizeof(olds));
   for (size_t i = 0; i < n; i++) {
      uint64_t init = test_value(&state) | (uint64_t)test_value(&state) << 32;
      if (strstr(rows[i].name, "_cmpst_"))
         init = 7;
      if (strstr(rows[i].name, "_f32") || strstr(rows[i].name, "_f64"))
         init = atomic_data(rows[i].name, 1, 0, &state);
      put64(lds + 8 * i, init);
      text_add(&t, "v[%zu:%zu] = 0x%llx\n", 100 + 2 * i, 101 + 2 * i, (unsigned long long)init);
      uint32_t d[4][64];
      uint64_t d0[64], d1[64];
      for (unsigned lane = 0; lane < wave; lane++) {
         d0[lane] = atomic_data(rows[i].name, lane, 0, &state);
         d1[lane] = atomic_data(rows[i].name, lane, 1, &state);
         d[0][lane] = (uint32_t)d0[lane];
         d[1][lane] = (uint32_t)(d0[lane] >> 32);
         d[2][lane] = (uint32_t)d1[lane];
         d[3][lane] = (uint32_t)(d1[lane] >> 32);
      }
      for (unsigned r = 0; r < 4; r++)
         text_add_lanes(&t, 2 + 4 * (unsigned)i + r, d[r], wave);
      unsigned bits = rows[i].bits;
      uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!(exec >> lane & 1))
            continue;
         uint64_t mem = bits == 64 ? get64(lds + 8 * i) : get32(lds + 8 * i);
         olds[2 * i][lane] = (uint32_t)mem;
         olds[2 * i + 1][lane] = (uint32_t)(mem >> 32);
         uint64_t now = apply_int(rows[i].name, bits, mem, d0[lane] & mask, d1[lane] & mask);
         if (bits == 64)
            put64(lds + 8 * i, now);
         else
            put32(lds + 8 * i, (uint32_t)now);
      }
   }
   text_add(&t, "[expect]\n");
   for (size_t i = 0; i < n; i++)
      for (unsigned r = 0; r < rows[i].bits / 32; r++)
         text_add_lanes(&t, 160 + 2 * (unsigned)i + r, olds[2 * i + r], wave);
   text_add(&t, "fault none\n");
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   harness_expect_pass(&run);
   expect_lds(&run, 0, lds);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_lds, integer_atomics_return_values_in_lane_order)
{
   run_atomics(rows32, sizeof(rows32) / sizeof(rows32[0]), 32, 0xfff7ffefull);
   run_atomics(rows32, sizeof(rows32) / sizeof(rows32[0]), 64, 0xfffffffe7fffffffull);
}

static const struct atomic_row rows64[] = {
   { "ds_add_rtn_u64", 64, false },  { "ds_sub_rtn_u64", 64, false },
   { "ds_rsub_rtn_u64", 64, false }, { "ds_inc_rtn_u64", 64, false },
   { "ds_dec_rtn_u64", 64, false },  { "ds_min_rtn_i64", 64, false },
   { "ds_max_rtn_i64", 64, false },  { "ds_min_rtn_u64", 64, false },
   { "ds_max_rtn_u64", 64, false },  { "ds_and_rtn_b64", 64, false },
   { "ds_or_rtn_b64", 64, false },   { "ds_xor_rtn_b64", 64, false },
   { "ds_mskor_rtn_b64", 64, true }, { "ds_wrxchg_rtn_b64", 64, false },
   { "ds_cmpst_rtn_b64", 64, true },
};

Test(gpu_lds, atomics_of_64_bits)
{
   run_atomics(rows64, sizeof(rows64) / sizeof(rows64[0]), 32, 0xffffffffull);
   run_atomics(rows64, sizeof(rows64) / sizeof(rows64[0]), 64, 0xf0ffffffffffff0full);
}

static const struct atomic_row rows_float[] = {
   { "ds_add_rtn_f32", 32, false },  { "ds_min_rtn_f32", 32, false },
   { "ds_max_rtn_f32", 32, false },  { "ds_cmpst_rtn_f32", 32, true },
   { "ds_min_rtn_f64", 64, false },  { "ds_max_rtn_f64", 64, false },
   { "ds_cmpst_rtn_f64", 64, true },
};

Test(gpu_lds, float_atomics_with_denormals_nans_and_signed_zeros)
{
   run_atomics(rows_float, sizeof(rows_float) / sizeof(rows_float[0]), 32, 0xffffffffull);
   run_atomics(rows_float, sizeof(rows_float) / sizeof(rows_float[0]), 64, 0xffffffffffffffffull);
}

/* ---- faults and bounds -------------------------------------------------------------------- */

Test(gpu_lds, misaligned_lane_faults_before_anything_is_written)
{
   /* Lanes 3 and 7 store at 2 mod 4, lane 1 (inactive) at 1: the lowest active misaligned lane,
    * 3, faults MISALIGNED at its LDS address and no lane stores. */
   struct text t = { 0 };
   uint32_t addr[32];
   for (unsigned lane = 0; lane < 32; lane++)
      addr[lane] = lane == 3 ? 0x32 : lane == 7 ? 0x46 : lane == 1 ? 0x1 : 4 * lane;
   text_add(&t,
            "[require]\nwave 32\nlds %u\n[program]\n"
            "  ds_write_b32 v1, v0\n"
            "  s_endpgm\n[init]\nv0 = lane + 1\nexec = 0xfffffffd\n",
            LDS);
   text_add_lanes(&t, 1, addr, 32);
   struct gpu_run run;
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_MISALIGNED);
   cr_expect_eq(run.wave.fault.lane, 3);
   cr_expect_eq(run.wave.fault.address, 0x32);
   static uint8_t zero[LDS];
   expect_lds(&run, 0, zero);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_lds, atomics_need_their_full_size_aligned)
{
   /* A 64-bit read needs 4-byte alignment, a 64-bit atomic 8: address 4 faults the atomic. */
   struct text t = { 0 };
   text_add(&t,
            "[require]\nwave 64\nlds %u\n[program]\n"
            "  ds_read_b64 v[2:3], v1\n"
            "  ds_add_u64 v1, v[2:3]\n"
            "  s_endpgm\n[init]\nv1 = 4\n",
            LDS);
   struct gpu_run run;
   harness_run(t.data, 64, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_MISALIGNED);
   cr_expect_eq(run.wave.fault.lane, 0);
   cr_expect_eq(run.wave.fault.address, 4);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_lds, outside_the_allocation_reads_zero_and_drops_writes)
{
   /* The guide: out-of-range LDS reads return 0 and writes are discarded, per dword. A b128
    * store at LDS - 8 keeps its first two dwords; a read there returns them and two zeros; an
    * atomic outside changes nothing and returns 0. */
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\nlds %u\n[program]\n"
               "  ds_write_b128 v1, v[2:5]\n"
               "  ds_read_b128 v[6:9], v1\n"
               "  ds_add_rtn_u32 v10, v11, v2\n"
               "  ds_write_b16 v12, v2\n"
               "  ds_read_u16 v13, v12\n"
               "  s_endpgm\n[init]\nv1 = %u\nv2 = 0x11111111\nv3 = 0x22222222\nv4 = 0x33333333\n"
               "v5 = 0x44444444\nv10 = 5\nv11 = %u\nv12 = %u\n[expect]\n"
               "v6 = 0x11111111\nv7 = 0x22222222\nv8 = 0\nv9 = 0\nv10 = 0\nv13 = 0\nfault none\n",
               wave, LDS, LDS - 8, LDS, LDS + 2);
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      put32(lds + LDS - 8, 0x11111111);
      put32(lds + LDS - 4, 0x22222222);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      expect_lds(&run, 0, lds);
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_lds, append_and_consume_count_the_active_lanes)
{
   /* DS_APPEND: the dword at M0[15:0] + offset grows by the number of active lanes, each active
    * lane receiving the value before; DS_CONSUME shrinks it. */
   uint64_t exec[2] = { 0x0f0ff0f1ull, 0x8000ffff0000000full };
   for (unsigned w = 0; w < 2; w++) {
      unsigned wave = 32 << w;
      unsigned n = (unsigned)__builtin_popcountll(exec[w]);
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\nlds %u\n[program]\n"
               "  s_mov_b32 m0, 0x10\n"
               "  ds_append v1 offset:8\n"
               "  ds_append v2 offset:8\n"
               "  ds_consume v3 offset:8\n"
               "  ds_consume v4 offset:8\n"
               "  s_endpgm\n[init]\nexec = 0x%llx\n[expect]\n"
               "v1 = 100\nv2 = %u\nv3 = %u\nv4 = %u\nfault none\n",
               wave, LDS, (unsigned long long)exec[w], 100 + n, 100 + 2 * n, 100 + n);
      /* The counter starts at 100: lane 0 of a first run stores it. */
      char *body = strstr(t.data, "  ds_append v1");
      cr_assert(body != NULL);
      struct text u = { 0 };
      text_add(&u, "%.*s  v_mov_b32 v9, 100\n  v_mov_b32 v8, 0x18\n  ds_write_b32 v8, v9\n%s",
               (int)(body - t.data), t.data, body);
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      put32(lds + 0x18, 100);
      struct gpu_run run;
      harness_run(u.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      expect_lds(&run, 0, lds);
      harness_free(&run);
      text_free(&t);
      text_free(&u);
   }
}

/* ---- barriers and multi-wave workgroups --------------------------------------------------- */

/* A workgroup of 3 full waves and a partial one of 8 lanes, two workgroups: each iteration every
 * live wave adds 1 per lane to an LDS counter, meets at s_barrier, reads the counter, stores it,
 * and meets again. Wave 0 ends after the first iteration; the others run three. S_BARRIER waits
 * for the waves that have not ended only, so the counter after iteration k holds N + k * (N - W)
 * for the N lanes of the workgroup. */
Test(gpu_lds, barriers_across_waves_with_an_ended_wave_and_a_partial_one)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      unsigned n = 3 * wave + 8, groups = 2;
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\nworkgroup %u\ngrid %u\nlds %u\n[buffer out]\nsize %u\n"
               "[program]\n"
               "  v_mov_b32 v1, 0\n"
               "  v_mov_b32 v2, 1\n"
               "  v_readfirstlane_b32 s2, v0\n"
               "  s_mov_b32 s3, 0\n"
               "loop:\n"
               "  ds_add_u32 v1, v2\n"
               "  s_waitcnt lgkmcnt(0)\n"
               "  s_barrier\n"
               "  ds_read_b32 v3, v1\n"
               "  s_mul_i32 s4, s8, 3\n"
               "  s_add_u32 s4, s4, s3\n"
               "  s_mul_i32 s4, s4, %u\n"
               "  v_add_nc_u32 v4, s4, v0\n"
               "  v_lshlrev_b32 v4, 2, v4\n"
               "  s_waitcnt lgkmcnt(0)\n"
               "  global_store_dword v4, v3, s[0:1]\n"
               "  s_barrier\n"
               "  s_add_u32 s3, s3, 1\n"
               "  s_cmp_eq_u32 s2, 0\n"
               "  s_cbranch_scc1 done\n"
               "  s_cmp_lt_u32 s3, 3\n"
               "  s_cbranch_scc1 loop\n"
               "done:\n"
               "  s_endpgm\n"
               "[init]\ns[0:1] = &out\nv0 = local_id.x\ns8 = group_id.x\n[expect]\n",
               wave, n, groups, LDS, groups * 3 * n * 4, n);
      for (unsigned g = 0; g < groups; g++)
         for (unsigned it = 0; it < 3; it++) {
            /* work-items of wave 0 (ids below W) store only in the first iteration */
            uint32_t counter = n + it * (n - wave);
            unsigned base = (g * 3 + it) * n;
            if (it == 0) {
               text_add(&t, "buffer out u32[%u:%u] = %u\n", base, base + n - 1, counter);
            } else {
               text_add(&t, "buffer out u32[%u:%u] = 0\n", base, base + wave - 1);
               text_add(&t, "buffer out u32[%u:%u] = %u\n", base + wave, base + n - 1, counter);
            }
         }
      text_add(&t, "fault none\n");
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      put32(lds, n + 2 * (n - wave));
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      for (unsigned g = 0; g < groups; g++)
         expect_lds(&run, g, lds);
      harness_free(&run);
      text_free(&t);
   }
}

/* ---- FLAT through the shared aperture ----------------------------------------------------- */

Test(gpu_lds, flat_reaches_the_lds_through_the_shared_aperture)
{
   /* Guide 10.1: a FLAT address whose high dword is src_shared_base's (the interpreter's 0x10000)
    * is an LDS address in its low dword. Lane l stores l * 5 at LDS[8 * l] through FLAT; a DS read
    * of LDS[8 * (l ^ 1)] sees the neighbour's store; a FLAT load reads it back. */
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\nlds %u\n[program]\n"
               "  v_mov_b32 v2, 0x10000\n"
               "  v_mov_b32 v4, 0x10000\n"
               "  flat_store_dword v[1:2], v5\n"
               "  s_waitcnt vmcnt(0)\n"
               "  ds_read_b32 v6, v3\n"
               "  flat_load_dword v7, v[3:4]\n"
               "  s_endpgm\n[init]\n",
               wave, LDS);
      add_lanes_fn(&t, 1, wave, addr_8l);
      add_lanes_fn(&t, 3, wave, addr_8x);
      uint32_t data[64], neighbour[64];
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      for (unsigned lane = 0; lane < wave; lane++) {
         data[lane] = lane * 5;
         put32(lds + 8 * lane, data[lane]);
      }
      for (unsigned lane = 0; lane < wave; lane++)
         neighbour[lane] = get32(lds + 8 * (lane ^ 1));
      text_add_lanes(&t, 5, data, wave);
      text_add(&t, "[expect]\n");
      text_add_lanes(&t, 6, neighbour, wave);
      text_add_lanes(&t, 7, neighbour, wave);
      text_add(&t, "fault none\n");
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      expect_lds(&run, 0, lds);
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_lds, flat_outside_the_lds_faults_unmapped_with_the_aperture_address)
{
   /* Unlike DS, the interpreter's FLAT rule faults an LDS access past the allocation UNMAPPED at
    * the aperture address; lane 4 is the lowest such lane. */
   struct text t = { 0 };
   text_add(&t,
            "[require]\nwave 32\nlds %u\n[program]\n"
            "  v_lshlrev_b32 v1, 10, v0\n" /* lane * 1024: lanes 4 and up are outside */
            "  v_mov_b32 v2, 0x10000\n"
            "  flat_store_dword v[1:2], v0\n"
            "  s_endpgm\n[init]\nv0 = lane\n",
            LDS);
   struct gpu_run run;
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(run.wave.fault.lane, 4);
   cr_expect_eq(run.wave.fault.address, 0x10000ull << 32 | 4 * 1024);
   static uint8_t zero[LDS];
   expect_lds(&run, 0, zero);
   harness_free(&run);
   text_free(&t);
}

/* ---- what is not modeled ------------------------------------------------------------------ */

Test(gpu_lds, gds_and_gws_fault_unsupported_when_reached)
{
   /* The global data share and global wave sync are not modeled (nor in the interpreter): the
    * first gds access faults UNSUPPORTED there, and the LDS store before it has landed. */
   static const char *const rows[] = { "ds_write_b32 v1, v2 gds", "ds_gws_init v1 gds" };
   for (unsigned i = 0; i < 2; i++) {
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave 32\nlds %u\n[program]\n"
               "  ds_write_b32 v1, v2\n"
               "  %s\n"
               "  s_endpgm\n[init]\nv1 = 8\nv2 = 0x5a\n",
               LDS, rows[i]);
      struct gpu_run run;
      harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
      cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNSUPPORTED, "%s", rows[i]);
      cr_expect_eq(run.wave.fault.pc, rdna_case_entry(run.c) + 8, "%s", rows[i]);
      static uint8_t lds[LDS];
      memset(lds, 0, sizeof(lds));
      lds[8] = 0x5a;
      expect_lds(&run, 0, lds);
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_lds, an_lds_beyond_the_device_limit_is_unsupported_there)
{
   /* RDNA2 gives a workgroup up to 64 KiB of LDS; a device with less workgroup memory than the
    * case's LDS (lavapipe: 32 KiB) reports UNSUPPORTED instead of running past its limit. */
   struct rdna_gpu *g = harness_gpu();
   const char *text = "[require]\nlds 65536\n[program]\n  s_endpgm\n";
   struct rdna_case *c = harness_parse(text);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   struct rdna_gpu_case_options options = { .relative = RDNA_RELATIVE_DEFAULT,
                                            .timeout_ns = 120000000000ull };
   struct rdna_gpu_case_result result;
   memset(&result, 0, sizeof(result));
   enum rdna_status st = rdna_gpu_case_run(g, c, 32, &options, &result, &diag);
   if (st == RDNA_OK) {
      /* a device with room for it: the run must be complete */
      cr_expect(result.check.passed);
   } else {
      cr_expect_eq(st, RDNA_UNSUPPORTED, "%s", diag.message);
      cr_expect(strstr(diag.message, "workgroup memory") != NULL, "%s", diag.message);
   }
   rdna_gpu_case_result_free(&result);
   rdna_case_destroy(c);
}
