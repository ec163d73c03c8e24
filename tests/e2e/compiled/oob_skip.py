# As offset_out_of_bounds.py, with oob_mode=skip: the ranks whose block lies
# past the end drop the transfer and keep their zeros, interpreted and
# compiled alike.
# build: -n 4 -a input=f32[4,8] -a num_blocks=2
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy -a num_blocks=2 --print
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy --print
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input, num_blocks):
    rows, cols = input.shape
    blocks = nl.ndarray((num_blocks, rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="blocks")
    for b in nl.static_range(num_blocks):
        nisa.dma_copy(dst=blocks[b], src=input)
    mine = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="mine")
    nisa.memset(dst=mine, value=0.0)
    view = blocks.ap(pattern=[[cols, rows], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    nisa.dma_copy(dst=mine, src=view, oob_mode=nisa.oob_mode.skip)
    return mine
