# A packed float8 input ('|V4', four-byte raw values) needs its dtype named.
# run: -n 1 -a input=@data/f8x4_2x2.npy
# exit: 1
# expect: nkirun: error: data/f8x4_2x2.npy: holds four-byte raw values ('|V4'), as packed float8 arrays are written: name their dtype after the path, as in @PATH.npy:float8_e4m3fn_x4 (or float8_e5m2_x4)
import nki


@nki.jit
def kernel(input):
    return input
