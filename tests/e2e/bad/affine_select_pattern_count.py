# affine_select's pattern covers each partition's elements.
# run: -n 1
# exit: 1
# expect: affine_select_pattern_count.py:16:5: error: affine_select: the pattern has 32 elements, but dst 'out' (float32, sbuf, [8, 16]) has 16 per partition (rank 0)
# expect: <caret>    nisa.affine_select(dst=out, pattern=[[1, 4], [-1, 8]], channel_multiplier=1,
# expect: <caret>    ^
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.affine_select(dst=out, pattern=[[1, 4], [-1, 8]], channel_multiplier=1,
                       on_true_tile=a, on_false_value=0.0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
