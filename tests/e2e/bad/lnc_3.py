# An LNC is 1 or 2: anything else is a command-line mistake, before the
# kernel is read.
# run-raw: run lnc_3.py --lnc 3
# exit: 2
# expect: nkirun: error: --lnc: the LNC (programs per rank) must be 1 or 2, not '3'
import nki


@nki.jit
def kernel():
    return None
