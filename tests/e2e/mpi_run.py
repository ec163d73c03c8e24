"""How the tests start a program built with --mpi: OpenMPI's mpirun, with
more processes than this machine's cores allowed, and as root allowed (CI
runs as root)."""

import os


def mpirun(processes):
    argv = ["mpirun", "--oversubscribe", "-np", str(processes)]
    if os.geteuid() == 0:
        argv.append("--allow-run-as-root")
    return argv
