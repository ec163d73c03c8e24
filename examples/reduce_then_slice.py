"""Per-rank slicing with rank_id: the group sums its inputs, then rank r keeps
row block r of the sum, selected at run time by the rank_id register (the
result of a reduce-scatter, computed another way).

    nkirun run examples/reduce_then_slice.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 --print
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup


@nki.jit
def reduce_then_slice(input, replica_group: ReplicaGroup, num_ranks: int):
    rows, cols = input.shape
    block = rows // num_ranks
    # (num_ranks, block, cols): a scalar offset on dim 0 then steps whole blocks.
    blocked = (num_ranks, block, cols)
    src = nl.ndarray(blocked, dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input)
    total = nl.ndarray(blocked, dtype=input.dtype, buffer=nl.shared_hbm, name="total")
    ncc.all_reduce(srcs=[src], dsts=[total], replica_group=replica_group, op=nl.add)

    mine = nl.ndarray((block, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    my_block = total.ap(pattern=[[cols, block], [1, cols]], offset=0,
                        scalar_offset=ncc.rank_id(), indirect_dim=0)
    nisa.dma_copy(dst=mine, src=my_block)
    return mine
