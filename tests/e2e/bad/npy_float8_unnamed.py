# A float8 input ('|V1', one-byte raw values) needs its dtype named.
# run: -n 1 -a input=@data/f8_2x4.npy
# exit: 1
# expect: nkirun: error: data/f8_2x4.npy: holds one-byte raw values ('|V1'), as float8 arrays are written: name their dtype after the path, as in @PATH.npy:float8_e4m3 (or float8_e4m3fn, float8_e5m2, float8_e8m0fnu)
import nki


@nki.jit
def kernel(input):
    return input
