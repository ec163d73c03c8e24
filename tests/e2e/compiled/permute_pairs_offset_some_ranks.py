# collective_permute with pairs, sending a row chosen by the rank id at run
# time from a 2-row tensor: past the end on ranks 2 and 3. nkirun and the
# program check every member's operand before anything moves (the program
# used to fail at its first failing transfer, rank 3's, and name every
# member), so both name ranks 2 and 3 and the elements each reads.
# build: -n 4 -a input=f32[4,8]
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: permute_pairs_offset_some_ranks.py:26:5: error: collective_permute: access pattern out of bounds: elements 16..23 of 'src' (16 elements) on rank 2; elements 24..31 of 'src' (16 elements) on rank 3 (ranks 2, 3)
# expect: <caret>    ncc.collective_permute(srcs=[view], dsts=[out], source_target_pairs=[(0, 1), (1, 2), (2, 3), (3, 0)])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input):
    rows, cols = input.shape
    src = nl.ndarray((2, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input[0:2, :])
    out = nl.ndarray((1, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="out")
    view = src.ap(pattern=[[cols, 1], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    ncc.collective_permute(srcs=[view], dsts=[out], source_target_pairs=[(0, 1), (1, 2), (2, 3), (3, 0)])
    return out
