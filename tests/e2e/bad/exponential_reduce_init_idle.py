# exponential's reduce_init is for load_reduce.
# run: -n 1 --platform trn3
# exit: 1
# expect: exponential_reduce_init_idle.py:17:5: error: exponential: reduce_init must be 0.0 unless reduce_cmd is load_reduce (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a, reduce_res=s, reduce_cmd=nisa.reduce_cmd.reset_reduce,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    s = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="s")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a, reduce_res=s, reduce_cmd=nisa.reduce_cmd.reset_reduce,
                     reduce_init=1.0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
