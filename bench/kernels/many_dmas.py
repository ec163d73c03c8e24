"""Many small DMAs: each rank copies its (rows, cols) input into a shared-HBM
output one row at a time, `rows` row-sized transfers per rank. It measures
the cost of issuing a DMA (the interpreter evaluates each one; a compiled
program runs a loop of block copies), not bandwidth. Used by bench/run.sh
with a (4096, 32) float32 input on 4 ranks (and, to show the bandwidth-bound
case, a (4096, 256) one).

    nkirun run bench/kernels/many_dmas.py -n 4 -a input=@ROWS_4096x256.npy --time
"""
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def many_dmas(input):
    rows, cols = input.shape
    out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    for i in nl.affine_range(rows):
        nisa.dma_copy(dst=out[i:i + 1, :], src=input[i:i + 1, :])
    return out
