/* The differential comparison (include/rdna/diff.h, rdna_diff_compare): an interpreter run
 * against a GPU result built here, field by field, from the interpreter's final state in the
 * module interface's layout (include/rdna/recomp.h). Equal states give no divergence; each
 * change the test makes to the GPU side is reported exactly once, with its place and both
 * values; state that does not exist (high halves in wave32, lanes past a partial wave) is not
 * compared. No Vulkan device is needed. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/diff.h"

static const char case_text[] = "[require]\n"
                                "wave 32 64\n"
                                "workgroup 40\n"
                                "[buffer out]\n"
                                "size 256\n"
                                "[program]\n"
                                "  s_mov_b32 s1, 0x1234\n"
                                "  v_mul_u32_u24 v1, 3, v0\n"
                                "  v_lshlrev_b32 v2, 2, v0\n"
                                "  global_store_dword v2, v1, s[2:3]\n"
                                "  s_endpgm\n"
                                "[init]\n"
                                "v0 = lane\n"
                                "s[2:3] = &out\n";

struct fixture {
   struct rdna_case *c;
   struct rdna_case_result interp;
   struct rdna_gpu_result gpu;
   struct rdna_module_layout layout;
   struct rdna_module_region regions[4];
};

/* The GPU result a correct module would leave for case `text`: the interpreter's state,
 * copied. */
static void build_case(struct fixture *f, const char *text, unsigned wave_size)
{
   memset(f, 0, sizeof(*f));
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "t.case", &f->c, &diag), RDNA_OK, "%s",
                diag.message);
   cr_assert_eq(rdna_case_run(f->c, wave_size, NULL, &f->interp, &diag), RDNA_OK, "%s",
                diag.message);
   cr_assert(f->interp.passed);
   const struct rdna_machine *m = f->interp.machine;
   struct rdna_machine_config config;
   rdna_machine_get_config(m, &config);

   struct rdna_gpu_result *g = &f->gpu;
   g->wave_size = wave_size;
   g->vgprs = config.vgprs;
   g->num_waves = rdna_machine_wave_count(m);
   g->state_words = RDNA_STATE_WORDS(config.vgprs, wave_size);
   g->state = calloc(g->num_waves * g->state_words, sizeof(uint32_t));
   cr_assert_not_null(g->state);
   for (unsigned w = 0; w < g->num_waves; w++) {
      uint32_t *rec = g->state + w * g->state_words;
      for (unsigned reg = 0; reg < 128; reg++)
         if (reg != RDNA_REG_NULL)
            rdna_machine_read_sreg(m, w, reg, &rec[RDNA_STATE_SREG(reg)]);
      bool scc;
      rdna_machine_read_scc(m, w, &scc);
      rec[RDNA_STATE_SCC] = scc;
      uint64_t pc;
      rdna_machine_read_pc(m, w, &pc);
      rec[RDNA_STATE_PC_LO] = (uint32_t)pc;
      rec[RDNA_STATE_PC_HI] = (uint32_t)(pc >> 32);
      uint64_t steps = rdna_machine_steps(m, w);
      rec[RDNA_STATE_STEPS_LO] = (uint32_t)steps;
      rec[RDNA_STATE_STEPS_HI] = (uint32_t)(steps >> 32);
      rec[RDNA_STATE_FAULT_LANE] = 0xffffffffu;
      rec[RDNA_STATE_FAULT_OP] = 0xffffffffu;
      rec[RDNA_STATE_ENDED] = 1;
      rdna_machine_read_hwreg(m, w, RDNA_HWREG_MODE, &rec[RDNA_STATE_HWREG(RDNA_HWREG_MODE)]);
      for (unsigned v = 0; v < config.vgprs; v++)
         for (unsigned lane = 0; lane < wave_size; lane++)
            rdna_machine_read_vgpr(m, w, v, lane, &rec[RDNA_STATE_VGPR(v, lane, wave_size)]);
   }

   size_t n = rdna_case_region_count(f->c);
   cr_assert_leq(n, 4);
   uint64_t offset = 0;
   for (size_t i = 0; i < n; i++) {
      struct rdna_case_region r;
      cr_assert(rdna_case_region(f->c, i, &r));
      f->regions[i] =
         (struct rdna_module_region){ r.name, r.address, r.size, offset, r.is_program };
      offset += (r.size + 15) & ~15ull;
   }
   g->memory_bytes = offset;
   g->memory = calloc(offset, 1);
   cr_assert_not_null(g->memory);
   for (size_t i = 0; i < n; i++)
      cr_assert_eq(rdna_machine_read_memory(m, f->regions[i].address,
                                            g->memory + f->regions[i].offset, f->regions[i].size),
                   RDNA_OK);
   f->layout.wave_size = wave_size;
   f->layout.vgprs = config.vgprs;
   f->layout.num_waves = g->num_waves;
   f->layout.state_words = g->state_words;
   f->layout.memory_bytes = offset;
   f->layout.num_regions = n;
   f->layout.regions = f->regions;
}

static void build(struct fixture *f, unsigned wave_size)
{
   build_case(f, case_text, wave_size);
}

static void release(struct fixture *f)
{
   rdna_gpu_result_free(&f->gpu);
   rdna_case_result_free(&f->interp);
   rdna_case_destroy(f->c);
}

static void compare(struct fixture *f, size_t max, struct rdna_diff_result *r)
{
   memset(r, 0, sizeof(*r));
   cr_assert_eq(rdna_diff_compare(f->interp.machine, &f->gpu, &f->layout, max, r), RDNA_OK);
}

static uint32_t *vgpr(struct fixture *f, unsigned wave, unsigned reg, unsigned lane)
{
   return &f->gpu.state[wave * f->gpu.state_words + RDNA_STATE_VGPR(reg, lane, f->gpu.wave_size)];
}

Test(diff_compare, equal_states_have_no_divergence)
{
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      struct fixture f;
      build(&f, wave_size);
      struct rdna_diff_result r;
      compare(&f, 0, &r);
      cr_assert(r.equal, "wave%u: %zu divergences, first kind %s", wave_size, r.total_divergences,
                r.num_divergences ? rdna_divergence_kind_name(r.divergences[0].kind) : "-");
      cr_assert_eq(r.total_divergences, 0);
      rdna_diff_result_free(&r);
      release(&f);
   }
}

Test(diff_compare, a_vgpr_lane_is_named_with_both_values)
{
   struct fixture f;
   build(&f, 32);
   /* Wave 1 holds lanes 32..39 of the 40-lane workgroup; its lane 5 is workgroup lane 37. */
   uint32_t before = *vgpr(&f, 1, 1, 5);
   cr_assert_eq(before, 3u * 5u, "v1 = 3 * v0, v0 = the lane within the wave");
   *vgpr(&f, 1, 1, 5) = 0xdead;
   struct rdna_diff_result r;
   compare(&f, 0, &r);
   cr_assert_not(r.equal);
   cr_assert_eq(r.total_divergences, 1);
   const struct rdna_divergence *d = &r.divergences[0];
   cr_assert_eq(d->kind, RDNA_DIVERGE_VGPR);
   cr_assert_eq(d->wave, 1);
   cr_assert_eq(d->reg, 1);
   cr_assert_eq(d->lane, 5);
   cr_assert_eq(d->interp, before);
   cr_assert_eq(d->gpu, 0xdead);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, lanes_past_a_partial_wave_are_not_state)
{
   struct fixture f;
   build(&f, 32);
   *vgpr(&f, 1, 1, 8) ^= 1; /* wave 1 has 8 lanes: lane 8 does not exist */
   *vgpr(&f, 1, 1, 31) ^= 1;
   struct rdna_diff_result r;
   compare(&f, 0, &r);
   cr_assert(r.equal);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, wave32_high_halves_are_not_state)
{
   struct fixture f;
   build(&f, 32);
   f.gpu.state[RDNA_STATE_SREG(RDNA_REG_EXEC_HI)] = 0x55;
   f.gpu.state[RDNA_STATE_SREG(RDNA_REG_VCC_HI)] = 0x66;
   struct rdna_diff_result r;
   compare(&f, 0, &r);
   cr_assert(r.equal);
   rdna_diff_result_free(&r);
   release(&f);

   build(&f, 64);
   f.gpu.state[RDNA_STATE_SREG(RDNA_REG_EXEC_HI)] ^= 1;
   compare(&f, 0, &r);
   cr_assert_eq(r.total_divergences, 1);
   cr_assert_eq(r.divergences[0].kind, RDNA_DIVERGE_SREG);
   cr_assert_eq(r.divergences[0].reg, RDNA_REG_EXEC_HI);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, scalar_scc_fault_and_steps)
{
   struct fixture f;
   build(&f, 32);
   uint32_t *rec = f.gpu.state;
   cr_assert_eq(rec[RDNA_STATE_SREG(1)], 0x1234u);
   rec[RDNA_STATE_SREG(1)] = 0x1235;
   rec[RDNA_STATE_SCC] ^= 1;
   rec[RDNA_STATE_STEPS_LO] += 1;
   rec[RDNA_STATE_FAULT_KIND] = RDNA_FAULT_UNMAPPED;
   struct rdna_diff_result r;
   compare(&f, 0, &r);
   cr_assert_eq(r.total_divergences, 4);
   bool seen[16] = { false };
   for (size_t i = 0; i < r.num_divergences; i++) {
      const struct rdna_divergence *d = &r.divergences[i];
      seen[d->kind] = true;
      if (d->kind == RDNA_DIVERGE_SREG) {
         cr_assert_eq(d->reg, 1);
         cr_assert_eq(d->interp, 0x1234);
         cr_assert_eq(d->gpu, 0x1235);
      }
      if (d->kind == RDNA_DIVERGE_FAULT) {
         cr_assert_eq(d->interp, RDNA_FAULT_NONE);
         cr_assert_eq(d->gpu, RDNA_FAULT_UNMAPPED);
      }
   }
   cr_assert(seen[RDNA_DIVERGE_SREG] && seen[RDNA_DIVERGE_SCC] && seen[RDNA_DIVERGE_STEPS] &&
             seen[RDNA_DIVERGE_FAULT]);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, memory_bytes_are_named_by_guest_address)
{
   struct fixture f;
   build(&f, 64);
   long out = rdna_case_find_region(f.c, "out");
   cr_assert_geq(out, 0);
   const struct rdna_module_region *region = &f.regions[out];
   /* Lane 7 stored 3 * 7 = 21 at out + 28 (little-endian). */
   uint8_t *byte = f.gpu.memory + region->offset + 28;
   cr_assert_eq(*byte, 21);
   *byte = 22;
   struct rdna_diff_result r;
   compare(&f, 0, &r);
   cr_assert_eq(r.total_divergences, 1);
   cr_assert_eq(r.divergences[0].kind, RDNA_DIVERGE_MEMORY);
   cr_assert_eq(r.divergences[0].address, region->address + 28);
   cr_assert_eq(r.divergences[0].interp, 21);
   cr_assert_eq(r.divergences[0].gpu, 22);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, the_list_is_capped_and_every_divergence_counted)
{
   struct fixture f;
   build(&f, 64);
   for (unsigned lane = 0; lane < 40; lane++)
      *vgpr(&f, 0, 2, lane) += 1;
   struct rdna_diff_result r;
   compare(&f, 5, &r);
   cr_assert_eq(r.total_divergences, 40);
   cr_assert_eq(r.num_divergences, 5);
   for (unsigned i = 0; i < 5; i++)
      cr_assert_eq(r.divergences[i].lane, i);
   rdna_diff_result_free(&r);
   release(&f);
}

/* ---- definedness: what rdna_diff_compare_case leaves out (docs/definedness.md) ------------- */

static void compare_case(struct fixture *f, struct rdna_diff_result *r)
{
   memset(r, 0, sizeof(*r));
   cr_assert_eq(rdna_diff_compare_case(f->interp.machine, f->c, &f->gpu, &f->layout, 0, r),
                RDNA_OK);
}

/* EXEC = 0xffff: v1 is written in lanes 0-15 only; v2 is given by [init] in every lane and
 * written in lanes 0-15; v0 and v3 are neither given nor written. */
static const char lanes_case[] = "[require]\n"
                                 "wave 32\n"
                                 "vgprs 4\n"
                                 "[program]\n"
                                 "  v_mov_b32 v1, 7\n"
                                 "  v_add_nc_u32 v2, 1, v2\n"
                                 "  s_endpgm\n"
                                 "[init]\n"
                                 "v2 = lane\n"
                                 "exec = 0xffff\n";

Test(diff_compare, a_lane_never_written_is_skipped_and_counted)
{
   struct fixture f;
   build_case(&f, lanes_case, 32);
   *vgpr(&f, 0, 1, 20) = 0xbad;
   struct rdna_diff_result r;
   compare_case(&f, &r);
   cr_assert(r.equal, "v1 lane 20 holds whatever a backend starts with");
   cr_assert_eq(r.skipped_vgpr_lanes, 16 + 32 + 32, "v1 lanes 16-31, all of v0 and v3");
   cr_assert_eq(r.skipped_vgprs, 2, "v0 and v3");
   rdna_diff_result_free(&r);

   compare(&f, 0, &r);
   cr_assert_eq(r.total_divergences, 1, "without the case every lane is compared");
   cr_assert_eq(r.divergences[0].reg, 1);
   cr_assert_eq(r.divergences[0].lane, 20);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, the_same_difference_in_a_written_lane_is_a_mismatch)
{
   struct fixture f;
   build_case(&f, lanes_case, 32);
   *vgpr(&f, 0, 1, 3) = 0xbad;
   struct rdna_diff_result r;
   compare_case(&f, &r);
   cr_assert_not(r.equal);
   cr_assert_eq(r.total_divergences, 1);
   cr_assert_eq(r.divergences[0].kind, RDNA_DIVERGE_VGPR);
   cr_assert_eq(r.divergences[0].reg, 1);
   cr_assert_eq(r.divergences[0].lane, 3);
   cr_assert_eq(r.divergences[0].interp, 7, "v_mov_b32 v1, 7 in an active lane");
   cr_assert_eq(r.divergences[0].gpu, 0xbad);
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, an_initialised_lane_exec_left_alone_stays_defined)
{
   struct fixture f;
   build_case(&f, lanes_case, 32);
   *vgpr(&f, 0, 2, 20) ^= 1;
   struct rdna_diff_result r;
   compare_case(&f, &r);
   cr_assert_eq(r.total_divergences, 1);
   cr_assert_eq(r.divergences[0].reg, 2);
   cr_assert_eq(r.divergences[0].lane, 20);
   cr_assert_eq(r.divergences[0].interp, 20, "[init] v2 = lane, not rewritten: EXEC lane 20 is 0");
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, scc_never_written_is_skipped)
{
   struct fixture f;
   build_case(&f, lanes_case, 32);
   f.gpu.state[RDNA_STATE_SCC] ^= 1;
   struct rdna_diff_result r;
   compare_case(&f, &r);
   cr_assert(r.equal);
   rdna_diff_result_free(&r);
   compare(&f, 0, &r);
   cr_assert_eq(r.total_divergences, 1);
   cr_assert_eq(r.divergences[0].kind, RDNA_DIVERGE_SCC);
   rdna_diff_result_free(&r);
   release(&f);
}

/* An image load of three d16 components with tfe in lanes 0-7: v4 holds x and y, v5 holds z in
 * its low half and an unpaired high half (D16_UNUSED_HALF), v6 the tfe status (TFE_STATUS). */
static const char undefined_case[] = "[buffer f16]\n"
                                     "size 256\n"
                                     "[program]\n"
                                     "  image_load v[4:6], v0, s[8:15] dmask:0x7 "
                                     "dim:SQ_RSRC_IMG_1D tfe d16\n"
                                     "  s_endpgm\n"
                                     "[init]\n"
                                     "v0 = lane\n"
                                     "exec = 0xff\n"
                                     "s[8:15] = tsharp(&f16, format=71, width=32, type=8)\n";

static const struct rdna_undefined_skip *find_skip(const struct rdna_diff_result *r, unsigned reg)
{
   for (size_t i = 0; i < r->num_undefined_skips; i++)
      if (r->undefined_skips[i].kind == RDNA_DIVERGE_VGPR && r->undefined_skips[i].reg == reg)
         return &r->undefined_skips[i];
   return NULL;
}

Test(diff_compare, undefined_bits_are_skipped_and_reported)
{
   struct fixture f;
   build_case(&f, undefined_case, 32);
   *vgpr(&f, 0, 5, 2) ^= 0x12340000u;
   *vgpr(&f, 0, 6, 0) = 1; /* the hardware could report a failed fetch */
   struct rdna_diff_result r;
   compare_case(&f, &r);
   cr_assert(r.equal, "%zu divergences", r.total_divergences);
   cr_assert_eq(r.skipped_undefined[RDNA_UNDEFINED_D16_UNUSED_HALF], 8, "v5, lanes 0-7");
   cr_assert_eq(r.skipped_undefined[RDNA_UNDEFINED_TFE_STATUS], 8, "v6, lanes 0-7");
   cr_assert_eq(r.skipped_undefined_total, 2);
   const struct rdna_undefined_skip *u = find_skip(&r, 5);
   cr_assert_not_null(u);
   cr_assert_eq(u->lanes, 0xffull);
   cr_assert_eq(u->bits, 0xffff0000u);
   cr_assert_eq(u->reason, RDNA_UNDEFINED_D16_UNUSED_HALF);
   cr_assert(u->differs);
   u = find_skip(&r, 6);
   cr_assert_not_null(u);
   cr_assert_eq(u->bits, ~0u);
   cr_assert_eq(u->reason, RDNA_UNDEFINED_TFE_STATUS);
   cr_assert(u->differs);
   rdna_diff_result_free(&r);

   compare(&f, 0, &r);
   cr_assert(r.equal, "rdna_diff_compare also leaves undefined bits out");
   cr_assert_not(find_skip(&r, 4), "v4 holds two components: defined");
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, defined_bits_of_a_marked_register_are_compared)
{
   struct fixture f;
   build_case(&f, undefined_case, 32);
   uint32_t before = *vgpr(&f, 0, 5, 2);
   *vgpr(&f, 0, 5, 2) ^= 0x1u;     /* z itself, in the low half */
   *vgpr(&f, 0, 5, 9) ^= 0x10000u; /* lane 9: EXEC never enabled it, nothing defined it */
   struct rdna_diff_result r;
   compare_case(&f, &r);
   cr_assert_eq(r.total_divergences, 1);
   cr_assert_eq(r.divergences[0].reg, 5);
   cr_assert_eq(r.divergences[0].lane, 2);
   cr_assert_eq(r.divergences[0].interp, before);
   const struct rdna_undefined_skip *u = find_skip(&r, 5);
   cr_assert_not_null(u);
   cr_assert_not(u->differs, "the high halves agree");
   rdna_diff_result_free(&r);
   release(&f);
}

Test(diff_compare, different_dispatches_are_refused)
{
   struct fixture f;
   build(&f, 32);
   f.gpu.wave_size = 64;
   struct rdna_diff_result r;
   memset(&r, 0, sizeof(r));
   cr_assert_eq(rdna_diff_compare(f.interp.machine, &f.gpu, &f.layout, 0, &r), RDNA_BAD_ARGUMENT);
   f.gpu.wave_size = 32;
   f.gpu.num_waves = 1;
   cr_assert_eq(rdna_diff_compare(f.interp.machine, &f.gpu, &f.layout, 0, &r), RDNA_BAD_ARGUMENT);
   f.gpu.num_waves = 2;
   rdna_diff_result_free(&r);
   release(&f);
}

/* The context lines around an instruction; texts and sizes from llvm-mc -show-encoding
 * (-mcpu=gfx1030): two 8-byte v_mov_b32_e32 with literals, then 4-byte instructions. */
Test(diff_compare, context_lines_around_an_instruction)
{
   static const char text[] = "[program]\n"
                              "  v_mov_b32 v1, 0x0f0f\n"
                              "  v_mov_b32 v2, 0x00ff\n"
                              "  v_xor_b32 v3, v1, v2\n"
                              "  s_endpgm\n";
   struct rdna_case *c;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "t.case", &c, NULL), RDNA_OK);
   uint64_t entry = rdna_case_entry(c);
   struct rdna_diff_context_line lines[8];
   size_t n = rdna_diff_context(c, 32, entry + 16, 2, 1, lines);
   cr_assert_eq(n, 4);
   cr_assert_eq(lines[0].pc, entry);
   cr_assert_str_eq(lines[0].text, "v_mov_b32_e32 v1, 0xf0f");
   cr_assert_eq(lines[1].pc, entry + 8);
   cr_assert_str_eq(lines[1].text, "v_mov_b32_e32 v2, 0xff");
   cr_assert_eq(lines[2].pc, entry + 16);
   cr_assert(lines[2].is_target && !lines[1].is_target && !lines[3].is_target);
   cr_assert_str_eq(lines[2].text, "v_xor_b32_e32 v3, v1, v2");
   cr_assert_str_eq(lines[3].text, "s_endpgm");
   n = rdna_diff_context(c, 32, entry + 16, 1, 0, lines);
   cr_assert_eq(n, 2);
   cr_assert_eq(lines[0].pc, entry + 8);
   cr_assert_eq(rdna_diff_context(c, 32, entry + 4, 2, 2, lines), 0, "inside a literal");
   cr_assert_eq(rdna_diff_context(c, 32, entry + 400, 2, 2, lines), 0, "outside the program");
   rdna_case_destroy(c);
}

/* ---- both backends: the default Vulkan device (lavapipe in CI) ------------------------------ */

static struct rdna_gpu *open_device(void)
{
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(NULL, &gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   return gpu;
}

Test(diff_case, the_interpreter_and_the_gpu_agree_on_a_partial_workgroup)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *c;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(case_text, strlen(case_text), "t.case", &c, &diag), RDNA_OK);
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      struct rdna_diff_result r;
      enum rdna_status st = rdna_diff_case(gpu, c, wave_size, NULL, &r, &diag);
      cr_assert_eq(st, RDNA_OK, "wave%u: %s: %s", wave_size, rdna_status_name(st), diag.message);
      cr_assert(r.equal, "wave%u: %zu divergences", wave_size, r.total_divergences);
      cr_assert(r.interp.passed);
      cr_assert(r.gpu.passed);
      cr_assert_eq(r.interp.waves, wave_size == 32 ? 2u : 1u);
      cr_assert_gt(r.spirv_words, 0);
      rdna_diff_result_free(&r);
   }
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
}

Test(diff_case, an_instruction_the_recompiler_lacks_is_a_status_naming_it)
{
   struct rdna_gpu *gpu = open_device();
   static const char text[] = "[program]\n"
                              "  s_mov_b32 s1, 1\n"
                              "  v_interp_mov_f32_e64 v1, p10, attr0.x\n"
                              "  s_endpgm\n";
   struct rdna_case *c;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "t.case", &c, &diag), RDNA_OK);
   struct rdna_diff_result r;
   enum rdna_status st = rdna_diff_case(gpu, c, 32, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_UNSUPPORTED, "%s", rdna_status_name(st));
   cr_assert(strstr(diag.message, "v_interp_mov_f32") != NULL, "%s", diag.message);
   cr_assert_not_null(r.interp.machine, "the interpreter's run is kept");
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
}

/* A deliberately wrong lowering: the module's OpBitwiseXor (v_xor_b32's, one per lane slot of an
 * invocation) becomes an OpBitwiseOr, which has the same operands. The driver must name v3, every
 * lane, and v_xor_b32 as the instruction that last wrote it. */
static void xor_to_or(void *user, uint32_t *words, size_t num_words)
{
   unsigned *edits = user;
   for (size_t i = 5; i < num_words;) {
      uint32_t opcode = words[i] & 0xffff, count = words[i] >> 16;
      if (opcode == 198 /* OpBitwiseXor */) {
         words[i] = (count << 16) | 197 /* OpBitwiseOr */;
         (*edits)++;
      }
      i += count ? count : 1;
   }
}

Test(diff_case, a_wrong_lowering_is_named_by_register_and_instruction)
{
   struct rdna_gpu *gpu = open_device();
   static const char text[] = "[program]\n"
                              "  v_mov_b32 v1, 0x0f0f\n"
                              "  v_mov_b32 v2, 0x00ff\n"
                              "  v_xor_b32 v3, v1, v2\n"
                              "  s_endpgm\n";
   struct rdna_case *c;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "t.case", &c, &diag), RDNA_OK);
   unsigned edits = 0;
   struct rdna_diff_options o;
   memset(&o, 0, sizeof(o));
   o.edit_module = xor_to_or;
   o.edit_user = &edits;
   struct rdna_diff_result r;
   enum rdna_status st = rdna_diff_case(gpu, c, 32, &o, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   cr_assert_eq(edits, 32 / r.subgroup_size, "one OpBitwiseXor per lane an invocation carries");
   cr_assert_eq(r.total_divergences, 32, "v3 in every lane of the wave");
   const struct rdna_divergence *d = &r.divergences[0];
   cr_assert_eq(d->kind, RDNA_DIVERGE_VGPR);
   cr_assert_eq(d->reg, 3);
   cr_assert_eq(d->interp, 0x0f0fu ^ 0x00ffu);
   cr_assert_eq(d->gpu, 0x0f0fu | 0x00ffu);
   cr_assert(d->has_writer);
   cr_assert_eq(d->writer_pc, rdna_case_entry(c) + 16, "after two 8-byte v_mov with literals");
   cr_assert_str_eq(d->writer_text, "v_xor_b32_e32 v3, v1, v2");
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
}

/* Definedness: a register that [init] does not set and the program never writes holds whatever
 * a backend starts with; it is counted, not compared. The program below defines EXEC (the
 * dispatch), s[2:3] and v0 ([init]), s1, v1 and v2 (written); SCC is neither. In wave32 the
 * scalar candidates are the 128 operand codes less NULL and the high halves of EXEC and VCC,
 * plus SCC: 126, of which 4 are defined. */
Test(diff_case, registers_never_defined_are_counted_not_compared)
{
   struct rdna_gpu *gpu = open_device();
   static const char text[] = "[require]\n"
                              "wave 32\n"
                              "vgprs 8\n"
                              "[program]\n"
                              "  s_mov_b32 s1, 7\n"
                              "  v_add_nc_u32 v1, s2, v0\n"
                              "  v_mov_b32 v2, s3\n"
                              "  s_endpgm\n"
                              "[init]\n"
                              "v0 = lane\n"
                              "s[2:3] = 5\n";
   struct rdna_case *c;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "t.case", &c, &diag), RDNA_OK, "%s",
                diag.message);
   struct rdna_diff_result r;
   enum rdna_status st = rdna_diff_case(gpu, c, 32, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   cr_assert(r.equal);
   cr_assert_eq(r.skipped_vgprs, 8 - 3, "v3..v7");
   cr_assert_eq(r.skipped_vgpr_lanes, (8 - 3) * 32, "every lane of v3..v7");
   cr_assert_eq(r.skipped_undefined_total, 0);
   cr_assert_eq(r.skipped_sregs, 126 - 4);
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
}
