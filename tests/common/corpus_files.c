#include "corpus_files.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void collect(const char *dir, struct corpus_files *files)
{
   DIR *d = opendir(dir);
   cr_assert_not_null(d, "cannot open %s (tests run from the repository root)", dir);
   struct dirent *entry;
   while ((entry = readdir(d)) != NULL) {
      if (entry->d_name[0] == '.')
         continue;
      char path[1024];
      snprintf(path, sizeof(path), "%s/%s", dir, entry->d_name);
      struct stat st;
      if (stat(path, &st) != 0)
         continue;
      size_t n = strlen(entry->d_name);
      if (S_ISDIR(st.st_mode)) {
         collect(path, files);
      } else if (n > 5 && strcmp(entry->d_name + n - 5, ".case") == 0) {
         char **grown = realloc(files->paths, (files->count + 1) * sizeof(char *));
         cr_assert_not_null(grown);
         files->paths = grown;
         files->paths[files->count] = strdup(path);
         cr_assert_not_null(files->paths[files->count]);
         files->count++;
      }
   }
   closedir(d);
}

static int by_path(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

void corpus_files_collect(const char *dir, struct corpus_files *files)
{
   files->paths = NULL;
   files->count = 0;
   const char *root = getenv("RDNA_SOURCE_DIR");
   char path[1024];
   if (root && *root && dir[0] != '/')
      snprintf(path, sizeof(path), "%s/%s", root, dir);
   else
      snprintf(path, sizeof(path), "%s", dir);
   collect(path, files);
   if (files->count)
      qsort(files->paths, files->count, sizeof(char *), by_path);
}

void corpus_files_free(struct corpus_files *files)
{
   for (size_t i = 0; i < files->count; i++)
      free(files->paths[i]);
   free(files->paths);
   files->paths = NULL;
   files->count = 0;
}

char *corpus_files_read(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   cr_assert_not_null(f, "cannot open %s", path);
   cr_assert_eq(fseek(f, 0, SEEK_END), 0);
   long length = ftell(f);
   cr_assert_geq(length, 0);
   cr_assert_eq(fseek(f, 0, SEEK_SET), 0);
   char *text = malloc((size_t)length + 1);
   cr_assert_not_null(text);
   cr_assert_eq(fread(text, 1, (size_t)length, f), (size_t)length, "cannot read %s", path);
   fclose(f);
   text[length] = '\0';
   *size = (size_t)length;
   return text;
}
