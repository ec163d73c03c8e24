"""Runs one kernel of cpython/ through nkirun and through CPython and checks
that both print the same text: the language's Python semantics held to the
reference itself, not to expectations written down from it.

A case is a kernel file with one @nki.jit function `kernel` taking no
arguments that uses only what Python has (no nl, nisa or ncc). CPython runs it
with a stand-in `nki` module whose `jit` returns the function unchanged.

usage: check_cpython.py NKIRUN CASE.py
"""

import os
import subprocess
import sys

TIMEOUT_SECONDS = 120

# Imports the case as a module, with `nki` standing for a module whose jit
# is the identity, and calls its kernel.
CPYTHON_HOST = """
import runpy, sys, types
nki = types.ModuleType("nki")
nki.jit = lambda f: f
sys.modules["nki"] = nki
runpy.run_path(sys.argv[1])["kernel"]()
"""


def run(argv, cwd):
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          timeout=TIMEOUT_SECONDS, env=dict(os.environ, NO_COLOR="1"))


def main():
    nkirun, case = (os.path.abspath(a) for a in sys.argv[1:3])
    cwd, name = os.path.dirname(case), os.path.basename(case)
    ours = run([nkirun, "run", name, "-n", "1", "--strict"], cwd)
    reference = run([sys.executable, "-c", CPYTHON_HOST, name], cwd)
    if reference.returncode != 0:
        sys.exit(f"CPython failed on {name}:\n{reference.stderr}")
    if ours.returncode != 0:
        sys.exit(f"nkirun failed on {name} (exit {ours.returncode}):\n{ours.stderr}")
    if ours.stdout == reference.stdout:
        return
    mine, theirs = ours.stdout.splitlines(), reference.stdout.splitlines()
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            sys.exit(f"{name}: line {i + 1} differs\n  nkirun:  {a}\n  CPython: {b}")
    sys.exit(f"{name}: nkirun printed {len(mine)} lines, CPython {len(theirs)}")


if __name__ == "__main__":
    main()
