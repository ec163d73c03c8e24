# A reduce_scatter whose dst fits the list [0, 1] but not [2]: the error
# names rank 2, in nkirun and in nkic, which checks a collective's shapes for
# each list of its replica group (rank 0's trace standing for every rank).
# build: -n 3
# run: -n 3
# program:
# exit: 1
# expect: collective_shape_rank.py:21:5: error: reduce_scatter: dst shape [3, 3] on member 0 (rank 2) should be [6, 3] (one of 1 chunks of the src along dim 0) (rank 2)
# expect-build: collective_shape_rank.py:21:5: error: reduce_scatter: dst shape [3, 3] on member 0 (rank 2) should be [6, 3] (one of 1 chunks of the src along dim 0) (rank 2)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((6, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    nisa.memset(dst=src, value=1.0)
    dst = nl.ndarray((3, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.reduce_scatter(srcs=[src], dsts=[dst], replica_group=[[0, 1], [2]], collective_dim=0, op=nl.add)
    return dst
