# Constants whose sign no decimal literal carries: -nan (math.inf - math.inf
# is a NaN with its sign bit set too), -0.0 and -inf, given to every kind of
# constant operand (memset values in float32, bfloat16 and float8,
# tensor_scalar operands, affine_select's on_false_value, activation's bias
# and scale, tensor_copy_predicated's src). The program nkic builds writes
# the bytes nkirun writes, sign bits included.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# outputs: rank0/fills.npy rank0/bfills.npy rank0/f8fills.npy rank0/scalar.npy rank0/selected.npy rank0/act.npy rank0/predicated.npy
# exit: 0
import math

import nki
import nki.isa as nisa
import nki.language as nl

SIGNED = [-math.nan, math.inf - math.inf, -0.0, -math.inf]


@nki.jit
def kernel(x):
    n = len(SIGNED)
    fills = nl.ndarray((n, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="fills")
    bfills = nl.ndarray((n, 4), dtype=nl.bfloat16, buffer=nl.shared_hbm, name="bfills")
    f8fills = nl.ndarray((n, 4), dtype=nl.float8_e4m3, buffer=nl.shared_hbm, name="f8fills")
    for i in range(n):
        nisa.memset(dst=fills[i:i + 1, :], value=SIGNED[i])
        nisa.memset(dst=bfills[i:i + 1, :], value=SIGNED[i])
        nisa.memset(dst=f8fills[i:i + 1, :], value=SIGNED[i])
    t = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=x)
    every = nl.ndarray((4, 4), dtype=nl.uint8, buffer=nl.sbuf)
    nisa.memset(dst=every, value=1)
    scalar = nl.ndarray((4, 4 * n), dtype=nl.float32, buffer=nl.shared_hbm, name="scalar")
    selected = nl.ndarray((4, 4 * n), dtype=nl.float32, buffer=nl.shared_hbm, name="selected")
    act = nl.ndarray((4, 4 * n), dtype=nl.float32, buffer=nl.shared_hbm, name="act")
    predicated = nl.ndarray((4, 4 * n), dtype=nl.float32, buffer=nl.shared_hbm, name="predicated")
    for i in range(n):
        b = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=b, data=t, op0=nl.multiply, operand0=SIGNED[i])
        nisa.dma_copy(dst=scalar[:, 4 * i:4 * i + 4], src=b)
        c = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.affine_select(dst=c, pattern=[[1, 4]], channel_multiplier=-1, on_true_tile=t,
                           on_false_value=SIGNED[i], cmp_op=nl.equal)
        nisa.dma_copy(dst=selected[:, 4 * i:4 * i + 4], src=c)
        a = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.activation(dst=a, op=nl.copy, data=t, bias=SIGNED[i], scale=SIGNED[(i + 1) % n])
        nisa.dma_copy(dst=act[:, 4 * i:4 * i + 4], src=a)
        p = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        nisa.memset(dst=p, value=1.0)
        nisa.tensor_copy_predicated(dst=p, src=SIGNED[i], predicate=every)
        nisa.dma_copy(dst=predicated[:, 4 * i:4 * i + 4], src=p)
    return fills, bfills, f8fills, scalar, selected, act, predicated
