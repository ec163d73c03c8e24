# A short kernel, whose allocations are statements of the program rather
# than table rows, under a memory limit given when the program runs: both
# fail at the second allocation (the first tensor is still needed), located,
# with the same accounting.
# build: -n 1
# run: -n 1 --memory-limit 20M
# program: --memory-limit 20M
# exit: 1
# expect: memory_limit_statement.py:21:12: error: memory limit exceeded: 'half' needs 8 MiB, the tensors of all ranks hold 16 MiB already, and the limit is 20 MiB (--memory-limit) (rank 0)
# expect: <caret>    half = nl.ndarray((1024, 2048), dtype=nl.float32, buffer=nl.shared_hbm)
# expect: <caret>           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    big = nl.ndarray((2048, 2048), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=big, value=1.0)
    half = nl.ndarray((1024, 2048), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=half, src=big[0:1024, :])
    o = nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=o, src=half[0:1, 0:1])
    return o
