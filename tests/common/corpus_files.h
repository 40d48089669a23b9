/* The case files under a folder, for tests that go over the corpus (linked into every test). */
#ifndef RDNA_TESTS_CORPUS_FILES_H
#define RDNA_TESTS_CORPUS_FILES_H

#include <stddef.h>

struct corpus_files {
   char **paths; /* every *.case below the folder, sorted */
   size_t count;
};

/* Collects the case files below `dir` (recursively); `dir` relative to $RDNA_SOURCE_DIR when
 * that is set (CTest sets it), else to the working folder. Fails the test when `dir` cannot be
 * opened. */
void corpus_files_collect(const char *dir, struct corpus_files *files);
void corpus_files_free(struct corpus_files *files);

/* A whole file, NUL-terminated, malloc'd; fails the test when it cannot be read. */
char *corpus_files_read(const char *path, size_t *size);

#endif
