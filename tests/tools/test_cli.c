/* The `rdna` program as a user runs it: help and usage errors, exit codes, `asm` diagnostics in
 * the file:line:column form, `dis` output (labels, --addresses, --json, undecodable words) and
 * the asm -> dis -> asm round trip over corpus/isa. The program is found beside this test's
 * executable (CMake puts every program in the build folder's root), or at $RDNA_CLI. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char program[PATH_MAX];
static char workdir[PATH_MAX];

static void find_program(void)
{
   const char *env = getenv("RDNA_CLI");
   if (env && *env) {
      snprintf(program, sizeof(program), "%s", env);
   } else {
      char self[PATH_MAX];
      ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
      cr_assert(n > 0, "readlink /proc/self/exe: %s", strerror(errno));
      self[n] = '\0';
      char *slash = strrchr(self, '/');
      cr_assert_not_null(slash);
      *slash = '\0';
      snprintf(program, sizeof(program), "%.*s/rdna", (int)(sizeof(program) - 6), self);
   }
   if (access(program, X_OK) != 0)
      cr_skip_test("the rdna program is not at %s (set RDNA_CLI)", program);
   const char *tmp = getenv("TMPDIR");
   snprintf(workdir, sizeof(workdir), "%s/rdna-cli-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
   cr_assert_not_null(mkdtemp(workdir));
}

static void remove_workdir(void)
{
   static const char *const names[] = { "in.s",   "in.bin", "out.bin", "stdout",
                                        "stderr", "back.s", "back.bin" };
   char path[PATH_MAX + 16];
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      snprintf(path, sizeof(path), "%s/%s", workdir, names[i]);
      unlink(path);
   }
   rmdir(workdir);
}

TestSuite(cli, .init = find_program, .fini = remove_workdir);

struct output {
   int code;
   char out[65536];
   char err[8192];
};

static void read_into(const char *name, char *buffer, size_t size)
{
   char path[PATH_MAX + 16];
   snprintf(path, sizeof(path), "%s/%s", workdir, name);
   FILE *file = fopen(path, "rb");
   cr_assert_not_null(file, "%s: %s", path, strerror(errno));
   size_t n = fread(buffer, 1, size - 1, file);
   buffer[n] = '\0';
   fclose(file);
}

/* Runs `rdna ARGS` (a shell fragment; the work folder is $W) with optional standard input. */
static struct output *run(const char *args, const char *input)
{
   static struct output result;
   char command[3 * PATH_MAX + 8192];
   snprintf(command, sizeof(command), "cd '%s' && W='%s' '%s' %s <%s >stdout 2>stderr", workdir,
            workdir, program, args, input ? "in.s" : "/dev/null");
   if (input) {
      char path[PATH_MAX + 16];
      snprintf(path, sizeof(path), "%s/in.s", workdir);
      FILE *file = fopen(path, "w");
      cr_assert_not_null(file);
      fputs(input, file);
      fclose(file);
   }
   int status = system(command);
   cr_assert(status != -1 && WIFEXITED(status), "could not run: %s", command);
   result.code = WEXITSTATUS(status);
   read_into("stdout", result.out, sizeof(result.out));
   read_into("stderr", result.err, sizeof(result.err));
   return &result;
}

static void write_file(const char *name, const char *text)
{
   char path[PATH_MAX + 16];
   snprintf(path, sizeof(path), "%s/%s", workdir, name);
   FILE *file = fopen(path, "w");
   cr_assert_not_null(file);
   fputs(text, file);
   fclose(file);
}

static bool same_files(const char *a, const char *b)
{
   static char first[1 << 20], second[1 << 20];
   char path[PATH_MAX + 16];
   snprintf(path, sizeof(path), "%s/%s", workdir, a);
   FILE *file = fopen(path, "rb");
   size_t n1 = file ? fread(first, 1, sizeof(first), file) : 0;
   if (file)
      fclose(file);
   snprintf(path, sizeof(path), "%s/%s", workdir, b);
   file = fopen(path, "rb");
   size_t n2 = file ? fread(second, 1, sizeof(second), file) : 0;
   if (file)
      fclose(file);
   return n1 == n2 && memcmp(first, second, n1) == 0;
}

Test(cli, top_level_help_lists_the_commands)
{
   struct output *r = run("--help", NULL);
   cr_assert_eq(r->code, 0);
   cr_assert(strstr(r->out, "asm") && strstr(r->out, "dis"), "%s", r->out);
   r = run("", NULL);
   cr_assert_eq(r->code, 2);
   r = run("frobnicate", NULL);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "unknown command 'frobnicate'"), "%s", r->err);
}

Test(cli, every_command_has_help)
{
   static const char *const commands[] = { "asm --help",  "dis --help",  "help dis",
                                           "asm -h",      "diff --help", "reduce --help",
                                           "fuzz --help", "help reduce" };
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
      struct output *r = run(commands[i], NULL);
      cr_assert_eq(r->code, 0, "%s: exit %d", commands[i], r->code);
      cr_assert(strstr(r->out, "usage: rdna"), "%s: %s", commands[i], r->out);
   }
}

Test(cli, usage_errors_exit_2_with_a_message)
{
   static const struct {
      const char *args;
      const char *message;
   } cases[] = {
      { "asm", "no input file" },
      { "asm --bogus x.s", "unknown option '--bogus'" },
      { "asm missing.s", "cannot open 'missing.s'" },
      { "asm --target gfx900 x.s", "unknown target 'gfx900'" },
      { "asm --wave 16 x.s", "wave size must be 32 or 64" },
      { "asm -o", "needs a value" },
      { "dis", "no input file" },
      { "dis --words zz", "expected a dword" },
      { "dis --words 1 x.bin", "not both" },
      { "dis --offset 3 --words 1", "multiple of 4" },
      { "dis --offset 8 --words 1", "past the end" },
      { "dis --json=yes --words 1", "takes no value" },
      { "diff", "no case file" },
      { "diff --max 0 x.case", "--max takes a number" },
      { "diff --relative=spiral x.case", "--relative takes" },
      { "reduce", "no case file" },
      { "reduce a.case b.case", "one case file at a time" },
      { "fuzz --shard 3/2", "--shard takes i/n" },
      { "fuzz --features salu,bogus", "--features takes" },
      { "fuzz --size 0", "--size takes" },
      { "fuzz extra", "unexpected argument 'extra'" },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct output *r = run(cases[i].args, NULL);
      cr_expect_eq(r->code, 2, "%s: exit %d", cases[i].args, r->code);
      cr_expect(strstr(r->err, cases[i].message), "%s: '%s' does not say '%s'", cases[i].args,
                r->err, cases[i].message);
   }
}

/* A short differential campaign on the default Vulkan device (lavapipe in CI): it runs the
 * programs it was asked for and says so; with no device at all it exits 3. */
Test(cli, fuzz_runs_a_short_campaign, .timeout = 300)
{
   struct output *r = run("fuzz --count 3 --size 20 --features salu,flow --out \"$W\"", NULL);
   if (r->code == 3)
      cr_skip_test("no Vulkan device: %s", r->err);
   cr_assert(r->code == 0 || r->code == 1, "exit %d: %s", r->code, r->err);
   cr_assert(strstr(r->out, "3 programs in"), "%s", r->out);
}

Test(cli, asm_errors_name_file_line_column_with_a_caret)
{
   struct output *r = run("asm - -o \"$W/out.bin\"", "s_nop 0\n\ts_bogus s0\n");
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "<stdin>:2:2: error: "), "%s", r->err);
   cr_assert(strstr(r->err, "\n\ts_bogus s0\n\t^\n"), "caret line wrong: %s", r->err);

   write_file("back.s", "s_endpgm\n  s_mov_b32 s0, v1\n");
   r = run("asm back.s -o out.bin", NULL);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "back.s:2:"), "%s", r->err);
}

/* llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding:
 *   s_mov_b32 s0, s1 [0x01,0x03,0x80,0xbe]; s_sub_u32 s0, s0, 1 [0x00,0x81,0x80,0x80];
 *   s_cbranch_scc1 -2 [0xfe,0xff,0x85,0xbf]; s_endpgm [0x00,0x00,0x81,0xbf] */
Test(cli, asm_writes_little_endian_words)
{
   const char *source = "s_mov_b32 s0, s1\nloop:\ns_sub_u32 s0, s0, 1\ns_cbranch_scc1 loop\n"
                        "s_endpgm\n";
   struct output *r = run("asm - --hex", source);
   cr_assert_eq(r->code, 0, "%s", r->err);
   cr_assert_str_eq(r->out, "0xbe800301\n0x80808100\n0xbf85fffe\n0xbf810000\n");

   r = run("asm in.s", source);
   cr_assert_eq(r->code, 0, "%s", r->err);
   char bytes[64];
   char path[PATH_MAX + 16];
   snprintf(path, sizeof(path), "%s/in.bin", workdir);
   FILE *file = fopen(path, "rb");
   cr_assert_not_null(file, "asm in.s did not write in.bin");
   size_t n = fread(bytes, 1, sizeof(bytes), file);
   fclose(file);
   cr_assert_eq(n, 16);
   cr_assert_eq(
      memcmp(bytes, "\x01\x03\x80\xbe\x00\x81\x80\x80\xfe\xff\x85\xbf\x00\x00\x81\xbf", 16), 0);
}

Test(cli, dis_prints_labels_and_addresses)
{
   struct output *r = run("dis --words 0xbe800301 0x80808100 0xbf85fffe 0xbf810000", NULL);
   cr_assert_eq(r->code, 0, "%s", r->err);
   cr_assert_str_eq(r->out, "\ts_mov_b32 s0, s1\n"
                            "label_0004:\n"
                            "\ts_sub_u32 s0, s0, 1\n"
                            "\ts_cbranch_scc1 label_0004\n"
                            "\ts_endpgm\n");

   r = run("dis --no-labels --words 0x80808100,0xbf85fffe", NULL);
   cr_assert_eq(r->code, 0);
   cr_assert_str_eq(r->out, "\ts_sub_u32 s0, s0, 1\n\ts_cbranch_scc1 65534\n");

   r = run("dis --addresses --words 0xbf800000 0x8000ff01 0x12345", NULL);
   cr_assert_eq(r->code, 0);
   cr_assert(strstr(r->out, "s_nop 0"), "%s", r->out);
   cr_assert(strstr(r->out, "// 00000004: 8000ff01 00012345\n"), "%s", r->out);
}

Test(cli, dis_shows_undecodable_words_and_exits_2)
{
   struct output *r = run("dis --words 0xbf800000 0xffffffff 0xbf810000", NULL);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->out, "\ts_nop 0\n\t.long 0xffffffff // "), "%s", r->out);
   cr_assert(strstr(r->out, "\ts_endpgm\n"), "decoding did not go on: %s", r->out);

   /* A literal missing at the end: TRUNCATED, shown as a raw word. */
   r = run("dis --words 0x8000ff01", NULL);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->out, ".long 0x8000ff01 // TRUNCATED"), "%s", r->out);
}

Test(cli, dis_json)
{
   struct output *r = run("dis --json --words 0xbf800000 0xbf82ffff 0xffffffff", NULL);
   cr_assert_eq(r->code, 2);
   cr_assert(strncmp(r->out, "[\n", 2) == 0, "%s", r->out);
   cr_assert(strstr(r->out, "{\"offset\":0,\"words\":[3212836864],\"text\":\"s_nop 0\","
                            "\"op\":\"s_nop\",\"encoding\":\"SOPP\"}"),
             "%s", r->out);
   cr_assert(strstr(r->out, "\"text\":\"s_branch 65535\""), "%s", r->out);
   cr_assert(strstr(r->out, "\"target\":4"), "%s", r->out);
   cr_assert(strstr(r->out, "\"op\":null,\"encoding\":null,\"error\":{\"status\":"), "%s", r->out);
}

/* Every corpus file that assembles: dis of its binary assembles back to the same bytes. */
Test(cli, corpus_round_trips_through_asm_and_dis, .timeout = 120)
{
   const char *root = getenv("RDNA_SOURCE_DIR");
   static const char *const files[] = { "sop",   "smem",  "vop1",   "vop2",   "vopc",
                                        "vop3",  "vop3p", "dpp",    "sdwa",   "ds",
                                        "mubuf", "mtbuf", "flat",   "global", "scratch",
                                        "mimg",  "exp",   "wave64", "gfx1013" };
   unsigned tried = 0;
   for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
      char args[PATH_MAX + 256];
      char path[PATH_MAX];
      snprintf(path, sizeof(path), "%s/corpus/isa/%s.s", root && *root ? root : ".", files[i]);
      FILE *file = fopen(path, "r");
      if (!file)
         continue;
      char header[128] = "";
      if (!fgets(header, sizeof(header), file))
         header[0] = '\0';
      fclose(file);
      char target[16] = "gfx1030";
      unsigned wave = 32;
      const char *t = strstr(header, "target: ");
      const char *w = strstr(header, "wave: ");
      if (t)
         sscanf(t, "target: %15s", target);
      if (w)
         sscanf(w, "wave: %u", &wave);

      snprintf(args, sizeof(args), "asm --target %s --wave %u '%s' -o out.bin", target, wave, path);
      struct output *r = run(args, NULL);
      if (r->code != 0)
         continue; /* rows still missing: test_isa_sweep says which */
      tried++;
      snprintf(args, sizeof(args), "dis --target %s --wave %u out.bin", target, wave);
      r = run(args, NULL);
      cr_expect_eq(r->code, 0, "%s: dis exit %d", files[i], r->code);
      write_file("back.s", r->out);
      snprintf(args, sizeof(args), "asm --target %s --wave %u back.s -o back.bin", target, wave);
      r = run(args, NULL);
      cr_expect_eq(r->code, 0, "%s: reassembling the disassembly fails: %s", files[i], r->err);
      cr_expect(same_files("out.bin", "back.bin"),
                "%s: asm(dis(asm(file))) differs from "
                "asm(file)",
                files[i]);
   }
   cr_log_info("%u corpus files assembled and round-tripped", tried);
}
