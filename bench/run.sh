#!/usr/bin/env bash
# Benchmarks of the compiler, measured side by side in one run (not a test):
#
#   (a) the compiled all_reduce_hbm_kernel on 8 ranks x 8 MiB float32 against
#       bench/handwritten_all_reduce.cpp, the same minimal work (copy in, sum
#       over ranks, write every rank's result, copy out) in plain loops and
#       memcpy: the compiled/hand-written ratio (goal: at most 1.3);
#   (b) nkirun against the compiled program on bench/kernels/many_dmas.py,
#       4096 row-sized DMAs per rank on 4 ranks: the speed-up (goal: at
#       least 20x). Rows of 32 float32 (128 bytes), so that the data stays in
#       cache and the figure measures the cost of issuing a DMA; the same
#       kernel with rows of 1 KiB (16 MiB per rank moved per run) is shown too,
#       as (b'), where the compiled program is bound by memory bandwidth;
#   (c) nkirun against the compiled program on the all-reduce of (a): the
#       interpreted/compiled ratio (goal: at most 1.5; both share the runtime).
#       (a), (c) and (f)'s all-reduce run on one thread (--threads 1), as the
#       hand-written loop does; bench/parallel.sh measures them on every core.
#   (d) bench/kernels/allgather_matmul.py on 4 ranks, m=256, K=1024, N=1024
#       per rank float32: the all-gather then 128 matmuls of 128 x 128 x 512
#       per rank, interpreted and compiled (goal: each under 10 s), with the
#       matmuls' share (the same kernel without them, with_matmul=False).
#   (e) examples/allgather_matmul/ at the sizes of (d): the ring all-gather
#       that multiplies each block as it arrives (the same 128 matmuls per
#       rank, between ring permutes), interpreted and compiled.
#   (f) what --estimate costs nkirun: (b), (c) and (e) interpreted with and
#       without it (goal: at most 20% more).
#
# Every figure is the median of --iters runs (`time: X us/iter`), each program
# making its buffers once. What is timed is the kernel's execution on the
# simulated device: its inputs already in device memory, its outputs left
# there. Loading the .npy inputs into device buffers and reading the outputs
# back are not timed, by nkirun, by the compiled programs or by the
# hand-written loop, whose four steps are the kernel's own: copy in (the
# kernel's staging DMA), sum, write every rank's result, copy out (its final
# DMA). Inputs are generated in a temporary folder with /usr/bin/python3 and
# NumPy; the compiled programs and the hand-written one are built there too
# ($CXX, default c++, with -O2).
#
# usage: bench/run.sh [BUILD_DIR]     BUILD_DIR defaults to build/ at the
#                                     repository root; it must hold a built
#                                     tools/nkirun and tools/nkic.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
NKIRUN=$BUILD/tools/nkirun
NKIC=$BUILD/tools/nkic
CXX=${CXX:-c++}
PYTHON=/usr/bin/python3

# Runs per measurement: enough for a stable median on a busy machine, few
# enough that the whole benchmark takes seconds.
ITERS_COMPILED=20
ITERS_ALL_REDUCE=20
ITERS_MANY_DMAS=20
ITERS_MATMUL=3

BENCH=bench/run.sh
source "$ROOT/bench/common.sh"
require_tools "$NKIRUN" "$NKIC"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"

echo "generating inputs in $TMP" >&2
"$PYTHON" - "$TMP" <<'EOF'
import sys
import numpy as np
tmp = sys.argv[1]
rng = np.random.default_rng(7)
np.save(f"{tmp}/big.npy", rng.standard_normal((2048, 1024)).astype(np.float32))  # 8 MiB
np.save(f"{tmp}/rows.npy", rng.standard_normal((4096, 32)).astype(np.float32))  # 128-byte rows
np.save(f"{tmp}/wide_rows.npy", rng.standard_normal((4096, 256)).astype(np.float32))  # 1 KiB rows
for r in range(4):
    np.save(f"{tmp}/a{r}.npy", rng.standard_normal((256, 1024)).astype(np.float32))
np.save(f"{tmp}/w.npy", rng.standard_normal((1024, 1024)).astype(np.float32))
EOF

GROUP8='replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]'

echo "building the compiled all-reduce, many_dmas and the hand-written baseline" >&2
"$NKIC" build nkilib.experimental.collectives -k all_reduce_hbm_kernel -n 8 \
  -a "input=@$TMP/big.npy" -a "$GROUP8" -o "$TMP/all_reduce"
"$NKIC" build bench/kernels/many_dmas.py -k many_dmas -n 4 -a "input=@$TMP/rows.npy" \
  -o "$TMP/many_dmas"
"$NKIC" build bench/kernels/many_dmas.py -k many_dmas -n 4 -a "input=@$TMP/wide_rows.npy" \
  -o "$TMP/many_wide_dmas"
"$CXX" -O2 -std=c++17 bench/handwritten_all_reduce.cpp -o "$TMP/handwritten"
AGM=(-a "a=@$TMP/a{rank}.npy" -a "w=@$TMP/w.npy" -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4)
"$NKIC" build bench/kernels/allgather_matmul.py -n 4 "${AGM[@]}" -o "$TMP/agm"
"$NKIC" build bench/kernels/allgather_matmul.py -n 4 "${AGM[@]}" -a with_matmul=False \
  -o "$TMP/agm_no_matmul"
RING=(-a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 -a ring_size=4)
"$NKIC" build examples/allgather_matmul/kernel.py -n 4 -a "a=@$TMP/a0.npy" -a "w=@$TMP/w.npy" \
  "${RING[@]}" -o "$TMP/ring_agm"

echo "measuring" >&2
hand=$(median_us "$TMP/handwritten" "$ITERS_COMPILED")
ar_compiled=$(median_us "$TMP/all_reduce" -a "input=@$TMP/big.npy" --iters "$ITERS_COMPILED" --time \
  --threads 1)
ar_interp=$(median_us "$NKIRUN" run nkilib.experimental.collectives -k all_reduce_hbm_kernel -n 8 \
  -a "input=@$TMP/big.npy" -a "$GROUP8" --iters "$ITERS_ALL_REDUCE" --time --threads 1)
md_compiled=$(median_us "$TMP/many_dmas" -a "input=@$TMP/rows.npy" --iters "$ITERS_COMPILED" --time)
md_interp=$(median_us "$NKIRUN" run bench/kernels/many_dmas.py -n 4 -a "input=@$TMP/rows.npy" \
  --iters "$ITERS_MANY_DMAS" --time)
mw_compiled=$(median_us "$TMP/many_wide_dmas" -a "input=@$TMP/wide_rows.npy" --iters "$ITERS_COMPILED" --time)
mw_interp=$(median_us "$NKIRUN" run bench/kernels/many_dmas.py -n 4 -a "input=@$TMP/wide_rows.npy" \
  --iters "$ITERS_MANY_DMAS" --time)

PROG_AGM=(-a "a=@$TMP/a{rank}.npy" -a "w=@$TMP/w.npy")
agm_compiled=$(median_us "$TMP/agm" "${PROG_AGM[@]}" --iters "$ITERS_MATMUL" --time)
agm_compiled_bare=$(median_us "$TMP/agm_no_matmul" "${PROG_AGM[@]}" --iters "$ITERS_MATMUL" --time)
agm_interp=$(median_us "$NKIRUN" run bench/kernels/allgather_matmul.py -n 4 "${AGM[@]}" \
  --iters "$ITERS_MATMUL" --time)
agm_interp_bare=$(median_us "$NKIRUN" run bench/kernels/allgather_matmul.py -n 4 "${AGM[@]}" \
  -a with_matmul=False --iters "$ITERS_MATMUL" --time)
ring_compiled=$(median_us "$TMP/ring_agm" "${PROG_AGM[@]}" --iters "$ITERS_MATMUL" --time)
ring_interp=$(median_us "$NKIRUN" run examples/allgather_matmul/kernel.py -n 4 "${PROG_AGM[@]}" \
  "${RING[@]}" --iters "$ITERS_MATMUL" --time)

md_est=$(median_us "$NKIRUN" run bench/kernels/many_dmas.py -n 4 -a "input=@$TMP/rows.npy" \
  --iters "$ITERS_MANY_DMAS" --time --estimate)
ar_est=$(median_us "$NKIRUN" run nkilib.experimental.collectives -k all_reduce_hbm_kernel -n 8 \
  -a "input=@$TMP/big.npy" -a "$GROUP8" --iters "$ITERS_ALL_REDUCE" --time --estimate --threads 1)
ring_est=$(median_us "$NKIRUN" run examples/allgather_matmul/kernel.py -n 4 "${PROG_AGM[@]}" \
  "${RING[@]}" --iters "$ITERS_MATMUL" --time --estimate)

"$PYTHON" - "$md_interp" "$md_est" "$ar_interp" "$ar_est" "$ring_interp" "$ring_est" \
  >"$TMP/estimate.txt" <<'EOF'
import sys
md, md_e, ar, ar_e, ring, ring_e = map(float, sys.argv[1:])
print("(f) nkirun with --estimate against without (goal: at most 1.20)")
for name, bare, est in (("many_dmas 4 x 4096 x 128 B", md, md_e),
                        ("all-reduce 8 x 8 MiB f32", ar, ar_e),
                        ("ring all-gather + matmul", ring, ring_e)):
    print(f"    {name:<28} {bare:12.0f} us {est:12.0f} us   ratio {est / bare:5.2f}   "
          f"{'met' if est / bare <= 1.2 else 'MISSED'}")
EOF

"$PYTHON" - "$hand" "$ar_compiled" "$ar_interp" "$md_compiled" "$md_interp" "$mw_compiled" \
  "$mw_interp" "$agm_compiled" "$agm_compiled_bare" "$agm_interp" "$agm_interp_bare" \
  "$ring_compiled" "$ring_interp" <<'EOF'
import sys
(hand, ar_c, ar_i, md_c, md_i, mw_c, mw_i, agm_c, agm_cb, agm_i, agm_ib, ring_c,
 ring_i) = map(float, sys.argv[1:])
rows = [
    ("(a) all-reduce 8 x 8 MiB f32", "hand-written", hand, "compiled", ar_c,
     "compiled/hand", ar_c / hand, "<= 1.3", ar_c / hand <= 1.3),
    ("(b) many_dmas 4 x 4096 x 128 B", "nkirun", md_i, "compiled", md_c,
     "speed-up", md_i / md_c, ">= 20", md_i / md_c >= 20),
    ("(b') many_dmas 4 x 4096 x 1 KiB", "nkirun", mw_i, "compiled", mw_c,
     "speed-up", mw_i / mw_c, "-", None),
    ("(c) all-reduce 8 x 8 MiB f32", "nkirun", ar_i, "compiled", ar_c,
     "nkirun/compiled", ar_i / ar_c, "<= 1.5", ar_i / ar_c <= 1.5),
]
print(f"{'benchmark':<32} {'baseline':>24} {'compiled':>16} {'ratio':>22} {'goal':>8}")
for name, base_name, base, _, comp, ratio_name, ratio, goal, met in rows:
    print(f"{name:<32} {base_name + ' ' + format(base, '.0f') + ' us':>24} "
          f"{format(comp, '.0f') + ' us':>16} {ratio_name + ' ' + format(ratio, '.2f'):>22} "
          f"{goal:>8} {'' if met is None else 'met' if met else 'MISSED'}")
print()
print("(d) all-gather + matmul, 4 ranks x m=256 K=1024 N=1024 f32 (goal: each under 10 s)")
for name, total, bare in (("nkirun", agm_i, agm_ib), ("compiled", agm_c, agm_cb)):
    share = max(0.0, 1 - bare / total)
    print(f"    {name:<9} {total / 1e6:8.2f} s   matmul share {share:6.1%}   "
          f"{'met' if total < 10e6 else 'MISSED'}")
print("(e) examples/allgather_matmul/, the same sizes, matmul as each block arrives on the ring")
for name, total in (("nkirun", ring_i), ("compiled", ring_c)):
    print(f"    {name:<9} {total / 1e6:8.2f} s   {'met' if total < 10e6 else 'MISSED'}")
EOF
cat "$TMP/estimate.txt"
