# importlib.import_module and importlib.util.find_spec take dotted module
# names, never paths: an empty name, '/', NUL or a part that is not an
# identifier gives CPython's error (or find_spec's None), and no file is
# reached that the search path does not hold.
import importlib
import importlib.util

import nki


def attempt(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


@nki.jit
def kernel():
    for name in ["", "a/b", "/tmp/x", "x\x00", "1abc", "a b", "../cpython", "cpython/x"]:
        print(repr(name), attempt(lambda: importlib.import_module(name)))
        print(repr(name), attempt(lambda: importlib.util.find_spec(name)))
    print(attempt(lambda: importlib.util.find_spec("x/y.z")))
    print(importlib.import_module("math").sqrt(4.0))
