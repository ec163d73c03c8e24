# A loop over an nl range of 2**64 - 1 items runs (until it breaks), as a
# Python range does, rather than silently not at all.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: nl_range_huge.py:20:5: error: assertion failed: ran 4 iterations, the last -9223372036854775805 (rank 0)
# expect-build: nl_range_huge.py:20:5: error: assertion failed: ran 4 iterations, the last -9223372036854775805
import nki
import nki.language as nl


@nki.jit
def kernel():
    n = 0
    for i in nl.static_range(-9223372036854775807 - 1, 9223372036854775807):
        n = n + 1
        if n > 3:
            break
    assert n == 0, 'ran ' + str(n) + ' iterations, the last ' + str(i)
