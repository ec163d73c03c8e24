"""A ring all-gather built from ncc.collective_permute_implicit: at ring step
i a rank holds the block of the rank i places before it in its list
(collective_permute_implicit_current_processing_rank_id tells which), copies
it to that rank's block of the result, then passes it on to its successor.
Blocks of ranks outside the list stay zero. The ring buffers live in HBM or
SBUF, alternate (or, with in_place, are one buffer the permute reads and
writes), and are split column-wise into `channels` channels.

    nkirun run examples/ring_permute.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[2, 0, 3, 1]]" -a num_ranks=4 -a ring_size=4 --print
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup


@nki.jit
def ring_permute(input, replica_group: ReplicaGroup, num_ranks: int, ring_size: int,
                 on_sbuf: bool = False, in_place: bool = False, channels: int = 1,
                 step_in_register: bool = False):
    rows, cols = input.shape
    width = cols // channels
    gathered = nl.ndarray((num_ranks, rows, cols), dtype=input.dtype, buffer=nl.shared_hbm,
                          name="gathered")
    nisa.memset(dst=gathered, value=0.0)
    memory = nl.sbuf if on_sbuf else nl.shared_hbm
    ring = [nl.ndarray((rows, cols), dtype=input.dtype, buffer=memory, name="ring0"),
            nl.ndarray((rows, cols), dtype=input.dtype, buffer=memory, name="ring1")]
    nisa.dma_copy(dst=ring[0], src=input)
    for step in nl.sequential_range(ring_size):
        here = ring[0] if in_place else ring[step % 2]
        there = ring[0] if in_place else ring[(step + 1) % 2]
        iteration = nisa.register_alloc(step) if step_in_register else step
        owner = ncc.collective_permute_implicit_current_processing_rank_id(
            iteration_id=iteration, replica_group=replica_group)
        block = gathered.ap(pattern=[[cols, rows], [1, cols]], offset=0, scalar_offset=owner,
                            indirect_dim=0)
        nisa.dma_copy(dst=block, src=here)
        if step + 1 < ring_size:
            ncc.collective_permute_implicit(
                srcs_by_channel=[[here[:, c * width:(c + 1) * width]] for c in range(channels)],
                dsts_by_channel=[[there[:, c * width:(c + 1) * width]] for c in range(channels)],
                replica_group=replica_group, channel_ids=list(range(channels)))
    return gathered
