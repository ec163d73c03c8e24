# A dtype named after the path reinterprets the file's bits: they must be as wide.
# run: -n 1 -a input=@data/f32_2x3.npy:float8_e5m2
# exit: 1
# expect: nkirun: error: data/f32_2x3.npy: holds 4-byte elements ('<f4'), but float8_e5m2 has 1-byte elements
import nki


@nki.jit
def kernel(input):
    return input
