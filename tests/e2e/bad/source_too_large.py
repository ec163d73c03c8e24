# A kernel file larger than the parser accepts (16 MiB) is refused at its
# first line before any work is done; the lines that make it that large are
# appended when the test runs.
# grow: ################################################################################ * 210000
# run: -n 1
# exit: 1
# expect: source_too_large.py:1:1: error: source is too large (17010455 bytes; the limit is 16777216)
import nki


@nki.jit
def kernel():
    return None
