"""Tensor views: every other column of each row, taken with `slice` and
checked against the same view built by hand with `.ap()` from its
`get_pattern()`; the result is returned as a reshaped view, which keeps its
variable's name for the output file (`evens.npy`). The other view methods
feed DMAs too: column pairs split and transposed (`reshape_dim`, `permute`,
`rearrange`, `flatten_dims`), the first column repeated (`select`,
`broadcast`), and rows chosen at run time (`select` with a register, this
rank's row, and with an SBUF scalar).

    nkirun run examples/strided_view.py -n 1 -a x=@examples/data/rows_rank0.npy --print
"""
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


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

    # [r, j, k] = x[r, 2 * k + j]: column pairs split, then transposed.
    pairs = tile.reshape_dim(1, (-1, 2)).permute((0, 2, 1))
    assert pairs.shape == (rows, 2, cols // 2) and not pairs.is_contiguous()
    named = tile.rearrange(("r", ("k", "j")), ("r", "j", "k"), {"j": 2})
    assert named.get_pattern() == pairs.get_pattern(), named.get_pattern()
    split = nl.ndarray((rows, 2, cols // 2), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=split, src=named)

    # [r, k] = x[r, 0]: on SBUF select keeps the view 2-D, (rows, 1).
    first = tile.select(1, 0).broadcast(1, 3).expand_dim(2)
    assert first.shape == (rows, 3, 1) and first.strides == (cols, 0, 1), first.strides
    firsts = nl.ndarray((rows, 3), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=firsts, src=first.squeeze_dim(2))

    # Row rank_id() of x, read from HBM at run time.
    mine = x.select(0, ncc.rank_id())
    assert mine.is_indirect() and mine.shape == (cols,)
    own_row = nl.ndarray((cols,), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=own_row, src=mine)
    # Row 1 of x, its index read from an SBUF scalar when the DMA runs.
    at = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.memset(at, 1)
    second_row = nl.ndarray((cols,), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=second_row, src=x.select(0, at))
    return (evens.reshape((rows * cols // 4, 2)), split.flatten_dims(1, 2), firsts, own_row,
            second_row)
