"""float8 through the DMA: a float32 tile is scaled on the host side by the
caller (any float32 input), copied into a float8 tile of each format and
back, so each output shows that format's rounding. `q` is the
float8_e4m3 tile itself, written as one-byte raw values (`|V1`).

    nkirun run examples/float8_round_trip.py -n 1 -a x=@examples/data/rows_rank0.npy --print
"""
import nki
import nki.isa as nisa
import nki.language as nl

FORMATS = (nl.float8_e4m3, nl.float8_e4m3fn, nl.float8_e5m2)


@nki.jit
def float8_round_trip(x):
    rows, cols = x.shape
    tile = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=x)
    backs = []
    for fmt in FORMATS:
        narrow = nl.ndarray((rows, cols), dtype=fmt, buffer=nl.sbuf)
        nisa.dma_copy(dst=narrow, src=tile)
        back = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=back, src=narrow)
        backs.append(back)
    q = nl.ndarray((rows, cols), dtype=nl.float8_e4m3, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=q, src=tile)
    e4m3, e4m3fn, e5m2 = backs
    return q, e4m3, e4m3fn, e5m2
