"""Rows gathered at run time: each of the `index` rows (an (N, 1) int32
tensor) names a row of `table`, and partition p of each tile of `tile_rows`
partitions reads its own row with `vector_select` (`gathered`, N rows).
`odd_columns` is the same gather written with `.ap(vector_offset=...)`,
reading every other column from column 1.

    nkirun run examples/gather_rows.py -n 2 -a table=@examples/data/rows_rank{rank}.npy \
        -a index=@examples/data/gather_index_8x1.npy -a tile_rows=4 --print
"""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def gather_rows(table, index, tile_rows: int):
    rows, cols = table.shape
    n = index.shape[0]
    assert n % tile_rows == 0, f"{n} index rows do not split into tiles of {tile_rows}"
    where = nl.ndarray((n, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.dma_copy(dst=where, src=index)
    gathered = nl.ndarray((n, cols), dtype=table.dtype, buffer=nl.shared_hbm)
    odd_columns = nl.ndarray((n, cols // 2), dtype=table.dtype, buffer=nl.shared_hbm)
    for t in range(n // tile_rows):
        first = t * tile_rows
        offsets = where[first:first + tile_rows, :]
        picked = table.vector_select(0, offsets)
        assert picked.shape == (tile_rows, cols) and picked.is_indirect()
        nisa.dma_copy(dst=gathered[first:first + tile_rows, :], src=picked)
        odd = table.ap([[cols, tile_rows], [2, cols // 2]], 1, vector_offset=offsets, indirect_dim=0)
        nisa.dma_copy(dst=odd_columns[first:first + tile_rows, :], src=odd)
    return gathered, odd_columns
