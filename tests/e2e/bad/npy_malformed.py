# The input file is not a .npy file.
# run: -n 1 -a input=@data/garbage.npy
# exit: 1
# expect: nkirun: error: data/garbage.npy: not a .npy file: bad magic
import nki


@nki.jit
def kernel(input):
    return input
