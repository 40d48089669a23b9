#!/usr/bin/env bash
# Installs the Debian 12 packages rdna needs to build, test and fuzz (as root). When every one is
# already installed it does nothing, so the other scripts call it on every run.
set -euo pipefail

packages=(
   build-essential cmake ninja-build pkg-config git
   spirv-tools spirv-headers
   libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers
   libcriterion-dev libjansson-dev libelf-dev
   afl++ clang-14 llvm-14 lld-14 libclang-rt-14-dev clang-format-14
   python3
)

missing=()
for package in "${packages[@]}"; do
   status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
   [[ $status == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
   echo "setup: all ${#packages[@]} packages are installed"
   exit 0
fi

echo "setup: installing ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
   echo "setup: apt-get needs root; run as root: bash $0" >&2
   exit 3
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
