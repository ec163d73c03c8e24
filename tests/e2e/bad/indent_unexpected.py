# An indented line where no block opens.
# run: -n 1
# exit: 1
# expect: indent_unexpected.py:10:9: error: unexpected indent
import nki

@nki.jit
def kernel(x):
    y = 1
        return x
