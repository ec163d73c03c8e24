# A tensor name with a newline, a backslash and other control characters:
# the diagnostic stays on one line, each control character escaped, in
# nkirun and in the program alike, naming both ranks.
# build: -n 2
# run: -n 2
# program:
# exit: 1
# expect: strict_control_name.py:19:5: error: strict mode: element [0, 0] of 'a\\nb\x01\tc' is read but was never written (ranks 0, 1)
# expect: <caret>    nisa.dma_copy(dst=o, src=t)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="a\\\nb\x01\tc")
    o = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="o")
    nisa.dma_copy(dst=o, src=t)
    return o
