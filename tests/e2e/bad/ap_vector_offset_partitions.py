# The pattern's first pair cannot count more rows than the vector offset holds offsets.
# run: -n 1
# exit: 1
# expect: ap_vector_offset_partitions.py:16:9: error: vector_offset 'where' holds 4 offsets, the pattern's first pair counts 8 (rank 0)
# expect: <caret>    v = x.ap([[8, 8], [1, 4]], 0, vector_offset=where)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    v = x.ap([[8, 8], [1, 4]], 0, vector_offset=where)
    return x
