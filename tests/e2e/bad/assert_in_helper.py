# A failed assert in a helper shows its f-string message, evaluated only on
# failure, at the assert.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: assert_in_helper.py:10:5: error: assertion failed: cols=3 must be a multiple of 2 (rank 0)
import nki


def check_cols(n):
    assert n % 2 == 0, f"cols={n} must be a multiple of {2}"


@nki.jit
def kernel(input):
    check_cols(4)
    check_cols(input.shape[1])
    return input
