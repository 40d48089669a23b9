/* Helpers shared by the `rdna` commands: a small option parser (so every command reports
 * unknown options and missing values the same way), the --target/--wave options, whole-file
 * input and output with "-" for the standard streams, and compiler-style diagnostics. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- option parsing ----------------------------------------------------------------------- */

void cli_parser_init(struct cli_parser *parser, const char *command, int argc, char **argv)
{
   memset(parser, 0, sizeof(*parser));
   parser->command = command;
   parser->argc = argc;
   parser->argv = argv;
   parser->next = 1;
}

enum cli_token cli_next(struct cli_parser *parser)
{
   if (parser->next >= parser->argc)
      return CLI_END;
   const char *arg = parser->argv[parser->next++];
   parser->arg = arg;
   parser->inline_value = NULL;
   parser->name_length = strlen(arg);
   if (parser->options_done || arg[0] != '-' || arg[1] == '\0')
      return CLI_POSITIONAL;
   if (strcmp(arg, "--") == 0) {
      parser->options_done = true;
      return cli_next(parser);
   }
   const char *equals = strchr(arg, '=');
   if (equals) {
      parser->name_length = (size_t)(equals - arg);
      parser->inline_value = equals + 1;
   }
   return CLI_OPTION;
}

static bool name_is(const struct cli_parser *parser, const char *name)
{
   return name && strlen(name) == parser->name_length &&
          memcmp(parser->arg, name, parser->name_length) == 0;
}

bool cli_is(const struct cli_parser *parser, const char *long_name, const char *short_name)
{
   return name_is(parser, long_name) || name_is(parser, short_name);
}

/* A value may start with '-' only when it is "-" (a standard stream) or a negative number. */
static bool looks_like_value(const char *arg)
{
   return arg[0] != '-' || arg[1] == '\0' || (arg[1] >= '0' && arg[1] <= '9');
}

bool cli_peek_value(const struct cli_parser *parser)
{
   return !parser->options_done && parser->next < parser->argc &&
          looks_like_value(parser->argv[parser->next]);
}

bool cli_value(struct cli_parser *parser, const char **value)
{
   if (parser->inline_value) {
      *value = parser->inline_value;
      return true;
   }
   if (parser->next < parser->argc && looks_like_value(parser->argv[parser->next])) {
      *value = parser->argv[parser->next++];
      return true;
   }
   cli_usage_error(parser->command, "option '%.*s' needs a value", (int)parser->name_length,
                   parser->arg);
   return false;
}

bool cli_no_value(const struct cli_parser *parser)
{
   if (!parser->inline_value)
      return true;
   cli_usage_error(parser->command, "option '%.*s' takes no value", (int)parser->name_length,
                   parser->arg);
   return false;
}

int cli_unknown_option(const struct cli_parser *parser)
{
   return cli_usage_error(parser->command, "unknown option '%.*s'", (int)parser->name_length,
                          parser->arg);
}

bool cli_parse_uint(const char *text, uint64_t max, uint64_t *value)
{
   if (!text || !*text || *text == '-' || *text == '+' || *text == ' ')
      return false;
   int base = 10;
   if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
      base = 16;
      text += 2;
      if (!*text || *text == '-' || *text == '+' || *text == ' ')
         return false;
   }
   char *end;
   errno = 0;
   unsigned long long parsed = strtoull(text, &end, base);
   if (errno || *end || parsed > max)
      return false;
   *value = parsed;
   return true;
}

void cli_isa_unset(struct rdna_isa_config *config)
{
   config->target = RDNA_TARGET_COUNT;
   config->wave_size = 0;
}

void cli_isa_defaults(struct rdna_isa_config *config)
{
   if (config->target == RDNA_TARGET_COUNT)
      config->target = RDNA_TARGET_GFX1030;
   if (config->wave_size == 0)
      config->wave_size = 32;
}

void cli_isa_from_header(const char *source, size_t length, struct rdna_isa_config *config)
{
   char line[128];
   size_t n = 0;
   while (n < length && n + 1 < sizeof(line) && source[n] != '\n') {
      line[n] = source[n];
      n++;
   }
   line[n] = '\0';
   if (line[0] != ';')
      return;
   const char *target = strstr(line, "target:");
   const char *wave = strstr(line, "wave:");
   char name[16];
   enum rdna_target parsed;
   if (target && config->target == RDNA_TARGET_COUNT && sscanf(target, "target: %15s", name) == 1 &&
       rdna_target_from_name(name, &parsed))
      config->target = parsed;
   unsigned size;
   if (wave && config->wave_size == 0 && sscanf(wave, "wave: %u", &size) == 1 &&
       (size == 32 || size == 64))
      config->wave_size = size;
}

int cli_isa_option(struct cli_parser *parser, struct rdna_isa_config *config)
{
   const char *value;
   if (cli_is(parser, "--target", NULL)) {
      if (!cli_value(parser, &value))
         return -1;
      if (!rdna_target_from_name(value, &config->target)) {
         cli_usage_error(parser->command, "unknown target '%s' (expected gfx1030 or gfx1013)",
                         value);
         return -1;
      }
      return 1;
   }
   if (cli_is(parser, "--wave", NULL)) {
      if (!cli_value(parser, &value))
         return -1;
      if (strcmp(value, "32") != 0 && strcmp(value, "64") != 0) {
         cli_usage_error(parser->command, "wave size must be 32 or 64, found '%s'", value);
         return -1;
      }
      config->wave_size = value[0] == '3' ? 32 : 64;
      return 1;
   }
   return 0;
}

int cli_lowering_option(struct cli_parser *parser, const struct cli_lowering *lowering)
{
   enum {
      RELATIVE,
      CFG,
      ENTRIES,
      WAVES
   } which;
   static const char *const expected[] = {
      [RELATIVE] = "--relative takes chain, tree, switch, window or default",
      [CFG] = "--cfg takes dispatch, structured or default",
      [ENTRIES] = "--entries takes default, discovered or all",
      [WAVES] = "--waves takes serial or concurrent",
   };
   if (lowering->relative && cli_is(parser, "--relative", NULL))
      which = RELATIVE;
   else if (lowering->cfg && cli_is(parser, "--cfg", NULL))
      which = CFG;
   else if (lowering->entries && cli_is(parser, "--entries", NULL))
      which = ENTRIES;
   else if (lowering->waves && cli_is(parser, "--waves", NULL))
      which = WAVES;
   else
      return 0;
   const char *value;
   if (!cli_value(parser, &value))
      return -1;
   bool known = which == RELATIVE  ? rdna_relative_lowering_parse(value, lowering->relative)
                : which == CFG     ? rdna_cfg_lowering_parse(value, lowering->cfg)
                : which == ENTRIES ? rdna_entry_points_parse(value, lowering->entries)
                                   : rdna_wave_order_parse(value, lowering->waves);
   if (known)
      return 1;
   cli_usage_error(parser->command, "%s, found '%s'", expected[which], value);
   return -1;
}

void cli_lowering_help(FILE *out)
{
   fputs("  --relative=LOWERING  relative VGPR addressing as chain, tree, switch, window or\n"
         "                       default (chain for subgroups below 32, else window)\n"
         "  --cfg=FORM           control flow as dispatch (every block a case of the\n"
         "                       dispatcher loop) or structured (the default)\n"
         "  --entries=WHICH      what a jump to a run-time value can reach: default (the\n"
         "                       block starts discovery computes, plus code addresses in the\n"
         "                       case's data when a jump target is unknown), discovered or\n"
         "                       all (every dword of the code: exact, larger modules)\n"
         "  --waves=ORDER        the waves of a workgroup run serial (one at a time in wave\n"
         "                       order, as the interpreter runs them; the default) or\n"
         "                       concurrent (interleaved as the device runs them)\n",
         out);
}

void cli_isa_help(FILE *out)
{
   fputs("  --target NAME    gfx1030 (default) or gfx1013 (the PS5 GPU)\n"
         "  --wave 32|64     wave size (default 32); decides lane-mask operands (vcc_lo or vcc)\n",
         out);
}

/* ---- input, output, messages -------------------------------------------------------------- */

static void vprint_error(const char *command, const char *fmt, va_list args)
{
   fprintf(stderr, "rdna %s: error: ", command);
   vfprintf(stderr, fmt, args);
   fputc('\n', stderr);
}

void cli_error(const char *command, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   vprint_error(command, fmt, args);
   va_end(args);
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   vprint_error(command, fmt, args);
   va_end(args);
   fprintf(stderr, "Try 'rdna %s --help'.\n", command);
   return CLI_EXIT_BAD_INPUT;
}

const char *cli_display_name(const char *path)
{
   return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

int cli_read_file(const char *command, const char *path, char **data, size_t *size)
{
   bool is_stdin = strcmp(path, "-") == 0;
   FILE *file = is_stdin ? stdin : fopen(path, "rb");
   if (!file) {
      cli_error(command, "cannot open '%s': %s", path, strerror(errno));
      return CLI_EXIT_BAD_INPUT;
   }

   size_t capacity = 1 << 16, length = 0;
   char *buffer = malloc(capacity);
   int code = CLI_EXIT_OK;
   while (buffer) {
      if (capacity - length < 2) {
         char *bigger = capacity > SIZE_MAX / 2 ? NULL : realloc(buffer, capacity * 2);
         if (!bigger) {
            free(buffer);
            buffer = NULL;
            break;
         }
         buffer = bigger;
         capacity *= 2;
      }
      size_t got = fread(buffer + length, 1, capacity - length - 1, file);
      length += got;
      if (got == 0)
         break;
   }
   if (!buffer) {
      cli_error(command, "out of memory reading '%s'", cli_display_name(path));
      code = CLI_EXIT_ENVIRONMENT;
   } else if (ferror(file)) {
      /* A directory opens but does not read: EISDIR is bad input, not the environment. */
      cli_error(command, "cannot read '%s': %s", cli_display_name(path), strerror(errno));
      free(buffer);
      buffer = NULL;
      code = CLI_EXIT_BAD_INPUT;
   }
   if (!is_stdin)
      fclose(file);
   if (buffer) {
      buffer[length] = '\0';
      *data = buffer;
      *size = length;
   }
   return code;
}

int cli_write_file(const char *command, const char *path, const void *data, size_t size)
{
   bool is_stdout = strcmp(path, "-") == 0;
   FILE *file = is_stdout ? stdout : fopen(path, "wb");
   if (!file) {
      cli_error(command, "cannot create '%s': %s", path, strerror(errno));
      return CLI_EXIT_ENVIRONMENT;
   }
   bool ok = fwrite(data, 1, size, file) == size;
   ok = (is_stdout ? fflush(file) == 0 : fclose(file) == 0) && ok;
   if (!ok) {
      cli_error(command, "cannot write '%s': %s", is_stdout ? "<stdout>" : path, strerror(errno));
      return CLI_EXIT_ENVIRONMENT;
   }
   return CLI_EXIT_OK;
}

void cli_print_source_diag(FILE *out, const char *file, const char *source, size_t length,
                           const struct rdna_diag *diag)
{
   const char *message = diag->message[0] ? diag->message : rdna_status_message(diag->status);
   if (diag->line == 0) {
      fprintf(out, "%s: error: %s\n", file, message);
      return;
   }
   fprintf(out, "%s:%u:%u: error: %s\n", file, diag->line, diag->column, message);

   /* Find the line: lines end at '\n' (a '\r' before it is not shown). */
   size_t start = 0;
   for (unsigned line = 1; line < diag->line; line++) {
      const char *newline = memchr(source + start, '\n', length - start);
      if (!newline)
         return;
      start = (size_t)(newline - source) + 1;
   }
   size_t end = start;
   while (end < length && source[end] != '\n' && source[end] != '\r')
      end++;
   fprintf(out, "%.*s\n", (int)(end - start), source + start);
   if (diag->column == 0)
      return;
   /* The caret lines up under the column even when the line holds tabs: copy them. */
   for (size_t i = 0; i + 1 < diag->column && start + i < end; i++)
      fputc(source[start + i] == '\t' ? '\t' : ' ', out);
   fputs("^\n", out);
}

int cli_exit_for_status(enum rdna_status status)
{
   return status == RDNA_NO_MEMORY || status == RDNA_IO ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_BAD_INPUT;
}

/* ---- case files ---------------------------------------------------------------------------- */

bool cli_paths_add(struct cli_paths *list, char *path)
{
   if (list->count == list->capacity) {
      size_t capacity = list->capacity ? list->capacity * 2 : 16;
      char **grown = realloc(list->paths, capacity * sizeof(list->paths[0]));
      if (!grown)
         return false;
      list->paths = grown;
      list->capacity = capacity;
   }
   list->paths[list->count++] = path;
   return true;
}

void cli_paths_free(struct cli_paths *list)
{
   for (size_t i = 0; i < list->count; i++)
      free(list->paths[i]);
   free(list->paths);
}

static char *join_path(const char *dir, const char *name)
{
   size_t a = strlen(dir), b = strlen(name);
   bool slash = a > 0 && dir[a - 1] != '/';
   char *path = malloc(a + slash + b + 1);
   if (path) {
      memcpy(path, dir, a);
      if (slash)
         path[a] = '/';
      memcpy(path + a + slash, name, b + 1);
   }
   return path;
}

bool cli_has_case_suffix(const char *name)
{
   size_t n = strlen(name);
   return n > 5 && strcmp(name + n - 5, ".case") == 0;
}

/* Adds every *.case file below `dir` (hidden entries skipped). Returns an exit code. */
static int collect_dir(const char *command, const char *dir, struct cli_paths *list)
{
   DIR *d = opendir(dir);
   if (!d) {
      cli_error(command, "cannot open directory '%s': %s", dir, strerror(errno));
      return CLI_EXIT_BAD_INPUT;
   }
   int code = CLI_EXIT_OK;
   struct dirent *entry;
   while (code == CLI_EXIT_OK && (entry = readdir(d)) != NULL) {
      if (entry->d_name[0] == '.')
         continue;
      char *path = join_path(dir, entry->d_name);
      struct stat st;
      if (!path) {
         code = CLI_EXIT_ENVIRONMENT;
      } else if (stat(path, &st) != 0) {
         free(path);
      } else if (S_ISDIR(st.st_mode)) {
         code = collect_dir(command, path, list);
         free(path);
      } else if (S_ISREG(st.st_mode) && cli_has_case_suffix(entry->d_name)) {
         if (!cli_paths_add(list, path)) {
            free(path);
            code = CLI_EXIT_ENVIRONMENT;
         }
      } else {
         free(path);
      }
   }
   closedir(d);
   if (code == CLI_EXIT_ENVIRONMENT)
      cli_error(command, "out of memory listing '%s'", dir);
   return code;
}

static int compare_paths(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_collect_cases(const char *command, const struct cli_paths *inputs, struct cli_paths *cases,
                      bool *any_dir)
{
   int code = CLI_EXIT_OK;
   *any_dir = false;
   for (size_t i = 0; i < inputs->count && code == CLI_EXIT_OK; i++) {
      struct stat st;
      if (strcmp(inputs->paths[i], "-") != 0 && stat(inputs->paths[i], &st) == 0 &&
          S_ISDIR(st.st_mode)) {
         *any_dir = true;
         size_t first = cases->count;
         code = collect_dir(command, inputs->paths[i], cases);
         qsort(cases->paths + first, cases->count - first, sizeof(cases->paths[0]), compare_paths);
      } else {
         char *copy = strdup(inputs->paths[i]);
         if (!copy || !cli_paths_add(cases, copy)) {
            free(copy);
            cli_error(command, "out of memory");
            code = CLI_EXIT_ENVIRONMENT;
         }
      }
   }
   return code;
}

const char *cli_source_line(const char *source, size_t size, unsigned line, int *length)
{
   size_t start = 0;
   for (unsigned l = 1; l < line; l++) {
      const char *newline = memchr(source + start, '\n', size - start);
      if (!newline)
         return NULL;
      start = (size_t)(newline - source) + 1;
   }
   size_t end = start;
   while (end < size && source[end] != '\n' && source[end] != '\r')
      end++;
   *length = (int)(end - start);
   return source + start;
}

/* ---- case results -------------------------------------------------------------------------- */

static void print_fault(FILE *out, const char *what, const struct rdna_fault *f, unsigned waves)
{
   fprintf(out, "  %s: %s at pc 0x%llx", what, rdna_fault_kind_name(f->kind),
           (unsigned long long)f->pc);
   if (waves > 1)
      fprintf(out, ", wave %u", f->wave);
   if (f->lane >= 0)
      fprintf(out, ", lane %d", f->lane);
   if (f->address)
      fprintf(out, ", address 0x%llx", (unsigned long long)f->address);
   fprintf(out, ": %s\n", f->message[0] ? f->message : "(no message)");
}

void cli_print_case_result(const char *verdict, const char *name, const char *source, size_t size,
                           const struct rdna_case_result *r, const char *extra)
{
   printf("%s %s (wave%u, %llu steps", verdict, name, r->wave_size, (unsigned long long)r->steps);
   if (r->waves > 1)
      printf(", %u waves", r->waves);
   if (r->faulted && r->fault_expected)
      printf(", expected fault %s", rdna_fault_kind_name(r->fault.kind));
   printf("%s)\n", extra ? extra : "");
   for (size_t i = 0; i < r->num_failures; i++) {
      const struct rdna_case_run_failure *f = &r->failures[i];
      printf("  %s:%u:%u: %s", name, f->failure.line, f->failure.column, f->failure.message);
      if (r->waves > 1)
         printf(" (wave %u)", f->wave);
      putchar('\n');
      int length;
      const char *text = cli_source_line(source, size, f->failure.line, &length);
      if (text)
         printf("    %.*s\n", length, text);
   }
   if (r->unexpected_fault)
      print_fault(stdout, "unexpected fault", &r->fault, r->waves);
   else if (r->faulted && !r->passed)
      print_fault(stdout, "fault", &r->fault, r->waves);
}

static json_t *fault_json(const struct rdna_fault *f)
{
   return json_pack("{s:s, s:I, s:i, s:i, s:I, s:s}", "kind", rdna_fault_kind_name(f->kind), "pc",
                    (json_int_t)f->pc, "wave", (int)f->wave, "lane", f->lane, "address",
                    (json_int_t)f->address, "message", f->message);
}

json_t *cli_case_result_json(const char *source, size_t size, const struct rdna_case_result *r)
{
   json_t *failures = json_array();
   for (size_t i = 0; i < r->num_failures; i++) {
      const struct rdna_case_run_failure *f = &r->failures[i];
      int length = 0;
      const char *text = cli_source_line(source, size, f->failure.line, &length);
      json_array_append_new(failures,
                            json_pack("{s:i, s:i, s:i, s:s, s:s%}", "wave", (int)f->wave, "line",
                                      (int)f->failure.line, "column", (int)f->failure.column,
                                      "message", f->failure.message, "source", text ? text : "",
                                      (size_t)(text ? length : 0)));
   }
   return json_pack("{s:i, s:b, s:I, s:i, s:o, s:b, s:o}", "wave", (int)r->wave_size, "passed",
                    r->passed, "steps", (json_int_t)r->steps, "waves", (int)r->waves, "fault",
                    r->faulted ? fault_json(&r->fault) : json_null(), "unexpected_fault",
                    r->unexpected_fault, "failures", failures);
}
