# On PSUM, broadcast() cannot repeat the partition dim.
# run: -n 1
# exit: 1
# expect: view_broadcast_partition.py:13:9: error: broadcast: on psum, dim 0 is the partition dim and cannot be broadcast (rank 0)
# expect: <caret>    t = tile.broadcast(0, 4)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((1, 8), dtype=nl.float32, buffer=nl.psum)
    t = tile.broadcast(0, 4)
    return t
