# exponential takes no reduce_cmd.reset.
# run: -n 1 --platform trn3
# exit: 1
# expect: exponential_reduce_cmd_reset.py:16:5: error: exponential: reduce_cmd must be idle, reset_reduce, reduce or load_reduce, not reduce_cmd.reset (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a, reduce_cmd=nisa.reduce_cmd.reset)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a, reduce_cmd=nisa.reduce_cmd.reset)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
