# tensor_reduce's axes are the last free dims.
# run: -n 1
# exit: 1
# expect: tensor_reduce_axis_not_last.py:15:5: error: tensor_reduce: axis 1 must name the last free dims of a 3-D tile, in order, ending at dim 2 (never the partition dim 0) (rank 0)
# expect: <caret>    nisa.tensor_reduce(dst=out, op=nl.maximum, data=a, axis=1)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 4, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_reduce(dst=out, op=nl.maximum, data=a, axis=1)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
