# vector_select chooses rows of an HBM tensor only.
# run: -n 1
# exit: 1
# expect: vector_select_on_sbuf.py:17:9: error: vector_select needs an HBM tensor, 'tile' is on sbuf (rank 0)
# expect: <caret>    v = tile.vector_select(0, where)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf, name="tile")
    v = tile.vector_select(0, where)
    return x
