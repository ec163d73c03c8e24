"""Builds a kernel with `nkic build`, runs the program, runs the same kernel
with `nkirun run`, and checks that both wrote the same output files, byte
for byte.

    compare_with_nkirun.py NKIC NKIRUN WORKDIR FILE -n RANKS [-k KERNEL]
        [-t NAME=@PATH.npy]... [-c NAME=VALUE]...

-t gives a tensor argument (the same file for both tools), -c a
compile-time argument (given to nkic and nkirun only).
"""
import argparse
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # importing must leave no __pycache__ in the sources
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from output_tree import files_under, run_or_exit  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("nkic")
    p.add_argument("nkirun")
    p.add_argument("workdir")
    p.add_argument("file")
    p.add_argument("-n", "--ranks", required=True)
    p.add_argument("-k", "--kernel")
    p.add_argument("-t", "--tensor", action="append", default=[])
    p.add_argument("-c", "--const", action="append", default=[])
    a = p.parse_args()

    shutil.rmtree(a.workdir, ignore_errors=True)
    os.makedirs(a.workdir)
    kernel = ["-k", a.kernel] if a.kernel else []
    consts = [x for c in a.const for x in ("-a", c)]
    tensors = [x for t in a.tensor for x in ("-a", t)]
    prog = os.path.join(a.workdir, "prog")
    run_or_exit([a.nkic, "build", a.file, "-n", a.ranks, *kernel, *tensors, *consts, "-o", prog])
    compiled = os.path.join(a.workdir, "compiled")
    interpreted = os.path.join(a.workdir, "interpreted")
    run_or_exit([prog, *tensors, "-o", compiled])
    run_or_exit([a.nkirun, "run", a.file, "-n", a.ranks, *kernel, *tensors, *consts, "-o", interpreted])
    want = files_under(interpreted)
    got = files_under(compiled)
    if not want:
        sys.exit("nkirun wrote no outputs")
    if sorted(want) != sorted(got):
        sys.exit(f"output files differ: nkirun {sorted(want)}, compiled {sorted(got)}")
    for name in sorted(want):
        if want[name] != got[name]:
            sys.exit(f"{name}: the compiled program's output differs from nkirun's")
    print(f"{len(want)} outputs identical")


if __name__ == "__main__":
    main()
