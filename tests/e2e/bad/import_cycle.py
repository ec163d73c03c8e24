# An import cycle where one module wants a name the other has not defined yet.
# run: -n 1 -I pkgs
# exit: 1
# expect: pkgs/cyc/b.py:1:16: error: cannot import name 'f' from partially initialized module 'cyc.a' (most likely due to a circular import: cyc.a -> cyc.b -> cyc.a) (rank 0)
# expect: from .a import f
# expect: <caret>               ^
import nki
import cyc.a


@nki.jit
def kernel():
    return cyc.a.f()
