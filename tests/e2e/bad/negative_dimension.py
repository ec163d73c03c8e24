# A shape computed wrong: a negative dimension is refused at the allocation.
# run: -n 1
# exit: 1
# expect: negative_dimension.py:12:11: error: negative dimension -2 in shape [-2, 8] (rank 0)
import nki
import nki.language as nl


@nki.jit
def kernel():
    rows = 4
    buf = nl.ndarray((rows - 6, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    return buf
