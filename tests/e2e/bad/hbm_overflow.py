# A tensor larger than a rank's HBM is refused before anything is allocated;
# an unnamed tensor is called by the variable it is assigned to.
# run: -n 1
# exit: 1
# expect: hbm_overflow.py:14:12: error: HBM overflow: allocating 'huge' needs 16 GiB, 0 bytes of 12 GiB already live (rank 0)
# expect: <caret>    huge = nl.ndarray((4, 1024, 1024, 1024), dtype=nl.float32, buffer=nl.shared_hbm)
# expect: <caret>           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl


@nki.jit
def kernel():
    huge = nl.ndarray((4, 1024, 1024, 1024), dtype=nl.float32, buffer=nl.shared_hbm)
    return huge
