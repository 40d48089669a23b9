/* Plain driver for a fuzz harness: runs every file named on the command line, and every file
 * under each directory named, through LLVMFuzzerTestOneInput once, in sorted order. Linked into
 * replay_<name> beside fuzz/fuzz_<name>.c, so CTest replays the corpora without libFuzzer or
 * AFL++ (the idea of zstd's tests/fuzz/regression_driver.c). */
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
};

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
   free(data);
   replay->inputs++;
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

int main(int argc, char **argv)
{
   struct replay replay = { 0 };
   int first = 1;
   if (argc > 1 && strcmp(argv[1], "-v") == 0) {
      replay.verbose = true;
      first = 2;
   }
   if (first >= argc) {
      fprintf(stderr,
              "usage: %s [-v] FILE|DIR...\n"
              "Runs each file, and each file under each DIR, through the fuzz harness "
              "once.\n",
              argv[0]);
      return 2;
   }

   for (int i = first; i < argc; i++)
      replay_path(&replay, argv[i]);

   printf("replay: %lu inputs ran, %lu unreadable\n", replay.inputs, replay.errors);
   return replay.errors ? 2 : 0;
}
