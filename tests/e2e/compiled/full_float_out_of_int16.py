# A float constant into an integer dtype rounds to nearest even, and must
# then lie in the dtype's range: 40000.7 does not fit int16.
# build: -n 1
# run: -n 1
# exit: 1
# expect: full_float_out_of_int16.py:15:9: error: a fill of int16 must round to an integer from -32768 to 32767, and 40000.7 does not (rank 0)
# expect-build: full_float_out_of_int16.py:15:9: error: a fill of int16 must round to an integer from -32768 to 32767, and 40000.7 does not
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.full((2, 4), 40000.7, dtype=nl.int16, buffer=nl.shared_hbm)
    return t
