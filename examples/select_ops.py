"""Selections and reductions of the element-wise engines: nisa.affine_select
(a causal mask and a 2-D band), nisa.tensor_copy_predicated (from a tile and
from a constant), nisa.activation's sum into reduce_res (and
nisa.activation_reduce's), and nisa.exponential with its running sum (a
softmax's numerator and denominator), the engines' accumulator registers
kept from one instruction to the next, on float inputs `x`, `y` and int32 input `i` (all [P, F],
F a multiple of 8). Float results go to float32 tiles, or bfloat16 ones with
`bf16=True`. nisa.exponential is NeuronCore-v4's: run on trn3.

    nkirun run examples/select_ops.py -n 1 --platform trn3 \
        -a x=@examples/data/ew_x_64x48.npy -a y=@examples/data/ew_y_64x48.npy \
        -a i=@examples/data/ew_i_64x48.npy --print
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


def converted(t, dtype, buffer=nl.sbuf):
    out = nl.ndarray(t.shape, dtype=dtype, buffer=buffer)
    nisa.tensor_copy(dst=out, src=t)
    return out


@nki.jit
def select_ops(x, y, i, bf16: bool = False):
    P, F = x.shape
    dt = nl.bfloat16 if bf16 else nl.float32
    xs, ys, si = load(x), load(y), load(i)

    # affine_select: keep x[p, f] where p - f >= 0 (a causal mask), -9984 elsewhere.
    causal = nl.ndarray((P, F), dtype=dt, buffer=nl.sbuf)
    nisa.affine_select(dst=causal, pattern=[[-1, F]], channel_multiplier=1, on_true_tile=xs,
                       on_false_value=-9984.0, cmp_op=nl.greater_equal)
    # A 2-D pattern over [F // 8, 8]: keep i where 3 - 2p + 5a - b < 0, the
    # int32 values through float32 into dt.
    band = nl.ndarray((P, F // 8, 8), dtype=dt, buffer=nl.sbuf)
    nisa.affine_select(dst=band, pattern=[[5, F // 8], [-1, 8]], channel_multiplier=-2,
                       on_true_tile=si.reshape((P, F // 8, 8)), on_false_value=0.25,
                       cmp_op=nl.less, offset=3)
    # int32 to int32 keeps the bits; the float32 -7.0 becomes the int -7.
    int_band = nl.ndarray((P, F), dtype=nl.int32, buffer=nl.sbuf)
    nisa.affine_select(dst=int_band, pattern=[[1, F]], channel_multiplier=3, on_true_tile=si,
                       on_false_value=-7.0, cmp_op=nl.not_equal, offset=-40)

    # tensor_copy_predicated: y with x copied where x > 0, then 0.5 where x <= y.
    positive = nl.ndarray((P, F), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=positive, data=xs, op0=nl.greater, operand0=0.0)
    x_le_y = nl.ndarray((P, F), dtype=nl.uint32, buffer=nl.sbuf)
    nisa.tensor_tensor(dst=x_le_y, data1=xs, data2=ys, op=nl.greater)  # 0 where x <= y
    picked = converted(ys, dt)
    nisa.tensor_copy_predicated(dst=picked, src=converted(xs, dt, nl.psum), predicate=positive)
    picked_once = store(converted(picked, dt))
    nisa.tensor_copy_predicated(dst=picked, src=0.5, predicate=x_le_y, reverse_pred=True)

    # activation's reduction: relu(x * 0.5 - 1) and each row's sum of it.
    relu = nl.ndarray((P, F), dtype=dt, buffer=nl.sbuf)
    relu_sum = nl.ndarray((P, 1), dtype=dt, buffer=nl.sbuf)
    nisa.activation(dst=relu, op=nl.relu, data=xs, bias=-1.0, scale=0.5, reduce_op=nl.add,
                    reduce_res=relu_sum, reduce_cmd=nisa.reduce_cmd.reset_reduce)
    square = nl.ndarray((P, F), dtype=dt, buffer=nl.psum)
    square_sum = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation(dst=square, op=nl.square, data=ys, scale=ys[:, 0:1], reduce_op=nl.add,
                    reduce_res=square_sum, reduce_cmd=nisa.reduce_cmd.reset_reduce)
    # activation_reduce: activation with reduce_cmd.reset_reduce.
    abs_sum = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.psum)
    nisa.activation_reduce(dst=converted(xs, dt), op=nl.abs, data=xs, reduce_op=nl.add,
                           reduce_res=abs_sum, bias=ys[:, 1:2])
    zeroed = nl.ndarray((P, 1), dtype=dt, buffer=nl.sbuf)
    nisa.activation(dst=converted(xs, dt), op=nl.copy, data=xs, reduce_res=zeroed,
                    reduce_cmd=nisa.reduce_cmd.reset)

    # The Scalar Engine's registers kept across activations: reset, then each
    # half of x added (reduce), then read out by an idle activation.
    half = F // 2
    nisa.activation(dst=converted(xs, dt), op=nl.copy, data=xs, reduce_cmd=nisa.reduce_cmd.reset)
    for k in range(2):
        nisa.activation(dst=converted(xs[:, 0:half], dt), op=nl.copy,
                        data=xs[:, k * half:(k + 1) * half], reduce_op=nl.add,
                        reduce_cmd=nisa.reduce_cmd.reduce)
    chained_sum = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.activation(dst=converted(ys, dt), op=nl.copy, data=ys, reduce_res=chained_sum)

    # exponential: exp(x - row max) and its row sums; exp(y - 0.5) summed
    # onto 1.5 and onto a tile of x's first column.
    row_max = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.tensor_reduce(dst=row_max, op=nl.maximum, data=xs, axis=1, keepdims=True)
    softmax_top = nl.ndarray((P, F), dtype=dt, buffer=nl.sbuf)
    softmax_sum = nl.ndarray((P, 1), dtype=dt, buffer=nl.sbuf)
    nisa.exponential(dst=softmax_top, src=xs, max_value=row_max, reduce_res=softmax_sum,
                     reduce_cmd=nisa.reduce_cmd.reset_reduce)
    exp_y = nl.ndarray((P, F), dtype=dt, buffer=nl.sbuf)
    exp_y_sum = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.psum)
    nisa.exponential(dst=exp_y, src=ys, max_value=0.5, reduce_res=exp_y_sum,
                     reduce_cmd=nisa.reduce_cmd.load_reduce, reduce_init=1.5)
    exp_y_sum_x = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.exponential(dst=converted(ys, dt), src=ys, max_value=0.5, reduce_res=exp_y_sum_x,
                     reduce_cmd=nisa.reduce_cmd.load_reduce, reduce_init=xs[:, 0:1])
    # The Vector Engine's accumulator kept across exponentials: the row sums
    # again, half a row at a time.
    nisa.exponential(dst=converted(xs[:, 0:half], dt), src=xs[:, 0:half], max_value=row_max,
                     reduce_cmd=nisa.reduce_cmd.reset_reduce)
    chunked_sum = nl.ndarray((P, 1), dtype=nl.float32, buffer=nl.sbuf)
    nisa.exponential(dst=converted(xs[:, half:F], dt), src=xs[:, half:F], max_value=row_max,
                     reduce_res=chunked_sum, reduce_cmd=nisa.reduce_cmd.reduce)
    exp_i = nl.ndarray((P, F), dtype=dt, buffer=nl.sbuf)
    small = nl.ndarray((P, F), dtype=nl.int32, buffer=nl.sbuf)
    nisa.tensor_scalar(dst=small, data=si, op0=nl.bitwise_and, operand0=7)
    nisa.exponential(dst=exp_i, src=small)
    causal, band, int_band, picked = store(causal), store(band), store(int_band), store(picked)
    relu, relu_sum, square = store(relu), store(relu_sum), store(converted(square, dt))
    square_sum, zeroed, softmax_top = store(square_sum), store(zeroed), store(softmax_top)
    abs_sum = store(converted(abs_sum, nl.float32))
    softmax_sum, exp_y = store(softmax_sum), store(exp_y)
    exp_y_sum, exp_y_sum_x = store(converted(exp_y_sum, nl.float32)), store(exp_y_sum_x)
    exp_i, chained_sum, chunked_sum = store(exp_i), store(chained_sum), store(chunked_sum)
    return (causal, band, int_band, picked_once, picked, relu, relu_sum, square, square_sum,
            abs_sum, zeroed, chained_sum, softmax_top, softmax_sum, exp_y, exp_y_sum,
            exp_y_sum_x, chunked_sum, exp_i)
