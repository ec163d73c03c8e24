"""A failing case (a kernel of compiled/ or mpi/, with expect_compiled.py's
headers) built both as a program and with `nkic build --mpi`, the MPI one run
under `mpirun -np P` for P in 2 and 4 (those not above its rank count, else
1): the run must exit with the program's exit code, and its stderr must hold
the program's whole report exactly once (the processes agree on the error and
one of them reports it) and the case's `expect` lines.

usage: check_mpi_error.py NKIC CASE.py
"""

import os
import shlex
import subprocess
import sys
import tempfile

from expect_compiled import missing_lines
from expect_driver import TIMEOUT_SECONDS, directives
from mpi_run import mpirun

BUILD_TIMEOUT_SECONDS = 300


def run(argv, cwd):
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_SECONDS)


def ranks_of(build_args):
    args = shlex.split(build_args)
    return int(args[args.index("-n") + 1])


def main():
    nkic, case = (os.path.abspath(a) for a in sys.argv[1:3])
    d = directives(case, extra=("build", "program", "outputs", "expect-program", "expect-build"))
    cwd, name = os.path.dirname(case), os.path.basename(case)
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        progs = {}
        for label, flags in (("program", []), ("MPI program", ["--mpi"])):
            # Both called prog, as the cases' expected lines name the program.
            folder = os.path.join(tmp, label.replace(" ", "_"))
            os.mkdir(folder)
            progs[label] = os.path.join(folder, "prog")
            build = [nkic, "build", name, "-o", progs[label], *flags] + shlex.split(d["build"])
            proc = run(build, cwd)
            if proc.returncode != 0:
                sys.exit(f"nkic build failed: {shlex.join(build)}\n{proc.stderr}")
        args = ["--strict"] + shlex.split(d["program"])
        single = run([progs["program"]] + args, cwd)
        if single.returncode == 0 or not single.stderr:
            sys.exit(f"the program did not fail (exit {single.returncode}): nothing to compare")
        ranks = ranks_of(d["build"])
        counts = [p for p in (2, 4) if p <= ranks] or [1]
        for processes in counts:
            argv = mpirun(processes) + [progs["MPI program"]] + args
            proc = run(argv, cwd)
            label = f"{processes} processes"
            if proc.returncode != single.returncode:
                failures.append(f"{label}: exit code {proc.returncode}, the program's "
                                f"{single.returncode}")
            seen = proc.stderr.count(single.stderr)
            if seen != 1:
                failures.append(f"{label}: the program's report appears {seen} times, not once")
            problem = missing_lines(proc.stderr, d["expect-program"] or d["expect"])
            if problem:
                failures.append(f"{label}: {problem}")
            if failures:
                failures.append(f"command: {shlex.join(argv)}\nthe program's stderr:\n"
                                f"{single.stderr}\nunder mpirun:\n{proc.stderr}")
                break
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print(f"{name}: the same report once, exit {single.returncode}, on {counts} processes")


if __name__ == "__main__":
    main()
