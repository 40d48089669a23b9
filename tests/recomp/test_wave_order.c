/* The order of a workgroup's waves in the recompiled module (rdna_recomp_options.waves). Serial
 * waves must reproduce the interpreter's documented schedule (corpus/README.md, "Dispatch ids";
 * interp/machine.c, run_group): between two s_barrier meetings the waves run one at a time in wave
 * order, each until it ends or reaches s_barrier, and a wave sees the LDS and memory its
 * predecessors left. The GPU tests compute the expected values on the host by stepping that
 * schedule over plain arrays, with the DS rules of the RDNA2 ISA guide (chapter 11 "Data Share
 * Operations": atomics return the pre-operation value; lanes of one instruction in ascending
 * order). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "gpu_harness.h"
#include "rdna/recomp.h"

static struct rdna_module *recompile(const struct rdna_case *c, unsigned wave,
                                     enum rdna_wave_order order)
{
   struct rdna_recomp_options options = { .wave_size = wave, .subgroup_size = 8, .waves = order };
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_recomp_case(c, &options, &m, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   return m;
}

/* Whether the two modules are the same words. */
static bool same_words(const struct rdna_module *a, const struct rdna_module *b)
{
   size_t na = 0, nb = 0;
   const uint32_t *wa = rdna_module_words(a, &na), *wb = rdna_module_words(b, &nb);
   return na == nb && memcmp(wa, wb, na * sizeof(*wa)) == 0;
}

/* Instructions of SPIR-V opcode `opcode` in the module. */
static unsigned count_opcode(const struct rdna_module *m, unsigned opcode)
{
   size_t n = 0;
   const uint32_t *w = rdna_module_words(m, &n);
   unsigned count = 0;
   for (size_t i = 5; i < n;) { /* after the five-word header */
      unsigned words = w[i] >> 16;
      if ((w[i] & 0xffff) == opcode)
         count++;
      cr_assert_gt(words, 0u);
      i += words;
   }
   return count;
}

static const char barrier_program[] = "[program]\n"
                                      "  v_lshlrev_b32 v1, 2, v0\n"
                                      "  ds_write_b32 v1, v0\n"
                                      "  s_waitcnt lgkmcnt(0)\n"
                                      "  s_barrier\n"
                                      "  ds_read_b32 v2, v1 offset:4\n"
                                      "  s_endpgm\n"
                                      "[init]\nv0 = local_id.x\n";

Test(wave_order, names_parse_and_print)
{
   enum rdna_wave_order order = RDNA_WAVES_CONCURRENT;
   cr_assert(rdna_wave_order_parse("serial", &order));
   cr_assert_eq(order, RDNA_WAVES_SERIAL);
   cr_assert(rdna_wave_order_parse("concurrent", &order));
   cr_assert_eq(order, RDNA_WAVES_CONCURRENT);
   cr_assert_not(rdna_wave_order_parse("parallel", &order));
   cr_assert_not(rdna_wave_order_parse(NULL, &order));
   cr_assert_eq(order, RDNA_WAVES_CONCURRENT, "a failed parse leaves the value");
   cr_assert_str_eq(rdna_wave_order_name(RDNA_WAVES_SERIAL), "serial");
   cr_assert_str_eq(rdna_wave_order_name(RDNA_WAVES_CONCURRENT), "concurrent");
   cr_assert_null(rdna_wave_order_name((enum rdna_wave_order)2));
}

Test(wave_order, an_unknown_order_is_a_bad_argument)
{
   char text[512];
   snprintf(text, sizeof(text), "[require]\nwave 32\nworkgroup 64\nlds 512\n%s", barrier_program);
   struct rdna_case *c = harness_parse(text);
   struct rdna_recomp_options options = { .wave_size = 32,
                                          .subgroup_size = 8,
                                          .waves = (enum rdna_wave_order)7 };
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(rdna_recomp_case(c, &options, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_null(m);
   cr_assert(strstr(diag.message, "wave order") != NULL, "%s", diag.message);
   rdna_case_destroy(c);
}

Test(wave_order, a_workgroup_of_one_wave_gets_the_same_module_either_way)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      char text[512];
      snprintf(text, sizeof(text), "[require]\nwave %u\nworkgroup %u\ngrid 3\nlds 512\n%s", wave,
               wave, barrier_program);
      struct rdna_case *c = harness_parse(text);
      struct rdna_module *serial = recompile(c, wave, RDNA_WAVES_SERIAL);
      struct rdna_module *concurrent = recompile(c, wave, RDNA_WAVES_CONCURRENT);
      cr_expect(same_words(serial, concurrent), "wave%u", wave);
      rdna_module_destroy(serial);
      rdna_module_destroy(concurrent);
      rdna_case_destroy(c);
   }
}

Test(wave_order, several_waves_take_turns_only_when_serial)
{
   /* Both forms meet at barriers in the prologue, the workgroup loop and the epilogue; the serial
    * one meets once per turn in a loop and after reading the arrival count (two in all, as the
    * concurrent meeting), so the modules differ in structure rather than in their barrier count:
    * the serial one has one more loop, over the turns. */
   char text[512];
   snprintf(text, sizeof(text), "[require]\nwave 32\nworkgroup 96\nlds 512\n%s", barrier_program);
   struct rdna_case *c = harness_parse(text);
   struct rdna_module *serial = recompile(c, 32, RDNA_WAVES_SERIAL);
   struct rdna_module *concurrent = recompile(c, 32, RDNA_WAVES_CONCURRENT);
   cr_expect_not(same_words(serial, concurrent));
   cr_expect_eq(count_opcode(serial, SpvOpControlBarrier),
                count_opcode(concurrent, SpvOpControlBarrier));
   cr_expect_eq(count_opcode(serial, SpvOpLoopMerge), count_opcode(concurrent, SpvOpLoopMerge) + 1);
   rdna_module_destroy(serial);
   rdna_module_destroy(concurrent);
   rdna_case_destroy(c);
}

/* ---- on the device ------------------------------------------------------------------------ */

#define GROUPS 2u
#define MAX_ITEMS 200u /* 3 full waves of 64 and a partial one of 8 */
#define COUNTERS 4u
#define WORDS_BASE 16u /* LDS word of the exchanged values, after the counters */
#define LDS_BYTES 1024u

/* One workgroup stepped in the interpreter's order: expected outputs and final LDS words. */
struct host_group {
   uint32_t added[MAX_ITEMS];   /* ds_add_rtn_u32 on counter d & 3 */
   uint32_t read[MAX_ITEMS];    /* LDS word of work-item p(n), no barrier in between */
   uint32_t loaded[MAX_ITEMS];  /* global word of work-item p(n), no barrier in between */
   uint32_t subbed[MAX_ITEMS];  /* after s_barrier: ds_sub_rtn_u32 on counter (d >> 2) & 3 */
   uint32_t lds[LDS_BYTES / 4]; /* final LDS */
};

/* The work-item whose words work-item n reads: a permutation of 0..items-1 (17 is prime to both
 * item counts used, 104 and 200). */
static unsigned partner(unsigned n, unsigned items)
{
   return (n * 17u + 5u) % items;
}

static void host_run(const uint32_t *d, unsigned items, unsigned wave, struct host_group *h)
{
   memset(h, 0, sizeof(*h));
   uint32_t memory[MAX_ITEMS] = { 0 };
   /* the first phase: each wave in turn runs every instruction over its lanes in order */
   for (unsigned first = 0; first < items; first += wave) {
      unsigned end = first + wave < items ? first + wave : items;
      for (unsigned n = first; n < end; n++) {
         h->added[n] = h->lds[d[n] & 3];
         h->lds[d[n] & 3] += d[n];
      }
      for (unsigned n = first; n < end; n++)
         h->read[n] = h->lds[WORDS_BASE + partner(n, items)];
      for (unsigned n = first; n < end; n++)
         h->lds[WORDS_BASE + n] = d[n];
      for (unsigned n = first; n < end; n++)
         h->loaded[n] = memory[partner(n, items)];
      for (unsigned n = first; n < end; n++)
         memory[n] = d[n] + 1;
   }
   /* after s_barrier, waves in order again */
   for (unsigned n = 0; n < items; n++) {
      h->subbed[n] = h->lds[(d[n] >> 2) & 3];
      h->lds[(d[n] >> 2) & 3] -= d[n];
   }
}

static const char order_program[] =
   "[program]\n"
   "  v_lshlrev_b32 v1, 2, v0\n"          /* 4n */
   "  s_mul_i32 s9, s8, %u\n"             /* this workgroup's bytes of the per-work-item arrays */
   "  v_add_nc_u32 v2, s9, v1\n"          /* 4 * global id */
   "  global_load_dword v3, v2, s[2:3]\n" /* d */
   "  global_load_dword v4, v2, s[4:5]\n" /* 4 * p(n) */
   "  s_waitcnt vmcnt(0)\n"
   "  v_and_b32 v5, 3, v3\n"
   "  v_lshlrev_b32 v5, 2, v5\n"
   "  ds_add_rtn_u32 v6, v5, v3\n"
   "  ds_read_b32 v7, v4 offset:%u\n"
   "  s_waitcnt lgkmcnt(0)\n"
   "  ds_write_b32 v1, v3 offset:%u\n"
   "  v_add_nc_u32 v8, s9, v4\n"
   "  global_load_dword v9, v8, s[6:7]\n"
   "  s_waitcnt vmcnt(0)\n"
   "  v_add_nc_u32 v10, 1, v3\n"
   "  global_store_dword v2, v10, s[6:7]\n"
   "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
   "  s_barrier\n"
   "  v_bfe_u32 v11, v3, 2, 2\n"
   "  v_lshlrev_b32 v11, 2, v11\n"
   "  ds_sub_rtn_u32 v12, v11, v3\n"
   "  v_lshlrev_b32 v13, 2, v2\n" /* 16 * global id */
   "  s_waitcnt lgkmcnt(0)\n"
   "  global_store_dword v13, v6, s[0:1]\n"
   "  global_store_dword v13, v7, s[0:1] offset:4\n"
   "  global_store_dword v13, v9, s[0:1] offset:8\n"
   "  global_store_dword v13, v12, s[0:1] offset:12\n"
   "  s_endpgm\n"
   "[init]\ns[0:1] = &out\ns[2:3] = &data\ns[4:5] = &partners\ns[6:7] = &memory\n"
   "v0 = local_id.x\ns8 = group_id.x\n";

/* [expect] lines for workgroup `group`'s outputs: four words per work-item at its global id. */
static void add_expectations(struct text *t, unsigned group, unsigned items,
                             const struct host_group *h)
{
   for (unsigned n = 0; n < items; n++) {
      unsigned at = 4 * (group * items + n);
      const uint32_t want[4] = { h->added[n], h->read[n], h->loaded[n], h->subbed[n] };
      for (unsigned k = 0; k < 4; k++)
         text_add(t, "buffer out u32[%u] = 0x%x\n", at + k, want[k]);
   }
}

static void expect_lds(const struct rdna_gpu_result *r, unsigned group, const struct host_group *h)
{
   cr_assert_eq(r->lds_bytes_per_group, LDS_BYTES);
   for (unsigned i = 0; i < LDS_BYTES / 4; i++) {
      uint32_t word;
      memcpy(&word, r->lds + (size_t)group * LDS_BYTES + 4 * i, 4);
      if (word != h->lds[i]) {
         cr_expect_eq(word, h->lds[i], "workgroup %u LDS word %u: 0x%x, expected 0x%x", group, i,
                      word, h->lds[i]);
         return;
      }
   }
}

/* Four waves per workgroup (the last partial), two workgroups: same-address LDS atomics of
 * different waves, LDS and global words read before any barrier after earlier waves wrote them,
 * and atomics after s_barrier that must start again from wave 0. */
Test(wave_order, serial_waves_see_their_predecessors_writes_in_wave_order)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      unsigned items = 3 * wave + 8, total = GROUPS * items;
      uint32_t d[GROUPS * MAX_ITEMS], seed = wave;
      struct text t = { 0 };
      text_add(&t, "[require]\nwave %u\nworkgroup %u\ngrid %u\nlds %u\n", wave, items, GROUPS,
               LDS_BYTES);
      text_add(&t, "[buffer out]\nsize %u\n[buffer memory]\nsize %u\n[buffer data]\nu32",
               16 * total, 4 * total);
      for (unsigned i = 0; i < total; i++) {
         d[i] = test_value(&seed);
         text_add(&t, " 0x%x", d[i]);
      }
      text_add(&t, "\n[buffer partners]\nu32");
      for (unsigned i = 0; i < total; i++)
         text_add(&t, " %u", 4 * partner(i % items, items));
      text_add(&t, "\n");
      text_add(&t, order_program, 4 * items, 4 * WORDS_BASE, 4 * WORDS_BASE);

      static struct host_group h[GROUPS];
      text_add(&t, "[expect]\n");
      for (unsigned g = 0; g < GROUPS; g++) {
         host_run(d + g * items, items, wave, &h[g]);
         add_expectations(&t, g, items, &h[g]);
      }
      text_add(&t, "fault none\n");

      struct rdna_case *c = harness_parse(t.data);
      struct rdna_gpu_case_options options = { .timeout_ns = 120000000000ull,
                                               .waves = RDNA_WAVES_SERIAL };
      struct rdna_gpu_case_result result;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      enum rdna_status st = rdna_gpu_case_run(harness_gpu(), c, wave, &options, &result, &diag);
      cr_assert_eq(st, RDNA_OK, "wave%u: %s", wave, diag.message);
      const struct rdna_case_result *check = &result.check;
      for (size_t i = 0; i < check->num_failures && i < 8; i++)
         cr_expect(false, "wave%u: [expect] line %u: %s", wave, check->failures[i].failure.line,
                   check->failures[i].failure.message);
      cr_expect(check->passed, "wave%u: the serial module misses the interpreter's order", wave);
      for (unsigned g = 0; g < GROUPS; g++)
         expect_lds(&result.run, g, &h[g]);
      rdna_gpu_case_result_free(&result);
      rdna_case_destroy(c);
      text_free(&t);
   }
}
