"""All-to-all: the member at position i gets, as chunk j, member j's chunk i.

    nkirun run examples/all_to_all.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1, 2, 3]]" --print
"""
import nki
from nki.collectives import ReplicaGroup
from nkilib.experimental.collectives import all_to_all_hbm_kernel


@nki.jit
def all_to_all(input, replica_group: ReplicaGroup):
    out = all_to_all_hbm_kernel(input, replica_group)
    return out
