# affine_select's on_false_value goes into dst as a fill does: -inf cannot
# be an int32 element.
# build: -n 1
# run: -n 1
# exit: 1
# expect: affine_select_on_false_int.py:18:5: error: affine_select: on_false_value cannot be an element of dst 'd' (int32, sbuf, [4, 4]): a fill of int32 must round to an integer from -2147483648 to 2147483647, and -inf does not (rank 0)
# expect-build: affine_select_on_false_int.py:18:5: error: affine_select: on_false_value cannot be an element of dst 'd' (int32, sbuf, [4, 4]): a fill of int32 must round to an integer from -2147483648 to 2147483647, and -inf does not
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    a = nl.ndarray((4, 4), dtype=nl.int32, buffer=nl.sbuf)
    nisa.memset(dst=a, value=1)
    d = nl.ndarray((4, 4), dtype=nl.int32, buffer=nl.sbuf)
    nisa.affine_select(dst=d, pattern=[[-1, 4]], channel_multiplier=1, on_true_tile=a,
                       on_false_value=float("-inf"), cmp_op=nl.greater_equal)
    return a
