# sendrecv moves SBUF tiles between a rank's two programs.
# run: -n 1 --lnc 2
# exit: 1
# expect: sendrecv_not_sbuf.py:16:5: error: sendrecv: src must be in SBUF, not shared_hbm (rank 0, program 0)
# expect: <caret>    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    me = nl.program_id(0)
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    r = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0)
    return t
