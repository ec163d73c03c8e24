# A module found nowhere on the search path: the folders are listed in order
# (the file's root, -I, NKIC_PATH without its empty entry, the stdlib).
# run: -n 1 -I pkgs
# env: NKIC_PATH=nowhere::data NKIC_STDLIB_PATH=no_stdlib
# exit: 1
# expect: import_missing_module.py:12:10: error: no module named 'tiling_helpers' (searched in order: ., pkgs, nowhere, data, no_stdlib) (rank 0)
import nki


@nki.jit
def kernel():
    from tiling_helpers import tile
    return tile
