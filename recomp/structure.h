/* The structured form's plan (recomp/README.md, "Control flow"): which basic blocks are cases of
 * the dispatcher loop, and how the blocks of each case nest into SPIR-V structured constructs.
 *
 * A case is a run of consecutive blocks [first, end) by address. Inside it, the static edges of
 * s_branch, s_cbranch_* and fall-through become structured control flow: a conditional branch
 * forward over blocks entered only from inside the skipped run opens a selection whose merge is
 * the target (if-then), or, when the skipped run ends with an s_branch forward past the target
 * over blocks entered only from the two runs, whose merge is that branch's target (if-else); a
 * backward branch to a block closes a loop whose body is the run from
 * that header to the latch, when no block after the header is entered from outside the run; a
 * branch to the innermost loop's header or exit is a continue or break, to the innermost
 * selection's merge a branch there. Every other edge (calls, returns, computed targets, branches
 * that cross constructs, irreducible flow) stores the target PC and leaves for the dispatcher,
 * and its target is a case start. The plan is computed to a fixpoint: an edge that must go
 * through the dispatcher makes its target a case start, which can undo constructs around it. */
#ifndef RDNA_RECOMP_STRUCTURE_H
#define RDNA_RECOMP_STRUCTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "rdna/status.h"
#include "recomp/cfg.h"

/* What a block's last instruction does. */
enum st_term {
   ST_FALL,    /* on to the next block */
   ST_BRANCH,  /* s_branch to a block of the range */
   ST_CBRANCH, /* s_cbranch_* to a block of the range, or on */
   ST_OTHER    /* anything else: the next PC is the instruction's (l->next_pc) */
};

/* Where an edge goes in the structured code. */
enum st_edge {
   ST_NEXT,     /* the next item of the plan: the code goes straight on */
   ST_MERGE,    /* the innermost selection's merge */
   ST_CONTINUE, /* the innermost loop's header, through its continue target */
   ST_BREAK,    /* the innermost loop's exit */
   ST_EXIT      /* store the target's PC and leave for the dispatcher */
};

enum st_item_kind {
   ST_ITEM_BLOCK,      /* a block, then its terminator's edges */
   ST_ITEM_ELSE,       /* the taken path of the last open if-else block starts */
   ST_ITEM_IF_END,     /* closes the selection opened by the last open if-then or if-else */
   ST_ITEM_LOOP_BEGIN, /* opens a loop; its header is the next block */
   ST_ITEM_LOOP_END,
};

struct st_item {
   enum st_item_kind kind;
   size_t block; /* ST_ITEM_BLOCK: index into cfg.blocks */
   bool if_then; /* a conditional branch that skips the items up to the matching IF_END */
   bool if_else; /* one whose not-taken items run up to ELSE, the taken ones up to IF_END */
   enum st_edge taken, fall; /* ST_BRANCH: taken; ST_FALL: fall; ST_CBRANCH: both */
};

struct st_case {
   size_t first, end;            /* blocks [first, end) */
   size_t first_item, num_items; /* into structure.items */
   bool falls_out;               /* control reaches the end of the last item: exits to `end` */
};

struct structure {
   struct st_case *cases;
   size_t num_cases;
   struct st_item *items;
   size_t num_items, cap_items;
   size_t first_block, num_blocks; /* the range planned */
   enum st_term *term;             /* per block of the range (index - first_block) */
   long *target, *fall;            /* the static successors, block indices; -1 none */
};

/* Plans blocks [first, end) of `cfg` (a whole program, or a batch window's blocks). `structured`
 * false gives the dispatch form: every block its own case, every edge through the dispatcher.
 * Fails only for NO_MEMORY. */
enum rdna_status structure_plan(const struct cfg *cfg, size_t first, size_t end, bool structured,
                                struct structure *s);
void structure_free(struct structure *s);

#endif
