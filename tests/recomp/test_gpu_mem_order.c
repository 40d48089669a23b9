/* The lane order of memory instructions on the GPU: lanes of one store whose bytes overlap keep
 * the highest lane's bytes, and 64-bit atomics of one wave run in ascending lane order, both as
 * the interpreter does (interp/mem.h); plus gfx1013's scalar atomics. The expected values are
 * computed here by replaying the lanes in ascending order over a host copy of the memory. The
 * store layouts are ones where the GPU's natural order (a slot's lanes storing each dword
 * together) leaves a lower lane's bytes. */
#include <criterion/criterion.h>
#include <string.h>

#include "gpu_harness.h"

static void run_and_check(const struct text *t, unsigned wave)
{
   struct gpu_run run;
   harness_run(t->data, wave, RDNA_RELATIVE_DEFAULT, &run);
   const struct rdna_case_result *check = &run.result.check;
   for (size_t i = 0; i < check->num_failures && i < 16; i++)
      cr_expect(false, "wave%u [expect] line %u: %s", wave, check->failures[i].failure.line,
                check->failures[i].failure.message);
   cr_expect(check->passed, "wave%u fault %s: %s", wave, rdna_fault_kind_name(run.wave.fault.kind),
             run.wave.fault.message);
   harness_free(&run);
}

static uint32_t next_random(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u;
   return *state ^ *state >> 15;
}

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
            data[i][lane] = next_random(&state);
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
      run_and_check(&t, wave);
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
         memory[i] = (uint64_t)next_random(&state) << 32 | next_random(&state);
      text_add(&t, "[require]\nwave %u\n[buffer q]\nu64 0x%llx 0x%llx 0x%llx 0x%llx\n[program]\n",
               wave, (unsigned long long)memory[0], (unsigned long long)memory[1],
               (unsigned long long)memory[2], (unsigned long long)memory[3]);
      text_add(&t, "  %s v[4:5], v1, v[2:3], s[0:1] glc\n  s_endpgm\n", op);
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned q = next_random(&state) % 4;
         uint64_t data = (uint64_t)next_random(&state) << 32 | next_random(&state);
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
      run_and_check(&t, wave);
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
