/* The case loader (include/rdna/run.h): a parsed case becomes an interpreter machine (regions,
 * entry, dispatch, [init] registers per wave size), runs, and its final state is checked against
 * [expect] through the rdna_case_state callbacks of include/rdna/case.h. The interpreter is one
 * backend among others: this file is where the case model and that backend meet. */
#include "rdna/run.h"

#include "diff/case_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
      va_end(ap);
   }
   return status;
}

static bool case_has_wave(const struct rdna_case *c, unsigned wave_size)
{
   unsigned bit = wave_size == 32 ? RDNA_CASE_WAVE32 : wave_size == 64 ? RDNA_CASE_WAVE64 : 0;
   return bit && (rdna_case_waves(c) & bit);
}

/* ---- loading ------------------------------------------------------------------------------- */

static enum rdna_status add_regions(const struct rdna_case *c, unsigned wave_size,
                                    struct rdna_machine *m, struct rdna_diag *diag)
{
   size_t count = rdna_case_region_count(c);
   for (size_t i = 0; i < count; i++) {
      struct rdna_case_region region;
      if (!rdna_case_region(c, i, &region))
         return fail(diag, RDNA_BAD_ARGUMENT, "region %zu of %zu is missing", i, count);
      size_t num_bytes = 0;
      const uint8_t *bytes = rdna_case_region_bytes(c, i, wave_size, &num_bytes);
      enum rdna_status st =
         rdna_machine_add_region(m, region.name, region.address, region.size, bytes, num_bytes,
                                 region.is_program, NULL, diag);
      if (st != RDNA_OK) {
         if (diag) {
            diag->line = region.line;
            diag->column = 1;
         }
         return st;
      }
   }
   rdna_machine_set_entry(m, rdna_case_entry(c));
   return RDNA_OK;
}

/* The scalar registers [init] may set (enum rdna_reg codes), SCC and EXEC aside. */
static bool init_sreg_code(unsigned code)
{
   return code <= RDNA_REG_M0 && code != RDNA_REG_NULL;
}

/* The existing lanes of `wave`: all of them, or fewer for the last wave of a workgroup whose
 * size is not a multiple of the wave size. */
static uint64_t existing_lanes(const struct rdna_machine *m, unsigned wave, unsigned wave_size)
{
   struct rdna_wave_info info;
   if (rdna_machine_wave_info(m, wave, &info) != RDNA_OK || info.lanes >= wave_size)
      return wave_size == 64 ? UINT64_MAX : 0xffffffffu;
   return (1ull << info.lanes) - 1;
}

static enum rdna_status set_registers(const struct rdna_case *c, unsigned wave_size,
                                      struct rdna_machine *m, struct rdna_diag *diag)
{
   enum rdna_status st;
   for (unsigned code = 0; code <= RDNA_REG_M0; code++) {
      if (!init_sreg_code(code))
         continue;
      uint32_t value;
      st = rdna_case_init_sreg(c, wave_size, code, &value, diag);
      if (st == RDNA_OK && value != 0)
         st = rdna_machine_set_sregs(m, RDNA_ALL_WAVES, code, &value, 1);
      if (st != RDNA_OK)
         return st;
   }
   uint32_t exec_lo = 0, exec_hi = 0, scc = 0;
   st = rdna_case_init_sreg(c, wave_size, RDNA_REG_EXEC_LO, &exec_lo, diag);
   if (st == RDNA_OK && wave_size == 64)
      st = rdna_case_init_sreg(c, wave_size, RDNA_REG_EXEC_HI, &exec_hi, diag);
   if (st == RDNA_OK)
      st = rdna_case_init_sreg(c, wave_size, RDNA_REG_SCC, &scc, diag);
   if (st != RDNA_OK)
      return st;
   uint64_t exec = (uint64_t)exec_hi << 32 | exec_lo;
   unsigned waves = rdna_machine_wave_count(m);
   for (unsigned w = 0; w < waves && st == RDNA_OK; w++) {
      st = rdna_machine_set_exec(m, w, exec & existing_lanes(m, w, wave_size));
      if (st == RDNA_OK)
         st = rdna_machine_set_scc(m, w, scc != 0);
   }
   if (st != RDNA_OK)
      return fail(diag, st, "cannot set EXEC or SCC");

   uint32_t values[64];
   unsigned vgprs = rdna_case_vgprs(c);
   for (unsigned reg = 0; reg < vgprs; reg++) {
      if (!rdna_case_init_writes_vgpr(c, reg))
         continue;
      for (unsigned lane = 0; lane < wave_size; lane++) {
         st = rdna_case_init_vgpr(c, wave_size, reg, lane, &values[lane], diag);
         if (st != RDNA_OK)
            return st;
      }
      st = rdna_machine_set_vgpr_lanes(m, RDNA_ALL_WAVES, reg, values);
      if (st != RDNA_OK)
         return fail(diag, st, "cannot set v%u", reg);
   }
   return RDNA_OK;
}

/* The dispatch ids [init] asks for: workgroup ids per wave, work-item ids per lane. A work-item's
 * linear index within its workgroup is the wave's first lane plus the lane; X varies fastest. */
static enum rdna_status set_ids(const struct rdna_case *c, struct rdna_machine *m,
                                struct rdna_diag *diag)
{
   struct rdna_machine_config config;
   rdna_machine_get_config(m, &config);
   /* The registers that take ids, found once: code or VGPR number and component. */
   struct id_reg {
      bool vector;
      unsigned reg, component;
      uint32_t wave_scale; /* a wave_id line: the factor; 0 otherwise */
   } ids[RDNA_REG_M0 + 1 + 256];
   unsigned num_ids = 0;
   enum rdna_case_id kind;
   unsigned component;
   for (unsigned code = 0; code <= RDNA_REG_M0; code++)
      if (init_sreg_code(code) && rdna_case_init_sreg_id(c, code, &kind, &component))
         ids[num_ids++] =
            (struct id_reg){ false, code, component, rdna_case_init_sreg_id_scale(c, code) };
   for (unsigned reg = 0; reg < config.vgprs; reg++)
      if (rdna_case_init_vgpr_id(c, reg, &kind, &component))
         ids[num_ids++] = (struct id_reg){ true, reg, component, 0 };
   unsigned waves = num_ids ? rdna_machine_wave_count(m) : 0;
   for (unsigned w = 0; w < waves; w++) {
      struct rdna_wave_info info;
      if (rdna_machine_wave_info(m, w, &info) != RDNA_OK)
         return fail(diag, RDNA_BAD_ARGUMENT, "no wave %u", w);
      for (unsigned i = 0; i < num_ids; i++) {
         const struct id_reg *id = &ids[i];
         if (!id->vector) {
            uint32_t value = id->wave_scale ? w * id->wave_scale : info.workgroup[id->component];
            if (rdna_machine_set_sregs(m, w, id->reg, &value, 1) != RDNA_OK)
               return fail(diag, RDNA_BAD_ARGUMENT, "cannot set scalar register %u", id->reg);
            continue;
         }
         uint32_t values[64];
         for (unsigned lane = 0; lane < config.wave_size; lane++) {
            unsigned linear = info.first_lane + lane;
            unsigned xyz[3] = { linear % config.workgroup[0],
                                linear / config.workgroup[0] % config.workgroup[1],
                                linear / config.workgroup[0] / config.workgroup[1] };
            values[lane] = xyz[id->component];
         }
         if (rdna_machine_set_vgpr_lanes(m, w, id->reg, values) != RDNA_OK)
            return fail(diag, RDNA_BAD_ARGUMENT, "cannot set v%u", id->reg);
      }
   }
   return RDNA_OK;
}

enum rdna_status rdna_case_load(const struct rdna_case *c, unsigned wave_size,
                                const struct rdna_case_run_options *options,
                                struct rdna_machine **machine, struct rdna_diag *diag)
{
   if (machine)
      *machine = NULL;
   if (!c || !machine)
      return fail(diag, RDNA_BAD_ARGUMENT, "no case or no machine to fill");
   if (!case_has_wave(c, wave_size))
      return fail(diag, RDNA_BAD_ARGUMENT, "the case does not run in wave%u", wave_size);

   struct rdna_machine_config config;
   memset(&config, 0, sizeof(config));
   config.target = options && options->override_target ? options->target : rdna_case_target(c);
   config.wave_size = wave_size;
   config.vgprs = rdna_case_vgprs(c);
   rdna_case_workgroup(c, config.workgroup);
   /* The case's default workgroup (1 1 1) is one full wave: [init]'s EXEC default is every lane
    * of the wave, which the machine gives for an all-zero workgroup. */
   if ((uint64_t)config.workgroup[0] * config.workgroup[1] * config.workgroup[2] <= 1)
      memset(config.workgroup, 0, sizeof(config.workgroup));
   rdna_case_grid(c, config.grid);
   config.lds_bytes = rdna_case_lds(c);
   config.step_limit = options && options->step_limit ? options->step_limit : rdna_case_steps(c);
   config.mode = rdna_case_mode(c);

   struct rdna_machine *m = NULL;
   enum rdna_status st = rdna_machine_create(&config, &m, diag);
   if (st == RDNA_OK)
      st = add_regions(c, wave_size, m, diag);
   if (st == RDNA_OK)
      st = set_registers(c, wave_size, m, diag);
   if (st == RDNA_OK)
      st = set_ids(c, m, diag);
   if (st != RDNA_OK) {
      rdna_machine_destroy(m);
      return st;
   }
   *machine = m;
   return RDNA_OK;
}

/* ---- checking ------------------------------------------------------------------------------ */

/* The rdna_case_state of one wave of a machine. */
struct wave_state {
   const struct rdna_machine *m;
   unsigned wave;
   struct rdna_fault fault;
   bool asked_fault; /* the checker asked for the fault: [expect] has a `fault` line */
};

static uint32_t state_read_sreg(void *user, unsigned code)
{
   struct wave_state *s = user;
   if (code == RDNA_REG_SCC) {
      bool scc = false;
      rdna_machine_read_scc(s->m, s->wave, &scc);
      return scc;
   }
   uint32_t value = 0;
   rdna_machine_read_sreg(s->m, s->wave, code, &value);
   return value;
}

static uint32_t state_read_vgpr(void *user, unsigned reg, unsigned lane)
{
   struct wave_state *s = user;
   uint32_t value = 0;
   rdna_machine_read_vgpr(s->m, s->wave, reg, lane, &value);
   return value;
}

static bool state_read_memory(void *user, uint64_t address, void *bytes, size_t size)
{
   struct wave_state *s = user;
   return rdna_machine_read_memory(s->m, address, bytes, size) == RDNA_OK;
}

static const char *state_fault(void *user, uint64_t *pc)
{
   struct wave_state *s = user;
   s->asked_fault = true;
   *pc = s->fault.pc;
   return s->fault.kind == RDNA_FAULT_NONE ? "none" : rdna_fault_kind_name(s->fault.kind);
}

void case_collect_failure(void *user, const struct rdna_case_failure *failure)
{
   struct case_collector *k = user;
   struct rdna_case_result *r = k->result;
   for (size_t i = 0; i < k->first_of_wave; i++)
      if (r->failures[i].failure.line == failure->line &&
          r->failures[i].failure.column == failure->column)
         return;
   struct rdna_case_run_failure *grown =
      realloc(r->failures, (r->num_failures + 1) * sizeof(r->failures[0]));
   if (!grown) {
      k->out_of_memory = true;
      return;
   }
   r->failures = grown;
   r->failures[r->num_failures].wave = k->wave;
   r->failures[r->num_failures].failure = *failure;
   r->num_failures++;
}

enum rdna_status rdna_case_check_machine(const struct rdna_case *c, unsigned wave_size,
                                         const struct rdna_machine *machine,
                                         struct rdna_case_result *result)
{
   if (!c || !machine || !result || !case_has_wave(c, wave_size))
      return RDNA_BAD_ARGUMENT;
   free(result->failures);
   result->failures = NULL;
   result->num_failures = 0;
   result->wave_size = wave_size;
   result->waves = rdna_machine_wave_count(machine);
   result->faulted = rdna_machine_fault(machine, RDNA_ALL_WAVES, &result->fault);
   result->fault_expected = false;
   result->steps = 0;

   enum rdna_status status = RDNA_OK;
   struct case_collector k = { result, 0, 0, false };
   for (unsigned w = 0; w < result->waves; w++) {
      result->steps += rdna_machine_steps(machine, w);
      struct wave_state s = { machine, w, { 0 }, false };
      rdna_machine_fault(machine, w, &s.fault);
      struct rdna_case_state state = {
         &s, state_read_sreg, state_read_vgpr, state_read_memory, state_fault, 0
      };
      struct rdna_wave_info info;
      if (rdna_machine_wave_info(machine, w, &info) == RDNA_OK && info.lanes < 64)
         state.lanes = (1ull << info.lanes) - 1;
      k.wave = w;
      k.first_of_wave = result->num_failures;
      unsigned failures = 0;
      enum rdna_status st =
         rdna_case_check(c, wave_size, &state, case_collect_failure, &k, &failures);
      if (st != RDNA_OK && status == RDNA_OK)
         status = st;
      result->fault_expected |= s.asked_fault;
   }
   if (k.out_of_memory)
      status = RDNA_NO_MEMORY;
   result->unexpected_fault = result->faulted && !result->fault_expected;
   result->passed = status == RDNA_OK && result->num_failures == 0 && !result->unexpected_fault;
   return status;
}

enum rdna_status rdna_case_run(const struct rdna_case *c, unsigned wave_size,
                               const struct rdna_case_run_options *options,
                               struct rdna_case_result *result, struct rdna_diag *diag)
{
   if (!result)
      return fail(diag, RDNA_BAD_ARGUMENT, "no result to fill");
   memset(result, 0, sizeof(*result));
   result->wave_size = wave_size;
   enum rdna_status st = rdna_case_load(c, wave_size, options, &result->machine, diag);
   if (st != RDNA_OK)
      return st;
   if (options && options->trace)
      rdna_machine_set_trace(result->machine, options->trace);
   if (options)
      rdna_machine_set_threads(result->machine, options->threads);
   st = rdna_machine_run(result->machine, diag);
   if (st != RDNA_OK)
      return st;
   /* An [expect] value that cannot be evaluated is a recorded failure, not an error here. */
   st = rdna_case_check_machine(c, wave_size, result->machine, result);
   if (st == RDNA_NO_MEMORY || st == RDNA_BAD_ARGUMENT)
      return fail(diag, st, "%s", rdna_status_message(st));
   return RDNA_OK;
}

void rdna_case_result_free(struct rdna_case_result *result)
{
   if (!result)
      return;
   rdna_machine_destroy(result->machine);
   free(result->failures);
   result->machine = NULL;
   result->failures = NULL;
   result->num_failures = 0;
}
