# A pattern of five dims: the ISA's has four.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: iota_pattern_dims.py:16:5: error: iota: pattern must have 1 to 4 [step, count] pairs, not 5 (rank 0)
# expect-build: iota_pattern_dims.py:16:5: error: iota: pattern must have 1 to 4 [step, count] pairs, not 5
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=t, pattern=[[1, 1], [1, 1], [1, 1], [1, 1], [1, 1]])
    return t
