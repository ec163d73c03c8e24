# -o naming a file where a folder is wanted is a command-line mistake for
# nkirun and for the program alike: exit 2, one prefixed line, before the
# kernel runs.
# build: -n 1
# run: -n 1 -o /dev/null
# program: -o /dev/null
# exit: 2
# expect: nkirun: error: -o '/dev/null' is not a folder
# expect-program: prog: error: -o '/dev/null' is not a folder
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="t")
    nisa.memset(dst=t, value=1.0)
    return t
