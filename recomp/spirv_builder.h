/* A small SPIR-V module builder: word buffers per logical-layout section (SPIR-V spec 2.4),
 * result ids, types and constants deduplicated, one function body and single-block helper
 * functions, validation and disassembly through SPIRV-Tools. Enums come from spirv-headers.
 * Used by the recompiler (recomp/); knows nothing about RDNA. */
#ifndef RDNA_RECOMP_SPIRV_BUILDER_H
#define RDNA_RECOMP_SPIRV_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <spirv/unified1/spirv.h>

#include "rdna/status.h"

struct spvb_buf {
   uint32_t *words;
   size_t len, cap;
};

struct spvb_dedup_entry {
   uint32_t hash;
   uint32_t id; /* 0: empty slot */
   size_t key;  /* offset of the key in spvb.keys */
   uint32_t key_len;
};

#define SPVB_SMALL_U32 1024

/* Sections in the order the module lays them out. */
struct spvb {
   struct spvb_buf capabilities, extensions, imports, memory_model, entry_points, exec_modes, debug,
      annotations, globals, func_vars, body;
   /* helper functions, laid out after the module's function; while one is being written, `body`
    * holds it and `main_body` the module function's words */
   struct spvb_buf helpers, main_body;
   bool in_helper;
   uint32_t next_id;
   bool out_of_memory; /* sticky: every later call is a no-op returning ids that never finish */
   /* type and constant dedup: an open-addressing table over (opcode, operands) keys */
   struct spvb_dedup_entry *dedup;
   size_t dedup_cap, dedup_count;
   struct spvb_buf keys;
   /* the module's single function */
   uint32_t function_id, function_type, void_type;
   /* shortcuts past the dedup table for what lowering asks for most: the u32 and u64 types and
    * the u32 constants below SPVB_SMALL_U32 (0: not declared yet) */
   uint32_t type_u32, type_u64;
   uint32_t small_u32[SPVB_SMALL_U32];
};

void spvb_init(struct spvb *b);
void spvb_free(struct spvb *b);

/* A fresh result id. */
uint32_t spvb_id(struct spvb *b);
/* Appends one instruction (opcode and operands) to a section. */
void spvb_emit(struct spvb *b, struct spvb_buf *section, SpvOp op, const uint32_t *operands,
               size_t count);
/* Appends a nul-terminated string as literal words. */
void spvb_push_string(struct spvb *b, struct spvb_buf *buf, const char *text);
/* Words emitted so far in all sections (the module's size without its 5-word header). */
size_t spvb_word_count(const struct spvb *b);

/* ---- module-level declarations ------------------------------------------------------------ */

void spvb_capability(struct spvb *b, SpvCapability capability);
uint32_t spvb_import(struct spvb *b, const char *name);
void spvb_decorate(struct spvb *b, uint32_t target, SpvDecoration decoration, const uint32_t *args,
                   size_t count);
void spvb_member_decorate(struct spvb *b, uint32_t type, uint32_t member, SpvDecoration decoration,
                          uint32_t arg);
void spvb_name(struct spvb *b, uint32_t target, const char *name);

/* ---- types (deduplicated) ----------------------------------------------------------------- */

uint32_t spvb_type_void(struct spvb *b);
uint32_t spvb_type_bool(struct spvb *b);
uint32_t spvb_type_int(struct spvb *b, unsigned width, bool is_signed);
uint32_t spvb_type_vector(struct spvb *b, uint32_t component, unsigned count);
uint32_t spvb_type_array(struct spvb *b, uint32_t element, uint32_t length_id);
uint32_t spvb_type_pointer(struct spvb *b, SpvStorageClass storage, uint32_t pointee);
uint32_t spvb_type_function(struct spvb *b, uint32_t return_type);
/* Not deduplicated, so that each can carry its own decorations. */
uint32_t spvb_type_runtime_array_unique(struct spvb *b, uint32_t element);
uint32_t spvb_type_struct_unique(struct spvb *b, const uint32_t *members, size_t count);

/* ---- constants (deduplicated) ------------------------------------------------------------- */

uint32_t spvb_const_u32(struct spvb *b, uint32_t value);
uint32_t spvb_const_u64(struct spvb *b, uint64_t value);
uint32_t spvb_const_bool(struct spvb *b, bool value);
/* A 64-bit constant of `type` (a 64-bit integer or float type) with the bits `value`. */
uint32_t spvb_const_bits64(struct spvb *b, uint32_t type, uint64_t value);

/* ---- variables ---------------------------------------------------------------------------- */

/* A module-scope variable (storage class other than Function). */
uint32_t spvb_global_variable(struct spvb *b, uint32_t pointer_type, SpvStorageClass storage);
/* A Function-scope variable of the function, placed at the start of its first block. */
uint32_t spvb_function_variable(struct spvb *b, uint32_t pointer_type);

/* ---- the function body -------------------------------------------------------------------- */

/* Starts the module's void function; returns the label id of its first block (already open). */
uint32_t spvb_begin_function(struct spvb *b);
/* Opens block `label` (a fresh id from spvb_id). */
void spvb_label(struct spvb *b, uint32_t label);
/* An instruction with a result: returns the result id. */
uint32_t spvb_op(struct spvb *b, SpvOp op, uint32_t type, const uint32_t *operands, size_t count);
/* An instruction without result type or result. */
void spvb_op_void(struct spvb *b, SpvOp op, const uint32_t *operands, size_t count);
uint32_t spvb_binop(struct spvb *b, SpvOp op, uint32_t type, uint32_t x, uint32_t y);
uint32_t spvb_unop(struct spvb *b, SpvOp op, uint32_t type, uint32_t x);
uint32_t spvb_select(struct spvb *b, uint32_t type, uint32_t cond, uint32_t x, uint32_t y);
uint32_t spvb_load(struct spvb *b, uint32_t type, uint32_t pointer);
void spvb_store(struct spvb *b, uint32_t pointer, uint32_t value);
uint32_t spvb_access_chain(struct spvb *b, uint32_t pointer_type, uint32_t base,
                           const uint32_t *indices, size_t count);
void spvb_branch(struct spvb *b, uint32_t label);
void spvb_branch_conditional(struct spvb *b, uint32_t cond, uint32_t if_true, uint32_t if_false);
void spvb_selection_merge(struct spvb *b, uint32_t merge);
void spvb_loop_merge(struct spvb *b, uint32_t merge, uint32_t continue_target);
/* Ends the function (OpReturn and OpFunctionEnd). */
void spvb_end_function(struct spvb *b);

/* ---- helper functions --------------------------------------------------------------------- */

/* The type of a function returning `return_type` with `count` parameters of `param_types`. */
uint32_t spvb_type_function_params(struct spvb *b, uint32_t return_type,
                                   const uint32_t *param_types, size_t count);
/* Starts a helper function (called with OpFunctionCall) of `count` parameters of `param_types`
 * returning `return_type`; the parameters' ids go to params[]. Until spvb_end_helper, the body
 * instructions (spvb_op, spvb_select, ...) go to the helper, which declares no Function
 * variables. Returns the function's id; helpers do not nest. */
uint32_t spvb_begin_helper(struct spvb *b, uint32_t return_type, const uint32_t *param_types,
                           size_t count, uint32_t params[]);
/* Returns `value` from the helper (0: OpReturn, for a helper returning void) and goes back to
 * the module's function. */
void spvb_end_helper(struct spvb *b, uint32_t value);

/* Declares the GLCompute entry point "main" with its interface variables and LocalSize. */
void spvb_entry_point(struct spvb *b, const uint32_t *interface, size_t count,
                      const unsigned local_size[3]);

/* The finished module (header included) in a malloc'd array the caller frees; NULL when out of
 * memory. The function body's words move into that array: call it once, then spvb_free. */
uint32_t *spvb_finish(struct spvb *b, size_t *num_words);

/* Validates `words` for Vulkan 1.2 with SPIRV-Tools: OK, or INTERNAL with SPIRV-Tools' message
 * in diag (when given). */
enum rdna_status spvb_validate(const uint32_t *words, size_t num_words, struct rdna_diag *diag);
/* SPIRV-Tools' disassembly of `words`, malloc'd and NUL-terminated; NULL on failure (diag set). */
char *spvb_disassemble(const uint32_t *words, size_t num_words, struct rdna_diag *diag);

#endif
