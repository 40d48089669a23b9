/* rdna case files: the parser and data model of DESIGN.md "Case files" (sections [require],
 * [buffer], [program], [init], [expect], [diff]), the initial register values a loader puts in a
 * machine, and the check of [expect] against a final state read through callbacks, so that this
 * API does not depend on any backend. The format itself is documented in corpus/README.md. */
#ifndef RDNA_CASE_H
#define RDNA_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"
#include "rdna/status.h"

/* A parsed case: immutable after rdna_case_parse. Opaque. */
struct rdna_case;

/* Bounds that keep a hostile file cheap (fuzzing): exceeding one is a parse error. */
#define RDNA_CASE_MAX_INPUT (16u << 20)        /* bytes of case text */
#define RDNA_CASE_MAX_REGIONS 256              /* [buffer] plus [program] sections */
#define RDNA_CASE_MAX_BUFFER_BYTES (64u << 20) /* one buffer's size */
#define RDNA_CASE_MAX_VGPRS 256                /* `vgprs` */
#define RDNA_CASE_MAX_STEPS (1ull << 40)       /* `steps` */

/* Where auto-placed regions start, and their alignment (see rdna_case_parse). */
#define RDNA_CASE_AUTO_BASE 0x10000u
#define RDNA_CASE_AUTO_ALIGN 256u

/* Wave sizes a case runs with: a bit set of these. */
enum rdna_case_wave {
   RDNA_CASE_WAVE32 = 1u << 0,
   RDNA_CASE_WAVE64 = 1u << 1,
};

/* Parses a case file of `length` bytes (need not be NUL-terminated; a NUL byte is an error).
 * `name` is the file's path (may be NULL): a program naming a code object (`hsaco PATH kernel
 * NAME`, read with include/rdna/hsaco.h's loader) finds PATH relative to its folder; IO when it
 * cannot be read. Programs are
 * assembled with rdna_assemble once per wave size the case asks for, for its target.
 *
 * Regions with `@ADDR` are placed there (they may not overlap, and must lie below 2^48). The
 * others, buffers and programs alike in file order, each take the lowest address that is a
 * multiple of RDNA_CASE_AUTO_ALIGN, at or above RDNA_CASE_AUTO_BASE, and after every region
 * placed before it (in file order among auto-placed ones), whose span overlaps no fixed region. A
 * program's span is its largest assembly over the wave sizes; an empty region spans one byte.
 *
 * On success sets *out (destroy it with rdna_case_destroy). On failure returns the status of the
 * first error, leaves *out NULL and, when `diag` is given, fills it with the line and column
 * (1-based, of the byte at fault) and a message such as "expected '=', found 'x'". Assembler
 * errors keep the assembler's status and are located in the case file. Never aborts or prints. */
enum rdna_status rdna_case_parse(const char *text, size_t length, const char *name,
                                 struct rdna_case **out, struct rdna_diag *diag);

/* Accepts NULL. */
void rdna_case_destroy(struct rdna_case *c);

/* ---- [require] ---------------------------------------------------------------------------- */

/* `target`: default gfx1030. */
enum rdna_target rdna_case_target(const struct rdna_case *c);
/* `wave`: enum rdna_case_wave bits, never 0; default RDNA_CASE_WAVE32. */
unsigned rdna_case_waves(const struct rdna_case *c);
/* `vgprs`: the VGPR allocation, 1..RDNA_CASE_MAX_VGPRS; default 256. */
unsigned rdna_case_vgprs(const struct rdna_case *c);
/* `workgroup X Y Z` (lanes per workgroup) and `grid X Y Z` (workgroups): each 1 or more; missing
 * components are 1; default 1 1 1. For a wave size W, a workgroup holds ceil(X*Y*Z / W) waves. */
void rdna_case_workgroup(const struct rdna_case *c, unsigned size[3]);
void rdna_case_grid(const struct rdna_case *c, unsigned size[3]);
/* The LDS allocation per workgroup: `lds BYTES` (0..65536, default 0) rounded up to the
 * hardware's 512-byte granule, which is what LDS accesses are bounded by. */
unsigned rdna_case_lds(const struct rdna_case *c);
/* `steps N`: the per-wave step limit; default 1000000. */
uint64_t rdna_case_steps(const struct rdna_case *c);
/* `mode N`: the MODE hardware register at dispatch (round modes, denormal modes, DX10_CLAMP,
 * IEEE: what a kernel descriptor sets); default 0. */
uint32_t rdna_case_mode(const struct rdna_case *c);

/* ---- regions: [buffer] and [program] ------------------------------------------------------ */

struct rdna_case_region {
   const char *name; /* owned by the case */
   uint64_t address; /* guest address of the first byte */
   uint64_t size;    /* the span reserved (see rdna_case_parse); a buffer's size */
   bool is_program;  /* [program] rather than [buffer] */
   bool fixed;       /* placed by `@ADDR` */
   unsigned line;    /* the section header's line */
};

/* Number of regions, in file order. */
size_t rdna_case_region_count(const struct rdna_case *c);
/* Fills *region for index < count; false otherwise. */
bool rdna_case_region(const struct rdna_case *c, size_t index, struct rdna_case_region *region);
/* Index of the region named `name`, or -1. */
long rdna_case_find_region(const struct rdna_case *c, const char *name);
/* The initial bytes of region `index` for `wave_size` (32 or 64): a buffer's contents (the same
 * for both sizes, `size` bytes, unwritten bytes 0) or a program's assembled code (little-endian
 * words, at most the region's size). NULL with *size 0 when the index or the wave size is not one
 * of the case's. */
const uint8_t *rdna_case_region_bytes(const struct rdna_case *c, size_t index, unsigned wave_size,
                                      size_t *size);
/* The entry point: the address of the first [program]. */
uint64_t rdna_case_entry(const struct rdna_case *c);

/* ---- [init] ------------------------------------------------------------------------------- */

/* Initial value of a scalar register for `wave_size`: `code` is an enum rdna_reg scalar code
 * (0..105 SGPRs, VCC_LO/HI, TTMP0..15, M0, EXEC_LO/HI) or RDNA_REG_SCC. Registers [init] leaves
 * alone are 0, except EXEC, which is all lanes of the wave. In wave32 `exec` and `vcc` name the
 * low halves. Later lines override earlier ones. Returns OUT_OF_RANGE with a diagnostic at the
 * [init] line when the value does not fit (a 32-bit register takes values whose bits above 31
 * are all 0 or all 1; SCC takes 0 or 1), BAD_ARGUMENT for a code or wave size out of range. */
enum rdna_status rdna_case_init_sreg(const struct rdna_case *c, unsigned wave_size, unsigned code,
                                     uint32_t *value, struct rdna_diag *diag);
/* Initial value of VGPR `reg` in `lane` for `wave_size` (default 0), as above. */
enum rdna_status rdna_case_init_vgpr(const struct rdna_case *c, unsigned wave_size, unsigned reg,
                                     unsigned lane, uint32_t *value, struct rdna_diag *diag);
/* Whether [init] writes VGPR `reg` at all (a loader may skip the others). */
bool rdna_case_init_writes_vgpr(const struct rdna_case *c, unsigned reg);
/* Whether [init] gives scalar register `code` (as for rdna_case_init_sreg, RDNA_REG_SCC
 * included) a value or a dispatch id at `wave_size` (in wave64 `exec` and `vcc` name pairs). */
bool rdna_case_init_writes_sreg(const struct rdna_case *c, unsigned wave_size, unsigned code);

/* Dispatch ids an [init] line places instead of a value: `v0 = local_id.x`, `v[0:2] = local_id`
 * (the work-item id within the workgroup, per lane: X, Y, Z in turn over a range), `s8 =
 * group_id.y`, `s[8:10] = group_id` (the workgroup id, per wave), `s11 = wave_id * 8192` (the
 * wave's index in the dispatch, workgroup-major, times an optional constant: a per-wave private
 * segment offset). They override plain values given to the same register, wherever they stand. */
enum rdna_case_id {
   RDNA_CASE_ID_NONE,
   RDNA_CASE_LOCAL_ID,
   RDNA_CASE_GROUP_ID,
   RDNA_CASE_WAVE_ID,
};

/* Whether [init] places a dispatch id in scalar register `code` / VGPR `reg`; if so sets *kind
 * and *component (0 X, 1 Y, 2 Z), either may be NULL. The last line naming it wins. */
bool rdna_case_init_sreg_id(const struct rdna_case *c, unsigned code, enum rdna_case_id *kind,
                            unsigned *component);
bool rdna_case_init_vgpr_id(const struct rdna_case *c, unsigned reg, enum rdna_case_id *kind,
                            unsigned *component);
/* The factor a `wave_id * N` line multiplies the wave index by in scalar register `code` (1
 * without one); 0 when no wave_id line names the register. */
uint32_t rdna_case_init_sreg_id_scale(const struct rdna_case *c, unsigned code);

/* ---- [expect] ----------------------------------------------------------------------------- */

/* The final state of one wave, read through callbacks (a backend adapter fills this in). */
struct rdna_case_state {
   void *user;
   /* A scalar register by enum rdna_reg code, as for rdna_case_init_sreg (RDNA_REG_SCC: 0/1). */
   uint32_t (*read_sreg)(void *user, unsigned code);
   /* VGPR `reg` of `lane`; reg < the allocation, lane < the wave size. */
   uint32_t (*read_vgpr)(void *user, unsigned reg, unsigned lane);
   /* Copies `size` bytes at guest `address`; false when any byte is unmapped. */
   bool (*read_memory)(void *user, uint64_t address, void *bytes, size_t size);
   /* The fault kind ("none" when the wave did not fault; compared ignoring case, so the
    * interpreter's rdna_fault_kind_name() fits) and, when it faulted, its PC. */
   const char *(*fault)(void *user, uint64_t *pc);
   /* The lanes the wave has, one bit each: a partial last wave of a workgroup has fewer than the
    * wave size. 0: all of them. */
   uint64_t lanes;
};

/* A failed expectation: the [expect] line and column it comes from and what differs. */
struct rdna_case_failure {
   unsigned line;
   unsigned column;
   char message[256];
};

/* Checks every [expect] line against `state` for `wave_size`. VGPR expectations cover the lanes
 * that the initial EXEC enables and the wave has (state->lanes). For each failed line calls
 * `report` (may be NULL) once, in file order; sets *failures to their number. Returns OK when the
 * check ran (failures or not), or the status of an evaluation error (a division by zero in an
 * expression, a value list of the wrong length), which is also reported as a failure. */
enum rdna_status
rdna_case_check(const struct rdna_case *c, unsigned wave_size, const struct rdna_case_state *state,
                void (*report)(void *user, const struct rdna_case_failure *failure),
                void *report_user, unsigned *failures);

/* Number of [expect] lines. */
size_t rdna_case_expect_count(const struct rdna_case *c);

/* ---- [diff] ------------------------------------------------------------------------------- */

/* Number of `todo(BACKEND) reason` lines; `backend` and `reason` of line `index` (owned by the
 * case; reason may be ""). False when index is out of range. */
size_t rdna_case_todo_count(const struct rdna_case *c);
bool rdna_case_todo(const struct rdna_case *c, size_t index, const char **backend,
                    const char **reason);
/* Whether a todo names `backend` ("recomp", "interp", ...). */
bool rdna_case_has_todo(const struct rdna_case *c, const char *backend);
/* The reason of the first todo line naming `backend` (owned by the case; may be ""), or NULL. */
const char *rdna_case_todo_reason(const struct rdna_case *c, const char *backend);

/* ---- expressions -------------------------------------------------------------------------- */

/* Evaluates one expression of the case grammar (integers, + - * / % << >> & | ^ ~, parentheses,
 * `&name` of a region of `c` (may be NULL when none is named), and the variables `lane`, `reg`,
 * `i` given here) with 64-bit wrapping arithmetic. For tools and tests. */
enum rdna_status rdna_case_eval(const struct rdna_case *c, const char *text, uint64_t lane,
                                uint64_t reg, uint64_t i, uint64_t *value, struct rdna_diag *diag);

#endif
