# A def without its colon.
# run: -n 1
# exit: 1
# expect: syntax_missing_colon.py:8:14: error: expected ':'
import nki


def kernel(x)
    return x
