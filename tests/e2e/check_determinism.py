"""Runs an example (its first case in cases.py: the largest rank count comes
first where it matters) 10 times through nkirun and 10 times through the
program nkic builds, each run a fresh process, on 1 and on 3 threads in turn
(--threads), and checks that all 20 runs wrote byte-identical output files
and printed the same text.

usage: check_determinism.py NKIRUN NKIC REPO_ROOT EXAMPLE
"""

import os
import sys
import tempfile

sys.dont_write_bytecode = True  # importing cases.py must leave no __pycache__ in the sources
from cases import cases_of, nkirun_argv  # noqa: E402
from check_compiled import RUN_TIMEOUT_SECONDS, build, failure, run, tensor_args  # noqa: E402
from output_tree import files_under  # noqa: E402

RUNS = 10


def main():
    nkirun, nkic = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    root, example = sys.argv[3], sys.argv[4]
    selected = cases_of(root, example)
    case = max(selected, key=lambda c: c[3])  # the most ranks: the most interleaving
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "prog")
        error = build(nkic, case, prog)
        if error:
            sys.exit(error)
        runs = []
        for i in range(RUNS):
            out = os.path.join(tmp, f"interp{i}")
            threads = ["--threads", str(1 + 2 * (i % 2))]
            runs.append((f"nkirun run {i}", nkirun_argv(nkirun, case, out) + ["--print"] + threads,
                         out))
        for i in range(RUNS):
            out = os.path.join(tmp, f"prog{i}")
            argv = [prog, "-o", out, "--print", "--strict", "--threads", str(1 + 2 * (i % 2))]
            for name, path in tensor_args(case[4]):
                argv += ["-a", f"{name}=@{path}"]
            runs.append((f"program run {i}", argv, out))
        reference = None
        for label, argv, out in runs:
            proc = run(argv, RUN_TIMEOUT_SECONDS)
            if proc.returncode != 0:
                sys.exit(failure(f"{case[0]}: {label}", argv, proc))
            result = (files_under(out), proc.stdout)
            if reference is None:
                reference = (label, result)
            elif result != reference[1]:
                sys.exit(f"{case[0]}: {label} differs from {reference[0]}")
        files = len(reference[1][0])
    print(f"{case[0]}: {2 * RUNS} runs ({RUNS} interpreted, {RUNS} compiled), {files} files "
          "each, identical")


if __name__ == "__main__":
    main()
