/* Running a case file on the reference interpreter: build a machine from a parsed case (regions,
 * entry, dispatch from [require], registers from [init] for one wave size), run it, and check
 * [expect] against every wave's final state. `rdna run` and the differential driver use it; the
 * three steps are separate so a caller can install a trace hook or read state in between. */
#ifndef RDNA_RUN_H
#define RDNA_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/interp.h"
#include "rdna/status.h"

/* Options of rdna_case_load / rdna_case_run. A zeroed struct (or NULL) takes the case's values. */
struct rdna_case_run_options {
   /* Run the case's code, assembled for its [require] target, on this target instead. */
   bool override_target;
   enum rdna_target target;
   /* The per-wave step limit; 0: the case's `steps`. */
   uint64_t step_limit;
   /* Installed before the run by rdna_case_run (may be NULL). */
   const struct rdna_trace_hook *trace;
   /* Host threads for the grid (rdna_machine_set_threads); 0: one. */
   unsigned threads;
};

/* Builds a machine for case `c` and `wave_size` (32 or 64, one of rdna_case_waves): every
 * [buffer] and [program] region at its address with its initial bytes (programs as assembled
 * for this wave size), the entry at the first program, the dispatch of [require], and each
 * wave's registers from [init] (every wave gets the same values, `v0 = lane` being the lane
 * within the wave, except the dispatch ids `local_id` and `group_id`, which follow each lane's
 * work-item and each wave's workgroup: corpus/README.md). A case without `workgroup` (or with
 * `workgroup 1`) runs one full wave; otherwise the last wave of a workgroup that is not a multiple
 * of the wave size has only its existing lanes in EXEC. On failure returns a status (BAD_ARGUMENT
 * for a wave size the case does not list, OUT_OF_RANGE with the [init] line for an initial value
 * that does not fit, NO_MEMORY), fills `diag` when given and leaves *machine NULL. */
enum rdna_status rdna_case_load(const struct rdna_case *c, unsigned wave_size,
                                const struct rdna_case_run_options *options,
                                struct rdna_machine **machine, struct rdna_diag *diag);

/* One failed [expect] line, in the first wave where it fails. */
struct rdna_case_run_failure {
   unsigned wave;
   struct rdna_case_failure failure;
};

/* What a run of one case at one wave size left. Free with rdna_case_result_free. */
struct rdna_case_result {
   unsigned wave_size;
   struct rdna_machine *machine; /* the final state; owned by the result */
   unsigned waves;               /* waves of the dispatch */
   uint64_t steps;               /* instructions executed, all waves together */
   bool faulted;                 /* some wave faulted: `fault` is the first in wave order */
   struct rdna_fault fault;
   bool fault_expected;   /* [expect] has a `fault` line (so a fault is checked, not unexpected) */
   bool unexpected_fault; /* a wave faulted and no `fault` line says it should */
   size_t num_failures;   /* failed [expect] lines, each once, in file order per wave */
   struct rdna_case_run_failure *failures;
   bool passed; /* no failure and no unexpected fault */
};

/* Checks [expect] against the final state of `machine` (loaded by rdna_case_load for the same
 * case and wave size, and run): every wave is checked; each failed line is recorded once, with
 * the first wave where it fails. Fills result's fault, failure and `passed` fields (the machine
 * stays the caller's: result->machine is left alone). Returns OK when the check ran, NO_MEMORY,
 * or the status of an expression that could not be evaluated (also recorded as a failure). */
enum rdna_status rdna_case_check_machine(const struct rdna_case *c, unsigned wave_size,
                                         const struct rdna_machine *machine,
                                         struct rdna_case_result *result);

/* Loads, runs and checks: *result (zeroed first) owns the machine afterwards. Returns OK when the
 * case ran and was checked (whether or not it passed: see result->passed; an [expect] value that
 * cannot be evaluated is a failure there); a load error or NO_MEMORY otherwise, with `diag`
 * filled when given. Free the result with rdna_case_result_free either way. */
enum rdna_status rdna_case_run(const struct rdna_case *c, unsigned wave_size,
                               const struct rdna_case_run_options *options,
                               struct rdna_case_result *result, struct rdna_diag *diag);

/* Frees the machine and the failure list; accepts NULL and a zeroed result. */
void rdna_case_result_free(struct rdna_case_result *result);

#endif
