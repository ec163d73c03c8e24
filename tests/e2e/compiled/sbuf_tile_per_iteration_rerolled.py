# As sbuf_tile_per_iteration.py, with an nl.affine_range loop whose
# iterations reroll into one loop that allocates and frees its tile in every
# iteration.
# build: -n 1
# run: -n 1 --print
# program: --print
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    o = nl.ndarray((100, 1024), dtype=nl.float32, buffer=nl.shared_hbm)
    for i in nl.affine_range(100):
        t = nl.ndarray((128, 1024), dtype=nl.float32, buffer=nl.sbuf)
        nisa.memset(dst=t, value=1)
        nisa.dma_copy(dst=o[i], src=t[0])
    return o
