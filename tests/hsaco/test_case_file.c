/* The case-file form of compiled kernels: a [program] naming a code object and a [kernargs]
 * section (corpus/README.md), on the committed corpus/kernels/scale_offset objects, and the
 * `wave_id` dispatch id the loader uses for the private segment wave offset. Needs no compiler. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/run.h"

static char case_path[512];

/* Parses `text` as if it were a file in corpus/kernels/ (code objects resolve there). */
static enum rdna_status parse_in_kernels(const char *text, struct rdna_case **c,
                                         struct rdna_diag *diag)
{
   const char *root = getenv("RDNA_SOURCE_DIR");
   snprintf(case_path, sizeof(case_path), "%s/corpus/kernels/test.case", root ? root : ".");
   return rdna_case_parse(text, strlen(text), case_path, c, diag);
}

static const char scale_offset[] = "[require]\n"
                                   "workgroup 64\n"
                                   "grid 2\n"
                                   "[program]\n"
                                   "# the kernel\n"
                                   "hsaco scale_offset.gfx1030.w64.hsaco kernel scale_offset\n"
                                   "[buffer out]\n"
                                   "size 512\n"
                                   "[buffer in]\n"
                                   "u32 5 x128\n"
                                   "[kernargs]\n"
                                   "ptr &out\n"
                                   "ptr &in\n"
                                   "u32 2\n"
                                   "u32 -1\n"
                                   "[expect]\n"
                                   "buffer out u32[0:127] = 2 * i - 1 + 5\n";

Test(case_file, runs_a_code_object_with_kernargs)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(parse_in_kernels(scale_offset, &c, &diag), RDNA_OK, "%u:%u: %s", diag.line,
                diag.column, diag.message);
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE64, "the object was built for wave64");
   struct rdna_case_region entry;
   cr_assert(rdna_case_region(c, 0, &entry));
   cr_assert(entry.is_program);
   cr_assert_eq(rdna_case_entry(c), entry.address);
   cr_assert_geq(entry.address, 0x1000000u);
   struct rdna_case_result r;
   cr_assert_eq(rdna_case_run(c, 64, NULL, &r, &diag), RDNA_OK, "%s", diag.message);
   cr_assert(r.passed, "%zu failed expectations, fault %d", r.num_failures, r.fault.kind);
   cr_assert_eq(r.waves, 2);
   rdna_case_result_free(&r);
   rdna_case_destroy(c);
}

static void check_error(const char *text, enum rdna_status status, unsigned line,
                        const char *message)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(parse_in_kernels(text, &c, &diag), status, "%s", diag.message);
   cr_assert_null(c);
   cr_assert_eq(diag.line, line, "line %u: %s", diag.line, diag.message);
   cr_assert(strstr(diag.message, message), "'%s' lacks '%s'", diag.message, message);
}

Test(case_file, errors_name_their_line)
{
   check_error("[program]\nhsaco missing.hsaco kernel k\n", RDNA_IO, 2, "cannot open code object");
   check_error("[program]\nhsaco scale_offset.gfx1030.hsaco kernel nope\n", RDNA_UNDEFINED_LABEL, 2,
               "kernels: scale_offset");
   check_error("[program]\nhsaco scale_offset.gfx1030.hsaco kernel scale_offset\ns_endpgm\n",
               RDNA_SYNTAX, 3, "holds nothing else");
   check_error("[program]\nhsaco scale_offset.gfx1030.hsaco\n", RDNA_SYNTAX, 2, "'kernel NAME'");
   check_error("[program]\ns_endpgm\n[program two]\nhsaco scale_offset.gfx1030.hsaco kernel "
               "scale_offset\n",
               RDNA_SYNTAX, 4, "first [program]");
   check_error("[program]\ns_endpgm\n[kernargs]\nu32 1\n", RDNA_SYNTAX, 1, "[kernargs] needs");
   check_error("[program]\ns_endpgm\n[kernargs]\nu33 1\n", RDNA_SYNTAX, 4, "argument type");
   check_error(
      "[program]\nhsaco scale_offset.gfx1030.hsaco kernel scale_offset\n[kernargs]\n"
      "u64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\nu64 0\n",
      RDNA_BAD_ARGUMENT, 2, "takes 4 arguments");
   /* The metadata note's .args: scale_offset(global uint *out, global const uint *in, uint
    * scale, uint offset) takes a 4-byte scale and a pointer (8 bytes) for in. */
   check_error("[program]\nhsaco scale_offset.gfx1030.hsaco kernel scale_offset\n[kernargs]\n"
               "u64 0\nu64 0\nu64 0\nu32 0\n",
               RDNA_BAD_ARGUMENT, 2, "argument 2, uint scale (by_value): a 4-byte value, given 8");
   check_error("[program]\nhsaco scale_offset.gfx1030.hsaco kernel scale_offset\n[kernargs]\n"
               "u64 0\nu32 0\nu32 0\nu32 0\n",
               RDNA_BAD_ARGUMENT, 2, "argument 1, const uint* in (global_buffer): a pointer");
}

/* wave_id: the wave's index in the dispatch times the factor, per wave. */
Test(case_file, wave_id_scales_the_wave_index)
{
   const char *text = "[require]\nworkgroup 96\ngrid 2\n[program]\ns_endpgm\n"
                      "[init]\ns11 = wave_id * 4096\ns12 = wave_id\n";
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), NULL, &c, &diag), RDNA_OK, "%s", diag.message);
   cr_assert_eq(rdna_case_init_sreg_id_scale(c, 11), 4096);
   cr_assert_eq(rdna_case_init_sreg_id_scale(c, 12), 1);
   cr_assert_eq(rdna_case_init_sreg_id_scale(c, 13), 0);
   struct rdna_machine *m = NULL;
   cr_assert_eq(rdna_case_load(c, 32, NULL, &m, &diag), RDNA_OK, "%s", diag.message);
   cr_assert_eq(rdna_machine_wave_count(m), 6); /* 2 groups of 3 waves */
   for (unsigned w = 0; w < 6; w++) {
      uint32_t offset = 0, index = 0;
      rdna_machine_read_sreg(m, w, 11, &offset);
      rdna_machine_read_sreg(m, w, 12, &index);
      cr_assert_eq(offset, w * 4096u);
      cr_assert_eq(index, w);
   }
   rdna_machine_destroy(m);
   rdna_case_destroy(c);

   const char *bad[] = { "[program]\ns_endpgm\n[init]\ns11 = wave_id * 0\n",
                         "[program]\ns_endpgm\n[init]\ns11 = wave_id.x\n",
                         "[program]\ns_endpgm\n[init]\nv1 = wave_id\n",
                         "[program]\ns_endpgm\n[init]\ns[1:2] = wave_id\n" };
   for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      cr_assert_neq(rdna_case_parse(bad[i], strlen(bad[i]), NULL, &c, &diag), RDNA_OK, "%s",
                    bad[i]);
      cr_assert_eq(diag.line, 4, "%s: %s", bad[i], diag.message);
   }
}
