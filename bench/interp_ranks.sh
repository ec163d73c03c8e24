#!/usr/bin/env bash
# nkirun's ranks side by side (runtime/rank_queues.h), measured in one run
# (not a test): bench/kernels/rank_copies.py on 8 ranks of (2048, 1024)
# float32, 6 x 256 copies of 64 KiB per rank, with --threads 1 and --threads 2,
# the staging tensor allocated once and once per block (a released tensor's
# storage stays with the copies that wait on it), the copies waiting on the
# queues until the ranks meet. Each figure is nkirun's --time (the kernel's
# wall time, inputs loaded: the median of ITERS runs in a process), median
# over ROUNDS rounds in which the runs take turns, with the outputs of both
# thread counts compared byte for byte.
#
# usage: bench/interp_ranks.sh [BUILD_DIR]   BUILD_DIR defaults to build/
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
NKIRUN=$BUILD/tools/nkirun
PYTHON=/usr/bin/python3
ITERS=20
ROUNDS=5

BENCH=bench/interp_ranks.sh
source "$ROOT/bench/common.sh"
require_tools "$NKIRUN"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"
random_npy "$TMP/x.npy" 2048 1024

# One round: the four runs' medians, in microseconds, on one line.
run() {  # THREADS TILE_PER_BLOCK
  median_us "$NKIRUN" run bench/kernels/rank_copies.py -n 8 -a "input=@$TMP/x.npy" \
    -a "replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]" -a "tile_per_block=$2" -a repeats=6 \
    --threads "$1" --iters "$ITERS" --time -o "$TMP/out$1$2"
}
for _ in $(seq "$ROUNDS"); do
  echo "$(run 1 0)" "$(run 2 0)" "$(run 1 1)" "$(run 2 1)"
done >"$TMP/rounds.txt"
for p in 0 1; do
  diff -r "$TMP/out1$p" "$TMP/out2$p" >/dev/null ||
    { echo "$BENCH: outputs differ between --threads 1 and 2 (tile_per_block=$p)" >&2; exit 1; }
done

"$PYTHON" - "$TMP/rounds.txt" <<'PY'
import statistics
import sys
rounds = [list(map(float, line.split())) for line in open(sys.argv[1])]
med = [statistics.median(r[i] for r in rounds) / 1000 for i in range(4)]
print(f"{'staging tensor':<20} {'threads 1 (ms)':>15} {'threads 2 (ms)':>15} {'1/2':>6}")
for i, label in ((0, "once"), (2, "per block")):
    print(f"{label:<20} {med[i]:>15.1f} {med[i + 1]:>15.1f} {med[i] / med[i + 1]:>6.2f}")
print("outputs of --threads 1 and 2: identical")
PY
