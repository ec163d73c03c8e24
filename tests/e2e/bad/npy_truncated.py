# The input file ends before its data does.
# run: -n 1 -a input=@data/truncated.npy
# exit: 1
# expect: nkirun: error: data/truncated.npy: file is truncated: expected 24 data bytes, found 8
import nki


@nki.jit
def kernel(input):
    return input
