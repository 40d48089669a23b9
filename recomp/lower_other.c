/* Formats the recompiler does not lower yet, each row an explicit UNSUPPORTED stub expanded from
 * the table by format (isa/unsupported_format.h): packed math, exports and interpolation come
 * with issue 6 (images are recomp/lower_mimg.c's, DS rows recomp/lower_ds.c's and
 * recomp/lower_crosslane.c's). */
#include "recomp/lower.h"

#define UNSUPPORTED_IF_VOP3P(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_EXP(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_VINTRP(name) UNSUPPORTED(name)
#include "unsupported_format.h"
