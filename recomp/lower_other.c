/* Formats the recompiler does not lower yet, each row an explicit UNSUPPORTED stub expanded from
 * the table by format (isa/unsupported_format.h): exports and interpolation, which need a pixel
 * shader. Packed math is lower_vop3p.c's, images lower_mimg.c's, DS rows lower_ds.c's and
 * lower_crosslane.c's. */
#include "recomp/lower.h"

#define UNSUPPORTED_IF_EXP(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_VINTRP(name) UNSUPPORTED(name)
#include "unsupported_format.h"
