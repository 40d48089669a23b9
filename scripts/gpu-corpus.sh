#!/usr/bin/env bash
# Runs `rdna gpu` over the case corpus on the Vulkan device present (or the one --device names)
# and writes a markdown table to OUT.md: case, wave, result, the driver's pipeline compile time
# and the run time of every run, under a line naming the device and driver. Shader caches are
# turned off so that compile times are compile times.
#
#   bash scripts/gpu-corpus.sh OUT.md [--device D] [more rdna gpu options]
#
# The program is $RDNA, or build/rdna (built with the dev preset when missing). Exits 0 when the
# table was written (whatever the runs' results: the table records them), 3 when there is no
# Vulkan device, 2 on bad usage.
set -euo pipefail

if (($# < 1)) || [[ $1 == -* ]]; then
   echo "usage: bash scripts/gpu-corpus.sh OUT.md [rdna gpu options]" >&2
   exit 2
fi
out=$1
shift

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rdna=${RDNA:-$root/build/rdna}
if [[ ! -x $rdna ]]; then
   (cd "$root" && cmake --preset dev >/dev/null && cmake --build build --target rdna >/dev/null)
fi

# Mesa's and NVIDIA's on-disk shader caches would turn a second run's compile into a lookup.
export MESA_SHADER_CACHE_DISABLE=true
export __GL_SHADER_DISK_CACHE=0

json=$(mktemp)
trap 'rm -f "$json"' EXIT
status=0
(cd "$root" && "$rdna" gpu --json "$@" corpus) >"$json" || status=$?
if ((status >= 2)); then
   # 2: usage; 3: no device (rdna has printed why). Nothing to tabulate.
   exit "$status"
fi

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
python3 - "$json" "$out" "$commit" "$(date -u +%Y-%m-%d)" <<'EOF'
import json
import sys

with open(sys.argv[1]) as f:
    report = json.load(f)
device = report.get("device") or {}
rows = []
for case in report["cases"]:
    name = case["file"]
    if "error" in case:
        rows.append((name, "", "ERROR " + case["error"]["status"], "", ""))
        continue
    for run in case["runs"]:
        wave = str(run["wave"])
        if "error" in run:
            rows.append((name, wave, "ERROR " + run["error"]["status"], "", ""))
        elif "backend_error" in run:
            result = run["result"] + " (" + run["backend_error"]["message"] + ")"
            rows.append((name, wave, result, "", ""))
        else:
            rows.append((name, wave, run["result"], "%.3f" % run["compile_ms"],
                         "%.3f" % run["run_ms"]))

summary = report["summary"]
with open(sys.argv[2], "w") as out:
    out.write("Device: %s (%s); rdna %s, %s; shader caches off\n\n" % (
        device.get("name", "?"), device.get("driver", "?"), sys.argv[3], sys.argv[4]))
    out.write("%d cases, %d runs: %d passed, %d failed, %d todo, %d errors\n\n" % (
        summary["cases"], summary["runs"], summary["passed"], summary["failed"],
        summary["todo"], summary["errors"]))
    out.write("| case | wave | result | compile ms | run ms |\n")
    out.write("| --- | --- | --- | ---: | ---: |\n")
    for row in rows:
        out.write("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |\n")
EOF
echo "gpu-corpus: wrote $out"
