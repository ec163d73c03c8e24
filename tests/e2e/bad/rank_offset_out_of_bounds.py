# With groups of 2 on 4 ranks, ranks 2 and 3 select blocks past the end: the
# rank id is global, not the position in the group.
# run: -n 4 -a input=@data/f32_4x8_rank{rank}.npy -a "replica_group=[[0, 1], [2, 3]]" -a num_ranks=2
# exit: 1
# expect: rank_offset_out_of_bounds.py:22:5: error: access pattern out of bounds: elements 32..47 of 'total' (32 elements) (rank 2)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input, replica_group, num_ranks):
    rows, cols = input.shape
    block = rows // num_ranks
    src = nl.ndarray((num_ranks, block, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input)
    total = nl.ndarray((num_ranks, block, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="total")
    ncc.all_reduce(srcs=[src], dsts=[total], replica_group=replica_group, op=nl.add)
    mine = nl.ndarray((block, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    view = total.ap(pattern=[[cols, block], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    nisa.dma_copy(dst=mine, src=view)
    return mine
