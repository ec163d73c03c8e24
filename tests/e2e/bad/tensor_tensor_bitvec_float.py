# Bit-vector operators take integer tiles.
# run: -n 1
# exit: 1
# expect: tensor_tensor_bitvec_float.py:16:5: error: tensor_tensor: the bit-vector operator nl.bitwise_and takes integer tiles, and data2 'b' (float32, sbuf, [8, 16]) is not (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.bitwise_and)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="a")
    b = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="b")
    out = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.bitwise_and)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
