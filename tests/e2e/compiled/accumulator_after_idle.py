# An exponential with reduce_cmd.idle leaves the Vector Engine's
# accumulator unknown: reduce_cmd.reduce cannot add to it.
# build: -n 1 --platform trn3
# run: -n 1 --platform trn3
# program:
# exit: 1
# expect: accumulator_after_idle.py:23:5: error: exponential: reduce_cmd.reduce adds to the accumulator register of partition 0, which is not set (an exponential with reduce_cmd.reset_reduce or load_reduce sets it) (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a, reduce_res=s, reduce_cmd=nisa.reduce_cmd.reduce)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    nisa.memset(dst=a, value=1.0)
    s = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="s")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a, reduce_cmd=nisa.reduce_cmd.reset_reduce)
    nisa.exponential(dst=out, src=a)
    nisa.exponential(dst=out, src=a, reduce_res=s, reduce_cmd=nisa.reduce_cmd.reduce)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
