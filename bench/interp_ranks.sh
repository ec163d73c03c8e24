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

"$PYTHON" - "$NKIRUN" "$TMP" "$ITERS" "$ROUNDS" <<'PY'
import filecmp, re, statistics, subprocess, sys

nkirun, tmp, iters, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def argv(threads, per_block):
    return [nkirun, "run", "bench/kernels/rank_copies.py", "-n", "8",
            "-a", f"input=@{tmp}/x.npy", "-a", "replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]",
            "-a", f"tile_per_block={per_block}", "-a", "repeats=6", "--threads", str(threads), "--iters", iters, "--time",
            "-o", f"{tmp}/out{threads}{per_block}"]

times = {(t, p): [] for p in (0, 1) for t in (1, 2)}
for _ in range(rounds):
    for key in times:
        proc = subprocess.run(argv(*key), capture_output=True, text=True)
        found = re.search(r"time: ([0-9.e+-]+) us/iter", proc.stderr)
        if proc.returncode != 0 or not found:
            sys.exit(f"bench/interp_ranks.sh: failed: {' '.join(argv(*key))}\n{proc.stderr}")
        times[key].append(float(found.group(1)) / 1000)
for p in (0, 1):
    a, b = f"{tmp}/out1{p}", f"{tmp}/out2{p}"
    cmp = filecmp.dircmp(a, b)
    if cmp.diff_files or cmp.left_only or cmp.right_only:
        sys.exit(f"outputs differ between --threads 1 and 2 (tile_per_block={p})")
print(f"{'staging tensor':<20} {'threads 1 (ms)':>15} {'threads 2 (ms)':>15} {'1/2':>6}")
for p, label in ((0, "once"), (1, "per block")):
    one = statistics.median(times[(1, p)])
    two = statistics.median(times[(2, p)])
    print(f"{label:<20} {one:>15.1f} {two:>15.1f} {one / two:>6.2f}")
print("outputs of --threads 1 and 2: identical")
PY
