# The package example's validation helper raises ValueError with an f-string
# message: the error is placed at the raise, in the helper's own file.
# run-raw: run -I ../../../examples tilelib.collectives.tiled_all_gather -n 2 -a input=@../../../examples/data/rows_rank{rank}.npy -a "replica_group=[[0, 1]]" -a num_ranks=2 -a tile_rows=3
# exit: 1
# expect: ../../../examples/tilelib/core/utils/checks.py:12:9: error: ValueError: tilelib: rows per tile: 4 is not a multiple of 3 (ranks 0, 1)
# expect:         raise ValueError(f"tilelib: {what}: {total} is not a multiple of {part}")
