# importlib.import_module takes a dotted module name, not a path.
# run: -n 1
# exit: 1
# expect: importlib_path_name.py:12:5: error: No module named 'bad/raise_uncaught' (rank 0)
import importlib

import nki


@nki.jit
def kernel():
    importlib.import_module("bad/raise_uncaught")
