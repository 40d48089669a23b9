/* rdna case reducer: shrinks a case file to a smaller one that still shows the same behaviour
 * (DESIGN.md "Differential driver": `rdna reduce`). It works on lines: comments go first, then
 * delta debugging (ddmin) removes instruction lines of [program] sections, [init] lines and
 * [expect] lines while a caller's predicate keeps holding; instructions are first replaced by
 * `s_nop 0`, which keeps every address, and the remaining no-ops are then removed where the
 * predicate allows; [buffer] data lines become zeros of the same element count ("u32 0 x12"), so
 * the data after them keeps its offsets. Labels, directives, section headers, [require], `size`
 * and [diff] lines are kept. The predicate decides what "the same" means; rdna_reduce_signature
 * gives the differential driver's. */
#ifndef RDNA_REDUCE_H
#define RDNA_REDUCE_H

#include <stdbool.h>
#include <stddef.h>

#include "rdna/diff.h"
#include "rdna/status.h"

/* Whether `text` (a whole case file, NUL-terminated) still shows the behaviour. */
typedef bool (*rdna_reduce_predicate)(void *user, const char *text, size_t length);

/* Called after each predicate evaluation with the number done and the current line count. */
typedef void (*rdna_reduce_progress)(void *user, unsigned tests, size_t lines);

struct rdna_reduce_options {
   rdna_reduce_predicate predicate;
   void *user;
   rdna_reduce_progress progress; /* may be NULL */
   unsigned max_tests;            /* predicate evaluations at most; 0: 5000 */
};

/* Reduces `text`. The predicate must hold for the input (BAD_ARGUMENT otherwise: nothing to
 * keep). On success *out (free with free()) holds the reduced case, NUL-terminated, and *tests
 * the predicate evaluations made (may be NULL). NO_MEMORY. */
enum rdna_status rdna_reduce(const char *text, size_t length,
                             const struct rdna_reduce_options *options, char **out,
                             unsigned *tests);

/* The differential driver's notion of "diverges the same way": a short text naming how a run
 * of rdna_diff_case ended: the status when it was not OK (with the instruction's mnemonic for
 * UNSUPPORTED), otherwise the first divergence's kind and, for registers, which one ("vgpr v3",
 * "sreg 1", "memory", "fault UNMAPPED/BAD_JUMP"), or "equal". Writes at most size bytes. */
void rdna_reduce_signature(enum rdna_status status, const struct rdna_diag *diag,
                           const struct rdna_diff_result *result, char *out, size_t size);

#endif
