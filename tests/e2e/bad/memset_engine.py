# memset runs on the Vector or the GpSimd Engine.
# run: -n 1
# exit: 1
# expect: memset_engine.py:14:5: error: memset: engine must be nisa.engine.vector or nisa.engine.gpsimd (or left unknown) (rank 0)
# expect: <caret>    nisa.memset(dst=t, value=0.0, engine=nisa.engine.scalar)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, name="t")
    nisa.memset(dst=t, value=0.0, engine=nisa.engine.scalar)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
