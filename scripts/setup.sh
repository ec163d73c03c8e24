#!/usr/bin/env bash
# Installs what nkic needs from Debian (only what is missing) and builds it
# into build/. Safe to run again: an up-to-date build does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ make cmake antlr4 libantlr4-runtime-dev libcli11-dev doctest-dev libfmt-dev
          libreadline-dev python3 python3-numpy)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
