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
# Each program times only the kernel (nkirun's --time; the Python scripts
# time their own call), the median of ITERS calls. The programs take turns,
# ROUNDS rounds of nkirun and its twin one after the other, so that both of
# a pair see the machine at the same moment: a host whose speed moves
# (another tenant) slows both of a round alike. The figures are the medians
# over the rounds, of the times and of each round's ratio.
#
# usage: bench/interp_speed.sh [BUILD_DIR]   BUILD_DIR defaults to build/
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
NKIRUN=$BUILD/tools/nkirun
NKIC=$BUILD/tools/nkic
PYTHON=/usr/bin/python3
ITERS=5
ROUNDS=5
LOOP_N=200000

BENCH=bench/interp_speed.sh
source "$ROOT/bench/common.sh"
require_tools "$NKIRUN" "$NKIC"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"
random_npy "$TMP/rows.npy" 4096 32


ROWS=(-a "input=@$TMP/rows.npy")
"$NKIC" build bench/kernels/staged_dmas.py -n 4 "${ROWS[@]}" -o "$TMP/staged" >&2
# One line a round: the seven medians, in the order the report reads them.
for _ in $(seq "$ROUNDS"); do
  echo "$(median_us "$NKIRUN" run bench/kernels/staged_dmas.py -n 4 "${ROWS[@]}" --iters "$ITERS" --time)" \
    "$(median_us "$PYTHON" bench/python/staged_dmas.py "$TMP/rows.npy" 4 "$ITERS")" \
    "$(median_us "$TMP/staged" "${ROWS[@]}" --iters "$ITERS" --time)" \
    "$(median_us "$NKIRUN" run bench/kernels/simple_loop.py -n 1 -a "n=$LOOP_N" --iters "$ITERS" --time)" \
    "$(median_us "$PYTHON" bench/python/simple_loop.py "$LOOP_N" "$ITERS")" \
    "$(median_us "$NKIRUN" run bench/kernels/meta_heavy.py -n 4 "${ROWS[@]}" --iters "$ITERS" --time)" \
    "$(median_us "$PYTHON" bench/python/meta_heavy.py "$TMP/rows.npy" 4 "$ITERS")"
done >"$TMP/rounds.txt"

"$PYTHON" - "$TMP/rounds.txt" <<'PY'
import statistics
import sys
rounds = [list(map(float, line.split())) for line in open(sys.argv[1])]
def median(i):
    return statistics.median(r[i] for r in rounds)
def ratios(num, den):
    return sorted(r[num] / r[den] for r in rounds)
print(f"{'benchmark':<40} {'nkirun':>12} {'python3':>12} {'python3/nkirun':>15} {'goal':>6}")
for name, n, p, goal in (("(a) staged DMAs 4 x 4096 rows", 0, 1, 2.0),
                         ("(b) simple statements x 200000", 3, 4, 1.0),
                         ("(c) meta-program-heavy 4 ranks", 5, 6, None)):
    each = ratios(p, n)
    ratio = statistics.median(each)
    verdict = "" if goal is None else ("met" if ratio >= goal else "MISSED")
    print(f"{name:<40} {median(n):10.0f}us {median(p):10.0f}us {ratio:15.2f} "
          f"{'' if goal is None else '>= ' + format(goal, '.0f'):>6} {verdict}"
          f"  (rounds: {' '.join(format(x, '.2f') for x in each)})")
print(f"(a) nkirun/compiled: {statistics.median(ratios(0, 2)):.1f} (compiled {median(2):.0f} us)")
PY
