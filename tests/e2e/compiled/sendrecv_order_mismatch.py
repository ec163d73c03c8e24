# The programs of a rank meet at their core_barrier and sendrecv calls one
# by one: program 0 at a barrier while program 1 sends is a located error
# at the second call, naming the first.
# build: -n 2 --lnc 2
# run: -n 2 --lnc 2
# exit: 1
# expect: sendrecv_order_mismatch.py:26:9: error: nisa.sendrecv on program 1 meets program 0's nisa.core_barrier at sendrecv_order_mismatch.py:23:9: the programs of a rank must call core_barrier and sendrecv in one order (ranks 0, 1, program 1)
# expect: <caret>        nisa.sendrecv(src=t, dst=r, send_to_rank=0, recv_from_rank=0, pipe_id=0)
# expect-build: sendrecv_order_mismatch.py:26:9: error: nisa.sendrecv on program 1 meets program 0's nisa.core_barrier at sendrecv_order_mismatch.py:23:9: the programs of a rank must call core_barrier and sendrecv in one order (program 1)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    shared = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    r = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    me = nl.program_id(0)
    if me == 0:
        nisa.core_barrier(data=shared, cores=(0, 1))
        nisa.sendrecv(src=t, dst=r, send_to_rank=1, recv_from_rank=1, pipe_id=0)
    else:
        nisa.sendrecv(src=t, dst=r, send_to_rank=0, recv_from_rank=0, pipe_id=0)
        nisa.core_barrier(data=shared, cores=(0, 1))
    return shared
