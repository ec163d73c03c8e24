# A call written over several lines is shown by its first line with a caret
# at its first column, by nkirun and by the built program alike.
# build: -n 4 -a input=f32[4,8] -a num_blocks=2
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy -a num_blocks=2
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: multiline_call_caret.py:23:5: error: access pattern out of bounds: elements 64..95 of 'blocks' (64 elements) (rank 2)
# expect: <caret>    nisa.dma_copy(dst=mine,
# expect: <caret>    ^
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
    nisa.dma_copy(dst=mine,
                  src=view)
    return mine
