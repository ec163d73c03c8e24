# Under --lnc 2 each program reads the block its rank id picks at run time,
# program 1 one block further on: with 2 ranks and room for 2 blocks only
# rank 1's program 1 reaches past the end. The built program runs program 0
# then program 1, as nkirun does, and names the program in its error alike.
# build: -n 2 --lnc 2 -a input=f32[4,8] -a num_blocks=2
# run: -n 2 --lnc 2 -a input=@../bad/data/f32_4x8_rank{rank}.npy -a num_blocks=2
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: lnc_offset_out_of_bounds.py:26:5: error: access pattern out of bounds: elements 64..95 of 'blocks' (64 elements) (rank 1, program 1)
# expect: <caret>    nisa.dma_copy(dst=mine, src=view)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input, num_blocks):
    rows, cols = input.shape
    blocks = nl.ndarray((num_blocks, rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="blocks")
    nisa.memset(dst=blocks, value=0.0)
    mine = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="mine")
    view = blocks.ap(pattern=[[cols, rows], [1, cols]], offset=nl.program_id(0) * rows * cols,
                     scalar_offset=ncc.rank_id(), indirect_dim=0)
    nisa.dma_copy(dst=mine, src=view)
    return mine
