# activation's reduce_cmd.reduce needs an earlier instruction's registers.
# run: -n 1
# exit: 1
# expect: activation_reduce_cmd_reduce.py:17:5: error: activation: reduce_cmd.reduce is not supported: it adds to what an earlier instruction left in the accumulator registers (start each reduction with reduce_cmd.reset_reduce) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.exp, data=a, reduce_op=nl.add, reduce_res=r,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    r = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="r")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.exp, data=a, reduce_op=nl.add, reduce_res=r,
                    reduce_cmd=nisa.reduce_cmd.reduce)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
