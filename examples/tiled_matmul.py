"""A tiled matmul on the Tensor Engine: `result = lhsT.T @ rhs` for a
[K, M] and a [K, N] input, in tiles of at most 128 contraction rows, 128
stationary columns and 512 moving columns (or `tile_m` and `tile_n`), each output tile accumulated in
PSUM over the K tiles (`accumulate=(k > 0)`: the first overwrites), copied
to SBUF and out. `transposed` is `result.T`, tile by tile with
`nisa.nc_transpose` (through PSUM) or `nisa.dma_transpose` (SBUF to SBUF).

    nkirun run examples/tiled_matmul.py -n 1 -a lhsT=@examples/data/ints_256x64.npy \
        -a rhs=@examples/data/ints_256x96.npy -a tile_m=32 -a tile_n=48 --print
"""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def tiled_matmul(lhsT, rhs, tile_m: int = 128, tile_n: int = 512, dma_transpose: bool = False):
    K, M = lhsT.shape
    K2, N = rhs.shape
    assert K == K2, f"lhsT has {K} rows and rhs {K2}: they must contract over the same K"
    tk = min(K, nl.tile_size.pmax)
    tm = min(M, tile_m, nl.tile_size.gemm_stationary_fmax)
    tn = min(N, tile_n, nl.tile_size.gemm_moving_fmax)
    assert K % tk == 0 and M % tm == 0 and N % tn == 0, "the shapes must split into whole tiles"
    result = nl.ndarray((M, N), dtype=nl.float32, buffer=nl.shared_hbm)
    transposed = nl.ndarray((N, M), dtype=nl.float32, buffer=nl.shared_hbm)
    for m in nl.affine_range(M // tm):
        for n in nl.affine_range(N // tn):
            acc = nl.ndarray((tm, tn), dtype=nl.float32, buffer=nl.psum)
            for k in nl.sequential_range(K // tk):
                a = nl.ndarray((tk, tm), dtype=lhsT.dtype, buffer=nl.sbuf)
                b = nl.ndarray((tk, tn), dtype=rhs.dtype, buffer=nl.sbuf)
                nisa.dma_copy(dst=a, src=lhsT[k * tk:(k + 1) * tk, m * tm:(m + 1) * tm])
                nisa.dma_copy(dst=b, src=rhs[k * tk:(k + 1) * tk, n * tn:(n + 1) * tn])
                nisa.nc_matmul(dst=acc, stationary=a, moving=b, accumulate=(k > 0))
            out = nl.ndarray((tm, tn), dtype=nl.float32, buffer=nl.sbuf)
            nisa.tensor_copy(dst=out, src=acc)
            nisa.dma_copy(dst=result[m * tm:(m + 1) * tm, n * tn:(n + 1) * tn], src=out)
            # The transpose, in blocks of at most 128 x 128.
            for j in nl.affine_range(tn // min(tn, 128)):
                w = min(tn, 128)
                flipped = nl.ndarray((w, tm), dtype=nl.float32, buffer=nl.sbuf)
                if dma_transpose:
                    nisa.dma_transpose(dst=flipped, src=out[:, j * w:(j + 1) * w])
                else:
                    through = nl.ndarray((w, tm), dtype=nl.float32, buffer=nl.psum)
                    nisa.nc_transpose(dst=through, data=out[:, j * w:(j + 1) * w])
                    nisa.tensor_copy(dst=flipped, src=through)
                row = n * tn + j * w
                nisa.dma_copy(dst=transposed[row:row + w, m * tm:(m + 1) * tm], src=flipped)
    return result, transposed
