# all_reduce needs its reduction op.
# run: -n 2 -a input=@data/f32_2x3.npy
# exit: 1
# expect: missing_argument.py:17:5: error: all_reduce() missing required argument 'op' (ranks 0, 1)
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


@nki.jit
def kernel(input):
    src = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    dst = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    nisa.dma_copy(dst=src, src=input)
    group = ncc.ReplicaGroup([[0, 1]])
    ncc.all_reduce(srcs=[src], dsts=[dst], replica_group=group)
    return dst
