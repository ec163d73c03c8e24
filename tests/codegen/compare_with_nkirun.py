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


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"FAILED ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    return proc


def files_under(root):
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


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
    run([a.nkic, "build", a.file, "-n", a.ranks, *kernel, *tensors, *consts, "-o", prog])
    compiled = os.path.join(a.workdir, "compiled")
    interpreted = os.path.join(a.workdir, "interpreted")
    run([prog, *tensors, "-o", compiled])
    run([a.nkirun, "run", a.file, "-n", a.ranks, *kernel, *tensors, *consts, "-o", interpreted])
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
