# Strict mode: a register loaded from an SBUF element that was never written.
# run: -n 1
# exit: 1
# expect: strict_register_load.py:15:5: error: strict mode: element [0, 1] of 'slots' is read but was never written (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    slots = nl.ndarray((1, 2), dtype=nl.int32, buffer=nl.sbuf, name="slots")
    nisa.memset(dst=slots[0:1, 0:1], value=3)
    r = nisa.register_alloc(0)
    nisa.register_load(r, slots[0:1, 1:2])
    return slots
