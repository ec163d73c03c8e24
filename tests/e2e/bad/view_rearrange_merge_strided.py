# rearrange() merges dims that nest in memory only.
# run: -n 1
# exit: 1
# expect: view_rearrange_merge_strided.py:13:9: error: rearrange: cannot merge 'c' (stride 1) with the dims inside it: they are not contiguous in memory (rank 0)
# expect: <caret>    t = tile.rearrange(('a', 'b', 'c'), ('a', ('c', 'b')))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    t = tile.rearrange(('a', 'b', 'c'), ('a', ('c', 'b')))
    return t
