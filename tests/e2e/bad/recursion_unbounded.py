# Recursion without end is an error, not a crash.
# run: -n 1
# exit: 1
# expect: recursion_unbounded.py:9:12: error: maximum recursion depth exceeded (rank 0)
import nki


def forever(n):
    return forever(n + 1)


@nki.jit
def kernel():
    forever(0)
