# An all-gather over the lists [0, 1] and [2, 3] of a row chosen by the rank
# id at run time from a 1-row tensor: past the end on ranks 1, 2 and 3.
# nkirun completes list [0, 1] first (the ranks run in order) and reports
# its failure; list [2, 3] fails otherwise and is not named. The program,
# which checks both lists at once, reports the same.
# build: -n 4 -a input=f32[4,8]
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: collective_offset_first_list.py:24:5: error: all_gather: access pattern out of bounds: elements 8..15 of 'src' (8 elements) (rank 1)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input):
    rows, cols = input.shape
    src = nl.ndarray((1, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input[0:1, :])
    out = nl.ndarray((2, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="out")
    view = src.ap(pattern=[[cols, 1], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    ncc.all_gather(srcs=[view], dsts=[out], replica_group=ncc.ReplicaGroup([[0, 1], [2, 3]]), collective_dim=0)
    return out
