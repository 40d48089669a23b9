/* The SPIR-V builder (recomp/spirv_builder.h): sections as growable word buffers, types and
 * constants deduplicated through a hash of their opcode and operands, and the SPIRV-Tools calls
 * that validate and disassemble the result. */
#include "recomp/spirv_builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv-tools/libspirv.h>

static void buf_reserve(struct spvb *b, struct spvb_buf *buf, size_t extra)
{
   if (b->out_of_memory || buf->len + extra <= buf->cap)
      return;
   size_t cap = buf->cap ? buf->cap : 64;
   while (cap < buf->len + extra)
      cap *= 2;
   uint32_t *words = realloc(buf->words, cap * sizeof(*words));
   if (!words) {
      b->out_of_memory = true;
      return;
   }
   buf->words = words;
   buf->cap = cap;
}

static void buf_push(struct spvb *b, struct spvb_buf *buf, uint32_t word)
{
   buf_reserve(b, buf, 1);
   if (!b->out_of_memory)
      buf->words[buf->len++] = word;
}

static void buf_free(struct spvb_buf *buf)
{
   free(buf->words);
   memset(buf, 0, sizeof(*buf));
}

void spvb_init(struct spvb *b)
{
   memset(b, 0, sizeof(*b));
   b->next_id = 1;
}

void spvb_free(struct spvb *b)
{
   struct spvb_buf *bufs[] = { &b->capabilities, &b->extensions, &b->imports, &b->memory_model,
                               &b->entry_points, &b->exec_modes, &b->debug,   &b->annotations,
                               &b->globals,      &b->func_vars,  &b->body,    &b->keys,
                               &b->helpers,      &b->main_body };
   for (size_t i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++)
      buf_free(bufs[i]);
   free(b->dedup);
   b->dedup = NULL;
}

uint32_t spvb_id(struct spvb *b)
{
   return b->next_id++;
}

void spvb_emit(struct spvb *b, struct spvb_buf *section, SpvOp op, const uint32_t *operands,
               size_t count)
{
   buf_reserve(b, section, count + 1);
   if (b->out_of_memory)
      return;
   section->words[section->len++] = (uint32_t)(count + 1) << SpvWordCountShift | (uint32_t)op;
   if (count) /* operands may be NULL when there are none */
      memcpy(&section->words[section->len], operands, count * sizeof(uint32_t));
   section->len += count;
}

void spvb_push_string(struct spvb *b, struct spvb_buf *buf, const char *text)
{
   size_t n = strlen(text) + 1;
   for (size_t i = 0; i < n; i += 4) {
      uint32_t word = 0;
      for (size_t j = 0; j < 4 && i + j < n; j++)
         word |= (uint32_t)(uint8_t)text[i + j] << (8 * j);
      buf_push(b, buf, word);
   }
}

/* An instruction whose operands include a string: the string is the last operand. */
static void emit_with_string(struct spvb *b, struct spvb_buf *section, SpvOp op,
                             const uint32_t *operands, size_t count, const char *text)
{
   size_t words = count + strlen(text) / 4 + 1;
   buf_push(b, section, (uint32_t)(words + 1) << SpvWordCountShift | (uint32_t)op);
   for (size_t i = 0; i < count; i++)
      buf_push(b, section, operands[i]);
   spvb_push_string(b, section, text);
}

size_t spvb_word_count(const struct spvb *b)
{
   return b->capabilities.len + b->extensions.len + b->imports.len + b->memory_model.len +
          b->entry_points.len + b->exec_modes.len + b->debug.len + b->annotations.len +
          b->globals.len + b->func_vars.len + b->body.len + b->helpers.len + b->main_body.len;
}

/* ---- dedup -------------------------------------------------------------------------------- */

static uint32_t hash_words(const uint32_t *words, size_t count)
{
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < count; i++) {
      h ^= words[i];
      h *= 16777619u;
   }
   return h;
}

static bool dedup_grow(struct spvb *b)
{
   size_t cap = b->dedup_cap ? b->dedup_cap * 2 : 256;
   struct spvb_dedup_entry *table = calloc(cap, sizeof(*table));
   if (!table) {
      b->out_of_memory = true;
      return false;
   }
   for (size_t i = 0; i < b->dedup_cap; i++) {
      struct spvb_dedup_entry e = b->dedup[i];
      if (!e.id)
         continue;
      size_t slot = e.hash & (cap - 1);
      while (table[slot].id)
         slot = (slot + 1) & (cap - 1);
      table[slot] = e;
   }
   free(b->dedup);
   b->dedup = table;
   b->dedup_cap = cap;
   return true;
}

/* The id of the declaration `key` (opcode then operands without the result id), declaring it
 * with `emit_result_first` (types: result id first) or after the result type (constants). */
static uint32_t dedup_declare(struct spvb *b, SpvOp op, const uint32_t *key, size_t count,
                              bool is_constant)
{
   if (b->out_of_memory)
      return spvb_id(b);
   if ((b->dedup_count + 1) * 2 > b->dedup_cap && !dedup_grow(b))
      return spvb_id(b);
   uint32_t h = hash_words(key, count) ^ (uint32_t)op * 0x9e3779b9u;
   size_t slot = h & (b->dedup_cap - 1);
   while (b->dedup[slot].id) {
      const struct spvb_dedup_entry *e = &b->dedup[slot];
      if (e->hash == h && e->key_len == count + 1 && b->keys.words[e->key] == (uint32_t)op &&
          (count == 0 || memcmp(&b->keys.words[e->key + 1], key, count * sizeof(uint32_t)) == 0))
         return e->id;
      slot = (slot + 1) & (b->dedup_cap - 1);
   }
   uint32_t id = spvb_id(b);
   size_t offset = b->keys.len;
   buf_push(b, &b->keys, (uint32_t)op);
   for (size_t i = 0; i < count; i++)
      buf_push(b, &b->keys, key[i]);
   if (b->out_of_memory)
      return id;
   b->dedup[slot] = (struct spvb_dedup_entry){ h, id, offset, (uint32_t)count + 1 };
   b->dedup_count++;

   uint32_t operands[8];
   if (count + 1 > sizeof(operands) / sizeof(operands[0])) {
      b->out_of_memory = true; /* our own invariant: no declaration is that long */
      return id;
   }
   if (is_constant) { /* result type, result id, values */
      operands[0] = key[0];
      operands[1] = id;
      memcpy(&operands[2], &key[1], (count - 1) * sizeof(uint32_t));
   } else {
      operands[0] = id;
      if (count) /* a type without operands (OpTypeVoid, OpTypeBool) has no key */
         memcpy(&operands[1], key, count * sizeof(uint32_t));
   }
   spvb_emit(b, &b->globals, op, operands, count + 1);
   return id;
}

/* ---- module-level declarations ------------------------------------------------------------ */

void spvb_capability(struct spvb *b, SpvCapability capability)
{
   for (size_t i = 0; i < b->capabilities.len; i += 2)
      if (b->capabilities.words[i + 1] == (uint32_t)capability)
         return;
   uint32_t operand = (uint32_t)capability;
   spvb_emit(b, &b->capabilities, SpvOpCapability, &operand, 1);
}

uint32_t spvb_import(struct spvb *b, const char *name)
{
   uint32_t id = spvb_id(b);
   emit_with_string(b, &b->imports, SpvOpExtInstImport, &id, 1, name);
   return id;
}

void spvb_decorate(struct spvb *b, uint32_t target, SpvDecoration decoration, const uint32_t *args,
                   size_t count)
{
   uint32_t operands[4] = { target, (uint32_t)decoration };
   if (count > 2)
      count = 2;
   for (size_t i = 0; i < count; i++)
      operands[2 + i] = args[i];
   spvb_emit(b, &b->annotations, SpvOpDecorate, operands, 2 + count);
}

void spvb_member_decorate(struct spvb *b, uint32_t type, uint32_t member, SpvDecoration decoration,
                          uint32_t arg)
{
   uint32_t operands[4] = { type, member, (uint32_t)decoration, arg };
   spvb_emit(b, &b->annotations, SpvOpMemberDecorate, operands, 4);
}

void spvb_name(struct spvb *b, uint32_t target, const char *name)
{
   emit_with_string(b, &b->debug, SpvOpName, &target, 1, name);
}

/* ---- types -------------------------------------------------------------------------------- */

uint32_t spvb_type_void(struct spvb *b)
{
   return dedup_declare(b, SpvOpTypeVoid, NULL, 0, false);
}

uint32_t spvb_type_bool(struct spvb *b)
{
   return dedup_declare(b, SpvOpTypeBool, NULL, 0, false);
}

uint32_t spvb_type_int(struct spvb *b, unsigned width, bool is_signed)
{
   uint32_t key[2] = { width, is_signed };
   return dedup_declare(b, SpvOpTypeInt, key, 2, false);
}

uint32_t spvb_type_vector(struct spvb *b, uint32_t component, unsigned count)
{
   uint32_t key[2] = { component, count };
   return dedup_declare(b, SpvOpTypeVector, key, 2, false);
}

uint32_t spvb_type_array(struct spvb *b, uint32_t element, uint32_t length_id)
{
   uint32_t key[2] = { element, length_id };
   return dedup_declare(b, SpvOpTypeArray, key, 2, false);
}

uint32_t spvb_type_pointer(struct spvb *b, SpvStorageClass storage, uint32_t pointee)
{
   uint32_t key[2] = { (uint32_t)storage, pointee };
   return dedup_declare(b, SpvOpTypePointer, key, 2, false);
}

uint32_t spvb_type_function(struct spvb *b, uint32_t return_type)
{
   return dedup_declare(b, SpvOpTypeFunction, &return_type, 1, false);
}

uint32_t spvb_type_runtime_array_unique(struct spvb *b, uint32_t element)
{
   uint32_t operands[2] = { spvb_id(b), element };
   spvb_emit(b, &b->globals, SpvOpTypeRuntimeArray, operands, 2);
   return operands[0];
}

uint32_t spvb_type_struct_unique(struct spvb *b, const uint32_t *members, size_t count)
{
   uint32_t id = spvb_id(b);
   buf_push(b, &b->globals, (uint32_t)(count + 2) << SpvWordCountShift | SpvOpTypeStruct);
   buf_push(b, &b->globals, id);
   for (size_t i = 0; i < count; i++)
      buf_push(b, &b->globals, members[i]);
   return id;
}

/* ---- constants ---------------------------------------------------------------------------- */

static uint32_t type_u32(struct spvb *b)
{
   if (!b->type_u32 && !b->out_of_memory)
      b->type_u32 = spvb_type_int(b, 32, false);
   return b->type_u32 ? b->type_u32 : spvb_type_int(b, 32, false);
}

uint32_t spvb_const_u32(struct spvb *b, uint32_t value)
{
   if (value < SPVB_SMALL_U32 && b->small_u32[value])
      return b->small_u32[value];
   uint32_t key[2] = { type_u32(b), value };
   uint32_t id = dedup_declare(b, SpvOpConstant, key, 2, true);
   if (value < SPVB_SMALL_U32 && !b->out_of_memory)
      b->small_u32[value] = id;
   return id;
}

uint32_t spvb_const_u64(struct spvb *b, uint64_t value)
{
   if (!b->type_u64 && !b->out_of_memory)
      b->type_u64 = spvb_type_int(b, 64, false);
   uint32_t type = b->type_u64 ? b->type_u64 : spvb_type_int(b, 64, false);
   uint32_t key[3] = { type, (uint32_t)value, (uint32_t)(value >> 32) };
   return dedup_declare(b, SpvOpConstant, key, 3, true);
}

uint32_t spvb_const_bits64(struct spvb *b, uint32_t type, uint64_t value)
{
   uint32_t key[3] = { type, (uint32_t)value, (uint32_t)(value >> 32) };
   return dedup_declare(b, SpvOpConstant, key, 3, true);
}

uint32_t spvb_const_bool(struct spvb *b, bool value)
{
   uint32_t type = spvb_type_bool(b);
   return dedup_declare(b, value ? SpvOpConstantTrue : SpvOpConstantFalse, &type, 1, true);
}

/* ---- variables ---------------------------------------------------------------------------- */

uint32_t spvb_global_variable(struct spvb *b, uint32_t pointer_type, SpvStorageClass storage)
{
   uint32_t operands[3] = { pointer_type, spvb_id(b), (uint32_t)storage };
   spvb_emit(b, &b->globals, SpvOpVariable, operands, 3);
   return operands[1];
}

uint32_t spvb_function_variable(struct spvb *b, uint32_t pointer_type)
{
   uint32_t operands[3] = { pointer_type, spvb_id(b), SpvStorageClassFunction };
   spvb_emit(b, &b->func_vars, SpvOpVariable, operands, 3);
   return operands[1];
}

/* ---- the function body -------------------------------------------------------------------- */

uint32_t spvb_begin_function(struct spvb *b)
{
   b->void_type = spvb_type_void(b);
   b->function_type = spvb_type_function(b, b->void_type);
   b->function_id = spvb_id(b);
   /* OpFunction and the first OpLabel are written by spvb_finish, before the variables. */
   return spvb_id(b);
}

void spvb_label(struct spvb *b, uint32_t label)
{
   spvb_emit(b, &b->body, SpvOpLabel, &label, 1);
}

uint32_t spvb_op(struct spvb *b, SpvOp op, uint32_t type, const uint32_t *operands, size_t count)
{
   uint32_t id = spvb_id(b);
   buf_reserve(b, &b->body, count + 3);
   if (b->out_of_memory)
      return id;
   struct spvb_buf *body = &b->body;
   body->words[body->len++] = (uint32_t)(count + 3) << SpvWordCountShift | (uint32_t)op;
   body->words[body->len++] = type;
   body->words[body->len++] = id;
   if (count)
      memcpy(&body->words[body->len], operands, count * sizeof(uint32_t));
   body->len += count;
   return id;
}

void spvb_op_void(struct spvb *b, SpvOp op, const uint32_t *operands, size_t count)
{
   spvb_emit(b, &b->body, op, operands, count);
}

uint32_t spvb_binop(struct spvb *b, SpvOp op, uint32_t type, uint32_t x, uint32_t y)
{
   uint32_t operands[2] = { x, y };
   return spvb_op(b, op, type, operands, 2);
}

uint32_t spvb_unop(struct spvb *b, SpvOp op, uint32_t type, uint32_t x)
{
   return spvb_op(b, op, type, &x, 1);
}

uint32_t spvb_select(struct spvb *b, uint32_t type, uint32_t cond, uint32_t x, uint32_t y)
{
   uint32_t operands[3] = { cond, x, y };
   return spvb_op(b, SpvOpSelect, type, operands, 3);
}

uint32_t spvb_load(struct spvb *b, uint32_t type, uint32_t pointer)
{
   return spvb_op(b, SpvOpLoad, type, &pointer, 1);
}

void spvb_store(struct spvb *b, uint32_t pointer, uint32_t value)
{
   uint32_t operands[2] = { pointer, value };
   spvb_emit(b, &b->body, SpvOpStore, operands, 2);
}

uint32_t spvb_access_chain(struct spvb *b, uint32_t pointer_type, uint32_t base,
                           const uint32_t *indices, size_t count)
{
   uint32_t operands[8] = { base };
   if (count > 7)
      count = 7;
   if (count)
      memcpy(&operands[1], indices, count * sizeof(uint32_t));
   return spvb_op(b, SpvOpAccessChain, pointer_type, operands, count + 1);
}

void spvb_branch(struct spvb *b, uint32_t label)
{
   spvb_emit(b, &b->body, SpvOpBranch, &label, 1);
}

void spvb_branch_conditional(struct spvb *b, uint32_t cond, uint32_t if_true, uint32_t if_false)
{
   uint32_t operands[3] = { cond, if_true, if_false };
   spvb_emit(b, &b->body, SpvOpBranchConditional, operands, 3);
}

void spvb_selection_merge(struct spvb *b, uint32_t merge)
{
   uint32_t operands[2] = { merge, SpvSelectionControlMaskNone };
   spvb_emit(b, &b->body, SpvOpSelectionMerge, operands, 2);
}

void spvb_loop_merge(struct spvb *b, uint32_t merge, uint32_t continue_target)
{
   uint32_t operands[3] = { merge, continue_target, SpvLoopControlMaskNone };
   spvb_emit(b, &b->body, SpvOpLoopMerge, operands, 3);
}

void spvb_end_function(struct spvb *b)
{
   spvb_emit(b, &b->body, SpvOpReturn, NULL, 0);
   spvb_emit(b, &b->body, SpvOpFunctionEnd, NULL, 0);
}

/* ---- helper functions --------------------------------------------------------------------- */

uint32_t spvb_type_function_params(struct spvb *b, uint32_t return_type,
                                   const uint32_t *param_types, size_t count)
{
   uint32_t key[8] = { return_type };
   if (count + 1 > sizeof(key) / sizeof(key[0])) {
      b->out_of_memory = true; /* our own invariant: helpers take few parameters */
      return spvb_id(b);
   }
   memcpy(&key[1], param_types, count * sizeof(uint32_t));
   return dedup_declare(b, SpvOpTypeFunction, key, count + 1, false);
}

uint32_t spvb_begin_helper(struct spvb *b, uint32_t return_type, const uint32_t *param_types,
                           size_t count, uint32_t params[])
{
   uint32_t type = spvb_type_function_params(b, return_type, param_types, count);
   if (b->in_helper) {
      b->out_of_memory = true; /* our own invariant: helpers do not nest; the module fails */
      for (size_t i = 0; i < count; i++)
         params[i] = spvb_id(b);
      return spvb_id(b);
   }
   b->main_body = b->body;
   b->body = (struct spvb_buf){ 0 };
   b->in_helper = true;
   uint32_t id = spvb_id(b);
   uint32_t head[4] = { return_type, id, SpvFunctionControlMaskNone, type };
   spvb_emit(b, &b->body, SpvOpFunction, head, 4);
   for (size_t i = 0; i < count; i++) {
      uint32_t param[2] = { param_types[i], spvb_id(b) };
      spvb_emit(b, &b->body, SpvOpFunctionParameter, param, 2);
      params[i] = param[1];
   }
   uint32_t label = spvb_id(b);
   spvb_emit(b, &b->body, SpvOpLabel, &label, 1);
   return id;
}

void spvb_end_helper(struct spvb *b, uint32_t value)
{
   if (!b->in_helper)
      return;
   if (value)
      spvb_emit(b, &b->body, SpvOpReturnValue, &value, 1);
   else
      spvb_emit(b, &b->body, SpvOpReturn, NULL, 0);
   spvb_emit(b, &b->body, SpvOpFunctionEnd, NULL, 0);
   for (size_t i = 0; i < b->body.len; i++)
      buf_push(b, &b->helpers, b->body.words[i]);
   buf_free(&b->body);
   b->body = b->main_body;
   b->main_body = (struct spvb_buf){ 0 };
   b->in_helper = false;
}

void spvb_entry_point(struct spvb *b, const uint32_t *interface, size_t count,
                      const unsigned local_size[3])
{
   uint32_t head[2] = { SpvExecutionModelGLCompute, b->function_id };
   size_t words = 2 + 2 + count; /* model, function, "main" (2 words), interface */
   buf_push(b, &b->entry_points, (uint32_t)(words + 1) << SpvWordCountShift | SpvOpEntryPoint);
   buf_push(b, &b->entry_points, head[0]);
   buf_push(b, &b->entry_points, head[1]);
   spvb_push_string(b, &b->entry_points, "main");
   for (size_t i = 0; i < count; i++)
      buf_push(b, &b->entry_points, interface[i]);
   uint32_t mode[5] = { b->function_id, SpvExecutionModeLocalSize, local_size[0], local_size[1],
                        local_size[2] };
   spvb_emit(b, &b->exec_modes, SpvOpExecutionMode, mode, 5);
}

uint32_t *spvb_finish(struct spvb *b, size_t *num_words)
{
   *num_words = 0;
   if (b->out_of_memory)
      return NULL;
   uint32_t memory_model[2] = { SpvAddressingModelLogical, SpvMemoryModelGLSL450 };
   struct spvb_buf mm = { 0 };
   spvb_emit(b, &mm, SpvOpMemoryModel, memory_model, 2);
   uint32_t function_head[4] = { b->void_type, b->function_id, SpvFunctionControlMaskNone,
                                 b->function_type };
   const struct spvb_buf *head[] = { &b->capabilities, &b->extensions, &b->imports, &mm,
                                     &b->entry_points, &b->exec_modes, &b->debug,   &b->annotations,
                                     &b->globals };
   size_t before_body = 5 + 5 + 2 + b->func_vars.len;
   for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
      before_body += head[i]->len;
   size_t body_len = b->body.len, total = before_body + body_len + b->helpers.len;
   /* The body is most of a large module: its buffer grows into the module and the body moves
    * up in place. Copying it into a fresh array instead touched every page of that array for
    * the first time, and page faults were an eighth of the recompile time. */
   uint32_t *words = b->out_of_memory ? NULL : realloc(b->body.words, total * sizeof(*words));
   if (!words) {
      buf_free(&mm);
      return NULL;
   }
   /* the builder no longer holds the body's words; spvb_word_count still counts them */
   b->body.words = NULL;
   b->body.cap = 0;
   if (body_len)
      memmove(&words[before_body], words, body_len * sizeof(uint32_t));
   size_t n = 0;
   words[n++] = SpvMagicNumber;
   words[n++] = 0x00010500; /* SPIR-V 1.5: the newest Vulkan 1.2 accepts */
   words[n++] = 0;          /* generator: unregistered */
   words[n++] = b->next_id; /* bound */
   words[n++] = 0;
   for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++) {
      if (head[i]->len) /* an empty section may have no storage */
         memcpy(&words[n], head[i]->words, head[i]->len * sizeof(uint32_t));
      n += head[i]->len;
   }
   words[n++] = 5u << SpvWordCountShift | SpvOpFunction;
   memcpy(&words[n], function_head, sizeof(function_head));
   n += 4;
   /* The first block's label id is function_id + 1 (spvb_begin_function). */
   words[n++] = 2u << SpvWordCountShift | SpvOpLabel;
   words[n++] = b->function_id + 1;
   if (b->func_vars.len)
      memcpy(&words[n], b->func_vars.words, b->func_vars.len * sizeof(uint32_t));
   n += b->func_vars.len + body_len;
   if (b->helpers.len)
      memcpy(&words[n], b->helpers.words, b->helpers.len * sizeof(uint32_t));
   n += b->helpers.len;
   buf_free(&mm);
   *num_words = n;
   return words;
}

/* ---- SPIRV-Tools -------------------------------------------------------------------------- */

static void diag_set(struct rdna_diag *diag, enum rdna_status status, const char *prefix,
                     spv_diagnostic d)
{
   if (!diag)
      return;
   memset(diag, 0, sizeof(*diag));
   diag->status = status;
   snprintf(diag->message, sizeof(diag->message), "%s%s", prefix,
            d && d->error ? d->error : "no message");
   if (d)
      diag->offset = d->position.index;
}

enum rdna_status spvb_validate(const uint32_t *words, size_t num_words, struct rdna_diag *diag)
{
   spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_2);
   if (!context) {
      if (diag) {
         memset(diag, 0, sizeof(*diag));
         diag->status = RDNA_NO_MEMORY;
         snprintf(diag->message, sizeof(diag->message), "cannot create a SPIRV-Tools context");
      }
      return RDNA_NO_MEMORY;
   }
   struct spv_const_binary_t binary = { words, num_words };
   spv_diagnostic d = NULL;
   spv_result_t result = spvValidate(context, &binary, &d);
   enum rdna_status status = RDNA_OK;
   if (result != SPV_SUCCESS) {
      status = RDNA_INTERNAL;
      diag_set(diag, status, "spirv-val: ", d);
   }
   spvDiagnosticDestroy(d);
   spvContextDestroy(context);
   return status;
}

char *spvb_disassemble(const uint32_t *words, size_t num_words, struct rdna_diag *diag)
{
   spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_2);
   if (!context)
      return NULL;
   spv_text text = NULL;
   spv_diagnostic d = NULL;
   spv_result_t result = spvBinaryToText(
      context, words, num_words,
      SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT, &text, &d);
   char *out = NULL;
   if (result == SPV_SUCCESS && text) {
      out = malloc(text->length + 1);
      if (out) {
         memcpy(out, text->str, text->length);
         out[text->length] = '\0';
      }
   } else {
      diag_set(diag, RDNA_INTERNAL, "spirv-dis: ", d);
   }
   spvTextDestroy(text);
   spvDiagnosticDestroy(d);
   spvContextDestroy(context);
   return out;
}
