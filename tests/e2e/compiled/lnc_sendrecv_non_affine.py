# A thousand sendrecv exchanges under --lnc 2 at offsets that are not affine
# in the loop index, nor periodic (rows picked by the Thue-Morse sequence,
# the parity of the index's one bits): the loop cannot stay a loop, and its exchanges become rows of the program's instruction table
# (two tiles of each kind a row), not a statement block each; the program's
# outputs equal nkirun's byte for byte.
# build: -n 2 --lnc 2 -a x=f32[4,8] -a n=1000
# run: -n 2 --lnc 2 -a x=@../bad/data/f32_4x8_rank{rank}.npy -a n=1000
# program: -a x=@../bad/data/f32_4x8_rank{rank}.npy
# outputs: rank0/log.npy rank1/log.npy
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


def parity(i):
    ones = 0
    while i:
        ones += i & 1
        i >>= 1
    return ones % 2


@nki.jit
def kernel(x, n: int = 10):
    p = nl.program_id(0)
    other = 1 - p
    t = nl.ndarray((4, 8), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    got = nl.ndarray((4, 8), dtype=x.dtype, buffer=nl.sbuf)
    nisa.memset(dst=got, value=0.0)
    log = nl.ndarray((2, n, 8), dtype=x.dtype, buffer=nl.shared_hbm, name="log")
    for i in nl.affine_range(n):
        j = parity(i)
        k = 2 + parity(i + 1)
        nisa.sendrecv(src=t[j:j + 1, :], dst=got[k:k + 1, :], send_to_rank=other,
                      recv_from_rank=other, pipe_id=0)
        nisa.dma_copy(dst=log[p, i:i + 1, :], src=got[j:j + 1, :])
    return log
