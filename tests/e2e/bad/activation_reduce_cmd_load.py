# activation's accumulators take no reduce_cmd.load_reduce.
# run: -n 1
# exit: 1
# expect: activation_reduce_cmd_load.py:16:5: error: activation: reduce_cmd must be idle, reset, reduce or reset_reduce, not reduce_cmd.load_reduce (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.copy, data=a, reduce_cmd=nisa.reduce_cmd.load_reduce)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=a, value=1.0)
    out = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation(dst=out, op=nl.copy, data=a, reduce_cmd=nisa.reduce_cmd.load_reduce)
    return nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
