"""Per-rank slab selection: rank r returns in_tensor[r], the register
ncc.rank_id() serving as a run-time scalar offset.

    nkirun run examples/rank_id.py -n 2 -a in_tensor=@examples/data/slabs_2x4x8.npy --print
"""
import nki
from nkilib.experimental.collectives import rank_id_kernel


@nki.jit
def rank_slab(in_tensor):
    out = rank_id_kernel(in_tensor)
    return out
