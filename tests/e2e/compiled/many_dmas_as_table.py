# 4,000 single-element DMAs at offsets that are not affine in the loop index
# (a gather through a quadratic permutation), with a memset now and then:
# the program runs them as rows of its instruction table, and its outputs
# equal nkirun's.
# build: -n 1 -a x=f32[4,8]
# run: -n 1 -a x=@../bad/data/f32_4x8_rank1.npy --print
# program: -a x=@../bad/data/f32_4x8_rank1.npy --print
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    t = nl.ndarray((4, 8), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.memset(dst=t, value=0.0)
    for i in range(4000):
        j = (i * i * 7 + 3) % 32
        k = (j * 13 + i) % 32
        if i % 97 == 0:
            nisa.memset(dst=t[j // 8, j % 8], value=i)
        else:
            nisa.dma_copy(dst=t[j // 8, j % 8], src=x[k // 8, k % 8])
    return t
