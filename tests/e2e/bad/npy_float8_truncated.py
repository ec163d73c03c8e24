# A float8 input whose data is one byte short of what its header says.
# run: -n 1 -a input=@data/f8_truncated.npy:float8_e4m3
# exit: 1
# expect: nkirun: error: data/f8_truncated.npy: file is truncated: expected 8 data bytes, found 7
import nki


@nki.jit
def kernel(input):
    return input
