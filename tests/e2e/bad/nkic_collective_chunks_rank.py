# Lists of 3 and 1 members: 4 rows do not split into 3 chunks. nkirun
# reports the list [0, 1, 2], which completes first, and so does nkic,
# with the same ranks and notes (not the list [3]'s dst shape on rank 0).
# nkic-raw: check nkic_collective_chunks_rank.py -n 4
# exit: 1
# expect: nkic_collective_chunks_rank.py:21:5: error: reduce_scatter: dim 0 of size 4 does not split into 3 equal chunks (ranks 0-2)
# expect: <caret>    ncc.reduce_scatter(srcs=[src], dsts=[dst], replica_group=[[0, 1, 2], [3]], collective_dim=0, op=nl.add)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# expect: nkic_collective_chunks_rank.py:21:5: note: rank 1 calls reduce_scatter here (rank 1)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((4, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    nisa.memset(dst=src, value=1.0)
    dst = nl.ndarray((1, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.reduce_scatter(srcs=[src], dsts=[dst], replica_group=[[0, 1, 2], [3]], collective_dim=0, op=nl.add)
    return dst
