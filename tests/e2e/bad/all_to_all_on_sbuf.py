# NKI's all_to_all moves HBM tensors only; SBUF is not supported for it.
# run: -n 2 -a input=@data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: all_to_all_on_sbuf.py:17:5: error: all_to_all works on HBM tensors only (NKI does not support SBUF for it) (ranks 0, 1)
# expect: <caret>    ncc.all_to_all(srcs=[s], dsts=[d], replica_group=[[0, 1]], collective_dim=0)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel(input):
    s = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=s, src=input)
    d = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.sbuf)
    ncc.all_to_all(srcs=[s], dsts=[d], replica_group=[[0, 1]], collective_dim=0)
    out = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=d)
    return out
