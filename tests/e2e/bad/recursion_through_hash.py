# A __hash__ that hashes itself, reached through a dict lookup.
# run: -n 1
# exit: 1
# expect: recursion_through_hash.py:10:16: error: maximum recursion depth exceeded (rank 0)
import nki


class Key:
    def __hash__(self):
        return hash(self)


@nki.jit
def kernel():
    print({Key(): 1})
