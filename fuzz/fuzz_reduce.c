/* Fuzz harness: the case reducer (include/rdna/reduce.h) over any text. The predicate holds
 * while the candidate still contains the input's first line (so it holds for the input itself
 * whenever that line survives comment stripping) and, every third call, also asks that the
 * candidate parse as a case, so reduction sometimes fails midway. The contract: the reducer
 * ends within its bound, its output satisfies the predicate, is no longer than the input in
 * lines, and nothing crashes or leaks. Aborts on a violated contract. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/case.h"
#include "rdna/reduce.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct needle {
   char text[64];
   unsigned calls;
};

static bool holds(void *user, const char *text, size_t length)
{
   struct needle *n = user;
   n->calls++;
   if (!strstr(text, n->text))
      return false;
   if (n->calls % 3 == 0) {
      struct rdna_case *c = NULL;
      bool ok = rdna_case_parse(text, length, NULL, &c, NULL) == RDNA_OK;
      rdna_case_destroy(c);
      return ok;
   }
   return true;
}

/* Lines of a text: newlines, plus one for a last line without its newline. */
static size_t count_lines(const char *text, size_t length)
{
   size_t n = 0;
   for (size_t i = 0; i < length; i++)
      n += text[i] == '\n';
   return n + (length && text[length - 1] != '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > 4096 || memchr(data, '\0', size))
      return 0;
   char *text = malloc(size + 1);
   if (!text)
      return 0;
   memcpy(text, data, size);
   text[size] = '\0';
   struct needle n = { "", 0 };
   size_t first = strcspn(text, "\n#;/");
   if (first >= sizeof(n.text))
      first = sizeof(n.text) - 1;
   memcpy(n.text, text, first);
   n.text[first] = '\0';
   struct rdna_reduce_options options = { holds, &n, NULL, 200 };
   char *out = NULL;
   unsigned tests = 0;
   enum rdna_status st = rdna_reduce(text, size, &options, &out, &tests);
   if (tests > 200 || tests != n.calls) {
      fprintf(stderr, "fuzz_reduce: %u runs for a bound of 200 (%u calls)\n", tests, n.calls);
      abort();
   }
   if (st == RDNA_OK) {
      if (!out || !strstr(out, n.text) || count_lines(out, strlen(out)) > count_lines(text, size)) {
         fprintf(stderr, "fuzz_reduce: the output lost the needle or grew\n");
         abort();
      }
   } else if (st != RDNA_BAD_ARGUMENT || out) {
      fprintf(stderr, "fuzz_reduce: status %s\n", rdna_status_name(st));
      abort();
   }
   free(out);
   free(text);
   return 0;
}
