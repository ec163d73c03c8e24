# nkic traces rank 0 and keeps every device operation until it rerolls the
# loops: a kernel issuing millions of them is refused, located, instead of
# taking gigabytes (nkirun runs it).
# nkic-raw: check nkic_too_many_ops.py -n 2
# exit: 1
# expect: nkic_too_many_ops.py:18:9: error: the kernel makes more than 1000000 device operations on a rank, more than nkic specializes (nkirun runs it)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    a = nl.ndarray((1, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="a")
    nisa.memset(dst=a, value=0.0)
    b = nl.ndarray((1, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="b")
    for i in range(1000000):
        nisa.dma_copy(dst=b, src=a)
    return b
