# A register's value stored into a narrower integer tensor must fit it: a
# run-time value, refused when the program runs, as in nkirun.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: register_store_out_of_range.py:20:5: error: register_store: dst_tensor 'u' (uint8, sbuf, [1, 1]) cannot hold the register's value: a fill of uint8 must be an integer from 0 to 255, not 300 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    i = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=i, pattern=[[1, 1]], offset=300)
    r = nisa.register_alloc()
    nisa.register_load(r, i)
    u = nl.ndarray((1, 1), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.register_store(u, r)
    o = nl.ndarray((1, 1), dtype=nl.uint8, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=o, src=u)
    return o
