# flatten_dims() merges dims that nest in memory only.
# run: -n 1
# exit: 1
# expect: view_flatten_dims_strided.py:13:9: error: flatten_dims: dims 1 to 2 are not contiguous in memory (dim 1 has stride 1, merging needs 48) (rank 0)
# expect: <caret>    t = tile.permute((0, 2, 1)).flatten_dims(1, 2)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    t = tile.permute((0, 2, 1)).flatten_dims(1, 2)
    return t
