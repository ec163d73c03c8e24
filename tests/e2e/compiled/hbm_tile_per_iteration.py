# A `range` loop that makes a 16 MiB HBM tensor per iteration, under a 40 MiB
# memory limit given to the program when it runs: ten of them would need
# 160 MiB, and both nkirun and the compiled program hold at most two.
# build: -n 1
# run: -n 1 --memory-limit 40M --print
# program: --memory-limit 40M --print
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    o = nl.ndarray((10, 1), dtype=nl.float32, buffer=nl.shared_hbm)
    for i in range(10):
        t = nl.ndarray((2048, 2048), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.memset(dst=t, value=i)
        nisa.dma_copy(dst=o[i], src=t[0:1, 0:1])
    return o
