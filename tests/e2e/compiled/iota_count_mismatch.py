# A pattern of 6 elements for a tile of 4 per partition: the operation's own
# check, the same from nkirun and from nkic's trace.
# build: -n 2
# run: -n 2
# program:
# exit: 1
# expect: iota_count_mismatch.py:17:5: error: iota: the pattern has 6 elements, but dst has 4 per partition (ranks 0, 1)
# expect-build: iota_count_mismatch.py:17:5: error: iota: the pattern has 6 elements, but dst has 4 per partition
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 4), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=t, pattern=[[1, 2], [10, 3]])
    return t
