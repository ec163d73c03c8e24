"""Helpers shared by the test drivers that compare output folders."""

import os
import subprocess
import sys


def files_under(root):
    """Every file below `root`, as {relative path: bytes}."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


def run_or_exit(argv):
    """Runs argv; on a non-zero exit, exits the test with its output."""
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"FAILED ({proc.returncode}): {' '.join(argv)}\n{proc.stdout}{proc.stderr}")
    return proc
