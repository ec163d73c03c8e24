#!/usr/bin/env bash
# How the compiler scales with straight-line code (not a test): `nkic build`
# of bench/kernels/non_affine_dmas.py with 1,000, 10,000 and 100,000 DMAs
# whose offsets are not affine in the loop index, on 1 rank. For each size it
# prints the whole build's wall time and peak memory (the larger of nkic's and
# the C++ compiler's), nkic's own (tracing and emission, measured as `nkic
# emit`), the C++ compiler's (the driver and cc1plus, measured by wrapping
# $CXX in /usr/bin/time), the generated file's size, and whether the
# program's output equals nkirun's byte for byte. Goal: 100,000 DMAs in under
# 60 s and 1.5 GB.
#
# usage: bench/compiler_scale.sh [BUILD_DIR] [SIZES...]   BUILD_DIR defaults
#   to build/ at the repository root; SIZES to "1000 10000 100000".
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
shift || true
SIZES=("$@")
[[ ${#SIZES[@]} -gt 0 ]] || SIZES=(1000 10000 100000)
NKIRUN=$BUILD/tools/nkirun
NKIC=$BUILD/tools/nkic
CXX=${CXX:-c++}
PYTHON=/usr/bin/python3
TIME=/usr/bin/time
KERNEL=$ROOT/bench/kernels/non_affine_dmas.py

# GNU time measures peak memory; Debian's `time` package has it.
"$ROOT/scripts/install_packages.sh" time
for tool in "$NKIRUN" "$NKIC" "$TIME"; do
  if [[ ! -x $tool ]]; then
    echo "bench/compiler_scale.sh: $tool is missing" >&2
    exit 2
  fi
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$PYTHON" -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(1024, dtype=np.float32))" \
  "$TMP/x.npy"

rows=()
for n in "${SIZES[@]}"; do
  echo "n = $n" >&2
  args=(-n 1 -a "x=@$TMP/x.npy" -a "n=$n")
  # nkic alone: tracing, rerolling and emission.
  "$TIME" -o "$TMP/emit.txt" -f "%e %M" "$NKIC" emit "$KERNEL" "${args[@]}" -o "$TMP/p$n.cpp"
  bytes=$(stat -c %s "$TMP/p$n.cpp")
  # The whole build, with the C++ compiler timed on its own.
  "$TIME" -o "$TMP/build.txt" -f "%e %M" \
    env CXX="$TIME -o $TMP/cxx.txt -f %e,%M $CXX" "$NKIC" build "$KERNEL" "${args[@]}" -o "$TMP/p$n"
  "$TMP/p$n" -a "x=@$TMP/x.npy" -o "$TMP/out_c$n" >/dev/null
  "$NKIRUN" run "$KERNEL" "${args[@]}" -o "$TMP/out_i$n" >/dev/null
  same=no
  cmp -s "$TMP/out_c$n/rank0/t.npy" "$TMP/out_i$n/rank0/t.npy" && same=yes
  rows+=("$n $(cat "$TMP/build.txt") $(cat "$TMP/emit.txt") $(tr , ' ' <"$TMP/cxx.txt") $bytes $same")
done

"$PYTHON" - "${rows[@]}" <<'PY'
import sys
print(f"{'DMAs':>8} | {'build s':>8} {'build MB':>9} | {'nkic s':>7} {'nkic MB':>8} | "
      f"{'c++ s':>7} {'c++ MB':>7} | {'C++ MB':>7} | {'= nkirun':>8}")
for row in sys.argv[1:]:
    n, bs, bk, es, ek, cs, ck, size, same = row.split()
    mb = lambda kb: float(kb) / 1024
    print(f"{int(n):>8} | {float(bs):>8.1f} {mb(bk):>9.0f} | {float(es):>7.1f} {mb(ek):>8.0f} | "
          f"{float(cs):>7.1f} {mb(ck):>7.0f} | {int(size) / 2**20:>7.1f} | {same:>8}")
print("build: the whole nkic build (peak: the larger of nkic and the C++ compiler); "
      "nkic: nkic emit; c++: $CXX -O2 alone; C++ MB: the generated file")
PY
