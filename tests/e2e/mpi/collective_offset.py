# An all-reduce of a block chosen by the rank id at run time: with 4 ranks
# and room for 3 blocks, rank 3's block is past the end. Rank 3 alone is
# named (each member's operand is checked with its own offset), whichever
# process holds it; under mpirun the error is reported once, as nkirun
# reports it.
# build: -n 4 -a input=f32[4,8] -a num_blocks=3
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy -a num_blocks=3
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: collective_offset.py:25:5: error: all_reduce: access pattern out of bounds: elements 96..127 of 'blocks' (96 elements) (rank 3)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input, num_blocks):
    rows, cols = input.shape
    blocks = nl.ndarray((num_blocks, rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="blocks")
    nisa.memset(dst=blocks, value=1.0)
    out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="out")
    view = blocks.ap(pattern=[[cols, rows], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    # Each rank's view is one block; the reduction reads every member's.
    ncc.all_reduce(srcs=[view], dsts=[out], replica_group=ncc.ReplicaGroup([[0, 1, 2, 3]]), op=nl.add)
    return out
