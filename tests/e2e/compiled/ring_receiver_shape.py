# Each rank sends a [4, 3] src around the ring [1, 0] into a [2, 3] dst: the
# receiver's dst does not fit what its sender sends, in nkirun and in nkic,
# which names the same members and ranks.
# build: -n 2
# run: -n 2
# program:
# exit: 1
# expect: ring_receiver_shape.py:25:5: error: collective_permute_implicit: dsts[0] on member 0 (rank 1) is [2, 3] float32, but member 1 (rank 0) sends it srcs[0], [4, 3] float32 (ranks 1, 0)
# expect: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[dst]], replica_group=[[1, 0]])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# expect-build: ring_receiver_shape.py:25:5: error: collective_permute_implicit: dsts[0] on member 0 (rank 1) is [2, 3] float32, but member 1 (rank 0) sends it srcs[0], [4, 3] float32 (ranks 1, 0)
# expect-build: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[dst]], replica_group=[[1, 0]])
# expect-build: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((4, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    nisa.memset(dst=src, value=1.0)
    dst = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[dst]], replica_group=[[1, 0]])
    return dst
