"""Slab selection through a lookup table: rank r returns
in_tensor[rank_id_lookup[0, r]]; the looked-up index travels through SBUF.

    nkirun run examples/dma_copy_rank_id.py -n 2 -a in_tensor=@examples/data/slabs_2x4x8.npy \
        -a rank_id_lookup=@examples/data/lookup_identity_1x2.npy --print
"""
import nki
from nkilib.experimental.collectives import dma_copy_rank_id_kernel


@nki.jit
def lookup_slab(in_tensor, rank_id_lookup):
    out = dma_copy_rank_id_kernel(in_tensor, rank_id_lookup)
    return out
