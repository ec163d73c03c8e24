# affine_select's on_true_tile is laid out as dst.
# run: -n 1
# exit: 1
# expect: affine_select_shape.py:16:5: error: affine_select: dst 'out' (float32, sbuf, [8, 16]) must have the partitions (4) and the elements per partition (16) of on_true_tile 'a' (float32, sbuf, [4, 16]) (rank 0)
# expect: <caret>    nisa.affine_select(dst=out, pattern=[[-1, 16]], channel_multiplier=1, on_true_tile=a,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((4, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.affine_select(dst=out, pattern=[[-1, 16]], channel_multiplier=1, on_true_tile=a,
                       on_false_value=0.0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
