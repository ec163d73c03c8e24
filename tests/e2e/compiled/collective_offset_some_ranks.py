# An all-reduce of a row chosen by the rank id at run time from a 2-row
# tensor: in bounds on ranks 0 and 1, past the end on ranks 2 and 3, each
# elsewhere. Each member's operand is checked with its own offset, so the
# error names ranks 2 and 3 alone, and what each reads, alike from nkirun,
# the program and (e2e.mpi_error) its processes under mpirun.
# build: -n 4 -a input=f32[4,8]
# run: -n 4 -a input=@../bad/data/f32_4x8_rank{rank}.npy
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: collective_offset_some_ranks.py:26:5: error: all_reduce: access pattern out of bounds: elements 16..23 of 'src' (16 elements) on rank 2; elements 24..31 of 'src' (16 elements) on rank 3 (ranks 2, 3)
# expect: <caret>    ncc.all_reduce(srcs=[view], dsts=[out], replica_group=ncc.ReplicaGroup([[0, 1, 2, 3]]), op=nl.add)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input):
    rows, cols = input.shape
    src = nl.ndarray((2, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input[0:2, :])
    out = nl.ndarray((1, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="out")
    view = src.ap(pattern=[[cols, 1], [1, cols]], offset=0, scalar_offset=ncc.rank_id(), indirect_dim=0)
    ncc.all_reduce(srcs=[view], dsts=[out], replica_group=ncc.ReplicaGroup([[0, 1, 2, 3]]), op=nl.add)
    return out
