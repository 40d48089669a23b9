/* Fuzz harness for the interpreter: any bytes are a program. A 16-byte header picks the dispatch
 * (target, wave size, VGPR allocation), EXEC and a seed for the initial registers; the rest is
 * the code region. A data buffer is mapped and its address handed to the program the ways real
 * shaders get one (s[0:1], a V# in s[4:7], per-lane addresses in v[1:2]), so memory instructions
 * reach mapped bytes as well as unmapped ones. Every run must end in a status under a step
 * limit: the run returns OK, a fault has a kind, a message and a PC, the step count stays within
 * the limit, a traced run reports every executed instruction once. Aborts on a violated
 * contract; the sanitizers catch the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/interp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HEADER_BYTES 16
#define CODE_ADDRESS 0x10000ull
#define DATA_ADDRESS 0x40000ull
#define DATA_BYTES 4096
#define STEP_LIMIT 4096

static void fail(const char *what, const char *detail)
{
   fprintf(stderr, "fuzz_interp: %s: %s\n", what, detail ? detail : "");
   abort();
}

static uint64_t read_u64(const uint8_t *p)
{
   uint64_t v = 0;
   for (int i = 7; i >= 0; i--)
      v = v << 8 | p[i];
   return v;
}

/* A small deterministic generator for register contents, seeded from the header. */
static uint32_t next_random(uint32_t *state)
{
   *state ^= *state << 13;
   *state ^= *state >> 17;
   *state ^= *state << 5;
   return *state;
}

static void set_registers(struct rdna_machine *m, unsigned wave, unsigned vgprs, uint32_t seed)
{
   uint32_t state = seed | 1u;
   uint32_t sregs[106];
   for (unsigned i = 0; i < 106; i++)
      sregs[i] = next_random(&state) >> (state & 24);
   sregs[0] = (uint32_t)DATA_ADDRESS;
   sregs[1] = 0;
   /* s[4:7]: a raw V# over the buffer (stride 0, num_records = its size, 32_FLOAT). */
   sregs[4] = (uint32_t)DATA_ADDRESS;
   sregs[5] = 0;
   sregs[6] = DATA_BYTES;
   sregs[7] = (22u << 12) | (1u << 24) | (3u << 28);
   rdna_machine_set_sregs(m, RDNA_ALL_WAVES, 0, sregs, 106);
   uint32_t m0 = next_random(&state) & 0x3ff;
   rdna_machine_set_sregs(m, RDNA_ALL_WAVES, 124, &m0, 1);
   uint32_t lanes[64];
   for (unsigned vgpr = 0; vgpr < vgprs && vgpr < 16; vgpr++) {
      for (unsigned lane = 0; lane < wave; lane++) {
         if (vgpr == 0)
            lanes[lane] = lane;
         else if (vgpr == 1)
            lanes[lane] = (uint32_t)DATA_ADDRESS + lane * 4;
         else if (vgpr == 2)
            lanes[lane] = 0;
         else
            lanes[lane] = next_random(&state) >> (state & 28);
      }
      rdna_machine_set_vgpr_lanes(m, RDNA_ALL_WAVES, vgpr, lanes);
   }
}

/* With header byte 15 bit 1 the run is traced: every event must describe a decoded instruction
 * and list only registers that exist (scalar codes 0-127, VGPRs 256 + n). */
struct trace_count {
   uint64_t events;
};

static void count_event(void *user, const struct rdna_trace_event *event)
{
   struct trace_count *count = user;
   if (!event->inst || event->inst->size == 0 || event->inst->op >= rdna_op_count())
      fail("a trace event without a decoded instruction", NULL);
   unsigned listed =
      event->num_writes < RDNA_TRACE_MAX_WRITES ? event->num_writes : RDNA_TRACE_MAX_WRITES;
   for (unsigned i = 0; i < listed; i++)
      if (event->writes[i] >= 128 && (event->writes[i] < 256 || event->writes[i] >= 512))
         fail("a trace event names a register that does not exist", NULL);
   count->events++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size <= HEADER_BYTES || size > (1 << 16))
      return 0;
   struct rdna_machine_config config;
   memset(&config, 0, sizeof(config));
   config.target = data[0] & 1 ? RDNA_TARGET_GFX1013 : RDNA_TARGET_GFX1030;
   config.wave_size = data[0] & 2 ? 64 : 32;
   config.vgprs = 1u + (data[1] & 0xffu);
   config.step_limit = STEP_LIMIT;
   /* Byte 2 picks a second wave or workgroup now and then, so state between waves is covered. */
   if (data[2] & 1)
      config.workgroup[0] = config.wave_size * 2;
   if (data[2] & 2)
      config.grid[0] = 2;
   uint64_t exec = read_u64(data + 3);
   uint32_t seed =
      data[11] | (uint32_t)data[12] << 8 | (uint32_t)data[13] << 16 | (uint32_t)data[14] << 24;
   bool scc = data[15] & 1;

   struct rdna_machine *m = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_machine_create(&config, &m, &diag) != RDNA_OK)
      fail("creating a machine for a valid configuration failed", diag.message);
   const uint8_t *code = data + HEADER_BYTES;
   size_t code_bytes = size - HEADER_BYTES;
   if (rdna_machine_add_region(m, "main", CODE_ADDRESS, code_bytes, code, code_bytes, true, NULL,
                               &diag) != RDNA_OK ||
       rdna_machine_add_region(m, "data", DATA_ADDRESS, DATA_BYTES, NULL, 0, false, NULL, &diag) !=
          RDNA_OK)
      fail("adding a region failed", diag.message);
   set_registers(m, config.wave_size, config.vgprs, seed);
   rdna_machine_set_exec(m, RDNA_ALL_WAVES, exec);
   rdna_machine_set_scc(m, RDNA_ALL_WAVES, scc);

   struct trace_count count = { 0 };
   struct rdna_trace_hook hook = { count_event, &count };
   if (data[15] & 2)
      rdna_machine_set_trace(m, &hook);
   if (rdna_machine_run(m, &diag) != RDNA_OK)
      fail("rdna_machine_run failed on a machine with code", diag.message);
   unsigned waves = rdna_machine_wave_count(m);
   uint64_t total_steps = 0;
   for (unsigned wave = 0; wave < waves; wave++) {
      struct rdna_fault fault;
      bool faulted = rdna_machine_fault(m, wave, &fault);
      if (faulted != (fault.kind != RDNA_FAULT_NONE))
         fail("rdna_machine_fault's result disagrees with the fault kind", fault.message);
      if (faulted && (fault.kind >= RDNA_FAULT_KIND_COUNT || fault.message[0] == '\0'))
         fail("a fault without a kind or message", fault.message);
      if (faulted && memchr(fault.message, '\0', sizeof(fault.message)) == NULL)
         fail("a fault message without its terminator", NULL);
      uint64_t steps = rdna_machine_steps(m, wave);
      total_steps += steps;
      if (steps > STEP_LIMIT)
         fail("a wave ran past the step limit", NULL);
      if (fault.kind == RDNA_FAULT_STEP_LIMIT && steps != STEP_LIMIT)
         fail("a step-limit fault before the limit", fault.message);
      uint64_t pc = 0;
      if (rdna_machine_read_pc(m, wave, &pc) != RDNA_OK)
         fail("reading the PC of an existing wave failed", NULL);
      uint32_t value;
      if (rdna_machine_read_vgpr(m, wave, config.vgprs - 1, config.wave_size - 1, &value) !=
          RDNA_OK)
         fail("reading the last VGPR of the last lane failed", NULL);
   }
   if ((data[15] & 2) && count.events != total_steps)
      fail("the trace saw a different number of instructions than the waves executed", NULL);
   rdna_machine_destroy(m);
   return 0;
}
