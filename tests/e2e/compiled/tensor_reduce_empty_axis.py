# A reduction over an empty axis (a view t[:, :, 2:2]) into a dst with
# elements: each needs at least one element folded in, so it is refused,
# not read from an empty array.
# build: -n 1
# run: -n 1
# exit: 1
# expect: tensor_reduce_empty_axis.py:19:5: error: tensor_reduce: the reduced dims of 't' (float32, sbuf, [4, 4, 0]) hold no elements, and a reduction folds at least one into each element of dst (rank 0)
# expect-build: tensor_reduce_empty_axis.py:19:5: error: tensor_reduce: the reduced dims of 't' (float32, sbuf, [4, 4, 0]) hold no elements, and a reduction folds at least one into each element of dst
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((4, 4, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    o = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=o, op=nl.add, data=t[:, :, 2:2], axis=2)
    out = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=o)
    return out
