# Strict mode: an all_reduce over a buffer the kernel never filled; the
# error names the tensor and the first element never written.
# run: -n 2 -a "replica_group=[[0, 1]]"
# exit: 1
# expect: strict_collective_source.py:14:5: error: all_reduce: strict mode: element [0, 0] of 'buf' is read but was never written (ranks 0, 1)
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel(replica_group):
    buf = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    ncc.all_reduce(srcs=[buf], dsts=[buf], replica_group=replica_group, op=nl.add)
    return buf
