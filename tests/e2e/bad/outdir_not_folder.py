# nkirun -o naming a file that is not a folder: a usage error, prefixed,
# before the kernel runs.
# run: -n 1 -o /dev/null
# exit: 2
# expect: nkirun: error: -o '/dev/null' is not a folder
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="t")
    nisa.memset(dst=t, value=1.0)
    return t
