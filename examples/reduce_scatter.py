"""Reduce-scatter: the member at position i gets chunk i of the sum.

    nkirun run examples/reduce_scatter.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 --print
"""
import nki
from nki.collectives import ReplicaGroup
from nkilib.experimental.collectives import reduce_scatter_hbm_kernel


@nki.jit
def reduce_scatter(input, replica_group: ReplicaGroup, num_ranks: int):
    out = reduce_scatter_hbm_kernel(input, replica_group, num_ranks)
    return out
