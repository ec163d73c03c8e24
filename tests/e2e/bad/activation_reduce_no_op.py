# activation's reset_reduce needs reduce_op.
# run: -n 1
# exit: 1
# expect: activation_reduce_no_op.py:17:5: error: activation: reduce_op must be nl.add, the Scalar Engine's one reduction, not None (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.exp, data=a, reduce_res=r,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    r = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="r")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.exp, data=a, reduce_res=r,
                    reduce_cmd=nisa.reduce_cmd.reset_reduce)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
