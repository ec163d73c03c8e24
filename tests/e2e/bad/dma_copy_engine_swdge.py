# engine= names the trigger of a hardware-DGE transfer only.
# run: -n 1 -a x=@data/f32_2x3.npy
# exit: 1
# expect: dma_copy_engine_swdge.py:15:5: error: dma_copy: engine names the engine of a hardware-DGE transfer, and dge_mode is dge_mode.swdge (rank 0)
# expect: <caret>    nisa.dma_copy(dst=t, src=x, dge_mode=nisa.dge_mode.swdge, engine=nisa.engine.scalar)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel(x):
    t = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.sbuf, name="t")
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x, dge_mode=nisa.dge_mode.swdge, engine=nisa.engine.scalar)
    nisa.dma_copy(dst=out, src=t)
    return out
