# The package example's check() fails its assert, whose f-string message
# names the limit and the value received.
# run-raw: run -I ../../../examples tilelib.collectives.tiled_all_gather -n 2 --lnc 2 -a input=@../../../examples/data/rows_rank{rank}.npy -a "replica_group=[[0, 1]]" -a num_ranks=2 -a tile_rows=200
# exit: 1
# expect: ../../../examples/tilelib/core/utils/checks.py:6:5: error: assertion failed: tilelib: a tile has at most 128 partitions, not 200 (ranks 0, 1, program 0)
# expect:     assert condition, f"tilelib: {text}"
