# exponential's reduce_res under reduce_cmd.idle would read an unknown accumulator.
# run: -n 1 --platform trn3
# exit: 1
# expect: exponential_res_idle.py:17:5: error: exponential: reduce_res with reduce_cmd.idle reads the accumulator, which idle leaves unknown (use reset_reduce, reduce or load_reduce) (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a, reduce_res=s)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    s = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="s")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a, reduce_res=s)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
