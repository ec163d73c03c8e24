# A set literal: not supported, located at its '{' (not "expected ':'").
# run: -n 1
# exit: 1
# expect: syntax_set.py:10:9: error: set literals are not supported
import nki


@nki.jit
def kernel():
    s = {1, 2}
    return s
