/* The lane order of memory instructions on the GPU: lanes of one store whose bytes overlap keep
 * the highest lane's bytes, and 64-bit atomics of one wave run in ascending lane order, both as
 * the interpreter does (interp/mem.h); plus gfx1013's scalar atomics. The expected values are
 * computed here by replaying the lanes in ascending order over a host copy of the memory. The
 * store layouts are ones where the GPU's natural order (a slot's lanes storing each dword
 * together) leaves a lower lane's bytes. */
#include <criterion/criterion.h>
#include <string.h>

#include "gpu_harness.h"

/* Stores of `dwords` dwords (1-4) or of bytes (dwords 0) whose lane addresses collide: lane l
 * writes at (l * step % span) * unit, EXEC holding every lane but 5. The host replays the active
 * lanes in ascending order. */
static void check_overlapping_store(const char *op, unsigned dwords, unsigned step, unsigned span)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      uint32_t state = 99 + wave + dwords, data[4][64], addr[64];
      uint8_t memory[512];
      memset(memory, 0, sizeof(memory));
      unsigned unit = dwords ? 4 : 1;
      uint64_t exec = (wave == 64 ? ~0ull : 0xffffffffull) & ~(1ull << 5);
      for (unsigned lane = 0; lane < wave; lane++) {
         addr[lane] = lane * step % span * unit;
         for (unsigned i = 0; i < 4; i++)
            data[i][lane] = test_random(&state);
      }
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!(exec >> lane & 1))
            continue;
         for (unsigned b = 0; b < (dwords ? 4 * dwords : 1); b++)
            memory[addr[lane] + b] = (uint8_t)(data[b / 4][lane] >> (8 * (b % 4)));
      }
      text_add(&t, "[require]\nwave %u\n[buffer out]\nsize 512\n[program]\n", wave);
      if (dwords > 1)
         text_add(&t, "  %s v1, v[2:%u], s[0:1]\n", op, 1 + dwords);
      else
         text_add(&t, "  %s v1, v2, s[0:1]\n", op);
      text_add(&t, "  s_endpgm\n[init]\ns[0:1] = &out\nexec = 0x%llx\n", (unsigned long long)exec);
      text_add_lanes(&t, 1, addr, wave);
      for (unsigned i = 0; i < 4; i++)
         text_add_lanes(&t, 2 + i, data[i], wave);
      text_add(&t, "[expect]\nfault none\n");
      for (unsigned i = 0; i < 512; i++)
         text_add(&t, "buffer out u8[%u] = 0x%x\n", i, memory[i]);
      harness_run_expect_pass(&t, wave);
      text_free(&t);
   }
}

/* Consecutive lanes one dword apart: lane l's second dword lands where lane l + 1's first does. */
Test(gpu_mem_order, dwordx2_lanes_one_dword_apart_keep_the_higher_lane)
{
   check_overlapping_store("global_store_dwordx2", 2, 1, 128);
}

/* Lanes wrapping around a 7-dword window: every dword is written by several lanes, from
 * different slots and from one slot. */
Test(gpu_mem_order, dwordx4_lanes_in_a_small_window_keep_the_highest_lane)
{
   check_overlapping_store("global_store_dwordx4", 4, 3, 7);
}

/* Bytes: the clear-and-set atomics of lanes of one slot on one byte would merge their bits. */
Test(gpu_mem_order, bytes_of_many_lanes_on_one_address_keep_the_highest_lane)
{
   check_overlapping_store("global_store_byte", 0, 5, 3);
}

/* 64-bit atomics on a few qwords: the old values each lane receives and the final memory
 * follow the ascending lane order. */
static void check_atomic64(const char *op, uint64_t (*apply)(uint64_t old, uint64_t data))
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      uint32_t state = 5 + wave, addr[64], lo[64], hi[64], ret_lo[64], ret_hi[64];
      uint64_t memory[4];
      for (unsigned i = 0; i < 4; i++)
         memory[i] = (uint64_t)test_random(&state) << 32 | test_random(&state);
      text_add(&t, "[require]\nwave %u\n[buffer q]\nu64 0x%llx 0x%llx 0x%llx 0x%llx\n[program]\n",
               wave, (unsigned long long)memory[0], (unsigned long long)memory[1],
               (unsigned long long)memory[2], (unsigned long long)memory[3]);
      text_add(&t, "  %s v[4:5], v1, v[2:3], s[0:1] glc\n  s_endpgm\n", op);
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned q = test_random(&state) % 4;
         uint64_t data = (uint64_t)test_random(&state) << 32 | test_random(&state);
         addr[lane] = q * 8;
         lo[lane] = (uint32_t)data;
         hi[lane] = (uint32_t)(data >> 32);
         ret_lo[lane] = (uint32_t)memory[q];
         ret_hi[lane] = (uint32_t)(memory[q] >> 32);
         memory[q] = apply(memory[q], data);
      }
      text_add(&t, "[init]\ns[0:1] = &q\n");
      text_add_lanes(&t, 1, addr, wave);
      text_add_lanes(&t, 2, lo, wave);
      text_add_lanes(&t, 3, hi, wave);
      text_add(&t, "[expect]\nfault none\n");
      text_add_lanes(&t, 4, ret_lo, wave);
      text_add_lanes(&t, 5, ret_hi, wave);
      for (unsigned i = 0; i < 4; i++)
         text_add(&t, "buffer q u64[%u] = 0x%llx\n", i, (unsigned long long)memory[i]);
      harness_run_expect_pass(&t, wave);
      text_free(&t);
   }
}

static uint64_t add64(uint64_t old, uint64_t data)
{
   return old + data;
}

static uint64_t smax64(uint64_t old, uint64_t data)
{
   return (int64_t)data > (int64_t)old ? data : old;
}

static uint64_t swap64(uint64_t old, uint64_t data)
{
   (void)old;
   return data;
}

Test(gpu_mem_order, add_x2_returns_values_in_lane_order)
{
   check_atomic64("global_atomic_add_x2", add64);
}

Test(gpu_mem_order, smax_x2_compares_signed_in_lane_order)
{
   check_atomic64("global_atomic_smax_x2", smax64);
}

Test(gpu_mem_order, swap_x2_leaves_the_last_lane)
{
   check_atomic64("global_atomic_swap_x2", swap64);
}

/* ---- float atomics --------------------------------------------------------------------------
 * fmin/fmax/fcmpswap compare as IEEE floats (RDNA2 ISA guide chapter 12): the host model uses
 * the host's double and float comparisons, where a NaN compares false and -0 equals +0. */

/* Edge values: zeros of both signs, quiet and signalling NaNs, infinities, denormals. */
static uint64_t edge64(uint32_t *state)
{
   static const uint64_t edges[] = {
      0,
      0x8000000000000000ull,
      0x7ff8000000000000ull,
      0x7ff0000000000001ull,
      0x7ff0000000000000ull,
      0xfff0000000000000ull,
      1,
      0x800fffffffffffffull,
      0x3ff0000000000000ull,
      0xbff8000000000000ull,
   };
   uint32_t r = test_random(state);
   if (r % 3)
      return edges[r / 3 % (sizeof(edges) / sizeof(edges[0]))];
   return (uint64_t)test_random(state) << 32 | test_random(state);
}

/* Every lane of a wave applies `op` to one of two f64 qwords; the old values come back in lane
 * order. kind: 0 fmin (data < mem), 1 fmax (data > mem), 2 fcmpswap (mem == compare). */
static void check_float_atomic64(const char *op, int kind)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = { 0 };
      uint32_t state = 31 + wave * 3 + (uint32_t)kind, addr[64], regs[4][64], ret[2][64];
      uint64_t memory[2];
      for (unsigned i = 0; i < 2; i++)
         memory[i] = edge64(&state);
      text_add(&t, "[require]\nwave %u\n[buffer q]\nu64 0x%llx 0x%llx\n", wave,
               (unsigned long long)memory[0], (unsigned long long)memory[1]);
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned q = test_random(&state) % 2;
         uint64_t data = edge64(&state), compare = edge64(&state);
         if (kind == 2 && test_random(&state) % 2)
            compare = memory[q]; /* a bit-equal compare value half the time */
         addr[lane] = q * 8;
         regs[0][lane] = (uint32_t)data;
         regs[1][lane] = (uint32_t)(data >> 32);
         regs[2][lane] = (uint32_t)compare;
         regs[3][lane] = (uint32_t)(compare >> 32);
         ret[0][lane] = (uint32_t)memory[q];
         ret[1][lane] = (uint32_t)(memory[q] >> 32);
         double m = f64_from_bits(memory[q]), d = f64_from_bits(data), c = f64_from_bits(compare);
         if (kind == 0 ? d < m : kind == 1 ? d > m : m == c)
            memory[q] = data;
      }
      text_add(&t, "[program]\n  %s v[6:7], v1, v[2:%u], s[0:1] glc\n  s_endpgm\n", op,
               kind == 2 ? 5 : 3);
      text_add(&t, "[init]\ns[0:1] = &q\n");
      text_add_lanes(&t, 1, addr, wave);
      for (unsigned i = 0; i < 4; i++)
         text_add_lanes(&t, 2 + i, regs[i], wave);
      text_add(&t, "[expect]\nfault none\n");
      text_add_lanes(&t, 6, ret[0], wave);
      text_add_lanes(&t, 7, ret[1], wave);
      for (unsigned i = 0; i < 2; i++)
         text_add(&t, "buffer q u64[%u] = 0x%llx\n", i, (unsigned long long)memory[i]);
      harness_run_expect_pass(&t, wave);
      text_free(&t);
   }
}

Test(gpu_mem_order, fmin_x2_and_fmax_x2_compare_as_floats_in_lane_order)
{
   check_float_atomic64("global_atomic_fmin_x2", 0);
   check_float_atomic64("global_atomic_fmax_x2", 1);
}

Test(gpu_mem_order, fcmpswap_x2_compares_as_floats_in_lane_order)
{
   check_float_atomic64("global_atomic_fcmpswap_x2", 2);
}

/* ---- gfx1013 scalar atomics -----------------------------------------------------------------
 * A chain of s_atomic_* with glc on three dwords; the host applies each in program order. */
Test(gpu_mem_order, gfx1013_scalar_atomics_return_the_old_value)
{
   static const struct {
      const char *name;
      int op; /* 0 add, 1 smin, 2 umax, 3 inc, 4 dec, 5 xor, 6 sub */
   } ops[] = { { "s_atomic_add", 0 }, { "s_atomic_smin", 1 }, { "s_atomic_umax", 2 },
               { "s_atomic_inc", 3 }, { "s_atomic_dec", 4 },  { "s_atomic_xor", 5 },
               { "s_atomic_sub", 6 } };
   uint32_t state = 4242, memory[3] = { 7, 0xfffffff0u, 100 };
   struct text t = { 0 };
   text_add(&t, "[require]\ntarget gfx1013\nwave 32 64\n[buffer m]\nu32 %u %u %u\n[program]\n",
            memory[0], memory[1], memory[2]);
   uint32_t returned[21];
   for (unsigned i = 0; i < 21; i++) {
      unsigned w = test_random(&state) % 3, o = i % 7;
      uint32_t data = test_random(&state) % 4 ? test_random(&state) % 200 : test_random(&state);
      uint32_t old = memory[w], next;
      switch (ops[o].op) {
      case 0:
         next = old + data;
         break;
      case 1:
         next = (int32_t)data < (int32_t)old ? data : old;
         break;
      case 2:
         next = data > old ? data : old;
         break;
      case 3:
         next = old >= data ? 0 : old + 1;
         break;
      case 4:
         next = old == 0 || old > data ? data : old - 1;
         break;
      case 5:
         next = old ^ data;
         break;
      default:
         next = old - data;
         break;
      }
      memory[w] = next;
      returned[i] = old;
      text_add(&t, "  s_mov_b32 s%u, 0x%x\n  %s s%u, s[0:1], 0x%x glc\n", 10 + i, data, ops[o].name,
               10 + i, 4 * w);
   }
   text_add(&t, "  s_endpgm\n[init]\ns[0:1] = &m\n[expect]\nfault none\n");
   for (unsigned i = 0; i < 21; i++)
      text_add(&t, "s%u = 0x%x\n", 10 + i, returned[i]);
   for (unsigned i = 0; i < 3; i++)
      text_add(&t, "buffer m u32[%u] = 0x%x\n", i, memory[i]);
   harness_run_expect_pass(&t, 32);
   harness_run_expect_pass(&t, 64);
   text_free(&t);
}
