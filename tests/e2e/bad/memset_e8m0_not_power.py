# float8_e8m0fnu holds powers of two: a memset of 3 is a located error (of 0.25 or NaN, none).
# run: -n 1
# exit: 1
# expect: memset_e8m0_not_power.py:15:5: error: float8_e8m0fnu holds the powers of two from 2^-127 to 2^127 and NaN, not 3 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((1, 2), dtype=nl.float8_e8m0fnu, buffer=nl.shared_hbm)
    nisa.memset(t[:, 0:1], 0.25)
    nisa.memset(t[:, 1:2], float("nan"))
    nisa.memset(t, 3)
    return t
