# iota's values must fit an integer dst: 0..300 does not fit uint8, and no
# sum wraps, so the check needs no run.
# build: -n 1
# run: -n 1
# exit: 1
# expect: iota_out_of_uint8.py:16:5: error: iota: dst 't' (uint8, sbuf, [2, 4]) holds integers from 0 to 255, and the pattern gives values from 0 to 300 (rank 0)
# expect-build: iota_out_of_uint8.py:16:5: error: iota: dst 't' (uint8, sbuf, [2, 4]) holds integers from 0 to 255, and the pattern gives values from 0 to 300
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.iota(dst=t, pattern=[[100, 4]])
    o = nl.ndarray((2, 4), dtype=nl.uint8, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=o, src=t)
    return o
