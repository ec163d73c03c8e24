# nkic takes the same --lnc as nkirun, on check, emit and build alike.
# nkic-raw: build nkic_lnc_3.py -n 2 --lnc 3 -o never_built
# exit: 2
# expect: nkic: error: --lnc: the LNC (programs per rank) must be 1 or 2, not '3'
import nki


@nki.jit
def kernel():
    return None
