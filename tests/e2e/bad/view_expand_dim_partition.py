# On SBUF, expand_dim() cannot insert a dim before the partition dim.
# run: -n 1
# exit: 1
# expect: view_expand_dim_partition.py:13:9: error: expand_dim: on sbuf, dim 0 is the partition dim and cannot be moved by a new dim before it (rank 0)
# expect: <caret>    t = tile.expand_dim(0)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.expand_dim(0)
    return t
