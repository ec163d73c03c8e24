# A built program's LNC is fixed by nkic build --lnc: the same --lnc is
# accepted, another is a command-line mistake (exit 2), as an LNC nkirun
# does not know is.
# build: -n 2 --lnc 2
# run: -n 2 --lnc 3
# program: --lnc 1
# exit: 2
# expect: nkirun: error: --lnc: the LNC (programs per rank) must be 1 or 2, not '3'
# expect-program: prog: error: this program was built for --lnc 2 (nkic build --lnc); it cannot run with --lnc 1
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    out = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=out, value=1.0)
    return out
