"""A process of an MPI run killed while the run goes on: the others must not
hang. The all-reduce example, built with --mpi for 4 ranks, runs many
iterations on 2 processes; once both processes are up one is killed
(SIGKILL), and mpirun must end within the timeout, with a non-zero exit code
and a message that a process was killed.

usage: check_mpi_killed.py NKIC REPO_ROOT
"""

import os
import signal
import subprocess
import sys
import tempfile
import time

from mpi_run import mpirun

NAME = "nkic_mpi_victim"  # a process name no other process has
TIMEOUT_SECONDS = 60


def pids_of(name):
    proc = subprocess.run(["pgrep", "-x", name], capture_output=True, text=True)
    return [int(p) for p in proc.stdout.split()]


def main():
    nkic, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    data = os.path.join(root, "examples", "data", "x_2x3.npy")
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, NAME)
        build = [nkic, "build", os.path.join(root, "examples", "all_reduce.py"), "-n", "4",
                 "-a", f"input=@{data}", "-a", "replica_group=[[0, 1, 2, 3]]", "-o", prog, "--mpi"]
        proc = subprocess.run(build, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            sys.exit(f"nkic build failed:\n{proc.stderr}")
        argv = mpirun(2) + [prog, "-a", f"input=@{data}", "--iters", "1000000"]
        run = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + TIMEOUT_SECONDS
        while len(pids_of(NAME)) < 2 and time.time() < deadline and run.poll() is None:
            time.sleep(0.1)
        pids = pids_of(NAME)
        if len(pids) < 2:
            run.kill()
            sys.exit(f"the two processes did not start (found {pids}); mpirun: "
                     f"{run.communicate()[1]}")
        time.sleep(0.5)  # well inside the run's iterations
        os.kill(max(pids), signal.SIGKILL)
        try:
            _, stderr = run.communicate(timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            run.kill()
            for pid in pids_of(NAME):
                os.kill(pid, signal.SIGKILL)
            sys.exit("the run hung after a process was killed")
        problems = []
        if run.returncode == 0:
            problems.append("mpirun exited 0 after a process was killed")
        if "signal 9" not in stderr and "Killed" not in stderr:
            problems.append("mpirun's message does not say a process was killed")
        # mpirun has signalled the others; they are gone within moments.
        left_deadline = time.time() + 10
        while pids_of(NAME) and time.time() < left_deadline:
            time.sleep(0.1)
        if pids_of(NAME):
            problems.append(f"processes are left: {pids_of(NAME)}")
        if problems:
            print("\n".join(problems) + f"\nmpirun's stderr:\n{stderr}")
            sys.exit(1)
        print(f"mpirun stopped with exit {run.returncode} after a process was killed")


if __name__ == "__main__":
    main()
