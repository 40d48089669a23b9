/* Differential batches (include/rdna/batch.h): the cases that can share a module are written
 * into one combined case file (every region at its own address, programs as raw words), which
 * the recompiler lowers once in batch mode; each case's initial state goes into its slot of the
 * module's memory and state records, one dispatch runs them all, and the final state is cut back
 * per case for rdna_diff_compare against the interpreter's run of that case alone. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/batch.h"

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
      va_end(ap);
   }
   return status;
}

/* ---- which cases share the module ------------------------------------------------------------ */

/* What every case of one module must agree on. */
struct batch_shape {
   enum rdna_target target;
   unsigned vgprs, lds, workgroup[3];
   uint64_t steps;
};

static void shape_of(const struct rdna_case *c, struct batch_shape *s)
{
   memset(s, 0, sizeof(*s));
   s->target = rdna_case_target(c);
   s->vgprs = rdna_case_vgprs(c);
   s->lds = rdna_case_lds(c);
   rdna_case_workgroup(c, s->workgroup);
   s->steps = rdna_case_steps(c);
}

static bool same_shape(const struct batch_shape *a, const struct batch_shape *b)
{
   return a->target == b->target && a->vgprs == b->vgprs && a->lds == b->lds &&
          a->steps == b->steps && memcmp(a->workgroup, b->workgroup, sizeof(a->workgroup)) == 0;
}

/* The window all of the case's regions lie in; false when they span several or there are none. */
static bool window_of(const struct rdna_case *c, uint64_t *window)
{
   size_t n = rdna_case_region_count(c);
   for (size_t i = 0; i < n; i++) {
      struct rdna_case_region r;
      rdna_case_region(c, i, &r);
      uint64_t first = r.address / RDNA_BATCH_WINDOW;
      uint64_t last = (r.address + (r.size ? r.size - 1 : 0)) / RDNA_BATCH_WINDOW;
      if (first != last || (i > 0 && first != *window))
         return false;
      *window = first;
   }
   return n > 0;
}

/* Whether `b` is a variant of `a`: the same regions at the same addresses and the same program
 * bytes for `wave_size` (buffer contents and initial registers may differ), so one copy of the
 * module's code serves both (rdna_recomp_options.replicas). */
static bool same_program(const struct rdna_case *a, const struct rdna_case *b, unsigned wave_size)
{
   size_t n = rdna_case_region_count(a);
   if (rdna_case_region_count(b) != n || rdna_case_entry(a) != rdna_case_entry(b))
      return false;
   for (size_t i = 0; i < n; i++) {
      struct rdna_case_region ra, rb;
      rdna_case_region(a, i, &ra);
      rdna_case_region(b, i, &rb);
      if (ra.address != rb.address || ra.size != rb.size || ra.is_program != rb.is_program)
         return false;
      if (!ra.is_program)
         continue;
      size_t na = 0, nb = 0;
      const uint8_t *ba = rdna_case_region_bytes(a, i, wave_size, &na);
      const uint8_t *bb = rdna_case_region_bytes(b, i, wave_size, &nb);
      if (na != nb || (na && memcmp(ba, bb, na) != 0))
         return false;
   }
   return true;
}

static unsigned case_groups(const struct rdna_case *c)
{
   unsigned grid[3];
   rdna_case_grid(c, grid);
   return grid[0] * grid[1] * grid[2];
}

/* The first case of each window among cases[0..scanned): an open-addressed table that
 * first_of_window extends as its `i` grows, so a pass over the cases costs one window_of per case.
 * Zero-initialise; free(slots) when done. */
struct window_first {
   uint64_t window;
   size_t first; /* SIZE_MAX: an empty slot */
};
struct window_firsts {
   struct window_first *slots;
   size_t num_slots, used, scanned;
};

static struct window_first *window_slot(struct window_first *slots, size_t num_slots,
                                        uint64_t window)
{
   size_t at = (size_t)((window * 0x9e3779b97f4a7c15ull) >> 32) & (num_slots - 1);
   while (slots[at].first != SIZE_MAX && slots[at].window != window)
      at = (at + 1) & (num_slots - 1);
   return &slots[at];
}

/* Room for one more window (the table at most half full); false when out of memory. */
static bool window_firsts_reserve(struct window_firsts *t)
{
   if (2 * (t->used + 1) <= t->num_slots)
      return true;
   size_t num_slots = t->num_slots ? 2 * t->num_slots : 64;
   struct window_first *slots = malloc(num_slots * sizeof(*slots));
   if (!slots)
      return false;
   for (size_t k = 0; k < num_slots; k++)
      slots[k].first = SIZE_MAX;
   for (size_t k = 0; k < t->num_slots; k++)
      if (t->slots[k].first != SIZE_MAX)
         *window_slot(slots, num_slots, t->slots[k].window) = t->slots[k];
   free(t->slots);
   t->slots = slots;
   t->num_slots = num_slots;
   return true;
}

/* The first of cases[0..i] whose regions lie in `window` (i itself when none before it), by a
 * scan of them all. */
static size_t first_of_window_scan(const struct rdna_case *const *cases, size_t i, uint64_t window)
{
   for (size_t j = 0; j < i; j++) {
      uint64_t w = 0;
      if (cases[j] && window_of(cases[j], &w) && w == window)
         return j;
   }
   return i;
}

/* The first of cases[0..i] whose regions lie in `window` (i itself when none before it), from
 * the table `t`, extended to cases[0..i) first. */
static size_t first_of_window(const struct rdna_case *const *cases, size_t i, uint64_t window,
                              struct window_firsts *t)
{
   for (; t->scanned < i; t->scanned++) {
      uint64_t w = 0;
      const struct rdna_case *c = cases[t->scanned];
      if (!c || !window_of(c, &w))
         continue;
      if (!window_firsts_reserve(t))
         return first_of_window_scan(cases, i, window); /* out of memory: the same answer */
      struct window_first *slot = window_slot(t->slots, t->num_slots, w);
      if (slot->first == SIZE_MAX) {
         *slot = (struct window_first){ w, t->scanned };
         t->used++;
      }
   }
   if (!t->num_slots)
      return i; /* no case before i lies in a single window */
   const struct window_first *slot = window_slot(t->slots, t->num_slots, window);
   return slot->first != SIZE_MAX && slot->first < i ? slot->first : i;
}

/* ---- the combined case ----------------------------------------------------------------------- */

struct text {
   char *data;
   size_t len, cap;
   bool failed;
};

static void text_printf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void text_printf(struct text *t, const char *fmt, ...)
{
   while (!t->failed) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? t->cap - t->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0) {
         t->failed = true;
         return;
      }
      if (t->data && (size_t)n < t->cap - t->len) {
         t->len += (size_t)n;
         return;
      }
      size_t cap = (t->cap + (size_t)n + 1) * 2;
      char *grown = realloc(t->data, cap);
      if (!grown) {
         t->failed = true;
         return;
      }
      t->data = grown;
      t->cap = cap;
   }
}

static uint32_t word_at(const uint8_t *bytes, size_t size, size_t offset)
{
   uint32_t w = 0;
   for (unsigned i = 0; i < 4; i++)
      if (offset + i < size)
         w |= (uint32_t)bytes[offset + i] << (8 * i);
   return w;
}

/* Region `index` of `c` as a section of the combined case, named after its slot so names stay
 * unique: a buffer with its size and its bytes up to the last non-zero word, a program as the
 * words assembled for `wave_size`, padded with zeros to the region's size. */
static void write_region(struct text *t, const struct rdna_case *c, size_t slot, size_t index,
                         unsigned wave_size)
{
   struct rdna_case_region r;
   rdna_case_region(c, index, &r);
   size_t size = 0;
   const uint8_t *bytes = rdna_case_region_bytes(c, index, wave_size, &size);
   text_printf(t, "\n[%s b%zu_%zu @0x%llx]\n", r.is_program ? "program" : "buffer", slot, index,
               (unsigned long long)r.address);
   if (r.is_program) {
      for (uint64_t offset = 0; offset < r.size; offset += 4)
         text_printf(t, ".long 0x%08x\n", word_at(bytes, size, (size_t)offset));
      return;
   }
   text_printf(t, "size %llu\n", (unsigned long long)r.size);
   size_t end = size;
   while (end > 0 && bytes[end - 1] == 0)
      end--;
   for (size_t offset = 0; offset < end; offset += 4 * 8) {
      text_printf(t, "u32");
      for (size_t k = offset; k < offset + 4 * 8 && k < end; k += 4)
         text_printf(t, " 0x%08x", word_at(bytes, size, k));
      text_printf(t, "\n");
   }
}

static enum rdna_status combined_case(const struct rdna_case *const *cases, const size_t *members,
                                      size_t num_members, unsigned wave_size,
                                      struct rdna_case **out, struct rdna_diag *diag)
{
   const struct rdna_case *first = cases[members[0]];
   struct batch_shape s;
   shape_of(first, &s);
   unsigned groups = 0;
   for (size_t i = 0; i < num_members; i++)
      groups += case_groups(cases[members[i]]);
   struct text t = { NULL, 0, 0, false };
   text_printf(&t,
               "[require]\ntarget %s\nwave %u\nvgprs %u\nworkgroup %u %u %u\ngrid %u\nlds %u\n"
               "steps %llu\n",
               rdna_target_name(s.target), wave_size, s.vgprs, s.workgroup[0], s.workgroup[1],
               s.workgroup[2], groups, s.lds, (unsigned long long)s.steps);
   for (size_t i = 0; i < num_members; i++) {
      const struct rdna_case *c = cases[members[i]];
      for (size_t r = 0; r < rdna_case_region_count(c); r++)
         write_region(&t, c, i, r, wave_size);
   }
   if (t.failed) {
      free(t.data);
      return fail(diag, RDNA_NO_MEMORY, "out of memory for the batch's case text");
   }
   enum rdna_status st = rdna_case_parse(t.data, t.len, NULL, out, diag);
   free(t.data);
   return st;
}

/* ---- slots ----------------------------------------------------------------------------------- */

/* Where case `member` lies in the batch module: its regions (a run of the module's, with
 * offsets made relative to the first), its memory, waves and workgroups. `layout` is the
 * case's own view of the module interface: what a module of the case alone would have. */
struct slot {
   size_t case_index;
   bool filler; /* a replica no case of its window fills: it runs the window's first case and is
                 * not compared */
   size_t first_region;
   uint64_t memory_offset;
   unsigned first_wave, first_group, groups;
   struct rdna_module_layout layout;
   struct rdna_module_region *regions;
};

static enum rdna_status make_leader_slots(const struct rdna_case *const *cases,
                                          const size_t *members, size_t num_members,
                                          const struct rdna_module_layout *batch,
                                          struct slot *slots, struct rdna_diag *diag);

/* The slots of the window leaders (the first case of each window, whose regions the combined
 * case holds), then, for replicas r = 1 .. replicas - 1, a copy of them shifted by r replicas'
 * memory, waves and workgroups whose case is the window's r-th variant (or the leader again, as
 * a filler, when the window has fewer variants). */
static enum rdna_status make_slots(const struct rdna_case *const *cases, const size_t *leaders,
                                   size_t num_leaders, const size_t *variants,
                                   const size_t *num_variants, unsigned replicas,
                                   const struct rdna_module_layout *batch, struct slot *slots,
                                   struct rdna_diag *diag)
{
   enum rdna_status st = make_leader_slots(cases, leaders, num_leaders, batch, slots, diag);
   unsigned groups_per_replica = batch->grid[0] * batch->grid[1] * batch->grid[2];
   for (unsigned r = 1; r < replicas && st == RDNA_OK; r++) {
      for (size_t i = 0; i < num_leaders; i++) {
         struct slot *s = &slots[(size_t)r * num_leaders + i];
         *s = slots[i];
         s->regions = NULL;
         s->layout.regions = slots[i].regions;
         s->filler = r >= num_variants[i];
         if (!s->filler)
            s->case_index = variants[i * replicas + r];
         s->memory_offset += (uint64_t)r * batch->memory_bytes;
         s->first_group += r * groups_per_replica;
         s->first_wave = s->first_group * batch->waves_per_group;
      }
   }
   return st;
}

static enum rdna_status make_leader_slots(const struct rdna_case *const *cases,
                                          const size_t *members, size_t num_members,
                                          const struct rdna_module_layout *batch,
                                          struct slot *slots, struct rdna_diag *diag)
{
   size_t region = 0;
   unsigned group = 0;
   for (size_t i = 0; i < num_members; i++) {
      struct slot *s = &slots[i];
      const struct rdna_case *c = cases[members[i]];
      size_t n = rdna_case_region_count(c);
      if (region + n > batch->num_regions)
         return fail(diag, RDNA_INTERNAL, "the batch module lacks regions of case %zu", members[i]);
      s->case_index = members[i];
      s->first_region = region;
      s->memory_offset = batch->regions[region].offset;
      s->regions = calloc(n, sizeof(*s->regions));
      if (!s->regions)
         return fail(diag, RDNA_NO_MEMORY, "out of memory");
      uint64_t end = s->memory_offset;
      for (size_t r = 0; r < n; r++) {
         s->regions[r] = batch->regions[region + r];
         s->regions[r].offset -= s->memory_offset;
         end = batch->regions[region + r].offset + batch->regions[region + r].size;
      }
      region += n;
      s->groups = case_groups(c);
      s->first_group = group;
      s->first_wave = group * batch->waves_per_group;
      group += s->groups;
      s->layout = *batch;
      rdna_case_grid(c, s->layout.grid);
      s->layout.num_waves = s->groups * batch->waves_per_group;
      s->layout.memory_bytes = end - s->memory_offset;
      s->layout.num_regions = n;
      s->layout.regions = s->regions;
      s->layout.replicas = 1;
   }
   return RDNA_OK;
}

/* Writes every slot's initial memory and state records into the batch's. */
static enum rdna_status prepare_slots(const struct rdna_case *const *cases,
                                      const struct slot *slots, size_t num_slots,
                                      unsigned wave_size, uint64_t step_limit,
                                      const struct rdna_module_layout *batch, uint8_t *memory,
                                      uint32_t *state, struct rdna_diag *diag)
{
   for (size_t i = 0; i < num_slots; i++) {
      const struct slot *s = &slots[i];
      uint8_t *slot_memory = NULL;
      uint32_t *slot_state = NULL;
      enum rdna_status st = rdna_gpu_case_prepare(cases[s->case_index], wave_size, &s->layout,
                                                  step_limit, &slot_memory, &slot_state, diag);
      if (st == RDNA_OK) {
         memcpy(memory + s->memory_offset, slot_memory, (size_t)s->layout.memory_bytes);
         memcpy(state + (size_t)s->first_wave * batch->state_words, slot_state,
                (size_t)s->layout.num_waves * batch->state_words * sizeof(*state));
      }
      free(slot_memory);
      free(slot_state);
      if (st != RDNA_OK)
         return st;
   }
   return RDNA_OK;
}

/* The part of the batch's final state that is slot `s`'s, as a run of its own (pointers into
 * `run`: not to be freed). */
static void slot_view(const struct rdna_gpu_result *run, const struct slot *s,
                      struct rdna_gpu_result *view)
{
   *view = *run;
   view->memory = run->memory + s->memory_offset;
   view->memory_bytes = s->layout.memory_bytes;
   view->state = run->state + (size_t)s->first_wave * run->state_words;
   view->num_waves = s->layout.num_waves;
   view->lds = run->lds ? run->lds + (size_t)s->first_group * run->lds_bytes_per_group : NULL;
   view->workgroups = s->groups;
}

/* ---- running ------------------------------------------------------------------------------------
 */

static enum rdna_status recompile(struct rdna_gpu *gpu, const struct rdna_case *c,
                                  unsigned wave_size, const struct rdna_diff_options *o,
                                  uint64_t batch_window, unsigned replicas,
                                  struct rdna_module **module, struct rdna_diag *diag)
{
   struct rdna_recomp_options recomp;
   memset(&recomp, 0, sizeof(recomp));
   recomp.wave_size = wave_size;
   recomp.relative = o->relative;
   recomp.step_limit = o->step_limit;
   recomp.batch_window = batch_window;
   recomp.replicas = replicas;
   enum rdna_status st = rdna_gpu_subgroup_size(gpu, wave_size, &recomp.subgroup_size, diag);
   if (st == RDNA_OK)
      st = rdna_recomp_case(c, &recomp, module, diag);
   return st;
}

/* Case `index` alone through rdna_diff_case. DEVICE and NO_MEMORY stop the batch. */
static enum rdna_status run_alone(struct rdna_gpu *gpu, const struct rdna_case *c,
                                  unsigned wave_size, const struct rdna_diff_options *o,
                                  struct rdna_batch_case *bc, struct rdna_batch_result *result)
{
   uint64_t start = now_ns();
   bc->ran_alone = true;
   bc->alone_status = rdna_diff_case(gpu, c, wave_size, o, &bc->alone, &bc->alone_diag);
   result->alone_ns += now_ns() - start;
   if (bc->alone.gpu_run.compile_ns || bc->alone_status == RDNA_OK)
      result->pipelines++;
   if (!bc->batched) {
      bc->status = bc->alone_status;
      bc->diag = bc->alone_diag;
      bc->equal = bc->alone_status == RDNA_OK && bc->alone.equal;
      bc->total_divergences = bc->alone.total_divergences;
   } else if (bc->alone_status == RDNA_OK) {
      bc->equal = bc->alone.equal;
   }
   if (bc->alone_status == RDNA_DEVICE || bc->alone_status == RDNA_NO_DEVICE ||
       bc->alone_status == RDNA_NO_MEMORY)
      return bc->alone_status;
   return RDNA_OK;
}

/* Compares every slot with the interpreter's run of its case alone. */
static enum rdna_status compare_slots(const struct rdna_case *const *cases,
                                      const struct slot *slots, size_t num_slots,
                                      unsigned wave_size, const struct rdna_diff_options *o,
                                      const struct rdna_gpu_result *run,
                                      struct rdna_batch_result *result)
{
   for (size_t i = 0; i < num_slots; i++) {
      const struct slot *s = &slots[i];
      if (s->filler)
         continue;
      struct rdna_batch_case *bc = &result->cases[s->case_index];
      struct rdna_case_run_options interp;
      memset(&interp, 0, sizeof(interp));
      interp.step_limit = o->step_limit;
      interp.threads = o->interp_threads;
      struct rdna_case_result machine;
      uint64_t start = now_ns();
      bc->status = rdna_case_run(cases[s->case_index], wave_size, &interp, &machine, &bc->diag);
      result->interp_ns += now_ns() - start;
      if (bc->status == RDNA_OK) {
         struct rdna_gpu_result view;
         slot_view(run, s, &view);
         struct rdna_diff_result diff;
         memset(&diff, 0, sizeof(diff));
         bc->status = rdna_diff_compare(machine.machine, &view, &s->layout, 1, &diff);
         if (bc->status != RDNA_OK)
            fail(&bc->diag, bc->status, "the two backends' states could not be compared");
         bc->equal = bc->status == RDNA_OK && diff.equal;
         bc->total_divergences = diff.total_divergences;
         free(diff.divergences);
         free(diff.undefined_skips);
      }
      rdna_case_result_free(&machine);
      if (bc->status == RDNA_NO_MEMORY)
         return bc->status;
   }
   return RDNA_OK;
}

/* The members of a batch: window leaders (members[i], each in a window of its own) and the
 * variants of each (variants[i * replicas + r], r < num_variants[i]; r = 0 is the leader). */
struct batch_members {
   size_t *leaders, num_leaders;
   size_t *variants, *num_variants;
   unsigned replicas;
   size_t cases; /* members in all */
};

/* Builds, runs and compares the batch of `m` (cases that recompile alone). On a failure of the
 * batch itself (its recompile or its run) that is not the device's, *fallback is set and the
 * members are to run alone. */
static enum rdna_status run_batch(struct rdna_gpu *gpu, const struct rdna_case *const *cases,
                                  const struct batch_members *m, unsigned wave_size,
                                  const struct rdna_diff_options *o,
                                  struct rdna_batch_result *result, bool *fallback,
                                  struct rdna_diag *diag)
{
   *fallback = false;
   const size_t *members = m->leaders;
   size_t num_members = m->num_leaders;
   size_t num_slots = num_members * m->replicas;
   struct rdna_case *combined = NULL;
   struct rdna_module *module = NULL;
   struct slot *slots = calloc(num_slots, sizeof(*slots));
   uint8_t *memory = NULL;
   uint32_t *state = NULL;
   struct rdna_gpu_result run;
   memset(&run, 0, sizeof(run));
   if (!slots)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   uint64_t start = now_ns();
   enum rdna_status st = combined_case(cases, members, num_members, wave_size, &combined, diag);
   if (st == RDNA_OK)
      st = recompile(gpu, combined, wave_size, o, RDNA_BATCH_WINDOW, m->replicas, &module, diag);
   result->recompile_ns += now_ns() - start;
   const struct rdna_module_layout *layout = rdna_module_layout(module);
   if (st == RDNA_OK)
      st = make_slots(cases, members, num_members, m->variants, m->num_variants, m->replicas,
                      layout, slots, diag);
   if (st == RDNA_OK) {
      size_t bytes = (size_t)layout->memory_bytes * m->replicas;
      memory = calloc(bytes ? bytes : 1, 1);
      state = calloc((size_t)layout->num_waves * m->replicas * layout->state_words, sizeof(*state));
      if (!memory || !state)
         st = fail(diag, RDNA_NO_MEMORY, "out of memory for the batch's initial state");
   }
   if (st == RDNA_OK)
      st = prepare_slots(cases, slots, num_slots, wave_size, o->step_limit, layout, memory, state,
                         diag);
   size_t num_words = 0;
   const uint32_t *words = rdna_module_words(module, &num_words);
   uint32_t *edited = NULL;
   if (st == RDNA_OK && o->edit_module) {
      edited = malloc(num_words * sizeof(*edited));
      if (!edited)
         st = fail(diag, RDNA_NO_MEMORY, "out of memory");
      else {
         memcpy(edited, words, num_words * sizeof(*edited));
         o->edit_module(o->edit_user, edited, num_words);
         words = edited;
      }
   }
   if (st == RDNA_OK) {
      /* The driver's compile grows with the programs (lavapipe: seconds each): a minute per
       * case, five at least, before it counts as hung. */
      uint64_t per_case = 60ull * 1000000000ull, least = 300ull * 1000000000ull;
      uint64_t compile = num_members * per_case > least ? num_members * per_case : least;
      /* replicas share the code: they add run time, not compile time */
      struct rdna_gpu_run_options options = { o->timeout_ns, compile };
      st = rdna_gpu_run(gpu, words, num_words, layout, memory, state, &options, &run, diag);
      result->pipelines++;
      result->compile_ns += run.compile_ns;
      result->run_ns += run.run_ns;
      result->spirv_words = num_words;
   }
   free(edited);
   free(memory);
   free(state);
   if (st == RDNA_OK) {
      for (size_t i = 0; i < num_slots; i++)
         if (!slots[i].filler)
            result->cases[slots[i].case_index].batched = true;
      result->batched += m->cases;
      st = compare_slots(cases, slots, num_slots, wave_size, o, &run, result);
   } else if (st != RDNA_DEVICE && st != RDNA_NO_DEVICE && st != RDNA_NO_MEMORY) {
      *fallback = true;
      st = RDNA_OK;
   }
   rdna_gpu_result_free(&run);
   for (size_t i = 0; i < num_members; i++)
      free(slots[i].regions);
   free(slots);
   rdna_module_destroy(module);
   rdna_case_destroy(combined);
   return st;
}

enum rdna_status rdna_diff_batch(struct rdna_gpu *gpu, const struct rdna_case *const *cases,
                                 size_t count, unsigned wave_size,
                                 const struct rdna_diff_options *options,
                                 struct rdna_batch_result *result, struct rdna_diag *diag)
{
   if (!result)
      return fail(diag, RDNA_BAD_ARGUMENT, "no result");
   memset(result, 0, sizeof(*result));
   if (!gpu || !cases || count == 0)
      return fail(diag, RDNA_BAD_ARGUMENT, "no device or no cases");
   struct rdna_diff_options o;
   memset(&o, 0, sizeof(o));
   if (options)
      o = *options;
   result->cases = calloc(count, sizeof(*result->cases));
   size_t *leaders = calloc(count, sizeof(*leaders));
   uint64_t *windows = calloc(count, sizeof(*windows));
   size_t *variant_of = calloc(count, sizeof(*variant_of)); /* case -> its leader's position */
   size_t *num_variants = calloc(count, sizeof(*num_variants));
   bool *alone = calloc(count, sizeof(*alone));
   size_t *variants = NULL;
   struct window_firsts firsts = { 0 };
   if (!result->cases || !leaders || !windows || !variant_of || !num_variants || !alone) {
      free(leaders);
      free(windows);
      free(variant_of);
      free(num_variants);
      free(alone);
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   result->num_cases = count;

   /* Members: cases of the first one's shape that recompile alone, each in a window of its own
    * or a variant of the window's first case (same_program: it becomes a replica); the recompile
    * alone names the instruction of a gap without sinking the batch. */
   enum rdna_status st = RDNA_OK;
   struct batch_shape shape;
   size_t num_leaders = 0, num_cases = 0, regions = 0;
   unsigned replicas = 1;
   for (size_t i = 0; i < count && st == RDNA_OK; i++) {
      const struct rdna_case *c = cases[i];
      struct rdna_batch_case *bc = &result->cases[i];
      struct batch_shape s;
      uint64_t window = 0;
      size_t leader = SIZE_MAX;
      bool fits = c &&
                  (rdna_case_waves(c) & (wave_size == 64 ? RDNA_CASE_WAVE64 : RDNA_CASE_WAVE32)) &&
                  window_of(c, &window);
      if (fits) {
         shape_of(c, &s);
         fits = num_leaders == 0 || same_shape(&s, &shape);
         for (size_t m = 0; fits && m < num_leaders && leader == SIZE_MAX; m++)
            if (windows[m] == window)
               leader = m;
         if (leader != SIZE_MAX)
            fits = num_variants[leader] < RDNA_BATCH_MAX_REPLICAS &&
                   same_program(cases[leaders[leader]], c, wave_size);
         else
            fits = fits && regions + rdna_case_region_count(c) <= RDNA_CASE_MAX_REGIONS;
      }
      if (!fits) {
         alone[i] = c != NULL;
         if (!c)
            bc->status = fail(&bc->diag, RDNA_BAD_ARGUMENT, "no case");
         continue;
      }
      /* A variant lowers as its window's first case did: only a new program is recompiled. */
      size_t first =
         leader != SIZE_MAX ? leaders[leader] : first_of_window(cases, i, window, &firsts);
      bool first_failed = result->cases[first].status != RDNA_OK && !alone[first];
      if (first != i &&
          (leader != SIZE_MAX || (first_failed && same_program(cases[first], c, wave_size)))) {
         bc->status = result->cases[first].status;
         bc->diag = result->cases[first].diag;
      } else {
         struct rdna_module *module = NULL;
         uint64_t start = now_ns();
         bc->status = recompile(gpu, c, wave_size, &o, 0, 1, &module, &bc->diag);
         result->recompile_ns += now_ns() - start;
         rdna_module_destroy(module);
      }
      if (bc->status == RDNA_NO_MEMORY || bc->status == RDNA_DEVICE)
         st = fail(diag, bc->status, "%s", bc->diag.message);
      if (bc->status != RDNA_OK)
         continue;
      if (leader == SIZE_MAX) {
         if (num_leaders == 0)
            shape = s;
         leader = num_leaders++;
         windows[leader] = window;
         leaders[leader] = i;
         regions += rdna_case_region_count(c);
      }
      variant_of[i] = leader + 1;
      num_variants[leader]++;
      if (num_variants[leader] > replicas)
         replicas = (unsigned)num_variants[leader];
      num_cases++;
   }
   /* variants[l * replicas + r]: the r-th member of leader l's window, in case order */
   if (st == RDNA_OK && num_leaders > 0) {
      variants = calloc(num_leaders * replicas, sizeof(*variants));
      if (!variants)
         st = fail(diag, RDNA_NO_MEMORY, "out of memory");
      size_t *filled = calloc(num_leaders, sizeof(*filled));
      if (!filled && st == RDNA_OK)
         st = fail(diag, RDNA_NO_MEMORY, "out of memory");
      for (size_t i = 0; i < count && st == RDNA_OK; i++)
         if (variant_of[i]) {
            size_t l = variant_of[i] - 1;
            variants[l * replicas + filled[l]++] = i;
         }
      free(filled);
   }

   bool fallback = false;
   if (st == RDNA_OK && num_leaders > 0) {
      struct batch_members m = {
         leaders, num_leaders, variants, num_variants, replicas, num_cases
      };
      st = run_batch(gpu, cases, &m, wave_size, &o, result, &fallback, diag);
   }
   for (size_t i = 0; fallback && i < count; i++)
      if (variant_of[i])
         alone[i] = true;
   /* Runs alone: cases that could not join, every member when the batch failed, and every
    * member that diverged in the batch (to confirm it, and for its report). */
   for (size_t i = 0; i < count && st == RDNA_OK; i++) {
      struct rdna_batch_case *bc = &result->cases[i];
      bool confirm = bc->batched && bc->status == RDNA_OK && !bc->equal;
      if (alone[i] || confirm)
         st = run_alone(gpu, cases[i], wave_size, &o, bc, result);
      if (st != RDNA_OK)
         fail(diag, st, "%s", bc->alone_diag.message);
   }
   free(alone);
   free(leaders);
   free(windows);
   free(variant_of);
   free(num_variants);
   free(variants);
   free(firsts.slots);
   return st;
}

void rdna_batch_result_free(struct rdna_batch_result *result)
{
   if (!result)
      return;
   for (size_t i = 0; i < result->num_cases && result->cases; i++)
      rdna_diff_result_free(&result->cases[i].alone);
   free(result->cases);
   memset(result, 0, sizeof(*result));
}
