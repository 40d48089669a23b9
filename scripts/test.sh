#!/usr/bin/env bash
# Everything CI checks: installs dependencies, builds the dev preset (Debug, -Werror) and the asan
# preset (ASan + UBSan, -Werror), runs every CTest test in both, then the clang-format check.
# All stages run even after one fails; the last line says PASS or FAIL and which stages failed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

failed=()
stage() {
   local name=$1
   shift
   echo
   echo "==== $name: $*"
   if ! "$@"; then
      failed+=("$name")
      echo "==== $name: FAILED"
   fi
}

# Configure, build and test one preset; stops at its first failing step.
preset() {
   cmake --preset "$1" && cmake --build --preset "$1" && ctest --preset "$1"
}

if ! bash scripts/setup.sh; then
   echo "test.sh: FAIL (setup)"
   exit 1
fi

stage dev preset dev
stage asan preset asan
stage format bash scripts/check-format.sh

echo
if ((${#failed[@]} == 0)); then
   echo "test.sh: PASS (dev, asan, format)"
else
   echo "test.sh: FAIL (${failed[*]})"
   exit 1
fi
