/* Golden vectors shared by the ISA tests: llvm-mc's text and bytes for instructions, checked in
 * both directions (decode+print gives llvm-mc's text, parse+encode gives its bytes), encodings
 * llvm-mc rejects, and assembly it rejects with our status and column. A class test file keeps
 * its tables and expands GOLDEN_VECTOR_TESTS(suite) over them. */
#ifndef RDNA_TESTS_GOLDEN_H
#define RDNA_TESTS_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"

/* ---- byte vectors (SOP, VOP) ----------------------------------------------------------------- */

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

/* ---- word vectors (memory, export and packed classes) ------------------------------------------
 * Parameters are copied into each test's process: strings are held, not pointed to. */

/* llvm-mc -show-encoding of `asm_text` gives the words; --disassemble of them prints `text`. */
struct golden_words {
   uint32_t words[5];
   unsigned num_words;
   enum rdna_target target;
   char asm_text[160];
   char text[160];
};

/* Encodings llvm-mc --disassemble takes although they differ from what it assembles. */
struct lenient_words {
   uint32_t words[5];
   unsigned num_words;
   enum rdna_target target;
   char text[160];
};

/* Encodings llvm-mc --disassemble rejects ("invalid instruction encoding"). */
struct invalid_words {
   uint32_t words[5];
   unsigned num_words;
   enum rdna_target target;
   enum rdna_status status;
};

/* Assembly llvm-mc rejects; the status, column and wording are ours. */
struct bad_text {
   char text[112];
   enum rdna_target target;
   enum rdna_status status;
   unsigned column;
   char mentions[16]; /* a word the message must contain, or "" */
};

struct rdna_isa_config isa_config(enum rdna_target target, unsigned wave_size);
/* Decodes from a heap block of exactly `size` bytes, so ASan sees any read past it. */
enum rdna_status decode_exact(const struct rdna_isa_config *config, const uint32_t *words,
                              size_t size, struct rdna_inst *inst, struct rdna_diag *diag);
/* Decodes and prints; fails the test on an error. */
void decode_text(const struct rdna_isa_config *config, const uint32_t *words, size_t size,
                 struct rdna_inst *inst, char *text, size_t text_size);
/* Parses `text`; fails the test on an error. */
void parse_ok(const struct rdna_isa_config *config, const char *text, struct rdna_inst *inst);
void assert_words(const uint32_t *got, size_t num_got, const uint32_t *want, unsigned num_want,
                  const char *what);

/* llvm-mc's words decode to llvm-mc's text in both wave sizes and encode back to them. */
void golden_words_decode_check(const struct golden_words *g);
/* llvm-mc's input text assembles to its words in both wave sizes. */
void golden_words_assemble_check(const struct golden_words *g);
/* Every proper prefix, read from a block of exactly that size, is TRUNCATED. */
void golden_words_prefix_check(const struct golden_words *g);
/* Decodes to llvm-mc's text; our re-encoding may clear ignored fields but decodes the same. */
void lenient_words_check(const struct lenient_words *l);
void invalid_words_check(const struct invalid_words *v);
void bad_text_check(const struct bad_text *bad);
/* Asserts how many rows whose format `in_class` accepts exist on each target. */
void row_count_check(int (*in_class)(unsigned format), unsigned gfx1013, unsigned gfx1030);

/* Random words whose first word `first_word` gives the class's fixed bits: decoding reads no
 * byte past the input (the block is exactly the input), and whatever decodes re-encodes to bytes
 * that decode to the same text. */
void random_encodings_check(uint32_t (*first_word)(uint32_t bits, uint32_t choice),
                            unsigned samples);

#define GOLDEN_ARRAY(type, array) cr_make_param_array(type, array, sizeof(array) / sizeof(array[0]))

/* The parameterized tests over a class file's tables golden_vectors, lenient_vectors,
 * invalid_vectors and bad_texts (needs criterion/parameterized.h). */
#define GOLDEN_VECTOR_TESTS(suite)                                                         \
   ParameterizedTestParameters(suite, golden_decodes_to_llvm_text)                         \
   {                                                                                       \
      return GOLDEN_ARRAY(struct golden_words, golden_vectors);                            \
   }                                                                                       \
   ParameterizedTest(struct golden_words *g, suite, golden_decodes_to_llvm_text)           \
   {                                                                                       \
      golden_words_decode_check(g);                                                        \
   }                                                                                       \
   ParameterizedTestParameters(suite, golden_assembles_to_llvm_bytes)                      \
   {                                                                                       \
      return GOLDEN_ARRAY(struct golden_words, golden_vectors);                            \
   }                                                                                       \
   ParameterizedTest(struct golden_words *g, suite, golden_assembles_to_llvm_bytes)        \
   {                                                                                       \
      golden_words_assemble_check(g);                                                      \
   }                                                                                       \
   ParameterizedTestParameters(suite, golden_prefixes_are_truncated)                       \
   {                                                                                       \
      return GOLDEN_ARRAY(struct golden_words, golden_vectors);                            \
   }                                                                                       \
   ParameterizedTest(struct golden_words *g, suite, golden_prefixes_are_truncated)         \
   {                                                                                       \
      golden_words_prefix_check(g);                                                        \
   }                                                                                       \
   ParameterizedTestParameters(suite, lenient_decodes_and_reencodes_stably)                \
   {                                                                                       \
      return GOLDEN_ARRAY(struct lenient_words, lenient_vectors);                          \
   }                                                                                       \
   ParameterizedTest(struct lenient_words *l, suite, lenient_decodes_and_reencodes_stably) \
   {                                                                                       \
      lenient_words_check(l);                                                              \
   }                                                                                       \
   ParameterizedTestParameters(suite, invalid_encodings_are_rejected)                      \
   {                                                                                       \
      return GOLDEN_ARRAY(struct invalid_words, invalid_vectors);                          \
   }                                                                                       \
   ParameterizedTest(struct invalid_words *v, suite, invalid_encodings_are_rejected)       \
   {                                                                                       \
      invalid_words_check(v);                                                              \
   }                                                                                       \
   ParameterizedTestParameters(suite, bad_assembly_names_status_and_column)                \
   {                                                                                       \
      return GOLDEN_ARRAY(struct bad_text, bad_texts);                                     \
   }                                                                                       \
   ParameterizedTest(struct bad_text *bad, suite, bad_assembly_names_status_and_column)    \
   {                                                                                       \
      bad_text_check(bad);                                                                 \
   }

#endif
