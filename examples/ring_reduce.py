"""A ring all-reduce built from ncc.collective_permute_implicit_reduce: the
accumulator starts at zero, and at each of the ring's steps every rank
receives op(its predecessor's accumulator, its predecessor's input). After a
full turn a rank holds the op of the whole list's inputs, folded from its own
input, then its successor's, on around the ring (so a float sum's rounding may differ from
rank to rank; the example's inputs are small integers, exact either way).
The accumulator is both a source and the destination of every permute.

    nkirun run examples/ring_reduce.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1, 2, 3]]" -a ring_size=4 --print
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup


@nki.jit
def ring_reduce(input, replica_group: ReplicaGroup, ring_size: int, use_max: bool = False):
    rows, cols = input.shape
    x = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="x")
    nisa.dma_copy(dst=x, src=input)
    acc = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="acc")
    nisa.memset(dst=acc, value=0.0)
    for step in nl.sequential_range(ring_size):
        ncc.collective_permute_implicit_reduce(
            srcs0_by_channel=[[acc]], srcs1_by_channel=[[x]], dsts_by_channel=[[acc]],
            replica_group=replica_group, op=nl.maximum if use_max else nl.add)
    return acc
