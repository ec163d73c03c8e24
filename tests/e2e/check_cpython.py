"""Runs one kernel of cpython/ through nkirun, through nkic (whose trace runs
the same meta-program) and through CPython, and checks that all three print
the same text: the language's Python semantics held to the reference itself,
not to expectations written down from it.

A case is a kernel file with one @nki.jit function `kernel` taking no
arguments that uses only what Python has (no nisa or ncc; of nl, only
NKIObject). CPython runs it with a stand-in `nki` module whose `jit` returns
the function unchanged and whose NKIObject behaves as NKI's classes do.

usage: check_cpython.py NKIRUN NKIC CASE.py
"""

import os
import subprocess
import sys

TIMEOUT_SECONDS = 120

# Imports the case as a module, with `nki` standing for a module whose jit
# is the identity and whose nki.language.NKIObject makes its subclasses
# behave as NKI's classes do: dataclasses whose fields default to None,
# equal when of the same class with equal attributes (@dataclass on such a
# class changes nothing), and calls its kernel.
CPYTHON_HOST = """
import dataclasses, runpy, sys, types
nki = types.ModuleType("nki")
nki.jit = lambda f: f
language = types.ModuleType("nki.language")

class NKIObject:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in cls.__dict__.get("__annotations__", {}):
            if name not in cls.__dict__:
                setattr(cls, name, None)
        real_dataclass(cls, eq=False)

    def __eq__(self, other):
        return type(self) is type(other) and self.__dict__ == other.__dict__

real_dataclass = dataclasses.dataclass

def dataclass(cls=None, **options):
    def wrap(c):
        return c if issubclass(c, NKIObject) else real_dataclass(c, **options)
    return wrap if cls is None else wrap(cls)

dataclasses.dataclass = dataclass
language.NKIObject = NKIObject
nki.language = language
sys.modules["nki"] = nki
sys.modules["nki.language"] = language
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
