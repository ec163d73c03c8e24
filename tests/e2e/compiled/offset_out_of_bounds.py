# A block chosen by the rank id at run time: with 4 ranks and room for 2
# blocks, ranks 2 and 3 reach past the end. Generated code cannot know that
# when it is built, so the program checks the offset when it runs.
# build: -n 4 -a input=f32[4,8] -a num_blocks=2
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy -a num_blocks=2
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: offset_out_of_bounds.py:24:5: error: access pattern out of bounds: elements 64..95 of 'blocks' (64 elements) (rank 2)
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
    view = blocks.ap(pattern=[[cols, rows], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    nisa.dma_copy(dst=mine, src=view)
    return mine
