# int() of a float at or above 2**63 does not fit in 64 bits; -2**63 does.
# build: -n 1 
# run: -n 1 
# program:
# exit: 1
# expect: int_of_float_overflow.py:14:9: error: integer overflow: 9.223372036854776e+18 as an int does not fit in 64 bits (rank 0)
# expect-build: int_of_float_overflow.py:14:9: error: integer overflow: 9.223372036854776e+18 as an int does not fit in 64 bits
import nki


@nki.jit
def kernel():
    assert int(-9223372036854775808.0) == -9223372036854775807 - 1
    n = int(9223372036854775808.0)
