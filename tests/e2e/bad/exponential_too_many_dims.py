# exponential's tiles have at most 4 dims.
# run: -n 1 --platform trn3
# exit: 1
# expect: exponential_too_many_dims.py:16:5: error: exponential: src must have at most 4 dims, not 5 (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 2, 2, 2, 2), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
