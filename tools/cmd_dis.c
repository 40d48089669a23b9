/* `rdna dis`: disassembles raw little-endian machine code (a file, or dwords given on the command
 * line) into llvm-mc syntax, one instruction per line. Branch targets become `label_XXXX:` lines;
 * words that do not decode print as `.long` with the reason, and decoding goes on, so the output
 * shows everything it can and always assembles again with `rdna asm`. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rdna/recomp.h"

static void dis_help(FILE *out)
{
   fputs("usage: rdna dis [options] IN.bin\n"
         "       rdna dis [options] --words WORD...\n"
         "\n"
         "Disassembles raw little-endian GFX10 machine code into llvm-mc syntax, one\n"
         "instruction per line, indented with a tab as llvm-mc prints it. IN may be '-' for\n"
         "standard input. Branch targets inside the code get 'label_XXXX:' lines (XXXX: the\n"
         "byte offset in hex) and branches name them. A dword that does not decode prints as\n"
         "'.long 0x...' with the reason in a comment, and decoding goes on with the next dword;\n"
         "the output always assembles again with 'rdna asm'.\n"
         "\n"
         "options:\n"
         "  --words WORD...    disassemble these dwords (decimal or 0x hex; several arguments\n"
         "                     or one comma-separated list) instead of a file\n"
         "  --offset N         start at byte N of the input (a multiple of 4); offsets and\n"
         "                     labels stay those of the whole input\n"
         "  --addresses        end each line with '// OFFSET: WORDS' (hex)\n"
         "  --no-labels        print branch targets as llvm-mc does (the raw simm16)\n"
         "  --json             print a JSON array instead, one object per instruction:\n"
         "                     {offset, words, text, op, encoding}, plus 'target' (byte\n"
         "                     offset) for branches and 'error' {status, message} for a\n"
         "                     dword that did not decode (then op and encoding are null);\n"
         "                     text is llvm-mc's, without labels\n"
         "  --cfg              print the control-flow graph the recompiler discovers from\n"
         "                     the start (or --offset) as Graphviz dot instead: one node per\n"
         "                     basic block with its instructions; edges for fall-through,\n"
         "                     branches, calls (dashed), returns (dotted, from s_setpc_b64\n"
         "                     to every call's return point) and computed targets\n",
         out);
   cli_isa_help(out);
   fputs("  -h, --help         this text\n"
         "\n"
         "Exit codes: 0 every byte decoded, 2 some did not (the output still shows all of\n"
         "them) or bad usage, 3 out of memory.\n",
         out);
}

struct dis_options {
   struct rdna_isa_config config;
   const char *input;
   size_t offset;
   bool addresses;
   bool labels;
   bool json;
   bool cfg;
};

struct dis_code {
   const uint8_t *bytes;
   size_t size;        /* bytes of the whole input */
   size_t start;       /* first byte to decode */
   uint8_t *is_start;  /* per dword: an instruction starts there */
   uint8_t *is_target; /* per dword: a decoded branch lands there */
};

/* The branch target of an instruction, from its mnemonic: the public API does not expose the
 * table's BRANCH flag. SOPP branches and s_call_b64 (SOPK) jump to PC + 4 + simm16 * 4 (RDNA2
 * ISA guide, "Program Flow Control"). */
static bool branch_target(const struct rdna_inst *inst, size_t offset, int64_t *target)
{
   const char *name = rdna_op_name(inst->op);
   if (strcmp(name, "s_branch") != 0 && strncmp(name, "s_cbranch_", 10) != 0 &&
       strcmp(name, "s_call_b64") != 0)
      return false;
   for (unsigned i = inst->num_operands; i-- > 0;) {
      if (inst->operands[i].reg == RDNA_REG_IMM) {
         int16_t simm16 = (int16_t)(uint16_t)(inst->operands[i].value & 0xffff);
         *target = (int64_t)offset + 4 + (int64_t)simm16 * 4;
         return true;
      }
   }
   return false;
}

static bool is_label(const struct dis_code *code, int64_t target)
{
   return target >= (int64_t)code->start && target < (int64_t)code->size && target % 4 == 0 &&
          code->is_start[target / 4];
}

static uint32_t word_at(const struct dis_code *code, size_t offset)
{
   uint32_t word = 0;
   for (unsigned b = 0; b < 4 && offset + b < code->size; b++)
      word |= (uint32_t)code->bytes[offset + b] << (8 * b);
   return word;
}

/* Replaces the branch operand (the text's last token, the raw simm16 as llvm-mc prints it) by
 * the label. Leaves the text alone when the last token is not that number. */
static void substitute_label(char *text, size_t size, size_t offset, int64_t target)
{
   char *last = strrchr(text, ' ');
   if (!last)
      return;
   last++;
   char *end;
   long long printed = strtoll(last, &end, 10);
   int64_t simm16 = (target - (int64_t)offset - 4) / 4;
   if (end == last || *end || (printed != simm16 && printed != (simm16 & 0xffff)))
      return;
   snprintf(last, size - (size_t)(last - text), "label_%04llx", (unsigned long long)target);
}

/* The status of decoding at `offset`, with the instruction and the message. */
static enum rdna_status decode_at(const struct dis_options *options, const struct dis_code *code,
                                  size_t offset, struct rdna_inst *inst, struct rdna_diag *diag)
{
   memset(diag, 0, sizeof(*diag));
   return rdna_decode(&options->config, code->bytes + offset, code->size - offset, inst, diag);
}

/* Pass 1: where instructions start and where branches land. */
static void find_labels(const struct dis_options *options, struct dis_code *code)
{
   struct rdna_inst inst;
   struct rdna_diag diag;
   int64_t target;
   size_t offset = code->start;
   while (code->size - offset >= 4) {
      code->is_start[offset / 4] = 1;
      if (decode_at(options, code, offset, &inst, &diag) != RDNA_OK) {
         offset += 4;
         continue;
      }
      if (branch_target(&inst, offset, &target) && target >= 0 && target < (int64_t)code->size &&
          target % 4 == 0)
         code->is_target[target / 4] = 1;
      offset += inst.size >= 4 ? inst.size : 4;
   }
}

static void print_line(const struct dis_options *options, const struct dis_code *code,
                       size_t offset, size_t size, const char *text)
{
   if (!options->addresses) {
      printf("\t%s\n", text);
      return;
   }
   /* llvm-objdump's layout: the text, then a comment with the offset and the dwords. */
   printf("\t%-48s // %08zx:", text, offset);
   for (size_t i = 0; i < size; i += 4)
      printf(" %08x", word_at(code, offset + i));
   putchar('\n');
}

static int print_text(const struct dis_options *options, struct dis_code *code)
{
   bool all_decoded = true;
   size_t offset = code->start;
   struct rdna_inst inst;
   struct rdna_diag diag;
   char text[512];
   while (code->size - offset >= 4) {
      if (options->labels && code->is_target[offset / 4])
         printf("label_%04zx:\n", offset);
      enum rdna_status status = decode_at(options, code, offset, &inst, &diag);
      if (status != RDNA_OK) {
         all_decoded = false;
         snprintf(text, sizeof(text), ".long 0x%08x // %s: %s", word_at(code, offset),
                  rdna_status_name(status),
                  diag.message[0] ? diag.message : rdna_status_message(status));
         print_line(options, code, offset, 4, text);
         offset += 4;
         continue;
      }
      rdna_print(&options->config, &inst, text, sizeof(text));
      int64_t target;
      if (options->labels && branch_target(&inst, offset, &target) && is_label(code, target))
         substitute_label(text, sizeof(text), offset, target);
      size_t size = inst.size >= 4 ? inst.size : 4;
      print_line(options, code, offset, size, text);
      offset += size;
   }
   if (offset < code->size) {
      all_decoded = false;
      printf("\t// %zu trailing byte(s) at offset 0x%zx: not a whole dword\n", code->size - offset,
             offset);
   }
   return all_decoded ? CLI_EXIT_OK : CLI_EXIT_BAD_INPUT;
}

static json_t *json_entry(const struct dis_options *options, const struct dis_code *code,
                          size_t offset, size_t *size, bool *decoded)
{
   struct rdna_inst inst;
   struct rdna_diag diag;
   char text[512];
   json_t *entry = json_object();
   json_t *words = json_array();
   if (!entry || !words) {
      json_decref(entry);
      json_decref(words);
      return NULL;
   }
   enum rdna_status status = decode_at(options, code, offset, &inst, &diag);
   *decoded = status == RDNA_OK;
   *size = *decoded && inst.size >= 4 ? inst.size : 4;
   for (size_t i = 0; i < *size; i += 4)
      json_array_append_new(words, json_integer(word_at(code, offset + i)));

   json_object_set_new(entry, "offset", json_integer((json_int_t)offset));
   json_object_set_new(entry, "words", words);
   if (*decoded) {
      rdna_print(&options->config, &inst, text, sizeof(text));
      json_object_set_new(entry, "text", json_string(text));
      json_object_set_new(entry, "op", json_string(rdna_op_name(inst.op)));
      json_object_set_new(entry, "encoding", json_string(rdna_encoding_name(inst.encoding)));
      int64_t target;
      if (branch_target(&inst, offset, &target))
         json_object_set_new(entry, "target", json_integer((json_int_t)target));
   } else {
      snprintf(text, sizeof(text), ".long 0x%08x", word_at(code, offset));
      json_object_set_new(entry, "text", json_string(text));
      json_object_set_new(entry, "op", json_null());
      json_object_set_new(entry, "encoding", json_null());
      json_t *error = json_object();
      json_object_set_new(error, "status", json_string(rdna_status_name(status)));
      json_object_set_new(
         error, "message",
         json_string(diag.message[0] ? diag.message : rdna_status_message(status)));
      json_object_set_new(entry, "error", error);
   }
   return entry;
}

/* Streams the array one compact object per line, so a large input needs no large tree. */
static int print_json(const struct dis_options *options, struct dis_code *code)
{
   bool all_decoded = true;
   size_t offset = code->start;
   fputs("[", stdout);
   const char *separator = "\n";
   while (code->size - offset >= 4) {
      size_t size;
      bool decoded;
      json_t *entry = json_entry(options, code, offset, &size, &decoded);
      char *line = entry ? json_dumps(entry, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
      json_decref(entry);
      if (!line) {
         cli_error("dis", "out of memory");
         return CLI_EXIT_ENVIRONMENT;
      }
      printf("%s  %s", separator, line);
      free(line);
      separator = ",\n";
      all_decoded = all_decoded && decoded;
      offset += size;
   }
   puts(offset == code->start ? "]" : "\n]");
   if (offset < code->size) {
      cli_error("dis", "%zu trailing byte(s) at offset 0x%zx: not a whole dword",
                code->size - offset, offset);
      all_decoded = false;
   }
   return all_decoded ? CLI_EXIT_OK : CLI_EXIT_BAD_INPUT;
}

/* Appends the dwords of one --words argument (a number or a comma-separated list). */
static int append_words(const char *value, uint8_t **bytes, size_t *size)
{
   const char *p = value;
   do {
      size_t length = strcspn(p, ",");
      char item[32];
      uint64_t word;
      if (length >= sizeof(item))
         length = sizeof(item) - 1;
      memcpy(item, p, length);
      item[length] = '\0';
      if (!cli_parse_uint(item, UINT32_MAX, &word))
         return cli_usage_error("dis", "expected a dword (decimal or 0x hex), found '%s'", item);
      uint8_t *bigger = realloc(*bytes, *size + 4);
      if (!bigger) {
         cli_error("dis", "out of memory");
         return CLI_EXIT_ENVIRONMENT;
      }
      *bytes = bigger;
      for (unsigned b = 0; b < 4; b++)
         (*bytes)[*size + b] = (uint8_t)(word >> (8 * b));
      *size += 4;
      p += strcspn(p, ",");
   } while (*p++ == ',');
   return CLI_EXIT_OK;
}

/* --words takes its value and every following argument that starts with a digit. */
static int parse_words(struct cli_parser *parser, uint8_t **bytes, size_t *size)
{
   const char *value;
   if (!cli_value(parser, &value))
      return CLI_EXIT_BAD_INPUT;
   for (;;) {
      int code = append_words(value, bytes, size);
      if (code != CLI_EXIT_OK)
         return code;
      if (parser->options_done || parser->next >= parser->argc)
         return CLI_EXIT_OK;
      value = parser->argv[parser->next];
      if (value[0] < '0' || value[0] > '9')
         return CLI_EXIT_OK;
      parser->next++;
   }
}

/* --cfg: the recompiler's blocks as Graphviz dot, addresses being byte offsets in the input. */
static int print_cfg(const struct dis_options *options, const struct dis_code *dis)
{
   char *text = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (dis->size == dis->start)
      return cli_usage_error("dis", "no code to build a graph of");
   enum rdna_status st = rdna_recomp_cfg_dot(&options->config, dis->bytes + dis->start,
                                             dis->size - dis->start, dis->start, &text, &diag);
   if (st != RDNA_OK) {
      cli_error("dis", "%s", diag.message);
      return cli_exit_for_status(st);
   }
   fputs(text, stdout);
   free(text);
   return CLI_EXIT_OK;
}

static int parse_options(int argc, char **argv, struct dis_options *options, uint8_t **words,
                         size_t *num_bytes, bool *have_words)
{
   cli_isa_unset(&options->config);
   options->labels = true;
   struct cli_parser parser;
   cli_parser_init(&parser, "dis", argc, argv);
   enum cli_token token;
   while ((token = cli_next(&parser)) != CLI_END) {
      if (token == CLI_POSITIONAL) {
         if (options->input)
            return cli_usage_error("dis", "more than one input file ('%s' and '%s')",
                                   options->input, parser.arg);
         options->input = parser.arg;
         continue;
      }
      int isa = cli_isa_option(&parser, &options->config);
      if (isa < 0)
         return CLI_EXIT_BAD_INPUT;
      if (isa > 0)
         continue;
      const char *value;
      uint64_t number;
      if (cli_is(&parser, "--help", "-h")) {
         dis_help(stdout);
         return -1;
      } else if (cli_is(&parser, "--words", NULL)) {
         *have_words = true;
         int code = parse_words(&parser, words, num_bytes);
         if (code != CLI_EXIT_OK)
            return code;
      } else if (cli_is(&parser, "--offset", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, SIZE_MAX, &number) || number % 4 != 0)
            return cli_usage_error("dis", "--offset needs a multiple of 4, found '%s'", value);
         options->offset = (size_t)number;
      } else if (cli_is(&parser, "--addresses", NULL) || cli_is(&parser, "--no-labels", NULL) ||
                 cli_is(&parser, "--json", NULL) || cli_is(&parser, "--cfg", NULL)) {
         if (!cli_no_value(&parser))
            return CLI_EXIT_BAD_INPUT;
         if (cli_is(&parser, "--addresses", NULL))
            options->addresses = true;
         else if (cli_is(&parser, "--no-labels", NULL))
            options->labels = false;
         else if (cli_is(&parser, "--cfg", NULL))
            options->cfg = true;
         else
            options->json = true;
      } else {
         return cli_unknown_option(&parser);
      }
   }
   cli_isa_defaults(&options->config);
   if (*have_words && options->input)
      return cli_usage_error("dis", "give either --words or an input file, not both");
   if (!*have_words && !options->input)
      return cli_usage_error("dis", "no input file (or --words)");
   return CLI_EXIT_OK;
}

int cmd_dis(int argc, char **argv)
{
   struct dis_options options;
   memset(&options, 0, sizeof(options));
   uint8_t *words = NULL;
   size_t num_bytes = 0;
   bool have_words = false;
   int code = parse_options(argc, argv, &options, &words, &num_bytes, &have_words);
   if (code != CLI_EXIT_OK) {
      free(words);
      return code < 0 ? CLI_EXIT_OK : code;
   }

   char *file = NULL;
   struct dis_code dis;
   memset(&dis, 0, sizeof(dis));
   if (have_words) {
      dis.bytes = words;
      dis.size = num_bytes;
   } else {
      code = cli_read_file("dis", options.input, &file, &dis.size);
      if (code != CLI_EXIT_OK)
         return code;
      dis.bytes = (const uint8_t *)file;
   }
   if (options.offset > dis.size) {
      code = cli_usage_error("dis", "--offset %zu is past the end of the input (%zu bytes)",
                             options.offset, dis.size);
      goto done;
   }
   dis.start = options.offset;
   dis.is_start = calloc(dis.size / 4 + 1, 1);
   dis.is_target = calloc(dis.size / 4 + 1, 1);
   if (!dis.is_start || !dis.is_target) {
      cli_error("dis", "out of memory");
      code = CLI_EXIT_ENVIRONMENT;
      goto done;
   }

   if (options.cfg) {
      code = print_cfg(&options, &dis);
   } else if (options.json) {
      code = print_json(&options, &dis);
   } else {
      if (options.labels)
         find_labels(&options, &dis);
      code = print_text(&options, &dis);
   }
   if (fflush(stdout) != 0) {
      cli_error("dis", "cannot write the output");
      code = CLI_EXIT_ENVIRONMENT;
   }

done:
   free(dis.is_start);
   free(dis.is_target);
   free(file);
   free(words);
   return code;
}
