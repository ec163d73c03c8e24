# Tensors of all ranks together above --memory-limit: refused before anything
# is allocated, naming the tensor, what the ranks hold already and the limit.
# Ranks 0 and 1 finish (their outputs, read back, count: 64 KiB); ranks 2 and
# 3 each hold 'stage' when they ask for 'out'.
# run: -n 4 --memory-limit 96K
# exit: 1
# expect: memory_limit.py:17:11: error: memory limit exceeded: 'out' needs 32 KiB, the tensors of all ranks hold 96 KiB already, and the limit is 96 KiB (--memory-limit) (ranks 2, 3)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    stage = nl.ndarray((64, 128), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=stage, value=1.0)
    out = nl.ndarray((64, 128), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=stage)
    return out
