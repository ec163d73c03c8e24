# A relative import in a file that is in no package.
# run: -n 1
# exit: 1
# expect: import_no_parent_package.py:6:6: error: attempted relative import with no known parent package (rank 0)
import nki
from .helpers import tile


@nki.jit
def kernel():
    return tile
