# activation's reduce_res holds one value per partition.
# run: -n 1
# exit: 1
# expect: activation_reduce_res_shape.py:17:5: error: activation: reduce_res 'r' (float32, sbuf, [8, 16]) must be a [8, 1] tile, one value per partition of 'a' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.exp, data=a, reduce_op=nl.add, reduce_res=r,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    r = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="r")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.exp, data=a, reduce_op=nl.add, reduce_res=r,
                    reduce_cmd=nisa.reduce_cmd.reset_reduce)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
