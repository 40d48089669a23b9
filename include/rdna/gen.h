/* rdna random program generator: a seed gives a case file (include/rdna/case.h) holding a random
 * valid program, its buffer and its initial registers. Instructions are rows of the instruction
 * table with random operands in range; every one is checked to parse, encode, decode back to its
 * row and print as llvm-mc text before it is used. Control flow is bounded: forward branches to
 * labels a few instructions ahead, counted loops (at most a few iterations, nested a few deep)
 * and s_call_b64 calls of up to three leaf functions placed after s_endpgm (returning through
 * s[104:105]; in programs of up to 10,000 instructions, which s_call_b64's 16-bit offset
 * reaches), so a program ends unless one of its instructions clobbers a loop counter or the
 * link pair, which the case's step limit or a fault then stops. Memory instructions address a
 * mapped buffer through registers the random instructions never write (s[0:1] its address, s[4:7] a
 * V# over it, v1 a per-lane byte offset, v[2:3] a per-lane 64-bit address). The same seed and
 * options give the same text on every host. */
#ifndef RDNA_GEN_H
#define RDNA_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"
#include "rdna/status.h"

/* Instruction classes a program draws from (bits of rdna_gen_options.classes). */
enum rdna_gen_class {
   RDNA_GEN_SALU = 1u << 0,       /* SOP1, SOP2, SOPK, SOPC, SOPP without control transfers */
   RDNA_GEN_SMEM = 1u << 1,       /* scalar loads from the buffer, cache and counter rows */
   RDNA_GEN_VALU_INT = 1u << 2,   /* VOP1, VOP2, VOP3 rows without float operands */
   RDNA_GEN_VCMP_INT = 1u << 3,   /* integer compares and cmpx (VOPC and their VOP3 form) */
   RDNA_GEN_VMEM = 1u << 4,       /* MUBUF, MTBUF, FLAT, GLOBAL and SCRATCH rows */
   RDNA_GEN_FLOW = 1u << 5,       /* forward branches, counted loops, calls of leaf functions */
   RDNA_GEN_VALU_FLOAT = 1u << 6, /* VALU and compare rows with float operands */
};

/* The classes rdna_gen_case uses when `classes` is 0: everything but float rows. */
#define RDNA_GEN_DEFAULT_CLASSES                                                            \
   (RDNA_GEN_SALU | RDNA_GEN_SMEM | RDNA_GEN_VALU_INT | RDNA_GEN_VCMP_INT | RDNA_GEN_VMEM | \
    RDNA_GEN_FLOW)

struct rdna_gen_options {
   enum rdna_target target;
   unsigned wave_size; /* 32 or 64 */
   unsigned count;     /* instructions in the program (s_endpgm included), 1..1,000,000 */
   uint64_t seed;
   unsigned classes; /* enum rdna_gen_class bits; 0: RDNA_GEN_DEFAULT_CLASSES */
   /* Where the case's regions go: 0 places them automatically (from RDNA_CASE_AUTO_BASE);
    * otherwise a multiple of 256 below RDNA_GEN_MAX_BASE: the buffer at `base`, the program
    * right after it. Batches give each case its own base (include/rdna/batch.h). */
   uint64_t base;
   /* 0: the case as the seed gives it. Otherwise a variant of it: the same program (the same
    * instructions at the same addresses), with the buffer's contents, the initial SGPRs, VGPRs,
    * M0 and EXEC drawn from (seed, variant) instead. Variants of one program share a module in a
    * batch (include/rdna/batch.h), so one driver compile serves them all. */
   uint32_t variant;
};

/* Bases must lie below this, so the regions fit below 2^48 with room to spare. */
#define RDNA_GEN_MAX_BASE (1ull << 47)

/* Parses a comma-separated list of class names (salu, smem, valu, vcmp, vmem, flow, float, and
 * all for every class) into *classes. False for an empty list or an unknown name. */
bool rdna_gen_parse_features(const char *list, unsigned *classes);

/* Writes the names of the classes in `classes` as such a list ("salu,vcmp,flow") into `out`
 * (NUL-terminated, truncated to `size`). */
void rdna_gen_features_text(unsigned classes, char *out, size_t size);

/* Generates the case file for `options`: a NUL-terminated text the caller frees with free(),
 * and its length. BAD_ARGUMENT (with a message in `diag` when given) for a wave size, target,
 * count, class set or base out of range, NO_MEMORY when allocation fails. */
enum rdna_status rdna_gen_case(const struct rdna_gen_options *options, char **text, size_t *length,
                               struct rdna_diag *diag);

#endif
