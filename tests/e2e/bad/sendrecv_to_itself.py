# sendrecv exchanges with the rank's other program, not with itself.
# run: -n 1 --lnc 2
# exit: 1
# expect: sendrecv_to_itself.py:17:5: error: sendrecv: send_to_rank must be the rank's other program, 1, not 0, this one (rank 0, program 0)
# expect: <caret>    nisa.sendrecv(src=t, dst=r, send_to_rank=me, recv_from_rank=1 - me, pipe_id=0)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    me = nl.program_id(0)
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    r = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.sendrecv(src=t, dst=r, send_to_rank=me, recv_from_rank=1 - me, pipe_id=0)
    return nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
