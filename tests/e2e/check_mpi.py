"""The MPI build against the interpreter: every case of cases.py for one
example (or the stdlib module) is built once with `nkic build --mpi` and run
under `mpirun -np P` for P in 1, 2 and 4 (those not above the case's rank
count), oversubscribed on this machine; each run's .npy files and --print
listing must be byte-identical to `nkirun run`'s.

With MAX_PROGRAMS, only the cases of the first MAX_PROGRAMS programs (in
cases.py's order) run: the suite's share of a C++ compile per program; without
it, every case.

usage: check_mpi.py NKIRUN NKIC REPO_ROOT EXAMPLE [MAX_PROGRAMS]
       (EXAMPLE: a file stem, or "stdlib")
"""

import os
import sys
import tempfile

sys.dont_write_bytecode = True  # importing must leave no __pycache__ in the sources
from cases import is_option, nkirun_argv  # noqa: E402
from check_compiled import (build, compare, failure, programs_of, run,  # noqa: E402
                            tensor_args, RUN_TIMEOUT_SECONDS)
from mpi_run import mpirun  # noqa: E402

PROCESS_COUNTS = (1, 2, 4)


def check_case(nkirun, prog, case, tmp):
    out_a = os.path.join(tmp, "A")
    interp_argv = nkirun_argv(nkirun, case, out_a) + ["--print"]
    proc_a = run(interp_argv, RUN_TIMEOUT_SECONDS)
    if proc_a.returncode != 0:
        return [failure(f"{case[0]}: nkirun", interp_argv, proc_a)], 0
    errors, runs = [], 0
    for processes in PROCESS_COUNTS:
        if processes > case[3]:
            continue
        out_b = os.path.join(tmp, f"B{processes}")
        prog_argv = [prog, "-o", out_b, "--print", "--strict"]
        for name, path in tensor_args(case[4]):
            prog_argv += ["-a", f"{name}=@{path}"]
        prog_argv += [a for a in case[4] if is_option(a) and not a.startswith("--platform")]
        argv = mpirun(processes) + prog_argv
        proc_b = run(argv, RUN_TIMEOUT_SECONDS)
        runs += 1
        label = f"{case[0]} on {processes} processes"
        if proc_b.returncode != 0:
            errors.append(failure(f"{label}: the MPI program", argv, proc_b))
            continue
        errors += compare(label, out_a, out_b)
        if proc_a.stdout != proc_b.stdout:
            errors.append(f"{label}: --print differs\n  nkirun:\n{proc_a.stdout}\n"
                          f"  MPI program:\n{proc_b.stdout}")
    return errors, runs


def main():
    nkirun, nkic, selected, groups = programs_of(sys.argv)
    chosen = list(groups.values())
    if len(sys.argv) > 5:
        chosen = chosen[:int(sys.argv[5])]
    errors, runs = [], 0
    for group in chosen:
        with tempfile.TemporaryDirectory() as tmp:
            prog = os.path.join(tmp, "prog")
            error = build(nkic, group[0], prog, ["--mpi"])
            if error:
                errors.append(error)
                continue
            for case in group:
                with tempfile.TemporaryDirectory(dir=tmp) as run_dir:
                    case_errors, case_runs = check_case(nkirun, prog, case, run_dir)
                    errors += case_errors
                    runs += case_runs
    print(f"{sum(map(len, chosen))} of {len(selected)} cases, {len(chosen)} of {len(groups)} "
          f"MPI programs built, {runs} mpirun runs, "
          f"{len(errors)} failures")
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    if runs == 0:
        print("no case ran")
        sys.exit(1)


if __name__ == "__main__":
    main()
