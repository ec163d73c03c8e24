"""Runs one case both through nkirun and through the program nkic builds, and
checks that both end the same way: the same exit code, the expected stderr
lines from each, and for a successful run the same printed outputs. This is
how run-time checks in generated code (offsets known only when the program
runs, strict mode) are held to the interpreter's.

A case is a kernel file with the headers of expect_driver.py, plus
    # build: -n 4 -a x=f32[4,8] ...    arguments after `nkic build FILE -o PROG`
    # run: -n 4 -a x=@data/x.npy ...   nkirun's arguments (after FILE --strict)
    # program: -a x=@data/x.npy        the program's arguments (after --strict)
    # outputs: rank0/x.npy ...         both also run with -o DIR, which must then
                                        hold exactly these files, the same bytes
                                        from each
    # expect-program: ...               the program's stderr lines, when they
                                        differ from nkirun's `expect` lines
    # expect-build: ...                 the mistake is found while nkic traces
                                        the kernel: `nkic build` must fail with
                                        these stderr lines and the exit code
                                        (a trace of rank 0 names no rank)

usage: expect_compiled.py NKIRUN NKIC CASE.py
"""

import os
import shlex
import subprocess
import sys
import tempfile

from expect_driver import TIMEOUT_SECONDS, directives
from output_tree import files_under

BUILD_TIMEOUT_SECONDS = 300


def run(argv, cwd):
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_SECONDS)


def missing_lines(stderr, want):
    lines = stderr.splitlines()
    if any(lines[i:i + len(want)] == want for i in range(len(lines) + 1)):
        return None
    return "stderr does not contain the expected lines:\n  " + "\n  ".join(want)


def main():
    nkirun, nkic, case = (os.path.abspath(a) for a in sys.argv[1:4])
    d = directives(case, extra=("build", "program", "outputs", "expect-program", "expect-build"))
    cwd, name = os.path.dirname(case), os.path.basename(case)
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "prog")
        build = [nkic, "build", name, "-o", prog] + shlex.split(d["build"])
        proc = subprocess.run(build, cwd=cwd, capture_output=True, text=True,
                              timeout=BUILD_TIMEOUT_SECONDS, env=dict(os.environ, NO_COLOR="1"))
        runs = [("nkirun", [nkirun, "run", name, "--strict"] + shlex.split(d["run"]), d["expect"])]
        if d["expect-build"]:
            want = d["expect-build"]
            if proc.returncode != int(d["exit"]):
                failures.append(f"nkic build: exit code {proc.returncode}, expected {d['exit']}")
            problem = missing_lines(proc.stderr, want)
            if problem:
                failures.append(f"nkic build: {problem}")
            if failures:
                failures.append(f"nkic build command: {shlex.join(build)}\nstderr was:\n{proc.stderr}")
        elif proc.returncode != 0:
            sys.exit(f"nkic build failed: {shlex.join(build)}\n{proc.stderr}")
        else:
            runs.append(("program", [prog, "--strict"] + shlex.split(d["program"]),
                         d["expect-program"] or d["expect"]))
        results, trees = [], []
        for label, argv, want in runs:
            outdir = os.path.join(tmp, label + "_out")
            if d["outputs"]:
                argv = argv + ["-o", outdir]
            proc = run(argv, cwd)
            if d["outputs"]:
                trees.append(files_under(outdir))
                if sorted(trees[-1]) != sorted(d["outputs"].split()):
                    failures.append(f"{label}: -o wrote {sorted(trees[-1])}, "
                                    f"expected {sorted(d['outputs'].split())}")
            results.append(proc)
            if proc.returncode != int(d["exit"]):
                failures.append(f"{label}: exit code {proc.returncode}, expected {d['exit']}")
            problem = missing_lines(proc.stderr, want) if want else None
            if problem:
                failures.append(f"{label}: {problem}")
            if failures:
                failures.append(f"{label} command: {shlex.join(argv)}\nstderr was:\n{proc.stderr}")
        if int(d["exit"]) == 0 and len(results) == 2 and results[0].stdout != results[1].stdout:
            failures.append(f"the outputs differ\nnkirun:\n{results[0].stdout}\n"
                            f"program:\n{results[1].stdout}")
        if len(trees) == 2 and trees[0] != trees[1]:
            failures.append("the -o files of nkirun and the program differ")
    if failures:
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
