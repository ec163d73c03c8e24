# activation's reduce_res under reduce_cmd.idle would read earlier registers.
# run: -n 1
# exit: 1
# expect: activation_reduce_res_idle.py:17:5: error: activation: reduce_res with reduce_cmd.idle is not supported: it reads the accumulator registers as an earlier instruction left them (use reset_reduce) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.exp, data=a, reduce_op=nl.add, reduce_res=r)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    r = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="r")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.exp, data=a, reduce_op=nl.add, reduce_res=r)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
