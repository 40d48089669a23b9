/* The `rdna` program as a user runs it: help and usage errors, exit codes, `asm` diagnostics in
 * the file:line:column form, `dis` output (labels, --addresses, --json, undecodable words) and
 * the asm -> dis -> asm round trip over corpus/isa. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"

TestSuite(cli, .init = cli_setup, .fini = cli_teardown);

Test(cli, top_level_help_lists_the_commands)
{
   struct cli_output *r = cli_run("--help");
   cr_assert_eq(r->code, 0);
   cr_assert(strstr(r->out, "asm") && strstr(r->out, "dis"), "%s", r->out);
   r = cli_run("");
   cr_assert_eq(r->code, 2);
   r = cli_run("frobnicate");
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "unknown command 'frobnicate'"), "%s", r->err);
}

Test(cli, every_command_has_help)
{
   static const char *const commands[] = { "asm --help",  "dis --help",  "help dis",
                                           "asm -h",      "diff --help", "reduce --help",
                                           "fuzz --help", "help reduce" };
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
      struct cli_output *r = cli_run(commands[i]);
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
      { "fuzz --variants 0", "--variants takes 1 to" },
      { "fuzz --jobs 0", "--jobs takes 1 to 256, found '0'" },
      { "fuzz -j 257", "--jobs takes 1 to 256, found '257'" },
      { "fuzz --jobs two", "--jobs takes 1 to 256" },
      { "fuzz --jobs", "needs a value" },
      { "gen --variant x", "--variant takes" },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct cli_output *r = cli_run(cases[i].args);
      cr_expect_eq(r->code, 2, "%s: exit %d", cases[i].args, r->code);
      cr_expect(strstr(r->err, cases[i].message), "%s: '%s' does not say '%s'", cases[i].args,
                r->err, cases[i].message);
   }
}

/* A short differential campaign on the default Vulkan device (lavapipe in CI): it runs the
 * programs it was asked for and says so; with no device at all it exits 3. */
Test(cli, fuzz_runs_a_short_campaign, .timeout = 300)
{
   struct cli_output *r = cli_run("fuzz --count 3 --size 20 --features salu,flow --out findings");
   if (r->code == 3)
      cr_skip_test("no Vulkan device: %s", r->err);
   cr_assert(r->code == 0 || r->code == 1, "exit %d: %s", r->code, r->err);
   cr_assert(strstr(r->out, "3 programs in"), "%s", r->out);
}

/* Variants: two programs in four variants each are eight cases, the four variants of a program
 * in one pipeline (two in all when nothing diverges). */
Test(cli, fuzz_runs_programs_in_variants, .timeout = 300)
{
   struct cli_output *r = cli_run(
      "fuzz --count 2 --variants 4 --batch 1 --size 16 --features salu,valu --out findings");
   if (r->code == 3)
      cr_skip_test("no Vulkan device: %s", r->err);
   cr_assert(r->code == 0 || r->code == 1, "exit %d: %s", r->code, r->err);
   cr_assert(strstr(r->out, "2 programs x 4 variants: 8 cases in"), "%s", r->out);
   if (r->code == 0)
      cr_assert(strstr(r->out, "2 pipeline compiles, 4.0 compared cases per pipeline"), "%s",
                r->out);
}

/* `rdna fuzz` output without what depends on timing: the summary line from its tallies on, no
 * "time in batches" line; every other line (divergences, pipelines, gaps) whole. */
static void without_times(const char *out, char *kept, size_t size)
{
   size_t n = 0;
   for (const char *line = out; *line;) {
      size_t len = strcspn(line, "\n");
      const char *from = line;
      const char *tallies = strstr(line, "/s): ");
      if (tallies && (size_t)(tallies - line) < len)
         from = tallies;
      if (strncmp(line, "time in batches", 15) != 0) {
         size_t take = len - (size_t)(from - line);
         cr_assert_lt(n + take + 1, size);
         memcpy(kept + n, from, take);
         n += take;
         kept[n++] = '\n';
      }
      line += len + (line[len] == '\n');
   }
   kept[n] = '\0';
}

/* --jobs: the same seeds with one worker and with two (each with its own device context) run
 * the same cases to the same tallies, pipeline counts and lines; only times and rates differ.
 * Three programs to a batch and seven programs make batches of unequal size, the last short. */
Test(cli, fuzz_jobs_give_the_output_of_one_job, .timeout = 600)
{
   const char *common = "fuzz --count 7 --batch 3 --variants 2 --size 12 --features salu,valu "
                        "--seed 40 --out findings";
   char args[256], kept[2][4096];
   for (unsigned jobs = 1; jobs <= 2; jobs++) {
      snprintf(args, sizeof(args), "%s --jobs %u", common, jobs);
      struct cli_output *r = cli_run(args);
      if (r->code == 3)
         cr_skip_test("no Vulkan device: %s", r->err);
      cr_assert(r->code == 0 || r->code == 1, "--jobs %u: exit %d: %s", jobs, r->code, r->err);
      cr_assert(strstr(r->out, "7 programs x 2 variants: 14 cases in"), "%s", r->out);
      cr_assert_eq(strstr(r->out, "with 2 jobs") != NULL, jobs == 2, "%s", r->out);
      cr_assert(strstr(r->out, " compared cases per pipeline"), "%s", r->out);
      without_times(r->out, kept[jobs - 1], sizeof(kept[0]));
   }
   cr_assert_str_eq(kept[1], kept[0]);
}

/* --time with --jobs: no batch starts after the deadline, so a campaign asked for far more
 * programs than two workers run in a second stops after the batches running at one second. */
Test(cli, fuzz_time_stops_every_job, .timeout = 600)
{
   struct cli_output *r =
      cli_run("fuzz --time 1 --count 1000000 --batch 2 --size 8 --features salu --jobs 2 "
              "--out findings");
   if (r->code == 3)
      cr_skip_test("no Vulkan device: %s", r->err);
   cr_assert(r->code == 0 || r->code == 1, "exit %d: %s", r->code, r->err);
   unsigned long long programs = 0;
   double seconds = 0;
   cr_assert_eq(sscanf(r->out, "%llu programs in %lf s with 2 jobs", &programs, &seconds), 2, "%s",
                r->out);
   cr_assert_geq(programs, 2, "the batches started before the deadline ran: %s", r->out);
   cr_assert_lt(programs, 1000000ull, "%s", r->out);
   cr_assert_eq(programs % 2, 0, "only whole batches of two: %s", r->out);
}

Test(cli, asm_errors_name_file_line_column_with_a_caret)
{
   struct cli_output *r = cli_run_env("", "asm - -o out.bin", "s_nop 0\n\ts_bogus s0\n");
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "<stdin>:2:2: error: "), "%s", r->err);
   cr_assert(strstr(r->err, "\n\ts_bogus s0\n\t^\n"), "caret line wrong: %s", r->err);

   cli_write_text("back.s", "s_endpgm\n  s_mov_b32 s0, v1\n");
   r = cli_run("asm back.s -o out.bin");
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
   struct cli_output *r = cli_run_env("", "asm - --hex", source);
   cr_assert_eq(r->code, 0, "%s", r->err);
   cr_assert_str_eq(r->out, "0xbe800301\n0x80808100\n0xbf85fffe\n0xbf810000\n");

   cli_write_text("in.s", source);
   r = cli_run("asm in.s");
   cr_assert_eq(r->code, 0, "%s", r->err);
   char bytes[64];
   cr_assert_eq(cli_read("in.bin", bytes, sizeof(bytes)), 16, "asm in.s did not write in.bin");
   cr_assert_eq(
      memcmp(bytes, "\x01\x03\x80\xbe\x00\x81\x80\x80\xfe\xff\x85\xbf\x00\x00\x81\xbf", 16), 0);
}

Test(cli, dis_prints_labels_and_addresses)
{
   struct cli_output *r = cli_run("dis --words 0xbe800301 0x80808100 0xbf85fffe 0xbf810000");
   cr_assert_eq(r->code, 0, "%s", r->err);
   cr_assert_str_eq(r->out, "\ts_mov_b32 s0, s1\n"
                            "label_0004:\n"
                            "\ts_sub_u32 s0, s0, 1\n"
                            "\ts_cbranch_scc1 label_0004\n"
                            "\ts_endpgm\n");

   r = cli_run("dis --no-labels --words 0x80808100,0xbf85fffe");
   cr_assert_eq(r->code, 0);
   cr_assert_str_eq(r->out, "\ts_sub_u32 s0, s0, 1\n\ts_cbranch_scc1 65534\n");

   r = cli_run("dis --addresses --words 0xbf800000 0x8000ff01 0x12345");
   cr_assert_eq(r->code, 0);
   cr_assert(strstr(r->out, "s_nop 0"), "%s", r->out);
   cr_assert(strstr(r->out, "// 00000004: 8000ff01 00012345\n"), "%s", r->out);
}

Test(cli, dis_shows_undecodable_words_and_exits_2)
{
   struct cli_output *r = cli_run("dis --words 0xbf800000 0xffffffff 0xbf810000");
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->out, "\ts_nop 0\n\t.long 0xffffffff // "), "%s", r->out);
   cr_assert(strstr(r->out, "\ts_endpgm\n"), "decoding did not go on: %s", r->out);

   /* A literal missing at the end: TRUNCATED, shown as a raw word. */
   r = cli_run("dis --words 0x8000ff01");
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->out, ".long 0x8000ff01 // TRUNCATED"), "%s", r->out);
}

Test(cli, dis_json)
{
   struct cli_output *r = cli_run("dis --json --words 0xbf800000 0xbf82ffff 0xffffffff");
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
      struct cli_output *r = cli_run(args);
      if (r->code != 0)
         continue; /* rows still missing: test_isa_sweep says which */
      tried++;
      snprintf(args, sizeof(args), "dis --target %s --wave %u out.bin", target, wave);
      r = cli_run(args);
      cr_expect_eq(r->code, 0, "%s: dis exit %d", files[i], r->code);
      cli_write_text("back.s", r->out);
      snprintf(args, sizeof(args), "asm --target %s --wave %u back.s -o back.bin", target, wave);
      r = cli_run(args);
      cr_expect_eq(r->code, 0, "%s: reassembling the disassembly fails: %s", files[i], r->err);
      cr_expect(cli_same_files("out.bin", "back.bin"),
                "%s: asm(dis(asm(file))) differs from "
                "asm(file)",
                files[i]);
   }
   cr_log_info("%u corpus files assembled and round-tripped", tried);
}
