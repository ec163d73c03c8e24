# list() of a range of 2**64 - 1 items: too long, said before any is made.
# build: -n 1 
# run: -n 1 
# program:
# exit: 1
# expect: range_list_too_long.py:13:13: error: list of a range too long (more than 10000000 items) (rank 0)
# expect-build: range_list_too_long.py:13:13: error: list of a range too long (more than 10000000 items)
import nki


@nki.jit
def kernel():
    items = list(range(-9223372036854775807 - 1, 9223372036854775807))
