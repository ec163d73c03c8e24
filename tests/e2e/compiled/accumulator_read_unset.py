# activation's reduce_res under reduce_cmd.idle reads the registers as
# they are; none has set them.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: accumulator_read_unset.py:22:5: error: activation: reduce_res reads the accumulator register of partition 4, which is not set (an activation with reduce_cmd.reset or reset_reduce sets it) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.copy, data=a, reduce_res=r)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    nisa.memset(dst=a, value=1.0)
    r = nl.ndarray((8, 1), dtype=nl.float32, buffer=nl.sbuf, name="r")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out[0:4, :], op=nl.copy, data=a[0:4, :], reduce_cmd=nisa.reduce_cmd.reset)
    nisa.activation(dst=out, op=nl.copy, data=a, reduce_res=r)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
