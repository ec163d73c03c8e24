# A sendrecv only one program of the rank calls waits forever: the error
# names the program that never came and where it finished, from nkirun and
# from nkic's trace of the programs alike.
# build: -n 2 --lnc 2
# run: -n 2 --lnc 2
# exit: 1
# expect: sendrecv_unmatched.py:21:9: error: nisa.sendrecv on program 0 waits for program 1, which finished at sendrecv_unmatched.py:22:5 without calling it (ranks 0, 1, program 0)
# expect: <caret>        nisa.sendrecv(src=t, dst=r, send_to_rank=1, recv_from_rank=1, pipe_id=0)
# expect-build: sendrecv_unmatched.py:21:9: error: nisa.sendrecv on program 0 waits for program 1, which finished at sendrecv_unmatched.py:22:5 without calling it (program 0)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    r = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    if nl.program_id(0) == 0:
        nisa.sendrecv(src=t, dst=r, send_to_rank=1, recv_from_rank=1, pipe_id=0)
    return nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
