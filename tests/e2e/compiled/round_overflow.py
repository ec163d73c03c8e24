# round() whose result does not fit in 64 bits is an overflow, like every
# other int operation, never a wrapped value.
# build: -n 1 
# run: -n 1 
# program:
# exit: 1
# expect: round_overflow.py:15:9: error: integer overflow: round(9223372036854775807, -1) does not fit in 64 bits (rank 0)
# expect-build: round_overflow.py:15:9: error: integer overflow: round(9223372036854775807, -1) does not fit in 64 bits
import nki


@nki.jit
def kernel():
    assert round(1e18) == 10**18
    n = round(9223372036854775807, -1)
