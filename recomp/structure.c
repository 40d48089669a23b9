/* The structured form's plan (recomp/structure.h): block terminators and predecessors, then a
 * walk of every case's blocks in address order that nests if-then selections and natural loops,
 * repeated until no edge makes a new case start. */
#include "recomp/structure.h"

#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

struct planner {
   const struct cfg *cfg;
   size_t first, end;
   struct structure *s;
   bool *case_start;
   bool *via_dispatcher;    /* a static branch reaches the block through the dispatcher */
   long *pred_lo, *pred_hi; /* lowest and highest static predecessor; -1 / -1 for none */
   bool structured, changed, no_memory;
};

/* The innermost constructs around a walk: loop header and exit, selection merge (-1: none). */
struct scope {
   long loop_header, loop_exit, merge;
};

#define AT(p, array, i) ((p)->array[(size_t)(i) - (p)->first])

static long block_at(const struct planner *p, uint64_t pc)
{
   long i = cfg_find_block(p->cfg, pc);
   return i >= (long)p->first && i < (long)p->end ? i : -1;
}

static void classify_terminators(struct planner *p)
{
   const struct cfg *cfg = p->cfg;
   for (size_t i = p->first; i < p->end; i++) {
      const struct cfg_block *blk = &cfg->blocks[i];
      const struct cfg_inst *last = &cfg->insts[blk->first + blk->count - 1];
      uint64_t next = last->pc + last->inst.size;
      long fall = i + 1 < p->end && cfg->blocks[i + 1].start == next ? (long)i + 1 : -1;
      enum st_term term = ST_OTHER;
      long target = -1;
      uint64_t address;
      if (last->illegal)
         term = ST_OTHER;
      else if (cfg_static_branch(&last->inst) &&
               cfg_branch_target(&last->inst, last->pc, &address)) {
         target = block_at(p, address);
         bool conditional = last->inst.op != RDNA_OP_s_branch;
         if (target < 0 || (conditional && fall < 0)) {
            /* one side leaves the code (or its range): the branch goes through the
             * dispatcher, so the side that stays must be a case of it */
            if (target >= 0)
               AT(p, via_dispatcher, target) = true;
            if (conditional && fall >= 0)
               AT(p, via_dispatcher, fall) = true;
            term = ST_OTHER, target = -1;
         } else if (conditional && target == fall)
            term = ST_FALL, target = -1;
         else
            term = conditional ? ST_CBRANCH : ST_BRANCH;
      } else if (!cfg_transfers(&last->inst) && fall >= 0)
         term = ST_FALL;
      if (!p->structured) /* the dispatch form: every edge through the dispatcher */
         term = ST_OTHER;
      if (term == ST_BRANCH || term == ST_OTHER)
         fall = -1;
      AT(p, s->term, i) = term;
      AT(p, s->target, i) = target;
      AT(p, s->fall, i) = fall;
   }
}

static void add_pred(struct planner *p, long to, long from)
{
   if (to < 0)
      return;
   if (AT(p, pred_lo, to) < 0 || from < AT(p, pred_lo, to))
      AT(p, pred_lo, to) = from;
   if (from > AT(p, pred_hi, to))
      AT(p, pred_hi, to) = from;
}

static void mark_case_start(struct planner *p, long block)
{
   if (block >= 0 && !AT(p, case_start, block)) {
      AT(p, case_start, block) = true;
      p->changed = true;
   }
}

static void add_item(struct planner *p, struct st_item item)
{
   struct structure *s = p->s;
   if (s->num_items == s->cap_items) {
      size_t cap = s->cap_items ? s->cap_items * 2 : 64;
      struct st_item *items = realloc(s->items, cap * sizeof(*items));
      if (!items) {
         p->no_memory = true;
         return;
      }
      s->items = items;
      s->cap_items = cap;
   }
   s->items[s->num_items++] = item;
}

/* Every block of [lo, hi) is entered only from blocks of [from_lo, from_hi) and is no case
 * start. */
static bool entered_only_from(const struct planner *p, long lo, long hi, long from_lo, long from_hi)
{
   for (long x = lo; x < hi; x++) {
      if (AT(p, case_start, x))
         return false;
      long a = AT(p, pred_lo, x), b = AT(p, pred_hi, x);
      if (a >= 0 && (a < from_lo || b >= from_hi))
         return false;
   }
   return true;
}

/* The edge to block `t` (-1: none) from inside the walk under `scope`. */
static enum st_edge classify(struct planner *p, long t, const struct scope *scope)
{
   if (t >= 0 && t == scope->merge)
      return ST_MERGE;
   if (t >= 0 && t == scope->loop_header)
      return ST_CONTINUE;
   if (t >= 0 && t == scope->loop_exit)
      return ST_BREAK;
   mark_case_start(p, t);
   return ST_EXIT;
}

/* The latch of a loop headed by k inside [k, hi): the last block branching back to k, when the
 * blocks after k up to it are entered only from the loop; -1 otherwise. */
static long loop_latch(const struct planner *p, long k, long hi)
{
   long latch = -1;
   for (long j = k; j < hi; j++) {
      enum st_term term = AT(p, s->term, j);
      if ((term == ST_BRANCH || term == ST_CBRANCH) && AT(p, s->target, j) == k)
         latch = j;
   }
   if (latch < 0 || !entered_only_from(p, k + 1, latch + 1, k, latch + 1))
      return -1;
   return latch;
}

/* Every static branch and fall-through of blocks [lo, hi) stays in [lo, merge] or continues or
 * breaks the loop of `scope`: the body of a selection merging at `merge` has no edge that would
 * leave it for the dispatcher. NVIDIA's
 * compiler lost a register write made before such a conditional exit from a nested selection
 * (corpus/flow/exec_zero_before_nested_exit.case), so a body with one is not made a selection:
 * its branch leaves through the dispatcher at the outer level instead. */
static bool stays(long t, long lo, long merge, const struct scope *scope)
{
   return (t >= lo && t <= merge) || t == scope->loop_header || t == scope->loop_exit;
}

static bool body_stays(const struct planner *p, long lo, long hi, long merge,
                       const struct scope *scope)
{
   for (long j = lo; j < hi; j++) {
      enum st_term term = AT(p, s->term, j);
      long target = AT(p, s->target, j), fall = AT(p, s->fall, j);
      if ((term == ST_BRANCH || term == ST_CBRANCH) && !stays(target, lo, merge, scope))
         return false;
      if ((term == ST_FALL || term == ST_CBRANCH) && fall >= 0 && !stays(fall, lo, merge, scope))
         return false;
   }
   return true;
}

/* Plans blocks [lo, hi) entered at lo; `header_done`: lo heads the loop being planned. Returns
 * whether control can fall out to hi. */
static bool walk(struct planner *p, long lo, long hi, struct scope scope, bool header_done)
{
   bool open = true;
   long k = lo;
   while (k < hi && !p->no_memory) {
      if (!open) { /* nothing inside reaches k: only the dispatcher can */
         mark_case_start(p, k);
         return false;
      }
      if (!(k == lo && header_done)) {
         long latch = loop_latch(p, k, hi);
         if (latch >= 0) {
            add_item(p, (struct st_item){ .kind = ST_ITEM_LOOP_BEGIN, .block = (size_t)k });
            struct scope inner = { .loop_header = k, .loop_exit = latch + 1, .merge = -1 };
            walk(p, k, latch + 1, inner, true);
            add_item(p, (struct st_item){ .kind = ST_ITEM_LOOP_END, .block = (size_t)k });
            k = latch + 1;
            continue;
         }
      }
      enum st_term term = AT(p, s->term, k);
      long target = AT(p, s->target, k), fall = AT(p, s->fall, k);
      struct st_item item = { .kind = ST_ITEM_BLOCK, .block = (size_t)k };
      long join = target > k + 1 && AT(p, s->term, target - 1) == ST_BRANCH
                     ? AT(p, s->target, target - 1)
                     : -1;
      if (term == ST_CBRANCH && fall == k + 1 && join > target && join <= hi &&
          entered_only_from(p, k + 1, target, k, target) &&
          entered_only_from(p, target, join, k, join) &&
          body_stays(p, k + 1, target, join, &scope) && body_stays(p, target, join, join, &scope)) {
         item.if_else = true;
         add_item(p, item);
         struct scope inner = scope;
         inner.merge = join;
         walk(p, k + 1, target, inner, false);
         add_item(p, (struct st_item){ .kind = ST_ITEM_ELSE, .block = (size_t)k });
         walk(p, target, join, inner, false);
         add_item(p, (struct st_item){ .kind = ST_ITEM_IF_END, .block = (size_t)k });
         k = join;
         continue;
      }
      if (term == ST_CBRANCH && target > k + 1 && target <= hi && fall == k + 1 &&
          entered_only_from(p, k + 1, target, k, target) &&
          body_stays(p, k + 1, target, target, &scope)) {
         item.if_then = true;
         add_item(p, item);
         struct scope inner = scope;
         inner.merge = target;
         walk(p, k + 1, target, inner, false);
         add_item(p, (struct st_item){ .kind = ST_ITEM_IF_END, .block = (size_t)k });
         k = target;
         continue;
      }
      bool next_follows = fall == k + 1 && k + 1 < hi;
      switch (term) {
      case ST_FALL:
         item.fall = next_follows ? ST_NEXT : classify(p, fall, &scope);
         open = next_follows;
         break;
      case ST_BRANCH:
         next_follows = target == k + 1 && k + 1 < hi;
         item.taken = next_follows ? ST_NEXT : classify(p, target, &scope);
         open = next_follows;
         break;
      case ST_CBRANCH:
         item.taken = classify(p, target, &scope);
         if (item.taken == ST_MERGE) { /* only a plain branch may leave a nested selection */
            mark_case_start(p, target);
            item.taken = ST_EXIT;
         }
         item.fall = next_follows ? ST_NEXT : classify(p, fall, &scope);
         open = next_follows;
         break;
      case ST_OTHER:
         open = false;
         break;
      }
      add_item(p, item);
      k++;
   }
   return open;
}

static bool plan_cases(struct planner *p, bool structured)
{
   struct structure *s = p->s;
   s->num_cases = 0;
   s->num_items = 0;
   for (size_t i = p->first; i < p->end; i++) {
      if (i != p->first && !AT(p, case_start, i))
         continue;
      size_t end = i + 1;
      while (structured && end < p->end && !AT(p, case_start, end))
         end++;
      struct st_case *c = &s->cases[s->num_cases++];
      c->first = i;
      c->end = end;
      c->first_item = s->num_items;
      struct scope top = { .loop_header = -1, .loop_exit = -1, .merge = -1 };
      if (structured) {
         c->falls_out = walk(p, (long)i, (long)end, top, false);
      } else {
         add_item(p, (struct st_item){ .kind = ST_ITEM_BLOCK, .block = i });
         c->falls_out = false;
      }
      c->num_items = s->num_items - c->first_item;
      if (p->no_memory)
         return false;
   }
   return true;
}

enum rdna_status structure_plan(const struct cfg *cfg, size_t first, size_t end, bool structured,
                                struct structure *s)
{
   memset(s, 0, sizeof(*s));
   size_t n = end > first ? end - first : 0;
   s->first_block = first;
   s->num_blocks = n;
   struct planner p = { .cfg = cfg, .first = first, .end = end, .s = s, .structured = structured };
   s->cases = calloc(n ? n : 1, sizeof(*s->cases));
   s->term = calloc(n ? n : 1, sizeof(*s->term));
   s->target = calloc(n ? n : 1, sizeof(*s->target));
   s->fall = calloc(n ? n : 1, sizeof(*s->fall));
   p.case_start = calloc(n ? n : 1, sizeof(*p.case_start));
   p.via_dispatcher = calloc(n ? n : 1, sizeof(*p.via_dispatcher));
   p.pred_lo = malloc((n ? n : 1) * sizeof(*p.pred_lo));
   p.pred_hi = malloc((n ? n : 1) * sizeof(*p.pred_hi));
   bool ok = s->cases && s->term && s->target && s->fall && p.case_start && p.via_dispatcher &&
             p.pred_lo && p.pred_hi;
   if (ok) {
      classify_terminators(&p);
      for (size_t i = 0; i < n; i++)
         p.pred_lo[i] = p.pred_hi[i] = -1;
      for (size_t i = first; i < end; i++) {
         add_pred(&p, AT(&p, s->target, i), (long)i);
         add_pred(&p, AT(&p, s->fall, i), (long)i);
      }
      for (size_t i = first; i < end; i++) {
         const struct cfg_block *blk = &cfg->blocks[i];
         /* a block no static edge reaches is entered by the dispatcher alone */
         AT(&p, case_start, i) = !structured || i == first || blk->dynamic ||
                                 AT(&p, pred_lo, i) < 0 || AT(&p, via_dispatcher, i);
      }
      do {
         p.changed = false;
         ok = plan_cases(&p, structured);
      } while (ok && p.changed);
   }
   free(p.case_start);
   free(p.via_dispatcher);
   free(p.pred_lo);
   free(p.pred_hi);
   if (!ok) {
      structure_free(s);
      return RDNA_NO_MEMORY;
   }
   return RDNA_OK;
}

void structure_free(struct structure *s)
{
   free(s->cases);
   free(s->items);
   free(s->term);
   free(s->target);
   free(s->fall);
   memset(s, 0, sizeof(*s));
}
