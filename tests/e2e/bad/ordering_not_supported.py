# Ordering user objects whose class defines no __lt__ (and whose reflected
# __gt__ is missing too): Python's TypeError, located at the sort.
# run: -n 1
# exit: 1
# expect: ordering_not_supported.py:17:11: error: '<' not supported between instances of 'Tile' and 'Tile' (rank 0)
import nki


class Tile:
    def __init__(self, size):
        self.size = size


@nki.jit
def kernel():
    tiles = [Tile(2), Tile(1)]
    print(sorted(tiles))
