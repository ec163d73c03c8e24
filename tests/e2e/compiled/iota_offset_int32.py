# The offset is an int32.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: iota_offset_int32.py:16:5: error: iota: offset must fit in int32, not 2147483648 (rank 0)
# expect-build: iota_offset_int32.py:16:5: error: iota: offset must fit in int32, not 2147483648
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 4), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=t, pattern=[[1, 4]], offset=2**31)
    return t
