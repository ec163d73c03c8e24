"""Reinterpret casts: the same bytes read as another dtype, with `.view(dtype)`
and `.ap(dtype=...)`, no data converted. Each rank's float32 rows come back
as their int32 bit patterns (`bits`), as bfloat16 by truncation, the high
half of each float32 picked with a stride-2 bfloat16 pattern (`truncated`),
and as raw bytes all-gathered over the replica group, a collective on uint8
views, returned viewed as float32 again (`gathered`).

    nkirun run examples/reinterpret_cast.py -n 2 -a x=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1]]" -a num_ranks=2 --print
"""
import nki
import nki.collectives as ncc
import nki.isa as nisa
import nki.language as nl
from nki.collectives import ReplicaGroup


@nki.jit
def reinterpret_cast(x, replica_group: ReplicaGroup, num_ranks: int):
    rows, cols = x.shape
    tile = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=x)

    as_int = tile.view(nl.int32)
    assert as_int.shape == (rows, cols) and as_int.dtype == nl.int32
    bits = nl.ndarray((rows, cols), dtype=nl.int32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=bits, src=as_int)

    # Little-endian: bfloat16 element 2k + 1 is the high half of float32 k.
    high = tile.ap(pattern=[[2 * cols, rows], [2, cols]], offset=1, dtype=nl.bfloat16)
    truncated = nl.ndarray((rows, cols), dtype=nl.bfloat16, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=truncated, src=high)

    staged = nl.ndarray((rows, cols), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=staged, src=tile)
    as_bytes = staged.view(nl.uint8)
    assert as_bytes.shape == (rows, 4 * cols), as_bytes.shape
    gathered = nl.ndarray((num_ranks * rows, 4 * cols), dtype=nl.uint8, buffer=nl.shared_hbm)
    ncc.all_gather(srcs=[as_bytes], dsts=[gathered], replica_group=replica_group,
                   collective_dim=0)
    return bits, truncated, gathered.view(nl.float32)
