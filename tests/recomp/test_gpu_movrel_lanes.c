/* The DPP16, DPP8 and SDWA forms of the relative moves on the GPU, in each relative-addressing
 * lowering (select chain, select tree, switch, window array), in wave32 and wave64, against the
 * host model of tests/common/movrel_lanes_model.h: random programs of those forms with M0 in
 * range, past the allocation, huge, and with bits outside v_movrelsd_2's fields, under a mixed
 * EXEC; every register and lane compared. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "gpu_harness.h"
#include "tests/common/movrel_lanes_model.h"

#define PROGRAM_INSTS 24

static void run_lowering(enum rdna_relative_lowering lowering, unsigned wave, uint32_t seed)
{
   struct ml_state st;
   ml_init(&st, wave, wave == 32 ? 0xff0ff0f1ull : 0xf0f0f0f00ff00ff1ull);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\nvgprs %u\n[program]\n", wave, ML_VGPRS);
   for (unsigned i = 0; i < PROGRAM_INSTS; i++) {
      struct ml_inst in = ml_random(&seed);
      char line[192];
      ml_text(&in, line, sizeof(line));
      text_add(&t, "%s", line);
      ml_step(&st, &in);
   }
   text_add(&t, "  s_endpgm\n[init]\nv[0:%u] = " ML_INIT_EXPR "\nexec = 0x%llx\n", ML_VGPRS - 1,
            (unsigned long long)st.exec);
   struct gpu_run run;
   harness_run(t.data, wave, lowering, &run);
   unsigned bad = 0;
   for (unsigned r = 0; r < ML_VGPRS; r++)
      for (unsigned lane = 0; lane < wave; lane++)
         if (run_vgpr(&run, r, lane) != st.v[r][lane] && bad++ < 8)
            cr_expect_eq(run_vgpr(&run, r, lane), st.v[r][lane], "%s wave%u v%u lane %u",
                         rdna_relative_lowering_name(lowering), wave, r, lane);
   cr_expect_eq(bad, 0u, "%u lanes differ\n%s", bad, t.data);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_movrel_lanes, select_chain)
{
   run_lowering(RDNA_RELATIVE_SELECT_CHAIN, 32, 11);
   run_lowering(RDNA_RELATIVE_SELECT_CHAIN, 64, 12);
}

Test(gpu_movrel_lanes, select_tree)
{
   run_lowering(RDNA_RELATIVE_SELECT_TREE, 32, 13);
   run_lowering(RDNA_RELATIVE_SELECT_TREE, 64, 14);
}

Test(gpu_movrel_lanes, switch)
{
   run_lowering(RDNA_RELATIVE_SWITCH, 32, 15);
   run_lowering(RDNA_RELATIVE_SWITCH, 64, 16);
}

Test(gpu_movrel_lanes, window_array)
{
   run_lowering(RDNA_RELATIVE_WINDOW_ARRAY, 32, 17);
   run_lowering(RDNA_RELATIVE_WINDOW_ARRAY, 64, 18);
}
