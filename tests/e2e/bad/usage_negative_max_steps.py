# --max-steps counts statements: 0 means no bound, a negative count is a mistake.
# run: -n 1 --max-steps -3
# exit: 2
# expect: nkirun: error: --max-steps: the bound cannot be negative (0: no bound)
import nki


@nki.jit
def kernel():
    pass
