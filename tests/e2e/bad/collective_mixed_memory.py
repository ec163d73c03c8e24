# One collective cannot move between HBM and SBUF tensors.
# run: -n 2 -a "replica_group=[[0, 1]]"
# exit: 1
# expect: collective_mixed_memory.py:16:5: error: all_reduce: srcs and dsts mix HBM and SBUF tensors (ranks 0, 1)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(replica_group):
    src = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    nisa.memset(dst=src, value=1.0)
    dst = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.sbuf, name="dst")
    ncc.all_reduce(srcs=[src], dsts=[dst], replica_group=replica_group, op=nl.add)
    return src
