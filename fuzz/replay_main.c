/* Plain driver for a fuzz harness: runs every file named on the command line, and every file
 * under each directory named, through LLVMFuzzerTestOneInput once, in sorted order. Linked into
 * replay_<name> beside fuzz/fuzz_<name>.c, so CTest replays the corpora without libFuzzer or
 * AFL++ (the idea of zstd's tests/fuzz/regression_driver.c).
 *
 * With --mutate N it then runs the harness briefly without a fuzzing engine: N more inputs, each
 * a file of the corpus changed by a few random edits (bit flips, bytes set to random or boundary
 * values, bytes inserted or deleted, a run copied from another file), from a fixed seed
 * (--seed S), so a run is the same on every host and a crash it finds replays (--last FILE
 * keeps the input that is running). */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct replay {
   bool verbose;
   unsigned long inputs; /* files run through the harness */
   unsigned long errors; /* paths that could not be read */
   /* the files' bytes, kept for --mutate */
   bool keep;
   uint8_t **files;
   size_t *sizes, num_files;
   const char *last; /* --last: where each mutated input goes before it runs */
};

#define MAX_MUTATED_SIZE 4096

static void replay_error(struct replay *replay, const char *path, const char *what)
{
   fprintf(stderr, "replay: %s: %s\n", path, what);
   replay->errors++;
}

/* Runs one file. The harness gets a buffer of exactly the file's size, as libFuzzer gives it, so
 * AddressSanitizer catches a read one byte past the input. */
static void replay_file(struct replay *replay, const char *path, size_t size)
{
   FILE *file = fopen(path, "rb");
   if (!file) {
      replay_error(replay, path, strerror(errno));
      return;
   }
   uint8_t *data = malloc(size ? size : 1);
   size_t got = data ? fread(data, 1, size, file) : 0;
   fclose(file);
   if (!data || got != size) {
      replay_error(replay, path, data ? "short read" : "out of memory");
      free(data);
      return;
   }

   if (replay->verbose) {
      printf("replay: %s (%zu bytes)\n", path, size);
      fflush(stdout);
   }
   LLVMFuzzerTestOneInput(data, size);
   replay->inputs++;
   if (replay->keep) {
      uint8_t **files = realloc(replay->files, (replay->num_files + 1) * sizeof(*files));
      size_t *sizes =
         files ? realloc(replay->sizes, (replay->num_files + 1) * sizeof(*sizes)) : NULL;
      if (files)
         replay->files = files;
      if (sizes)
         replay->sizes = sizes;
      if (files && sizes) {
         files[replay->num_files] = data;
         sizes[replay->num_files++] = size;
         return;
      }
      replay_error(replay, path, "out of memory keeping the file");
   }
   free(data);
}

/* ---- --mutate ---------------------------------------------------------------------------------
 */

static uint64_t next_random(uint64_t *state)
{
   /* splitmix64 */
   uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static size_t below(uint64_t *state, size_t n)
{
   return n ? (size_t)(next_random(state) % n) : 0;
}

/* One edit of data[0..*size) (capacity MAX_MUTATED_SIZE). */
static void mutate_once(const struct replay *replay, uint64_t *rng, uint8_t *data, size_t *size)
{
   static const uint8_t boundary[] = { 0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x40, 0x20 };
   size_t n = *size;
   switch (below(rng, 5)) {
   case 0: /* flip a bit */
      if (n)
         data[below(rng, n)] ^= (uint8_t)(1u << below(rng, 8));
      break;
   case 1: /* a byte set to a random or a boundary value */
      if (n)
         data[below(rng, n)] =
            below(rng, 2) ? (uint8_t)next_random(rng) : boundary[below(rng, sizeof(boundary))];
      break;
   case 2: /* insert a byte */
      if (n < MAX_MUTATED_SIZE) {
         size_t at = below(rng, n + 1);
         memmove(data + at + 1, data + at, n - at);
         data[at] = (uint8_t)next_random(rng);
         *size = n + 1;
      }
      break;
   case 3: /* delete a run of up to 4 bytes */
      if (n) {
         size_t at = below(rng, n), len = 1 + below(rng, 4);
         if (len > n - at)
            len = n - at;
         memmove(data + at, data + at + len, n - at - len);
         *size = n - len;
      }
      break;
   default: { /* copy a run of another file over this one */
      size_t other = below(rng, replay->num_files);
      size_t on = replay->sizes[other];
      if (on == 0 || n == 0)
         break;
      size_t from = below(rng, on), to = below(rng, n), len = 1 + below(rng, 16);
      if (len > on - from)
         len = on - from;
      if (len > n - to)
         len = n - to;
      memcpy(data + to, replay->files[other] + from, len);
      break;
   }
   }
}

/* Runs `count` mutated inputs; an input is built in a buffer of its exact size, as replay_file's
 * are, so a read past its end is caught. */
static void run_mutations(struct replay *replay, unsigned long count, uint64_t seed)
{
   uint8_t work[MAX_MUTATED_SIZE];
   uint64_t rng = seed;
   for (unsigned long i = 0; i < count; i++) {
      size_t size = 0;
      if (replay->num_files) {
         size_t pick = below(&rng, replay->num_files);
         size = replay->sizes[pick] < MAX_MUTATED_SIZE ? replay->sizes[pick] : MAX_MUTATED_SIZE;
         memcpy(work, replay->files[pick], size);
      }
      for (size_t edits = 1 + below(&rng, 4); edits > 0; edits--)
         mutate_once(replay, &rng, work, &size);
      uint8_t *data = malloc(size ? size : 1);
      if (!data) {
         replay_error(replay, "--mutate", "out of memory");
         return;
      }
      memcpy(data, work, size);
      if (replay->last) {
         FILE *out = fopen(replay->last, "wb");
         if (!out || fwrite(data, 1, size, out) != size) {
            replay_error(replay, replay->last, "cannot write the input");
            if (out)
               fclose(out);
            free(data);
            return;
         }
         fclose(out);
      }
      if (replay->verbose && i % 1000 == 0) {
         printf("replay: mutated input %lu (%zu bytes)\n", i, size);
         fflush(stdout);
      }
      LLVMFuzzerTestOneInput(data, size);
      free(data);
      replay->inputs++;
   }
}

static int skip_dot_entries(const struct dirent *entry)
{
   return entry->d_name[0] != '.';
}

static void replay_path(struct replay *replay, const char *path)
{
   struct stat info;
   if (stat(path, &info) != 0) {
      replay_error(replay, path, strerror(errno));
      return;
   }
   if (S_ISREG(info.st_mode)) {
      replay_file(replay, path, (size_t)info.st_size);
      return;
   }
   if (!S_ISDIR(info.st_mode)) {
      replay_error(replay, path, "neither a file nor a directory");
      return;
   }

   struct dirent **entries;
   int count = scandir(path, &entries, skip_dot_entries, alphasort);
   if (count < 0) {
      replay_error(replay, path, strerror(errno));
      return;
   }
   for (int i = 0; i < count; i++) {
      size_t length = strlen(path) + 1 + strlen(entries[i]->d_name) + 1;
      char *child = malloc(length);
      if (child) {
         snprintf(child, length, "%s/%s", path, entries[i]->d_name);
         replay_path(replay, child);
         free(child);
      } else {
         replay_error(replay, path, "out of memory");
      }
      free(entries[i]);
   }
   free(entries);
}

static bool parse_count(const char *text, unsigned long long *value)
{
   char *end = NULL;
   errno = 0;
   *value = strtoull(text, &end, 0);
   return text[0] >= '0' && text[0] <= '9' && end && *end == '\0' && errno == 0;
}

int main(int argc, char **argv)
{
   struct replay replay = { 0 };
   unsigned long long mutate = 0, seed = 1;
   int first = 1;
   bool usage = false;
   while (first < argc && argv[first][0] == '-' && !usage) {
      if (strcmp(argv[first], "-v") == 0) {
         replay.verbose = true;
         first++;
      } else if (first + 1 < argc && strcmp(argv[first], "--mutate") == 0) {
         usage = !parse_count(argv[first + 1], &mutate) || mutate > 100000000ull;
         first += 2;
      } else if (first + 1 < argc && strcmp(argv[first], "--seed") == 0) {
         usage = !parse_count(argv[first + 1], &seed);
         first += 2;
      } else if (first + 1 < argc && strcmp(argv[first], "--last") == 0) {
         replay.last = argv[first + 1];
         first += 2;
      } else {
         usage = true;
      }
   }
   if (usage || first >= argc) {
      fprintf(stderr,
              "usage: %s [-v] [--mutate N [--seed S] [--last FILE]] FILE|DIR...\n"
              "Runs each file, and each file under each DIR, through the fuzz harness once;\n"
              "with --mutate, then N inputs made from those files by random edits (seed S,\n"
              "default 1), each written to FILE before it runs (after a crash FILE holds the\n"
              "input that crashed).\n",
              argv[0]);
      return 2;
   }
   replay.keep = mutate > 0;

   for (int i = first; i < argc; i++)
      replay_path(&replay, argv[i]);
   unsigned long files = replay.inputs;
   if (mutate)
      run_mutations(&replay, (unsigned long)mutate, seed);

   printf("replay: %lu inputs ran (%lu files, %lu mutated), %lu unreadable\n", replay.inputs, files,
          replay.inputs - files, replay.errors);
   for (size_t i = 0; i < replay.num_files; i++)
      free(replay.files[i]);
   free(replay.files);
   free(replay.sizes);
   return replay.errors ? 2 : 0;
}
