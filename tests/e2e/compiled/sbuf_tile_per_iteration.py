# A `range` loop that makes an SBUF tile per iteration, each filled with a
# value of its own, so the iterations do not reroll into one loop. Held all
# at once, the 100 tiles (4 KiB per partition each) would need 400 KiB per
# partition, more than SBUF has; the compiled program, as nkirun, frees each
# tile once its last use is past.
# build: -n 1
# run: -n 1 --print
# program: --print
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    for i in range(100):
        t = nl.ndarray((128, 1024), dtype=nl.float32, buffer=nl.sbuf)
        nisa.memset(dst=t, value=i)
    o = nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=o, src=t[0:1, 0:1])
    return o
