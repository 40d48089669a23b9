#!/usr/bin/env bash
# Round trip of assembly files through rdna's assembler and disassembler, checked against LLVM:
#   rdna asm FILE -> a.bin, rdna dis a.bin -> b.s, rdna asm b.s -> c.bin, and a.bin == c.bin;
#   when llvm-mc is installed, also: llvm-mc assembles FILE to the bytes of a.bin, and
#   `llvm-mc --disassemble` of a.bin prints the text of b.s (comments and spacing aside).
# A file's first line may name its target and wave size, `; target: gfx1013 wave: 64`; the
# defaults are gfx1030 and 32.
#
# usage: scripts/roundtrip-corpus.sh BUILD_DIR [FILE|DIR...]   (default: every corpus/**/*.s)
# Prints one line per file and a summary. Exit: 0 all passed, 1 a file failed, 2 usage.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if (($# < 1)); then
   echo "usage: $0 BUILD_DIR [FILE|DIR...]" >&2
   exit 2
fi
rdna=$1/rdna
shift
if [[ ! -x $rdna ]]; then
   echo "roundtrip: $rdna is not built" >&2
   exit 2
fi
(($# > 0)) || set -- "$root/corpus"

files=()
for path in "$@"; do
   if [[ -d $path ]]; then
      while IFS= read -r -d '' file; do
         files+=("$file")
      done < <(find "$path" -type f -name '*.s' -print0 | LC_ALL=C sort -z)
   elif [[ -f $path ]]; then
      files+=("$path")
   else
      echo "roundtrip: $path: no such file or directory" >&2
      exit 2
   fi
done

llvm_mc=$(command -v llvm-mc-14 || command -v llvm-mc || true)
llvm_objcopy=$(command -v llvm-objcopy-14 || command -v llvm-objcopy || true)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

comment_re='^[[:space:]]*(;|//)'
target_re='target:[[:space:]]*([[:alnum:]_]+)'
wave_re='wave:[[:space:]]*([[:alnum:]_]+)'

# llvm-mc and rdna dis agree when the instruction lines agree: comments, indentation and the
# `.text` line llvm-mc prints do not count.
normalize() {
   sed -e 's|//.*$||' -e 's/;.*$//' -e 's/[[:space:]]\+/ /g' -e 's/^ //' -e 's/ $//' "$1" |
      grep -v -e '^$' -e '^\.text$' || true
}

# Checks one file. On failure sets `reason` and leaves the evidence in $work/log.
check_file() {
   local file=$1 header="" target=gfx1030 wave=32
   rm -f "$work"/*
   IFS= read -r header <"$file" || true
   if [[ $header =~ $comment_re ]]; then
      if [[ $header =~ $target_re ]]; then target=${BASH_REMATCH[1]}; fi
      if [[ $header =~ $wave_re ]]; then wave=${BASH_REMATCH[1]}; fi
   fi
   case "$target" in gfx1030 | gfx1013) ;; *)
      reason="first line names target '$target' (gfx1030 or gfx1013)"
      return 1
      ;;
   esac
   case "$wave" in 32 | 64) ;; *)
      reason="first line names wave '$wave' (32 or 64)"
      return 1
      ;;
   esac
   detail="$target wave$wave"
   local opts=(--target "$target" --wave "$wave")

   if ! "$rdna" asm "$file" -o "$work/a.bin" "${opts[@]}" >"$work/log" 2>&1; then
      reason="rdna asm failed"
      return 1
   fi
   if [[ ! -f $work/a.bin ]]; then
      reason="rdna asm succeeded but wrote no output file"
      return 1
   fi
   if ! "$rdna" dis "$work/a.bin" "${opts[@]}" >"$work/b.s" 2>"$work/log"; then
      reason="rdna dis failed"
      return 1
   fi
   if ! "$rdna" asm "$work/b.s" -o "$work/c.bin" "${opts[@]}" >"$work/log" 2>&1; then
      reason="rdna asm of rdna dis output failed"
      cat "$work/b.s" >>"$work/log"
      return 1
   fi
   if [[ ! -f $work/c.bin ]]; then
      reason="rdna asm of rdna dis output wrote no output file"
      return 1
   fi
   if ! cmp "$work/a.bin" "$work/c.bin" >"$work/log" 2>&1; then
      reason="asm(dis(asm FILE)) differs from asm FILE"
      return 1
   fi
   local size
   size=$(stat -c %s "$work/a.bin")
   detail="$detail, $((size / 4)) words"

   [[ -n $llvm_mc ]] || return 0
   local llvm=("$llvm_mc" -arch=amdgcn -mcpu="$target")
   if [[ $wave == 64 ]]; then llvm+=(-mattr=+wavefrontsize64); fi

   if [[ -n $llvm_objcopy ]]; then
      if ! "${llvm[@]}" -filetype=obj "$file" -o "$work/l.o" >"$work/log" 2>&1; then
         reason="llvm-mc does not assemble the file"
         return 1
      fi
      if ! "$llvm_objcopy" -O binary --only-section=.text "$work/l.o" "$work/l.bin" \
         >"$work/log" 2>&1; then
         reason="llvm-objcopy failed"
         return 1
      fi
      if ! cmp "$work/a.bin" "$work/l.bin" >"$work/log" 2>&1; then
         reason="rdna asm bytes differ from llvm-mc's"
         {
            echo "rdna:"
            od -An -v -tx4 "$work/a.bin"
            echo "llvm-mc:"
            od -An -v -tx4 "$work/l.bin"
         } >>"$work/log"
         return 1
      fi
      detail="$detail, bytes = llvm-mc"
   fi

   od -An -v -tx1 "$work/a.bin" | sed 's/[0-9a-f][0-9a-f]/0x&/g' >"$work/a.hex"
   if ! "${llvm[@]}" --disassemble "$work/a.hex" >"$work/l.s" 2>"$work/log" ||
      grep -q 'invalid instruction encoding' "$work/log"; then
      reason="llvm-mc does not disassemble the bytes"
      return 1
   fi
   # llvm-mc prints branch targets as numbers: compare with rdna dis without labels.
   if ! "$rdna" dis "$work/a.bin" "${opts[@]}" --no-labels >"$work/n.s" 2>"$work/log"; then
      reason="rdna dis --no-labels failed"
      return 1
   fi
   normalize "$work/l.s" >"$work/l.txt"
   normalize "$work/n.s" >"$work/b.txt"
   if ! diff -u --label "llvm-mc --disassemble" --label "rdna dis" "$work/l.txt" "$work/b.txt" \
      >"$work/log"; then
      reason="rdna dis text differs from llvm-mc's"
      return 1
   fi
   detail="$detail, text = llvm-mc"
}

passed=0
failed=0
for file in "${files[@]}"; do
   name=${file#"$root"/}
   reason=""
   detail=""
   if check_file "$file"; then
      passed=$((passed + 1))
      printf 'ok    %s (%s)\n' "$name" "$detail"
   else
      failed=$((failed + 1))
      printf 'FAIL  %s: %s\n' "$name" "$reason"
      if [[ -s $work/log ]]; then head -n 20 "$work/log" | sed "s/^/      /"; fi
   fi
done

if [[ -n $llvm_mc ]]; then
   oracle="checked against $llvm_mc"
else
   oracle="llvm-mc not installed: rdna round trip only"
fi
echo "roundtrip: ${#files[@]} files, $passed passed, $failed failed ($oracle)"
((${#files[@]} > 0)) || echo "roundtrip: no .s files found under: $*"
((failed == 0))
