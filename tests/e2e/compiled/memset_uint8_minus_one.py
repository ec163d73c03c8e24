# An integer constant outside the dtype's range is refused, never saturated:
# the "all ones" mask memset(uint8_tile, -1) must not quietly give zeros.
# build: -n 1
# run: -n 1
# exit: 1
# expect: memset_uint8_minus_one.py:16:5: error: a fill of uint8 must be an integer from 0 to 255, not -1 (rank 0)
# expect-build: memset_uint8_minus_one.py:16:5: error: a fill of uint8 must be an integer from 0 to 255, not -1
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    m = nl.ndarray((2, 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.memset(dst=m, value=-1)
    o = nl.ndarray((2, 4), dtype=nl.uint8, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=o, src=m)
    return o
