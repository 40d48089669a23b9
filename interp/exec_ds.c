/* LDS and GDS (DS format). Not implemented yet (issue 3 part two): every DS row is an explicit
 * UNSUPPORTED stub expanded from the table by format (interp/unsupported_format.h). */
#include "interp/wave.h"

#define UNSUPPORTED_IF_DS(name) UNSUPPORTED(name)
#include "interp/unsupported_format.h"
