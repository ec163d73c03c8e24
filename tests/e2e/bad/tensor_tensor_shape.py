# tensor_tensor's tiles must have the same partitions and elements per partition.
# run: -n 1
# exit: 1
# expect: tensor_tensor_shape.py:16:5: error: tensor_tensor: data2 'b' (float32, sbuf, [8, 12]) must have the partitions (8) and the elements per partition (16) of data1 'a' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.multiply)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    b = nl.ndarray((8, 12), dtype=nl.float32, buffer=nl.sbuf, name="b")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.multiply)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
