# expand_dim() inserts at 0..ndim.
# run: -n 1
# exit: 1
# expect: view_expand_dim_range.py:13:9: error: expand_dim: dim 3 is out of range for a 2-D tensor (rank 0)
# expect: <caret>    t = tile.expand_dim(3)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    t = tile.expand_dim(3)
    return t
