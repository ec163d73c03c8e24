# tensor_tensor's dst lays out the elements of data1: the same partitions.
# run: -n 1
# exit: 1
# expect: tensor_tensor_dst_partitions.py:16:5: error: tensor_tensor: dst 'out' (float32, sbuf, [16, 8]) must have the partitions (8) and the elements per partition (16) of data1 'a' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.add)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    b = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="b")
    out = nl.ndarray((16, 8), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.add)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
