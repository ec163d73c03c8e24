# affine_select's pattern has at most 4 dims.
# run: -n 1
# exit: 1
# expect: affine_select_pattern_dims.py:16:5: error: affine_select: pattern must have 1 to 4 [step, count] pairs, not 5 (rank 0)
# expect: <caret>    nisa.affine_select(dst=out, pattern=[[1, 2], [1, 2], [1, 2], [1, 2], [1, 1]],
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.affine_select(dst=out, pattern=[[1, 2], [1, 2], [1, 2], [1, 2], [1, 1]],
                       channel_multiplier=1, on_true_tile=a, on_false_value=0.0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
