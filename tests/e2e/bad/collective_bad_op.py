# all_reduce reduces with nl.add, nl.minimum or nl.maximum only.
# run: -n 2 -a "replica_group=[[0, 1]]"
# exit: 1
# expect: collective_bad_op.py:15:5: error: all_reduce: op must be nl.add, nl.minimum or nl.maximum, not nl.multiply (ranks 0, 1)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(replica_group):
    buf = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    nisa.memset(dst=buf, value=1.0)
    ncc.all_reduce(srcs=[buf], dsts=[buf], replica_group=replica_group, op=nl.multiply)
    return buf
