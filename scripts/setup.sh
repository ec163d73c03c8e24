#!/usr/bin/env bash
# Installs what nkic needs from Debian (only what is missing) and builds it
# into build/. Safe to run again: an up-to-date build does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ make cmake antlr4 libantlr4-runtime-dev libcli11-dev doctest-dev libfmt-dev
          libreadline-dev nlohmann-json3-dev python3 python3-numpy openmpi-bin libopenmpi-dev)
scripts/install_packages.sh "${packages[@]}"

# Warnings are errors in the developers' and CI's build (NKIC_WERROR).
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNKIC_WERROR=ON >/dev/null
cmake --build build -j"$(nproc)"
