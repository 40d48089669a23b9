/* Decoder throughput: rdna_decode alone and rdna_decode + rdna_print over a few MB of mixed
 * GFX10 code (the gfx1030 wave32 files of corpus/isa, assembled by us, repeated), against a
 * memcpy of the same bytes in the same run, so the ratio survives a noisy machine. Each
 * measurement is the best of several runs.
 *
 *   bench_decode [--mb N] [--runs N] [CORPUS_DIR]      (default corpus/isa under
 *                                                      $RDNA_SOURCE_DIR or the current folder) */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/isa.h"

static const struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };

struct words {
   uint32_t *data;
   size_t count, capacity;
};

static void push_word(struct words *w, uint32_t word)
{
   if (w->count == w->capacity) {
      w->capacity = w->capacity ? w->capacity * 2 : 4096;
      w->data = realloc(w->data, w->capacity * sizeof(uint32_t));
      if (!w->data) {
         fputs("bench_decode: out of memory\n", stderr);
         exit(3);
      }
   }
   w->data[w->count++] = word;
}

/* Used when no corpus is found: a small mix of every class. */
static const char *const fallback_program[] = {
   "s_mov_b32 s0, s1",
   "s_add_u32 s0, s1, 0x12345",
   "s_load_dwordx4 s[8:11], s[4:5], 0x10",
   "s_waitcnt vmcnt(0) lgkmcnt(0)",
   "v_mov_b32 v0, v1",
   "v_add_f32 v0, 0.5, v2",
   "v_add_f32_e64 v0, -v1, |v2| clamp",
   "v_fma_f32 v0, v1, 0x40490fdb, v3",
   "v_cmp_lt_f32 vcc_lo, v1, v2",
   "v_cndmask_b32 v0, v1, v2, vcc_lo",
   "v_pk_add_f16 v0, v1, v2 op_sel:[1,0]",
   "v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf",
   "v_mov_b32_sdwa v0, v1 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:WORD_1",
   "ds_write_b32 v1, v2 offset:16",
   "buffer_load_dword v0, v1, s[4:7], 0 offen offset:16",
   "global_load_dword v0, v1, s[2:3] offset:-1",
   "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D",
   "exp mrt0 v0, v1, v2, v3 done",
   "s_endpgm",
};

/* Assembles one line; on success appends its words. */
static bool add_line(struct words *w, const char *line, size_t length)
{
   struct rdna_code *code = NULL;
   if (rdna_assemble(&config, line, length, NULL, &code, NULL) != RDNA_OK)
      return false;
   size_t count = 0;
   const uint32_t *words = rdna_code_words(code, &count);
   for (size_t i = 0; i < count; i++)
      push_word(w, words[i]);
   rdna_code_destroy(code);
   return count > 0;
}

/* "name:" alone on a line. */
static bool is_label_line(const char *start)
{
   size_t n = strcspn(start, "\n");
   while (n && (start[n - 1] == ' ' || start[n - 1] == '\t' || start[n - 1] == '\r'))
      n--;
   return n && start[n - 1] == ':' && !memchr(start, ' ', n) && !memchr(start, '\t', n);
}

/* Adds every line of a corpus file written for gfx1030 wave32 that assembles on its own (lines
 * naming labels do not): the class files stay usable while some rows are still missing. */
static void add_file(struct words *w, const char *path, unsigned *lines, unsigned *used)
{
   FILE *file = fopen(path, "r");
   if (!file)
      return;
   char line[512];
   bool first = true;
   while (fgets(line, sizeof(line), file)) {
      if (first && !strstr(line, "target: gfx1030 wave: 32"))
         break;
      first = false;
      size_t length = strcspn(line, "\n");
      const char *start = line + strspn(line, " \t");
      if (!*start || *start == '\n' || *start == ';' || is_label_line(start))
         continue;
      (*lines)++;
      *used += add_line(w, line, length);
   }
   fclose(file);
}

static int compare_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_corpus(struct words *w, const char *dir)
{
   DIR *folder = dir ? opendir(dir) : NULL;
   unsigned lines = 0, used = 0, files = 0;
   if (folder) {
      char *names[256];
      size_t count = 0;
      struct dirent *entry;
      while ((entry = readdir(folder)) && count < 256) {
         size_t n = strlen(entry->d_name);
         if (n > 2 && strcmp(entry->d_name + n - 2, ".s") == 0)
            names[count++] = strdup(entry->d_name);
      }
      closedir(folder);
      qsort(names, count, sizeof(names[0]), compare_names);
      for (size_t i = 0; i < count; i++) {
         char path[1400];
         snprintf(path, sizeof(path), "%.1000s/%.255s", dir, names[i]);
         unsigned before = used;
         add_file(w, path, &lines, &used);
         files += used > before;
         free(names[i]);
      }
   }
   if (used == 0) {
      for (size_t i = 0; i < sizeof(fallback_program) / sizeof(fallback_program[0]); i++)
         used += add_line(w, fallback_program[i], strlen(fallback_program[i]));
      printf("program: built-in mix, %u instructions assembled\n", used);
   } else {
      printf("program: %s, %u files, %u of %u lines assembled\n", dir, files, used, lines);
   }
}

static double now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct result {
   double seconds; /* best run */
   unsigned long instructions;
   unsigned long checksum; /* keeps the work from being optimized away */
};

static struct result run_decode(const uint8_t *bytes, size_t size, bool print, unsigned runs)
{
   struct result best = { 1e30, 0, 0 };
   char text[256];
   for (unsigned r = 0; r < runs; r++) {
      unsigned long count = 0, checksum = 0;
      double start = now();
      for (size_t offset = 0; offset + 4 <= size;) {
         struct rdna_inst inst;
         if (rdna_decode(&config, bytes + offset, size - offset, &inst, NULL) != RDNA_OK) {
            offset += 4;
            continue;
         }
         checksum += inst.op;
         if (print)
            checksum += rdna_print(&config, &inst, text, sizeof(text));
         offset += inst.size;
         count++;
      }
      double elapsed = now() - start;
      if (elapsed < best.seconds)
         best = (struct result){ elapsed, count, checksum };
   }
   return best;
}

static double run_memcpy(const uint8_t *bytes, uint8_t *copy, size_t size, unsigned runs,
                         unsigned long *checksum)
{
   double best = 1e30;
   for (unsigned r = 0; r < runs; r++) {
      double start = now();
      memcpy(copy, bytes, size);
      double elapsed = now() - start;
      *checksum += copy[r % size];
      if (elapsed < best)
         best = elapsed;
   }
   return best;
}

int main(int argc, char **argv)
{
   double megabytes = 4;
   unsigned runs = 5;
   const char *dir = NULL;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--mb") == 0 && i + 1 < argc) {
         megabytes = atof(argv[++i]);
      } else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
         runs = (unsigned)atoi(argv[++i]);
      } else if (argv[i][0] == '-') {
         fprintf(stderr, "usage: %s [--mb N] [--runs N] [CORPUS_DIR]\n", argv[0]);
         return 2;
      } else {
         dir = argv[i];
      }
   }
   if (megabytes <= 0 || runs == 0) {
      fputs("bench_decode: --mb and --runs must be positive\n", stderr);
      return 2;
   }
   char default_dir[1024];
   if (!dir) {
      const char *root = getenv("RDNA_SOURCE_DIR");
      snprintf(default_dir, sizeof(default_dir), "%s/corpus/isa", root && *root ? root : ".");
      dir = default_dir;
   }

   struct words program = { 0 };
   load_corpus(&program, dir);
   if (program.count == 0) {
      fputs("bench_decode: nothing assembled; the decoder has no rows yet?\n", stderr);
      return 3;
   }
   size_t target = (size_t)(megabytes * 1024 * 1024);
   size_t program_bytes = program.count * 4;
   size_t repeats = target / program_bytes + 1;
   size_t size = repeats * program_bytes;
   uint8_t *bytes = malloc(size);
   uint8_t *copy = malloc(size);
   if (!bytes || !copy) {
      fputs("bench_decode: out of memory\n", stderr);
      return 3;
   }
   for (size_t r = 0; r < repeats; r++)
      for (size_t i = 0; i < program_bytes; i++)
         bytes[r * program_bytes + i] = (uint8_t)(program.data[i / 4] >> (8 * (i % 4)));

   unsigned long checksum = 0;
   double copy_seconds = run_memcpy(bytes, copy, size, runs * 4, &checksum);
   struct result decode = run_decode(bytes, size, false, runs);
   struct result print = run_decode(bytes, size, true, runs);
   checksum += decode.checksum + print.checksum;

   double mb = (double)size / (1024.0 * 1024.0);
   printf("buffer: %.1f MiB, %lu instructions (%.2f bytes each), best of %u runs\n", mb,
          decode.instructions, (double)size / (double)decode.instructions, runs);
   printf("%-14s %10s %14s %12s %12s\n", "", "seconds", "instructions/s", "MiB/s", "x memcpy");
   printf("%-14s %10.4f %14s %12.1f %12s\n", "memcpy", copy_seconds, "-", mb / copy_seconds, "1");
   printf("%-14s %10.4f %14.3g %12.1f %12.1f\n", "decode", decode.seconds,
          (double)decode.instructions / decode.seconds, mb / decode.seconds,
          decode.seconds / copy_seconds);
   printf("%-14s %10.4f %14.3g %12.1f %12.1f\n", "decode+print", print.seconds,
          (double)print.instructions / print.seconds, mb / print.seconds,
          print.seconds / copy_seconds);
   printf("(x memcpy: time relative to copying the same bytes; checksum %lu)\n", checksum);
   free(bytes);
   free(copy);
   free(program.data);
   return 0;
}
