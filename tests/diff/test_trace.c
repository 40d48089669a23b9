/* The interpreter's trace, which the differential driver trusts for definedness and for naming
 * the instruction that last wrote a register (include/rdna/diff.h): over the whole corpus, every
 * scalar register, SCC and VGPR whose final value differs from its initial one was reported
 * written by some traced instruction of that wave. A handler that writes without logging would
 * make `rdna diff` skip a register it must compare. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/run.h"
#include "tests/common/corpus_files.h"

#define SLOT_SCC 128u
#define SLOTS (RDNA_REG_VGPR0 + 256u)

struct logged {
   unsigned waves;
   bool *written; /* waves * SLOTS */
};

static void note(void *user, const struct rdna_trace_event *event)
{
   struct logged *l = user;
   if (event->wave >= l->waves)
      return;
   bool *slots = &l->written[(size_t)event->wave * SLOTS];
   cr_assert_leq(event->num_writes, RDNA_TRACE_MAX_WRITES, "writes cut at 0x%llx",
                 (unsigned long long)event->pc);
   for (unsigned i = 0; i < event->num_writes; i++)
      if (event->writes[i] < SLOTS)
         slots[event->writes[i]] = true;
   if (event->wrote_scc)
      slots[SLOT_SCC] = true;
}

/* Compares the initial and final machines of one run; returns the registers found changed. */
static unsigned check_run(const char *path, unsigned wave_size, const struct rdna_machine *before,
                          const struct rdna_machine *after, const struct logged *l)
{
   struct rdna_machine_config config;
   rdna_machine_get_config(after, &config);
   unsigned changed = 0;
   for (unsigned w = 0; w < l->waves; w++) {
      const bool *slots = &l->written[(size_t)w * SLOTS];
      for (unsigned reg = 0; reg < 128; reg++) {
         uint32_t a = 0, b = 0;
         if (rdna_machine_read_sreg(before, w, reg, &a) != RDNA_OK ||
             rdna_machine_read_sreg(after, w, reg, &b) != RDNA_OK || a == b)
            continue;
         changed++;
         cr_expect(slots[reg], "%s wave%u, wave %u: s-code %u changed 0x%x -> 0x%x unlogged", path,
                   wave_size, w, reg, a, b);
      }
      bool sa = false, sb = false;
      rdna_machine_read_scc(before, w, &sa);
      rdna_machine_read_scc(after, w, &sb);
      if (sa != sb) {
         changed++;
         cr_expect(slots[SLOT_SCC], "%s wave%u, wave %u: SCC changed unlogged", path, wave_size, w);
      }
      for (unsigned v = 0; v < config.vgprs; v++)
         for (unsigned lane = 0; lane < wave_size; lane++) {
            uint32_t a = 0, b = 0;
            rdna_machine_read_vgpr(before, w, v, lane, &a);
            rdna_machine_read_vgpr(after, w, v, lane, &b);
            if (a == b)
               continue;
            changed++;
            cr_expect(slots[RDNA_REG_VGPR0 + v],
                      "%s wave%u, wave %u: v%u lane %u changed 0x%x -> 0x%x unlogged", path,
                      wave_size, w, v, lane, a, b);
            break;
         }
   }
   return changed;
}

Test(trace, every_register_a_corpus_program_changes_is_logged, .timeout = 300)
{
   struct corpus_files files;
   corpus_files_collect("corpus", &files);
   cr_assert_gt(files.count, 0);
   unsigned runs = 0, changed = 0;
   for (size_t i = 0; i < files.count; i++) {
      size_t size;
      char *text = corpus_files_read(files.paths[i], &size);
      struct rdna_case *c = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_parse(text, size, files.paths[i], &c, &diag), RDNA_OK, "%s: %s",
                   files.paths[i], diag.message);
      for (unsigned wave = 32; wave <= 64; wave *= 2) {
         if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
            continue;
         struct rdna_machine *before = NULL;
         if (rdna_case_load(c, wave, NULL, &before, &diag) != RDNA_OK)
            continue; /* cases that do not load are the parser's and loader's tests */
         struct logged l = { rdna_machine_wave_count(before), NULL };
         l.written = calloc((size_t)l.waves * SLOTS, sizeof(bool));
         cr_assert_not_null(l.written);
         struct rdna_trace_hook hook = { note, &l };
         struct rdna_case_run_options o;
         memset(&o, 0, sizeof(o));
         o.trace = &hook;
         o.threads = 1;
         struct rdna_case_result r;
         if (rdna_case_run(c, wave, &o, &r, &diag) == RDNA_OK) {
            runs++;
            changed += check_run(files.paths[i], wave, before, r.machine, &l);
         }
         rdna_case_result_free(&r);
         rdna_machine_destroy(before);
         free(l.written);
      }
      rdna_case_destroy(c);
      free(text);
   }
   corpus_files_free(&files);
   cr_log_info("%u runs, %u changed registers", runs, changed);
   cr_assert_gt(runs, 300);
   cr_assert_gt(changed, 1000);
}
