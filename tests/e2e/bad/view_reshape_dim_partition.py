# On SBUF, reshape_dim() cannot split the partition dim.
# run: -n 1
# exit: 1
# expect: view_reshape_dim_partition.py:13:9: error: reshape_dim: on sbuf, dim 0 is the partition dim and cannot be split (rank 0)
# expect: <caret>    t = tile.reshape_dim(0, (2, 2))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 24), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.reshape_dim(0, (2, 2))
    return t
