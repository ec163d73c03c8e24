# nkic build -o '' names no program.
# nkic-raw: build nkic_output_empty.py -n 1 -o ''
# exit: 2
# expect: nkic: error: -o needs the path of the file to write
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="t")
    nisa.memset(dst=t, value=1.0)
    return t
