# A module kernels cannot use is one `except ImportError` catches, as a
# missing one is: libraries probe for optional modules so (the run succeeds
# and reports what it caught on stderr).
# run: -n 1
# exit: 0
# expect: ModuleNotFoundError True
# expect: ImportError
import sys

import nki

try:
    import subprocess

    CAUGHT = None
except ModuleNotFoundError as e:
    CAUGHT = e

try:
    from nki.language import nkic_no_such_name
except ImportError as e:
    NAME_ERROR = e


@nki.jit
def kernel():
    print(type(CAUGHT).__name__, "not available" in str(CAUGHT), file=sys.stderr)
    print(type(NAME_ERROR).__name__, file=sys.stderr)
