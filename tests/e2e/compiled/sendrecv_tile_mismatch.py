# What one program sends must fit what the other receives into: tiles of
# one shape and dtype on both programs.
# build: -n 2 --lnc 2
# run: -n 2 --lnc 2
# exit: 1
# expect: sendrecv_tile_mismatch.py:21:5: error: nisa.sendrecv on program 1 exchanges a [4, 16] float32 tile, but program 0's, at sendrecv_tile_mismatch.py:21:5, is [4, 8] float32 (ranks 0, 1, program 1)
# expect: <caret>    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0)
# expect-build: sendrecv_tile_mismatch.py:21:5: error: nisa.sendrecv on program 1 exchanges a [4, 16] float32 tile, but program 0's, at sendrecv_tile_mismatch.py:21:5, is [4, 8] float32 (program 1)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    me = nl.program_id(0)
    cols = 8 * (1 + me)
    t = nl.ndarray((4, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    r = nl.ndarray((4, cols), dtype=nl.float32, buffer=nl.sbuf)
    nisa.sendrecv(src=t, dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0)
    return nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
