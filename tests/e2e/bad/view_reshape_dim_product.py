# reshape_dim()'s sizes must multiply to the dim's size.
# run: -n 1
# exit: 1
# expect: view_reshape_dim_product.py:13:9: error: reshape_dim: cannot split dim 1 of size 24 into (5, -1) (rank 0)
# expect: <caret>    t = tile.reshape_dim(1, (5, -1))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 24), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.reshape_dim(1, (5, -1))
    return t
