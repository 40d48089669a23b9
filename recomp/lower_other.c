/* Formats the recompiler does not lower yet, each row an explicit UNSUPPORTED stub expanded from
 * the table by format (isa/unsupported_format.h): packed math, LDS, images, exports and
 * interpolation come with issue 6. */
#include "recomp/lower.h"

#define UNSUPPORTED_IF_VOP3P(name) UNSUPPORTED(name)
/* The DS lane exchanges are lowered in lower_crosslane.c: a row with a DS_LOWERED_ probe expands
 * to nothing, every other DS row to its UNSUPPORTED stub. */
#define DS_LOWERED_ds_swizzle_b32 ~, DS_SKIP
#define DS_LOWERED_ds_permute_b32 ~, DS_SKIP
#define DS_LOWERED_ds_bpermute_b32 ~, DS_SKIP
#define DS_SKIP(name)
#define DS_SECOND(a, b, ...) b
#define DS_STUB(...) DS_SECOND(__VA_ARGS__, UNSUPPORTED, ~)
#define UNSUPPORTED_IF_DS(name) DS_STUB(DS_LOWERED_##name)(name)
#define UNSUPPORTED_IF_MIMG(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_EXP(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_VINTRP(name) UNSUPPORTED(name)
#include "unsupported_format.h"
