#!/usr/bin/env bash
# The project's main job: installs dependencies, builds the release preset, runs the
# assembler/disassembler round trip over corpus/ checked against llvm-mc, then the differential
# run over corpus/: every case file on the reference interpreter and, recompiled to SPIR-V, on
# the default Vulkan device (lavapipe where there is no GPU), final states compared.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash scripts/setup.sh
cmake --preset release
cmake --build --preset release
bash scripts/roundtrip-corpus.sh "$root/build-release"
exec "$root/build-release/rdna" diff corpus
