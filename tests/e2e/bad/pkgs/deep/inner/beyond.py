import nki
# Three levels up from the package deep.inner: beyond its top.
from ...x import y


@nki.jit
def k():
    return y
