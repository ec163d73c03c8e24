# A packed dtype named after the path needs elements of its width: float4_e2m1fn_x4 has 2 bytes.
# run: -n 1 -a input=@data/f8x4_2x2.npy:float4_e2m1fn_x4
# exit: 1
# expect: nkirun: error: data/f8x4_2x2.npy: holds 4-byte elements ('|V4'), but float4_e2m1fn_x4 has 2-byte elements
import nki


@nki.jit
def kernel(input):
    return input
