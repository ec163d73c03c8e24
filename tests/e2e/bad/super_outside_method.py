# super() without arguments outside a method: Python's RuntimeError, located.
# run: -n 1
# exit: 1
# expect: super_outside_method.py:9:12: error: super(): __class__ cell not found (rank 0)
import nki


def helper():
    return super().value


@nki.jit
def kernel():
    helper()
