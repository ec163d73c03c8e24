# collective_permute_implicit_reduce's two operands must be alike.
# run: -n 2
# exit: 1
# expect: ring_reduce_operands.py:18:5: error: collective_permute_implicit_reduce: srcs1[0] is [2, 2] int32 but srcs0[0] is [2, 2] float32 on member 0 (rank 0) (ranks 0, 1)
# expect: <caret>    ncc.collective_permute_implicit_reduce(srcs0_by_channel=[[a]], srcs1_by_channel=[[b]], dsts_by_channel=[[dst]], replica_group=[[0, 1]], op=nl.add)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel():
    a = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="a")
    b = nl.ndarray((2, 2), dtype=nl.int32, buffer=nl.shared_hbm, name="b")
    dst = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.collective_permute_implicit_reduce(srcs0_by_channel=[[a]], srcs1_by_channel=[[b]], dsts_by_channel=[[dst]], replica_group=[[0, 1]], op=nl.add)
    return dst
