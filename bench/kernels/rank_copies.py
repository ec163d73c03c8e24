"""Each rank copies its (rows, cols) input to its output `repeats` times, in
blocks of 16 rows through a staging tensor on its own HBM, then the ranks meet in a small
all-reduce. With `tile_per_block=1` the staging tensor is allocated afresh
for every block, as kernels usually write it; otherwise once, before the
loop. Used by bench/interp_ranks.sh on 8 ranks of (2048, 1024) float32
(64 KiB blocks), 6 repeats.

    nkirun run bench/kernels/rank_copies.py -n 8 -a input=@X.npy \
        -a "replica_group=[[0, 1, 2, 3, 4, 5, 6, 7]]" -a tile_per_block=0 -a repeats=6
"""
import nki
import nki.collectives as ncc
import nki.isa as nisa
import nki.language as nl
from nki.collectives import ReplicaGroup

BLOCK = 16


@nki.jit
def rank_copies(input, replica_group: ReplicaGroup, tile_per_block: int, repeats: int):
    rows, cols = input.shape
    out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.hbm)
    stage = nl.ndarray((BLOCK, cols), dtype=input.dtype, buffer=nl.hbm)
    for k in nl.sequential_range(repeats * (rows // BLOCK)):
        b = k % (rows // BLOCK)
        if tile_per_block:
            stage = nl.ndarray((BLOCK, cols), dtype=input.dtype, buffer=nl.hbm)
        nisa.dma_copy(dst=stage, src=input[b * BLOCK:(b + 1) * BLOCK, :])
        nisa.dma_copy(dst=out[b * BLOCK:(b + 1) * BLOCK, :], src=stage)
    flag = nl.ndarray((1, 1), dtype=input.dtype, buffer=nl.hbm)
    nisa.dma_copy(dst=flag, src=input[0:1, 0:1])
    total = nl.ndarray((1, 1), dtype=input.dtype, buffer=nl.hbm)
    ncc.all_reduce(dsts=[total], srcs=[flag], op=nl.add, replica_group=replica_group)
    return out, total
