"""A tiled all-gather through SBUF. Each rank's (rows, cols) input moves tile
by tile into SBUF, is gathered there, and is written to the output in the
layout asked for. Under LNC 2 the rank's two programs each take half of the
tiles; the output, an HBM tensor, is the rank's and is shared by both."""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup

from ..core import Layout
from ..core.utils.checks import check, check_divides
from ..core.utils.tile_view import TileView


def program_share(tiles: int):
    """The tiles of this program: a contiguous half under LNC 2."""
    programs = nl.num_programs(0) if nl.program_ndim() > 0 else 1
    me = nl.program_id(0) if nl.program_ndim() > 0 else 0
    per_program = check_divides(tiles, programs, "tiles per program")
    return range(me * per_program, (me + 1) * per_program)


@nki.jit
def tiled_all_gather(input, replica_group: ReplicaGroup, num_ranks: int, tile_rows: int = 1,
                     layout: Layout = Layout.COLUMNS):
    rows, cols = input.shape
    check(tile_rows <= nl.tile_size.pmax,
          f"a tile has at most {nl.tile_size.pmax} partitions, not {tile_rows}")
    tiles = check_divides(rows, tile_rows, "rows per tile")
    out = nl.ndarray(layout.gathered_shape(rows, cols, num_ranks), dtype=input.dtype,
                     buffer=nl.shared_hbm)
    for t in program_share(tiles):
        first = t * tile_rows
        tile = nl.ndarray((tile_rows, cols), dtype=input.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=input[first:first + tile_rows, :])
        gathered = nl.ndarray((tile_rows, cols * num_ranks), dtype=input.dtype, buffer=nl.sbuf)
        ncc.all_gather(srcs=[tile], dsts=[gathered], replica_group=replica_group,
                       collective_dim=1)
        if layout == Layout.COLUMNS:
            nisa.dma_copy(dst=out[first:first + tile_rows, :], src=gathered)
        else:
            # Member j's block goes to rows j * rows + first ...: split the
            # output's rows by member, take this tile's rows, and put the
            # member dimension second, as it is in `gathered`.
            dst = TileView.of(out).split(0, num_ranks).narrow(1, first, tile_rows)
            src = TileView.of(gathered).split(1, num_ranks)
            nisa.dma_copy(dst=dst.permute((1, 0, 2)).tensor(), src=src.tensor())
    return out
