# Rank 1 in two lists of one replica group.
# run: -n 3 -a "replica_group=[[0, 1], [1, 2]]"
# exit: 1
# expect: group_overlap.py:13:5: error: replica group [[0, 1], [1, 2]] lists rank 1 twice (ranks 0-2)
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel(replica_group):
    buf = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    ncc.all_reduce(srcs=[buf], dsts=[buf], replica_group=replica_group, op=nl.add)
    return buf
