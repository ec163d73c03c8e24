"""All-gather + matmul on a ring: `out[r] = a_r @ w` for every rank r of the
caller's list in the replica group (zeros for the ranks outside it), where
a_r is rank r's [m, K] input. The blocks of `a` go round the ring; at each
step a rank multiplies the block that has just arrived, K tile by K tile
(transposed into the stationary operand: by a DMA from HBM, or by
nisa.nc_transpose on the Tensor Engine from SBUF), in tiles of at most 128
rows and 512 columns accumulating in PSUM, and writes the owner's rows of
`out` in `a`'s dtype. Under --lnc 2 each
program computes half of the columns.

    nkirun run examples/allgather_matmul/kernel.py -n 4 \\
        -a a=@examples/data/mm_rows_rank{rank}.npy -a w=@examples/data/ints_256x96.npy \\
        -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 -a ring_size=4 -a where=Where.SBUF
"""
import nki
import nki.isa as nisa
import nki.language as nl
from nki.collectives import ReplicaGroup

from .ring import Ring, Where


def check_shapes(a, w, tile_k: int):
    m, K = a.shape
    K2, N = w.shape
    if K != K2:
        raise ValueError(f"a is [{m}, {K}] and w [{K2}, {N}]: they must contract over one K")
    tile_m = min(m, nl.tile_size.gemm_stationary_fmax)
    assert m % tile_m == 0, f"a's {m} rows are not a whole number of {tile_m}-row tiles"
    assert K % tile_k == 0, f"K={K} is not a whole number of {tile_k}-row tiles"


def stationary_tile(rows, k: int, tile_k: int, where: Where):
    """Columns k*tile_k.. of the [tile_m, K] rows, transposed to [tile_k, tile_m] in SBUF."""
    m = rows.shape[0]
    tile = nl.ndarray((tile_k, m), dtype=rows.dtype, buffer=nl.sbuf)
    columns = rows[:, k * tile_k:(k + 1) * tile_k]
    if where == Where.SBUF:
        flipped = nl.ndarray((tile_k, m), dtype=rows.dtype, buffer=nl.psum)
        nisa.nc_transpose(dst=flipped, data=columns)
        nisa.tensor_copy(dst=tile, src=flipped)
    else:
        nisa.dma_copy(dst=tile, src=columns.permute((1, 0)))
    return tile


@nki.jit
def allgather_matmul(a, w, replica_group: ReplicaGroup, num_ranks: int, ring_size: int,
                     where: Where = Where.HBM):
    tile_k = nl.tile_size.pmax
    check_shapes(a, w, tile_k)
    m, K = a.shape
    N = w.shape[1]
    programs = nl.num_programs(0) if nl.program_ndim() > 0 else 1
    width = N // programs
    first = width * (nl.program_id(0) if programs > 1 else 0)
    out = nl.ndarray((num_ranks, m, N), dtype=a.dtype, buffer=nl.shared_hbm)
    nisa.memset(dst=out[:, :, first:first + width], value=0.0)

    if where == Where.SBUF:
        assert m <= nl.tile_size.pmax, f"a's {m} rows do not fit SBUF's partitions"
    tile_m = min(m, nl.tile_size.gemm_stationary_fmax)
    tile_n = min(width, nl.tile_size.gemm_moving_fmax)
    assert width % tile_n == 0, f"{width} columns are not a whole number of {tile_n}-column tiles"

    # This program's columns of w, K tile by K tile, stay in SBUF.
    moving = []
    for k in range(K // tile_k):
        tile = nl.ndarray((tile_k, width), dtype=w.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=w[k * tile_k:(k + 1) * tile_k, first:first + width])
        moving.append(tile)

    ring = Ring.of(a, replica_group, ring_size, where)
    nisa.dma_copy(dst=ring.holding(0), src=a)
    for step in nl.sequential_range(ring_size):
        block = ring.holding(step)
        owner = ring.owner(step)
        for i in nl.affine_range(m // tile_m):
            rows = block[i * tile_m:(i + 1) * tile_m, :]
            stationary = [stationary_tile(rows, k, tile_k, where) for k in range(K // tile_k)]
            for j in nl.affine_range(width // tile_n):
                acc = nl.ndarray((tile_m, tile_n), dtype=nl.float32, buffer=nl.psum)
                for k in nl.sequential_range(K // tile_k):
                    nisa.nc_matmul(dst=acc, stationary=stationary[k],
                                   moving=moving[k][:, j * tile_n:(j + 1) * tile_n],
                                   accumulate=(k > 0))
                result = nl.ndarray((tile_m, tile_n), dtype=a.dtype, buffer=nl.sbuf)
                nisa.tensor_copy(dst=result, src=acc)
                target = out.ap(pattern=[[N, tile_m], [1, tile_n]],
                                offset=i * tile_m * N + first + j * tile_n, scalar_offset=owner,
                                indirect_dim=0)
                nisa.dma_copy(dst=target, src=result)
        if step + 1 < ring_size:
            ring.pass_on(step)
    return out
