# Rank 5 does not exist on a 2-rank machine.
# run: -n 2 -a "replica_group=[[0, 5]]"
# exit: 1
# expect: group_bad_rank.py:13:5: error: replica group names rank 5, but there are only 2 ranks (ranks 0, 1)
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel(replica_group):
    buf = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    ncc.all_reduce(srcs=[buf], dsts=[buf], replica_group=replica_group, op=nl.add)
    return buf
