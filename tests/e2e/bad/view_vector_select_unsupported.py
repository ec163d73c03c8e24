# Per-partition offsets (vector_select) are not supported yet.
# run: -n 1
# exit: 1
# expect: view_vector_select_unsupported.py:14:9: error: vector_select: per-partition offsets are not supported yet (rank 0)
# expect: <caret>    t = table.vector_select(0, offsets)
import nki
import nki.language as nl


@nki.jit
def kernel():
    table = nl.ndarray((64, 4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    offsets = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf)
    t = table.vector_select(0, offsets)
    return t
