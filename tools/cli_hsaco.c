/* The code-object options `rdna run`, `rdna gpu` and `rdna diff` share: --hsaco FILE --kernel
 * NAME --grid X,Y,Z --block X,Y,Z --arg ..., parsed here once and turned into a case with
 * rdna_hsaco_case (include/rdna/hsaco.h), which the commands then run like a parsed case file. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_hsaco_help(FILE *out)
{
   fputs("  --hsaco FILE       run kernel --kernel of an AMDHSA code object (clang-14 for\n"
         "                     gfx1030/gfx1013, linked with ld.lld -shared) instead of a case\n"
         "  --kernel NAME      the kernel (its descriptor is NAME.kd)\n"
         "  --grid X[,Y[,Z]]   workgroups in the dispatch (default 1)\n"
         "  --block X[,Y[,Z]]  work-items per workgroup (default 1)\n"
         "  --arg ARG          the next kernel argument, in parameter order: buffer:SIZE (zeros),\n"
         "                     buffer:FILE (its bytes), local:SIZE (LDS for a local pointer\n"
         "                     parameter), or TYPE:VALUE with TYPE one of u8 u16 u32 u64 i8\n"
         "                     i16 i32 i64 f16 f32 f64; buffers are named argN; checked\n"
         "                     against the kernel's parameters ('rdna hsaco FILE' lists them)\n",
         out);
}

bool cli_hsaco_given(const struct cli_hsaco *h)
{
   return h->file || h->kernel || h->num_args || h->dims_given;
}

void cli_hsaco_free(struct cli_hsaco *h)
{
   for (size_t i = 0; i < h->num_args; i++)
      free(h->data[i]);
   memset(h, 0, sizeof(*h));
}

/* X[,Y[,Z]], each 1..2^31. */
static bool parse_dims(const char *text, unsigned dims[3])
{
   dims[0] = dims[1] = dims[2] = 1;
   for (unsigned d = 0; d < 3; d++) {
      const char *comma = strchr(text, ',');
      size_t length = comma ? (size_t)(comma - text) : strlen(text);
      char part[32];
      uint64_t value;
      if (length == 0 || length >= sizeof(part))
         return false;
      memcpy(part, text, length);
      part[length] = '\0';
      if (!cli_parse_uint(part, 1u << 31, &value) || value == 0)
         return false;
      dims[d] = (unsigned)value;
      if (!comma)
         return true;
      text = comma + 1;
   }
   return false;
}

static int add_arg(const char *command, struct cli_hsaco *h, const char *text)
{
   if (h->num_args == RDNA_HSACO_MAX_ARGS)
      return cli_usage_error(command, "at most %u --arg options", RDNA_HSACO_MAX_ARGS);
   struct rdna_hsaco_arg *arg = &h->args[h->num_args];
   memset(arg, 0, sizeof(*arg));
   if (strncmp(text, "local:", 6) == 0) {
      uint64_t size;
      if (!cli_parse_uint(text + 6, 65536, &size) || size == 0)
         return cli_usage_error(command, "--arg %s: local:SIZE takes 1 to 65536 bytes of LDS",
                                text);
      arg->kind = RDNA_HSACO_ARG_LOCAL;
      arg->size = size;
      h->num_args++;
      return CLI_EXIT_OK;
   }
   if (strncmp(text, "buffer:", 7) != 0) {
      struct rdna_diag diag;
      if (rdna_hsaco_parse_value_arg(text, arg, &diag) != RDNA_OK)
         return cli_usage_error(command, "--arg %s: %s", text, diag.message);
      h->num_args++;
      return CLI_EXIT_OK;
   }
   const char *what = text + 7;
   uint64_t size;
   arg->kind = RDNA_HSACO_ARG_BUFFER;
   if (cli_parse_uint(what, RDNA_CASE_MAX_BUFFER_BYTES, &size)) {
      if (size == 0)
         return cli_usage_error(command, "--arg %s: a buffer needs at least one byte", text);
      arg->size = size;
   } else {
      char *data;
      size_t length;
      int code = cli_read_file(command, what, &data, &length);
      if (code != CLI_EXIT_OK)
         return code;
      if (length == 0 || length > RDNA_CASE_MAX_BUFFER_BYTES) {
         free(data);
         return cli_usage_error(command, "--arg %s: a buffer file holds 1 to %u bytes", text,
                                RDNA_CASE_MAX_BUFFER_BYTES);
      }
      h->data[h->num_args] = (uint8_t *)data;
      arg->bytes = (const uint8_t *)data;
      arg->size = length;
   }
   h->num_args++;
   return CLI_EXIT_OK;
}

int cli_hsaco_option(struct cli_parser *parser, struct cli_hsaco *h)
{
   const char *value;
   bool grid = cli_is(parser, "--grid", NULL), block = cli_is(parser, "--block", NULL);
   bool file = cli_is(parser, "--hsaco", NULL), kernel = cli_is(parser, "--kernel", NULL);
   bool arg = cli_is(parser, "--arg", NULL);
   if (!grid && !block && !file && !kernel && !arg)
      return 0;
   if (!cli_value(parser, &value))
      return -1;
   if (file) {
      h->file = value;
   } else if (kernel) {
      h->kernel = value;
   } else if (arg) {
      return add_arg(parser->command, h, value) == CLI_EXIT_OK ? 1 : -1;
   } else {
      h->dims_given = true;
      if (!parse_dims(value, grid ? h->grid : h->block)) {
         cli_usage_error(parser->command, "%s takes X[,Y[,Z]] with each from 1 to 2^31, found '%s'",
                         grid ? "--grid" : "--block", value);
         return -1;
      }
   }
   return 1;
}

int cli_hsaco_case(const char *command, const struct cli_hsaco *h, struct rdna_case **out)
{
   *out = NULL;
   if (!h->file || !h->kernel)
      return cli_usage_error(command, "%s",
                             h->file ? "--hsaco needs --kernel NAME"
                                     : "--kernel and --arg need --hsaco FILE");
   char *object;
   size_t size;
   int code = cli_read_file(command, h->file, &object, &size);
   if (code != CLI_EXIT_OK)
      return code;
   struct rdna_hsaco_dispatch dispatch;
   memset(&dispatch, 0, sizeof(dispatch));
   dispatch.kernel = h->kernel;
   memcpy(dispatch.grid, h->grid, sizeof(dispatch.grid));
   memcpy(dispatch.block, h->block, sizeof(dispatch.block));
   dispatch.args = h->args;
   dispatch.num_args = h->num_args;
   struct rdna_diag diag;
   enum rdna_status st = rdna_hsaco_case(object, size, &dispatch, out, &diag);
   free(object);
   if (st != RDNA_OK) {
      fprintf(stderr, "%s: error: %s\n", cli_display_name(h->file), diag.message);
      return st == RDNA_NO_MEMORY ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_BAD_INPUT;
   }
   return CLI_EXIT_OK;
}
