# An SBUF view stays at least 2-D.
# run: -n 1
# exit: 1
# expect: view_squeeze_dim_2d.py:13:9: error: squeeze_dim: a tensor on sbuf stays at least 2-D, this one is 2-D (rank 0)
# expect: <caret>    t = tile.squeeze_dim(1)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.squeeze_dim(1)
    return t
