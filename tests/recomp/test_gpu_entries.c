/* Jumps to run-time values that land in the middle of blocks (enum rdna_entry_points): a jump
 * table of code pointers loaded from memory, the results computed on the host from the table,
 * run on the device in both control-flow forms and through the differential driver against the
 * interpreter; a target found nowhere in the data faults BAD_JUMP at the target unless every
 * dword is an entry. Skips without a Vulkan device. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/diff.h"

/* The case's final wave 0 on the device. */
static void run(const char *text, unsigned wave, enum rdna_cfg_lowering form,
                enum rdna_entry_points entries, struct gpu_run *out)
{
   struct rdna_gpu_case_options options = { .cfg = form, .entries = entries };
   harness_run_options(text, wave, &options, out);
}

/* The interpreter against the device; expects no divergence. */
static void diff(const char *text, unsigned wave, enum rdna_cfg_lowering form,
                 enum rdna_entry_points entries)
{
   struct rdna_diff_options options = { .cfg = form, .entries = entries };
   char label[64];
   snprintf(label, sizeof(label), "%s/%s", rdna_cfg_lowering_name(form),
            rdna_entry_points_name(entries));
   harness_diff_options(text, wave, &options, label);
}

#define ADDS 8
#define ENTRIES 12

/* A loop over a table of ENTRIES code pointers: each iteration loads one (s_load_dwordx2 at the
 * offset in s8) and jumps there, into a run of ADDS `s_add_u32 s10, s10, k + 1` (k < ADDS, each
 * one dword) starting at main + 24, or to main + 24 + 4 * ADDS past them. Layout: 0 and 4
 * s_mov_b32, 8 s_load_dwordx2 (8 bytes), 16 s_waitcnt, 20 s_setpc_b64, 24 the adds. */
Test(entries, jump_table_into_the_middle_of_a_block)
{
   uint32_t state = 17;
   unsigned target[ENTRIES];
   uint32_t sum = 0;
   for (unsigned e = 0; e < ENTRIES; e++) {
      target[e] = test_value(&state) % (ADDS + 1);
      for (unsigned k = target[e]; k < ADDS; k++) /* entering at add k runs adds k..ADDS-1 */
         sum += k + 1;
   }
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32 64\n[buffer table]\nu64");
   for (unsigned e = 0; e < ENTRIES; e++)
      text_add(&t, " &main+%u", 24 + 4 * target[e]);
   text_add(&t, "\n[program]\n"
                "  s_mov_b32 s8, 0\n"
                "  s_mov_b32 s10, 0\n"
                "loop:\n"
                "  s_load_dwordx2 s[4:5], s[0:1], s8\n"
                "  s_waitcnt lgkmcnt(0)\n"
                "  s_setpc_b64 s[4:5]\n");
   for (unsigned k = 0; k < ADDS; k++)
      text_add(&t, "  s_add_u32 s10, s10, %u\n", k + 1);
   text_add(&t,
            "  s_add_u32 s8, s8, 8\n"
            "  s_cmp_lt_u32 s8, %u\n"
            "  s_cbranch_scc1 loop\n"
            "  s_endpgm\n"
            "[init]\ns[0:1] = &table\n",
            8 * ENTRIES);
   static const enum rdna_cfg_lowering forms[] = { RDNA_CFG_DISPATCH, RDNA_CFG_STRUCTURED };
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      for (size_t f = 0; f < 2; f++) {
         struct gpu_run r;
         run(t.data, wave, forms[f], RDNA_ENTRIES_DEFAULT, &r);
         cr_expect_eq(r.wave.fault.kind, RDNA_FAULT_NONE, "%s: %s",
                      rdna_cfg_lowering_name(forms[f]), r.wave.fault.message);
         cr_expect_eq(r.wave.sregs[10], sum, "wave%u %s", wave, rdna_cfg_lowering_name(forms[f]));
         cr_expect_eq(r.wave.sregs[8], 8u * ENTRIES);
         harness_free(&r);
      }
      diff(t.data, wave, RDNA_CFG_DEFAULT, RDNA_ENTRIES_DEFAULT);
   }
   diff(t.data, 32, RDNA_CFG_DEFAULT, RDNA_ENTRIES_ALL);
   text_free(&t);
}

/* `s_add_u32 s10, s10, k` for 1 <= k <= 64 (an inline constant): llvm-mc -mcpu=gfx1030
 * -show-encoding gives [0x0a, 0x80 + k, 0x0a, 0x80], k = 1 and 9 checked. */
static uint32_t add_s10_encoding(unsigned k)
{
   return 0x800a000au | (0x80u + k) << 8;
}

/* Jump tables into any dword of a run of `s_mov_b32 s14, LITERAL` (8 bytes, the literal being the
 * encoding of `s_add_u32 s10, s10, k`) and `s_add_u32 s10, s10, k` (4 bytes): a target on a
 * literal runs that dword as the add it encodes, then the instruction after the s_mov. The
 * expected s10 is the host's walk over the same layout. Head: 0 s_load_dwordx2 (8), 8 s_waitcnt,
 * 12 s_add_u32 s8, 16 s_setpc_b64; the run starts at 20. */
Test(entries, jump_tables_into_literals)
{
   uint32_t state = 5;
   unsigned on_literals = 0;
   for (unsigned round = 0; round < 3; round++) {
      enum {
         MOV,
         ADD
      } kind[12];
      unsigned k[12], start[12], n = 6 + test_value(&state) % 7, end = 20;
      for (unsigned i = 0; i < n; i++) {
         kind[i] = test_value(&state) % 2 ? MOV : ADD;
         k[i] = 1 + test_value(&state) % 64;
         start[i] = end;
         end += kind[i] == MOV ? 8 : 4;
      }
      unsigned targets = 2 + test_value(&state) % 4, target[6];
      uint32_t sum = 0;
      for (unsigned e = 0; e < targets; e++) {
         target[e] = 20 + 4 * (test_value(&state) % ((end - 20) / 4));
         for (unsigned i = 0; i < n; i++) {
            if (start[i] == target[e] || (kind[i] == MOV && start[i] + 4 == target[e])) {
               if (start[i] + 4 == target[e] || kind[i] == ADD)
                  sum += k[i]; /* the literal, or the add itself */
               on_literals += start[i] + 4 == target[e];
               for (unsigned j = i + 1; j < n; j++)
                  sum += kind[j] == ADD ? k[j] : 0;
               break;
            }
         }
      }
      struct text t = { 0 };
      text_add(&t, "[require]\nwave 32\n[buffer table]\nu64");
      for (unsigned e = 0; e < targets; e++)
         text_add(&t, " &main+%u", target[e]);
      text_add(&t, "\n[program]\n"
                   "top:\n"
                   "  s_load_dwordx2 s[4:5], s[0:1], s8\n"
                   "  s_waitcnt lgkmcnt(0)\n"
                   "  s_add_u32 s8, s8, 8\n"
                   "  s_setpc_b64 s[4:5]\n");
      for (unsigned i = 0; i < n; i++) {
         if (kind[i] == MOV)
            text_add(&t, "  s_mov_b32 s14, 0x%08x\n", add_s10_encoding(k[i]));
         else
            text_add(&t, "  s_add_u32 s10, s10, %u\n", k[i]);
      }
      text_add(&t,
               "  s_cmp_lt_u32 s8, %u\n"
               "  s_cbranch_scc1 top\n"
               "  s_endpgm\n"
               "[init]\ns[0:1] = &table\n",
               8 * targets);
      static const enum rdna_cfg_lowering forms[] = { RDNA_CFG_DISPATCH, RDNA_CFG_STRUCTURED };
      for (size_t f = 0; f < 2; f++) {
         struct gpu_run r;
         run(t.data, 32, forms[f], RDNA_ENTRIES_DEFAULT, &r);
         cr_expect_eq(r.wave.fault.kind, RDNA_FAULT_NONE, "%s", r.wave.fault.message);
         cr_expect_eq(r.wave.sregs[10], sum, "round %u %s: %s", round,
                      rdna_cfg_lowering_name(forms[f]), t.data);
         harness_free(&r);
      }
      diff(t.data, 32, RDNA_CFG_DEFAULT, RDNA_ENTRIES_DEFAULT);
      text_free(&t);
   }
   cr_expect_gt(on_literals, 0u, "some targets land on literals");
}

/* A target the data does not hold: &main is loaded and 24 added at run time. Layout: 0
 * s_load_dwordx2 (8), 8 s_waitcnt, 12 s_add_u32, 16 s_setpc_b64, 20 s_mov_b32 s10, 24 s_mov_b32
 * s11, 28 s_endpgm. The target, main + 24, is in the middle of the block after the s_setpc, so
 * it is no entry by default: the module records BAD_JUMP with the target as PC and address.
 * With every dword an entry it runs as the interpreter runs it. */
static const char computed_target[] = "[require]\nwave 32\n"
                                      "[buffer table]\nu64 &main\n"
                                      "[program]\n"
                                      "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                                      "  s_waitcnt lgkmcnt(0)\n"
                                      "  s_add_u32 s4, s4, 24\n"
                                      "  s_setpc_b64 s[4:5]\n"
                                      "  s_mov_b32 s10, 1\n"
                                      "  s_mov_b32 s11, 2\n"
                                      "  s_endpgm\n"
                                      "[init]\ns[0:1] = &table\n";

Test(entries, a_target_that_is_no_entry_faults_bad_jump)
{
   struct gpu_run r;
   run(computed_target, 32, RDNA_CFG_DEFAULT, RDNA_ENTRIES_DEFAULT, &r);
   uint64_t main = rdna_case_entry(r.c);
   cr_expect_eq(r.wave.fault.kind, RDNA_FAULT_BAD_JUMP, "%s", r.wave.fault.message);
   cr_expect_eq(r.wave.fault.pc, main + 24);
   cr_expect_eq(r.wave.fault.address, main + 24);
   cr_expect_eq(r.wave.sregs[11], 0u);
   harness_free(&r);

   run(computed_target, 32, RDNA_CFG_DEFAULT, RDNA_ENTRIES_ALL, &r);
   cr_expect_eq(r.wave.fault.kind, RDNA_FAULT_NONE, "%s", r.wave.fault.message);
   cr_expect_eq(r.wave.sregs[10], 0u);
   cr_expect_eq(r.wave.sregs[11], 2u);
   cr_expect_eq(r.wave.pc, main + 28);
   harness_free(&r);
   diff(computed_target, 32, RDNA_CFG_DISPATCH, RDNA_ENTRIES_ALL);
   diff(computed_target, 32, RDNA_CFG_STRUCTURED, RDNA_ENTRIES_ALL);
}

/* A data target on a dword the recompiler does not lower (the literal 0xc8020000 of the
 * s_mov_b32 at main + 20 is v_interp_mov_f32 v0, p10, attr0.x, llvm-mc -mcpu=gfx1030
 * -show-encoding): the module builds, and jumping there faults UNSUPPORTED at main + 24. */
Test(entries, an_unlowered_row_reached_from_data_faults_unsupported)
{
   struct gpu_run r;
   run("[require]\nwave 32\n[buffer table]\nu64 &main+24\n"
       "[program]\n"
       "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
       "  s_waitcnt lgkmcnt(0)\n"
       "  s_setpc_b64 s[4:5]\n"
       "  s_mov_b32 s10, 1\n"
       "  s_mov_b32 s11, 0xc8020000\n"
       "  s_endpgm\n"
       "[init]\ns[0:1] = &table\n",
       32, RDNA_CFG_DEFAULT, RDNA_ENTRIES_DEFAULT, &r);
   cr_expect_eq(r.wave.fault.kind, RDNA_FAULT_UNSUPPORTED, "%s", r.wave.fault.message);
   cr_expect_eq(r.wave.fault.pc, rdna_case_entry(r.c) + 24);
   cr_expect_eq(r.wave.sregs[10], 0u);
   harness_free(&r);
}
