# Meetings in nested affine_range loops under --lnc 2: a sendrecv into a
# tile each inner iteration allocates, and a core_barrier between the
# programs' shared-HBM copies in each outer one. The inner loops come back
# as loops of the generated C++ (both programs' instructions in nkirun's
# order), the rest straight-line; the program's outputs equal nkirun's byte
# for byte.
# build: -n 2 --lnc 2 -a x=f32[4,8] -a n=8 -a m=12
# run: -n 2 --lnc 2 -a x=@../bad/data/f32_4x8_rank{rank}.npy -a n=8 -a m=12
# program: -a x=@../bad/data/f32_4x8_rank{rank}.npy
# outputs: rank0/log.npy rank1/log.npy
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x, n: int = 4, m: int = 6):
    p = nl.program_id(0)
    other = 1 - p
    t = nl.ndarray((4, 8), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    log = nl.ndarray((2, n, m, 8), dtype=x.dtype, buffer=nl.shared_hbm, name="log")
    stage = nl.ndarray((2, 4, 8), dtype=x.dtype, buffer=nl.shared_hbm, name="stage")
    for i in nl.affine_range(n):
        for j in nl.affine_range(m):
            got = nl.ndarray((1, 8), dtype=x.dtype, buffer=nl.sbuf)
            nisa.sendrecv(src=t[i % 4:i % 4 + 1, :], dst=got, send_to_rank=other,
                          recv_from_rank=other, pipe_id=0)
            nisa.tensor_scalar(dst=got, data=got, op0=nl.add, operand0=1.0)
            nisa.dma_copy(dst=log[p, i, j:j + 1, :], src=got)
        nisa.dma_copy(dst=stage[p], src=t)
        nisa.core_barrier(data=stage, cores=(0, 1))
        nisa.dma_copy(dst=t, src=stage[other])
        nisa.tensor_scalar(dst=t, data=t, op0=nl.multiply, operand0=0.5)
    return log
