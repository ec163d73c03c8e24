"""All-gather: every member gets the members' inputs stacked along dim 0.

    nkirun run examples/all_gather.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 --print
"""
import nki
from nki.collectives import ReplicaGroup
from nkilib.experimental.collectives import all_gather_hbm_kernel


@nki.jit
def all_gather(input, replica_group: ReplicaGroup, num_ranks: int):
    out = all_gather_hbm_kernel(input, replica_group, num_ranks)
    return out
