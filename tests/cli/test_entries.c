/* `--entries` on `rdna recomp`, `rdna gpu` and `rdna diff` as a user runs them: each choice
 * builds a module, `all` a larger one than the default for a program with a loaded jump target
 * (every dword an entry), and an unknown choice is a usage error (exit 2) naming the option. */
#include <criterion/criterion.h>
#include <string.h>

#include "cli_harness.h"

TestSuite(entries_cli, .init = cli_setup, .fini = cli_teardown);

static const char loaded_jump[] = "[buffer table]\nu64 &main+20\n"
                                  "[program]\n"
                                  "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n"
                                  "  s_waitcnt lgkmcnt(0)\n"
                                  "  s_setpc_b64 s[4:5]\n"
                                  "  s_mov_b32 s10, 1\n"
                                  "  s_mov_b32 s11, 2\n"
                                  "  s_endpgm\n"
                                  "[init]\ns[0:1] = &table\n";

static size_t module_bytes(const char *name)
{
   static char buffer[1 << 20];
   return cli_read(name, buffer, sizeof(buffer));
}

Test(entries_cli, each_choice_builds_a_module_and_all_is_the_largest)
{
   cli_write_text("a.case", loaded_jump);
   cr_assert_eq(cli_run("recomp a.case -o default.spv --subgroup 8")->code, 0);
   cr_assert_eq(cli_run("recomp a.case -o discovered.spv --subgroup 8 --entries=discovered")->code,
                0);
   cr_assert_eq(cli_run("recomp a.case -o all.spv --subgroup 8 --entries=all")->code, 0);
   size_t def = module_bytes("default.spv"), disc = module_bytes("discovered.spv"),
          all = module_bytes("all.spv");
   /* main + 20 from the table is one more dispatcher entry than discovery alone finds; every
    * dword (7 of them) more still */
   cr_expect_gt(def, disc);
   cr_expect_gt(all, def);
}

Test(entries_cli, an_unknown_choice_is_a_usage_error)
{
   cli_write_text("a.case", loaded_jump);
   static const char *const commands[] = { "recomp a.case -o out.spv --entries=every",
                                           "gpu a.case --entries=every",
                                           "diff a.case --entries=every" };
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
      struct cli_output *r = cli_run(commands[i]);
      cr_expect_eq(r->code, 2, "%s: exit %d", commands[i], r->code);
      cr_expect_not_null(strstr(r->err, "--entries takes default, discovered or all"), "%s: %s",
                         commands[i], r->err);
   }
}
