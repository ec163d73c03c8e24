"""Tensor views: every other column of each row, taken with `slice` and
checked against the same view built by hand with `.ap()` from its
`get_pattern()`; the result is returned as a reshaped view, which keeps its
variable's name for the output file (`evens.npy`).

    nkirun run examples/strided_view.py -n 1 -a x=@examples/data/rows_rank0.npy --print
"""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def strided_view(x):
    rows, cols = x.shape
    tile = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=x)
    picked = tile.slice(1, 0, cols, 2)
    by_hand = tile.ap(pattern=((cols, rows), (2, cols // 2)), offset=0)
    assert picked.get_pattern() == by_hand.get_pattern(), picked.get_pattern()
    assert not picked.is_indirect() and not picked.is_contiguous()
    evens = nl.ndarray((rows, cols // 2), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=evens, src=by_hand)
    return evens.reshape((rows * cols // 4, 2))
