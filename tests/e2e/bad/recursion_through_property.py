# A property whose getter reads itself recurses without end: reported at
# the attribute read that went one call too deep.
# run: -n 1
# exit: 1
# expect: recursion_through_property.py:12:16: error: maximum recursion depth exceeded (rank 0)
import nki


class Tile:
    @property
    def size(self):
        return self.size


@nki.jit
def kernel():
    print(Tile().size)
