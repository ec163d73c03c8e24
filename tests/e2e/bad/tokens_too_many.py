# More tokens than the parser accepts (4 million: its memory grows with
# them) are refused where the limit is crossed, here by nkic; the million
# statements are appended when the test runs.
# grow:     x = 1 * 1000000
# nkic-raw: check tokens_too_many.py -n 1
# exit: 1
# expect: tokens_too_many.py:1000007:7: error: too many tokens (the limit is 4000000)
import nki


@nki.jit
def kernel():
    x = 0
