# A class defining __eq__ without __hash__ is unhashable, as in Python: a
# dict key of it is a located TypeError.
# run: -n 1
# exit: 1
# expect: unhashable_user_key.py:19:14: error: unhashable type: 'Shape' (rank 0)
import nki


class Shape:
    def __init__(self, dims):
        self.dims = dims

    def __eq__(self, other):
        return self.dims == other.dims


@nki.jit
def kernel():
    cache = {Shape((2, 3)): "tile"}
    print(cache)
