"""Tiled all-gather through SBUF: each rank's (rows, cols) input is moved
tile by tile into SBUF, gathered along the free dim there, and written back,
so out[:, j*cols:(j+1)*cols] holds the input of the group's member j.

    nkirun run examples/tiled_all_gather_sbuf.py -n 2 \
        -a input=@examples/data/bf16_tiles_rank{rank}.npy \
        -a "replica_group=[[0, 1]]" -a num_ranks=2 -a tile_rows=64 --print
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup


@nki.jit
def tiled_all_gather(input, replica_group: ReplicaGroup, num_ranks: int, tile_rows: int = 128):
    rows, cols = input.shape
    assert tile_rows <= nl.tile_size.pmax, f"a tile has at most {nl.tile_size.pmax} partitions"
    assert rows % tile_rows == 0, f"{rows} rows do not split into tiles of {tile_rows}"
    out = nl.ndarray((rows, cols * num_ranks), dtype=input.dtype, buffer=nl.shared_hbm)
    for t in nl.affine_range(rows // tile_rows):
        first = t * tile_rows
        tile = nl.ndarray((tile_rows, cols), dtype=input.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=input[first:first + tile_rows, :])
        gathered = nl.ndarray((tile_rows, cols * num_ranks), dtype=input.dtype, buffer=nl.sbuf)
        ncc.all_gather(srcs=[tile], dsts=[gathered], replica_group=replica_group,
                       collective_dim=1)
        nisa.dma_copy(dst=out[first:first + tile_rows, :], src=gathered)
    return out
