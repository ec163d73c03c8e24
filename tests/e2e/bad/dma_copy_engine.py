# A DMA is triggered by the Sync or the Scalar Engine.
# run: -n 1 -a x=@data/f32_2x3.npy
# exit: 1
# expect: dma_copy_engine.py:15:5: error: dma_copy: engine must be nisa.engine.sync or nisa.engine.scalar, the engines that trigger a hardware-DGE transfer (or left unknown) (rank 0)
# expect: <caret>    nisa.dma_copy(dst=t, src=x, engine=nisa.engine.vector)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel(x):
    t = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.sbuf, name="t")
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x, engine=nisa.engine.vector)
    nisa.dma_copy(dst=out, src=t)
    return out
