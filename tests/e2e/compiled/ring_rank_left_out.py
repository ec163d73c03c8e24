# A ring permute whose replica group leaves out rank 3: the ring has no place
# for it. nkirun finds it when rank 3 calls (after ranks 0-2 have completed
# their ring); nkic, which traces rank 0 for every rank, checks the group
# against every rank and names rank 3 too.
# build: -n 4
# run: -n 4
# program:
# exit: 1
# expect: ring_rank_left_out.py:25:5: error: collective_permute_implicit: replica group [[0, 1, 2]] leaves out the calling rank, and a ring permute takes every rank that calls it (rank 3)
# expect: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[buf]], dsts_by_channel=[[buf]], replica_group=[[0, 1, 2]])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# expect-build: ring_rank_left_out.py:25:5: error: collective_permute_implicit: replica group [[0, 1, 2]] leaves out the calling rank, and a ring permute takes every rank that calls it (rank 3)
# expect-build: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[buf]], dsts_by_channel=[[buf]], replica_group=[[0, 1, 2]])
# expect-build: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel():
    buf = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    nisa.memset(dst=buf, value=1.0)
    ncc.collective_permute_implicit(srcs_by_channel=[[buf]], dsts_by_channel=[[buf]], replica_group=[[0, 1, 2]])
    return buf
