"""tilelib: tiled collective kernels laid out as a package, the way kernel
libraries are: kernels in tilelib.collectives import their helpers from
tilelib.core with relative imports.

    nkirun run examples/tilelib/collectives/tiled_all_gather.py -n 4 --lnc 2 \
        -a input=@examples/data/rows_rank{rank}.npy \
        -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 -a tile_rows=1 \
        -a layout=Layout.ROWS --print
"""
