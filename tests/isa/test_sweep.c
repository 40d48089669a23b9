/* The differential sweep against llvm-mc-14: for each target and wave size, random encodings of
 * every table row (and of every opcode no row claims) go through one llvm-mc --disassemble and
 * through rdna_decode + rdna_print; the texts llvm-mc printed then go through one llvm-mc
 * -show-encoding and through rdna_parse + rdna_encode. Both sides must agree. */

/* Usage: test_isa_sweep [--filter 'sweep/gfx1030_wave32'], with in the environment
 *   RDNA_SWEEP_COUNT          encodings per row and encoding (default 32)
 *   RDNA_SWEEP_FORMAT         encodings to test, e.g. VOP2,VOP3,DPP16 (default all)
 *   RDNA_SWEEP_REPORT         a file for the full report (every mismatch kind, 20 examples each)
 *   RDNA_SWEEP_SEED           another random sequence
 *   RDNA_SWEEP_ALLOW_INVALID  encodings llvm-mc rejects that we may decode (default 0)
 *   RDNA_LLVM_MC              the llvm-mc to use (default llvm-mc-14, else llvm-mc if LLVM 14)
 * Without llvm-mc the tests are skipped. The table printed per target and wave counts, per
 * encoding: samples, llvm-mc's verdicts, agreements, and each kind of mismatch; examples show the
 * bytes as llvm-mc input ("[0x.. ...]"), llvm-mc's text and ours. */
#include <criterion/criterion.h>
#include <criterion/hooks.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "isa_internal.h"

extern char **environ;

/* ---- where each format's opcode sits (formats.def pictures, checked with llvm-mc) ---------- */

/* Dwords of the longest sample: MIMG's two, three NSA address dwords, one literal. */
#define SAMPLE_MAX_WORDS 6

struct sweep_layout {
   uint8_t format;    /* enum rdna_format */
   uint8_t words;     /* dwords of the encoding, literal and NSA dwords excluded */
   uint8_t nsa_words; /* further dwords a variable-length encoding may use (MIMG NSA) */
   uint32_t mask;     /* the bits of word 0 that select the format ... */
   uint32_t match;    /* ... and their value */
   uint8_t op_shift;  /* opcode field in word 0 */
   uint8_t op_bits;
   int8_t high_word; /* where opcode bit `op_bits` lives when the field is split; -1 if not */
   uint8_t high_bit;
   uint16_t op_limit;   /* opcode values that stay inside the format (SOP2 op >= 0x60 is SOPK) */
   uint32_t hint_mask;  /* bits of word 1 set to hint_value in half the samples: a field value */
   uint32_t hint_value; /* random bits would rarely hit (saddr = off, soffset = null) */
};

static const struct sweep_layout layouts[] = {
   /* SALU: 10xxxxxx, the longer prefixes carve SOPK, SOP1, SOPC and SOPP out of SOP2. */
   { RDNA_FMT_SOP2, 1, 0, 0xc0000000u, 0x80000000u, 23, 7, -1, 0, 0x60, 0, 0 },
   { RDNA_FMT_SOPK, 1, 0, 0xf0000000u, 0xb0000000u, 23, 5, -1, 0, 0x1d, 0, 0 },
   { RDNA_FMT_SOP1, 1, 0, 0xff800000u, 0xbe800000u, 8, 8, -1, 0, 256, 0, 0 },
   { RDNA_FMT_SOPC, 1, 0, 0xff800000u, 0xbf000000u, 16, 7, -1, 0, 128, 0, 0 },
   { RDNA_FMT_SOPP, 1, 0, 0xff800000u, 0xbf800000u, 16, 7, -1, 0, 128, 0, 0 },
   { RDNA_FMT_SMEM, 2, 0, 0xfc000000u, 0xf4000000u, 18, 8, -1, 0, 256, 0xfe000000u, 0xfa000000u },
   /* VALU: VOP2 is 0xxxxxxx; its opcodes 0x3e and 0x3f are the VOPC and VOP1 prefixes. */
   { RDNA_FMT_VOP1, 1, 0, 0xfe000000u, 0x7e000000u, 9, 8, -1, 0, 256, 0, 0 },
   { RDNA_FMT_VOP2, 1, 0, 0x80000000u, 0x00000000u, 25, 6, -1, 0, 0x3e, 0, 0 },
   { RDNA_FMT_VOPC, 1, 0, 0xfe000000u, 0x7c000000u, 17, 8, -1, 0, 256, 0, 0 },
   { RDNA_FMT_VOP3, 2, 0, 0xfc000000u, 0xd4000000u, 16, 10, -1, 0, 1024, 0, 0 },
   /* VOP3P: bits 25:23 are zero in every VOP3P encoding. */
   { RDNA_FMT_VOP3P, 2, 0, 0xff800000u, 0xcc000000u, 16, 7, -1, 0, 128, 0, 0 },
   { RDNA_FMT_DS, 2, 0, 0xfc000000u, 0xd8000000u, 18, 8, -1, 0, 256, 0, 0 },
   /* MUBUF: llvm-mc rejects bit 25 set, so it is taken as opcode bit 7 (no row has one). */
   { RDNA_FMT_MUBUF, 2, 0, 0xfc000000u, 0xe0000000u, 18, 8, -1, 0, 256, 0, 0 },
   /* MTBUF: opcode bits 2:0 in 18:16, bit 3 in bit 53 (word 1 bit 21). */
   { RDNA_FMT_MTBUF, 2, 0, 0xfc000000u, 0xe8000000u, 16, 3, 1, 21, 16, 0, 0 },
   /* FLAT: opcode 24:18 (llvm-mc ignores bit 25), segment 15:14 = 0 flat, 1 scratch, 2 global. */
   { RDNA_FMT_FLAT, 2, 0, 0xfc00c000u, 0xdc000000u, 18, 7, -1, 0, 128, 0x007f0000u, 0x007d0000u },
   { RDNA_FMT_GLOBAL, 2, 0, 0xfc00c000u, 0xdc008000u, 18, 7, -1, 0, 128, 0x007f0000u, 0x007d0000u },
   { RDNA_FMT_SCRATCH, 2, 0, 0xfc00c000u, 0xdc004000u, 18, 7, -1, 0, 128, 0x007f0000u,
     0x007d0000u },
   /* MIMG: opcode bits 6:0 in 24:18, bit 7 in bit 0; up to three NSA address dwords. */
   { RDNA_FMT_MIMG, 2, 3, 0xfc000000u, 0xf0000000u, 18, 7, 0, 0, 256, 0, 0 },
   { RDNA_FMT_EXP, 2, 0, 0xfc000000u, 0xf8000000u, 0, 0, -1, 0, 1, 0, 0 },
   { RDNA_FMT_VINTRP, 1, 0, 0xfc000000u, 0xc8000000u, 16, 2, -1, 0, 4, 0, 0 },
};

/* VOP1/VOP2/VOPC rows also encode as VOP3 at these opcode offsets, and as DPP16, DPP8 and SDWA
 * through a marker in src0 followed by one more dword (RDNA2 ISA guide, "Vector ALU"). */
#define VOP3_FROM_VOPC 0x000
#define VOP3_FROM_VOP2 0x100
#define VOP3_FROM_VOP1 0x180

static const struct sweep_layout *layout_of(unsigned format)
{
   for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
      if (layouts[i].format == format)
         return &layouts[i];
   return NULL;
}

static bool is_vop_row(unsigned format)
{
   return format == RDNA_FMT_VOP1 || format == RDNA_FMT_VOP2 || format == RDNA_FMT_VOPC;
}

static unsigned vop3_offset(unsigned format)
{
   return format == RDNA_FMT_VOP1   ? VOP3_FROM_VOP1
          : format == RDNA_FMT_VOP2 ? VOP3_FROM_VOP2
                                    : VOP3_FROM_VOPC;
}

/* ---- samples and results -------------------------------------------------------------------- */

#define NO_ROW 0xffffu /* a sample of an opcode no row claims */

enum llvm_verdict {
   LLVM_UNKNOWN,
   LLVM_VALID,
   LLVM_INVALID,
   LLVM_CRASH, /* llvm-mc crashed on it (LLVM 14 does on some SDWA selects): not compared */
};

struct sample {
   uint32_t words[SAMPLE_MAX_WORDS];
   uint8_t num_words;
   uint8_t base_words; /* the format's own dwords; the rest are NSA addresses and the literal */
   uint8_t category;   /* enum rdna_format of the encoding tested */
   uint16_t row;       /* the row whose opcode was placed, or NO_ROW */
   uint8_t llvm;       /* enum llvm_verdict of disassembly */
   uint8_t llvm_size;  /* bytes llvm-mc decoded as the first instruction */
   bool soft_fail;     /* llvm-mc: "potentially undefined instruction encoding" */
   char *llvm_text;
};

/* Kinds of disagreement, in the order they are reported. */
enum mismatch {
   MISMATCH_TEXT,         /* both decode, the texts differ */
   MISMATCH_SIZE,         /* same text, different length */
   MISMATCH_REJECTED,     /* llvm-mc decodes, we do not */
   MISMATCH_ACCEPTED,     /* llvm-mc rejects, we decode */
   MISMATCH_REENCODE,     /* our encoding of our decoding does not print the same text */
   MISMATCH_ASM_BYTES,    /* both assemble llvm-mc's text, the bytes differ */
   MISMATCH_ASM_REJECTED, /* llvm-mc assembles the text, we do not */
   NOTE_LLVM_ASM_ERROR,   /* llvm-mc cannot assemble its own text: reported, not a failure */
   NOTE_INVALID_OPERAND,  /* llvm-mc decodes but prints an operand as invalid, we reject */
   MISMATCH_COUNT,
};

static const char *const mismatch_names[MISMATCH_COUNT] = {
   "text differs",
   "size differs",
   "we reject llvm-valid",
   "we accept llvm-invalid",
   "re-encode differs",
   "asm bytes differ",
   "asm: we reject",
   "note: llvm-mc asm rejects",
   "note: we reject, llvm-mc prints an invalid operand",
};

#define MAX_EXAMPLES 20

struct category_stats {
   unsigned rows;
   unsigned samples;
   unsigned llvm_valid;
   unsigned llvm_invalid;
   unsigned llvm_crash;
   unsigned soft_fail;
   unsigned match;
   unsigned asm_texts;
   unsigned asm_match;
   unsigned asm_llvm_error_accepted; /* llvm-mc cannot assemble its own text, we can */
   unsigned mismatches[MISMATCH_COUNT];
   unsigned num_examples[MISMATCH_COUNT];
   char *examples[MISMATCH_COUNT][MAX_EXAMPLES];
};

struct sweep {
   struct rdna_isa_config config;
   const char *llvm_mc;
   char llvm_version[128];
   char tmpdir[256];
   unsigned count;
   uint64_t seed;
   uint64_t rng;
   bool formats[RDNA_FMT_COUNT]; /* categories to test */
   struct sample *samples;
   size_t num_samples, cap_samples;
   struct category_stats stats[RDNA_FMT_COUNT];
};

/* splitmix64: small, fast, the same sequence everywhere. */
static uint64_t next_random(struct sweep *s)
{
   uint64_t z = (s->rng += 0x9e3779b97f4a7c15u);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
   return z ^ (z >> 31);
}

static uint32_t random_word(struct sweep *s)
{
   return (uint32_t)(next_random(s) >> 32);
}

static char *format_string(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *format_string(const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   int length = vsnprintf(NULL, 0, fmt, args);
   va_end(args);
   char *text = malloc((size_t)length + 1);
   cr_assert_not_null(text);
   va_start(args, fmt);
   vsnprintf(text, (size_t)length + 1, fmt, args);
   va_end(args);
   return text;
}

static void sample_bytes(const struct sample *sample, size_t bytes, char *out, size_t size)
{
   struct strbuf sb;
   sb_init(&sb, out, size);
   for (size_t i = 0; i < bytes && i < sample->num_words * 4u; i++)
      sb_printf(&sb, "%s0x%02x", i ? " " : "", (sample->words[i / 4] >> (8 * (i % 4))) & 0xff);
}

static void add_mismatch(struct sweep *s, const struct sample *sample, enum mismatch kind,
                         const char *ours)
{
   struct category_stats *st = &s->stats[sample->category];
   st->mismatches[kind]++;
   if (st->num_examples[kind] >= MAX_EXAMPLES)
      return;
   char bytes[SAMPLE_MAX_WORDS * 4 * 5 + 1];
   size_t shown = sample->llvm == LLVM_VALID && kind != MISMATCH_SIZE ? sample->llvm_size
                                                                      : sample->num_words * 4u;
   sample_bytes(sample, shown, bytes, sizeof(bytes));
   st->examples[kind][st->num_examples[kind]++] = format_string(
      "[%s] row %s\n      llvm: %s\n      ours: %s", bytes,
      sample->row == NO_ROW ? "(none: unclaimed opcode)" : rdna_op_name(sample->row),
      sample->llvm == LLVM_VALID ? sample->llvm_text : "(invalid instruction encoding)", ours);
}

/* ---- generating encodings ------------------------------------------------------------------ */

static struct sample *new_sample(struct sweep *s, unsigned category, unsigned row)
{
   if (s->num_samples == s->cap_samples) {
      s->cap_samples = s->cap_samples ? s->cap_samples * 2 : 4096;
      s->samples = realloc(s->samples, s->cap_samples * sizeof(*s->samples));
      cr_assert_not_null(s->samples);
   }
   struct sample *sample = &s->samples[s->num_samples++];
   memset(sample, 0, sizeof(*sample));
   sample->category = (uint8_t)category;
   sample->row = (uint16_t)row;
   return sample;
}

/* Literal dwords: random, or now and then a value llvm-mc treats specially (inline constants
 * written as literals, f16 constants, sign bits). */
static uint32_t random_literal(struct sweep *s)
{
   static const uint32_t special[] = { 0x00000000, 0x00000001, 0x00000040, 0xffffffff,
                                       0xfffffff0, 0x3f800000, 0xbf000000, 0x3e22f983,
                                       0x00003c00, 0x00003118, 0x80000000, 0x7fc00000,
                                       0x0000ffff, 0x00010000, 0x40490fdb, 0x00000041 };
   uint64_t r = next_random(s);
   if ((r & 3) == 0)
      return special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
   return (uint32_t)(r >> 32);
}

/* A random dword; in half the samples with about half its bytes cleared, because llvm-mc
 * rejects many encodings whose unused fields are not zero (a DS instruction without data1 needs
 * bits 55:48 clear), which fully random bits would almost never produce. */
static uint32_t sample_word(struct sweep *s, bool sparse)
{
   uint32_t word = random_word(s);
   if (sparse) {
      uint32_t keep = random_word(s);
      for (unsigned b = 0; b < 4; b++)
         if (keep & (1u << b))
            word &= ~(0xffu << (8 * b));
   }
   return word;
}

/* A random encoding of `layout` with `opcode` placed; every other bit random. */
static void fill_encoding(struct sweep *s, struct sample *sample, const struct sweep_layout *layout,
                          unsigned opcode)
{
   sample->num_words = (uint8_t)(layout->words + layout->nsa_words + 1);
   sample->base_words = layout->words;
   bool sparse = next_random(s) & 1;
   for (unsigned i = 0; i < sample->num_words; i++)
      sample->words[i] = sample_word(s, sparse);
   sample->words[layout->words + layout->nsa_words] = random_literal(s);
   uint32_t *w = sample->words;
   w[0] = (w[0] & ~layout->mask) | layout->match;
   if (layout->hint_mask && (next_random(s) & 1))
      w[1] = (w[1] & ~layout->hint_mask) | layout->hint_value;
   if (layout->op_bits) {
      uint32_t field = ((1u << layout->op_bits) - 1) << layout->op_shift;
      w[0] = (w[0] & ~field) | ((opcode << layout->op_shift) & field);
   }
   if (layout->high_word >= 0) {
      uint32_t bit = 1u << layout->high_bit;
      w[layout->high_word] &= ~bit;
      if ((opcode >> layout->op_bits) & 1)
         w[layout->high_word] |= bit;
   }
   /* A DPP or SDWA marker in src0 would turn the literal slot into a control dword, which
    * phase A of the disassembly replaces (see below); add_vop_variants samples those forms. */
   if (is_vop_row(layout->format)) {
      unsigned src0 = w[0] & 0x1ffu;
      if (src0 == RDNA_REG_DPP8 || src0 == RDNA_REG_DPP8_FI || src0 == RDNA_REG_SDWA ||
          src0 == RDNA_REG_DPP16)
         w[0] = (w[0] & ~0x1ffu) | RDNA_REG_LITERAL;
   }
}

/* SDWA selects of 7 crash llvm-mc 14 (SDWA src_sel/dst_sel decoding has no reserved case), so
 * samples keep them in 0..6; a VOPC SDWA word has no dst_sel (bits 15:8 are sdst). */
static void fix_sdwa_selects(struct sweep *s, struct sample *sample, unsigned row_format)
{
   static const unsigned shifts[] = { 8, 16, 24 };
   for (unsigned i = row_format == RDNA_FMT_VOPC ? 1 : 0; i < 3; i++) {
      uint32_t field = 7u << shifts[i];
      if ((sample->words[1] & field) == field) {
         uint32_t sel = (uint32_t)(next_random(s) % 7);
         sample->words[1] = (sample->words[1] & ~field) | (sel << shifts[i]);
      }
   }
}

/* The VOP3, DPP16, DPP8 and SDWA encodings of a VOP1/VOP2/VOPC row. A row flagged without one
 * still gets a few samples: llvm-mc must reject them and so must we. */
static void add_vop_variants(struct sweep *s, unsigned row, const struct op_info *info,
                             unsigned opcode)
{
   const struct sweep_layout *base = layout_of(info->format);
   static const struct {
      uint8_t category;
      uint32_t flag;
   } variants[] = { { RDNA_FMT_VOP3, NO_VOP3 },
                    { RDNA_FMT_DPP16, NO_DPP },
                    { RDNA_FMT_DPP8, NO_DPP },
                    { RDNA_FMT_SDWA, NO_SDWA } };
   for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
      unsigned category = variants[v].category;
      if (!s->formats[category])
         continue;
      bool absent = (info->flags & variants[v].flag) != 0;
      unsigned count = absent ? (s->count + 3) / 4 : s->count;
      if (!absent)
         s->stats[category].rows++;
      for (unsigned k = 0; k < count; k++) {
         struct sample *sample = new_sample(s, category, row);
         if (category == RDNA_FMT_VOP3) {
            fill_encoding(s, sample, layout_of(RDNA_FMT_VOP3), vop3_offset(info->format) + opcode);
            continue;
         }
         fill_encoding(s, sample, base, opcode);
         /* One dword of DPP or SDWA controls after the VOP word, then the literal slot. */
         sample->num_words = 3;
         sample->base_words = 2;
         sample->words[1] = sample_word(s, next_random(s) & 1);
         sample->words[2] = random_literal(s);
         uint32_t marker = category == RDNA_FMT_DPP16  ? RDNA_REG_DPP16
                           : category == RDNA_FMT_SDWA ? RDNA_REG_SDWA
                           : (next_random(s) & 1)      ? RDNA_REG_DPP8_FI
                                                       : RDNA_REG_DPP8;
         sample->words[0] = (sample->words[0] & ~0x1ffu) | marker;
         if (category == RDNA_FMT_SDWA)
            fix_sdwa_selects(s, sample, info->format);
      }
   }
}

/* Whether some row encodes as `opcode` in the layout's format (VOP3 counts the promoted
 * VOP1/VOP2/VOPC rows, which add_vop_variants samples). */
static bool opcode_claimed(const struct sweep *s, unsigned format, unsigned opcode)
{
   enum rdna_target t = s->config.target;
   if (op_lookup_opcode(t, (enum rdna_format)format, opcode) >= 0)
      return true;
   if (format != RDNA_FMT_VOP3)
      return false;
   if (opcode >= VOP3_FROM_VOP1 && opcode < VOP3_FROM_VOP1 + 0x80)
      return op_lookup_opcode(t, RDNA_FMT_VOP1, opcode - VOP3_FROM_VOP1) >= 0;
   if (opcode >= VOP3_FROM_VOP2 && opcode < VOP3_FROM_VOP2 + 0x40)
      return op_lookup_opcode(t, RDNA_FMT_VOP2, opcode - VOP3_FROM_VOP2) >= 0;
   if (opcode < 0x100)
      return op_lookup_opcode(t, RDNA_FMT_VOPC, opcode) >= 0;
   return false;
}

static void generate(struct sweep *s)
{
   enum rdna_target target = s->config.target;
   for (unsigned row = 0; row < rdna_op_count(); row++) {
      const struct op_info *info = op_info(row);
      int opcode = op_opcode(row, target);
      const struct sweep_layout *layout = info ? layout_of(info->format) : NULL;
      if (opcode < 0 || !layout)
         continue;
      if (s->formats[info->format]) {
         s->stats[info->format].rows++;
         for (unsigned k = 0; k < s->count; k++)
            fill_encoding(s, new_sample(s, info->format, row), layout, (unsigned)opcode);
      }
      if (is_vop_row(info->format))
         add_vop_variants(s, row, info, (unsigned)opcode);
   }
   /* Opcodes no row claims: llvm-mc must reject them, or a row is missing. */
   for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
      const struct sweep_layout *layout = &layouts[i];
      if (!s->formats[layout->format])
         continue;
      for (unsigned opcode = 0; opcode < layout->op_limit; opcode++) {
         if (opcode_claimed(s, layout->format, opcode))
            continue;
         for (unsigned k = 0; k < 2; k++)
            fill_encoding(s, new_sample(s, layout->format, NO_ROW), layout, opcode);
      }
   }
}

/* ---- running llvm-mc --------------------------------------------------------------------------
 */

struct llvm_output {
   char *out, *err;
   bool crashed;
};

static char *read_whole(const char *path)
{
   FILE *file = fopen(path, "rb");
   cr_assert_not_null(file, "cannot read %s: %s", path, strerror(errno));
   size_t cap = 1 << 16, length = 0;
   char *data = malloc(cap);
   cr_assert_not_null(data);
   size_t got;
   while ((got = fread(data + length, 1, cap - length - 1, file)) > 0) {
      length += got;
      if (cap - length < 2) {
         cap *= 2;
         data = realloc(data, cap);
         cr_assert_not_null(data);
      }
   }
   fclose(file);
   data[length] = '\0';
   return data;
}

/* Runs llvm-mc on `input` (a file) with stdout and stderr to files; returns both. */
static struct llvm_output run_llvm_mc(const struct sweep *s, const char *input, bool disassemble)
{
   char out_path[320], err_path[320];
   snprintf(out_path, sizeof(out_path), "%.256s/llvm.out", s->tmpdir);
   snprintf(err_path, sizeof(err_path), "%.256s/llvm.err", s->tmpdir);
   char mcpu[32], mattr[64];
   snprintf(mcpu, sizeof(mcpu), "-mcpu=%s", rdna_target_name(s->config.target));
   snprintf(mattr, sizeof(mattr), "-mattr=+wavefrontsize%u", s->config.wave_size);
   char *argv[] = { (char *)s->llvm_mc,
                    "-arch=amdgcn",
                    mcpu,
                    mattr,
                    "-show-encoding",
                    disassemble ? "--disassemble" : (char *)input,
                    disassemble ? (char *)input : NULL,
                    NULL };

   posix_spawn_file_actions_t actions;
   posix_spawn_file_actions_init(&actions);
   posix_spawn_file_actions_addopen(&actions, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
   posix_spawn_file_actions_addopen(&actions, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
   pid_t pid;
   int rc = posix_spawnp(&pid, s->llvm_mc, &actions, NULL, argv, environ);
   posix_spawn_file_actions_destroy(&actions);
   cr_assert_eq(rc, 0, "cannot run %s: %s", s->llvm_mc, strerror(rc));
   int status;
   while (waitpid(pid, &status, 0) < 0)
      cr_assert_eq(errno, EINTR, "waitpid: %s", strerror(errno));

   struct llvm_output output = { read_whole(out_path), read_whole(err_path),
                                 WIFSIGNALED(status) ||
                                    (WIFEXITED(status) && WEXITSTATUS(status) > 1) };
   return output;
}

static void free_output(struct llvm_output *output)
{
   free(output->out);
   free(output->err);
}

/* Next line of a buffer: returns its start and length and advances *cursor; NULL at the end. */
static const char *next_line(const char **cursor, size_t *length)
{
   const char *start = *cursor;
   if (!*start)
      return NULL;
   const char *end = strchr(start, '\n');
   *length = end ? (size_t)(end - start) : strlen(start);
   *cursor = end ? end + 1 : start + *length;
   return start;
}

/* An instruction line of -show-encoding output: "\tTEXT<spaces>; encoding: [0x01,0x02]".
 * Returns false for other lines (".text"). Fills the text (trimmed) and the bytes. */
static bool parse_encoding_line(const char *line, size_t length, char *text, size_t text_size,
                                uint8_t *bytes, unsigned *num_bytes, bool *fixup)
{
   const char *marker = "; encoding: [";
   const char *found = NULL;
   for (size_t i = 0; i + strlen(marker) <= length; i++)
      if (memcmp(line + i, marker, strlen(marker)) == 0) {
         found = line + i;
         break;
      }
   if (!found)
      return false;
   const char *start = line;
   while (start < found && (*start == '\t' || *start == ' '))
      start++;
   const char *end = found;
   while (end > start && end[-1] == ' ')
      end--;
   snprintf(text, text_size, "%.*s", (int)(end - start), start);

   *num_bytes = 0;
   *fixup = false;
   const char *p = found + strlen(marker);
   const char *line_end = line + length;
   while (p < line_end && *p != ']') {
      if (p[0] == '0' && p[1] == 'x') {
         unsigned long value = strtoul(p, NULL, 16);
         if (*num_bytes < 32)
            bytes[(*num_bytes)++] = (uint8_t)value;
      } else {
         *fixup = true; /* a fixup byte ('A') */
         if (*num_bytes < 32)
            bytes[(*num_bytes)++] = 0;
      }
      while (p < line_end && *p != ',' && *p != ']')
         p++;
      if (*p == ',')
         p++;
   }
   return true;
}

/* A diagnostic line "path:LINE:COL: warning|error: message": its line, column and message. */
static bool parse_diag_line(const char *line, size_t length, unsigned *lineno, unsigned *column,
                            const char **message)
{
   /* The path is ours (no colons), so the first colon ends it. */
   const char *colon = memchr(line, ':', length);
   if (!colon)
      return false;
   char *end;
   unsigned long l = strtoul(colon + 1, &end, 10);
   if (end == colon + 1 || *end != ':')
      return false;
   unsigned long c = strtoul(end + 1, &end, 10);
   if (*end != ':')
      return false;
   *lineno = (unsigned)l;
   *column = (unsigned)c;
   *message = end + 2;
   return true;
}

/* ---- disassembly: llvm-mc's verdict for each sample ----------------------------------------- */

/* llvm-mc decodes each "[0x.. 0x..]" line as a block: instructions one after another, one stdout
 * line each, until the bytes end or one fails (a warning with line and column, then the rest of
 * the block is skipped). -show-encoding prints re-encoded bytes, not the bytes consumed, so the
 * size comes from where decoding stopped instead:
 *   phase A: the sample's format words, then 0xffffffff (no GFX10 encoding) in every further
 *            slot, so decoding stops right after the instruction: the warning's column, or the
 *            end of the block, is its size. The literal's value cannot change the size.
 *   phase B: the sample's real words cut to that size: one instruction, the text to compare.
 * A sentinel block after each sample delimits the stdout lines that belong to it. */
#define SENTINEL_BYTES "[0xff 0x03 0xdd 0xbe 0x34 0x12 0xed 0x5e]"
#define SENTINEL_TEXT "s_mov_b32 s93, 0x5eed1234"

/* Byte k of a sample line "[0xAB 0xCD ...]" starts at column 2 + 5k. */
static unsigned byte_column(unsigned byte)
{
   return 2 + 5 * byte;
}

static unsigned block_words(const struct sample *sample, bool phase_b, uint32_t *words)
{
   if (phase_b) {
      unsigned count = (sample->llvm_size + 3u) / 4u;
      memcpy(words, sample->words, count * sizeof(uint32_t));
      return count;
   }
   for (unsigned i = 0; i < sample->num_words; i++)
      words[i] = i < sample->base_words ? sample->words[i] : 0xffffffffu;
   return sample->num_words;
}

static void write_blocks(const struct sweep *s, const size_t *index, size_t lo, size_t hi,
                         bool phase_b, const char *path)
{
   FILE *file = fopen(path, "w");
   cr_assert_not_null(file, "cannot write %s: %s", path, strerror(errno));
   uint32_t words[SAMPLE_MAX_WORDS];
   for (size_t i = lo; i < hi; i++) {
      unsigned count = block_words(&s->samples[index[i]], phase_b, words);
      fputc('[', file);
      for (unsigned b = 0; b < count * 4; b++)
         fprintf(file, "%s0x%02x", b ? " " : "", (words[b / 4] >> (8 * (b % 4))) & 0xff);
      fputs("]\n" SENTINEL_BYTES "\n", file);
   }
   cr_assert_eq(fclose(file), 0);
}

struct warning {
   unsigned line, column;
   bool soft; /* "potentially undefined": the instruction still prints */
};

static void attribute_blocks(struct sweep *s, const size_t *index, size_t lo, size_t hi,
                             bool phase_b, const struct llvm_output *output)
{
   size_t num_warnings = 0, cap_warnings = 64;
   struct warning *warnings = malloc(cap_warnings * sizeof(*warnings));
   cr_assert_not_null(warnings);
   const char *cursor = output->err, *line;
   size_t length;
   while ((line = next_line(&cursor, &length))) {
      unsigned l, c;
      const char *message;
      if (!parse_diag_line(line, length, &l, &c, &message))
         continue;
      bool soft = strncmp(message, "warning: potentially undefined", 30) == 0;
      if (!soft && strncmp(message, "warning: invalid instruction encoding", 37) != 0)
         continue;
      if (num_warnings == cap_warnings) {
         cap_warnings *= 2;
         warnings = realloc(warnings, cap_warnings * sizeof(*warnings));
         cr_assert_not_null(warnings);
      }
      warnings[num_warnings++] = (struct warning){ l, c, soft };
   }

   size_t w = 0;
   const char *out = output->out;
   char text[512], first[512];
   uint8_t bytes[32];
   unsigned num_bytes, first_bytes = 0;
   bool fixup;
   for (size_t i = lo; i < hi; i++) {
      struct sample *sample = &s->samples[index[i]];
      unsigned lineno = (unsigned)(2 * (i - lo) + 1);
      unsigned outputs = 0;
      bool sentinel = false;
      while (!sentinel && (line = next_line(&out, &length))) {
         if (!parse_encoding_line(line, length, text, sizeof(text), bytes, &num_bytes, &fixup))
            continue;
         sentinel = strcmp(text, SENTINEL_TEXT) == 0;
         if (!sentinel && outputs++ == 0) {
            memcpy(first, text, sizeof(first));
            first_bytes = num_bytes;
         }
      }
      cr_assert(sentinel, "llvm-mc output ended early at sample line %u", lineno);

      bool invalid = false, soft = false;
      unsigned stop = 0; /* column where decoding stopped after the first instruction */
      for (; w < num_warnings && warnings[w].line <= lineno; w++) {
         if (warnings[w].line < lineno)
            continue;
         if (warnings[w].column == byte_column(0)) {
            invalid |= !warnings[w].soft;
            soft |= warnings[w].soft;
         } else if (!warnings[w].soft && !stop) {
            stop = warnings[w].column;
         }
      }
      if (invalid || outputs == 0) {
         sample->llvm = LLVM_INVALID;
      } else if (!phase_b) {
         sample->llvm = LLVM_VALID;
         if (outputs == 1)
            sample->llvm_size =
               (uint8_t)(stop ? (stop - byte_column(0)) / 5 : sample->num_words * 4u);
         else /* decoded shorter than its format words: the re-encoded length is the best hint */
            sample->llvm_size = (uint8_t)(first_bytes ? first_bytes : 4);
      } else {
         sample->soft_fail = soft;
         sample->llvm_text = format_string("%s", first);
      }
   }
   free(warnings);
}

/* Runs one phase over samples index[lo, hi); a crash splits the range until the crashing sample
 * is alone, which is then marked LLVM_CRASH. */
static void llvm_disassemble(struct sweep *s, const size_t *index, size_t lo, size_t hi,
                             bool phase_b)
{
   if (lo >= hi)
      return;
   char path[320];
   snprintf(path, sizeof(path), "%.256s/dis.txt", s->tmpdir);
   write_blocks(s, index, lo, hi, phase_b, path);
   struct llvm_output output = run_llvm_mc(s, path, true);
   if (!output.crashed) {
      attribute_blocks(s, index, lo, hi, phase_b, &output);
   } else if (hi - lo == 1) {
      s->samples[index[lo]].llvm = LLVM_CRASH;
   } else {
      size_t mid = lo + (hi - lo) / 2;
      free_output(&output);
      llvm_disassemble(s, index, lo, mid, phase_b);
      llvm_disassemble(s, index, mid, hi, phase_b);
      return;
   }
   free_output(&output);
}

static void llvm_disassemble_all(struct sweep *s)
{
   size_t *index = malloc((s->num_samples + 1) * sizeof(size_t));
   cr_assert_not_null(index);
   for (int phase = 0; phase < 2; phase++) {
      size_t count = 0;
      for (size_t i = 0; i < s->num_samples; i++)
         if (phase == 0 || s->samples[i].llvm == LLVM_VALID)
            index[count++] = i;
      for (size_t lo = 0; lo < count; lo += 4096)
         llvm_disassemble(s, index, lo, lo + 4096 < count ? lo + 4096 : count, phase == 1);
   }
   free(index);
}

/* ---- comparing the decoder ------------------------------------------------------------------ */

static void compare_decode(struct sweep *s, struct sample *sample)
{
   struct category_stats *st = &s->stats[sample->category];
   st->samples++;
   if (sample->llvm == LLVM_CRASH) {
      st->llvm_crash++;
      return;
   }
   uint8_t bytes[SAMPLE_MAX_WORDS * 4];
   for (unsigned b = 0; b < sample->num_words * 4u; b++)
      bytes[b] = (uint8_t)(sample->words[b / 4] >> (8 * (b % 4)));
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_decode(&s->config, bytes, sample->num_words * 4u, &inst, &diag);
   char text[512], message[600];
   if (status == RDNA_OK)
      rdna_print(&s->config, &inst, text, sizeof(text));
   else
      snprintf(message, sizeof(message), "%s: %s", rdna_status_name(status), diag.message);

   if (sample->llvm == LLVM_INVALID) {
      st->llvm_invalid++;
      if (status == RDNA_OK)
         add_mismatch(s, sample, MISMATCH_ACCEPTED, text);
      return;
   }
   st->llvm_valid++;
   st->soft_fail += sample->soft_fail;
   if (status != RDNA_OK) {
      /* llvm-mc decodes some encodings with an operand it cannot name (an "invalid immediate"
       * comment, "invalid_param_3"): rejecting those is as right as printing the same. */
      bool llvm_doubts = strstr(sample->llvm_text, "invalid") != NULL;
      add_mismatch(s, sample, llvm_doubts ? NOTE_INVALID_OPERAND : MISMATCH_REJECTED, message);
      return;
   }
   if (strcmp(text, sample->llvm_text) != 0) {
      add_mismatch(s, sample, MISMATCH_TEXT, text);
      return;
   }
   if (inst.size != sample->llvm_size) {
      char note[600];
      snprintf(note, sizeof(note), "%s (%u bytes; llvm-mc: %u)", text, inst.size,
               sample->llvm_size);
      add_mismatch(s, sample, MISMATCH_SIZE, note);
      return;
   }

   /* Our encoding of what we decoded must decode to the same text (the bytes may differ
    * where the random sample set bits no field holds). */
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words;
   memset(&diag, 0, sizeof(diag));
   status = rdna_encode(&s->config, &inst, words, &num_words, &diag);
   struct rdna_inst again;
   char again_text[512];
   if (status == RDNA_OK) {
      status = rdna_decode(&s->config, words, num_words * 4, &again, &diag);
      if (status == RDNA_OK)
         rdna_print(&s->config, &again, again_text, sizeof(again_text));
   }
   if (status != RDNA_OK) {
      snprintf(message, sizeof(message), "re-encoding fails: %s: %s", rdna_status_name(status),
               diag.message);
      add_mismatch(s, sample, MISMATCH_REENCODE, message);
      return;
   }
   if (strcmp(again_text, text) != 0) {
      snprintf(message, sizeof(message), "re-encoded as %s", again_text);
      add_mismatch(s, sample, MISMATCH_REENCODE, message);
      return;
   }
   st->match++;
}

/* ---- assembly: llvm-mc's text through both assemblers --------------------------------------- */

struct asm_item {
   size_t sample; /* the first sample that printed this text */
   bool llvm_ok;
   bool llvm_crash;
   uint8_t bytes[32];
   unsigned num_bytes;
};

static const struct sample *sort_samples; /* qsort has no user pointer in C11 */

static int compare_text(const void *a, const void *b)
{
   return strcmp(sort_samples[*(const size_t *)a].llvm_text,
                 sort_samples[*(const size_t *)b].llvm_text);
}

static void llvm_assemble(struct sweep *s, struct asm_item *items, size_t lo, size_t hi)
{
   if (lo >= hi)
      return;
   char path[320];
   snprintf(path, sizeof(path), "%.256s/asm.s", s->tmpdir);
   FILE *file = fopen(path, "w");
   cr_assert_not_null(file);
   for (size_t i = lo; i < hi; i++)
      fprintf(file, "%s\n", s->samples[items[i].sample].llvm_text);
   cr_assert_eq(fclose(file), 0);

   struct llvm_output output = run_llvm_mc(s, path, false);
   if (output.crashed) {
      free_output(&output);
      if (hi - lo == 1) {
         items[lo].llvm_crash = true;
         return;
      }
      size_t mid = lo + (hi - lo) / 2;
      llvm_assemble(s, items, lo, mid);
      llvm_assemble(s, items, mid, hi);
      return;
   }

   /* Lines with an error print nothing on stdout; every other line prints one instruction. */
   bool *failed = calloc(hi - lo + 1, sizeof(bool));
   cr_assert_not_null(failed);
   const char *cursor = output.err, *line;
   size_t length;
   while ((line = next_line(&cursor, &length))) {
      unsigned l, c;
      const char *message;
      if (parse_diag_line(line, length, &l, &c, &message) && strncmp(message, "error:", 6) == 0 &&
          l >= 1 && l <= hi - lo)
         failed[l - 1] = true;
   }
   const char *out = output.out;
   char text[512];
   bool fixup;
   for (size_t i = lo; i < hi; i++) {
      if (failed[i - lo])
         continue;
      bool got = false;
      while ((line = next_line(&out, &length)))
         if (parse_encoding_line(line, length, text, sizeof(text), items[i].bytes,
                                 &items[i].num_bytes, &fixup)) {
            got = true;
            break;
         }
      cr_assert(got, "llvm-mc assembler output ended early at line %zu", i - lo + 1);
      items[i].llvm_ok = !fixup;
   }
   free(failed);
   free_output(&output);
}

/* Texts llvm-mc-14 accepts and encodes wrongly, where our bytes follow the text instead:
 * s_setreg_imm32_b32 with a floating-point immediate gets the low dword of the double, not the
 * f32 ("hwreg(0, 24, 5), -0.5" encodes a literal of 0, "0.15915494" one of 0x6725feed). */
static bool llvm_asm_bug(const char *text)
{
   if (strncmp(text, "s_setreg_imm32_b32 ", 19) != 0)
      return false;
   const char *value = strrchr(text, ',');
   return value && strchr(value, '.') != NULL;
}

static void compare_assembly(struct sweep *s)
{
   size_t num = 0;
   size_t *order = malloc((s->num_samples + 1) * sizeof(size_t));
   cr_assert_not_null(order);
   /* Texts with an operand llvm-mc could not name do not assemble anywhere: left out. */
   for (size_t i = 0; i < s->num_samples; i++)
      if (s->samples[i].llvm == LLVM_VALID && !strstr(s->samples[i].llvm_text, "invalid"))
         order[num++] = i;
   sort_samples = s->samples;
   qsort(order, num, sizeof(size_t), compare_text);

   struct asm_item *items = calloc(num + 1, sizeof(*items));
   cr_assert_not_null(items);
   size_t unique = 0;
   for (size_t i = 0; i < num; i++)
      if (unique == 0 || strcmp(s->samples[items[unique - 1].sample].llvm_text,
                                s->samples[order[i]].llvm_text) != 0)
         items[unique++].sample = order[i];
   free(order);

   for (size_t lo = 0; lo < unique; lo += 8192)
      llvm_assemble(s, items, lo, lo + 8192 < unique ? lo + 8192 : unique);

   for (size_t i = 0; i < unique; i++) {
      struct sample *sample = &s->samples[items[i].sample];
      struct category_stats *st = &s->stats[sample->category];
      if (items[i].llvm_crash)
         continue;
      st->asm_texts++;
      struct rdna_inst inst;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      enum rdna_status status = rdna_parse(&s->config, sample->llvm_text, &inst, &diag);
      if (status == RDNA_OK)
         status = rdna_encode(&s->config, &inst, words, &num_words, &diag);
      char ours[600];
      if (status != RDNA_OK)
         snprintf(ours, sizeof(ours), "%s at column %u: %s", rdna_status_name(status), diag.column,
                  diag.message);

      if (!items[i].llvm_ok) {
         st->asm_llvm_error_accepted += status == RDNA_OK;
         add_mismatch(s, sample, NOTE_LLVM_ASM_ERROR, status == RDNA_OK ? "we assemble it" : ours);
         continue;
      }
      if (status != RDNA_OK) {
         add_mismatch(s, sample, MISMATCH_ASM_REJECTED, ours);
         continue;
      }
      bool same = num_words * 4 == items[i].num_bytes;
      for (unsigned b = 0; same && b < items[i].num_bytes; b++)
         same = (uint8_t)(words[b / 4] >> (8 * (b % 4))) == items[i].bytes[b];
      if (same) {
         st->asm_match++;
         continue;
      }
      if (llvm_asm_bug(sample->llvm_text)) {
         add_mismatch(s, sample, NOTE_LLVM_ASM_ERROR, "llvm-mc-14 mis-encodes this text");
         continue;
      }
      struct strbuf sb;
      sb_init(&sb, ours, sizeof(ours));
      sb_puts(&sb, "assembles to [");
      for (size_t b = 0; b < num_words * 4; b++)
         sb_printf(&sb, "%s0x%02x", b ? "," : "", (words[b / 4] >> (8 * (b % 4))) & 0xff);
      sb_puts(&sb, "], llvm-mc to [");
      for (unsigned b = 0; b < items[i].num_bytes; b++)
         sb_printf(&sb, "%s0x%02x", b ? "," : "", items[i].bytes[b]);
      sb_puts(&sb, "]");
      add_mismatch(s, sample, MISMATCH_ASM_BYTES, ours);
   }
   free(items);
}

/* ---- setup, report, the tests --------------------------------------------------------------- */

static bool find_program(const char *name, char *path, size_t size)
{
   const char *env_path = getenv("PATH");
   if (!env_path)
      return false;
   while (*env_path) {
      size_t length = strcspn(env_path, ":");
      snprintf(path, size, "%.*s/%s", (int)length, length ? env_path : ".", name);
      if (access(path, X_OK) == 0)
         return true;
      env_path += length;
      if (*env_path == ':')
         env_path++;
   }
   return false;
}

/* The version line of `program --version` ("Debian LLVM version 14.0.6"). */
static void llvm_version(struct sweep *s)
{
   char command[600];
   snprintf(command, sizeof(command), "'%s' --version 2>/dev/null", s->llvm_mc);
   FILE *pipe = popen(command, "r");
   s->llvm_version[0] = '\0';
   if (!pipe)
      return;
   char line[256];
   while (fgets(line, sizeof(line), pipe))
      if (strstr(line, "LLVM version")) {
         line[strcspn(line, "\n")] = '\0';
         const char *start = line;
         while (*start == ' ')
            start++;
         snprintf(s->llvm_version, sizeof(s->llvm_version), "%.100s", start);
      }
   pclose(pipe);
}

/* Finds llvm-mc: $RDNA_LLVM_MC, else llvm-mc-14, else llvm-mc when it is version 14. Skips the
 * test (with the reason) when none fits. */
static void setup_llvm(struct sweep *s, char *path, size_t size)
{
   const char *env = getenv("RDNA_LLVM_MC");
   if (env && *env) {
      snprintf(path, size, "%s", env);
      s->llvm_mc = path;
      llvm_version(s);
      return;
   }
   if (find_program("llvm-mc-14", path, size)) {
      s->llvm_mc = path;
      llvm_version(s);
      return;
   }
   if (!find_program("llvm-mc", path, size))
      cr_skip_test("llvm-mc (LLVM 14) is not on PATH: the sweep needs it as the oracle");
   s->llvm_mc = path;
   llvm_version(s);
   if (!strstr(s->llvm_version, "version 14."))
      cr_skip_test("llvm-mc is '%s', not LLVM 14: set RDNA_LLVM_MC to an llvm-mc-14",
                   s->llvm_version);
}

static unsigned env_unsigned(const char *name, unsigned fallback)
{
   const char *value = getenv(name);
   if (!value || !*value)
      return fallback;
   char *end;
   unsigned long parsed = strtoul(value, &end, 0);
   cr_assert(*end == '\0', "%s must be a number, found '%s'", name, value);
   return (unsigned)parsed;
}

static void select_formats(struct sweep *s)
{
   const char *list = getenv("RDNA_SWEEP_FORMAT");
   for (unsigned f = 0; f < RDNA_FMT_COUNT; f++)
      s->formats[f] = !list || !*list;
   if (!list || !*list)
      return;
   while (*list) {
      size_t length = strcspn(list, ", ");
      bool known = false;
      for (unsigned f = 0; f < RDNA_FMT_COUNT; f++) {
         const char *name = rdna_encoding_name(f);
         if (length && strlen(name) == length && strncasecmp(name, list, length) == 0) {
            s->formats[f] = true;
            known = true;
         }
      }
      cr_assert(known || length == 0, "RDNA_SWEEP_FORMAT: unknown encoding '%.*s'", (int)length,
                list);
      list += length;
      while (*list == ',' || *list == ' ')
         list++;
   }
}

/* The summary table, then up to MAX_EXAMPLES examples per encoding (all kinds interleaved). */
static void write_report(const struct sweep *s, FILE *out, unsigned examples_per_format)
{
   fprintf(out,
           "sweep %s wave%u: %s (%s), %u encodings per row, seed %llu\n"
           "%-8s %5s %7s %7s %7s %5s %7s | %5s %5s %5s %5s %5s | %6s %6s %5s %5s %5s\n",
           rdna_target_name(s->config.target), s->config.wave_size, s->llvm_mc, s->llvm_version,
           s->count, (unsigned long long)s->seed, "encoding", "rows", "samples", "valid", "invalid",
           "crash", "match", "text", "size", "rej", "acc", "reenc", "asm", "asm-ok", "bytes", "rej",
           "llerr");
   for (unsigned f = 0; f < RDNA_FMT_COUNT; f++) {
      const struct category_stats *st = &s->stats[f];
      if (!st->samples)
         continue;
      fprintf(out, "%-8s %5u %7u %7u %7u %5u %7u | %5u %5u %5u %5u %5u | %6u %6u %5u %5u %5u\n",
              rdna_encoding_name(f), st->rows, st->samples, st->llvm_valid, st->llvm_invalid,
              st->llvm_crash, st->match, st->mismatches[MISMATCH_TEXT],
              st->mismatches[MISMATCH_SIZE], st->mismatches[MISMATCH_REJECTED],
              st->mismatches[MISMATCH_ACCEPTED], st->mismatches[MISMATCH_REENCODE], st->asm_texts,
              st->asm_match, st->mismatches[MISMATCH_ASM_BYTES],
              st->mismatches[MISMATCH_ASM_REJECTED], st->mismatches[NOTE_LLVM_ASM_ERROR]);
   }
   fputs("(valid/invalid: llvm-mc's verdict; text/size/rej/acc/reenc: decoder mismatches; asm: "
         "distinct texts reassembled, bytes/rej: assembler mismatches, llerr: texts llvm-mc's "
         "own assembler rejects)\n",
         out);
   for (unsigned f = 0; f < RDNA_FMT_COUNT; f++) {
      const struct category_stats *st = &s->stats[f];
      unsigned printed = 0;
      for (unsigned rank = 0; rank < MAX_EXAMPLES && printed < examples_per_format; rank++)
         for (unsigned k = 0; k < MISMATCH_COUNT && printed < examples_per_format; k++) {
            if (rank >= st->num_examples[k])
               continue;
            if (printed++ == 0)
               fprintf(out, "-- %s %s wave%u: first mismatches\n", rdna_encoding_name(f),
                       rdna_target_name(s->config.target), s->config.wave_size);
            fprintf(out, "  %s: %s\n", mismatch_names[k], st->examples[k][rank]);
         }
   }
}

static void append_report_file(const struct sweep *s)
{
   const char *path = getenv("RDNA_SWEEP_REPORT");
   if (!path || !*path)
      return;
   char *buffer = NULL;
   size_t size = 0;
   FILE *memory = open_memstream(&buffer, &size);
   cr_assert_not_null(memory);
   write_report(s, memory, MISMATCH_COUNT * MAX_EXAMPLES);
   fputc('\n', memory);
   fclose(memory);
   /* The four tests run in parallel: one locked append each. */
   int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
   cr_assert(fd >= 0, "cannot open RDNA_SWEEP_REPORT %s: %s", path, strerror(errno));
   flock(fd, LOCK_EX);
   ssize_t written = write(fd, buffer, size);
   flock(fd, LOCK_UN);
   close(fd);
   free(buffer);
   cr_assert_eq((size_t)written, size, "short write to %s", path);
}

static void run_sweep(enum rdna_target target, unsigned wave_size)
{
   static struct sweep sweep; /* large; one per test process */
   struct sweep *s = &sweep;
   memset(s, 0, sizeof(*s));
   s->config.target = target;
   s->config.wave_size = wave_size;
   char llvm_path[512];
   setup_llvm(s, llvm_path, sizeof(llvm_path));
   s->count = env_unsigned("RDNA_SWEEP_COUNT", 32);
   s->seed =
      env_unsigned("RDNA_SWEEP_SEED", 20240601) * 4u + (unsigned)target * 2u + (wave_size == 64);
   s->rng = s->seed;
   select_formats(s);

   const char *tmp = getenv("TMPDIR");
   snprintf(s->tmpdir, sizeof(s->tmpdir), "%s/rdna-sweep-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
   cr_assert_not_null(mkdtemp(s->tmpdir), "mkdtemp: %s", strerror(errno));

   generate(s);
   llvm_disassemble_all(s);
   for (size_t i = 0; i < s->num_samples; i++)
      compare_decode(s, &s->samples[i]);
   compare_assembly(s);

   char path[320];
   const char *names[] = { "dis.txt", "asm.s", "llvm.out", "llvm.err" };
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      snprintf(path, sizeof(path), "%.256s/%s", s->tmpdir, names[i]);
      unlink(path);
   }
   rmdir(s->tmpdir);

   write_report(s, stderr, MAX_EXAMPLES);
   append_report_file(s);

   unsigned long failures = 0, accepted = 0;
   for (unsigned f = 0; f < RDNA_FMT_COUNT; f++)
      for (unsigned k = 0; k < MISMATCH_COUNT; k++) {
         if (k == MISMATCH_ACCEPTED)
            accepted += s->stats[f].mismatches[k];
         else if (k != NOTE_LLVM_ASM_ERROR && k != NOTE_INVALID_OPERAND)
            failures += s->stats[f].mismatches[k];
      }
   unsigned allowance = env_unsigned("RDNA_SWEEP_ALLOW_INVALID", 0);
   cr_expect_eq(failures, 0, "%s wave%u: %lu mismatches with llvm-mc (table above)",
                rdna_target_name(target), wave_size, failures);
   cr_expect(accepted <= allowance,
             "%s wave%u: we decode %lu encodings llvm-mc rejects (allowed: %u)",
             rdna_target_name(target), wave_size, accepted, allowance);

   for (size_t i = 0; i < s->num_samples; i++)
      free(s->samples[i].llvm_text);
   free(s->samples);
   for (unsigned f = 0; f < RDNA_FMT_COUNT; f++)
      for (unsigned k = 0; k < MISMATCH_COUNT; k++)
         for (unsigned e = 0; e < s->stats[f].num_examples[k]; e++)
            free(s->stats[f].examples[k][e]);
}

/* A fresh report file per run: the tests append to it from their own processes. */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
   (void)tests;
   const char *path = getenv("RDNA_SWEEP_REPORT");
   if (path && *path) {
      FILE *file = fopen(path, "w");
      if (file)
         fclose(file);
   }
}

Test(sweep, gfx1013_wave32, .timeout = 900)
{
   run_sweep(RDNA_TARGET_GFX1013, 32);
}

Test(sweep, gfx1013_wave64, .timeout = 900)
{
   run_sweep(RDNA_TARGET_GFX1013, 64);
}

Test(sweep, gfx1030_wave32, .timeout = 900)
{
   run_sweep(RDNA_TARGET_GFX1030, 32);
}

Test(sweep, gfx1030_wave64, .timeout = 900)
{
   run_sweep(RDNA_TARGET_GFX1030, 64);
}
