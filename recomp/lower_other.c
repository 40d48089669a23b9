/* Formats the recompiler does not lower yet, each row an explicit UNSUPPORTED stub expanded from
 * the table by format (isa/unsupported_format.h): LDS, images, exports and interpolation come
 * with issue 6. Packed math (VOP3P) is in lower_vop3p.c. */
#include "recomp/lower.h"

#define UNSUPPORTED_IF_DS(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_MIMG(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_EXP(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_VINTRP(name) UNSUPPORTED(name)
#include "unsupported_format.h"
