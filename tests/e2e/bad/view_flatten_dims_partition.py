# On SBUF, flatten_dims() cannot merge the partition dim.
# run: -n 1
# exit: 1
# expect: view_flatten_dims_partition.py:13:9: error: flatten_dims: on sbuf, dim 0 is the partition dim and cannot be merged (rank 0)
# expect: <caret>    t = tile.flatten_dims(0, 1)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6, 8), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.flatten_dims(0, 1)
    return t
