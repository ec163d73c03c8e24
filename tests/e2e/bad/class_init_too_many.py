# The generated __init__ of an NKI class takes its fields, no more.
# run: -n 1
# exit: 1
# expect: class_init_too_many.py:18:9: error: Tile() takes 2 positional arguments but 3 were given (rank 0)
# expect: <caret>    t = Tile(1, 2, 3)
# expect: <caret>        ^~~~~~~~~~~~~
import nki
import nki.language as nl


class Tile(nl.NKIObject):
    size: int
    offset: int = 0


@nki.jit
def kernel():
    t = Tile(1, 2, 3)
