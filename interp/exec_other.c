/* Exports (EXP) and interpolation (VINTRP): not implemented yet; every row of these formats is an
 * explicit UNSUPPORTED stub expanded from the table by format (isa/unsupported_format.h). Images
 * (MIMG) are interp/exec_mimg.c's. */
#include "interp/wave.h"

#define UNSUPPORTED_IF_EXP(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_VINTRP(name) UNSUPPORTED(name)
#include "unsupported_format.h"
