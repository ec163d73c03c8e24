# Through the GpSimd's own DMA, sendrecv moves at most 1024 bytes per
# partition of a 32-bit dtype: 257 float32 values are one too many.
# run: -n 1 --lnc 2
# exit: 1
# expect: sendrecv_gpsimd_too_large.py:18:5: error: sendrecv: dma_engine.gpsimd_dma moves at most 1024 bytes per partition of float32, and the tile has 1028 (rank 0, program 0)
# expect: <caret>    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0,
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    me = nl.program_id(0)
    t = nl.ndarray((4, 257), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    r = nl.ndarray((4, 257), dtype=nl.float32, buffer=nl.sbuf)
    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0,
                  dma_engine=nisa.dma_engine.gpsimd_dma)
    return nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
