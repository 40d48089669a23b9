/* The control-flow graph of raw machine code as Graphviz dot (include/rdna/recomp.h,
 * rdna_recomp_cfg_dot): one node per basic block of recomp/cfg.c listing its instructions, edges
 * for fall-through, branches (taken / not taken), calls to static targets, indirect calls and
 * jumps to an "indirect" node, and returns from blocks ending in s_setpc_b64 to every call's
 * return point. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"
#include "rdna/recomp.h"
#include "recomp/cfg.h"

struct dot {
   char *data;
   size_t len, cap;
   bool failed;
};

static void put(struct dot *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct dot *d, const char *fmt, ...)
{
   if (d->failed)
      return;
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(d->data ? d->data + d->len : NULL, d->data ? d->cap - d->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0) {
         d->failed = true;
         return;
      }
      if (d->data && d->len + (size_t)n < d->cap) {
         d->len += (size_t)n;
         return;
      }
      size_t cap = d->cap ? d->cap * 2 : 4096;
      while (cap < d->len + (size_t)n + 1)
         cap *= 2;
      char *data = realloc(d->data, cap);
      if (!data) {
         d->failed = true;
         return;
      }
      d->data = data;
      d->cap = cap;
   }
}

/* The instruction's text with the characters dot's record labels treat specially escaped. */
static void put_escaped(struct dot *d, const char *text)
{
   for (const char *c = text; *c; c++) {
      if (strchr("{}|<>\"\\", *c))
         put(d, "\\%c", *c);
      else
         put(d, "%c", *c);
   }
}

static const struct cfg_inst *last_inst(const struct cfg *cfg, const struct cfg_block *b)
{
   return &cfg->insts[b->first + b->count - 1];
}

static bool has_op(const struct cfg_inst *ci, unsigned op)
{
   return !ci->illegal && ci->inst.op == op;
}

enum rdna_status rdna_recomp_cfg_dot(const struct rdna_isa_config *isa, const void *bytes,
                                     size_t size, uint64_t address, char **text,
                                     struct rdna_diag *diag)
{
   if (text)
      *text = NULL;
   if (!isa || !bytes || !text || !size) {
      if (diag) {
         memset(diag, 0, sizeof(*diag));
         diag->status = RDNA_BAD_ARGUMENT;
         snprintf(diag->message, sizeof(diag->message), "no code");
      }
      return RDNA_BAD_ARGUMENT;
   }
   struct cfg_program program = { address, bytes, size };
   struct cfg cfg;
   enum rdna_status st = cfg_build_programs(&program, 1, address, isa, &cfg, diag);
   if (st != RDNA_OK)
      return st;
   struct dot d = { 0 };
   put(&d, "digraph cfg {\n  node [shape=record fontname=monospace];\n");
   bool indirect = false;
   for (size_t i = 0; i < cfg.num_blocks; i++) {
      const struct cfg_block *b = &cfg.blocks[i];
      put(&d, "  b%llx [label=\"{0x%llx:", (unsigned long long)b->start,
          (unsigned long long)b->start);
      for (size_t k = 0; k < b->count; k++) {
         const struct cfg_inst *ci = &cfg.insts[b->first + k];
         char line[256];
         if (ci->illegal)
            snprintf(line, sizeof(line), ".long 0x%08x", ci->word);
         else
            rdna_print(isa, &ci->inst, line, sizeof(line));
         put(&d, "|");
         put_escaped(&d, line);
      }
      put(&d, "}\"];\n");
   }
   for (size_t i = 0; i < cfg.num_blocks; i++) {
      const struct cfg_block *b = &cfg.blocks[i];
      const struct cfg_inst *ci = last_inst(&cfg, b);
      uint64_t next = ci->pc + ci->inst.size, target;
      bool known_next = cfg_find_block(&cfg, next) >= 0;
      const struct op_info *info = ci->illegal ? NULL : op_info(ci->inst.op);
      uint32_t flags = info ? info->flags : 0;
      bool is_call = flags & CALL;
      bool branch = cfg_branch_target(&ci->inst, ci->pc, &target) && !ci->illegal;
      if (branch && cfg_find_block(&cfg, target) >= 0)
         put(&d, "  b%llx -> b%llx [label=\"%s\"%s];\n", (unsigned long long)b->start,
             (unsigned long long)target,
             is_call                        ? "call"
             : has_op(ci, RDNA_OP_s_branch) ? ""
                                            : "taken",
             is_call ? " style=dashed" : "");
      if (flags & JUMP) {
         indirect = true;
         if (has_op(ci, RDNA_OP_s_setpc_b64)) {
            /* a return: to every call's return point */
            for (size_t j = 0; j < cfg.num_blocks; j++) {
               const struct cfg_inst *cj = last_inst(&cfg, &cfg.blocks[j]);
               const struct op_info *ij = cj->illegal ? NULL : op_info(cj->inst.op);
               uint64_t ret = cj->pc + cj->inst.size;
               if (ij && (ij->flags & CALL) && cfg_find_block(&cfg, ret) >= 0)
                  put(&d, "  b%llx -> b%llx [label=\"return\" style=dotted];\n",
                      (unsigned long long)b->start, (unsigned long long)ret);
            }
         }
         put(&d, "  b%llx -> indirect [label=\"%s\" style=dashed];\n", (unsigned long long)b->start,
             is_call ? "call" : "jump");
      }
      bool falls = !ci->illegal && !(flags & (JUMP | ENDPGM)) && !has_op(ci, RDNA_OP_s_branch) &&
                   !has_op(ci, RDNA_OP_s_trap) && !is_call;
      if (falls && known_next)
         put(&d, "  b%llx -> b%llx%s;\n", (unsigned long long)b->start, (unsigned long long)next,
             branch ? " [label=\"not taken\"]" : "");
   }
   if (indirect)
      put(&d, "  indirect [shape=ellipse label=\"computed target\"];\n");
   put(&d, "}\n");
   cfg_free(&cfg);
   if (d.failed) {
      free(d.data);
      if (diag) {
         memset(diag, 0, sizeof(*diag));
         diag->status = RDNA_NO_MEMORY;
         snprintf(diag->message, sizeof(diag->message), "out of memory");
      }
      return RDNA_NO_MEMORY;
   }
   *text = d.data;
   return RDNA_OK;
}
