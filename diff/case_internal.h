/* Internals of the case-file module (include/rdna/case.h): the data model shared by the parser
 * (case_parse.c), the expression parser and evaluator (case_expr.c) and the accessors, register
 * initialisation and [expect] check (case.c). Expressions are nodes in one array per case. */
#ifndef RDNA_DIFF_CASE_INTERNAL_H
#define RDNA_DIFF_CASE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"

#define CASE_MAX_EXPR_DEPTH 48     /* nested parentheses and unary operators */
#define CASE_MAX_EXPR_NODES 200000 /* per case */
#define CASE_NO_EXPR UINT32_MAX

enum case_expr_op {
   EXPR_CONST,
   EXPR_FLOAT, /* a lone float literal: fvalue; converted by its context */
   EXPR_LANE,
   EXPR_REG,
   EXPR_INDEX, /* `i` */
   EXPR_ADDR,  /* &name: value is the region index once resolved */
   EXPR_NEG,
   EXPR_NOT,
   EXPR_MUL,
   EXPR_DIV,
   EXPR_MOD,
   EXPR_ADD,
   EXPR_SUB,
   EXPR_SHL,
   EXPR_SHR,
   EXPR_AND,
   EXPR_XOR,
   EXPR_OR,
};

struct case_expr {
   uint8_t op;
   uint32_t a, b; /* operand nodes */
   uint64_t value;
   double fvalue;
   unsigned line, column;
};

/* Variables an expression may name, as bits. */
enum case_vars {
   VAR_LANE = 1u << 0,
   VAR_REG = 1u << 1,
   VAR_INDEX = 1u << 2,
};

/* Element and register-file kinds. */
enum case_type {
   TYPE_U8,
   TYPE_U16,
   TYPE_U32,
   TYPE_U64,
   TYPE_I32,
   TYPE_F16,
   TYPE_F32,
   TYPE_F64,
};

/* One item of a value list: `expr`, `expr xN`, `?` (expect only: not checked). */
struct case_item {
   uint32_t expr; /* CASE_NO_EXPR for `?` */
   uint32_t count;
};

/* A value: one expression (or vsharp), or a list of items over lanes or elements. */
struct case_value {
   uint32_t expr;      /* CASE_NO_EXPR when a list or vsharp */
   uint32_t first;     /* list: first item in case.items */
   uint32_t num_items; /* 0 unless a list */
   uint64_t list_length;
   int vsharp;          /* index in case.vsharps, or -1 */
   unsigned image_desc; /* 1 + index in case.image_descs (tsharp/ssharp), 0 when none */
   unsigned vars;
   unsigned line, column;
};

/* vsharp(ADDR, stride=, records=, format=, oob=, swizzle=, add_tid=, index_stride=) */
enum case_vsharp_field {
   VSHARP_ADDR,
   VSHARP_STRIDE,
   VSHARP_RECORDS,
   VSHARP_FORMAT,
   VSHARP_OOB,
   VSHARP_SWIZZLE,
   VSHARP_ADD_TID,
   VSHARP_INDEX_STRIDE,
   VSHARP_FIELD_COUNT
};

struct case_vsharp {
   uint32_t field[VSHARP_FIELD_COUNT]; /* expressions, CASE_NO_EXPR for defaults */
};

/* tsharp(ADDR, name=EXPR, ...) and ssharp(name=EXPR, ...): image descriptors (case_image.c) */
#define CASE_IMAGE_FIELDS 16
struct case_image_desc {
   bool sampler;
   uint32_t field[CASE_IMAGE_FIELDS]; /* expressions, CASE_NO_EXPR for defaults */
};

enum case_reg_file {
   FILE_SREG, /* enum rdna_reg scalar codes, SCC included */
   FILE_VGPR,
};

/* A register target: `s4`, `s[0:1]`, `v[1:39]`, `exec` (a pair in wave64, exec_lo in wave32). */
struct case_reg {
   uint8_t file;
   bool wave_pair; /* exec/vcc: count is 2 in wave64, 1 in wave32 */
   unsigned first;
   unsigned count;
   char text[24]; /* as written, for messages */
};

struct case_assign { /* one [init] line */
   struct case_reg reg;
   struct case_value value;
   unsigned line, column;
   uint8_t id;           /* enum rdna_case_id: a dispatch id instead of `value` */
   uint8_t id_component; /* 0 x, 1 y, 2 z; CASE_ID_XYZ: x, y, z over the registers */
   uint32_t id_scale;    /* RDNA_CASE_WAVE_ID: the factor of `wave_id * N` */
};

#define CASE_ID_XYZ 3

enum case_expect_kind {
   EXPECT_REG,
   EXPECT_BUFFER,
   EXPECT_FAULT,
};

struct case_expect {
   uint8_t kind;
   unsigned line, column;
   struct case_reg reg; /* EXPECT_REG */
   struct case_value value;
   uint32_t region; /* EXPECT_BUFFER */
   uint8_t type;
   uint64_t first_elem, last_elem;
   char fault[32];    /* EXPECT_FAULT */
   uint32_t fault_pc; /* expression or CASE_NO_EXPR */
};

/* Typed data of a [buffer]: `count` values of `type` at byte `offset`. */
struct case_data {
   uint32_t region;
   uint8_t type;
   uint32_t expr;
   uint64_t offset;
   uint64_t count;
};

struct case_region {
   char *name;
   uint64_t address;
   uint64_t size;
   bool is_program, fixed;
   unsigned line;
   uint8_t *bytes;   /* buffer contents (size bytes) */
   uint8_t *code[2]; /* program bytes per wave size (index 0: wave32) */
   size_t code_size[2];
};

struct case_todo {
   char *backend;
   char *reason;
};

struct rdna_case {
   enum rdna_target target;
   unsigned waves;
   unsigned vgprs;
   unsigned workgroup[3], grid[3];
   unsigned lds;
   uint64_t steps;
   uint32_t mode; /* MODE at dispatch */

   struct case_region *regions;
   size_t num_regions;
   struct case_expr *nodes;
   size_t num_nodes, cap_nodes;
   struct case_item *items;
   size_t num_items, cap_items;
   struct case_vsharp *vsharps;
   size_t num_vsharps, cap_vsharps;
   struct case_image_desc *image_descs;
   size_t num_image_descs, cap_image_descs;
   struct case_assign *inits;
   size_t num_inits, cap_inits;
   struct case_expect *expects;
   size_t num_expects, cap_expects;
   struct case_data *data;
   size_t num_data, cap_data;
   struct case_todo *todos;
   size_t num_todos, cap_todos;
};

/* ---- case_expr.c -------------------------------------------------------------------------- */

/* A cursor over one line of text, with the diagnostic of the first error. */
struct case_cursor {
   const char *text; /* the line */
   size_t end;       /* parse up to here */
   size_t pos;
   unsigned line;
   unsigned allowed_vars; /* enum case_vars the expression may name */
   struct rdna_case *c;
   struct rdna_diag *diag;
   /* &name references found, resolved once every region is known (case_parse.c). */
   bool (*on_ref)(void *user, uint32_t node, const char *name, size_t length);
   void *ref_user;
};

/* Sets diag (status, line, column of `pos`, message); returns status. */
enum rdna_status case_fail(struct case_cursor *cur, size_t pos, enum rdna_status status,
                           const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "expected WHAT, found 'token'" at the cursor. */
enum rdna_status case_expected(struct case_cursor *cur, const char *what);
void case_skip_space(struct case_cursor *cur);
bool case_at_end(struct case_cursor *cur); /* only blanks (or a '#' comment) remain */
bool case_accept(struct case_cursor *cur, char ch);
/* Reads [A-Za-z_][A-Za-z0-9_.]*; false (no error) when none is there. */
bool case_word(struct case_cursor *cur, const char **word, size_t *length);
bool case_word_is(const char *word, size_t length, const char *literal);

/* Parses an expression at the cursor into c->nodes; sets *node and ORs the variables used into
 * *vars. */
enum rdna_status case_parse_expr(struct case_cursor *cur, uint32_t *node, unsigned *vars);

/* Evaluation context. */
struct case_env {
   const struct rdna_case *c;
   uint64_t lane, reg, index;
};

/* Evaluates node; division by zero returns OUT_OF_RANGE with the node's line and column. */
enum rdna_status case_eval(const struct case_env *env, uint32_t node, uint64_t *value,
                           struct rdna_diag *diag);

/* IEEE conversions of a double to f32 / f16 bits, round to nearest even. */
uint32_t case_f32_bits(double value);
uint16_t case_f16_bits(double value);
uint64_t case_f64_bits(double value);

bool case_grow(void **array, size_t *cap, size_t need, size_t size);

/* ---- case_image.c: tsharp/ssharp ---------------------------------------------------------- */

/* Parses `(ADDR, name=EXPR, ...)` after the word tsharp, or `(name=EXPR, ...)` after ssharp. */
enum rdna_status case_parse_image_desc(struct case_cursor *cur, bool sampler,
                                       struct case_value *value);
/* SGPRs the descriptor fills: 8 (T#) or 4 (S#). */
unsigned case_image_desc_dwords(const struct case_image_desc *d);
/* Dword k of the descriptor; field values that do not fit are errors at their expression. */
enum rdna_status case_image_desc_dword(const struct rdna_case *c, const struct case_image_desc *d,
                                       unsigned k, uint32_t *dword, struct rdna_diag *diag);

/* ---- case.c ------------------------------------------------------------------------------- */

unsigned case_type_size(unsigned type);
/* Whether value fits `bits` bits as an unsigned or a sign-extended number. */
bool case_fits(uint64_t value, unsigned bits);
/* The value of an item/expr for a typed element: float literals converted, others as they are. */
enum rdna_status case_eval_typed(const struct case_env *env, uint32_t node, unsigned type,
                                 uint64_t *value, struct rdna_diag *diag);

#endif
