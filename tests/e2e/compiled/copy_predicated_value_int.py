# tensor_copy_predicated's number goes into dst as a fill does: 256 is not
# a uint8.
# build: -n 1
# run: -n 1
# exit: 1
# expect: copy_predicated_value_int.py:18:5: error: tensor_copy_predicated: src cannot be an element of dst 'd' (uint8, sbuf, [4, 4]): a fill of uint8 must be an integer from 0 to 255, not 256 (rank 0)
# expect-build: copy_predicated_value_int.py:18:5: error: tensor_copy_predicated: src cannot be an element of dst 'd' (uint8, sbuf, [4, 4]): a fill of uint8 must be an integer from 0 to 255, not 256
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    p = nl.ndarray((4, 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.memset(dst=p, value=1)
    d = nl.ndarray((4, 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.tensor_copy_predicated(dst=d, src=256, predicate=p)
    return p
