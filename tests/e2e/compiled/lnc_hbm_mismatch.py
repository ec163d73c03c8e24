# The k-th HBM allocation of each LNC program is one tensor of the rank:
# programs allocating it with different shapes are a located error naming
# both places, from nkirun and from nkic's trace of the programs alike.
# build: -n 2 --lnc 2
# run: -n 2 --lnc 2
# exit: 1
# expect: lnc_hbm_mismatch.py:16:11: error: program 1 allocates its 1st HBM tensor as [8, 8] float32 in shared_hbm, program 0 as [4, 8] float32 in shared_hbm at lnc_hbm_mismatch.py:16:11 (the programs of a rank share their HBM tensors, allocation by allocation) (ranks 0, 1, program 1)
# expect-build: lnc_hbm_mismatch.py:16:11: error: program 1 allocates its 1st HBM tensor as [8, 8] float32 in shared_hbm, program 0 as [4, 8] float32 in shared_hbm at lnc_hbm_mismatch.py:16:11 (the programs of a rank share their HBM tensors, allocation by allocation) (program 1)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    out = nl.ndarray((4 + 4 * nl.program_id(0), 8), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=out, value=1.0)
    return out
