"""All-gather then matmul: each rank's rows of `a` ([m, K]) are gathered
over the group into [ranks * m, K] and multiplied by `w` ([K, N]) on the
Tensor Engine, in 128 x 128 x 512 tiles accumulated in PSUM over K. With
with_matmul=False every instruction but the matmuls runs (the output
tiles are copied out of an unwritten PSUM), which gives the matmuls' share
of the time."""
import nki
import nki.collectives as ncc
import nki.isa as nisa
import nki.language as nl
from nki.collectives import ReplicaGroup


@nki.jit
def allgather_matmul(a, w, replica_group: ReplicaGroup, num_ranks: int, with_matmul: bool = True):
    m, K = a.shape
    _, N = w.shape
    rows = num_ranks * m
    staged = nl.ndarray((m, K), dtype=a.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=staged, src=a)
    gathered = nl.ndarray((rows, K), dtype=a.dtype, buffer=nl.shared_hbm)
    ncc.all_gather(srcs=[staged], dsts=[gathered], replica_group=replica_group, collective_dim=0)
    out = nl.ndarray((rows, N), dtype=nl.float32, buffer=nl.shared_hbm)
    tm, tk, tn = 128, 128, 512
    for i in nl.affine_range(rows // tm):
        for j in nl.affine_range(N // tn):
            acc = nl.ndarray((tm, tn), dtype=nl.float32, buffer=nl.psum)
            for k in nl.sequential_range(K // tk):
                st = nl.ndarray((tk, tm), dtype=a.dtype, buffer=nl.sbuf)
                mv = nl.ndarray((tk, tn), dtype=w.dtype, buffer=nl.sbuf)
                block = gathered[i * tm:(i + 1) * tm, k * tk:(k + 1) * tk]
                nisa.dma_copy(dst=st, src=block.permute((1, 0)))
                nisa.dma_copy(dst=mv, src=w[k * tk:(k + 1) * tk, j * tn:(j + 1) * tn])
                if with_matmul:
                    nisa.nc_matmul(dst=acc, stationary=st, moving=mv, accumulate=(k > 0))
            res = nl.ndarray((tm, tn), dtype=nl.float32, buffer=nl.sbuf)
            nisa.tensor_copy(dst=res, src=acc)
            nisa.dma_copy(dst=out[i * tm:(i + 1) * tm, j * tn:(j + 1) * tn], src=res)
    return out
