/* The entries a jump to a run-time value can reach (enum rdna_entry_points, recomp/cfg.c): code
 * addresses in the case's data become dynamic block starts when a jump target is unresolved,
 * nothing changes without one, every dword becomes one with RDNA_ENTRIES_ALL, and code decoded
 * from inside an instruction overlaps the rest as the interpreter's fetch decodes it. Expected
 * block starts are the entry plus offsets counted from the instruction sizes (SMEM, literal
 * operands: 8 bytes; SOP1/SOP2/SOPP: 4), written next to each program. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/recomp.h"
#include "recomp/cfg.h"

static void build(const struct rdna_case *c, enum rdna_entry_points entries, struct cfg *cfg)
{
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct rdna_diag diag;
   cr_assert_eq(cfg_build_entries(c, &isa, entries, cfg, &diag), RDNA_OK, "%s", diag.message);
}

static const struct cfg_block *block_at(const struct cfg *cfg, uint64_t pc)
{
   long i = cfg_find_block(cfg, pc);
   return i < 0 ? NULL : &cfg->blocks[i];
}

static const struct cfg_inst *inst_at(const struct cfg *cfg, uint64_t pc)
{
   for (size_t i = 0; i < cfg->num_insts; i++)
      if (cfg->insts[i].pc == pc)
         return &cfg->insts[i];
   return NULL;
}

/* 0 s_load_dwordx2 (8), 8 s_waitcnt, 12 s_setpc_b64, 16 s_mov_b32, 20 s_mov_b32 s11, 2,
 * 24 s_mov_b32 s12, 3, 28 s_mov_b32 s13 with a literal (8), 36 s_endpgm; code ends at 40. The
 * table holds, as 64-bit values: main + 20 and main + 24 (mid-block targets), main + 18
 * (misaligned), &table (data) and main + 40 (past the code); as a 32-bit value main + 28. */
static const char loaded_jump[] = "[buffer table]\n"
                                  "u64 &main+20, &main+24, &main+18, &table, &main+40\n"
                                  "u32 &main+28\n"
                                  "[program]\n"
                                  "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                                  "  s_waitcnt lgkmcnt(0)\n"
                                  "  s_setpc_b64 s[4:5]\n"
                                  "  s_mov_b32 s10, 1\n"
                                  "  s_mov_b32 s11, 2\n"
                                  "  s_mov_b32 s12, 3\n"
                                  "  s_mov_b32 s13, 0x12345678\n"
                                  "  s_endpgm\n"
                                  "[init]\ns[0:1] = &table\n";

Test(recomp_cfg_entries, code_addresses_in_memory_become_dynamic_block_starts)
{
   struct rdna_case *c = harness_parse(loaded_jump);
   uint64_t main = rdna_case_entry(c);
   struct cfg cfg;
   build(c, RDNA_ENTRIES_DEFAULT, &cfg);
   cr_assert(cfg.unresolved_jumps);
   /* main + 20, 24 and 28 are aligned code addresses; 18, &table and 40 are not */
   cr_expect_eq(cfg.data_entries, 3u);
   static const uint64_t starts[] = { 0, 8, 16, 20, 24, 28 };
   cr_assert_eq(cfg.num_blocks, sizeof(starts) / sizeof(starts[0]));
   for (size_t i = 0; i < cfg.num_blocks; i++) {
      cr_expect_eq(cfg.blocks[i].start, main + starts[i], "block %zu", i);
      /* the entry, after s_setpc, and the three data targets are entered by the dispatcher;
       * the block after the load only by falling through */
      cr_expect_eq(cfg.blocks[i].dynamic, starts[i] != 8, "block %zu", i);
   }
   cr_expect_null(block_at(&cfg, main + 18));
   for (size_t i = 0; i < cfg.num_insts; i++)
      cr_expect_not(cfg.insts[i].speculative, "instruction at 0x%llx",
                    (unsigned long long)cfg.insts[i].pc);
   cfg_free(&cfg);

   /* without the data: main + 20 stays inside the block after s_setpc */
   build(c, RDNA_ENTRIES_DISCOVERED, &cfg);
   cr_expect_eq(cfg.data_entries, 0u);
   cr_expect_null(block_at(&cfg, main + 20));
   cr_expect_null(block_at(&cfg, main + 24));
   cr_expect_null(block_at(&cfg, main + 28));
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

/* A program whose every jump target discovery computes keeps its blocks whatever the data holds
 * (s_getpc_b64 at 0 gives main + 4; plus 12 is the s_endpgm at main + 16). */
Test(recomp_cfg_entries, resolved_jumps_ignore_the_data)
{
   struct rdna_case *c = harness_parse("[buffer table]\nu64 &main+8, &main+12\n"
                                       "[program]\n"
                                       "  s_getpc_b64 s[4:5]\n"
                                       "  s_add_u32 s4, s4, 12\n"
                                       "  s_addc_u32 s5, s5, 0\n"
                                       "  s_setpc_b64 s[4:5]\n"
                                       "  s_endpgm\n"
                                       "[init]\ns[0:1] = &table\n");
   uint64_t main = rdna_case_entry(c);
   struct cfg with, without;
   build(c, RDNA_ENTRIES_DEFAULT, &with);
   build(c, RDNA_ENTRIES_DISCOVERED, &without);
   cr_expect_not(with.unresolved_jumps);
   cr_expect_eq(with.data_entries, 0u);
   cr_assert_eq(with.num_blocks, without.num_blocks);
   for (size_t i = 0; i < with.num_blocks; i++) {
      cr_expect_eq(with.blocks[i].start, without.blocks[i].start);
      cr_expect_eq(with.blocks[i].dynamic, without.blocks[i].dynamic);
   }
   cr_expect_not_null(block_at(&with, main + 16));
   cr_expect_null(block_at(&with, main + 8));
   cfg_free(&with);
   cfg_free(&without);
   rdna_case_destroy(c);
}

/* Initial registers: an SGPR pair (s[2:3] = main + 12) and each lane of a VGPR pair (v1 the low
 * half, v2 the high: lane 0 gives main + 16, the other lanes addresses past the code).
 * 0 s_mov_b32, 4 s_setpc_b64, 8, 12, 16 s_mov_b32, 20 s_endpgm. */
Test(recomp_cfg_entries, registers_give_entries)
{
   struct rdna_case *c = harness_parse("[program]\n"
                                       "  s_mov_b32 s10, 0\n"
                                       "  s_setpc_b64 s[2:3]\n"
                                       "  s_mov_b32 s10, 1\n"
                                       "  s_mov_b32 s11, 1\n"
                                       "  s_mov_b32 s12, 1\n"
                                       "  s_endpgm\n"
                                       "[init]\ns[2:3] = &main+12\n"
                                       "v1 = &main + 16 + 0x1000 * lane\n"
                                       "v2 = 0\n");
   uint64_t main = rdna_case_entry(c);
   struct cfg cfg;
   build(c, RDNA_ENTRIES_DEFAULT, &cfg);
   const struct cfg_block *b12 = block_at(&cfg, main + 12), *b16 = block_at(&cfg, main + 16);
   cr_assert_not_null(b12);
   cr_assert_not_null(b16);
   cr_expect(b12->dynamic);
   cr_expect(b16->dynamic);
   cr_expect_eq(cfg.data_entries, 2u);
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

/* A target inside an instruction: main + 32 is the literal of the s_mov_b32 s13 at main + 28,
 * 0xbe8c0387, which is s_mov_b32 s12, 7 (llvm-mc -mcpu=gfx1030 -show-encoding). Discovery decodes
 * it as an instruction of its own, and the instruction after the literal's owner (s_endpgm at
 * main + 36), which now follows a different instruction by address, starts a dynamic block. */
Test(recomp_cfg_entries, a_target_inside_an_instruction_decodes_there)
{
   struct rdna_case *c = harness_parse("[buffer table]\nu64 &main+32\n"
                                       "[program]\n"
                                       "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                                       "  s_waitcnt lgkmcnt(0)\n"
                                       "  s_setpc_b64 s[4:5]\n"
                                       "  s_mov_b32 s10, 1\n"
                                       "  s_mov_b32 s11, 2\n"
                                       "  s_mov_b32 s12, 3\n"
                                       "  s_mov_b32 s13, 0xbe8c0387\n"
                                       "  s_endpgm\n"
                                       "[init]\ns[0:1] = &table\n");
   uint64_t main = rdna_case_entry(c);
   struct cfg cfg;
   build(c, RDNA_ENTRIES_DEFAULT, &cfg);
   const struct cfg_inst *owner = inst_at(&cfg, main + 28), *inside = inst_at(&cfg, main + 32);
   cr_assert_not_null(owner);
   cr_assert_not_null(inside);
   cr_expect_eq(owner->inst.size, 8u);
   cr_expect_not(owner->speculative);
   cr_expect(inside->speculative);
   cr_expect_str_eq(rdna_op_name(inside->inst.op), "s_mov_b32");
   cr_expect_eq(inside->inst.operands[0].reg, 12u);
   cr_expect_eq(inside->inst.operands[1].reg, 128u + 7u); /* inline constant 7 */
   const struct cfg_block *lit = block_at(&cfg, main + 32), *after = block_at(&cfg, main + 36);
   cr_assert_not_null(lit);
   cr_assert_not_null(after);
   cr_expect(lit->dynamic);
   cr_expect(after->dynamic);
   cr_expect_eq(lit->count, 1u); /* s_mov_b32 s12, 7, then the s_endpgm's block */
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

/* RDNA_ENTRIES_ALL: every dword of the code starts a dynamic block, literals included (the
 * program of loaded_jump: 40 bytes, 10 dwords), with no data needed. */
Test(recomp_cfg_entries, all_makes_every_dword_an_entry)
{
   struct rdna_case *c = harness_parse(loaded_jump);
   uint64_t main = rdna_case_entry(c);
   struct cfg cfg;
   build(c, RDNA_ENTRIES_ALL, &cfg);
   cr_expect_eq(cfg.data_entries, 0u);
   cr_assert_eq(cfg.num_blocks, 10u);
   for (size_t i = 0; i < cfg.num_blocks; i++) {
      cr_expect_eq(cfg.blocks[i].start, main + 4 * i, "block %zu", i);
      cr_expect(cfg.blocks[i].dynamic, "block %zu", i);
   }
   /* the SMEM instruction's second dword and the literal are decoded from there */
   cr_expect(inst_at(&cfg, main + 4)->speculative);
   cr_expect(inst_at(&cfg, main + 32)->speculative);
   cr_expect_not(inst_at(&cfg, main + 28)->speculative);
   cfg_free(&cfg);
   rdna_case_destroy(c);
}

/* A code address in the data that lands on a dword of a row the recompiler does not lower
 * (0xc8020000 is v_interp_mov_f32 v0, p10, attr0.x, llvm-mc -mcpu=gfx1030 -show-encoding): the
 * module still builds, and that dword faults when it runs. The same row on the program's own
 * path fails the recompilation, naming it. */
Test(recomp_cfg_entries, unlowered_rows_reached_only_from_data_do_not_fail_the_module)
{
   static const char text[] = "[buffer table]\nu64 &main+24\n"
                              "[program]\n"
                              "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                              "  s_waitcnt lgkmcnt(0)\n"
                              "  s_setpc_b64 s[4:5]\n"
                              "  s_mov_b32 s10, 1\n"
                              "  s_mov_b32 s11, 0xc8020000\n"
                              "  s_endpgm\n"
                              "[init]\ns[0:1] = &table\n";
   struct rdna_case *c = harness_parse(text);
   struct rdna_recomp_options o = { .wave_size = 32, .subgroup_size = 8 };
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_expect_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_OK, "%s", diag.message);
   rdna_module_destroy(m);
   rdna_case_destroy(c);

   c = harness_parse("[program]\n  v_interp_mov_f32 v0, p10, attr0.x\n  s_endpgm\n");
   m = NULL;
   cr_expect_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_UNSUPPORTED);
   cr_expect_null(m);
   cr_expect_not_null(strstr(diag.message, "v_interp_mov_f32"), "%s", diag.message);
   rdna_case_destroy(c);
}

Test(recomp_cfg_entries, names_round_trip_and_unknown_choices_are_bad_arguments)
{
   static const char *const names[] = { "default", "discovered", "all" };
   for (int e = RDNA_ENTRIES_DEFAULT; e <= RDNA_ENTRIES_ALL; e++) {
      enum rdna_entry_points parsed;
      cr_assert_str_eq(rdna_entry_points_name((enum rdna_entry_points)e), names[e]);
      cr_assert(rdna_entry_points_parse(names[e], &parsed));
      cr_assert_eq((int)parsed, e);
   }
   enum rdna_entry_points parsed;
   cr_assert_not(rdna_entry_points_parse("every", &parsed));
   cr_assert_not(rdna_entry_points_parse(NULL, &parsed));
   cr_assert_null(rdna_entry_points_name((enum rdna_entry_points)3));
   struct rdna_case *c = harness_parse(loaded_jump);
   struct rdna_recomp_options o = { .wave_size = 32, .entries = (enum rdna_entry_points)9 };
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_null(m);
   cr_assert_not_null(strstr(diag.message, "entry-point"), "%s", diag.message);
   rdna_case_destroy(c);
}
