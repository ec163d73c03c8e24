# The Tensor Engine does not run element-wise operations.
# run: -n 1
# exit: 1
# expect: tensor_tensor_engine.py:15:5: error: tensor_tensor: engine must be nisa.engine.vector, scalar or gpsimd (or left unknown) (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=a, op=nl.add, engine=nisa.engine.tensor)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=a, op=nl.add, engine=nisa.engine.tensor)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
