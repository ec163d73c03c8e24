# affine_select writes to SBUF.
# run: -n 1
# exit: 1
# expect: affine_select_dst_psum.py:16:5: error: affine_select: dst must be in SBUF, 'out' (float32, psum, [8, 16]) is not (rank 0)
# expect: <caret>    nisa.affine_select(dst=out, pattern=[[-1, 16]], channel_multiplier=1, on_true_tile=a,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.psum, name="out")
    nisa.affine_select(dst=out, pattern=[[-1, 16]], channel_multiplier=1, on_true_tile=a,
                       on_false_value=0.0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
