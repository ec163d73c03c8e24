# A __setattr__ that assigns with setattr() calls itself without end.
# run: -n 1
# exit: 1
# expect: recursion_through_setattr.py:10:9: error: maximum recursion depth exceeded (rank 0)
import nki


class Config:
    def __setattr__(self, name, value):
        setattr(self, name, value)


@nki.jit
def kernel():
    c = Config()
    c.tiles = 4
