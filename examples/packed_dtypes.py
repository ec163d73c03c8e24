"""Packed MX data and its scales through the DMA. The packed dtypes
(float8_e4m3fn_x4: four float8 values in a 4-byte element; float4_e2m1fn_x4:
four float4 values in 2 bytes) are opaque: their bits copy, here through
SBUF with the columns of `data` reversed, and a memset writes 0. The
float8_e8m0fnu scales copy as they are and convert exactly to float32
(2^(E - 127), NaN at 0xFF).

    nkirun run examples/packed_dtypes.py -n 1 \
        -a data=@examples/data/f8x4_bits_4x8.npy:float8_e4m3fn_x4 \
        -a nibbles=@examples/data/f4x4_bits_4x4.npy:float4_e2m1fn_x4 \
        -a scales=@examples/data/e8m0_scales_4x2.npy:float8_e8m0fnu --print
"""
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def packed_dtypes(data, nibbles, scales):
    rows, cols = data.shape
    tile = nl.ndarray((rows, cols), dtype=nl.float8_e4m3fn_x4, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=data)
    reversed_data = nl.ndarray((rows, cols), dtype=data.dtype, buffer=nl.shared_hbm)
    for c in nl.affine_range(cols):
        nisa.dma_copy(dst=reversed_data[:, c:c + 1], src=tile[:, cols - 1 - c:cols - c])
    zeros = nl.ndarray((rows, cols), dtype=nl.float8_e4m3fn_x4, buffer=nl.shared_hbm)
    nisa.memset(zeros, 0)
    nibbles_copy = nl.ndarray(nibbles.shape, dtype=nl.float4_e2m1fn_x4, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=nibbles_copy, src=nibbles)
    scale_tile = nl.ndarray(scales.shape, dtype=nl.float8_e8m0fnu, buffer=nl.sbuf)
    nisa.dma_copy(dst=scale_tile, src=scales)
    scales_copy = nl.ndarray(scales.shape, dtype=scales.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=scales_copy, src=scale_tile)
    scale_values = nl.ndarray(scales.shape, dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=scale_values, src=scale_tile)
    return reversed_data, zeros, nibbles_copy, scales_copy, scale_values
