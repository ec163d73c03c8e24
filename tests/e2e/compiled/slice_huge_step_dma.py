# x[5:big:big - 1] selects one element (NumPy's rule), and the copy moves
# exactly that one; the huge step is never walked.
# build: -n 1 -a x=f32[10]
# run: -n 1 -a x=@../bad/data/f32_10.npy --print
# program: -a x=@../bad/data/f32_10.npy --print
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    big = 9223372036854775807
    t = nl.ndarray((10,), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=t, value=0.0)
    nisa.dma_copy(dst=t[5:big:big - 1], src=x[5:big:big - 1])
    nisa.memset(dst=t[1:big:big], value=-1.0)
    u = nl.ndarray((10, 10), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=u, value=0.0)
    nisa.memset(dst=u[5:big:big - 1, 5:big:big - 1], value=1.0)
    nisa.memset(dst=u[::-big, -1:-big - 1:-big], value=2.0)
    return t, u
