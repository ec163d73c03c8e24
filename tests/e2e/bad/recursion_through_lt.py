# sorted() calling a __lt__ that compares with < again: the recursion is
# reported at the comparison in __lt__.
# run: -n 1
# exit: 1
# expect: recursion_through_lt.py:11:16: error: maximum recursion depth exceeded (rank 0)
import nki


class Key:
    def __lt__(self, other):
        return self < other


@nki.jit
def kernel():
    print(sorted([Key(), Key()]))
