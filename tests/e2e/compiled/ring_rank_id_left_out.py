# current_processing_rank_id on a rank that its replica group leaves out: it
# has no ring, which the operation finds when it runs, in nkirun and in the
# program nkic builds (rank 2 is the first to run it).
# build: -n 3
# run: -n 3
# program:
# exit: 1
# expect: ring_rank_id_left_out.py:21:13: error: the rank is in no list of replica group [[1, 0]], so it has no ring (rank 2)
# expect: <caret>    owner = ncc.collective_permute_implicit_current_processing_rank_id(iteration_id=1, replica_group=[[1, 0]])
# expect: <caret>            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel():
    out = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.shared_hbm, name="out")
    nisa.memset(dst=out, value=0)
    owner = ncc.collective_permute_implicit_current_processing_rank_id(iteration_id=1, replica_group=[[1, 0]])
    nisa.register_store(dst_tensor=out, src=owner)
    return out
