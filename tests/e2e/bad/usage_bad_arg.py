# -a without '='.
# run: -n 1 -a input
# exit: 2
# expect: nkirun: error: -a expects NAME=VALUE, got 'input'
import nki


@nki.jit
def kernel(input):
    return input
