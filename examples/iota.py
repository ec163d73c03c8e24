"""Index tiles made on the device with nisa.iota, no input needed: `positions`
holds base + the row-major position of each element of a (rows, cols) int32
tile; `blocks` a float32 tile whose free dims are two blocks of descending
values, 1000 per partition apart.

    nkirun run examples/iota.py -n 2 -a rows=4 -a cols=6 -a base=10 --print
"""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def iota_tiles(rows, cols, base):
    tile = nl.ndarray((rows, cols), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=tile, pattern=[[1, cols]], offset=base, channel_multiplier=cols)
    positions = nl.ndarray((rows, cols), dtype=nl.int32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=positions, src=tile)

    half = cols // 2
    ramp = nl.ndarray((rows, 2, half), dtype=nl.float32, buffer=nl.sbuf)
    nisa.iota(ramp, [[100, 2], [-1, half]], channel_multiplier=1000)
    blocks = nl.ndarray((rows, 2, half), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=blocks, src=ramp)
    return positions, blocks
