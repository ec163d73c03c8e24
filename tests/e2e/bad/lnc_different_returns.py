# A rank's outputs are its shared tensors, read once: its LNC programs must
# return the same ones. The error is at the second program's return and
# names the first's.
# run: -n 2 --lnc 2
# exit: 1
# expect: lnc_different_returns.py:20:5: error: program 1 returns 'b', program 0 returns 'a' at lnc_different_returns.py:19:9 (the programs of a rank must return the same tensors) (ranks 0, 1, program 1)
# expect: <caret>    return b
# expect: <caret>    ^~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    a = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    b = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    if nl.program_id(0) == 0:
        return a
    return b
