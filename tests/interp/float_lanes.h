/* Helpers of the float tests: run a snippet on per-lane inputs under a chosen MODE, host-side
 * references computed with the host's IEEE arithmetic under an explicit rounding mode (the
 * oracle is the host FPU, independent of the interpreter's integer soft-float), and bit casts. */
#ifndef RDNA_TESTS_INTERP_FLOAT_LANES_H
#define RDNA_TESTS_INTERP_FLOAT_LANES_H

#include <criterion/criterion.h>
#include <fenv.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

/* MODE values (RDNA2 ISA guide 3.12): round [3:0], denorm [7:4], DX10_CLAMP [8], IEEE [9]. */
#define MODE_DENORMS_ALLOWED 0xf0u
#define MODE_DX10_CLAMP (1u << 8)
#define MODE_IEEE (1u << 9)

static inline float f32_of(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, sizeof(f));
   return f;
}

static inline uint32_t bits_of_f32(float f)
{
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));
   return bits;
}

static inline double f64_of(uint64_t bits)
{
   double d;
   memcpy(&d, &bits, sizeof(d));
   return d;
}

static inline uint64_t bits_of_f64(double d)
{
   uint64_t bits;
   memcpy(&bits, &d, sizeof(bits));
   return bits;
}

static inline bool f32_bits_nan(uint32_t bits)
{
   return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu);
}

static inline bool f64_bits_nan(uint64_t bits)
{
   return (bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (bits << 12);
}

/* The host rounding mode of an RDNA2 FP_ROUND encoding: 0 nearest even, 1 +inf, 2 -inf, 3 zero. */
static inline int host_round(unsigned rdna_round)
{
   static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
   return modes[rdna_round & 3];
}

/* A deterministic generator for test inputs. */
static inline uint32_t lcg_next(uint64_t *state)
{
   *state = *state * 6364136223846793005ull + 1442695040888963407ull;
   return (uint32_t)(*state >> 32);
}

/* Assembles "s_setreg MODE; body; s_endpgm" for the target and wave size, sets VGPRs
 * v[first..first+count-1] from inputs[i][lane], runs and checks it did not fault. */
static inline struct rdna_machine *float_run(enum rdna_target target, unsigned wave, uint32_t mode,
                                             const char *body, unsigned count,
                                             const uint32_t inputs[][64])
{
   char source[4096];
   snprintf(source, sizeof(source),
            "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x%x\n%s\n"
            "s_endpgm\n",
            mode, body);
   struct rdna_machine *m = harness_machine(target, wave, 0, source);
   for (unsigned i = 0; i < count; i++)
      rdna_machine_set_vgpr_lanes(m, 0, i, inputs[i]);
   harness_run(m);
   harness_no_fault(m);
   return m;
}

#endif
