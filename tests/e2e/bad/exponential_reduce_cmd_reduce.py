# exponential's reduce_cmd.reduce needs an earlier instruction's accumulator.
# run: -n 1 --platform trn3
# exit: 1
# expect: exponential_reduce_cmd_reduce.py:17:5: error: exponential: reduce_cmd.reduce is not supported: it adds to what an earlier instruction left in the accumulator registers (start each reduction with reduce_cmd.reset_reduce or load_reduce) (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a, reduce_res=s, reduce_cmd=nisa.reduce_cmd.reduce)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    s = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="s")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a, reduce_res=s, reduce_cmd=nisa.reduce_cmd.reduce)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
