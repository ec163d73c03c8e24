#!/usr/bin/env bash
# nkirun's ranks side by side (runtime/rank_queues.h), measured in one run
# (not a test): bench/kernels/rank_copies.py on 8 ranks of (2048, 1024)
# float32, 6 x 256 copies of 64 KiB per rank, with --threads 1 and --threads 2,
# the staging tensor allocated once (the copies wait on the queues until the
# ranks meet) and once per block (each release runs the queues, so the ranks
# overlap little). The runs take turns, ROUNDS rounds; each figure is the
# median wall time of a process running the kernel ITERS times, median over
# the rounds, with the outputs of both thread counts compared byte for byte.
#
# usage: bench/interp_ranks.sh [BUILD_DIR]   BUILD_DIR defaults to build/
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
NKIRUN=$BUILD/tools/nkirun
PYTHON=/usr/bin/python3
ITERS=10
ROUNDS=5

BENCH=bench/interp_ranks.sh
source "$ROOT/bench/common.sh"
require_tools "$NKIRUN"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"
random_npy "$TMP/x.npy" 2048 1024

"$PYTHON" - "$NKIRUN" "$TMP" "$ITERS" "$ROUNDS" <<'PY'
import filecmp, statistics, subprocess, sys, time

nkirun, tmp, iters, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def argv(threads, per_block):
    return [nkirun, "run", "bench/kernels/rank_copies.py", "-n", "8",
            "-a", f"input=@{tmp}/x.npy", "-a", "replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]",
            "-a", f"tile_per_block={per_block}", "-a", "repeats=6", "--threads", str(threads), "--iters", iters,
            "-o", f"{tmp}/out{threads}{per_block}"]

times = {(t, p): [] for p in (0, 1) for t in (1, 2)}
for _ in range(rounds):
    for key in times:
        start = time.perf_counter()
        proc = subprocess.run(argv(*key), capture_output=True, text=True)
        times[key].append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"bench/interp_ranks.sh: failed: {' '.join(argv(*key))}\n{proc.stderr}")
for p in (0, 1):
    a, b = f"{tmp}/out1{p}", f"{tmp}/out2{p}"
    cmp = filecmp.dircmp(a, b)
    if cmp.diff_files or cmp.left_only or cmp.right_only:
        sys.exit(f"outputs differ between --threads 1 and 2 (tile_per_block={p})")
print(f"{'staging tensor':<20} {'threads 1 (s)':>14} {'threads 2 (s)':>14} {'1/2':>6}")
for p, label in ((0, "once"), (1, "per block")):
    one = statistics.median(times[(1, p)])
    two = statistics.median(times[(2, p)])
    print(f"{label:<20} {one:>14.3f} {two:>14.3f} {one / two:>6.2f}")
print("outputs of --threads 1 and 2: identical")
PY
