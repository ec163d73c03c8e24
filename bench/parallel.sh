#!/usr/bin/env bash
# Compiled programs on every core, against OpenMPI, measured side by side in
# one run (not a test):
#
#   (a) the compiled all_reduce_hbm_kernel on 8 ranks x 8 MiB float32, its
#       transfers split among --threads (default: the cores available),
#       against bench/mpi_all_reduce.cpp, MPI_Allreduce of the same 8 MiB on
#       8 processes of this machine under mpirun: the compiled/MPI ratio
#       (goal: at most 1.0); the same program on one thread beside it.
#   (b) the same kernel built with --mpi, under mpirun -np 2 and -np 4
#       (each process on one thread), against the single-process program
#       on one thread; and the peak memory (resident set) of the largest
#       process of each, from /usr/bin/time -v of one run (--iters 1).
#
# The programs take turns, ROUNDS rounds of each one after the other, so
# that all see the machine at the same moment; each prints the median of
# ITERS runs (`time: X us/iter`, wall time from the first step to the last).
# The figures are the medians over the rounds.
#
# usage: bench/parallel.sh [BUILD_DIR]   BUILD_DIR defaults to build/
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
NKIC=$BUILD/tools/nkic
PYTHON=/usr/bin/python3
ITERS=20
ROUNDS=5

BENCH=bench/parallel.sh
source "$ROOT/bench/common.sh"
require_tools "$NKIC"
for tool in mpicxx mpirun; do
  command -v "$tool" >/dev/null || { echo "$BENCH: $tool is missing (scripts/setup.sh installs OpenMPI)" >&2; exit 2; }
done
MPIRUN=(mpirun --oversubscribe)
[[ $(id -u) == 0 ]] && MPIRUN+=(--allow-run-as-root)

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"
random_npy "$TMP/big.npy" 2048 1024

"$NKIC" build nkilib.experimental.collectives -k all_reduce_hbm_kernel -n 8 \
  -a "input=@$TMP/big.npy" -a "replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]" -o "$TMP/all_reduce" >&2
"$NKIC" build nkilib.experimental.collectives -k all_reduce_hbm_kernel -n 8 --mpi \
  -a "input=@$TMP/big.npy" -a "replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]" -o "$TMP/all_reduce_mpi" >&2
mpicxx -O2 -std=c++17 bench/mpi_all_reduce.cpp -o "$TMP/mpi_all_reduce"

for _ in $(seq "$ROUNDS"); do
  echo "$(median_us "$TMP/all_reduce" -a "input=@$TMP/big.npy" --iters "$ITERS" --time)" \
    "$(median_us "${MPIRUN[@]}" -np 8 "$TMP/mpi_all_reduce" "$ITERS")" \
    "$(median_us "$TMP/all_reduce" -a "input=@$TMP/big.npy" --iters "$ITERS" --time --threads 1)" \
    "$(median_us "${MPIRUN[@]}" -np 2 "$TMP/all_reduce_mpi" -a "input=@$TMP/big.npy" --iters "$ITERS" --time --threads 1)" \
    "$(median_us "${MPIRUN[@]}" -np 4 "$TMP/all_reduce_mpi" -a "input=@$TMP/big.npy" --iters "$ITERS" --time --threads 1)"
done >"$TMP/rounds.txt"

# The largest resident set of a command and its processes, in MiB.
peak_mib() {
  local err
  err=$(/usr/bin/time -v "$@" 2>&1 >/dev/null) || { echo "$BENCH: failed: $*" >&2; echo "$err" >&2; exit 1; }
  sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): \([0-9]*\)$/\1/p' <<<"$err" | awk '{ printf "%.0f", $1 / 1024 }'
}
echo "$(peak_mib "$TMP/all_reduce" -a "input=@$TMP/big.npy" --threads 1)" \
  "$(peak_mib "${MPIRUN[@]}" -np 2 "$TMP/all_reduce_mpi" -a "input=@$TMP/big.npy" --threads 1)" \
  "$(peak_mib "${MPIRUN[@]}" -np 4 "$TMP/all_reduce_mpi" -a "input=@$TMP/big.npy" --threads 1)" >"$TMP/peaks.txt"

"$PYTHON" - "$TMP/rounds.txt" "$(nproc)" "$TMP/peaks.txt" <<'PY'
import statistics
import sys
rounds = [list(map(float, line.split())) for line in open(sys.argv[1])]
med = [statistics.median(r[i] for r in rounds) for i in range(5)]
each = sorted(r[0] / r[1] for r in rounds)
ratio = statistics.median(each)
print(f"(a) all-reduce 8 ranks x 8 MiB float32, {sys.argv[2]} cores")
print(f"    compiled, --threads {sys.argv[2]}: {med[0]:10.0f} us")
print(f"    compiled, --threads 1: {med[2]:10.0f} us")
print(f"    MPI_Allreduce, 8 processes: {med[1]:10.0f} us")
print(f"    compiled/MPI: {ratio:.2f} (goal <= 1.0) {'met' if ratio <= 1.0 else 'MISSED'}"
      f"  (rounds: {' '.join(format(x, '.2f') for x in each)})")
peaks = list(map(float, open(sys.argv[3]).read().split()))
print("(b) the same, built with --mpi, one thread a process")
print(f"    single process: {med[2]:10.0f} us, peak {peaks[0]:.0f} MiB")
for i, p in ((3, 2), (4, 4)):
    print(f"    {p} processes: {med[i]:10.0f} us ({med[i] / med[2]:.2f} of single), "
          f"peak {peaks[p // 2]:.0f} MiB a process ({peaks[p // 2] / peaks[0]:.2f} of single; 1/P = {1 / p:.2f})")
PY
