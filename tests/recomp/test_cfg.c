/* The control-flow forms of the recompiler without a device: which blocks need a dispatcher case
 * (cfg_block.dynamic), the number of cases each form's module has, the option's names, and
 * both forms validating for every case of the control-flow, call and memory corpus folders. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/recomp.h"
#include "recomp/cfg.h"
#include "recomp/spirv_builder.h"
#include "tests/common/corpus_files.h"

/* Every instruction below is one dword except the global and buffer rows (two), so the PCs are
 * counted by hand: 0 s_mov, 4 global_load (8 bytes), 12 v_add, 16 buffer_store (8), 24 s_add,
 * 28 s_cmp, 32 s_cbranch, 36 s_load (8), 44 s_endpgm. */
static const char program[] = "[buffer b]\nsize 64\n"
                              "[program]\n"
                              "  s_mov_b32 s4, 0\n"
                              "loop:\n"
                              "  global_load_dword v1, v0, s[0:1]\n"
                              "  v_add_nc_u32 v1, 1, v1\n"
                              "  buffer_store_dword v1, v0, s[8:11], 0 offen\n"
                              "  s_add_u32 s4, s4, 1\n"
                              "  s_cmp_lt_u32 s4, 3\n"
                              "  s_cbranch_scc1 loop\n"
                              "  s_load_dword s5, s[0:1], 0x0\n"
                              "  s_endpgm\n";

Test(recomp_cfg_forms, blocks_reached_by_static_edges_are_not_dynamic)
{
   struct rdna_case *c = harness_parse(program);
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct cfg cfg;
   cr_assert_eq(cfg_build(c, &isa, &cfg, NULL), RDNA_OK);
   uint64_t entry = rdna_case_entry(c);
   /* blocks: the entry; loop (a branch target); after the load; after the store; after the
    * branch (a transfer); after s_load */
   static const uint64_t starts[] = { 0, 4, 12, 24, 36, 44 };
   static const bool dynamic[] = { true, false, false, false, false, false };
   cr_assert_eq(cfg.num_blocks, 6u);
   for (size_t i = 0; i < 6; i++) {
      cr_assert_eq(cfg.blocks[i].start, entry + starts[i], "block %zu", i);
      cr_assert_eq(cfg.blocks[i].dynamic, dynamic[i], "block %zu", i);
   }
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

Test(recomp_cfg_forms, call_targets_and_return_points_are_dynamic)
{
   /* s_call_b64 at 0, its return point s_endpgm at 4, the callee at 8 */
   struct rdna_case *c = harness_parse("[program]\n"
                                       "  s_call_b64 s[30:31], callee\n"
                                       "  s_endpgm\n"
                                       "callee:\n"
                                       "  s_setpc_b64 s[30:31]\n");
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct cfg cfg;
   cr_assert_eq(cfg_build(c, &isa, &cfg, NULL), RDNA_OK);
   cr_assert_eq(cfg.num_blocks, 3u);
   for (size_t i = 0; i < 3; i++) {
      cr_assert_eq(cfg.blocks[i].start, rdna_case_entry(c) + 4 * i);
      cr_assert(cfg.blocks[i].dynamic, "block %zu", i);
   }
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

/* The targets of the OpSwitch statements on a 64-bit selector (the dispatcher's), from the
 * module's words. */
static size_t dispatcher_cases(const uint32_t *words, size_t n)
{
   uint32_t bound = words[3];
   unsigned char *wide_type = calloc(bound, 1), *wide = calloc(bound, 1);
   cr_assert(wide_type && wide);
   size_t cases = 0;
   for (size_t i = 5; i < n;) {
      unsigned count = words[i] >> 16, op = words[i] & 0xffff;
      cr_assert(count > 0 && i + count <= n);
      if (op == 21 && words[i + 2] == 64) /* OpTypeInt 64 */
         wide_type[words[i + 1]] = 1;
      else if (op == 251) /* OpSwitch */
         cases += wide[words[i + 1]] ? (count - 3) / 3 : 0;
      else if (op == 61 && wide_type[words[i + 1]]) /* OpLoad of a 64-bit value */
         wide[words[i + 2]] = 1;
      i += count;
   }
   free(wide_type);
   free(wide);
   return cases;
}

/* How many instructions with opcode `opcode` the module has. */
static size_t count_opcode(const uint32_t *words, size_t n, unsigned opcode)
{
   size_t count = 0;
   for (size_t i = 5; i < n; i += words[i] >> 16) {
      cr_assert(words[i] >> 16 > 0);
      count += (words[i] & 0xffff) == opcode;
   }
   return count;
}

static size_t cases_of(const struct rdna_case *c, enum rdna_cfg_lowering form)
{
   struct rdna_recomp_options o = { .wave_size = 32, .subgroup_size = 8, .cfg = form };
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_OK, "%s", diag.message);
   size_t n;
   const uint32_t *words = rdna_module_words(m, &n);
   size_t cases = dispatcher_cases(words, n);
   rdna_module_destroy(m);
   return cases;
}

Test(recomp_cfg_forms, structured_form_dispatches_only_entered_blocks)
{
   struct rdna_case *c = harness_parse(program);
   cr_expect_eq(cases_of(c, RDNA_CFG_DISPATCH), 6u);
   /* only the entry: the loop, the code after the loads and stores and after the loop are
    * reached by static edges */
   cr_expect_eq(cases_of(c, RDNA_CFG_STRUCTURED), 1u);
   cr_expect_eq(cases_of(c, RDNA_CFG_DEFAULT), 1u);
   rdna_case_destroy(c);
}

/* The loop of `program` becomes an OpLoopMerge of its own next to the dispatcher loop's. */
Test(recomp_cfg_forms, natural_loop_becomes_a_structured_loop)
{
   struct rdna_case *c = harness_parse(program);
   size_t loops[2];
   for (int form = RDNA_CFG_DISPATCH; form <= RDNA_CFG_STRUCTURED; form++) {
      struct rdna_recomp_options o = { .wave_size = 32,
                                       .subgroup_size = 8,
                                       .cfg = (enum rdna_cfg_lowering)form };
      struct rdna_module *m = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_OK, "%s", diag.message);
      size_t n;
      const uint32_t *words = rdna_module_words(m, &n);
      loops[form - RDNA_CFG_DISPATCH] = count_opcode(words, n, 246 /* OpLoopMerge */);
      rdna_module_destroy(m);
   }
   cr_expect_eq(loops[1], loops[0] + 1);
   rdna_case_destroy(c);
}

/* An if/else on SCC whose then-part ends with s_branch over the else-part: one selection, no
 * dispatcher case for the else-part or the join. A branch into the middle of the then-part
 * from before the selection makes it irreducible for the plan: the join and the branch target
 * become cases. */
Test(recomp_cfg_forms, if_else_is_one_case_and_a_branch_into_it_is_not)
{
   static const char diamond[] = "[program]\n"
                                 "  s_cmp_eq_u32 s5, 0\n"
                                 "  s_cbranch_scc0 other\n"
                                 "  s_add_u32 s6, s6, 1\n"
                                 "  s_branch join\n"
                                 "other:\n"
                                 "  s_sub_u32 s6, s6, 1\n"
                                 "join:\n"
                                 "  s_endpgm\n";
   struct rdna_case *c = harness_parse(diamond);
   cr_expect_eq(cases_of(c, RDNA_CFG_DISPATCH), 4u);
   cr_expect_eq(cases_of(c, RDNA_CFG_STRUCTURED), 1u);
   rdna_case_destroy(c);
   static const char into[] = "[program]\n"
                              "  s_cmp_eq_u32 s4, 0\n"
                              "  s_cbranch_scc1 middle\n"
                              "  s_cmp_eq_u32 s5, 0\n"
                              "  s_cbranch_scc0 other\n"
                              "  s_add_u32 s6, s6, 1\n"
                              "middle:\n"
                              "  s_add_u32 s6, s6, 2\n"
                              "  s_branch join\n"
                              "other:\n"
                              "  s_sub_u32 s6, s6, 1\n"
                              "join:\n"
                              "  s_endpgm\n";
   c = harness_parse(into);
   size_t structured = cases_of(c, RDNA_CFG_STRUCTURED);
   cr_expect_gt(structured, 1u);
   cr_expect_lt(structured, cases_of(c, RDNA_CFG_DISPATCH));
   rdna_case_destroy(c);
}

Test(recomp_cfg_forms, names_round_trip_and_unknown_forms_are_bad_arguments)
{
   for (int f = RDNA_CFG_DEFAULT; f <= RDNA_CFG_STRUCTURED; f++) {
      enum rdna_cfg_lowering parsed;
      const char *name = rdna_cfg_lowering_name((enum rdna_cfg_lowering)f);
      cr_assert_not_null(name);
      cr_assert(rdna_cfg_lowering_parse(name, &parsed));
      cr_assert_eq((int)parsed, f);
   }
   enum rdna_cfg_lowering parsed;
   cr_assert_not(rdna_cfg_lowering_parse("loops", &parsed));
   cr_assert_not(rdna_cfg_lowering_parse(NULL, &parsed));
   cr_assert_null(rdna_cfg_lowering_name((enum rdna_cfg_lowering)3));
   struct rdna_case *c = harness_parse(program);
   struct rdna_recomp_options o = { .wave_size = 32, .cfg = (enum rdna_cfg_lowering)7 };
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_null(m);
   cr_assert_not_null(strstr(diag.message, "control-flow"), "%s", diag.message);
   rdna_case_destroy(c);
}

/* Both forms of every case in the folders whose programs branch, call and fault validate, and
 * the structured one never has more dispatcher cases. */
Test(recomp_cfg_forms, both_forms_validate_on_flow_call_and_memory_cases, .timeout = 600)
{
   static const char *const folders[] = { "corpus/flow", "corpus/calls", "corpus/mem",
                                          "corpus/control" };
   unsigned modules = 0;
   for (size_t f = 0; f < sizeof(folders) / sizeof(folders[0]); f++) {
      struct corpus_files files;
      corpus_files_collect(folders[f], &files);
      for (size_t i = 0; i < files.count; i++) {
         size_t size;
         char *text = corpus_files_read(files.paths[i], &size);
         struct rdna_case *c = NULL;
         struct rdna_diag diag;
         cr_assert_eq(rdna_case_parse(text, size, files.paths[i], &c, &diag), RDNA_OK, "%s: %s",
                      files.paths[i], diag.message);
         unsigned wave = (rdna_case_waves(c) & RDNA_CASE_WAVE32) ? 32 : 64;
         size_t cases[2];
         bool ok = true;
         for (int form = RDNA_CFG_DISPATCH; form <= RDNA_CFG_STRUCTURED && ok; form++) {
            struct rdna_recomp_options o = { .wave_size = wave,
                                             .subgroup_size = 8,
                                             .cfg = (enum rdna_cfg_lowering)form };
            struct rdna_module *m = NULL;
            enum rdna_status st = rdna_recomp_case(c, &o, &m, &diag);
            if (st == RDNA_UNSUPPORTED) {
               cr_assert(rdna_case_has_todo(c, "recomp"), "%s: %s", files.paths[i], diag.message);
               ok = false;
               continue;
            }
            cr_assert_eq(st, RDNA_OK, "%s (%s): %s", files.paths[i],
                         rdna_cfg_lowering_name((enum rdna_cfg_lowering)form), diag.message);
            size_t n;
            const uint32_t *words = rdna_module_words(m, &n);
            cases[form - RDNA_CFG_DISPATCH] = dispatcher_cases(words, n);
            modules++;
            rdna_module_destroy(m);
         }
         if (ok)
            cr_expect_leq(cases[1], cases[0], "%s", files.paths[i]);
         rdna_case_destroy(c);
         free(text);
      }
      corpus_files_free(&files);
   }
   cr_assert_gt(modules, 0u);
}
