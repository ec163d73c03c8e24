"""Processes of one MPI run started with different command lines (mpirun's
`-np 1 PROG ARGS : -np 1 PROG OTHER_ARGS`): they must agree at start-up and
stop, every one with exit 2 and one message naming the difference, instead
of waiting forever in a collective that another process never makes (the
all-reduce example, 2 ranks on 2 processes). Processes started alike, and a
per-rank input pattern given alike, run.

usage: check_mpi_options.py NKIC REPO_ROOT
"""

import os
import subprocess
import sys
import tempfile

from mpi_run import mpirun

TIMEOUT_SECONDS = 60  # a hang is a failure
DIFFERENT = "prog: error: mpirun started the processes with different options: "
SAME = " (every process must be given the same options and inputs)"


def mpmd(prog, first, second):
    """mpirun starting one process with `first`, one with `second`."""
    argv = mpirun(1) + [prog] + first + [":", "-np", "1", prog] + second
    return subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_SECONDS,
                          env=dict(os.environ, NO_COLOR="1"))


def main():
    nkic, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    data = os.path.join(root, "examples", "data", "x_2x3.npy")
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "prog")
        build = [nkic, "build", os.path.join(root, "examples", "all_reduce.py"), "-n", "2",
                 "-a", f"input=@{data}", "-a", "replica_group=[[0, 1]]", "-o", prog, "--mpi"]
        proc = subprocess.run(build, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            sys.exit(f"nkic build failed:\n{proc.stderr}")
        per_rank = os.path.join(tmp, "x{rank}.npy")
        for r in range(2):
            with open(data, "rb") as src, open(per_rank.format(rank=r), "wb") as dst:
                dst.write(src.read())
        inputs = ["-a", f"input=@{data}"]
        cases = [
            # (what, process 0's arguments, process 1's, exit code, stderr lines)
            ("--iters", inputs + ["--iters", "3"], inputs + ["--iters", "1"], 2,
             [DIFFERENT + "--iters 3 on process 0, --iters 1 on process 1" + SAME]),
            ("a flag", inputs + ["--strict"], inputs, 2,
             [DIFFERENT + "--strict on process 0, no --strict on process 1" + SAME]),
            ("an input", inputs, ["-a", f"input=@{per_rank}"], 2,
             [DIFFERENT + f"-a input=@{data} on process 0, -a input=@{per_rank} on process 1"
              + SAME]),
            ("a mistake on one process", inputs, inputs + ["--iters", "0"], 2,
             ["prog: error: process 1: --iters: Value 0 not in range 1 to 1000000",
              "Run 'prog --help' for usage."]),
            ("the same per-rank pattern", ["-a", f"input=@{per_rank}", "--iters", "2"],
             ["-a", f"input=@{per_rank}", "--iters", "2"], 0, []),
        ]
        for what, first, second, code, lines in cases:
            try:
                proc = mpmd(prog, first, second)
            except subprocess.TimeoutExpired:
                problems.append(f"{what}: the run hung")
                continue
            errors = proc.stderr.splitlines()
            if proc.returncode != code:
                problems.append(f"{what}: exit code {proc.returncode}, expected {code}\n"
                                f"stderr:\n{proc.stderr}")
            for line in lines:
                if errors.count(line) != 1:
                    problems.append(f"{what}: stderr does not hold this line once:\n  {line}\n"
                                    f"stderr:\n{proc.stderr}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"{len(cases)} pairs of command lines: each ends as expected")


if __name__ == "__main__":
    main()
