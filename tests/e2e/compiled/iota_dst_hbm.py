# iota writes SBUF only.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: iota_dst_hbm.py:16:5: error: iota: dst must be in SBUF, and 't' is in shared_hbm (rank 0)
# expect-build: iota_dst_hbm.py:16:5: error: iota: dst must be in SBUF, and 't' is in shared_hbm
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 4), dtype=nl.int32, buffer=nl.shared_hbm)
    nisa.iota(dst=t, pattern=[[1, 4]])
    return t
