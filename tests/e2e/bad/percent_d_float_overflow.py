# %d of a float truncates it as int() does: past the int64 limits it is an error.
# run: -n 1
# exit: 1
# expect: percent_d_float_overflow.py:11:11: error: integer overflow: 1e+19 as an int does not fit in 64 bits (rank 0)
# expect: <caret>    print("%d" % 1e19)
import nki


@nki.jit
def kernel():
    print("%d" % 1e19)
