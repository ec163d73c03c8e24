"""A loop of n nisa.sendrecv exchanges between the two programs of an LNC-2
rank (bench/compiler_scale.sh): nkic keeps it one loop of the generated C++
whatever n is.

    nkic build bench/kernels/lnc_sendrecv_loop.py -n 2 --lnc 2 -a x=f32[2,3] -a n=1000 -o p
"""
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def lnc_sendrecv_loop(x, n: int = 10):
    p = nl.program_id(0)
    t = nl.ndarray((2, 3), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    for i in nl.affine_range(n):
        nisa.sendrecv(src=t, dst=t, send_to_rank=1 - p, recv_from_rank=1 - p, pipe_id=0)
    out = nl.ndarray((2, 3), dtype=x.dtype, buffer=nl.shared_hbm, name="out")
    nisa.dma_copy(dst=out, src=t)
    return out
