# A ring permute receiving into a row of a 3-row tensor chosen by the rank
# id at run time: only rank 3's destination is past the end. The error
# names rank 3 alone, with the destination's elements, from nkirun and the
# program alike.
# build: -n 4 -a input=f32[4,8]
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: ring_dst_offset_one_rank.py:26:5: error: collective_permute_implicit: access pattern out of bounds: elements 24..31 of 'dst' (24 elements) (rank 3)
# expect: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[view]], replica_group=ncc.ReplicaGroup([[0, 1, 2, 3]]))
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input):
    rows, cols = input.shape
    src = nl.ndarray((1, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input[0:1, :])
    dst = nl.ndarray((3, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    nisa.memset(dst=dst, value=0.0)
    view = dst.ap(pattern=[[cols, 1], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    # Rank r receives its predecessor's row into row r of its dst.
    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[view]], replica_group=ncc.ReplicaGroup([[0, 1, 2, 3]]))
    return dst
