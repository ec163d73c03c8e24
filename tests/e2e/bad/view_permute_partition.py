# On SBUF, permute() keeps the partition dim first.
# run: -n 1
# exit: 1
# expect: view_permute_partition.py:13:9: error: permute: on sbuf, the partition dim stays first: dims[0] must be 0, not 1 (rank 0)
# expect: <caret>    t = tile.permute((1, 0, 2))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8, 2), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.permute((1, 0, 2))
    return t
