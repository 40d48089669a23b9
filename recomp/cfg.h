/* Code discovery for the recompiler: the instructions reachable from the entry point and from
 * the start of every program region (decoded with rdna_decode over the case's program bytes),
 * and the basic blocks they form. A block starts at the entry, a region start, a branch or call
 * target, or after an instruction that ends a block (a branch, jump, call, s_endpgm, s_trap, an
 * instruction that can fault at run time, or bytes that decode to nothing). Jumps to run-time
 * values can also reach entries taken from the case's data or every dword of the code
 * (enum rdna_entry_points): code decoded from there can overlap the instructions found before,
 * as the interpreter's fetch decodes whatever dword the PC names. */
#ifndef RDNA_RECOMP_CFG_H
#define RDNA_RECOMP_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/isa.h"
#include "rdna/recomp.h"

struct cfg_inst {
   uint64_t pc;
   struct rdna_inst inst;
   bool illegal;  /* the bytes decode to no instruction: executing them faults */
   uint32_t word; /* the first dword (for an illegal instruction's message) */
   bool leader;   /* a block starts here */
   /* reached only from entries taken from the data or from every dword (not from the entry,
    * region starts and the targets discovery computes): the bytes may be no code */
   bool speculative;
};

struct cfg_block {
   uint64_t start;
   size_t first, count; /* indices into cfg.insts */
   /* Control can reach the block other than by s_branch, s_cbranch_* or a conditional branch's
    * fall-through: the entry, a region start, a call target or return point, a computed target,
    * after a jump, s_endpgm, s_barrier or an undecodable word (recomp/structure.c). */
   bool dynamic;
};

struct cfg {
   struct cfg_inst *insts; /* sorted by pc */
   size_t num_insts;
   struct cfg_block *blocks; /* sorted by start */
   size_t num_blocks;
   /* an s_setpc_b64 / s_swappc_b64 whose target discovery could not compute (a return, a
    * pointer loaded or passed in): at run time it can reach any instruction */
   bool unresolved_jumps;
   /* dword-aligned code addresses found in the case's initial data, each made a block start
    * that the dispatcher reaches (RDNA_ENTRIES_DEFAULT with unresolved jumps) */
   size_t data_entries;
};

/* Code at a guest address. */
struct cfg_program {
   uint64_t address;
   const uint8_t *bytes;
   size_t size;
};

/* Discovers the code of `c` for `wave_size` with the default entries. Fails only for NO_MEMORY
 * or a case without code. */
enum rdna_status cfg_build(const struct rdna_case *c, const struct rdna_isa_config *isa,
                           struct cfg *cfg, struct rdna_diag *diag);
/* The same with the entries a jump to a run-time value can reach chosen by `entries`. */
enum rdna_status cfg_build_entries(const struct rdna_case *c, const struct rdna_isa_config *isa,
                                   enum rdna_entry_points entries, struct cfg *cfg,
                                   struct rdna_diag *diag);
/* The same over explicit programs, walking from `entry` and every program's start. */
enum rdna_status cfg_build_programs(const struct cfg_program *programs, size_t num_programs,
                                    uint64_t entry, const struct rdna_isa_config *isa,
                                    struct cfg *cfg, struct rdna_diag *diag);
void cfg_free(struct cfg *cfg);
/* Whether an instruction ends its block. */
bool cfg_ends_block(const struct rdna_inst *inst);
/* Whether it ends its block by transferring control or leaving the dispatcher (a branch, jump,
 * call, s_endpgm, s_barrier or an unknown row), rather than only because it can fault. */
bool cfg_transfers(const struct rdna_inst *inst);
/* s_branch and the s_cbranch_* rows on SCC, VCC and EXEC: branches whose successors are known
 * when recompiling. */
bool cfg_static_branch(const struct rdna_inst *inst);
/* The static target of a PC-relative branch or s_call_b64 at `pc`; false when it has none. */
bool cfg_branch_target(const struct rdna_inst *inst, uint64_t pc, uint64_t *target);
/* The index of the block starting at `pc`, or -1. */
long cfg_find_block(const struct cfg *cfg, uint64_t pc);

#endif
