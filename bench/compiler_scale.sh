#!/usr/bin/env bash
# How the compiler scales with straight-line code (not a test): `nkic build`
# of bench/kernels/non_affine_dmas.py with 1,000, 10,000 and 100,000 DMAs
# whose offsets are not affine in the loop index, on 1 rank. For each size it
# prints the whole build's wall time and peak memory (the larger of nkic's and
# the C++ compiler's), nkic's own (tracing and emission, measured as `nkic
# emit`), the C++ compiler's (the driver and cc1plus, measured by wrapping
# $CXX in /usr/bin/time), the generated file's size, and whether the
# program's output equals nkirun's byte for byte. Goal: 100,000 DMAs in under
# 60 s and 1.5 GB. Last, the same figures for bench/kernels/lnc_sendrecv_loop.py,
# a loop of 1,000 LNC sendrecv meetings on 2 ranks under --lnc 2 (row
# "lnc 1000"), which nkic keeps a loop.
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

"$PYTHON" -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(6, dtype=np.float32).reshape(2, 3))" \
  "$TMP/x6.npy"

# One row of the table: LABEL KERNEL N PROGRAM_ARGS... -- NKIC_ARGS...
rows=()
measure() {
  local label=$1 kernel=$2 n=$3
  shift 3
  local program_args=() args=()
  while [[ $1 != -- ]]; do program_args+=("$1"); shift; done
  shift
  args=("$@" -a "n=$n")
  echo "$label" >&2
  # nkic alone: tracing, rerolling and emission.
  "$TIME" -o "$TMP/emit.txt" -f "%e %M" "$NKIC" emit "$kernel" "${args[@]}" -o "$TMP/p.cpp"
  local bytes
  bytes=$(stat -c %s "$TMP/p.cpp")
  # The whole build, with the C++ compiler timed on its own.
  "$TIME" -o "$TMP/build.txt" -f "%e %M" \
    env CXX="$TIME -o $TMP/cxx.txt -f %e,%M $CXX" "$NKIC" build "$kernel" "${args[@]}" -o "$TMP/p"
  rm -rf "$TMP/out_c" "$TMP/out_i"
  "$TMP/p" "${program_args[@]}" -o "$TMP/out_c" >/dev/null
  "$NKIRUN" run "$kernel" "${args[@]}" -o "$TMP/out_i" >/dev/null
  local same=no
  diff -r "$TMP/out_c" "$TMP/out_i" >/dev/null && same=yes
  rows+=("$label $(cat "$TMP/build.txt") $(cat "$TMP/emit.txt") $(tr , ' ' <"$TMP/cxx.txt") $bytes $same")
}

for n in "${SIZES[@]}"; do
  measure "$n" "$KERNEL" "$n" -a "x=@$TMP/x.npy" -- -n 1 -a "x=@$TMP/x.npy"
done
measure "lnc_1000" "$ROOT/bench/kernels/lnc_sendrecv_loop.py" 1000 -a "x=@$TMP/x6.npy" -- \
  -n 2 --lnc 2 -a "x=@$TMP/x6.npy"

"$PYTHON" - "${rows[@]}" <<'PY'
import sys
print(f"{'DMAs':>8} | {'build s':>8} {'build MB':>9} | {'nkic s':>7} {'nkic MB':>8} | "
      f"{'c++ s':>7} {'c++ MB':>7} | {'C++ MB':>7} | {'= nkirun':>8}")
for row in sys.argv[1:]:
    n, bs, bk, es, ek, cs, ck, size, same = row.split()
    mb = lambda kb: float(kb) / 1024
    print(f"{n.replace('_', ' '):>8} | {float(bs):>8.1f} {mb(bk):>9.0f} | {float(es):>7.1f} {mb(ek):>8.0f} | "
          f"{float(cs):>7.1f} {mb(ck):>7.0f} | {int(size) / 2**20:>7.1f} | {same:>8}")
print("build: the whole nkic build (peak: the larger of nkic and the C++ compiler); "
      "nkic: nkic emit; c++: $CXX -O2 alone; C++ MB: the generated file")
PY
