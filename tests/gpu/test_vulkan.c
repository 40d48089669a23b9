/* The Vulkan backend with hand-written modules (tests/gpu/modules.c): device enumeration and
 * choice, a run that writes registers, VGPR lanes, memory and LDS read back in the interface's
 * layout, a fault record decoded, and the paths that must give a status rather than a crash (no
 * loader, no driver, a module that fails validation, a layout the device cannot run, a
 * time-out). On a machine with no Vulkan device at all the tests that need one are skipped. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules.h"
#include "rdna/gpu.h"

static void assert_no_validation_errors(const struct rdna_gpu *gpu)
{
   const char *first = NULL;
   unsigned errors = rdna_gpu_validation_errors(gpu, &first);
   cr_assert_eq(errors, 0, "%u validation errors, the first: %s", errors, first ? first : "");
}

/* ---- devices -------------------------------------------------------------------------------- */

Test(devices, list_reports_consistent_properties)
{
   struct rdna_gpu_device_info *devices = NULL;
   size_t count = 0;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_list_devices(&devices, &count, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   cr_assert_gt(count, 0);
   for (size_t i = 0; i < count; i++) {
      const struct rdna_gpu_device_info *d = &devices[i];
      cr_assert_eq(d->index, i);
      cr_assert_neq(d->name[0], '\0');
      cr_assert_gt(d->subgroup_size, 0);
      cr_assert_eq(d->subgroup_size & (d->subgroup_size - 1), 0, "%u", d->subgroup_size);
      cr_assert_leq(d->min_subgroup_size, d->subgroup_size);
      cr_assert_geq(d->max_subgroup_size, d->subgroup_size);
      /* Mesa's lavapipe is a CPU device named after llvmpipe. */
      if (strstr(d->name, "llvmpipe"))
         cr_assert_eq(d->type, RDNA_GPU_CPU, "%s is %s", d->name,
                      rdna_gpu_device_type_name(d->type));
   }
   free(devices);
}

Test(devices, open_by_index_and_by_name_finds_the_same_device)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   struct rdna_gpu_device_info first = *rdna_gpu_device(gpu);
   rdna_gpu_close(gpu);

   char index[16];
   snprintf(index, sizeof(index), "%u", first.index);
   struct rdna_gpu_options options = { index, false };
   struct rdna_diag diag;
   cr_assert_eq(rdna_gpu_open(&options, &gpu, &diag), RDNA_OK, "%s", diag.message);
   cr_assert_str_eq(rdna_gpu_device(gpu)->name, first.name);
   rdna_gpu_close(gpu);

   /* A name substring in another case opens a device whose name holds it, ignoring case. */
   char name[8], lower_name[8], opened[sizeof(first.name)];
   snprintf(name, sizeof(name), "%.4s", first.name);
   for (size_t i = 0; i <= strlen(name); i++) {
      char ch = name[i];
      lower_name[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
      name[i] = ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : lower_name[i];
   }
   options.device = name;
   cr_assert_eq(rdna_gpu_open(&options, &gpu, &diag), RDNA_OK, "'%s': %s", name, diag.message);
   snprintf(opened, sizeof(opened), "%s", rdna_gpu_device(gpu)->name);
   for (char *p = opened; *p; p++)
      if (*p >= 'A' && *p <= 'Z')
         *p = (char)(*p - 'A' + 'a');
   cr_assert(strstr(opened, lower_name), "'%s' opened %s", name, rdna_gpu_device(gpu)->name);
   rdna_gpu_close(gpu);
}

Test(devices, unknown_device_is_no_device)
{
   struct rdna_gpu *probe = open_or_skip(false);
   rdna_gpu_close(probe);
   struct rdna_gpu_options options = { "no such device name", false };
   struct rdna_gpu *gpu = (struct rdna_gpu *)&options; /* must be reset to NULL */
   struct rdna_diag diag;
   cr_assert_eq(rdna_gpu_open(&options, &gpu, &diag), RDNA_NO_DEVICE);
   cr_assert_null(gpu);
   cr_assert(strstr(diag.message, "no such device name"), "%s", diag.message);
   options.device = "999";
   cr_assert_eq(rdna_gpu_open(&options, &gpu, &diag), RDNA_NO_DEVICE);
   cr_assert(strstr(diag.message, "999"), "%s", diag.message);
}

Test(devices, missing_loader_is_no_device)
{
   setenv("RDNA_VULKAN_LOADER", "librdna-no-such-vulkan-loader.so", 1);
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gpu_open(NULL, &gpu, &diag), RDNA_NO_DEVICE);
   cr_assert_null(gpu);
   cr_assert(strstr(diag.message, "loader"), "%s", diag.message);
   struct rdna_gpu_device_info *devices = NULL;
   size_t count = 7;
   cr_assert_eq(rdna_gpu_list_devices(&devices, &count, &diag), RDNA_NO_DEVICE);
   cr_assert_null(devices);
   cr_assert_eq(count, 0);
}

Test(devices, loader_without_driver_is_no_device)
{
   /* The loader reads its driver list from these (the second is the newer name). */
   setenv("VK_ICD_FILENAMES", "/nonexistent/rdna_icd.json", 1);
   setenv("VK_DRIVER_FILES", "/nonexistent/rdna_icd.json", 1);
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(NULL, &gpu, &diag);
   cr_assert_eq(st, RDNA_NO_DEVICE, "%s: %s", rdna_status_name(st), diag.message);
   cr_assert_null(gpu);
}

Test(devices, subgroup_size_fits_the_wave_and_the_device)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   const struct rdna_gpu_device_info *d = rdna_gpu_device(gpu);
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      unsigned size = 0;
      struct rdna_diag diag;
      enum rdna_status st = rdna_gpu_subgroup_size(gpu, wave, &size, &diag);
      if (st == RDNA_UNSUPPORTED)
         continue; /* a fixed subgroup size above the wave size */
      cr_assert_eq(st, RDNA_OK, "%s", diag.message);
      cr_assert_leq(size, wave);
      cr_assert_eq(wave % size, 0);
      cr_assert_geq(size, d->min_subgroup_size);
      cr_assert_leq(size, d->max_subgroup_size);
      /* The largest such size: doubling it leaves the device's range or passes the wave. */
      cr_assert(size * 2 > wave || size * 2 > d->max_subgroup_size);
   }
   unsigned size;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gpu_subgroup_size(gpu, 48, &size, &diag), RDNA_BAD_ARGUMENT);
   rdna_gpu_close(gpu);
}

/* ---- running modules ------------------------------------------------------------------------ */

struct contract_run {
   struct rdna_module_layout layout;
   uint32_t *memory;
   uint32_t *state;
   struct rdna_gpu_result result;
};

/* Runs the contract module with `waves_per_group` x `groups` waves of `wave_size`. */
static void run_contract(struct rdna_gpu *gpu, unsigned wave_size, unsigned waves_per_group,
                         unsigned groups, struct contract_run *run)
{
   struct rdna_module_layout *l = &run->layout;
   unsigned vgprs = 3;
   layout_init(l, wave_size, subgroup_for(gpu, wave_size), vgprs, waves_per_group, groups, 64, 16);
   run->memory = calloc(16, sizeof(uint32_t));
   run->state = calloc((size_t)l->num_waves * l->state_words, sizeof(uint32_t));
   cr_assert(run->memory && run->state);
   run->memory[CONTRACT_SRC_WORD] = 0x1000;
   for (unsigned w = 0; w < l->num_waves; w++) {
      uint32_t *record = run->state + (size_t)w * l->state_words;
      record[RDNA_STATE_PC_LO] = 0x10000 + 0x100 * w;
      for (unsigned lane = 0; lane < wave_size; lane++)
         record[RDNA_STATE_VGPR(0, lane, wave_size)] = 1000 * w + 3 * lane;
   }
   char *text = contract_module_text(l);
   size_t num_words = 0;
   uint32_t *words = spirv_assemble(text, &num_words);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st =
      rdna_gpu_run(gpu, words, num_words, l, run->memory, run->state, NULL, &run->result, &diag);
   cr_assert_eq(st, RDNA_OK, "%s: %s", rdna_status_name(st), diag.message);
   free(words);
   free(text);
}

static void free_contract(struct contract_run *run)
{
   rdna_gpu_result_free(&run->result);
   free(run->memory);
   free(run->state);
}

static void check_contract(const struct contract_run *run)
{
   const struct rdna_module_layout *l = &run->layout;
   const struct rdna_gpu_result *r = &run->result;
   cr_assert_eq(r->num_waves, l->num_waves);
   cr_assert_eq(r->state_words, l->state_words);
   for (unsigned w = 0; w < l->num_waves; w++) {
      struct rdna_gpu_wave wave;
      cr_assert_eq(rdna_gpu_result_wave(r, w, &wave), RDNA_OK);
      cr_assert_eq(wave.sregs[5], 7, "wave %u: s5 = %u", w, wave.sregs[5]);
      cr_assert_eq(wave.sregs[6], w, "wave %u reads as wave %u", w, wave.sregs[6]);
      /* The SubgroupSize built-in measured in the module: the size the pipeline required. */
      cr_assert_eq(wave.sregs[7], l->subgroup_size, "wave %u: subgroup size %u, required %u", w,
                   wave.sregs[7], l->subgroup_size);
      cr_assert(wave.scc);
      cr_assert(wave.ended);
      cr_assert_eq(wave.pc, 0x10000 + 0x100 * w + 4);
      cr_assert_eq(wave.steps, 3);
      cr_assert_eq(wave.fault.kind, RDNA_FAULT_NONE);
      for (unsigned lane = 0; lane < l->wave_size; lane++) {
         cr_assert_eq(wave.vgprs[1 * l->wave_size + lane], lane, "wave %u v1 lane %u", w, lane);
         cr_assert_eq(wave.vgprs[2 * l->wave_size + lane], 1000 * w + 3 * lane + 1,
                      "wave %u v2 lane %u", w, lane);
      }
   }
   const uint32_t *memory = (const uint32_t *)r->memory;
   for (unsigned w = 0; w < l->num_waves; w++)
      cr_assert_eq(memory[CONTRACT_DST_WORD + w], 0x1000 + w, "copied word of wave %u", w);
   cr_assert_eq(memory[CONTRACT_SRC_WORD], 0x1000);
   cr_assert_eq(r->workgroups, l->grid[0]);
   for (unsigned g = 0; g < r->workgroups; g++) {
      uint32_t word;
      memcpy(&word, r->lds + (size_t)g * r->lds_bytes_per_group, 4);
      cr_assert_eq(word, 0xabc0 + g, "LDS of group %u", g);
   }
}

Test(run, one_wave32_writes_registers_lanes_and_memory)
{
   struct rdna_gpu *gpu = open_or_skip(true);
   struct contract_run run;
   run_contract(gpu, 32, 1, 1, &run);
   check_contract(&run);
   cr_assert_gt(run.result.compile_ns, 0);
   cr_assert_gt(run.result.run_ns, 0);
   free_contract(&run);
   assert_no_validation_errors(gpu);
   rdna_gpu_close(gpu);
}

Test(run, waves_are_numbered_by_group_then_subgroup_in_wave64)
{
   struct rdna_gpu *gpu = open_or_skip(true);
   struct contract_run run;
   run_contract(gpu, 64, 3, 2, &run);
   check_contract(&run);
   free_contract(&run);
   assert_no_validation_errors(gpu);
   rdna_gpu_close(gpu);
}

Test(run, a_context_runs_many_modules)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   for (unsigned i = 0; i < 4; i++) {
      struct contract_run run;
      run_contract(gpu, i % 2 ? 64 : 32, 1 + i % 2, 1 + i / 2, &run);
      check_contract(&run);
      free_contract(&run);
   }
   rdna_gpu_close(gpu);
}

Test(run, result_memory_is_read_through_regions)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   struct contract_run run;
   run_contract(gpu, 32, 1, 1, &run);
   struct rdna_module_region regions[2] = {
      { "in", 0x20000, 16, 0, false },
      { "out", 0x30000, 32, 16, false },
   };
   run.layout.regions = regions;
   run.layout.num_regions = 2;
   uint32_t word = 0;
   /* Word DST (4) is byte 0 of region "out". */
   cr_assert(rdna_gpu_result_read_memory(&run.result, &run.layout, 0x30000, &word, 4));
   cr_assert_eq(word, 0x1000);
   cr_assert(rdna_gpu_result_read_memory(&run.result, &run.layout, 0x20000, &word, 4));
   cr_assert_eq(word, 0x1000);
   cr_assert_not(rdna_gpu_result_read_memory(&run.result, &run.layout, 0x3001e, &word, 4));
   cr_assert_not(rdna_gpu_result_read_memory(&run.result, &run.layout, 0x1fffe, &word, 4));
   cr_assert_not(rdna_gpu_result_read_memory(&run.result, &run.layout, 0x40000, &word, 4));
   free_contract(&run);
   rdna_gpu_close(gpu);
}

Test(run, fault_record_is_decoded)
{
   struct rdna_gpu *gpu = open_or_skip(true);
   struct rdna_module_layout l;
   layout_init(&l, 32, subgroup_for(gpu, 32), 1, 1, 1, 16, 0);
   const uint64_t pc = 0x123456789abcull, address = 0xfedcba987654ull;
   const uint32_t op = 1; /* a table row; its name comes from rdna_op_name */
   char *text = fault_module_text(&l, RDNA_FAULT_UNMAPPED, 5, pc, address, op);
   size_t num_words;
   uint32_t *words = spirv_assemble(text, &num_words);
   uint32_t memory[4] = { 0 };
   uint32_t *state = calloc(l.state_words, sizeof(uint32_t));
   struct rdna_gpu_result r;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_run(gpu, words, num_words, &l, memory, state, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   struct rdna_gpu_wave wave;
   cr_assert_eq(rdna_gpu_result_wave(&r, 0, &wave), RDNA_OK);
   cr_assert_eq(wave.fault.kind, RDNA_FAULT_UNMAPPED);
   cr_assert_eq(wave.fault.lane, 5);
   cr_assert_eq(wave.fault.pc, pc);
   cr_assert_eq(wave.fault.address, address);
   cr_assert_eq(wave.fault.op, op);
   /* The instruction's name, then the kind's description (rdna/interp.h). */
   char message[256];
   snprintf(message, sizeof(message), "%s: memory access outside every region", rdna_op_name(op));
   cr_assert_str_eq(wave.fault.message, message);
   cr_assert(wave.ended);
   cr_assert_eq(rdna_gpu_result_wave(&r, 1, &wave), RDNA_BAD_ARGUMENT);
   rdna_gpu_result_free(&r);
   free(words);
   free(text);

   /* A kind outside enum rdna_fault_kind is the module's error. */
   text = fault_module_text(&l, 77, 0xffffffffu, 0, 0, 0xffffffffu);
   words = spirv_assemble(text, &num_words);
   st = rdna_gpu_run(gpu, words, num_words, &l, memory, state, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   cr_assert_eq(rdna_gpu_result_wave(&r, 0, &wave), RDNA_INTERNAL);
   cr_assert(strstr(wave.fault.message, "77"), "%s", wave.fault.message);
   cr_assert_eq(wave.fault.lane, -1);
   rdna_gpu_result_free(&r);
   free(words);
   free(text);
   free(state);
   assert_no_validation_errors(gpu);
   rdna_gpu_close(gpu);
}

/* x = (x ^ (x >> 15)) * 0x2c1b3c6d, n times, on the host in 64 bits and truncated. */
static uint32_t mix(uint32_t x, uint32_t n)
{
   uint64_t v = x;
   for (uint32_t i = 0; i < n; i++)
      v = ((v ^ (v >> 15)) * 0x2c1b3c6du) & 0xffffffffu;
   return (uint32_t)v;
}

Test(run, a_loop_runs_to_completion)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   struct rdna_module_layout l;
   layout_init(&l, 32, subgroup_for(gpu, 32), 1, 1, 1, 16, 0);
   char *text = loop_module_text(&l);
   size_t num_words;
   uint32_t *words = spirv_assemble(text, &num_words);
   uint32_t memory[4] = { 12345, 3, 0, 1000 };
   uint32_t *state = calloc(l.state_words, sizeof(uint32_t));
   struct rdna_gpu_result r;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gpu_run(gpu, words, num_words, &l, memory, state, NULL, &r, &diag), RDNA_OK,
                "%s", diag.message);
   uint32_t out;
   memcpy(&out, r.memory + 8, 4);
   uint32_t expected = mix(12345, 3 * 1000 * LOOP_MODULE_UNROLL);
   cr_assert_eq(out, expected, "%u, expected %u", out, expected);
   rdna_gpu_result_free(&r);
   free(words);
   free(text);
   free(state);
   rdna_gpu_close(gpu);
}

Test(run, time_out_is_a_device_status_and_the_context_stays_closed)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   struct rdna_module_layout l;
   layout_init(&l, 32, subgroup_for(gpu, 32), 1, 1, 1, 16, 0);
   char *text = loop_module_text(&l);
   size_t num_words;
   uint32_t *words = spirv_assemble(text, &num_words);
   /* About 0.1 s on lavapipe (65535 iterations of LOOP_MODULE_UNROLL dependent shift-xor-
    * multiplies): far beyond 0.1 ms, even when this thread loses the CPU between submitting and
    * waiting; short enough for close's bounded wait. */
   uint32_t memory[4] = { 1, 2000, 0, 2000 };
   uint32_t *state = calloc(l.state_words, sizeof(uint32_t));
   struct rdna_gpu_run_options options = { 100000, 0 };
   struct rdna_gpu_result r;
   struct rdna_diag diag;
   enum rdna_status st =
      rdna_gpu_run(gpu, words, num_words, &l, memory, state, &options, &r, &diag);
   cr_assert_eq(st, RDNA_DEVICE, "%s: %s", rdna_status_name(st), diag.message);
   cr_assert(strstr(diag.message, "did not finish"), "%s", diag.message);
   cr_assert_null(r.memory);
   st = rdna_gpu_run(gpu, words, num_words, &l, memory, state, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_DEVICE);
   free(words);
   free(text);
   free(state);
   rdna_gpu_close(gpu);
}

Test(run, a_module_that_fails_validation_never_reaches_the_driver)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   struct rdna_module_layout l;
   layout_init(&l, 32, subgroup_for(gpu, 32), 1, 1, 1, 16, 0);
   char *text = contract_module_text(&l);
   size_t num_words;
   uint32_t *words = spirv_assemble(text, &num_words);
   uint32_t memory[4] = { 0 };
   uint32_t *state = calloc(l.state_words, sizeof(uint32_t));
   struct rdna_gpu_result r;
   struct rdna_diag diag;
   /* Cut in the middle of the function: no OpFunctionEnd. */
   enum rdna_status st =
      rdna_gpu_run(gpu, words, num_words - 3, &l, memory, state, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_INTERNAL, "%s: %s", rdna_status_name(st), diag.message);
   cr_assert(strstr(diag.message, "validation"), "%s", diag.message);
   /* Not SPIR-V at all. */
   uint32_t garbage[8] = { 0xdeadbeef, 1, 2, 3, 4, 5, 6, 7 };
   st = rdna_gpu_run(gpu, garbage, 8, &l, memory, state, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_INTERNAL, "%s: %s", rdna_status_name(st), diag.message);
   /* The context still works. */
   st = rdna_gpu_run(gpu, words, num_words, &l, memory, state, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   rdna_gpu_result_free(&r);
   free(words);
   free(text);
   free(state);
   rdna_gpu_close(gpu);
}

Test(run, inconsistent_layouts_are_bad_arguments)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   unsigned size = subgroup_for(gpu, 32);
   struct rdna_module_layout l;
   layout_init(&l, 32, size, 1, 1, 1, 16, 0);
   char *text = contract_module_text(&l);
   size_t num_words;
   uint32_t *words = spirv_assemble(text, &num_words);
   uint32_t memory[4] = { 0 };
   uint32_t *state = calloc(l.state_words, sizeof(uint32_t));
   struct rdna_gpu_result r;
   struct rdna_diag diag;

   struct rdna_module_layout bad = l;
   bad.state_words = l.state_words - 1;
   cr_assert_eq(rdna_gpu_run(gpu, words, num_words, &bad, memory, state, NULL, &r, &diag),
                RDNA_BAD_ARGUMENT);
   bad = l;
   bad.num_waves = 2;
   cr_assert_eq(rdna_gpu_run(gpu, words, num_words, &bad, memory, state, NULL, &r, &diag),
                RDNA_BAD_ARGUMENT);
   if (rdna_gpu_device(gpu)->min_subgroup_size == rdna_gpu_device(gpu)->max_subgroup_size) {
      /* A size the device cannot run. */
      bad = l;
      bad.subgroup_size = size * 2 <= 32 ? size * 2 : size / 2;
      bad.lanes_per_invocation = 32 / bad.subgroup_size;
      bad.local_size[0] = bad.subgroup_size;
      enum rdna_status st =
         rdna_gpu_run(gpu, words, num_words, &bad, memory, state, NULL, &r, &diag);
      cr_assert_eq(st, RDNA_BAD_ARGUMENT, "subgroup size %u: %s", bad.subgroup_size, diag.message);
   }
   struct rdna_module_region outside = { "r", 0x10000, 32, 0, false };
   bad = l;
   bad.regions = &outside;
   bad.num_regions = 1;
   cr_assert_eq(rdna_gpu_run(gpu, words, num_words, &bad, memory, state, NULL, &r, &diag),
                RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "'r'"), "%s", diag.message);
   bad.regions = NULL;
   cr_assert_eq(rdna_gpu_run(gpu, words, num_words, &bad, memory, state, NULL, &r, &diag),
                RDNA_BAD_ARGUMENT);
   free(words);
   free(text);
   free(state);
   rdna_gpu_close(gpu);
}
