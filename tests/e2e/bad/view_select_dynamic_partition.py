# A run-time select() cannot choose a partition.
# run: -n 1
# exit: 1
# expect: view_select_dynamic_partition.py:14:9: error: select: on sbuf, dim 0 is the partition dim and cannot be selected at run time (rank 0)
# expect: <caret>    t = tile.select(0, idx)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6), dtype=nl.float32, buffer=nl.sbuf)
    idx = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    t = tile.select(0, idx)
    return t
