#!/usr/bin/env bash
# The project's main job: installs dependencies, builds the release preset, and runs the
# assembler/disassembler round trip over corpus/, checked against llvm-mc. (When `rdna diff`
# exists, the differential run over the corpus takes this place.)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash scripts/setup.sh
cmake --preset release
cmake --build --preset release
exec bash scripts/roundtrip-corpus.sh "$root/build-release"
