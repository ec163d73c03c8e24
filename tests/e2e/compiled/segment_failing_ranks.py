# Ranks that fail at different iterations of one loop of transfers: rank r
# reads block r + i, and with 4 blocks rank 3 runs out at i = 1, rank 2 at
# i = 2, rank 1 at i = 3, each reading block 4. The loop is a stretch each
# rank of the program runs on its own, as nkirun runs it: one error, the
# lowest failing rank's, naming the ranks that failed alike.
# build: -n 4 -a input=f32[4,8] -a num_blocks=4
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy -a num_blocks=4
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: segment_failing_ranks.py:27:9: error: access pattern out of bounds: elements 128..159 of 'blocks' (128 elements) (ranks 1-3)
# expect: <caret>        nisa.dma_copy(dst=mine[i], src=view)
# expect: <caret>        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input, num_blocks):
    rows, cols = input.shape
    blocks = nl.ndarray((num_blocks, rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="blocks")
    nisa.memset(dst=blocks, value=0.0)
    mine = nl.ndarray((4, rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="mine")
    for i in nl.affine_range(4):
        view = blocks.ap(pattern=[[cols, rows], [1, cols]], offset=i * rows * cols, scalar_offset=ncc.rank_id(), indirect_dim=0)
        nisa.dma_copy(dst=mine[i], src=view)
    return mine
