# tensor_reduce reduces free dims only, never the partition dim.
# run: -n 1
# exit: 1
# expect: tensor_reduce_partition_axis.py:15:5: error: tensor_reduce: axis 0 must name the last free dims of a 2-D tile, in order, ending at dim 1 (never the partition dim 0) (rank 0)
# expect: <caret>    nisa.tensor_reduce(dst=out, op=nl.add, data=a, axis=0)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((1, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_reduce(dst=out, op=nl.add, data=a, axis=0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
