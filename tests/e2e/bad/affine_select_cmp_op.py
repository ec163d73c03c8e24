# affine_select compares the affine value with 0.
# run: -n 1
# exit: 1
# expect: affine_select_cmp_op.py:16:5: error: affine_select: cmp_op must be a comparison (nl.equal, nl.not_equal, nl.less, nl.less_equal, nl.greater or nl.greater_equal), not nl.add (rank 0)
# expect: <caret>    nisa.affine_select(dst=out, pattern=[[-1, 16]], channel_multiplier=1, on_true_tile=a,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.affine_select(dst=out, pattern=[[-1, 16]], channel_multiplier=1, on_true_tile=a,
                       on_false_value=0.0, cmp_op=nl.add)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
