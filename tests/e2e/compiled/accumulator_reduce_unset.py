# activation's reduce_cmd.reduce adds to the Scalar Engine's registers,
# which no instruction has set: known only when the program runs.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: accumulator_reduce_unset.py:21:5: error: activation: reduce_cmd.reduce adds to the accumulator register of partition 0, which is not set (an activation with reduce_cmd.reset or reset_reduce sets it) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.copy, data=a, reduce_op=nl.add, reduce_cmd=reduce)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    nisa.memset(dst=a, value=1.0)
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    reduce = nisa.reduce_cmd.reduce
    nisa.activation(dst=out, op=nl.copy, data=a, reduce_op=nl.add, reduce_cmd=reduce)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
