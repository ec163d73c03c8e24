# squeeze_dim() removes a dim of size 1 only.
# run: -n 1
# exit: 1
# expect: view_squeeze_dim_not_one.py:13:9: error: squeeze_dim: dim 1 must have size 1, it has 8 (rank 0)
# expect: <caret>    t = tile.squeeze_dim(1)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8, 2), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.squeeze_dim(1)
    return t
