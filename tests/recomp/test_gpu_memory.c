/* Memory lowering on the GPU: the load and store shapes of GLOBAL, FLAT, SCRATCH and MUBUF,
 * neighbouring lanes storing bytes of one word, buffer range checks, SMEM loads, and the fault
 * rules of interp/mem.h (aligned to the element size, inside one region or the lane's scratch,
 * the lowest faulting lane recorded with its address, nothing written by a faulting
 * instruction). Expected buffer contents come from host computations over the same inputs,
 * written as [expect] lines; faults are read from the wave's fault record. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

/* 64 input bytes b[i] = (i * 37 + 11) & 0xff. */
static uint8_t in_byte(unsigned i)
{
   return (uint8_t)((i * 37 + 11) & 0xff);
}

static void add_input(struct text *t)
{
   text_add(t, "[buffer in]\n");
   for (unsigned i = 0; i < 256; i++)
      text_add(t, "u8 %u\n", in_byte(i));
}

static uint32_t in_u32(unsigned byte)
{
   return in_byte(byte) | (uint32_t)in_byte(byte + 1) << 8 | (uint32_t)in_byte(byte + 2) << 16 |
          (uint32_t)in_byte(byte + 3) << 24;
}

Test(gpu_memory, global_load_shapes)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n");
   add_input(&t);
   text_add(&t, "[program]\n"
                "  v_lshlrev_b32 v1, 2, v0\n"           /* lane * 4 */
                "  v_lshlrev_b32 v2, 1, v0\n"           /* lane * 2 */
                "  global_load_ubyte v10, v0, s[0:1]\n" /* byte lane */
                "  global_load_sbyte v11, v0, s[0:1] offset:32\n"
                "  global_load_ushort v12, v2, s[0:1]\n"
                "  global_load_sshort v13, v2, s[0:1] offset:64\n"
                "  global_load_dword v14, v1, s[0:1]\n"
                "  global_load_dwordx3 v[15:17], v1, s[0:1] offset:8\n"
                "  global_load_short_d16_hi v18, v2, s[0:1]\n"
                "  global_load_ubyte_d16 v19, v0, s[0:1]\n"
                "  s_endpgm\n"
                "[init]\nv0 = lane\ns[0:1] = &in\nv18 = 0x1234\nv19 = 0xabcd0000 + lane\n"
                "[expect]\n");
   uint32_t v[10][32];
   for (unsigned lane = 0; lane < 32; lane++) {
      v[0][lane] = in_byte(lane);
      v[1][lane] = (uint32_t)(int32_t)(int8_t)in_byte(32 + lane);
      v[2][lane] = in_u32(2 * lane) & 0xffff;
      v[3][lane] = (uint32_t)(int32_t)(int16_t)(in_u32(64 + 2 * lane) & 0xffff);
      v[4][lane] = in_u32(4 * lane);
      v[5][lane] = in_u32(8 + 4 * lane);
      v[6][lane] = in_u32(12 + 4 * lane);
      v[7][lane] = in_u32(16 + 4 * lane);
      v[8][lane] = 0x1234 | (in_u32(2 * lane) & 0xffff) << 16;
      v[9][lane] = 0xabcd0000u | in_byte(lane);
   }
   for (unsigned r = 0; r < 10; r++)
      text_add_lanes(&t, 10 + r, v[r], 32);
   harness_run_expect_pass(&t, 32);
   text_free(&t);
}

Test(gpu_memory, neighbouring_lanes_store_bytes_and_shorts_of_one_word)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\n[buffer out]\nsize 512\n[program]\n"
               "  v_lshlrev_b32 v1, 1, v0\n"
               "  v_add_nc_u32 v2, 0x100, v1\n"
               "  v_mul_u32_u24 v3, 0x01010101, v0\n"
               "  global_store_byte v0, v3, s[0:1]\n"
               "  global_store_short v2, v3, s[0:1]\n"
               "  global_store_byte_d16_hi v0, v3, s[0:1] offset:64\n"
               "  s_endpgm\n"
               "[init]\nv0 = lane\ns[0:1] = &out\nexec = 0x%llx\n[expect]\n",
               wave, wave == 32 ? 0xfffffff7ull : 0xfffffffffffffff7ull);
      /* Lane 3 is inactive: its bytes stay 0. Byte i = lane i * 0x01010101's low byte = i. */
      for (unsigned i = 0; i < wave; i++) {
         unsigned v = i == 3 ? 0 : i;
         text_add(&t, "buffer out u8[%u] = %u\n", i, v);
         text_add(&t, "buffer out u16[%u] = %u\n", (0x100 + 2 * i) / 2, i == 3 ? 0 : i * 0x0101);
         if (i + 64 < 0x100)
            text_add(&t, "buffer out u8[%u] = %u\n", 64 + i, v);
      }
      harness_run_expect_pass(&t, wave);
      text_free(&t);
   }
}

Test(gpu_memory, first_faulting_lane_is_recorded_and_nothing_is_written)
{
   /* Lane 9 is misaligned, lane 5 is past the buffer, lane 2 is inactive and far away: the
    * lowest active faulting lane, 5, faults UNMAPPED at its address; no lane stores. */
   struct text t = { 0 };
   struct gpu_run run;
   /* corpus/README.md "Placement": the first auto-placed region starts at 0x10000. */
   uint64_t out = 0x10000;
   uint32_t lo[32], hi[32];
   for (unsigned lane = 0; lane < 32; lane++) {
      uint64_t a = out + lane * 4;
      if (lane == 2)
         a = 0x7000000000ull;
      if (lane == 5)
         a = out + 64; /* one past the end */
      if (lane == 9)
         a = out + 2;
      lo[lane] = (uint32_t)a;
      hi[lane] = (uint32_t)(a >> 32);
   }
   text_add(&t, "[require]\nwave 32\n[buffer out]\nsize 64\n[program]\n"
                "  global_store_dword v[2:3], v0, off\n"
                "  s_endpgm\n"
                "[init]\nv0 = lane\nexec = 0xfffffffb\n");
   text_add_lanes(&t, 2, lo, 32);
   text_add_lanes(&t, 3, hi, 32);
   text_add(&t, "[expect]\nbuffer out u32 = 0\nfault unmapped\n");
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   struct rdna_case_region region;
   cr_assert(rdna_case_region(run.c, 0, &region));
   cr_assert_eq(region.address, out);
   harness_expect_pass(&run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(run.wave.fault.lane, 5);
   cr_expect_eq(run.wave.fault.address, out + 64);
   cr_expect_eq(run.wave.fault.pc, rdna_case_entry(run.c));
   harness_free(&run);
   text_free(&t);

   /* Without lane 5, the misaligned lane 9 is the first: MISALIGNED. */
   lo[5] = (uint32_t)(out + 20);
   text_add(&t, "[require]\nwave 32\n[buffer out]\nsize 64\n[program]\n"
                "  global_store_dword v[2:3], v0, off\n"
                "  s_endpgm\n"
                "[init]\nv0 = lane\nexec = 0xfffffffb\n");
   text_add_lanes(&t, 2, lo, 32);
   text_add_lanes(&t, 3, hi, 32);
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_MISALIGNED);
   cr_expect_eq(run.wave.fault.lane, 9);
   cr_expect_eq(run.wave.fault.address, out + 2);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_memory, buffer_range_check_loads_zero_and_drops_stores)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n");
   add_input(&t);
   text_add(&t, "[buffer out]\nsize 256\n[program]\n"
                "  v_lshlrev_b32 v1, 2, v0\n"
                "  buffer_load_dword v2, v1, s[0:3], 0 offen\n"
                "  buffer_store_dword v0, v1, s[4:7], 0 offen offset:4\n"
                "  buffer_atomic_add v0, v1, s[8:11], 0 offen glc\n"
                "  s_endpgm\n"
                "[init]\nv0 = lane\nv2 = 0x7777\n"
                "s[0:3] = vsharp(&in, stride=0, records=40)\n"
                "s[4:7] = vsharp(&out, stride=0, records=44)\n"
                "s[8:11] = vsharp(&out, stride=0, records=128)\n"
                "[expect]\n");
   /* raw buffers (oob_select 3): a lane is in range when offset + size <= records */
   text_add(&t, "v2 = ");
   for (unsigned lane = 0; lane < 32; lane++)
      text_add(&t, "%s0x%x", lane ? ", " : "", lane * 4 + 4 <= 40 ? in_u32(lane * 4) : 0);
   text_add(&t, "\n");
   /* out dword k (k >= 1) holds lane k - 1 from the store when 4k + 4 <= 44; the atomic adds
    * lane k to dword k for 4k + 4 <= 128 and returns the old value to v0. */
   for (unsigned k = 0; k < 64; k++) {
      uint32_t stored = k >= 1 && 4 * (k - 1) + 8 <= 44 ? k - 1 : 0;
      uint32_t final = stored + (k < 32 && 4 * k + 4 <= 128 ? k : 0);
      text_add(&t, "buffer out u32[%u] = %u\n", k, final);
   }
   text_add(&t, "v0 = ");
   for (unsigned lane = 0; lane < 32; lane++)
      text_add(&t, "%s%u", lane ? ", " : "", lane >= 1 && 4 * (lane - 1) + 8 <= 44 ? lane - 1 : 0);
   text_add(&t, "\n");
   harness_run_expect_pass(&t, 32);
   text_free(&t);
}

Test(gpu_memory, scratch_is_private_per_lane_and_bounded)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\n[program]\n"
               "  v_mov_b32 v1, 8\n"
               "  v_mul_lo_u32 v2, v0, 3\n"
               "  scratch_store_dword v1, v2, off\n"
               "  v_mov_b32 v3, 0\n"
               "  v_mov_b32 v4, 0x20000\n" /* the private aperture: FLAT reaches scratch */
               "  flat_load_dword v5, v[3:4] offset:8\n"
               "  v_mov_b32 v7, 0x1000\n"
               "  scratch_load_dword v6, v7, off\n" /* 4096: past the lane's bytes */
               "  s_endpgm\n"
               "[init]\nv0 = lane\n[expect]\nv5 = lane * 3\nfault unmapped\n",
               wave);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      harness_expect_pass(&run);
      cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNMAPPED);
      cr_expect_eq(run.wave.fault.lane, 0);
      cr_expect_eq(run.wave.fault.address, (0x20000ull << 32) | 4096, "0x%llx",
                   (unsigned long long)run.wave.fault.address);
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_memory, smem_loads_and_buffer_range)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n");
   add_input(&t);
   text_add(&t, "[program]\n"
                "  s_load_dwordx4 s[8:11], s[0:1], 0x10\n"
                "  s_load_dword s12, s[0:1], 0x7\n" /* the two low bits are ignored: 0x4 */
                "  s_buffer_load_dwordx2 s[14:15], s[4:7], 0xc\n"
                "  s_load_dword s16, s[2:3], 0x0\n"
                "  s_endpgm\n"
                "[init]\ns[0:1] = &in\ns[2:3] = 0x900000000\n"
                "s[4:7] = vsharp(&in, stride=0, records=16)\n"
                "[expect]\n");
   for (unsigned i = 0; i < 4; i++)
      text_add(&t, "s%u = 0x%x\n", 8 + i, in_u32(16 + 4 * i));
   text_add(&t, "s12 = 0x%x\ns14 = 0x%x\ns15 = 0\nfault unmapped\n", in_u32(4), in_u32(12));
   struct gpu_run run;
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   harness_expect_pass(&run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(run.wave.fault.address, 0x900000000ull);
   cr_expect_eq(run.wave.fault.lane, -1);
   cr_expect_eq(run.wave.sregs[16], 0u, "the faulting load writes nothing");
   harness_free(&run);
   text_free(&t);
}

/* inc, dec and csub (guide 8.1.8): per lane a distinct dword, so lane order does not matter;
 * plus 32 lanes incrementing one dword below its limit. */
Test(gpu_memory, atomic_inc_dec_csub)
{
   uint32_t data[32], mem[32];
   uint32_t seed = 5;
   for (unsigned i = 0; i < 32; i++) {
      data[i] = test_value(&seed) % 7;
      mem[i] = test_value(&seed) % 9;
   }
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n[buffer a]\n");
   for (unsigned i = 0; i < 32; i++)
      text_add(&t, "u32 %u\n", mem[i]);
   text_add(&t, "[buffer b]\n");
   for (unsigned i = 0; i < 32; i++)
      text_add(&t, "u32 %u\n", mem[i]);
   text_add(&t, "[buffer c]\n");
   for (unsigned i = 0; i < 32; i++)
      text_add(&t, "u32 %u\n", mem[i]);
   text_add(&t, "[buffer d]\nu32 5\n[program]\n"
                "  v_lshlrev_b32 v1, 2, v0\n"
                "  v_mov_b32 v3, v2\n"
                "  v_mov_b32 v4, v2\n"
                "  global_atomic_inc v5, v1, v2, s[0:1] glc\n"
                "  global_atomic_dec v6, v1, v3, s[2:3] glc\n"
                "  global_atomic_csub v7, v1, v4, s[4:5] glc\n"
                "  v_mov_b32 v8, 1000\n"
                "  v_mov_b32 v9, 0\n"
                "  global_atomic_inc v9, v8, s[6:7]\n"
                "  s_endpgm\n"
                "[init]\nv0 = lane\ns[0:1] = &a\ns[2:3] = &b\ns[4:5] = &c\ns[6:7] = &d\n");
   text_add_lanes(&t, 2, data, 32);
   text_add(&t, "[expect]\nbuffer d u32[0] = 37\n");
   for (unsigned i = 0; i < 32; i++) {
      uint32_t o = mem[i], d = data[i];
      text_add(&t, "buffer a u32[%u] = %u\n", i, o >= d ? 0 : o + 1);
      text_add(&t, "buffer b u32[%u] = %u\n", i, o == 0 || o > d ? d : o - 1);
      text_add(&t, "buffer c u32[%u] = %u\n", i, o >= d ? o - d : 0);
   }
   text_add(&t, "v5 = ");
   for (unsigned i = 0; i < 32; i++)
      text_add(&t, "%s%u", i ? ", " : "", mem[i]);
   text_add(&t, "\nv6 = ");
   for (unsigned i = 0; i < 32; i++)
      text_add(&t, "%s%u", i ? ", " : "", mem[i]);
   text_add(&t, "\nv7 = ");
   for (unsigned i = 0; i < 32; i++)
      text_add(&t, "%s%u", i ? ", " : "", mem[i]);
   text_add(&t, "\n");
   harness_run_expect_pass(&t, 32);
   text_free(&t);
}
