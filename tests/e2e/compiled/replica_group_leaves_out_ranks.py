# An all-reduce on 4 ranks whose replica group [[0, 1]] leaves out ranks 2
# and 3, which call it too. NKI's collectives have no part for a rank in no
# list (its dst would stay unwritten), so nkirun stops at their call, and
# nkic, which knows every rank runs the call, refuses to build.
# build: -n 4 -a input=f32[2,3]
# run: -n 4 -a input=@../bad/data/f32_2x3.npy
# program:
# exit: 1
# expect: replica_group_leaves_out_ranks.py:23:5: error: all_reduce: replica group [[0, 1]] leaves out the calling rank, and every rank that calls a collective must be in one of its group's lists (ranks 2, 3)
# expect: <caret>    ncc.all_reduce(srcs=[src], dsts=[out], replica_group=ncc.ReplicaGroup([[0, 1]]), op=nl.add)
# expect-build: replica_group_leaves_out_ranks.py:23:5: error: all_reduce: replica group [[0, 1]] leaves out the calling rank, and every rank that calls a collective must be in one of its group's lists (ranks 2, 3)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input):
    src = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input)
    out = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="out")
    ncc.all_reduce(srcs=[src], dsts=[out], replica_group=ncc.ReplicaGroup([[0, 1]]), op=nl.add)
    return out
