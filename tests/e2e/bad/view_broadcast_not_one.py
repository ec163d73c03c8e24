# broadcast() repeats a dim of size 1 only.
# run: -n 1
# exit: 1
# expect: view_broadcast_not_one.py:13:9: error: broadcast: dim 2 must have size 1, it has 2 (rank 0)
# expect: <caret>    t = tile.broadcast(2, 4)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8, 2), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.broadcast(2, 4)
    return t
