/* rdna differential driver: one case through the reference interpreter and through recompiled
 * SPIR-V on a Vulkan device, with their complete final states compared (DESIGN.md "Differential
 * driver"): every scalar register, SCC, MODE, the end PC and step count, every VGPR lane of
 * every wave, every byte of guest memory and of LDS, and the fault. Each divergence names the
 * register and lane (or address), both values, and the instruction that last wrote it on the
 * interpreter. State that does not exist is not compared: lanes past the end of a partial
 * wave, hardware registers other than MODE (HW_ID, cycle counters and the like describe the
 * machine, not the program). Nor is undefined state (docs/definedness.md): a scalar register or
 * VGPR lane that neither the case's [init] nor the dispatch gave a value and that no instruction
 * wrote (the interpreter's definedness, rdna_machine_read_definedness) holds whatever a backend
 * starts with, and the bits of a result the RDNA2 ISA guide leaves undefined (the interpreter's
 * marks, enum rdna_undefined) are whatever the hardware makes of them; such values are counted
 * and listed, not compared. Guest memory and LDS are compared byte for byte: both backends start
 * them from the case's bytes and zeros by contract (case regions are zero past their data lines,
 * the recompiler's prologue zeroes LDS as the interpreter's LDS starts zeroed). Integer and
 * IEEE-basic results compare bit for bit; so do transcendentals for now, which is stricter than
 * DESIGN.md asks. */
#ifndef RDNA_DIFF_H
#define RDNA_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/gpu.h"
#include "rdna/interp.h"
#include "rdna/recomp.h"
#include "rdna/run.h"
#include "rdna/status.h"

/* What differs. */
enum rdna_divergence_kind {
   RDNA_DIVERGE_SREG,   /* scalar register `reg` (operand code) */
   RDNA_DIVERGE_SCC,    /* SCC */
   RDNA_DIVERGE_HWREG,  /* hardware register `reg` (s_getreg id) */
   RDNA_DIVERGE_VGPR,   /* VGPR `reg` (0-based) of `lane` */
   RDNA_DIVERGE_MEMORY, /* the guest byte at `address` */
   RDNA_DIVERGE_LDS,    /* the LDS byte at `address` of workgroup `wave` */
   RDNA_DIVERGE_FAULT,  /* the fault kind (values: enum rdna_fault_kind) or, same kind, its PC */
   RDNA_DIVERGE_PC,     /* where the wave stopped */
   RDNA_DIVERGE_STEPS,  /* instructions executed */
};

/* "sreg", "scc", "hwreg", "vgpr", "memory", "lds", "fault", "pc", "steps"; "?" otherwise. */
const char *rdna_divergence_kind_name(enum rdna_divergence_kind kind);

struct rdna_divergence {
   enum rdna_divergence_kind kind;
   unsigned wave; /* global wave index; the workgroup for LDS; 0 for memory */
   unsigned reg;
   unsigned lane;
   uint64_t address;
   uint64_t interp, gpu; /* the two values */
   /* The interpreter's last instruction that wrote this register (registers and SCC only). */
   bool has_writer;
   uint64_t writer_pc;
   char writer_text[128]; /* llvm-mc text, or "" when it cannot be decoded again */
};

struct rdna_diff_options {
   enum rdna_relative_lowering relative;
   uint64_t step_limit;     /* per wave, both sides; 0: the case's `steps` */
   uint64_t timeout_ns;     /* the GPU dispatch's; 0: 10 s */
   size_t max_divergences;  /* how many are kept (all are counted); 0: 64 */
   unsigned interp_threads; /* OpenMP threads of the interpreter; 0: its default */
   /* For tests of the driver itself: edits a copy of the module's words before it runs (a
    * deliberately wrong lowering). NULL: the module runs as recompiled. */
   void (*edit_module)(void *user, uint32_t *words, size_t num_words);
   void *edit_user;
   enum rdna_cfg_lowering cfg;
   enum rdna_entry_points entries;
   enum rdna_wave_order waves; /* rdna_recomp_options.waves */
};

/* A value left out of the comparison because the RDNA2 ISA guide leaves it undefined: one
 * register of one wave, the lanes and bits the interpreter marked. */
struct rdna_undefined_skip {
   enum rdna_divergence_kind kind; /* SREG, SCC or VGPR */
   unsigned wave;
   unsigned reg;   /* scalar operand code, or VGPR number */
   uint64_t lanes; /* VGPR lanes (bit 0 for a scalar register) */
   uint32_t bits;  /* the bits of each lane's value not compared */
   enum rdna_undefined reason;
   bool differs; /* the two backends' values differ in those bits */
};

/* A differential run of one case at one wave size. Free with rdna_diff_result_free. */
struct rdna_diff_result {
   unsigned wave_size;
   struct rdna_case_result interp; /* the interpreter's run and [expect] check (owns its machine) */
   struct rdna_case_result gpu;    /* the GPU's [expect] check (no machine) */
   struct rdna_gpu_result gpu_run; /* the GPU's final state and times */
   unsigned subgroup_size;
   size_t spirv_words;
   size_t num_divergences; /* kept, in report order: waves in order, then memory, then LDS */
   struct rdna_divergence *divergences;
   size_t total_divergences; /* found, kept or not */
   /* Registers not compared because no one defined them (see above), summed over the waves:
    * scalar registers (SCC included), whole VGPRs (no lane defined), and the VGPR lanes not
    * compared (those of whole VGPRs included). */
   size_t skipped_sregs, skipped_vgprs, skipped_vgpr_lanes;
   /* Values the guide leaves undefined: how many register lanes per reason were compared only in
    * their defined bits, and the registers themselves, in report order (as many as divergences
    * are kept; skipped_undefined_total counts them all). */
   size_t skipped_undefined[RDNA_UNDEFINED_COUNT];
   size_t num_undefined_skips, skipped_undefined_total;
   struct rdna_undefined_skip *undefined_skips;
   bool equal; /* no divergence */
};

/* Runs case `c` at `wave_size` on the interpreter and on `gpu` and compares the final states.
 * Returns OK when both ran and were compared (see result->equal; the [expect] checks are in
 * result->interp and result->gpu); otherwise the status of the step that failed: a load error
 * of the case, the recompiler's UNSUPPORTED or INTERNAL (the interpreter's run is kept in
 * result->interp), the device's DEVICE, NO_MEMORY; with `diag` filled. Free the result either
 * way. */
enum rdna_status rdna_diff_case(struct rdna_gpu *gpu, const struct rdna_case *c, unsigned wave_size,
                                const struct rdna_diff_options *options,
                                struct rdna_diff_result *result, struct rdna_diag *diag);

/* The comparison alone: the interpreter's final `machine` (run) against the GPU's `run` of a
 * module with `layout`, appending to result's divergence list (without last writers) and
 * setting result->equal. For tests and tools that run the two sides themselves. Every register
 * and lane is compared except the bits the interpreter marked undefined. NO_MEMORY;
 * BAD_ARGUMENT when the two do not describe the same dispatch (wave size, waves, VGPRs); OK
 * otherwise. */
enum rdna_status rdna_diff_compare(const struct rdna_machine *machine,
                                   const struct rdna_gpu_result *run,
                                   const struct rdna_module_layout *layout, size_t max_divergences,
                                   struct rdna_diff_result *result);

/* The comparison with definedness, as rdna_diff_case makes it: like rdna_diff_compare, but what
 * case `c`'s [init] and the dispatch give is defined, registers and VGPR lanes nothing defined
 * are skipped and counted, and so are the bits the interpreter marked undefined (without a
 * writer list: no last writers). rdna_diff_compare itself compares every register and lane,
 * leaving out only the bits marked undefined. */
enum rdna_status rdna_diff_compare_case(const struct rdna_machine *machine,
                                        const struct rdna_case *c,
                                        const struct rdna_gpu_result *run,
                                        const struct rdna_module_layout *layout,
                                        size_t max_divergences, struct rdna_diff_result *result);

/* Accepts NULL and a zeroed result. */
void rdna_diff_result_free(struct rdna_diff_result *result);

/* One line of code context: an instruction's address and llvm-mc text. */
struct rdna_diff_context_line {
   uint64_t pc;
   char text[128];
   bool is_target; /* the instruction asked about */
};

/* The instructions around `pc` in the program region of case `c` (as assembled for
 * `wave_size`) that holds it: up to `before` instructions before it, it, and up to `after`
 * after it, found by decoding the region from its start (code placed in data is shown as it
 * decodes). Returns the number of lines written to `lines` (at most before + 1 + after); 0
 * when `pc` is no instruction start of a program region. */
size_t rdna_diff_context(const struct rdna_case *c, unsigned wave_size, uint64_t pc,
                         unsigned before, unsigned after, struct rdna_diff_context_line *lines);

#endif
