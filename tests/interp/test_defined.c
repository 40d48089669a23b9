/* Definedness (rdna_machine_read_definedness): which lanes of a VGPR and which scalar registers
 * the program's instructions wrote, and the results the RDNA2 ISA guide leaves undefined. A
 * VALU write covers the lanes EXEC enables (RDNA2 ISA guide chapter 6: "a thread only writes a
 * result if the associated bit in the EXEC mask is set"); v_writelane_b32 writes the one lane it
 * names whatever EXEC holds (its description: "Ignores exec mask"). The marks come from
 * RDNA_UNDEFINED_LIST: the unpaired high half of a d16 load and the tfe status VGPR. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "rdna/case.h"
#include "rdna/run.h"
#include "tests/common/corpus_files.h"

static struct rdna_definedness marks(const struct rdna_machine *m, unsigned reg)
{
   struct rdna_definedness d;
   cr_assert_eq(rdna_machine_read_definedness(m, 0, reg, &d), RDNA_OK, "register %u", reg);
   return d;
}

static struct rdna_machine *run_with_exec(unsigned wave_size, uint64_t exec, const char *source)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, wave_size, 8, source);
   cr_assert_eq(rdna_machine_set_exec(m, 0, exec), RDNA_OK);
   harness_run(m);
   harness_no_fault(m);
   return m;
}

Test(defined, a_valu_write_defines_the_lanes_exec_enables)
{
   struct rdna_machine *m = run_with_exec(32, 0x0000ff0full,
                                          "v_mov_b32 v1, 7\n"
                                          "s_endpgm\n");
   struct rdna_definedness d = marks(m, RDNA_REG_VGPR0 + 1);
   cr_assert_eq(d.written, 0x0000ff0full);
   cr_assert_eq(d.undefined, 0);
   cr_assert_eq(d.reason, RDNA_UNDEFINED_NONE);
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 2).written, 0, "never written");
   rdna_machine_destroy(m);
}

Test(defined, lanes_accumulate_over_writes_with_different_exec)
{
   /* Lanes 0-15 first, then EXEC = 0xf0000000 | 1 (s_mov_b32 writes exec_lo): lane 0 twice,
    * lanes 28-31 once; lanes 16-27 never. */
   struct rdna_machine *m = run_with_exec(32, 0x0000ffffull,
                                          "v_mov_b32 v3, 1\n"
                                          "s_mov_b32 exec_lo, 0xf0000001\n"
                                          "v_add_nc_u32 v3, v3, v3\n"
                                          "s_endpgm\n");
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 3).written, 0xf000ffffull);
   rdna_machine_destroy(m);
}

Test(defined, wave64_masks_cover_both_halves)
{
   uint64_t exec = 0x8000000100000001ull;
   struct rdna_machine *m = run_with_exec(64, exec,
                                          "v_mov_b32 v0, 1\n"
                                          "v_mov_b32 v1, 2\n"
                                          "v_lshlrev_b64 v[2:3], 1, v[0:1]\n"
                                          "s_endpgm\n");
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 2).written, exec);
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 3).written, exec, "the high dword of a 64-bit result");
   rdna_machine_destroy(m);
}

Test(defined, writelane_defines_one_lane_whatever_exec_holds)
{
   struct rdna_machine *m = run_with_exec(32, 0x1ull,
                                          "s_mov_b32 s0, 9\n"
                                          "v_writelane_b32 v4, s0, 21\n"
                                          "s_endpgm\n");
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 4).written, 1ull << 21);
   rdna_machine_destroy(m);
}

Test(defined, a_relative_write_defines_the_register_it_reaches)
{
   /* v_movreld_b32 v1, 5 with M0 = 2 writes 5 to VGPR[1 + M0], v3 (RDNA2 ISA guide,
    * V_MOVRELD_B32; DESIGN.md fixes the range rules), in the lanes EXEC enables. */
   struct rdna_machine *m = run_with_exec(32, 0xf0ull,
                                          "s_mov_b32 m0, 2\n"
                                          "v_movreld_b32 v1, 5\n"
                                          "s_endpgm\n");
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 3).written, 0xf0ull);
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 1).written, 0, "the base register is not written");
   rdna_machine_destroy(m);
}

Test(defined, an_lds_load_defines_the_lanes_exec_enables)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 8,
                                            "v_mov_b32 v0, 0\n"
                                            "ds_read_b64 v[2:3], v0\n"
                                            "s_endpgm\n");
   cr_assert_eq(rdna_machine_set_exec(m, 0, 0x80000001ull), RDNA_OK);
   harness_run(m);
   harness_no_fault(m);
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 2).written, 0x80000001ull);
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 3).written, 0x80000001ull);
   rdna_machine_destroy(m);
}

Test(defined, exec_zero_writes_no_lane)
{
   struct rdna_machine *m = run_with_exec(32, 0,
                                          "v_mov_b32 v1, 7\n"
                                          "s_endpgm\n");
   cr_assert_eq(marks(m, RDNA_REG_VGPR0 + 1).written, 0);
   rdna_machine_destroy(m);
}

Test(defined, scalar_registers_and_scc_are_written_by_instructions_only)
{
   /* s_mov_b32 leaves SCC alone; s_cmp_eq_u32 writes SCC and no SGPR; v_cmp_eq_u32_e32 writes
    * VCC (vcc_lo in wave32). s5 is set through the API: known to its setter, not written. */
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 8,
                                            "s_mov_b32 s1, 3\n"
                                            "v_cmp_eq_u32 vcc_lo, 0, v0\n"
                                            "s_endpgm\n");
   uint32_t five = 5;
   cr_assert_eq(rdna_machine_set_sregs(m, 0, 5, &five, 1), RDNA_OK);
   harness_run(m);
   cr_assert_eq(marks(m, 1).written, 1);
   cr_assert_eq(marks(m, RDNA_REG_VCC_LO).written, 1);
   cr_assert_eq(marks(m, 5).written, 0);
   cr_assert_eq(marks(m, RDNA_REG_SCC).written, 0);
   rdna_machine_destroy(m);

   m = harness_run_source(32, "s_cmp_eq_u32 s0, 0\n"
                              "s_endpgm\n");
   cr_assert_eq(marks(m, RDNA_REG_SCC).written, 1);
   cr_assert_eq(marks(m, 0).written, 0);
   rdna_machine_destroy(m);
}

Test(defined, bad_arguments_are_refused)
{
   struct rdna_machine *m = harness_run_source(32, "s_endpgm\n");
   struct rdna_definedness d;
   cr_assert_eq(rdna_machine_read_definedness(m, 1, 0, &d), RDNA_BAD_ARGUMENT, "no wave 1");
   cr_assert_eq(rdna_machine_read_definedness(m, 0, RDNA_REG_VGPR0 + 256, &d), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_machine_read_definedness(m, 0, 200, &d), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_machine_read_definedness(m, 0, 0, NULL), RDNA_BAD_ARGUMENT);
   rdna_machine_destroy(m);
}

Test(defined, reason_names_and_sources)
{
   cr_assert_str_eq(rdna_undefined_name(RDNA_UNDEFINED_D16_UNUSED_HALF), "D16_UNUSED_HALF");
   cr_assert_str_eq(rdna_undefined_name(RDNA_UNDEFINED_TFE_STATUS), "TFE_STATUS");
   cr_assert_str_eq(rdna_undefined_name(RDNA_UNDEFINED_COUNT), "?");
   cr_assert(strstr(rdna_undefined_source(RDNA_UNDEFINED_D16_UNUSED_HALF), "RDNA2 ISA guide"));
   cr_assert_str_eq(rdna_undefined_description(RDNA_UNDEFINED_NONE), "");
   cr_assert_neq(rdna_undefined_description(RDNA_UNDEFINED_TFE_STATUS)[0], '\0');
}

/* ---- marks set by handlers: through case files (resources need regions) ------------------ */

static struct rdna_case_result run_case(const char *text)
{
   struct rdna_case *c;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "t.case", &c, &diag), RDNA_OK, "%s",
                diag.message);
   struct rdna_case_result r;
   cr_assert_eq(rdna_case_run(c, 32, NULL, &r, &diag), RDNA_OK, "%s", diag.message);
   cr_assert_not(r.faulted, "%s", r.fault.message);
   rdna_case_destroy(c);
   return r;
}

/* Three d16 components fill v4 and the low half of v5; tfe appends v6. EXEC = 0xff: lanes 0-7.
 * Then v_mov_b32 v5 in lanes 0-3 (a defined write) clears the mark there only. */
static const char image_case[] = "[buffer f16]\n"
                                 "size 256\n"
                                 "[program]\n"
                                 "  image_load v[4:6], v0, s[8:15] dmask:0x7 dim:SQ_RSRC_IMG_1D "
                                 "tfe d16\n"
                                 "  s_mov_b32 exec_lo, 0xf\n"
                                 "  v_mov_b32 v5, 1\n"
                                 "  s_endpgm\n"
                                 "[init]\n"
                                 "v0 = lane\n"
                                 "exec = 0xff\n"
                                 "s[8:15] = tsharp(&f16, format=71, width=32, type=8)\n";

Test(defined, an_odd_d16_image_load_marks_the_unpaired_half_and_tfe_the_status)
{
   struct rdna_case_result r = run_case(image_case);
   struct rdna_definedness d = marks(r.machine, RDNA_REG_VGPR0 + 4);
   cr_assert_eq(d.written, 0xffull);
   cr_assert_eq(d.undefined, 0, "x and y fill v4: defined");
   d = marks(r.machine, RDNA_REG_VGPR0 + 5);
   cr_assert_eq(d.written, 0xffull);
   cr_assert_eq(d.undefined, 0xf0ull, "lanes 0-3 were written again by v_mov_b32");
   cr_assert_eq(d.undefined_bits, 0xffff0000u);
   cr_assert_eq(d.reason, RDNA_UNDEFINED_D16_UNUSED_HALF);
   d = marks(r.machine, RDNA_REG_VGPR0 + 6);
   cr_assert_eq(d.undefined, 0xffull);
   cr_assert_eq(d.undefined_bits, ~0u);
   cr_assert_eq(d.reason, RDNA_UNDEFINED_TFE_STATUS);
   rdna_case_result_free(&r);
}

Test(defined, an_even_d16_image_load_marks_nothing)
{
   static const char text[] = "[buffer f16]\n"
                              "size 256\n"
                              "[program]\n"
                              "  image_load v[4:5], v0, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D d16\n"
                              "  s_endpgm\n"
                              "[init]\n"
                              "v0 = lane\n"
                              "s[8:15] = tsharp(&f16, format=71, width=32, type=8)\n";
   struct rdna_case_result r = run_case(text);
   for (unsigned v = 4; v <= 5; v++) {
      struct rdna_definedness d = marks(r.machine, RDNA_REG_VGPR0 + v);
      cr_assert_eq(d.written, 0xffffffffull);
      cr_assert_eq(d.undefined, 0);
      cr_assert_eq(d.reason, RDNA_UNDEFINED_NONE);
   }
   rdna_case_result_free(&r);
}

Test(defined, a_buffer_load_with_tfe_marks_its_status_vgpr)
{
   static const char text[] = "[buffer data]\n"
                              "u32 1 2 3 4\n"
                              "[program]\n"
                              "  buffer_load_dword v1, off, s[4:7], 0 tfe\n"
                              "  tbuffer_load_format_d16_xyz v[3:4], off, s[4:7], 0 "
                              "format:[BUF_FMT_32_32_32_32_FLOAT]\n"
                              "  s_endpgm\n"
                              "[init]\n"
                              "exec = 0x3\n"
                              "s[4:7] = vsharp(&data, records=16)\n";
   struct rdna_case_result r = run_case(text);
   struct rdna_definedness d = marks(r.machine, RDNA_REG_VGPR0 + 1);
   cr_assert_eq(d.written, 0x3ull);
   cr_assert_eq(d.undefined, 0, "the data itself is defined");
   d = marks(r.machine, RDNA_REG_VGPR0 + 2);
   cr_assert_eq(d.written, 0x3ull);
   cr_assert_eq(d.undefined, 0x3ull);
   cr_assert_eq(d.reason, RDNA_UNDEFINED_TFE_STATUS);
   d = marks(r.machine, RDNA_REG_VGPR0 + 4);
   cr_assert_eq(d.undefined, 0x3ull, "z alone in v4: its high half is unpaired");
   cr_assert_eq(d.undefined_bits, 0xffff0000u);
   cr_assert_eq(d.reason, RDNA_UNDEFINED_D16_UNUSED_HALF);
   cr_assert_eq(marks(r.machine, RDNA_REG_VGPR0 + 3).undefined, 0);
   rdna_case_result_free(&r);
}

/* ---- over the corpus: no write escapes the masks -------------------------------------------- */

/* Every VGPR lane whose final value differs from its initial one is in the register's written
 * mask, and every scalar register and SCC that changed is marked written: a handler that wrote
 * without recording it would make `rdna diff` skip state it must compare. Returns the changes. */
static unsigned check_masks(const char *path, unsigned wave_size, const struct rdna_machine *before,
                            const struct rdna_machine *after)
{
   struct rdna_machine_config config;
   rdna_machine_get_config(after, &config);
   unsigned changed = 0, waves = rdna_machine_wave_count(after);
   for (unsigned w = 0; w < waves; w++) {
      struct rdna_definedness d;
      for (unsigned reg = 0; reg < 128; reg++) {
         uint32_t a = 0, b = 0;
         if (rdna_machine_read_sreg(before, w, reg, &a) != RDNA_OK ||
             rdna_machine_read_sreg(after, w, reg, &b) != RDNA_OK || a == b)
            continue;
         changed++;
         rdna_machine_read_definedness(after, w, reg, &d);
         cr_expect(d.written, "%s wave%u, wave %u: s-code %u changed unmarked", path, wave_size, w,
                   reg);
      }
      bool sa = false, sb = false;
      rdna_machine_read_scc(before, w, &sa);
      rdna_machine_read_scc(after, w, &sb);
      if (sa != sb) {
         changed++;
         rdna_machine_read_definedness(after, w, RDNA_REG_SCC, &d);
         cr_expect(d.written, "%s wave%u, wave %u: SCC changed unmarked", path, wave_size, w);
      }
      for (unsigned v = 0; v < config.vgprs; v++) {
         rdna_machine_read_definedness(after, w, RDNA_REG_VGPR0 + v, &d);
         for (unsigned lane = 0; lane < wave_size; lane++) {
            uint32_t a = 0, b = 0;
            rdna_machine_read_vgpr(before, w, v, lane, &a);
            rdna_machine_read_vgpr(after, w, v, lane, &b);
            if (a == b)
               continue;
            changed++;
            cr_expect(d.written >> lane & 1, "%s wave%u, wave %u: v%u lane %u changed unmarked",
                      path, wave_size, w, v, lane);
         }
      }
   }
   return changed;
}

Test(defined, every_lane_a_corpus_program_changes_is_marked_written, .timeout = 300)
{
   struct corpus_files files;
   corpus_files_collect("corpus", &files);
   cr_assert_gt(files.count, 0);
   unsigned runs = 0, changed = 0;
   for (size_t i = 0; i < files.count; i++) {
      size_t size;
      char *text = corpus_files_read(files.paths[i], &size);
      struct rdna_case *c = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_parse(text, size, files.paths[i], &c, &diag), RDNA_OK, "%s: %s",
                   files.paths[i], diag.message);
      for (unsigned wave = 32; wave <= 64; wave *= 2) {
         if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
            continue;
         struct rdna_machine *before = NULL;
         if (rdna_case_load(c, wave, NULL, &before, &diag) != RDNA_OK)
            continue; /* cases that do not load are the parser's and loader's tests */
         struct rdna_case_result r;
         if (rdna_case_run(c, wave, NULL, &r, &diag) == RDNA_OK) {
            runs++;
            changed += check_masks(files.paths[i], wave, before, r.machine);
         }
         rdna_case_result_free(&r);
         rdna_machine_destroy(before);
      }
      rdna_case_destroy(c);
      free(text);
   }
   corpus_files_free(&files);
   cr_log_info("%u runs, %u changed lanes and registers", runs, changed);
   cr_assert_gt(runs, 300);
   cr_assert_gt(changed, 10000);
}
