# The two sendrecv calls that meet must name one pipe_id.
# build: -n 1 --lnc 2
# run: -n 1 --lnc 2
# exit: 1
# expect: sendrecv_pipe_mismatch.py:19:5: error: nisa.sendrecv on program 1 has pipe_id 1, but program 0's, at sendrecv_pipe_mismatch.py:19:5, has pipe_id 0 (rank 0, program 1)
# expect: <caret>    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=me)
# expect-build: sendrecv_pipe_mismatch.py:19:5: error: nisa.sendrecv on program 1 has pipe_id 1, but program 0's, at sendrecv_pipe_mismatch.py:19:5, has pipe_id 0 (program 1)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    me = nl.program_id(0)
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    r = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=me)
    return nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
