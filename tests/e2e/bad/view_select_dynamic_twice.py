# Only one run-time select() per tensor.
# run: -n 1
# exit: 1
# expect: view_select_dynamic_twice.py:14:9: error: select: the view already has a run-time offset; only one dynamic select is allowed per tensor (rank 0)
# expect: <caret>    t = tile.select(0, idx).select(0, idx)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    idx = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    t = tile.select(0, idx).select(0, idx)
    return t
