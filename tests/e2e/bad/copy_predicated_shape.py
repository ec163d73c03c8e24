# tensor_copy_predicated's predicate is laid out as dst.
# run: -n 1
# exit: 1
# expect: copy_predicated_shape.py:16:5: error: tensor_copy_predicated: predicate 'm' (uint8, sbuf, [8, 8]) must have the partitions (8) and the elements per partition (16) of dst 'out' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.tensor_copy_predicated(dst=out, src=1.0, predicate=m)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    m = nl.ndarray((8, 8), dtype=nl.uint8, buffer=nl.sbuf, name="m")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_copy_predicated(dst=out, src=1.0, predicate=m)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
