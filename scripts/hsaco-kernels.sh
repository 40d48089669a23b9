#!/usr/bin/env bash
# Compiles every corpus/kernels/*.cl (OpenCL C) and *.hip (HIP) kernel of the hsaco tests for
# gfx1030 in wave32 and wave64 and runs each through `rdna diff --hsaco` (interpreter against the Vulkan device) with the
# tests' dispatch: 4 workgroups of 64 (matrix_2d: 2x2 of 8x8), a 16 KiB output buffer and the
# tests' 256-word input. Prints one line per run; bench/results/hsaco-*.md record it.
# usage: scripts/hsaco-kernels.sh [RDNA [DEVICE]]   (run from the repository root)
set -uo pipefail
rdna=${1:-build/rdna}
device=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/in.bin" <<'PY'
import struct, sys
x, words = 0x12345678, []
for _ in range(256):  # xorshift32, as tests/hsaco/kernels.c kernel_input()
    x ^= (x << 13) & 0xffffffff; x ^= x >> 17; x ^= (x << 5) & 0xffffffff
    words.append(x)
open(sys.argv[1], "wb").write(struct.pack("<256I", *words))
PY
for source in corpus/kernels/*.cl corpus/kernels/*.hip; do
   kernel=$(basename "${source%.*}")
   [[ $kernel == scale_offset ]] && continue
   dims=(--grid 4 --block 64)
   [[ $kernel == matrix_2d ]] && dims=(--grid 2,2 --block 8,8)
   for wave in 32 64; do
      object="$work/$kernel.w$wave.hsaco"
      if [[ $source == *.hip ]]; then
         flags=(--offload-arch=gfx1030)
         ((wave == 64)) && flags+=(-mwavefrontsize64)
         clang-14 -x hip --cuda-device-only -nogpulib -nogpuinc -O2 --no-gpu-bundle-output \
            -include corpus/kernels/rdna_hip.h "${flags[@]}" -c "$source" -o "$object" || exit 3
      else
         flags=(-mcpu=gfx1030)
         ((wave == 64)) && flags+=(-mwavefrontsize64)
         clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -nogpulib -O2 \
            -cl-fp32-correctly-rounded-divide-sqrt -cl-kernel-arg-info \
            -include corpus/kernels/rdna_cl.h "${flags[@]}" \
            -c "$source" -o "$work/k.o" && ld.lld-14 -shared "$work/k.o" -o "$object" || exit 3
      fi
      timeout 300 "$rdna" diff ${device:+--device "$device"} --hsaco "$object" --kernel "$kernel" \
         "${dims[@]}" --arg buffer:16384 --arg "buffer:$work/in.bin" 2>&1 | head -2 |
         sed "s|$work/||"
      status=${PIPESTATUS[0]}
      ((status == 124)) && echo "TIMEOUT $kernel.w$wave.hsaco: no result within 300 s"
   done
done
