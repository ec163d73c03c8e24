"""Collectives large enough to be split among threads (runtime/thread_pool.h),
run with --threads 1, 2 and 3 through nkirun and through the program nkic
builds: every run's outputs byte-identical, and equal to NumPy's fold in
member order (float32, left to right).

usage: check_threads.py NKIRUN NKIC
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

RANKS = 4
SHAPE = (512, 1024)  # 2 MiB of float32 per rank: four pieces each
GROUP = f"replica_group=[{list(range(RANKS))}]"
KERNELS = {
    "all_reduce_hbm_kernel": [GROUP],
    "all_gather_hbm_kernel": [GROUP, f"num_ranks={RANKS}"],
    "reduce_scatter_hbm_kernel": [GROUP, f"num_ranks={RANKS}"],
}
TIMEOUT_SECONDS = 300


def expected(kernel, inputs):
    if kernel == "all_gather_hbm_kernel":
        whole = np.concatenate(inputs, axis=0)
        return [whole] * RANKS
    total = inputs[0].copy()
    for x in inputs[1:]:
        total = total + x  # float32 + float32, one rounding each, in member order
    if kernel == "all_reduce_hbm_kernel":
        return [total] * RANKS
    rows = SHAPE[0] // RANKS
    return [total[r * rows:(r + 1) * rows] for r in range(RANKS)]


def run(argv):
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_SECONDS,
                          env=dict(os.environ, NO_COLOR="1"))
    if proc.returncode != 0:
        sys.exit(f"failed (exit {proc.returncode}): {' '.join(argv)}\n{proc.stderr}")


def outputs(outdir):
    return [np.load(os.path.join(outdir, f"rank{r}", "out.npy")) for r in range(RANKS)]


def main():
    nkirun, nkic = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    rng = np.random.default_rng(11)
    with tempfile.TemporaryDirectory() as tmp:
        inputs = []
        for r in range(RANKS):
            x = (rng.standard_normal(SHAPE) * 1000).astype(np.float32)
            np.save(os.path.join(tmp, f"x{r}.npy"), x)
            inputs.append(x)
        tensor = f"input=@{tmp}/x{{rank}}.npy"
        for kernel, extra in KERNELS.items():
            want = expected(kernel, inputs)
            args = ["-a", tensor] + [a for e in extra for a in ("-a", e)]
            prog = os.path.join(tmp, kernel)
            run([nkic, "build", "nkilib.experimental.collectives", "-k", kernel,
                 "-n", str(RANKS), "-o", prog] + args)
            for threads in (1, 2, 3):
                for label, argv in (
                        ("nkirun", [nkirun, "run", "nkilib.experimental.collectives", "-k", kernel,
                                    "-n", str(RANKS)] + args),
                        ("program", [prog, "-a", tensor])):
                    out = os.path.join(tmp, f"{kernel}-{label}-{threads}")
                    run(argv + ["--threads", str(threads), "-o", out])
                    for r, (got, w) in enumerate(zip(outputs(out), want)):
                        if got.dtype != w.dtype or got.shape != w.shape or \
                                got.tobytes() != w.tobytes():
                            sys.exit(f"{kernel}: {label} --threads {threads}: rank {r}'s output "
                                     "differs from NumPy's fold in member order")
            print(f"{kernel}: nkirun and the program on 1, 2 and 3 threads, {RANKS} ranks "
                  f"of {SHAPE}: every output equal to NumPy's")


if __name__ == "__main__":
    main()
