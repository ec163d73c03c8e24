# n single-element DMAs whose offsets are quadratic in the loop index, so the
# loop cannot reroll and nkic emits n straight-line instructions: the kernel
# of bench/compiler_scale.sh.
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def non_affine_dmas(x, n: int):
    t = nl.ndarray((1024, 1), dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.memset(dst=t, value=0.0)
    for i in range(n):
        j = (i * i * 7 + 3) % 1024
        nisa.dma_copy(dst=t[j], src=x[(j * 13) % 1024])
    return t
