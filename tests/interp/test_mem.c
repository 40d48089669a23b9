/* Memory instructions: SMEM, GLOBAL/FLAT/SCRATCH and MUBUF/MTBUF. Expected values are computed
 * here from the bytes placed in a region and the access rules of the RDNA2 ISA guide (chapters
 * 5, 8 and 10) and interp/mem.h's documented choices (alignment, scratch layout, lane order). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

#define DATA 0x100000ull /* the data region's address */
#define DATA_SIZE 1024u

/* Pattern byte k of the data region. */
static uint8_t pattern(unsigned k)
{
   return (uint8_t)(k * 7 + 3);
}

static uint32_t pattern32(unsigned k)
{
   return pattern(k) | (uint32_t)pattern(k + 1) << 8 | (uint32_t)pattern(k + 2) << 16 |
          (uint32_t)pattern(k + 3) << 24;
}

/* A machine with `source` and the data region filled with the pattern; s[0:1] = DATA;
 * v0 = lane id; s[4:7] = a raw V# over the region (num_records = DATA_SIZE, oob_select 3). */
static struct rdna_machine *mem_machine(enum rdna_target target, unsigned wave, const char *src)
{
   struct rdna_machine *m = harness_machine(target, wave, 0, src);
   uint8_t bytes[DATA_SIZE];
   for (unsigned k = 0; k < DATA_SIZE; k++)
      bytes[k] = pattern(k);
   cr_assert_eq(
      rdna_machine_add_region(m, "data", DATA, DATA_SIZE, bytes, DATA_SIZE, false, NULL, NULL),
      RDNA_OK);
   harness_set_s64(m, 0, DATA);
   uint32_t vsharp[4] = { (uint32_t)DATA, (uint32_t)(DATA >> 32), DATA_SIZE, 3u << 28 | 22u << 12 };
   rdna_machine_set_sregs(m, 0, 4, vsharp, 4);
   for (unsigned l = 0; l < wave; l++)
      rdna_machine_set_vgpr(m, 0, 0, l, l);
   return m;
}

static uint32_t read32(struct rdna_machine *m, uint64_t address)
{
   uint32_t v = 0;
   cr_assert_eq(rdna_machine_read_memory(m, address, &v, 4), RDNA_OK);
   return v;
}

static struct rdna_fault run_fault(struct rdna_machine *m)
{
   struct rdna_fault f;
   rdna_machine_run(m, NULL);
   rdna_machine_fault(m, 0, &f);
   return f;
}

/* ---- SMEM ------------------------------------------------------------------------------- */

Test(smem, load_widths_and_soffset)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "s_load_dword s8, s[0:1], 0x10\n"
                                        "s_load_dwordx16 s[16:31], s[0:1], 0x40\n"
                                        "s_mov_b32 s2, 0x24\n"
                                        "s_load_dwordx2 s[10:11], s[0:1], s2\n"
                                        "s_load_dword s12, s[0:1], 0x13\n" /* low bits ignored */
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 8), pattern32(0x10));
   for (unsigned i = 0; i < 16; i++)
      cr_expect_eq(harness_sreg(m, 16 + i), pattern32(0x40 + 4 * i), "s%u", 16 + i);
   cr_expect_eq(harness_sreg(m, 10), pattern32(0x24));
   cr_expect_eq(harness_sreg(m, 11), pattern32(0x28));
   cr_expect_eq(harness_sreg(m, 12), pattern32(0x10));
   rdna_machine_destroy(m);
}

Test(smem, buffer_load_out_of_range_dwords_read_zero)
{
   /* num_records 0x18: dwords at 0x10 and 0x14 are in range, 0x18 and 0x1c read 0. */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "s_mov_b32 s6, 0x18\n"
                                        "s_buffer_load_dwordx4 s[8:11], s[4:7], 0x10\n"
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 8), pattern32(0x10));
   cr_expect_eq(harness_sreg(m, 9), pattern32(0x14));
   cr_expect_eq(harness_sreg(m, 10), 0);
   cr_expect_eq(harness_sreg(m, 11), 0);
   rdna_machine_destroy(m);
}

Test(smem, memtime_counts_steps)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "s_memtime s[8:9]\ns_nop 0\ns_memrealtime s[10:11]\n"
                                        "s_dcache_inv\ns_gl1_inv\ns_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 8), 0);
   cr_expect_eq(harness_sreg(m, 10), 2);
   cr_expect_eq(harness_sreg(m, 11), 0);
   rdna_machine_destroy(m);
}

Test(smem, unmapped_load_faults)
{
   struct rdna_machine *m =
      mem_machine(RDNA_TARGET_GFX1030, 32, "s_load_dword s8, s[0:1], 0x400\ns_endpgm\n");
   struct rdna_fault f = run_fault(m);
   cr_expect_eq(f.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(f.address, DATA + 0x400);
   cr_expect_eq(f.lane, -1);
   rdna_machine_destroy(m);
}

Test(smem, gfx1013_store_and_atomic)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1013, 32,
                                        "s_mov_b32 s8, 0x11223344\n"
                                        "s_store_dword s8, s[0:1], 0x20\n"
                                        "s_mov_b32 s9, 5\n"
                                        "s_atomic_add s9, s[0:1], 0x20 glc\n"
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 9), 0x11223344u);
   cr_expect_eq(read32(m, DATA + 0x20), 0x11223349u);
   rdna_machine_destroy(m);
}

/* Scalar scratch sees the per-lane scratch through the swizzled layout: byte A is dword
 * (A / 4) / wave_size of lane (A / 4) % wave_size. Each lane stores its id at its scratch offset
 * 8; the scalar loads then read lanes' dwords back. */
static void scalar_scratch_case(unsigned wave)
{
   char source[512];
   snprintf(source, sizeof(source),
            "v_mov_b32 v1, 8\n"
            "v_add_nc_u32 v2, 0x100, v0\n"
            "scratch_store_dword v1, v2, off\n"
            "s_mov_b32 s2, %u\n"
            "s_scratch_load_dwordx2 s[10:11], s[2:3], 0x14\n"
            "s_mov_b32 s12, 0xabcd\n"
            "s_scratch_store_dword s12, s[2:3], 0x4\n"
            "scratch_load_dword v3, v1, off\n"
            "s_endpgm\n",
            2 * 4 * wave);
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1013, wave, source);
   harness_run(m);
   harness_no_fault(m);
   /* Scalar byte 8 * wave + 0x14: dword 2 * wave + 5 = lane 5's dword 2 (offset 8), then lane 6. */
   cr_expect_eq(harness_sreg(m, 10), 0x105u);
   cr_expect_eq(harness_sreg(m, 11), 0x106u);
   /* Scalar byte 8 * wave + 4: lane 1's dword 2. */
   for (unsigned l = 0; l < wave; l++)
      cr_expect_eq(harness_vgpr(m, 3, l), l == 1 ? 0xabcdu : 0x100u + l, "lane %u", l);
   rdna_machine_destroy(m);
}

Test(smem, gfx1013_scalar_scratch_is_the_swizzled_lane_scratch)
{
   scalar_scratch_case(32);
   scalar_scratch_case(64);
}

/* ---- GLOBAL / FLAT / SCRATCH ------------------------------------------------------------ */

static void global_loads(unsigned wave, uint64_t exec)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, wave,
                                        "v_lshlrev_b32 v1, 2, v0\n"
                                        "v_mov_b32 v2, 0xdead\n"
                                        "v_mov_b32 v3, 0xbeef0000\n"
                                        "v_mov_b32 v4, 0x7777\n"
                                        "v_mov_b32 v5, 0x7777\n"
                                        "s_mov_b64 exec, s[12:13]\n"
                                        "global_load_dword v2, v1, s[0:1] offset:-4\n"
                                        "global_load_sbyte v4, v1, s[0:1] offset:0x101\n"
                                        "global_load_short_d16_hi v3, v1, s[0:1]\n"
                                        "global_load_ubyte_d16 v5, v1, s[0:1] offset:3\n"
                                        "s_endpgm\n");
   harness_set_s64(m, 12, exec);
   rdna_machine_set_vgpr(m, 0, 0, 0, 1); /* lane 0 reads from offset 4 so offset:-4 is legal */
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < wave; l++) {
      unsigned base = (l == 0 ? 1 : l) * 4;
      bool on = exec >> l & 1;
      cr_expect_eq(harness_vgpr(m, 2, l), on ? pattern32(base - 4) : 0xdeadu, "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 4, l),
                   on ? (uint32_t)(int32_t)(int8_t)pattern(base + 0x101) : 0x7777u, "lane %u", l);
      uint32_t short_hi = pattern(base) | (uint32_t)pattern(base + 1) << 8;
      cr_expect_eq(harness_vgpr(m, 3, l), on ? short_hi << 16 : 0xbeef0000u, "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 5, l), on ? pattern(base + 3) : 0x7777u, "lane %u", l);
   }
   rdna_machine_destroy(m);
}

Test(global, loads_wave32_all)
{
   global_loads(32, 0xffffffffull);
}
Test(global, loads_wave32_mixed)
{
   global_loads(32, 0x0f0f00f1ull);
}
Test(global, loads_wave32_none)
{
   global_loads(32, 0);
}
Test(global, loads_wave64_all)
{
   global_loads(64, ~0ull);
}
Test(global, loads_wave64_mixed)
{
   global_loads(64, 0x8000000100000002ull);
}

Test(global, stores_64bit_vaddr_and_widths)
{
   struct rdna_machine *m =
      mem_machine(RDNA_TARGET_GFX1030, 32,
                  "v_lshlrev_b32 v1, 4, v0\n"
                  "v_add_nc_u32 v2, s0, v1\n" /* DATA + 16 * 32 does not carry */
                  "v_mov_b32 v3, s1\n"
                  "v_mov_b32 v4, 0xa1b2c3d4\n"
                  "v_add_nc_u32 v5, 100, v0\n"
                  "v_mov_b32 v6, 0x55\n"
                  "v_mov_b32 v7, 0x66\n"
                  "s_mov_b32 exec_lo, 0x5\n"
                  "global_store_dwordx4 v[2:3], v[4:7], off\n"
                  "s_mov_b32 exec_lo, 0x2\n"
                  "global_store_byte_d16_hi v[2:3], v4, off offset:1\n"
                  "global_store_short v[2:3], v4, off offset:6\n"
                  "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(read32(m, DATA + 0), 0xa1b2c3d4u);
   cr_expect_eq(read32(m, DATA + 4), 100u);
   cr_expect_eq(read32(m, DATA + 8), 0x55u);
   cr_expect_eq(read32(m, DATA + 32 + 4), 102u);
   uint8_t b;
   rdna_machine_read_memory(m, DATA + 17, &b, 1);
   cr_expect_eq(b, 0xb2);
   uint16_t s;
   rdna_machine_read_memory(m, DATA + 22, &s, 2);
   cr_expect_eq(s, 0xc3d4);
   rdna_machine_destroy(m);
}

Test(global, atomics_return_pre_op_values_in_lane_order)
{
   /* Every lane adds lane+1 to the same dword: lane l sees the initial value plus the sum of
    * 1..l (documented ascending lane order). */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_mov_b32 v1, 0\n"
                                        "v_add_nc_u32 v2, 1, v0\n"
                                        "global_atomic_add v3, v1, v2, s[0:1] glc\n"
                                        "v_mov_b32 v4, 8\n"
                                        "global_atomic_umax v4, v4, s[0:1] offset:8\n"
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   uint32_t init = pattern32(0);
   for (unsigned l = 0; l < 32; l++)
      cr_expect_eq(harness_vgpr(m, 3, l), init + l * (l + 1) / 2, "lane %u", l);
   cr_expect_eq(read32(m, DATA), init + 32 * 33 / 2);
   rdna_machine_destroy(m);
}

static uint64_t apply(const char *op, uint32_t old, uint32_t data, uint32_t cmp)
{
   if (!strcmp(op, "swap"))
      return data;
   if (!strcmp(op, "cmpswap"))
      return old == cmp ? data : old;
   if (!strcmp(op, "sub"))
      return old - data;
   if (!strcmp(op, "smin"))
      return (int32_t)data < (int32_t)old ? data : old;
   if (!strcmp(op, "umin"))
      return data < old ? data : old;
   if (!strcmp(op, "smax"))
      return (int32_t)data > (int32_t)old ? data : old;
   if (!strcmp(op, "and"))
      return old & data;
   if (!strcmp(op, "or"))
      return old | data;
   if (!strcmp(op, "xor"))
      return old ^ data;
   if (!strcmp(op, "inc"))
      return old >= data ? 0 : old + 1;
   return old == 0 || old > data ? data : old - 1; /* dec */
}

Test(global, atomic_ops_32)
{
   static const char *const ops[] = { "swap", "cmpswap", "sub", "smin", "umin", "smax",
                                      "and",  "or",      "xor", "inc",  "dec" };
   static const uint32_t olds[] = { 0, 5, 0x80000000u, 0xffffffffu };
   static const uint32_t datas[] = { 5, 0, 0xfffffffeu, 7 };
   for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++) {
      for (size_t k = 0; k < 4; k++) {
         char src[256];
         snprintf(src, sizeof(src),
                  "v_mov_b32 v1, 0\nglobal_atomic_%s v4, v1, %s, s[0:1] glc\ns_endpgm\n", ops[o],
                  strcmp(ops[o], "cmpswap") ? "v2" : "v[2:3]");
         struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32, src);
         rdna_machine_set_exec(m, 0, 1);
         rdna_machine_write_memory(m, DATA, &olds[k], 4);
         rdna_machine_set_vgpr(m, 0, 2, 0, datas[k]);
         rdna_machine_set_vgpr(m, 0, 3, 0, olds[k]); /* cmpswap compares equal */
         harness_run(m);
         harness_no_fault(m);
         cr_expect_eq(harness_vgpr(m, 4, 0), olds[k], "%s", ops[o]);
         cr_expect_eq(read32(m, DATA), (uint32_t)apply(ops[o], olds[k], datas[k], olds[k]),
                      "%s old %x data %x", ops[o], olds[k], datas[k]);
         rdna_machine_destroy(m);
      }
   }
}

Test(global, atomic_cmpswap_x2)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_mov_b32 v1, 0\n"
                                        "global_atomic_cmpswap_x2 v[6:7], v1, v[2:5], s[0:1] glc\n"
                                        "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   uint32_t vals[4] = { 0x11111111u, 0x22222222u, pattern32(0), pattern32(4) };
   for (unsigned i = 0; i < 4; i++)
      rdna_machine_set_vgpr(m, 0, 2 + i, 0, vals[i]);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_vgpr(m, 6, 0), pattern32(0));
   cr_expect_eq(harness_vgpr(m, 7, 0), pattern32(4));
   cr_expect_eq(read32(m, DATA), 0x11111111u);
   cr_expect_eq(read32(m, DATA + 4), 0x22222222u);
   rdna_machine_destroy(m);
}

Test(global, unmapped_fault_names_first_lane_and_changes_nothing)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 64,
                                        "v_lshlrev_b32 v1, 5, v0\n"
                                        "v_mov_b32 v2, 9\n"
                                        "global_load_dword v2, v1, s[0:1]\n"
                                        "s_endpgm\n");
   struct rdna_fault f = run_fault(m);
   cr_expect_eq(f.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(f.lane, 32); /* 32 * 32 = 1024 = DATA_SIZE */
   cr_expect_eq(f.address, DATA + 1024);
   cr_expect_eq(harness_vgpr(m, 2, 0), 9); /* nothing written */
   rdna_machine_destroy(m);
}

Test(global, misaligned_dword_faults)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_mov_b32 v1, 0\n"
                                        "v_cmp_eq_u32 vcc_lo, 3, v0\n"
                                        "v_cndmask_b32 v1, 0, 2, vcc_lo\n"
                                        "global_store_dword v1, v0, s[0:1]\n"
                                        "s_endpgm\n");
   struct rdna_fault f = run_fault(m);
   cr_expect_eq(f.kind, RDNA_FAULT_MISALIGNED);
   cr_expect_eq(f.lane, 3);
   cr_expect_eq(f.address, DATA + 2);
   cr_expect_eq(read32(m, DATA), pattern32(0)); /* lanes 0-2 did not store either */
   rdna_machine_destroy(m);
}

Test(flat, global_address_and_aperture_faults)
{
   struct rdna_machine *m =
      mem_machine(RDNA_TARGET_GFX1030, 32,
                  "v_lshlrev_b32 v1, 2, v0\n"
                  "v_add_nc_u32 v2, s0, v1\n" /* DATA + 16 * 32 does not carry */
                  "v_mov_b32 v3, s1\n"
                  "flat_load_dword v4, v[2:3] offset:8\n"
                  "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++)
      cr_expect_eq(harness_vgpr(m, 4, l), pattern32(4 * l + 8));
   rdna_machine_destroy(m);
   /* The shared aperture with no LDS allocated: UNMAPPED at the aperture address. */
   m = mem_machine(RDNA_TARGET_GFX1030, 32,
                   "v_mov_b32 v2, 0\nv_mov_b32 v3, src_shared_base\n"
                   "flat_load_dword v4, v[2:3]\ns_endpgm\n");
   struct rdna_fault f = run_fault(m);
   cr_expect_eq(f.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(f.address, 0x0001000000000000ull);
   cr_expect_eq(f.lane, 0);
   rdna_machine_destroy(m);
}

Test(scratch, per_lane_private_memory)
{
   /* Every lane stores its id at the same scratch offset and reads it back: private per lane;
    * FLAT through the private aperture sees the same bytes. */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 64,
                                        "v_mov_b32 v1, 16\n"
                                        "v_add_nc_u32 v2, 0x100, v0\n"
                                        "scratch_store_dword v1, v2, off offset:4\n"
                                        "scratch_load_dword v3, v1, off offset:4\n"
                                        "s_movk_i32 s8, 0x14\n"
                                        "scratch_load_dword v4, off, s8\n"
                                        "v_mov_b32 v5, 20\n"
                                        "v_mov_b32 v6, src_private_base\n"
                                        "flat_load_dword v7, v[5:6]\n"
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 64; l++) {
      cr_expect_eq(harness_vgpr(m, 3, l), 0x100 + l);
      cr_expect_eq(harness_vgpr(m, 4, l), 0x100 + l);
      cr_expect_eq(harness_vgpr(m, 7, l), 0x100 + l);
   }
   rdna_machine_destroy(m);
}

Test(scratch, out_of_lane_space_faults)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_mov_b32 v1, 4092\n"
                                        "scratch_load_dwordx2 v[2:3], v1, off\n"
                                        "s_endpgm\n");
   struct rdna_fault f = run_fault(m);
   cr_expect_eq(f.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(f.address, 0x00020000ull << 32 | 4092);
   rdna_machine_destroy(m);
}

/* ---- MUBUF / MTBUF ---------------------------------------------------------------------- */

Test(mubuf, raw_offen_range_check)
{
   /* num_records = 0x40: lanes whose dword lies past it load 0 and store nothing. */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "s_mov_b32 s6, 0x40\n"
                                        "v_lshlrev_b32 v1, 2, v0\n"
                                        "v_mov_b32 v2, 0x1234\n"
                                        "buffer_load_dword v2, v1, s[4:7], 0 offen offset:4\n"
                                        "v_mov_b32 v3, -1\n"
                                        "buffer_store_dword v3, v1, s[4:7], 0 offen\n"
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      bool in = 4 * l + 4 + 4 <= 0x40;
      cr_expect_eq(harness_vgpr(m, 2, l), in ? pattern32(4 * l + 4) : 0, "lane %u", l);
      cr_expect_eq(read32(m, DATA + 4 * l), 4 * l + 4 <= 0x40 ? 0xffffffffu : pattern32(4 * l));
   }
   rdna_machine_destroy(m);
}

Test(mubuf, structured_idxen_offen_soffset)
{
   /* stride 16, 4 records, oob_select 1 (index only): lane l reads record l at +4 + soffset 8. */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "s_mov_b32 s5, 0x100000\n"
                                        "s_mov_b32 s6, 4\n"
                                        "s_mov_b32 s7, 0x10016000\n"
                                        "v_mov_b32 v2, 4\n"
                                        "v_mov_b32 v1, v0\n"
                                        "s_mov_b32 s8, 8\n"
                                        "buffer_load_ushort v3, v[1:2], s[4:7], s8 idxen offen\n"
                                        "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      unsigned k = 16 * l + 4 + 8;
      uint32_t want = l < 4 ? (uint32_t)(pattern(k) | pattern(k + 1) << 8) : 0;
      cr_expect_eq(harness_vgpr(m, 3, l), want, "lane %u", l);
   }
   rdna_machine_destroy(m);
}

Test(mubuf, atomics_glc_and_out_of_range)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "s_mov_b32 s6, 8\n"
                                        "v_lshlrev_b32 v1, 2, v0\n"
                                        "v_mov_b32 v2, 1\n"
                                        "buffer_atomic_sub v2, v1, s[4:7], 0 offen glc\n"
                                        "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 0x7);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_vgpr(m, 2, 0), pattern32(0));
   cr_expect_eq(harness_vgpr(m, 2, 1), pattern32(4));
   cr_expect_eq(harness_vgpr(m, 2, 2), 0); /* out of range: returns 0 */
   cr_expect_eq(harness_vgpr(m, 2, 3), 0); /* inactive: v_mov_b32 did not write it either */
   cr_expect_eq(read32(m, DATA), pattern32(0) - 1);
   cr_expect_eq(read32(m, DATA + 8), pattern32(8));
   rdna_machine_destroy(m);
}

Test(mubuf, format_loads_fill_missing_components)
{
   /* tbuffer 8_8_UINT (18): x, y from bytes; z = 0, w = 1. buffer_load_format with the V#'s
    * 32_FLOAT (22): x from the dword, w = 1.0f. */
   struct rdna_machine *m = mem_machine(
      RDNA_TARGET_GFX1030, 32,
      "v_mov_b32 v1, 0\n"
      "tbuffer_load_format_xyzw v[2:5], off, s[4:7], 0 format:[BUF_FMT_8_8_UINT] offset:6\n"
      "buffer_load_format_xyzw v[6:9], off, s[4:7], 0 offset:12\n"
      "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_vgpr(m, 2, 0), pattern(6));
   cr_expect_eq(harness_vgpr(m, 3, 0), pattern(7));
   cr_expect_eq(harness_vgpr(m, 4, 0), 0);
   cr_expect_eq(harness_vgpr(m, 5, 0), 1);
   cr_expect_eq(harness_vgpr(m, 6, 0), pattern32(12));
   cr_expect_eq(harness_vgpr(m, 7, 0), 0);
   cr_expect_eq(harness_vgpr(m, 9, 0), 0x3f800000u);
   rdna_machine_destroy(m);
}

Test(mubuf, unsupported_format_faults)
{
   struct rdna_machine *m =
      mem_machine(RDNA_TARGET_GFX1030, 32,
                  "tbuffer_load_format_x v2, off, s[4:7], 0 format:[BUF_FMT_8_UNORM]\ns_endpgm\n");
   struct rdna_fault f = run_fault(m);
   cr_expect_eq(f.kind, RDNA_FAULT_UNSUPPORTED);
   rdna_machine_destroy(m);
}

/* ---- 16-bit float and d16 format conversions --------------------------------------------- */

/* binary16 of a finite float, computed with double arithmetic and rint (round to nearest even
 * under the default rounding mode): an independent model of IEEE conversion. */
static uint32_t host_f16(float x)
{
   uint32_t sign = signbit(x) ? 0x8000u : 0;
   double a = fabs((double)x);
   if (a >= 65520.0) /* rounds past the largest half, 65504 */
      return sign | 0x7c00u;
   if (a < ldexp(1.0, -14))
      return sign | (uint32_t)rint(a * ldexp(1.0, 24)); /* denormal (0x400: smallest normal) */
   int e;
   double m = frexp(a, &e) * 2.0; /* a = m * 2^(e-1), m in [1, 2) */
   double q = rint(m * 1024.0);
   e -= 1;
   if (q == 2048.0) {
      q = 1024.0;
      e++;
   }
   return sign | (uint32_t)(e + 15) << 10 | ((uint32_t)q - 1024u);
}

static float host_f16_value(uint32_t h)
{
   int exp = (int)((h >> 10) & 0x1f);
   double mant = (double)(h & 0x3ff);
   double v = exp ? ldexp(1024.0 + mant, exp - 25) : ldexp(mant, -24);
   return (float)((h & 0x8000u) ? -v : v);
}

static uint32_t float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

Test(mubuf, d16_format_loads_convert_f32_to_f16)
{
   static const float values[8] = { 1.0f,  65504.0f,      1e-7f, 70000.0f,
                                    -2.5f, 5.9604645e-8f, 0.1f,  -65519.0f };
   struct rdna_machine *m = mem_machine(
      RDNA_TARGET_GFX1030, 32,
      "tbuffer_load_format_d16_xyzw v[2:3], off, s[4:7], 0 format:[BUF_FMT_32_32_32_32_FLOAT]\n"
      "tbuffer_load_format_d16_xyzw v[4:5], off, s[4:7], 0 format:[BUF_FMT_32_32_32_32_FLOAT] "
      "offset:16\n"
      "tbuffer_load_format_d16_xyz v[6:7], off, s[4:7], 0 format:[BUF_FMT_32_32_FLOAT]\n"
      "tbuffer_load_format_d16_x v8, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT] offset:32\n"
      "s_endpgm\n");
   cr_assert_eq(rdna_machine_write_memory(m, DATA, values, sizeof(values)), RDNA_OK);
   uint32_t nan = 0x7fc00001u;
   cr_assert_eq(rdna_machine_write_memory(m, DATA + 32, &nan, 4), RDNA_OK);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned c = 0; c < 8; c++) {
      uint32_t half = (harness_vgpr(m, 2 + c / 2, 0) >> (16 * (c & 1))) & 0xffffu;
      cr_expect_eq(half, host_f16(values[c]), "component %u: 0x%x, expected 0x%x", c, half,
                   host_f16(values[c]));
   }
   /* Two-component format read as xyz: z is missing and reads 0; the unused high half is 0. */
   cr_expect_eq(harness_vgpr(m, 6, 0), host_f16(values[0]) | host_f16(values[1]) << 16);
   cr_expect_eq(harness_vgpr(m, 7, 0), 0);
   /* A NaN stays a quiet NaN (the interpreter's NaN rule). */
   cr_expect_eq(harness_vgpr(m, 8, 0), 0x7e00u);
   rdna_machine_destroy(m);
}

Test(mubuf, d16_format_stores_and_f16_formats)
{
   /* v2 = {1.0h, -2.5h}, v3 = {0x0001 (smallest denormal), 0x7bff (65504)}. */
   struct rdna_machine *m = mem_machine(
      RDNA_TARGET_GFX1030, 64,
      "v_mov_b32 v2, 0xc1003c00\n"
      "v_mov_b32 v3, 0x7bff0001\n"
      "tbuffer_store_format_d16_xyzw v[2:3], off, s[4:7], 0 format:[BUF_FMT_32_32_32_32_FLOAT] "
      "offset:64\n"
      "tbuffer_store_format_d16_xy v2, off, s[4:7], 0 format:[BUF_FMT_16_16_UINT] offset:96\n"
      "tbuffer_load_format_xy v[4:5], off, s[4:7], 0 format:[BUF_FMT_16_16_FLOAT] offset:96\n"
      "tbuffer_store_format_xy v[4:5], off, s[4:7], 0 format:[BUF_FMT_16_16_FLOAT] offset:100\n"
      "tbuffer_load_format_d16_xyzw v[6:7], off, s[4:7], 0 format:[BUF_FMT_8_8_8_8_SINT] "
      "offset:128\n"
      "tbuffer_load_format_d16_xy v8, off, s[4:7], 0 format:[BUF_FMT_32_32_SINT] offset:136\n"
      "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 1);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(read32(m, DATA + 64), float_bits(host_f16_value(0x3c00)));
   cr_expect_eq(read32(m, DATA + 68), float_bits(host_f16_value(0xc100)));
   cr_expect_eq(read32(m, DATA + 72), float_bits(host_f16_value(0x0001)));
   cr_expect_eq(read32(m, DATA + 76), float_bits(host_f16_value(0x7bff)));
   /* 16_16_UINT keeps the halves' bits; read back as 16_16_FLOAT they widen to f32 exactly, and
    * stored again as 16_16_FLOAT they narrow back to the same bits. */
   cr_expect_eq(read32(m, DATA + 96), 0xc1003c00u);
   cr_expect_eq(harness_vgpr(m, 4, 0), float_bits(1.0f));
   cr_expect_eq(harness_vgpr(m, 5, 0), float_bits(-2.5f));
   cr_expect_eq(read32(m, DATA + 100), 0xc1003c00u);
   /* 8_8_8_8_SINT bytes sign-extended to 16 bits, packed two per VGPR. */
   for (unsigned c = 0; c < 4; c++) {
      uint32_t half = (harness_vgpr(m, 6 + c / 2, 0) >> (16 * (c & 1))) & 0xffffu;
      cr_expect_eq(half, (uint16_t)(int8_t)pattern(128 + c), "component %u", c);
   }
   /* 32-bit integers keep their low 16 bits. */
   cr_expect_eq(harness_vgpr(m, 8, 0), (pattern32(136) & 0xffffu) | (pattern32(140) & 0xffffu)
                                                                       << 16);
   rdna_machine_destroy(m);
}

/* ---- float atomics ------------------------------------------------------------------------ */

/* The expected new memory value: the manual's pseudocode with host float comparisons,
 * (DATA < MEM) ? DATA : MEM for fmin and (DATA > MEM) ? DATA : MEM for fmax; a NaN compares
 * false and -0 equals +0, so memory keeps its value then. */
static uint32_t host_fminmax(bool is_min, uint32_t old_bits, uint32_t data_bits)
{
   float o, d;
   memcpy(&o, &old_bits, 4);
   memcpy(&d, &data_bits, 4);
   return (is_min ? d < o : d > o) ? data_bits : old_bits;
}

static const uint32_t float_olds[8] = { 0x3f800000u, 0x80000000u, 0x00000000u, 0x7fc00000u,
                                        0x7f800000u, 0x00000001u, 0xc0000000u, 0x7fa00000u };
static const uint32_t float_datas[8] = { 0x40000000u, 0x00000000u, 0x80000000u, 0x3f800000u,
                                         0x7fc00123u, 0x80000001u, 0xc0000000u, 0x7f800001u };

static void float_minmax_case(const char *mnemonic, bool is_min)
{
   char source[256];
   snprintf(source, sizeof(source),
            "v_lshlrev_b32 v1, 2, v0\n"
            "%s v2, v1, v3, s[0:1] glc\n"
            "s_endpgm\n",
            mnemonic);
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32, source);
   cr_assert_eq(rdna_machine_write_memory(m, DATA, float_olds, sizeof(float_olds)), RDNA_OK);
   for (unsigned l = 0; l < 8; l++)
      rdna_machine_set_vgpr(m, 0, 3, l, float_datas[l]);
   rdna_machine_set_exec(m, 0, 0xff);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 8; l++) {
      cr_expect_eq(harness_vgpr(m, 2, l), float_olds[l], "%s lane %u returns the old value",
                   mnemonic, l);
      uint32_t want = host_fminmax(is_min, float_olds[l], float_datas[l]);
      cr_expect_eq(read32(m, DATA + 4 * l), want, "%s lane %u: 0x%08x, expected 0x%08x", mnemonic,
                   l, read32(m, DATA + 4 * l), want);
   }
   rdna_machine_destroy(m);
}

Test(global, atomic_fmin_fmax_nan_and_signed_zero_keep_memory)
{
   float_minmax_case("global_atomic_fmin", true);
   float_minmax_case("global_atomic_fmax", false);
}

Test(global, atomic_fcmpswap_compares_as_floats)
{
   /* data = {new value, compare}: +0 equals -0, NaN equals nothing, bits need not match. */
   static const uint32_t olds[4] = { 0x80000000u, 0x7fc00000u, 0x3f800000u, 0x3f800000u };
   static const uint32_t compares[4] = { 0x00000000u, 0x7fc00000u, 0x3f800000u, 0x3f800001u };
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 64,
                                        "v_lshlrev_b32 v1, 2, v0\n"
                                        "v_mov_b32 v4, 0x12345678\n"
                                        "global_atomic_fcmpswap v2, v1, v[4:5], s[0:1] glc\n"
                                        "s_endpgm\n");
   cr_assert_eq(rdna_machine_write_memory(m, DATA, olds, sizeof(olds)), RDNA_OK);
   for (unsigned l = 0; l < 4; l++)
      rdna_machine_set_vgpr(m, 0, 5, l, compares[l]);
   rdna_machine_set_exec(m, 0, 0xf);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 4; l++) {
      float o, c;
      memcpy(&o, &olds[l], 4);
      memcpy(&c, &compares[l], 4);
      cr_expect_eq(read32(m, DATA + 4 * l), o == c ? 0x12345678u : olds[l], "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 2, l), olds[l]);
   }
   rdna_machine_destroy(m);
}

Test(mubuf, atomic_fmin_x2_on_doubles)
{
   static const double olds[3] = { 1.5, -0.0, 2.0 };
   static const double datas[3] = { -3.0, 0.0, 1.0 / 0.0 }; /* +0 against -0: memory keeps -0 */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_lshlrev_b32 v1, 3, v0\n"
                                        "buffer_atomic_fmin_x2 v[2:3], v1, s[4:7], 0 offen\n"
                                        "buffer_atomic_fmax_x2 v[4:5], v1, s[4:7], 0 offen "
                                        "offset:64\n"
                                        "s_endpgm\n");
   cr_assert_eq(rdna_machine_write_memory(m, DATA, olds, sizeof(olds)), RDNA_OK);
   cr_assert_eq(rdna_machine_write_memory(m, DATA + 64, olds, sizeof(olds)), RDNA_OK);
   for (unsigned l = 0; l < 3; l++) {
      uint64_t bits;
      memcpy(&bits, &datas[l], 8);
      for (unsigned r = 2; r <= 4; r += 2) {
         rdna_machine_set_vgpr(m, 0, r, l, (uint32_t)bits);
         rdna_machine_set_vgpr(m, 0, r + 1, l, (uint32_t)(bits >> 32));
      }
   }
   rdna_machine_set_exec(m, 0, 0x7);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 3; l++) {
      double lo = datas[l] < olds[l] ? datas[l] : olds[l];
      double hi = datas[l] > olds[l] ? datas[l] : olds[l];
      double got_lo, got_hi;
      cr_assert_eq(rdna_machine_read_memory(m, DATA + 8 * l, &got_lo, 8), RDNA_OK);
      cr_assert_eq(rdna_machine_read_memory(m, DATA + 64 + 8 * l, &got_hi, 8), RDNA_OK);
      cr_expect(memcmp(&got_lo, &lo, 8) == 0, "fmin lane %u: %g, expected %g", l, got_lo, lo);
      cr_expect(memcmp(&got_hi, &hi, 8) == 0, "fmax lane %u: %g, expected %g", l, got_hi, hi);
   }
   rdna_machine_destroy(m);
}

/* ---- swizzle, add_tid, tfe, lds --------------------------------------------------------- */

Test(mubuf, swizzled_buffer_interleaves_records)
{
   /* stride 8, index_stride 8 (field 0), swizzle_enable, raw records: lane l loads index l at
    * offset 4 + 4 (instruction offset and vaddr offset). */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_mov_b32 v2, 4\n"
                                        "v_mov_b32 v1, v0\n"
                                        "buffer_load_dword v3, v[1:2], s[4:7], 0 idxen offen "
                                        "offset:4\n"
                                        "s_endpgm\n");
   uint32_t vsharp[4] = { (uint32_t)DATA, (uint32_t)(DATA >> 32) | 8u << 16 | 1u << 31, 32,
                          1u << 28 | 22u << 12 };
   rdna_machine_set_sregs(m, 0, 4, vsharp, 4);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      /* The manual's formula with element size 4 and index_stride 8. */
      unsigned index = l, offset = 8, element = 4, index_stride = 8, stride = 8;
      unsigned at = (index / index_stride * stride + offset / element * element) * index_stride +
                    index % index_stride * element + offset % element;
      cr_expect_eq(harness_vgpr(m, 3, l), pattern32(at), "lane %u", l);
   }
   rdna_machine_destroy(m);
}

Test(mubuf, add_tid_indexes_by_lane)
{
   /* add_tid_enable (dword 3 bit 23), stride 12, structured range check on 40 records. */
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 64,
                                        "buffer_load_dword v3, off, s[4:7], 0 offset:8\n"
                                        "s_endpgm\n");
   uint32_t vsharp[4] = { (uint32_t)DATA, (uint32_t)(DATA >> 32) | 12u << 16, 40,
                          1u << 28 | 1u << 23 | 22u << 12 };
   rdna_machine_set_sregs(m, 0, 4, vsharp, 4);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 64; l++)
      cr_expect_eq(harness_vgpr(m, 3, l), l < 40 ? pattern32(12 * l + 8) : 0, "lane %u", l);
   rdna_machine_destroy(m);
}

/* llvm-mc-14 writes the data registers only (v[2:3]); the status lands in the next one, v4. */
Test(mubuf, tfe_writes_a_zero_status_after_the_data)
{
   struct rdna_machine *m = mem_machine(RDNA_TARGET_GFX1030, 32,
                                        "v_lshlrev_b32 v1, 2, v0\n"
                                        "buffer_load_dwordx2 v[2:3], v1, s[4:7], 0 offen tfe\n"
                                        "s_endpgm\n");
   rdna_machine_set_vgpr(m, 0, 4, RDNA_ALL_LANES, 0xdeadbeefu);
   rdna_machine_set_exec(m, 0, 0x0000ffffu);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      bool active = l < 16;
      cr_expect_eq(harness_vgpr(m, 4, l), active ? 0 : 0xdeadbeefu, "lane %u status", l);
      if (active) {
         cr_expect_eq(harness_vgpr(m, 2, l), pattern32(4 * l));
         cr_expect_eq(harness_vgpr(m, 3, l), pattern32(4 * l + 4));
      }
   }
   rdna_machine_destroy(m);
}

Test(mubuf, lds_bit_loads_into_lds_at_m0)
{
   const char *source = "s_mov_b32 m0, 0x10\n"
                        "v_lshlrev_b32 v1, 2, v0\n"
                        "buffer_load_dword v1, v1, s[4:7], 0 offen offset:4 lds\n"
                        "s_mov_b32 m0, 0x100\n"
                        "buffer_load_format_x v1, v0, s[8:11], 0 idxen lds\n"
                        "s_endpgm\n";
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_assemble(&isa, source, strlen(source), "test", &code, &diag), RDNA_OK, "%s",
                diag.message);
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = 32,
                                         .lds_bytes = 512 };
   struct rdna_machine *m = NULL;
   cr_assert_eq(rdna_machine_create(&config, &m, &diag), RDNA_OK);
   cr_assert_eq(rdna_machine_add_region(m, "main", HARNESS_CODE, num_words * 4, words,
                                        num_words * 4, true, NULL, &diag),
                RDNA_OK);
   rdna_code_destroy(code);
   uint8_t bytes[DATA_SIZE];
   for (unsigned k = 0; k < DATA_SIZE; k++)
      bytes[k] = pattern(k);
   cr_assert_eq(
      rdna_machine_add_region(m, "data", DATA, DATA_SIZE, bytes, DATA_SIZE, false, NULL, NULL),
      RDNA_OK);
   /* num_records 64: lanes 15.. read past it and store 0 to LDS. */
   uint32_t vsharp[4] = { (uint32_t)DATA, (uint32_t)(DATA >> 32), 64, 3u << 28 | 22u << 12 };
   rdna_machine_set_sregs(m, 0, 4, vsharp, 4);
   /* s[8:11]: stride 2, 8_SINT (format 6), structured records: lane l reads byte 2l, signed. */
   uint32_t vsharp_8[4] = { (uint32_t)DATA, (uint32_t)(DATA >> 32) | 2u << 16, 32,
                            1u << 28 | 6u << 12 };
   rdna_machine_set_sregs(m, 0, 8, vsharp_8, 4);
   for (unsigned l = 0; l < 32; l++)
      rdna_machine_set_vgpr(m, 0, 0, l, l);
   rdna_machine_set_exec(m, 0, 0xfffffff0u);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      uint32_t got = 0;
      /* LDS address = M0[15:0] + instruction offset + lane * 4. */
      cr_assert_eq(rdna_machine_read_lds(m, 0, 0x10 + 4 + 4 * l, &got, 4), RDNA_OK);
      uint32_t want = l < 4 ? 0 : 4 * l + 4 + 4 <= 64 ? pattern32(4 * l + 4) : 0;
      cr_expect_eq(got, want, "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 1, l), l < 4 ? 0 : 4 * l, "lane %u: the lds form writes no VGPR",
                   l);
      /* The format form converts X (8_SINT: sign-extended byte) into LDS at 0x100 + lane * 4. */
      cr_assert_eq(rdna_machine_read_lds(m, 0, 0x100 + 4 * l, &got, 4), RDNA_OK);
      cr_expect_eq(got, l < 4 ? 0 : (uint32_t)(int32_t)(int8_t)pattern(2 * l), "format lane %u", l);
   }
   rdna_machine_destroy(m);
}

/* ---- stores over code --------------------------------------------------------------------- */

/* A store over its own instruction (found by fuzz_interp as a use after free): the store
 * completes, the wave goes on at the next instruction, and the code bytes hold the stored value
 * for any later fetch. Under ASan this also checks no handler reads a dropped decode. */
Test(global, store_over_its_own_instruction)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_getpc_b64 s[0:1]\n"                /* +0 */
                                            "v_mov_b32 v2, 0xbf810000\n"          /* +4 */
                                            "v_mov_b32 v1, 12\n"                  /* +12 */
                                            "global_store_dword v1, v2, s[0:1]\n" /* +16 */
                                            "s_mov_b32 s9, 1\n"                   /* +24 */
                                            "s_endpgm\n");
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 9), 1);
   cr_expect_eq(read32(m, HARNESS_CODE + 16), 0xbf810000u); /* s_endpgm's encoding */
   rdna_machine_destroy(m);
}

Test(smem, gfx1013_store_and_atomic_over_their_own_instructions)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1013, 64, 0,
                                            "s_getpc_b64 s[0:1]\n"                 /* +0 */
                                            "s_mov_b32 s8, 0xbf810000\n"           /* +4 */
                                            "s_store_dword s8, s[0:1], 0x8\n"      /* +12 */
                                            "s_mov_b32 s10, -1\n"                  /* +20 */
                                            "s_atomic_and s10, s[0:1], 0x14 glc\n" /* +24 */
                                            "s_mov_b32 s9, 1\n"                    /* +32 */
                                            "s_endpgm\n");
   uint32_t atomic_word = read32(m, HARNESS_CODE + 24);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 9), 1);
   cr_expect_eq(read32(m, HARNESS_CODE + 12), 0xbf810000u);
   /* The atomic and-ed -1 into its own first dword and returned the old one. */
   cr_expect_eq(harness_sreg(m, 10), atomic_word);
   cr_expect_eq(read32(m, HARNESS_CODE + 24), atomic_word);
   rdna_machine_destroy(m);
}
