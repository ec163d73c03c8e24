# A thousand sendrecv exchanges in an affine_range loop under --lnc 2, each
# iteration allocating a tile, adding what it received and logging a row at
# an offset affine in the index: nkic makes the loop one loop of the
# generated C++ (the programs' instructions and their exchange, in nkirun's
# order), which builds in seconds, and the program's outputs equal nkirun's
# byte for byte.
# build: -n 2 --lnc 2 -a x=f32[4,8] -a n=1000
# run: -n 2 --lnc 2 -a x=@../bad/data/f32_4x8_rank{rank}.npy -a n=1000
# program: -a x=@../bad/data/f32_4x8_rank{rank}.npy
# outputs: rank0/total.npy rank0/log.npy rank1/total.npy rank1/log.npy
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x, n: int = 10):
    p = nl.program_id(0)
    other = 1 - p
    rows, cols = x.shape
    t = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    acc = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.sbuf)
    nisa.memset(dst=acc, value=0.0)
    log = nl.ndarray((2, n, cols), dtype=x.dtype, buffer=nl.shared_hbm, name="log")
    for i in nl.affine_range(n):
        got = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.sbuf)
        nisa.sendrecv(src=t, dst=got, send_to_rank=other, recv_from_rank=other, pipe_id=0)
        nisa.tensor_tensor(dst=acc, data1=acc, data2=got, op=nl.add)
        nisa.tensor_scalar(dst=t, data=got, op0=nl.multiply, operand0=0.5)
        nisa.dma_copy(dst=log[p, i:i + 1, :], src=acc[0:1, :])
    total = nl.ndarray((2, rows, cols), dtype=x.dtype, buffer=nl.shared_hbm, name="total")
    nisa.dma_copy(dst=total[p], src=acc)
    return total, log
