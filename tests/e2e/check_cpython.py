"""Runs one kernel of cpython/ through nkirun, through nkic (whose trace runs
the same meta-program) and through CPython, and checks that all three print
the same text: the language's Python semantics held to the reference itself,
not to expectations written down from it.

A case is a kernel file with one @nki.jit function `kernel` taking no
arguments that uses only what Python has (no nl, nisa or ncc). CPython runs it
with a stand-in `nki` module whose `jit` returns the function unchanged.

usage: check_cpython.py NKIRUN NKIC CASE.py
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


def differences(label, got, want, name):
    """None when `got` is `want`, else where they part."""
    if got == want:
        return None
    mine, theirs = got.splitlines(), want.splitlines()
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            return f"{name}: line {i + 1} differs\n  {label}:  {a}\n  CPython: {b}"
    return f"{name}: {label} printed {len(mine)} lines, CPython {len(theirs)}"


def main():
    nkirun, nkic, case = (os.path.abspath(a) for a in sys.argv[1:4])
    cwd, name = os.path.dirname(case), os.path.basename(case)
    reference = run([sys.executable, "-c", CPYTHON_HOST, name], cwd)
    if reference.returncode != 0:
        sys.exit(f"CPython failed on {name}:\n{reference.stderr}")
    ours = run([nkirun, "run", name, "-n", "1", "--strict"], cwd)
    if ours.returncode != 0:
        sys.exit(f"nkirun failed on {name} (exit {ours.returncode}):\n{ours.stderr}")
    traced = run([nkic, "check", name, "-n", "1"], cwd)
    if traced.returncode != 0:
        sys.exit(f"nkic failed on {name} (exit {traced.returncode}):\n{traced.stderr}")
    # nkic check ends with "FILE: ok".
    traced_text = traced.stdout.removesuffix(f"{name}: ok\n")
    problems = [p for p in (differences("nkirun", ours.stdout, reference.stdout, name),
                            differences("nkic", traced_text, reference.stdout, name)) if p]
    if problems:
        sys.exit("\n".join(problems))


if __name__ == "__main__":
    main()
