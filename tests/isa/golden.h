/* Golden vectors shared by the ISA tests: llvm-mc's text and bytes for one instruction, checked
 * in both directions (decode+print gives the text, parse+encode gives the bytes). */
#ifndef RDNA_TESTS_GOLDEN_H
#define RDNA_TESTS_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"

struct golden {
   const char *text;
   size_t size;
   uint8_t bytes[20];
};

/* Asserts (Criterion) that the bytes decode to exactly `size` bytes printing as `text`, and
 * that `text` parses and encodes to the same bytes. */
void golden_check(const struct rdna_isa_config *config, const struct golden *g);
void golden_check_all(const struct rdna_isa_config *config, const struct golden *g, size_t count);

/* Asserts that `text` fails to parse with `status` at `column` (1-based). */
void parse_error_check(const struct rdna_isa_config *config, const char *text,
                       enum rdna_status status, unsigned column);

#endif
