# tensor_reduce's dst holds what the reduction leaves.
# run: -n 1
# exit: 1
# expect: tensor_reduce_dst_shape.py:15:5: error: tensor_reduce: dst 'out' (float32, sbuf, [8, 1]) must have the 8 partitions of 'a' (float32, sbuf, [8, 4, 16]) and 4 elements per partition, what the reduction leaves (rank 0)
# expect: <caret>    nisa.tensor_reduce(dst=out, op=nl.add, data=a, axis=2)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 4, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_reduce(dst=out, op=nl.add, data=a, axis=2)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
