# Every rank must get inputs of the same shape.
# run: -n 2 -a input=@data/shape_rank{rank}.npy
# exit: 1
# expect: input_shapes_differ.py:9:12: error: argument 'input' has shape [2, 3] on rank 0 but [3, 3] on rank 1
import nki


@nki.jit
def kernel(input):
    return input
