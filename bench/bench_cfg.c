/* Control-flow lowering benchmark: big programs recompiled in the dispatch form (every basic
 * block a case of the dispatcher loop's switch) and the structured form, with the module's SPIR-V
 * words, OpLabel blocks, dispatcher cases (the targets of the OpSwitch statements on the 64-bit
 * PC) and, with --gpu, the Vulkan driver's compile time of the module (lavapipe compiles at the
 * pipeline's creation; rdna_gpu_result.compile_ns).
 *
 * The programs: `rdna gen` programs of every default class (scalar and vector memory, forward
 * branches, counted loops, calls) of --count instructions, the seed-shaped program of
 * bench/measure.h with its forward branches and calls (plain moves for its relative accesses),
 * and every case file named on the command line (compiled kernels among them).
 *
 *   bench_cfg [--gpu] [--cfg dispatch|structured] [--entries default|discovered|all]
 *             [--count N] [--subgroup N] [CASE...]
 *
 * Run it with MESA_SHADER_CACHE_DISABLE=true: lavapipe answers a module it compiled before from
 * its disk cache. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "rdna/gen.h"
#include "rdna/gpu.h"
#include "rdna/recomp.h"

struct program {
   char name[96];
   char *text;
   const char *path; /* a case file: parsed with its folder for hsaco lines */
};

struct form_result {
   size_t words, blocks, cases;
   double compile_s; /* -1: not measured */
};

/* The targets of every OpSwitch whose selector is 64 bits wide (two literal words per case):
 * the dispatcher's cases. The batch switch and relative-addressing switches select on 32-bit
 * values; a module has no other 64-bit switch. */
static size_t dispatcher_cases(const uint32_t *words, size_t num_words, size_t id_bound)
{
   /* type ids of 64-bit integers, and result types of ids */
   unsigned char *wide_type = calloc(id_bound, 1), *wide = calloc(id_bound, 1);
   size_t cases = 0;
   if (!wide_type || !wide) {
      free(wide_type);
      free(wide);
      return 0;
   }
   for (size_t i = 5; i < num_words;) {
      unsigned count = words[i] >> 16, op = words[i] & 0xffff;
      if (count == 0 || i + count > num_words)
         break;
      if (op == 21 /* OpTypeInt */ && count >= 3 && words[i + 2] == 64 && words[i + 1] < id_bound)
         wide_type[words[i + 1]] = 1;
      else if (op == 251 /* OpSwitch */ && words[i + 1] < id_bound && wide[words[i + 1]])
         cases += (count - 3) / 3;
      else if (count >= 3 && op != 251) {
         /* an instruction with a result type and a result id: most value instructions */
         uint32_t type = words[i + 1], id = words[i + 2];
         if (type < id_bound && id < id_bound && wide_type[type] && op != 21)
            wide[id] = 1;
      }
      i += count;
   }
   free(wide_type);
   free(wide);
   return cases;
}

static bool measure(struct rdna_gpu *gpu, const struct program *p, unsigned subgroup,
                    enum rdna_cfg_lowering form, enum rdna_entry_points entries,
                    struct form_result *r)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_case_parse(p->text, strlen(p->text), p->path ? p->path : p->name, &c, &diag) !=
       RDNA_OK) {
      fprintf(stderr, "bench_cfg: %s:%u: %s\n", p->name, diag.line, diag.message);
      return false;
   }
   unsigned wave = (rdna_case_waves(c) & RDNA_CASE_WAVE32) ? 32 : 64;
   struct rdna_recomp_options o = { .wave_size = wave,
                                    .subgroup_size = subgroup < wave ? subgroup : wave,
                                    .cfg = form,
                                    .entries = entries };
   struct rdna_module *module = NULL;
   if (rdna_recomp_case(c, &o, &module, &diag) != RDNA_OK) {
      fprintf(stderr, "bench_cfg: %s: %s\n", p->name, diag.message);
      rdna_case_destroy(c);
      return false;
   }
   size_t n;
   const uint32_t *words = rdna_module_words(module, &n);
   struct bench_spirv_stats stats;
   bench_spirv_count(words, n, &stats);
   r->words = n;
   r->blocks = stats.blocks;
   r->cases = dispatcher_cases(words, n, words[3]);
   rdna_module_destroy(module);
   r->compile_s = -1;
   if (gpu) {
      struct rdna_gpu_case_options g = { .timeout_ns = 600000000000ull,
                                         .cfg = form,
                                         .entries = entries };
      struct rdna_gpu_case_result result;
      if (rdna_gpu_case_run(gpu, c, wave, &g, &result, &diag) == RDNA_OK) {
         r->compile_s = (double)result.run.compile_ns * 1e-9;
         rdna_gpu_case_result_free(&result);
      } else {
         fprintf(stderr, "bench_cfg: %s on the device: %s\n", p->name, diag.message);
      }
   }
   rdna_case_destroy(c);
   return true;
}

static char *read_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
   if (text && fread(text, 1, (size_t)size, f) == (size_t)size)
      text[size] = '\0';
   else {
      free(text);
      text = NULL;
   }
   fclose(f);
   return text;
}

int main(int argc, char **argv)
{
   bool use_gpu = false;
   unsigned count = 2000, subgroup = 8;
   int first_form = RDNA_CFG_DISPATCH, last_form = RDNA_CFG_STRUCTURED;
   enum rdna_entry_points entries = RDNA_ENTRIES_DEFAULT;
   struct program programs[64];
   size_t n = 0;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--gpu") == 0)
         use_gpu = true;
      else if (strcmp(argv[i], "--cfg") == 0 && i + 1 < argc) {
         enum rdna_cfg_lowering form;
         if (!rdna_cfg_lowering_parse(argv[++i], &form) || form == RDNA_CFG_DEFAULT) {
            fprintf(stderr, "bench_cfg: --cfg takes dispatch or structured\n");
            return 2;
         }
         first_form = last_form = (int)form;
      } else if (strcmp(argv[i], "--entries") == 0 && i + 1 < argc) {
         if (!rdna_entry_points_parse(argv[++i], &entries)) {
            fprintf(stderr, "bench_cfg: --entries takes default, discovered or all\n");
            return 2;
         }
      } else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
         count = (unsigned)strtoul(argv[++i], NULL, 0);
      else if (strcmp(argv[i], "--subgroup") == 0 && i + 1 < argc)
         subgroup = (unsigned)strtoul(argv[++i], NULL, 0);
      else if (argv[i][0] == '-') {
         fprintf(stderr, "usage: bench_cfg [--gpu] [--cfg dispatch|structured] "
                         "[--entries default|discovered|all] [--count N] [--subgroup N] "
                         "[CASE...]\n");
         return 2;
      } else if (n < 60) {
         struct program *p = &programs[n];
         p->text = read_file(argv[i]);
         if (!p->text) {
            fprintf(stderr, "bench_cfg: cannot read %s\n", argv[i]);
            return 2;
         }
         p->path = argv[i];
         snprintf(p->name, sizeof(p->name), "%s", argv[i]);
         n++;
      }
   }
   for (unsigned seed = 1; seed <= 2; seed++) {
      struct rdna_gen_options g = {
         .target = RDNA_TARGET_GFX1030, .wave_size = 32, .count = count, .seed = seed
      };
      struct program *p = &programs[n];
      size_t length;
      if (rdna_gen_case(&g, &p->text, &length, NULL) != RDNA_OK)
         return 1;
      p->path = NULL;
      snprintf(p->name, sizeof(p->name), "rdna gen --count %u --seed %u", count, seed);
      n++;
   }
   struct bench_program_shape shape = { .wave = 32,
                                        .vgprs = BENCH_SEED_VGPRS,
                                        .target_words = BENCH_SEED_WORDS,
                                        .relative_accesses = BENCH_SEED_RELATIVE,
                                        .plain = true,
                                        .flow = true,
                                        .seed = 4 };
   struct bench_program seed;
   if (!bench_program_build(&shape, &seed))
      return 1;
   programs[n].text = seed.text;
   programs[n].path = NULL;
   snprintf(programs[n].name, sizeof(programs[n].name), "seed-shaped, flow, %u insts", seed.insts);
   n++;

   struct rdna_gpu *gpu = NULL;
   if (use_gpu) {
      struct rdna_diag diag;
      if (rdna_gpu_open(NULL, &gpu, &diag) != RDNA_OK) {
         fprintf(stderr, "bench_cfg: no Vulkan device: %s\n", diag.message);
         return 3;
      }
   }
   printf("%-44s %-10s %-10s %8s %7s %6s %10s\n", "program", "cfg", "entries", "words", "blocks",
          "cases", "compile s");
   int code = 0;
   for (size_t i = 0; i < n; i++) {
      for (int f = first_form; f <= last_form; f++) {
         struct form_result r;
         if (!measure(gpu, &programs[i], subgroup, (enum rdna_cfg_lowering)f, entries, &r)) {
            code = 1;
            continue;
         }
         char compile[32] = "-";
         if (r.compile_s >= 0)
            snprintf(compile, sizeof(compile), "%.2f", r.compile_s);
         printf("%-44s %-10s %-10s %8zu %7zu %6zu %10s\n", programs[i].name,
                rdna_cfg_lowering_name((enum rdna_cfg_lowering)f), rdna_entry_points_name(entries),
                r.words, r.blocks, r.cases, compile);
         fflush(stdout);
      }
      free(programs[i].text);
   }
   if (gpu)
      rdna_gpu_close(gpu);
   return code;
}
