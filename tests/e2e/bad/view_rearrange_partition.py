# On SBUF, rearrange() keeps the partition dim first, under its own name.
# run: -n 1
# exit: 1
# expect: view_rearrange_partition.py:13:9: error: rearrange: on sbuf, the partition dim keeps its own name, first in both patterns (rank 0)
# expect: <caret>    t = tile.rearrange(('p', 'f'), ('f', 'p'))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.rearrange(('p', 'f'), ('f', 'p'))
    return t
