/* The recompiler's API (include/rdna/recomp.h): options the case does not allow, instructions
 * not lowered yet (UNSUPPORTED naming the instruction and its PC), the module layout, code
 * discovery, and every corpus case recompiling to a module SPIRV-Tools accepts for wave32 and
 * wave64 at subgroup sizes 8, 32 and 64 in every relative-addressing lowering. Tests run from the
 * repository root (RDNA_SOURCE_DIR, set by CTest). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/recomp.h"
#include "recomp/cfg.h"
#include "recomp/spirv_builder.h"
#include "tests/common/corpus_files.h"

static enum rdna_status recomp(const struct rdna_case *c, unsigned wave, unsigned subgroup,
                               enum rdna_relative_lowering relative, struct rdna_module **m,
                               struct rdna_diag *diag)
{
   struct rdna_recomp_options o = { .wave_size = wave,
                                    .subgroup_size = subgroup,
                                    .relative = relative };
   memset(diag, 0, sizeof(*diag));
   return rdna_recomp_case(c, &o, m, diag);
}

static const char simple[] = "[require]\nwave 32\n[program]\n  s_mov_b32 s0, 1\n  s_endpgm\n";

/* ---- options ------------------------------------------------------------------------------ */

Test(recomp_api, wave_size_the_case_does_not_ask_for_is_bad_argument)
{
   struct rdna_case *c = harness_parse(simple);
   struct rdna_module *m = (struct rdna_module *)1;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 64, 32, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_null(m);
   cr_assert_not_null(strstr(diag.message, "wave64"), "%s", diag.message);
   cr_assert_eq(recomp(c, 16, 8, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_BAD_ARGUMENT);
   rdna_case_destroy(c);
}

Test(recomp_api, subgroup_size_must_be_a_power_of_two_up_to_the_wave)
{
   struct rdna_case *c = harness_parse(simple);
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 32, 64, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_eq(recomp(c, 32, 12, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_not_null(strstr(diag.message, "12"), "%s", diag.message);
   cr_assert_null(m);
   for (unsigned s = 1; s <= 32; s *= 2) {
      cr_assert_eq(recomp(c, 32, s, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_OK, "subgroup %u: %s",
                   s, diag.message);
      cr_assert_eq(rdna_module_layout(m)->lanes_per_invocation, 32 / s);
      rdna_module_destroy(m);
   }
   rdna_case_destroy(c);
}

Test(recomp_api, unknown_lowering_and_null_arguments_are_bad_arguments)
{
   struct rdna_case *c = harness_parse(simple);
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 32, 8, (enum rdna_relative_lowering)99, &m, &diag), RDNA_BAD_ARGUMENT);
   struct rdna_recomp_options o = { .wave_size = 32, .subgroup_size = 8 };
   cr_assert_eq(rdna_recomp_case(NULL, &o, &m, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_recomp_case(c, NULL, &m, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_recomp_case(c, &o, NULL, NULL), RDNA_BAD_ARGUMENT);
   rdna_module_destroy(NULL);
   size_t n = 1;
   cr_assert_null(rdna_module_words(NULL, &n));
   cr_assert_eq(n, 0u);
   cr_assert_null(rdna_module_layout(NULL));
   rdna_case_destroy(c);
}

Test(recomp_api, lowering_names_round_trip)
{
   const char *names[] = { "default", "chain", "tree", "switch", "window" };
   for (unsigned i = 0; i < 5; i++) {
      enum rdna_relative_lowering r;
      cr_assert(rdna_relative_lowering_parse(names[i], &r), "%s", names[i]);
      cr_assert_eq((unsigned)r, i);
      cr_assert_str_eq(rdna_relative_lowering_name(r), names[i]);
   }
   enum rdna_relative_lowering r;
   cr_assert_not(rdna_relative_lowering_parse("bogus", &r));
   cr_assert_not(rdna_relative_lowering_parse(NULL, &r));
   cr_assert_null(rdna_relative_lowering_name((enum rdna_relative_lowering)5));
}

/* ---- not lowered yet ------------------------------------------------------------------------ */

Test(recomp_api, unlowered_instruction_names_itself_and_its_pc)
{
   struct rdna_case *c =
      harness_parse("[program]\n  s_mov_b32 s0, 1\n  v_interp_mov_f32_e64 v1, p10, "
                    "attr0.x\n  s_endpgm\n");
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 32, 32, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_UNSUPPORTED);
   cr_assert_null(m);
   /* s_mov_b32 with an inline constant is one dword (SOP1), so the interpolation row (which a
    * compute dispatch cannot feed) is at entry + 4. */
   char where[64];
   snprintf(where, sizeof(where), "v_interp_mov_f32_e64 at 0x%llx",
            (unsigned long long)(rdna_case_entry(c) + 4));
   cr_assert_not_null(strstr(diag.message, where), "%s", diag.message);
   cr_assert_eq(diag.status, RDNA_UNSUPPORTED);
   rdna_case_destroy(c);
}

/* Every DPP16, DPP8 and SDWA form of the relative moves (those llvm-mc encodes; v_swaprel_b32 has
 * none) recompiles in every relative-addressing lowering (they used to be UNSUPPORTED). */
Test(recomp_api, lane_forms_of_relative_moves_recompile_in_every_lowering)
{
   static const char *const forms[] = {
      "v_movrels_b32_dpp v1, v2 row_shr:1 row_mask:0xf bank_mask:0xf",
      "v_movrelsd_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0x3 bank_mask:0x5 bound_ctrl:0",
      "v_movrelsd_2_b32_dpp v1, v2 row_mirror row_mask:0xf bank_mask:0xf fi:1",
      "v_movreld_b32_dpp v1, v2 row_xmask:3 row_mask:0xf bank_mask:0xf",
      "v_movrels_b32_dpp v1, v2 dpp8:[7,6,5,4,3,2,1,0]",
      "v_movrelsd_2_b32_dpp v1, v2 dpp8:[1,0,3,2,5,4,7,6] fi:1",
      "v_movrels_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0",
      "v_movrelsd_b32_sdwa v1, sext(v2) dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_1",
      "v_movreld_b32_sdwa v1, s2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0",
   };
   static const enum rdna_relative_lowering lowerings[] = { RDNA_RELATIVE_SELECT_CHAIN,
                                                            RDNA_RELATIVE_SELECT_TREE,
                                                            RDNA_RELATIVE_SWITCH,
                                                            RDNA_RELATIVE_WINDOW_ARRAY };
   for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
      char text[256];
      snprintf(text, sizeof(text),
               "[require]\nwave 32 64\nvgprs 12\n[program]\n  s_mov_b32 m0, 3\n  %s\n"
               "  s_endpgm\n",
               forms[f]);
      struct rdna_case *c = harness_parse(text);
      for (size_t r = 0; r < sizeof(lowerings) / sizeof(lowerings[0]); r++) {
         for (unsigned wave = 32; wave <= 64; wave += 32) {
            struct rdna_module *m = NULL;
            struct rdna_diag diag;
            cr_expect_eq(recomp(c, wave, 8, lowerings[r], &m, &diag), RDNA_OK,
                         "%s (%s, wave%u): %s", forms[f], rdna_relative_lowering_name(lowerings[r]),
                         wave, diag.message);
            rdna_module_destroy(m);
         }
      }
      rdna_case_destroy(c);
   }
}

Test(recomp_api, undecodable_words_are_a_run_time_fault_not_a_failure)
{
   /* 0xffffffff decodes to nothing on gfx1030 (llvm-mc --disassemble rejects it): the module
    * faults ILLEGAL_INSTRUCTION when it gets there, as the interpreter does. */
   struct rdna_case *c = harness_parse("[program]\n  s_mov_b32 s0, 1\n  .long 0xffffffff\n");
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 32, 8, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_OK, "%s", diag.message);
   rdna_module_destroy(m);
   rdna_case_destroy(c);
}

/* ---- layout --------------------------------------------------------------------------------- */

Test(recomp_api, layout_follows_the_dispatch)
{
   struct rdna_case *c = harness_parse("[require]\nwave 32 64\nvgprs 24\nworkgroup 100\ngrid 2 3\n"
                                       "[buffer a]\nsize 20\n[buffer b]\nsize 7\n"
                                       "[program]\n  s_endpgm\n");
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 32, 8, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_OK, "%s", diag.message);
   const struct rdna_module_layout *lay = rdna_module_layout(m);
   cr_assert_eq(lay->wave_size, 32u);
   cr_assert_eq(lay->subgroup_size, 8u);
   cr_assert_eq(lay->lanes_per_invocation, 4u);
   cr_assert_eq(lay->vgprs, 24u);
   cr_assert_eq(lay->waves_per_group, 4u); /* ceil(100 / 32) */
   cr_assert_eq(lay->local_size[0], 32u);  /* 8 invocations per wave, 4 waves */
   cr_assert_eq(lay->local_size[1], 1u);
   cr_assert_eq(lay->grid[0], 2u);
   cr_assert_eq(lay->grid[1], 3u);
   cr_assert_eq(lay->grid[2], 1u);
   cr_assert_eq(lay->num_waves, 24u);
   cr_assert_eq(lay->state_words, 256u + 24u * 32u);
   cr_assert_eq(lay->num_regions, 3u);
   uint64_t end = 0;
   for (size_t i = 0; i < lay->num_regions; i++) {
      const struct rdna_module_region *r = &lay->regions[i];
      struct rdna_case_region cr;
      cr_assert(rdna_case_region(c, i, &cr));
      cr_assert_str_eq(r->name, cr.name);
      cr_assert_eq(r->address, cr.address);
      cr_assert_eq(r->size, cr.size);
      cr_assert_eq(r->offset % 16, 0u, "region %zu at %llu", i, (unsigned long long)r->offset);
      cr_assert_geq(r->offset, end, "regions overlap");
      end = r->offset + r->size;
   }
   cr_assert_geq(lay->memory_bytes, end);
   cr_assert_eq(lay->scratch_bytes_per_lane, 4096u);
   rdna_module_destroy(m);
   cr_assert_eq(recomp(c, 64, 64, RDNA_RELATIVE_DEFAULT, &m, &diag), RDNA_OK, "%s", diag.message);
   lay = rdna_module_layout(m);
   cr_assert_eq(lay->waves_per_group, 2u);
   cr_assert_eq(lay->local_size[0], 128u);
   cr_assert_eq(lay->state_words, 256u + 24u * 64u);
   rdna_module_destroy(m);
   rdna_case_destroy(c);
}

/* ---- code discovery ------------------------------------------------------------------------- */

Test(recomp_cfg, blocks_start_at_targets_and_after_transfers)
{
   /* Every instruction here is one SOP dword (inline constants only), so instruction i is at
    * entry + 4 i. Blocks: the entry; after s_swappc (return point, 20); after s_call (28);
    * callee after s_endpgm (32); double, the s_call target and after s_setpc (40). */
   struct rdna_case *c = harness_parse("[program]\n"
                                       "  s_getpc_b64 s[4:5]\n"
                                       "  s_add_u32 s4, s4, 28\n"
                                       "  s_addc_u32 s5, s5, 0\n"
                                       "  s_mov_b32 s6, 7\n"
                                       "  s_swappc_b64 s[30:31], s[4:5]\n"
                                       "  s_add_u32 s6, s6, 1\n"
                                       "  s_call_b64 s[30:31], double\n"
                                       "  s_endpgm\n"
                                       "callee:\n"
                                       "  s_mul_i32 s6, s6, 3\n"
                                       "  s_setpc_b64 s[30:31]\n"
                                       "double:\n"
                                       "  s_lshl_b32 s6, s6, 1\n"
                                       "  s_setpc_b64 s[30:31]\n");
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct cfg cfg;
   cr_assert_eq(cfg_build(c, &isa, &cfg, NULL), RDNA_OK);
   uint64_t entry = rdna_case_entry(c);
   static const uint64_t starts[] = { 0, 20, 28, 32, 40 };
   static const size_t counts[] = { 5, 2, 1, 2, 2 };
   cr_assert_eq(cfg.num_insts, 12u);
   cr_assert_eq(cfg.num_blocks, 5u);
   for (size_t i = 0; i < 5; i++) {
      cr_assert_eq(cfg.blocks[i].start, entry + starts[i], "block %zu", i);
      cr_assert_eq(cfg.blocks[i].count, counts[i], "block %zu", i);
      cr_assert_eq(cfg_find_block(&cfg, entry + starts[i]), (long)i);
   }
   cr_assert_eq(cfg_find_block(&cfg, entry + 4), -1);
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

Test(recomp_cfg, getpc_relative_jump_targets_start_blocks)
{
   /* s_getpc_b64 gives entry + 4; + 16 is entry + 20, the second s_mov_b32, in the middle of
    * straight-line code: it must start a block for the dispatcher to reach it. */
   struct rdna_case *c = harness_parse("[program]\n  s_getpc_b64 s[4:5]\n  s_add_u32 s4, s4, 16\n"
                                       "  s_addc_u32 s5, s5, 0\n  s_setpc_b64 s[4:5]\n"
                                       "  s_mov_b32 s0, 1\n  s_mov_b32 s1, 2\n  s_endpgm\n");
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct cfg cfg;
   cr_assert_eq(cfg_build(c, &isa, &cfg, NULL), RDNA_OK);
   uint64_t entry = rdna_case_entry(c);
   cr_assert_geq(cfg_find_block(&cfg, entry + 20), 0);
   cr_assert_geq(cfg_find_block(&cfg, entry + 16), 0, "after s_setpc_b64");
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

Test(recomp_cfg, memory_instructions_end_blocks)
{
   struct rdna_case *c =
      harness_parse("[program]\n  s_load_dword s0, s[2:3], 0x0\n  s_mov_b32 s1, 0\n"
                    "  s_endpgm\n");
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct cfg cfg;
   cr_assert_eq(cfg_build(c, &isa, &cfg, NULL), RDNA_OK);
   /* s_load_dword is 8 bytes (SMEM is a two-dword encoding): the next block starts there. */
   cr_assert_eq(cfg.num_blocks, 2u);
   cr_assert_eq(cfg.blocks[1].start, rdna_case_entry(c) + 8);
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

/* ---- relative addressing lowerings ---------------------------------------------------------- */

static size_t module_words(const char *text, enum rdna_relative_lowering relative)
{
   struct rdna_case *c = harness_parse(text);
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(recomp(c, 32, 32, relative, &m, &diag), RDNA_OK, "%s", diag.message);
   size_t n;
   rdna_module_words(m, &n);
   rdna_module_destroy(m);
   rdna_case_destroy(c);
   return n;
}

/* A program with `accesses` pairs of relative accesses over an allocation of `vgprs` VGPRs. */
static size_t relative_program_words(unsigned vgprs, unsigned accesses,
                                     enum rdna_relative_lowering relative)
{
   char text[4096];
   int n =
      snprintf(text, sizeof(text), "[require]\nvgprs %u\n[program]\n  s_mov_b32 m0, 5\n", vgprs);
   for (unsigned i = 0; i < accesses; i++)
      n += snprintf(text + n, sizeof(text) - (size_t)n,
                    "  v_movrels_b32 v1, v2\n  v_movreld_b32 v3, v1\n");
   snprintf(text + n, sizeof(text) - (size_t)n, "  s_endpgm\n");
   return module_words(text, relative);
}

Test(recomp_movrel, a_relative_access_does_not_grow_with_the_candidates)
{
   /* The words each further pair of accesses adds. The chain, the tree and the switch select
    * once per module, in functions every access calls, and the window indexes an array: so a
    * pair costs the same over 126 candidate registers as over 62, and less than two words per
    * candidate (selecting inline costs a compare and a select, 11 words, per candidate). */
   for (unsigned r = RDNA_RELATIVE_SELECT_CHAIN; r <= RDNA_RELATIVE_WINDOW_ARRAY; r++) {
      enum rdna_relative_lowering lowering = (enum rdna_relative_lowering)r;
      size_t wide =
         relative_program_words(128, 9, lowering) - relative_program_words(128, 1, lowering);
      size_t narrow =
         relative_program_words(64, 9, lowering) - relative_program_words(64, 1, lowering);
      cr_assert_eq(wide, narrow, "%s: 8 pairs over 126 candidates %zu words, over 62 %zu",
                   rdna_relative_lowering_name(lowering), wide, narrow);
      cr_assert_lt(wide / 8, 2 * 126, "%s: %zu words per pair",
                   rdna_relative_lowering_name(lowering), wide / 8);
   }
}

/* ---- the corpus ----------------------------------------------------------------------------- */

struct totals {
   unsigned modules, unsupported, cases;
};

static void recompile_case(const char *path, struct totals *t)
{
   size_t size;
   char *text = corpus_files_read(path, &size);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, size, path, &c, &diag), RDNA_OK, "%s: %s", path,
                diag.message);
   t->cases++;
   static const enum rdna_relative_lowering lowerings[] = { RDNA_RELATIVE_SELECT_CHAIN,
                                                            RDNA_RELATIVE_SELECT_TREE,
                                                            RDNA_RELATIVE_SWITCH,
                                                            RDNA_RELATIVE_WINDOW_ARRAY };
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
         continue;
      for (unsigned sub = 8; sub <= wave; sub *= 4) { /* 8, 32 and (wave64) 64 */
         unsigned s = sub == 128 ? 64 : sub;
         for (unsigned i = 0; i < 4; i++) {
            struct rdna_module *m = NULL;
            enum rdna_status st = recomp(c, wave, s, lowerings[i], &m, &diag);
            if (st == RDNA_UNSUPPORTED) {
               cr_assert(rdna_case_has_todo(c, "recomp"),
                         "%s (wave%u, subgroup %u): %s, and no todo(recomp) says so", path, wave, s,
                         diag.message);
               cr_assert_not_null(strstr(diag.message, " at 0x"), "%s", diag.message);
               t->unsupported++;
               continue;
            }
            cr_assert_eq(st, RDNA_OK, "%s (wave%u, subgroup %u, %s): %s", path, wave, s,
                         rdna_relative_lowering_name(lowerings[i]), diag.message);
            size_t n;
            const uint32_t *words = rdna_module_words(m, &n);
            cr_assert_eq(spvb_validate(words, n, &diag), RDNA_OK, "%s", diag.message);
            t->modules++;
            rdna_module_destroy(m);
         }
         if (sub == 32 && wave == 64)
            sub = 16; /* next: 64 */
      }
   }
   rdna_case_destroy(c);
   free(text);
}

/* The corpus files whose index is `shard` modulo CORPUS_SHARDS: the corpus is split over several
 * tests so that Criterion runs them in parallel, each within its own time limit. */
#define CORPUS_SHARDS 4

static void recompile_shard(unsigned shard)
{
   struct corpus_files files;
   corpus_files_collect("corpus", &files);
   struct totals t = { 0, 0, 0 };
   for (size_t i = shard; i < files.count; i += CORPUS_SHARDS)
      recompile_case(files.paths[i], &t);
   corpus_files_free(&files);
   cr_assert_gt(t.cases, 0u);
   cr_assert_gt(t.modules, 0u);
   cr_log_info("shard %u, %u cases: %u modules validated, %u recompilations UNSUPPORTED", shard,
               t.cases, t.modules, t.unsupported);
}

Test(recomp_corpus, every_case_recompiles_to_a_valid_module_0, .timeout = 1200)
{
   recompile_shard(0);
}

Test(recomp_corpus, every_case_recompiles_to_a_valid_module_1, .timeout = 1200)
{
   recompile_shard(1);
}

Test(recomp_corpus, every_case_recompiles_to_a_valid_module_2, .timeout = 1200)
{
   recompile_shard(2);
}

Test(recomp_corpus, every_case_recompiles_to_a_valid_module_3, .timeout = 1200)
{
   recompile_shard(3);
}

/* ---- the control-flow graph as dot ---------------------------------------------------------- */

Test(recomp_cfg, dot_lists_blocks_and_call_return_edges)
{
   static const char source[] = "  s_mov_b32 s6, 7\n"             /* 0x0 */
                                "  s_call_b64 s[30:31], callee\n" /* 0x4 */
                                "  s_endpgm\n"                    /* 0x8: return point */
                                "callee:\n"
                                "  s_cmp_eq_u32 s6, 0\n"   /* 0xc */
                                "  s_cbranch_scc1 done\n"  /* 0x10 */
                                "  s_lshl_b32 s6, s6, 1\n" /* 0x14 */
                                "done:\n"
                                "  s_setpc_b64 s[30:31]\n"; /* 0x18 */
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct rdna_code *code = NULL;
   cr_assert_eq(rdna_assemble(&isa, source, strlen(source), "cfg", &code, NULL), RDNA_OK);
   size_t n;
   const uint32_t *words = rdna_code_words(code, &n);
   char *dot = NULL;
   cr_assert_eq(rdna_recomp_cfg_dot(&isa, words, n * 4, 0x1000, &dot, NULL), RDNA_OK);
   /* s_call_b64 at 0x1004 targets callee (0x100c); its return point is 0x1008. The block at
    * 0x1000 holds s_mov and s_call: s_call's simm16 prints as llvm-mc's raw 1. */
   cr_assert_not_null(strstr(dot, "digraph cfg {"), "%s", dot);
   cr_assert_not_null(
      strstr(dot, "b1000 [label=\"{0x1000:|s_mov_b32 s6, 7|s_call_b64 s[30:31], 1}\"]"), "%s", dot);
   cr_assert_not_null(strstr(dot, "b1000 -> b100c [label=\"call\" style=dashed]"), "%s", dot);
   cr_assert_not_null(strstr(dot, "b100c -> b1018 [label=\"taken\"]"), "%s", dot);
   cr_assert_not_null(strstr(dot, "b100c -> b1014 [label=\"not taken\"]"), "%s", dot);
   cr_assert_not_null(strstr(dot, "b1014 -> b1018;"), "%s", dot);
   cr_assert_not_null(strstr(dot, "b1018 -> b1008 [label=\"return\" style=dotted]"), "%s", dot);
   cr_assert_not_null(strstr(dot, "b1018 -> indirect [label=\"jump\" style=dashed]"), "%s", dot);
   cr_assert_null(strstr(dot, "b1008 ->"), "s_endpgm has no successor: %s", dot);
   free(dot);
   rdna_code_destroy(code);
   cr_assert_eq(rdna_recomp_cfg_dot(&isa, words, 0, 0, &dot, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_null(dot);
}
