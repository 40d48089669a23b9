/* The relative moves as the DPP16, DPP8 and SDWA wrappers see them (interp/exec_movrel.c has the
 * rules, interp/exec_dpp_sdwa.c the wrappers). */
#ifndef RDNA_INTERP_MOVREL_H
#define RDNA_INTERP_MOVREL_H

#include "interp/wave.h"

enum movrel_form {
   MOVREL_NOT_RELATIVE, /* not a relative row: the wrapper runs the row itself */
   MOVREL_MOVE,         /* `move` is the v_mov_b32 the row performs under the current M0 */
   MOVREL_DROPPED       /* the destination lies out of range: nothing is written */
};

/* The relative row `in` with its relative registers resolved under the current M0: a v_mov_b32
 * whose src0 is VGPR[S0 + source offset] (v0 when out of range; the plain source of
 * v_movreld_b32) and whose vdst is VGPR[D + destination offset] (D for v_movrels_b32), so that
 * the DPP lane permutation and the SDWA selects apply to the relatively addressed registers. */
enum movrel_form movrel_resolve(const struct wave *w, const struct rdna_inst *in,
                                struct rdna_inst *move);

#endif
