# len() of a range of more than 2**63 - 1 items does not fit in an int,
# as in CPython (OverflowError); its items and membership still work.
# build: -n 1 
# run: -n 1 
# program:
# exit: 1
# expect: range_len_overflow.py:16:9: error: OverflowError: range() has more than 2**63 - 1 items (rank 0)
# expect-build: range_len_overflow.py:16:9: error: OverflowError: range() has more than 2**63 - 1 items
import nki


@nki.jit
def kernel():
    r = range(-9223372036854775807 - 1, 9223372036854775807)
    assert r[-1] == 9223372036854775806 and 9223372036854775806 in r
    n = len(r)
