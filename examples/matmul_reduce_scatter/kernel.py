"""Matmul + reduce-scatter on a ring. Rank r holds a shard of the
contraction, lhsT_r [K, M] and w_r [K, N]; the total is C = sum over the
ranks of the caller's list of lhsT_r.T @ w_r, [M, N], whose rows split into
`num_ranks` chunks of M / num_ranks, chunk g for global rank g. Each rank
computes its partial product on the Tensor Engine (fp32 in PSUM), then
`ring_size` steps of ncc.collective_permute_implicit_reduce carry a running
sum round the ring: at step s a rank adds its partial's chunk of the rank
s places before it (collective_permute_implicit_current_processing_rank_id)
to the sum it received and passes the result on. After the last step every
rank holds its own chunk of C, summed in float32 and rounded once to lhsT's
dtype. Under --lnc 2 each program reduces half of the columns.

    nkirun run examples/matmul_reduce_scatter/kernel.py -n 4 \\
        -a lhsT=@examples/data/mm_lhsT_rank{rank}.npy -a w=@examples/data/mm_w_rank{rank}.npy \\
        -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 -a ring_size=4 --print
"""
import nki
import nki.collectives as ncc
import nki.isa as nisa
import nki.language as nl
from nki.collectives import ReplicaGroup


def partial_product(lhsT, w, first: int, width: int):
    """lhsT.T @ w[:, first:first + width] in float32, in HBM."""
    K, M = lhsT.shape
    assert K <= nl.tile_size.pmax and M <= nl.tile_size.gemm_stationary_fmax, \
        f"one tile only: lhsT is [{K}, {M}]"
    stationary = nl.ndarray((K, M), dtype=lhsT.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=stationary, src=lhsT)
    moving = nl.ndarray((K, width), dtype=w.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=moving, src=w[:, first:first + width])
    acc = nl.ndarray((M, width), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_matmul(dst=acc, stationary=stationary, moving=moving)
    result = nl.ndarray((M, width), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_copy(dst=result, src=acc)
    return result


@nki.jit
def matmul_reduce_scatter(lhsT, w, replica_group: ReplicaGroup, num_ranks: int, ring_size: int):
    K, M = lhsT.shape
    N = w.shape[1]
    if M % num_ranks != 0:
        raise ValueError(f"M={M} rows do not split into {num_ranks} chunks")
    chunk = M // num_ranks
    programs = nl.num_programs(0) if nl.program_ndim() > 0 else 1
    width = N // programs
    first = width * (nl.program_id(0) if programs > 1 else 0)

    partial = nl.ndarray((M, N), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=partial[:, first:first + width], src=partial_product(lhsT, w, first, width))
    chunks = partial.reshape((num_ranks, chunk, N))
    total = nl.ndarray((chunk, N), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=total[:, first:first + width], value=0.0)
    mine = nl.ndarray((chunk, N), dtype=nl.float32, buffer=nl.shared_hbm)
    for step in nl.sequential_range(ring_size):
        owner = ncc.collective_permute_implicit_current_processing_rank_id(
            iteration_id=step, replica_group=replica_group)
        nisa.dma_copy(dst=mine[:, first:first + width],
                      src=chunks.ap(pattern=[[N, chunk], [1, width]], offset=first,
                                     scalar_offset=owner, indirect_dim=0))
        ncc.collective_permute_implicit_reduce(
            srcs0_by_channel=[[total[:, first:first + width]]],
            srcs1_by_channel=[[mine[:, first:first + width]]],
            dsts_by_channel=[[total[:, first:first + width]]],
            replica_group=replica_group, op=nl.add)
    out = nl.ndarray((chunk, N), dtype=lhsT.dtype, buffer=nl.shared_hbm)
    staged = nl.ndarray((chunk, width), dtype=lhsT.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=staged, src=total[:, first:first + width])
    nisa.dma_copy(dst=out[:, first:first + width], src=staged)
    return out
