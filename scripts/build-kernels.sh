#!/usr/bin/env bash
# Rebuilds the code objects the corpus/kernels/*.case files name, from their OpenCL C sources,
# as the ROCm toolchain does: clang-14 -c, then ld.lld-14 -shared. Run from the repository root.
set -euo pipefail
cd corpus/kernels
build() { # SOURCE OUTPUT EXTRA-FLAGS...
   local source=$1 output=$2
   shift 2
   clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -nogpulib -O2 \
      -cl-fp32-correctly-rounded-divide-sqrt -cl-kernel-arg-info -include rdna_cl.h "$@" -c "$source" -o "$output.o"
   ld.lld-14 -shared "$output.o" -o "$output"
   rm -f "$output.o"
}
build scale_offset.cl scale_offset.gfx1030.hsaco -mcpu=gfx1030
build scale_offset.cl scale_offset.gfx1030.w64.hsaco -mcpu=gfx1030 -mwavefrontsize64
build scale_offset.cl scale_offset.gfx1013.hsaco -mcpu=gfx1013
