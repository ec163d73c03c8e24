#!/usr/bin/env bash
# The interpreter's speed against CPython, measured side by side in one run
# (not a test):
#
#   (a) bench/kernels/staged_dmas.py on 4 ranks x 4096 rows of 32 float32,
#       each row through an SBUF tile (one nl.ndarray, two dma_copy), against
#       bench/python/staged_dmas.py, the same work in Python and NumPy: the
#       speed-up (goal: nkirun at least 2 times faster), and the compiled
#       program beside them (the interpreted/compiled ratio);
#   (b) bench/kernels/simple_loop.py, a loop of assignments of arithmetic, a
#       list append and a small function's call, against the same loop in
#       CPython (goal: nkirun at least as fast);
#   (c) bench/kernels/meta_heavy.py, classes, helper calls and lists around
#       few DMAs, against bench/python/meta_heavy.py (reported).
#
# Every figure is the median of several runs, each program timing only the
# kernel (nkirun's --time; the Python scripts time their own call).
#
# usage: bench/interp_speed.sh [BUILD_DIR]   BUILD_DIR defaults to build/
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
NKIRUN=$BUILD/tools/nkirun
NKIC=$BUILD/tools/nkic
PYTHON=/usr/bin/python3
ITERS=9
LOOP_N=200000

BENCH=bench/interp_speed.sh
source "$ROOT/bench/common.sh"
require_tools "$NKIRUN" "$NKIC"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"
"$PYTHON" - "$TMP" <<'PY'
import sys
import numpy as np
np.save(f"{sys.argv[1]}/rows.npy",
        np.random.default_rng(7).standard_normal((4096, 32)).astype(np.float32))
PY


ROWS=(-a "input=@$TMP/rows.npy")
"$NKIC" build bench/kernels/staged_dmas.py -n 4 "${ROWS[@]}" -o "$TMP/staged" >&2
staged_nkirun=$(median_us "$NKIRUN" run bench/kernels/staged_dmas.py -n 4 "${ROWS[@]}" --iters "$ITERS" --time)
staged_python=$(median_us "$PYTHON" bench/python/staged_dmas.py "$TMP/rows.npy" 4 "$ITERS")
staged_compiled=$(median_us "$TMP/staged" "${ROWS[@]}" --iters "$ITERS" --time)
loop_nkirun=$(median_us "$NKIRUN" run bench/kernels/simple_loop.py -n 1 -a "n=$LOOP_N" --iters "$ITERS" --time)
loop_python=$(median_us "$PYTHON" bench/python/simple_loop.py "$LOOP_N" "$ITERS")
meta_nkirun=$(median_us "$NKIRUN" run bench/kernels/meta_heavy.py -n 4 "${ROWS[@]}" --iters "$ITERS" --time)
meta_python=$(median_us "$PYTHON" bench/python/meta_heavy.py "$TMP/rows.npy" 4 "$ITERS")

"$PYTHON" - "$staged_nkirun" "$staged_python" "$staged_compiled" "$loop_nkirun" "$loop_python" \
  "$meta_nkirun" "$meta_python" <<'PY'
import sys
sn, sp, sc, ln, lp, mn, mp = map(float, sys.argv[1:])
print(f"{'benchmark':<40} {'nkirun':>12} {'python3':>12} {'python3/nkirun':>15} {'goal':>6}")
for name, n, p, goal in (("(a) staged DMAs 4 x 4096 rows", sn, sp, 2.0),
                         ("(b) simple statements x 200000", ln, lp, 1.0),
                         ("(c) meta-program-heavy 4 ranks", mn, mp, None)):
    verdict = "" if goal is None else ("met" if p / n >= goal else "MISSED")
    print(f"{name:<40} {n:10.0f}us {p:10.0f}us {p / n:15.2f} {'' if goal is None else '>= ' + format(goal, '.0f'):>6} {verdict}")
print(f"(a) nkirun/compiled: {sn / sc:.1f} (compiled {sc:.0f} us)")
PY
