"""Many small DMAs through SBUF: each rank copies its (rows, cols) input to a
shared-HBM output one row at a time, each row through a tile of its own, one
nl.ndarray and two dma_copy a row. It measures what the interpreter spends
on each statement; bench/python/staged_dmas.py does the same work in Python
and NumPy. Used by bench/interp_speed.sh with a (4096, 32) float32 input on
4 ranks.

    nkirun run bench/kernels/staged_dmas.py -n 4 -a input=@ROWS_4096x32.npy --time
"""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def staged_dmas(input):
    rows, cols = input.shape
    out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    for i in nl.affine_range(rows):
        tile = nl.ndarray((1, cols), dtype=input.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=input[i:i + 1, :])
        nisa.dma_copy(dst=out[i:i + 1, :], src=tile)
    return out
