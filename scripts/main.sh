#!/usr/bin/env bash
# The project's main job: installs dependencies, builds the release preset, runs the
# assembler/disassembler round trip over corpus/ checked against llvm-mc, then every case file
# of corpus/ on the reference interpreter. (When `rdna diff` exists, the differential run over
# the corpus takes this place.)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash scripts/setup.sh
cmake --preset release
cmake --build --preset release
bash scripts/roundtrip-corpus.sh "$root/build-release"
exec "$root/build-release/rdna" run corpus
