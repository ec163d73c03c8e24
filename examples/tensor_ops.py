"""The element-wise engines: nisa.tensor_tensor, nisa.tensor_scalar,
nisa.activation, nisa.tensor_reduce and nisa.reciprocal on float inputs
`x`, `y` and int32 inputs `i`, `j` (all [P, F]), each result written out
under the name of what it computes. Float results go to float32 tiles, or
bfloat16 ones with `bf16=True`; integer results to int32 tiles.

    nkirun run examples/tensor_ops.py -n 1 -a x=@examples/data/ew_x_64x48.npy \
        -a y=@examples/data/ew_y_64x48.npy -a i=@examples/data/ew_i_64x48.npy \
        -a j=@examples/data/ew_j_64x48.npy --print
"""
import nki
import nki.isa as nisa
import nki.language as nl


def load(src):
    t = nl.ndarray(src.shape, dtype=src.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=src)
    return t


def store(t):
    out = nl.ndarray(t.shape, dtype=t.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=t)
    return out


def binary(op, a, b, dtype):
    t = nl.ndarray(a.shape, dtype=dtype, buffer=nl.sbuf)
    nisa.tensor_tensor(dst=t, data1=a, data2=b, op=op)
    return t


def scalar(a, dtype, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False):
    t = nl.ndarray(a.shape, dtype=dtype, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=t, data=a, op0=op0, operand0=operand0, reverse0=reverse0, op1=op1,
                       operand1=operand1, reverse1=reverse1)
    return t


def activate(op, a, dtype, bias=None, scale=1.0):
    t = nl.ndarray(a.shape, dtype=dtype, buffer=nl.sbuf)
    nisa.activation(dst=t, op=op, data=a, bias=bias, scale=scale)
    return t


def reduce(op, a, axis, shape, dtype, negate=False):
    t = nl.ndarray(shape, dtype=dtype, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=t, op=op, data=a, axis=axis, negate=negate, keepdims=True)
    return t


@nki.jit
def tensor_ops(x, y, i, j, bf16: bool = False):
    P, F = x.shape
    dt = nl.bfloat16 if bf16 else nl.float32
    xs, ys, si, sj = load(x), load(y), load(i), load(j)
    # y through PSUM: one operand of tensor_tensor may be there.
    yp = nl.ndarray((P, F), dtype=nl.float32, buffer=nl.psum)
    nisa.tensor_copy(dst=yp, src=ys)

    # tensor_tensor on floats: float32 arithmetic, rounded once to dt.
    add = store(binary(nl.add, xs, ys, dt))
    subtract = store(binary(nl.subtract, xs, yp, dt))
    multiply = store(binary(nl.multiply, xs, ys, dt))
    divide = store(binary(nl.divide, xs, ys, dt))
    maximum = store(binary(nl.maximum, xs, ys, dt))
    minimum = store(binary(nl.minimum, yp, xs, dt))
    less = store(binary(nl.less, xs, ys, dt))
    equal = store(binary(nl.equal, xs, ys, dt))
    # tensor_tensor on int32: exact, wrapping.
    int_add = store(binary(nl.add, si, sj, nl.int32))
    int_subtract = store(binary(nl.subtract, si, sj, nl.int32))
    int_multiply = store(binary(nl.multiply, si, sj, nl.int32))
    int_maximum = store(binary(nl.maximum, si, sj, nl.int32))
    int_greater_equal = store(binary(nl.greater_equal, si, sj, nl.int32))
    int_not_equal = store(binary(nl.not_equal, si, sj, nl.int32))
    int_bitwise_and = store(binary(nl.bitwise_and, si, sj, nl.int32))
    int_bitwise_or = store(binary(nl.bitwise_or, si, sj, nl.int32))
    int_bitwise_xor = store(binary(nl.bitwise_xor, si, sj, nl.int32))
    int_add_float = store(binary(nl.add, si, sj, dt))
    # Shift counts 0..31: j's low five bits (tensor_scalar, a bit-vector operator).
    shift = scalar(sj, nl.int32, nl.bitwise_and, 31)
    int_left_shift = store(binary(nl.left_shift, si, shift, nl.int32))
    int_right_shift = store(binary(nl.right_shift, si, shift, nl.int32))

    # tensor_scalar: a constant or a [P, 1] tile per operator.
    column = ys[:, 0:1]
    multiply_add = store(scalar(xs, dt, nl.multiply, 2.5, op1=nl.add, operand1=-1.0))
    reverse_subtract = store(scalar(xs, dt, nl.subtract, 3.0, reverse0=True))
    divide_column = store(scalar(xs, dt, nl.divide, column, op1=nl.maximum, operand1=-2.0))
    int_xor_shift = store(scalar(si, nl.int32, nl.bitwise_xor, 0x5a5a, op1=nl.right_shift,
                                 operand1=3))

    # activation: op(data * scale + bias) in float32.
    relu = store(activate(nl.relu, xs, dt, bias=column, scale=0.5))
    square = store(activate(nl.square, xs, dt, scale=column))
    sqrt = store(activate(nl.sqrt, activate(nl.abs, xs, nl.float32), dt, bias=1.0))
    reciprocal = nl.ndarray((P, F), dtype=dt, buffer=nl.sbuf)
    nisa.reciprocal(dst=reciprocal, data=ys)
    reciprocal = store(reciprocal)

    # tensor_reduce over the last free dims, in order.
    row_max = store(reduce(nl.maximum, xs, 1, (P, 1), dt))
    small = scalar(si, nl.int32, nl.bitwise_and, 255)
    row_sum = store(reduce(nl.add, small, [1], (P, 1), dt))
    grouped = xs.reshape((P, F // 8, 8))
    group_min = store(reduce(nl.minimum, grouped, (2,), (P, F // 8, 1), dt, negate=True))
    whole_or = store(reduce(nl.bitwise_or, si.reshape((P, F // 8, 8)), (1, 2), (P, 1), nl.int32))
    return (add, subtract, multiply, divide, maximum, minimum, less, equal, int_add,
            int_subtract, int_multiply, int_maximum, int_greater_equal, int_not_equal,
            int_bitwise_and, int_bitwise_or, int_bitwise_xor, int_add_float, int_left_shift,
            int_right_shift, multiply_add, reverse_subtract, divide_column, int_xor_shift, relu,
            square, sqrt, reciprocal, row_max, row_sum, group_min, whole_or)
