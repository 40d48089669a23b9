#!/usr/bin/env bash
# Checks that every tracked (or new, not ignored) .c and .h file is clang-format-14 clean, and
# lists the ones that are not. `--fix` rewrites them instead. The isa/*.def tables are never
# formatted: their column layout is the table.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
clang_format=${CLANG_FORMAT:-clang-format-14}

fix=0
case "${1:-}" in
   "") ;;
   --fix) fix=1 ;;
   *)
      echo "usage: $0 [--fix]" >&2
      exit 2
      ;;
esac

if ! command -v "$clang_format" >/dev/null; then
   echo "check-format: $clang_format not found (scripts/setup.sh installs it)" >&2
   exit 3
fi

# clang-format-14 has no .clang-format-ignore, so the list is made here. Outside a git checkout
# (an unpacked archive) every .c/.h file outside the build folders counts.
list_files() {
   if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
      git ls-files -z --cached --others --exclude-standard -- '*.c' '*.h'
   else
      find . -name 'build*' -prune -o -type f \( -name '*.c' -o -name '*.h' \) -printf '%P\0'
   fi
}
files=()
while IFS= read -r -d '' file; do
   if [[ -f $file ]]; then files+=("$file"); fi
done < <(list_files | sort -zu)

if ((${#files[@]} == 0)); then
   echo "check-format: no C files"
   exit 0
fi

if ((fix)); then
   "$clang_format" -i -- "${files[@]}"
   echo "check-format: formatted ${#files[@]} files"
   exit 0
fi

bad=()
for file in "${files[@]}"; do
   "$clang_format" --dry-run --Werror -- "$file" >/dev/null 2>&1 || bad+=("$file")
done

if ((${#bad[@]} == 0)); then
   echo "check-format: ${#files[@]} files clean"
   exit 0
fi

echo "check-format: ${#bad[@]} of ${#files[@]} files need $clang_format:"
printf '   %s\n' "${bad[@]}"
# The first differences, so a CI log shows what is wrong without a rerun.
for file in "${bad[@]:0:3}"; do
   diff -u --label "$file" --label "$file (formatted)" "$file" <("$clang_format" -- "$file") |
      head -n 30 || true
done
echo "check-format: fix with: bash scripts/check-format.sh --fix"
exit 1
