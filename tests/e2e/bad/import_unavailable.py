# A module of Python's standard library that kernels cannot use, imported by
# a module of the search path, through nkic: the error is in that module.
# nkic-raw: check import_unavailable.py -n 1 -I pkgs
# exit: 1
# expect: pkgs/uses_subprocess.py:1:8: error: module 'subprocess' is not available to kernels (they can import __future__, dataclasses, enum, functools, importlib, importlib.util, itertools, logging, math, nki, nki.collectives, nki.isa, nki.isa.constants, nki.language, nki.typing, numpy, os, os.path, pkgutil, sys, typing, and the modules of the search path)
import nki
import uses_subprocess


@nki.jit
def kernel():
    return uses_subprocess.RUN
