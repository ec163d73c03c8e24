"""The two lowerings of all_reduce (kernels/all_reduce_folds.py): the emitted
C++ folds in place exactly the variants that allow it, and every variant's
output matches nkirun byte for byte, for a single group in shuffled order and
for two groups, on random float32 inputs whose rows span magnitudes from 1 to
3e9 (so float folds round and int32 conversions saturate and wrap). The
program run three times (--iters 3) writes the same bytes as run once.

usage: check_all_reduce_folds.py NKIC NKIRUN REPO_ROOT WORKDIR
"""
import os
import re
import shutil
import subprocess
import sys

import numpy as np

sys.dont_write_bytecode = True  # importing must leave no __pycache__ in the sources
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from output_tree import files_under, run_or_exit  # noqa: E402

RANKS = 4
SEED = 20240611
KERNEL = "tests/codegen/kernels/all_reduce_folds.py"
GROUPS = ("[[2, 0, 3, 1]]", "[[1, 3], [2, 0]]")
# From the kernel's docstring: f32_sum, col_major, int_sum and pair_min fold in
# their destination; bf16_sum, own, the pair's first tensor and shared_rows
# need a scratch accumulator.
IN_PLACE = 4
SCRATCH = 4
ROW_SCALES = [[1.0], [1e3], [1e9], [3e9]]


def check_emitted(nkic, inputs):
    cpp = run_or_exit([nkic, "emit", KERNEL, "-n", str(RANKS), "-a", f"input=@{inputs}",
                       "-a", f"replica_group={GROUPS[0]}"]).stdout
    # The fold's first copy goes to the first member's destination, not to a scratch.
    first_copy = r"rt::dma_copy\(ap\d+_d\d+\[members\[0\]\], ap\d+_s\d+\[members\[0\]\]\);"
    in_place = re.findall(first_copy, cpp)
    scratch = cpp.count("machine_.allocate_scratch(")
    if (len(in_place), scratch) != (IN_PLACE, SCRATCH):
        sys.exit(f"expected {IN_PLACE} folds in place and {SCRATCH} scratch accumulators, "
                 f"got {len(in_place)} and {scratch}")


def main():
    nkic, nkirun, root, workdir = sys.argv[1:5]
    nkic, nkirun, workdir = os.path.abspath(nkic), os.path.abspath(nkirun), os.path.abspath(workdir)
    os.chdir(root)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    rng = np.random.default_rng(SEED)
    inputs = os.path.join(workdir, "input_rank{rank}.npy")
    for r in range(RANKS):
        data = rng.standard_normal((4, 8)) * np.array(ROW_SCALES)
        np.save(inputs.replace("{rank}", str(r)), data.astype(np.float32))
    check_emitted(nkic, inputs.replace("{rank}", "0"))
    compare = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare_with_nkirun.py")
    for i, group in enumerate(GROUPS):
        case_dir = os.path.join(workdir, f"group{i}")
        run_or_exit([sys.executable, compare, nkic, nkirun, case_dir, KERNEL, "-n", str(RANKS),
                     "-t", f"input=@{inputs}", "-c", f"replica_group={group}"])
        again = os.path.join(case_dir, "iters3")
        run_or_exit([os.path.join(case_dir, "prog"), "-a", f"input=@{inputs}", "--iters", "3",
                     "-o", again])
        if files_under(again) != files_under(os.path.join(case_dir, "compiled")):
            sys.exit(f"group {group}: --iters 3 wrote other bytes than one run")
    print(f"{len(GROUPS)} groups: outputs identical to nkirun's; {IN_PLACE} folds in place")


if __name__ == "__main__":
    main()
