"""Tiled all-gather through SBUF, split over a logical-NeuronCore grid: each
rank's (rows, cols) input is cut into tiles of tile_rows rows, and under
--lnc 2 each of the rank's two programs gathers half of them (program 0 the
first half, program 1 the second) into the one shared output, so that
out[:, j*cols:(j+1)*cols] holds the input of the group's member j. Under
--lnc 1 there is no grid and the one program gathers every tile.

    nkirun run examples/lnc_all_gather.py -n 2 --lnc 2 \
        -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1]]" -a num_ranks=2 -a tile_rows=1 --print
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup


@nki.jit
def lnc_all_gather(input, replica_group: ReplicaGroup, num_ranks: int, tile_rows: int = 1):
    rows, cols = input.shape
    programs = nl.num_programs(0) if nl.program_ndim() > 0 else 1
    program = nl.program_id(0) if nl.program_ndim() > 0 else 0
    tiles = rows // tile_rows
    assert rows % tile_rows == 0, f"{rows} rows do not split into tiles of {tile_rows}"
    assert tiles % programs == 0, f"{tiles} tiles do not split over {programs} programs"
    # Both programs allocate it first, so it is the same tensor on the rank.
    out = nl.ndarray((rows, cols * num_ranks), dtype=input.dtype, buffer=nl.shared_hbm)
    mine = tiles // programs
    for t in nl.affine_range(mine):
        first = (program * mine + t) * tile_rows
        tile = nl.ndarray((tile_rows, cols), dtype=input.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=input[first:first + tile_rows, :])
        gathered = nl.ndarray((tile_rows, cols * num_ranks), dtype=input.dtype, buffer=nl.sbuf)
        ncc.all_gather(srcs=[tile], dsts=[gathered], replica_group=replica_group,
                       collective_dim=1)
        nisa.dma_copy(dst=out[first:first + tile_rows, :], src=gathered)
    return out
