"""ncc.collective_permute with explicit (source, target) pairs: each target
receives its source's input; a rank no pair targets keeps -1 everywhere. With
in_place the one buffer is both what a rank sends and where it receives.

    nkirun run examples/permute_pairs.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
        -a "pairs=[(0, 1), (1, 0), (2, 3)]" --print
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def permute_pairs(input, pairs, in_place: bool = False):
    rows, cols = input.shape
    src = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input)
    out = src
    if not in_place:
        out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="out")
        nisa.memset(dst=out, value=-1.0)
    ncc.collective_permute(srcs=[src], dsts=[out], source_target_pairs=pairs)
    return out
