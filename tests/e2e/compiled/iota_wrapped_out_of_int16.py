# An iota whose int32 sums wrap gives values only a run can tell: the first
# value past int16's range is refused when the program runs, as in nkirun.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: iota_wrapped_out_of_int16.py:16:5: error: iota: dst 't' (int16, sbuf, [2, 4]) holds integers from -32768 to 32767, and the pattern gives 2147483645 at partition 0, element 0 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 4), dtype=nl.int16, buffer=nl.sbuf)
    nisa.iota(dst=t, pattern=[[1, 4]], offset=2**31 - 3, channel_multiplier=-2**31)
    o = nl.ndarray((2, 4), dtype=nl.int16, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=o, src=t)
    return o
