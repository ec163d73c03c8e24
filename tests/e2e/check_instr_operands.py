"""Every instruction with 0-D operands and with a zero-size axis in each
position, through nkirun and through the program nkic builds.

Each case is a kernel written at test time. A case either runs (its outputs
must be NumPy's, from nkirun and from the built program, byte for byte) or
is refused with a located error: `kernel.py:LINE:COL: error: MESSAGE` at the
instruction's line, MESSAGE holding the case's fragment, from nkirun and
from `nkic build` (or from the program, when only a run can tell), never a
signal, a hang or a garbage value. The cases that run share one build per
command line (--lnc, --platform), so the whole table costs a few compiles.

usage: check_instr_operands.py NKIRUN NKIC
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile

import numpy as np

TIMEOUT_SECONDS = 300  # a C++ compile on a loaded two-core machine
X = np.arange(16, dtype=np.float32).reshape(4, 4)

HEADER = """import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


def sb(shape, dtype=nl.float32):
    return nl.ndarray(shape, dtype=dtype, buffer=nl.sbuf)


def ps(shape, dtype=nl.float32):
    return nl.ndarray(shape, dtype=dtype, buffer=nl.psum)


def hbm(shape, dtype=nl.float32):
    return nl.ndarray(shape, dtype=dtype, buffer=nl.shared_hbm)


def ones(shape, dtype=nl.float32):
    t = sb(shape, dtype)
    nisa.memset(dst=t, value=1)
    return t


def out(t):
    o = hbm(t.shape, t.dtype)
    nisa.dma_copy(dst=o, src=t)
    return o
"""

# What every case may use: xs and h hold x, in SBUF and in shared HBM (a
# collective's operand); h[i, j] is a 0-D view (an on-chip view keeps its
# partition dim, and an on-chip tensor has one).
PRELUDE = """xs = sb((4, 4))
nisa.dma_copy(dst=xs, src=x)
h = hbm((4, 4))
nisa.dma_copy(dst=h, src=x)
"""

LNC2 = ("--lnc", "2")
TRN3 = ("--platform", "trn3")


def empty(shape, dtype=np.float32):
    return np.zeros(shape, dtype)


# (name, flags, body, expected): the body's line marked `#@` is the
# instruction; expected is the fragment of the error, or the returned
# arrays (returned in order, as ret0, ret1, ...).
CASES = [
    # ---- dma_copy, tensor_copy, memset and the fills ----
    ("dma_copy.0d_src_0d_dst", (), """
h = hbm(())
nisa.dma_copy(dst=h, src=x[1, 2])  #@
return h
""", [np.float32(6.0)]),
    ("dma_copy.0d_src_1_dst", (), """
h = hbm((1,))
nisa.dma_copy(dst=h, src=x[1, 2])  #@
return h
""", [np.array([6.0], np.float32)]),
    ("dma_copy.empty_rows", (), """
h = hbm((0, 4))
nisa.dma_copy(dst=h, src=x[2:2, :])  #@
return h
""", [empty((0, 4))]),
    ("dma_copy.empty_columns_sbuf", (), """
t = sb((4, 0))
nisa.dma_copy(dst=t, src=x[:, 1:1])  #@
return out(t)
""", [empty((4, 0))]),
    ("dma_copy.empty_into_0d", (), """
h = hbm(())
nisa.dma_copy(dst=h, src=x[2:2, 0])  #@
""", "dma_copy element count mismatch: dst has 1, src has 0 elements"),
    ("tensor_copy.0d_src", (), """
t = sb((4, 4))
nisa.tensor_copy(dst=h[1, 1], src=h[2, 2])  #@
""", "tensor_copy: tensors must be in SBUF or PSUM, and 'h' is in shared_hbm"),
    ("tensor_copy.empty_free", (), """
t = sb((4, 0))
nisa.tensor_copy(dst=t, src=xs[:, 3:3])  #@
return out(t)
""", [empty((4, 0))]),
    ("tensor_copy.empty_partitions", (), """
t = ps((0, 4))
nisa.tensor_copy(dst=t, src=xs[1:1, :])  #@
return out(sb((0, 4)))
""", [empty((0, 4))]),
    ("memset.0d", (), """
nisa.memset(dst=xs[1, 2], value=-3.0)  #@
return out(xs)
""", [np.where(np.arange(16).reshape(4, 4) == 6, -3.0, X).astype(np.float32)]),
    ("memset.empty_free", (), """
t = sb((4, 0), nl.int8)
nisa.memset(dst=t, value=-1)  #@
return out(t)
""", [empty((4, 0), np.int8)]),
    ("memset.empty_partitions", (), """
t = sb((0, 3))
nisa.memset(dst=t, value=2.0)  #@
return out(t)
""", [empty((0, 3))]),
    ("nl.zeros.empty", (), """
t = nl.zeros((0, 4), dtype=nl.int32, buffer=nl.sbuf)  #@
return out(t)
""", [empty((0, 4), np.int32)]),
    ("nl.full.0d_hbm", (), """
t = nl.full((), 7, dtype=nl.uint8, buffer=nl.shared_hbm)  #@
return t
""", [np.uint8(7)]),
    ("memset.integer_limits", (), """
t = sb((2, 6), nl.int32)
for j, (dt, v) in enumerate([(nl.int8, -128), (nl.uint8, 255), (nl.int16, -32768), (nl.uint16, 65535), (nl.int32, -2**31), (nl.int8, 2.5)]):
    e = sb((2, 1), dt)
    nisa.memset(dst=e, value=v)  #@
    nisa.tensor_copy(dst=t[:, j:j + 1], src=e)
u = sb((2, 1), nl.uint32)
nisa.memset(dst=u, value=2**32 - 1)
return out(t), out(u)
""", [np.tile(np.array([-128, 255, -32768, 65535, -2**31, 2], np.int32), (2, 1)),
      np.full((2, 1), 2**32 - 1, np.uint32)]),
    # ---- iota and the registers ----
    ("iota.0d_dst", (), """
t = sb((4, 4), nl.int32)
nisa.iota(dst=h[0, 0], pattern=[[1, 1]])  #@
""", "iota: dst must be in SBUF, and 'h' is in shared_hbm"),
    ("iota.empty_partitions", (), """
t = sb((0, 4), nl.int32)
nisa.iota(dst=t, pattern=[[1, 4]], offset=2**31 - 1, channel_multiplier=5)  #@
return out(t)
""", [empty((0, 4), np.int32)]),
    ("iota.empty_free", (), """
t = sb((4, 0), nl.uint8)
nisa.iota(dst=t, pattern=[[1, 0]], offset=-7)  #@
return out(t)
""", [empty((4, 0), np.uint8)]),
    ("iota.uint8_to_255", (), """
t = sb((2, 128), nl.uint8)
nisa.iota(dst=t, pattern=[[1, 128]], channel_multiplier=128)  #@
return out(t)
""", [np.arange(256, dtype=np.uint8).reshape(2, 128)]),
    ("iota.empty_free_pattern_mismatch", (), """
t = sb((4, 0), nl.int32)
nisa.iota(dst=t, pattern=[[1, 4]])  #@
""", "iota: the pattern has 4 elements, but dst has 0 per partition"),
    ("register_load.0d", (), """
i = sb((2, 2), nl.int32)
nisa.iota(dst=i, pattern=[[1, 2]], channel_multiplier=2)
r = nisa.register_alloc()
nisa.register_load(r, i[1, 1])  #@
nisa.register_store(i[0, 0], r)
return out(i)
""", [np.array([[3, 1], [2, 3]], np.int32)]),
    ("register_load.empty", (), """
r = nisa.register_alloc()
nisa.register_load(r, sb((1, 0), nl.int32))  #@
""", "register_load: src_tensor must hold exactly one element, not 0"),
    ("register_store.empty", (), """
r = nisa.register_alloc(3)
nisa.register_store(sb((0, 1), nl.int32), r)  #@
""", "register_store: dst_tensor must hold exactly one element, not 0"),
    # ---- the Tensor Engine and the transposes ----
    ("nc_matmul.0d_stationary", (), """
nisa.nc_matmul(dst=ps((1, 1)), stationary=h[0, 0], moving=xs[0:1, 0:1])  #@
""", "nc_matmul: the stationary tile must be in sbuf, 'h' (float32, shared_hbm, []) is not"),
    ("nc_matmul.0d_moving", (), """
nisa.nc_matmul(dst=ps((1, 1)), stationary=xs[0:1, 0:1], moving=h[0, 0])  #@
""", "nc_matmul: the moving tile must be in sbuf, 'h' (float32, shared_hbm, []) is not"),
    ("nc_matmul.0d_dst", (), """
p = ps((4, 4))
nisa.nc_matmul(dst=h[0, 0], stationary=xs[0:1, 0:1], moving=xs[0:1, 0:1])  #@
""", "nc_matmul: the dst tile must be in psum, 'h' (float32, shared_hbm, []) is not"),
    ("nc_matmul.empty_contraction", (), """
p = ps((4, 3))
nisa.nc_matmul(dst=p, stationary=xs[0:0, :], moving=xs[0:0, 0:3], accumulate=False)  #@
t = sb((4, 3))
nisa.tensor_copy(dst=t, src=p)
return out(t)
""", [empty((4, 3))]),
    ("nc_matmul.empty_stationary_free", (), """
p = ps((0, 4))
nisa.nc_matmul(dst=p, stationary=xs[:, 2:2], moving=xs)  #@
return out(sb((0, 4)))
""", [empty((0, 4))]),
    ("nc_matmul.empty_moving_free", (), """
p = ps((4, 0))
nisa.nc_matmul(dst=p, stationary=xs, moving=xs[:, 2:2])  #@
t = sb((4, 0))
nisa.tensor_copy(dst=t, src=p)
return out(t)
""", [empty((4, 0))]),
    ("nc_transpose.0d_data", (), """
nisa.nc_transpose(dst=ps((1, 1)), data=h[3, 3])  #@
""", "nc_transpose: tiles must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("nc_transpose.0d_dst", (), """
p = ps((2, 2))
nisa.nc_transpose(dst=h[1, 1], data=xs[0:1, 0:1])  #@
""", "nc_transpose: tiles must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("nc_transpose.empty_partitions", (), """
p = ps((4, 0))
nisa.nc_transpose(dst=p, data=xs[2:2, :])  #@
t = sb((4, 0))
nisa.tensor_copy(dst=t, src=p)
return out(t)
""", [empty((4, 0))]),
    ("nc_transpose.empty_free", (), """
p = ps((0, 4))
nisa.nc_transpose(dst=p, data=xs[:, 2:2])  #@
return out(sb((0, 4)))
""", [empty((0, 4))]),
    ("dma_transpose.0d_hwdge", (), """
t = hbm((), nl.bfloat16)
nisa.dma_transpose(dst=sb((4, 4), nl.bfloat16), src=t, dge_mode=nisa.dge_mode.hwdge)  #@
""", "dma_transpose: src must be 2-D to 4-D, 't' (bfloat16, shared_hbm, []) is 0-D"),
    ("dma_transpose.0d_view_hwdge", (), """
h = hbm((4,), nl.bfloat16)
nisa.dma_transpose(dst=sb((4, 4), nl.bfloat16), src=h[0], dge_mode=nisa.dge_mode.hwdge)  #@
""", "dma_transpose: src must be 2-D to 4-D, 'h' (bfloat16, shared_hbm, []) is 0-D"),
    ("dma_transpose.0d", (), """
nisa.dma_transpose(dst=sb((1, 1)), src=x[0, 0])  #@
""", "dma_transpose: src must be 2-D to 4-D, 'x' (float32, hbm, []) is 0-D"),
    ("dma_transpose.empty_rows", (), """
t = sb((4, 0))
nisa.dma_transpose(dst=t, src=x[1:1, :])  #@
return out(t)
""", [empty((4, 0))]),
    ("dma_transpose.empty_last_hwdge", (), """
h = hbm((4, 0), nl.bfloat16)
t = sb((0, 4), nl.bfloat16)
nisa.dma_transpose(dst=t, src=h, dge_mode=nisa.dge_mode.hwdge)  #@
return out(t)
""", [np.zeros((0, 4), "V2")]),
    # ---- the Vector, Scalar and GpSimd Engines ----
    ("tensor_tensor.0d_data1", (), """
nisa.tensor_tensor(dst=sb((1, 1)), data1=h[0, 0], data2=xs[0:1, 0:1], op=nl.add)  #@
""", "tensor_tensor: data1 must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_tensor.0d_data2", (), """
nisa.tensor_tensor(dst=sb((1, 1)), data1=xs[0:1, 0:1], data2=h[0, 0], op=nl.add)  #@
""", "tensor_tensor: data2 must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_tensor.0d_dst", (), """
d = sb((2, 2))
nisa.tensor_tensor(dst=h[0, 0], data1=xs[0:1, 0:1], data2=xs[0:1, 0:1], op=nl.add)  #@
""", "tensor_tensor: dst must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_tensor.empty_free", (), """
d = sb((4, 0))
nisa.tensor_tensor(dst=d, data1=xs[:, 1:1], data2=xs[:, 3:3], op=nl.multiply)  #@
return out(d)
""", [empty((4, 0))]),
    ("tensor_tensor.empty_partitions_int", (), """
d = sb((0, 4), nl.int32)
nisa.tensor_tensor(dst=d, data1=sb((0, 4), nl.int32), data2=sb((0, 4), nl.int32), op=nl.bitwise_and)  #@
return out(d)
""", [empty((0, 4), np.int32)]),
    ("tensor_tensor.empty_against_full", (), """
d = sb((4, 0))
nisa.tensor_tensor(dst=d, data1=xs[:, 1:1], data2=xs, op=nl.add)  #@
""", "tensor_tensor: data2 'xs' (float32, sbuf, [4, 4]) must have the partitions (4) and the elements per partition (0) of data1 'xs' (float32, sbuf, [4, 0])"),
    ("tensor_scalar.0d_data", (), """
nisa.tensor_scalar(dst=sb((1, 1)), data=h[1, 1], op0=nl.add, operand0=1.0)  #@
""", "tensor_scalar: data must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_scalar.0d_operand", (), """
nisa.tensor_scalar(dst=sb((4, 4)), data=xs, op0=nl.add, operand0=h[1, 1])  #@
""", "tensor_scalar: operand0 must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_scalar.empty_free", (), """
d = sb((4, 0))
nisa.tensor_scalar(dst=d, data=xs[:, 0:0], op0=nl.multiply, operand0=xs[:, 0:1], op1=nl.add, operand1=2.0)  #@
return out(d)
""", [empty((4, 0))]),
    ("tensor_scalar.empty_partitions", (), """
d = sb((0, 4))
nisa.tensor_scalar(dst=d, data=xs[0:0, :], op0=nl.subtract, operand0=xs[0:0, 0:1])  #@
return out(d)
""", [empty((0, 4))]),
    ("activation.0d_data", (), """
nisa.activation(dst=sb((1, 1)), op=nl.exp, data=h[0, 0])  #@
""", "activation: data must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("activation.0d_bias", (), """
nisa.activation(dst=sb((4, 4)), op=nl.exp, data=xs, bias=h[0, 0])  #@
""", "activation: bias must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("activation.0d_reduce_res", (), """
r = sb((4, 1))
nisa.activation(dst=sb((4, 4)), op=nl.copy, data=xs, reduce_op=nl.add, reduce_res=h[0, 0], reduce_cmd=nisa.reduce_cmd.reset_reduce)  #@
""", "activation: reduce_res must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("activation.empty_free_reduce", (), """
d = sb((4, 0))
r = sb((4, 1))
nisa.activation(dst=d, op=nl.exp, data=xs[:, 2:2], reduce_op=nl.add, reduce_res=r, reduce_cmd=nisa.reduce_cmd.reset_reduce)  #@
return out(d), out(r)
""", [empty((4, 0)), empty((4, 1))]),
    ("activation.empty_partitions", (), """
d = sb((0, 4))
nisa.activation(dst=d, op=nl.relu, data=xs[3:3, :], bias=xs[3:3, 0:1], scale=2.0)  #@
return out(d)
""", [empty((0, 4))]),
    ("activation_reduce.empty_free", (), """
d = sb((4, 0))
r = sb((4, 1))
nisa.activation_reduce(dst=d, op=nl.copy, data=xs[:, 0:0], reduce_op=nl.add, reduce_res=r)  #@
return out(r)
""", [empty((4, 1))]),
    ("reciprocal.0d", (), """
nisa.reciprocal(dst=sb((1, 1)), data=h[2, 2])  #@
""", "activation: data must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("reciprocal.empty", (), """
d = sb((4, 0))
nisa.reciprocal(dst=d, data=xs[:, 4:4])  #@
return out(d)
""", [empty((4, 0))]),
    ("tensor_reduce.0d_data", (), """
nisa.tensor_reduce(dst=sb((1, 1)), op=nl.add, data=h[0, 0], axis=1)  #@
""", "tensor_reduce: axis 1 must name the last free dims of a 0-D tile"),
    ("tensor_reduce.0d_dst", (), """
d = sb((4, 1))
nisa.tensor_reduce(dst=h[0, 0], op=nl.add, data=xs, axis=1)  #@
""", "tensor_reduce: dst must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_reduce.empty_last_axis", (), """
d = sb((4, 4, 0))
nisa.tensor_reduce(dst=sb((4, 4)), op=nl.add, data=d, axis=2)  #@
""", "tensor_reduce: the reduced dims of 'd' (float32, sbuf, [4, 4, 0]) hold no elements, and a reduction folds at least one into each element of dst"),
    ("tensor_reduce.empty_view_axis", (), """
t = ones((4, 4, 4))
nisa.tensor_reduce(dst=sb((4, 4)), op=nl.maximum, data=t[:, :, 2:2], axis=2)  #@
""", "tensor_reduce: the reduced dims of 't' (float32, sbuf, [4, 4, 0]) hold no elements, and a reduction folds at least one into each element of dst"),
    ("tensor_reduce.empty_axis_bitvec", (), """
t = ones((4, 2, 3), nl.int32)
nisa.tensor_reduce(dst=sb((4, 1), nl.int32), op=nl.bitwise_or, data=t[:, :, 1:1], axis=(1, 2))  #@
""", "tensor_reduce: the reduced dims of 't' (int32, sbuf, [4, 2, 0]) hold no elements, and a reduction folds at least one into each element of dst"),
    ("tensor_reduce.empty_kept_axis", (), """
d = sb((4, 0))
nisa.tensor_reduce(dst=d, op=nl.add, data=ones((4, 0, 3)), axis=2)  #@
return out(d)
""", [empty((4, 0))]),
    ("tensor_reduce.empty_partitions", (), """
d = sb((0, 1))
nisa.tensor_reduce(dst=d, op=nl.add, data=xs[1:1, :], axis=1, keepdims=True)  #@
return out(d)
""", [empty((0, 1))]),
    ("affine_select.0d_on_true", (), """
nisa.affine_select(dst=sb((1, 1)), pattern=[[1, 1]], channel_multiplier=0, on_true_tile=h[0, 0], on_false_value=0.0)  #@
""", "affine_select: on_true_tile must be in SBUF, 'h' (float32, shared_hbm, []) is not"),
    ("affine_select.0d_dst", (), """
d = sb((2, 2))
nisa.affine_select(dst=h[1, 1], pattern=[[1, 1]], channel_multiplier=0, on_true_tile=xs[0:1, 0:1], on_false_value=0.0)  #@
""", "affine_select: dst must be in SBUF, 'h' (float32, shared_hbm, []) is not"),
    ("affine_select.empty_free", (), """
d = sb((4, 0))
nisa.affine_select(dst=d, pattern=[[1, 0]], channel_multiplier=1, on_true_tile=xs[:, 1:1], on_false_value=-1.0)  #@
return out(d)
""", [empty((4, 0))]),
    ("affine_select.empty_partitions", (), """
d = sb((0, 4))
nisa.affine_select(dst=d, pattern=[[-1, 4]], channel_multiplier=1, on_true_tile=xs[1:1, :], on_false_value=-1.0, cmp_op=nl.greater_equal)  #@
return out(d)
""", [empty((0, 4))]),
    ("tensor_copy_predicated.0d_predicate", (), """
m = ones((4, 4), nl.uint8)
nisa.tensor_copy_predicated(dst=sb((1, 1)), src=1.0, predicate=h[0, 0])  #@
""", "tensor_copy_predicated: predicate must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_copy_predicated.0d_src", (), """
m = ones((1, 1), nl.uint8)
d = ones((1, 1))
nisa.tensor_copy_predicated(dst=d, src=h[0, 0], predicate=m)  #@
""", "tensor_copy_predicated: src must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("tensor_copy_predicated.empty_free", (), """
d = sb((4, 0))
nisa.tensor_copy_predicated(dst=d, src=xs[:, 0:0], predicate=sb((4, 0), nl.uint8))  #@
return out(d)
""", [empty((4, 0))]),
    ("tensor_copy_predicated.empty_partitions_value", (), """
d = sb((0, 4), nl.int16)
nisa.tensor_copy_predicated(dst=d, src=-5, predicate=sb((0, 4), nl.uint32), reverse_pred=True)  #@
return out(d)
""", [empty((0, 4), np.int16)]),
    ("exponential.0d_src", TRN3, """
nisa.exponential(dst=sb((1, 1)), src=h[0, 0])  #@
""", "exponential: src must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("exponential.0d_max", TRN3, """
nisa.exponential(dst=sb((4, 4)), src=xs, max_value=h[0, 0])  #@
""", "exponential: max_value must be in SBUF or PSUM, 'h' (float32, shared_hbm, []) is not"),
    ("exponential.empty_free_reduce", TRN3, """
d = sb((4, 0))
r = sb((4, 1))
nisa.exponential(dst=d, src=xs[:, 0:0], reduce_res=r, reduce_cmd=nisa.reduce_cmd.reset_reduce)  #@
return out(r)
""", [empty((4, 1))]),
    ("exponential.empty_partitions", TRN3, """
d = sb((0, 4))
nisa.exponential(dst=d, src=xs[0:0, :], max_value=xs[0:0, 0:1])  #@
return out(d)
""", [empty((0, 4))]),
    # ---- between programs and ranks ----
    ("sendrecv.empty", LNC2, """
me = nl.program_id(0)
r = sb((4, 0))
nisa.sendrecv(src=xs[:, 0:0], dst=r, send_to_rank=1 - me, recv_from_rank=1 - me, pipe_id=0)  #@
return out(r)
""", [empty((4, 0))]),
    ("all_reduce.empty", (), """
d = hbm((0, 4))
ncc.all_reduce(srcs=[h[0:0, :]], dsts=[d], replica_group=[[0]], op=nl.add)  #@
return d
""", [empty((0, 4))]),
    ("all_reduce.0d", (), """
d = hbm(())
ncc.all_reduce(srcs=[h[1, 1]], dsts=[d], replica_group=[[0]], op=nl.maximum)  #@
return d
""", [np.float32(5.0)]),
    ("all_gather.0d", (), """
ncc.all_gather(srcs=[h[1, 1]], dsts=[hbm((1,))], replica_group=[[0]], collective_dim=0)  #@
""", "all_gather: cannot gather 0-D tensors"),
    ("all_gather.empty", (), """
d = hbm((0, 4))
ncc.all_gather(srcs=[h[0:0, :]], dsts=[d], replica_group=[[0]], collective_dim=0)  #@
return d
""", [empty((0, 4))]),
    ("reduce_scatter.0d", (), """
ncc.reduce_scatter(srcs=[h[1, 1]], dsts=[hbm(())], replica_group=[[0]], collective_dim=0, op=nl.add)  #@
""", "reduce_scatter: collective_dim 0 is out of range for shape []"),
    ("reduce_scatter.empty", (), """
d = hbm((4, 0))
ncc.reduce_scatter(srcs=[h[:, 0:0]], dsts=[d], replica_group=[[0]], collective_dim=0, op=nl.add)  #@
return d
""", [empty((4, 0))]),
    ("all_to_all.empty", (), """
d = hbm((0, 4))
ncc.all_to_all(srcs=[h[0:0, :]], dsts=[d], replica_group=[[0]], collective_dim=0)  #@
return d
""", [empty((0, 4))]),
]


def kernel_source(cases):
    """One kernel running each case's body in a function of its own, in
    order; its text, the line of each case's instruction and the names of
    the returned tensors (c{case}_{output}, the names of their .npy files)."""
    text, lines, names, calls = HEADER, [], [], ""
    for k, (_, _, body, want) in enumerate(cases):
        count = 0 if isinstance(want, str) else len(want)
        text += f"\n\ndef case{k}(x):\n"
        for line in PRELUDE.splitlines() + body.strip("\n").splitlines():
            if line.startswith("return "):
                line = f"return ({line[len('return '):]},)"
            text += f"    {line}\n"
            if line.endswith("#@"):
                lines.append(text.count("\n"))
        if count == 0:
            text += "    return ()\n"
        got = [f"c{k}_{i}" for i in range(count)]
        calls += f"    {''.join(g + ', ' for g in got)}{'= ' if got else ''}case{k}(x)\n"
        names += got
    text += "\n\n@nki.jit\ndef kernel(x):\n" + calls
    text += f"    return {', '.join(names) if names else 'x'}\n"
    return text, lines, names


# A message's rank or program suffix, which nkic's trace of one rank leaves out.
SUFFIX = re.compile(r" \((ranks? [^()]*|program [^()]*)\)$")


def first_error(stderr):
    for line in stderr.splitlines():
        if ": error: " in line:
            return SUFFIX.sub("", line)
    return None


def run(argv, cwd):
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT_SECONDS,
                          env=dict(os.environ, NO_COLOR="1"))


def check_error(name, tool, proc, line, fragment):
    """Whether `proc` failed with the case's located error; the message or None."""
    if proc.returncode != 1:
        return f"{name}: {tool} exits {proc.returncode}, not 1\n{proc.stderr}"
    got = first_error(proc.stderr)
    want = re.compile(rf"kernel\.py:{line}:\d+: error: .*{re.escape(fragment)}")
    if not got or not want.match(got):
        return f"{name}: {tool} says\n  {got}\nnot kernel.py:{line}: ... {fragment}\n{proc.stderr}"
    return None


def same_arrays(got, want):
    return len(got) == len(want) and all(
        g.shape == np.shape(w) and g.dtype == np.asarray(w).dtype and
        np.array_equal(g, w) for g, w in zip(got, want))


def case_folder(tmp, name, cases):
    """A folder holding x.npy and the kernel of `cases`; the folder, the
    instructions' lines and the returned names."""
    folder = os.path.join(tmp, name)
    os.makedirs(folder)
    text, lines, names = kernel_source(cases)
    with open(os.path.join(folder, "kernel.py"), "w", encoding="utf-8") as f:
        f.write(text)
    np.save(os.path.join(folder, "x.npy"), X)
    return folder, lines, names


def ranks(flags):
    return ["-n", "1"] + list(flags)


def check_refused(nkirun, nkic, tmp, case):
    """nkirun, and nkic build (or its program), refuse the case alike."""
    name, flags, _, fragment = case
    folder, (line,), _ = case_folder(tmp, name, [case])
    proc = run([nkirun, "run", "kernel.py", "--strict", "-a", "x=@x.npy"] + ranks(flags), folder)
    problem = check_error(name, "nkirun", proc, line, fragment)
    if problem:
        return [problem]
    want = first_error(proc.stderr)
    build = run([nkic, "build", "kernel.py", "-a", "x=f32[4,4]", "-o", "prog"] + ranks(flags),
                folder)
    tool = "nkic build"
    if build.returncode == 0:
        tool = "the built program"
        build = run(["./prog", "--strict", "-a", "x=@x.npy"], folder)
    problem = check_error(name, tool, build, line, fragment)
    if problem:
        return [problem]
    if first_error(build.stderr) != want:
        return [f"{name}: {tool} says\n  {first_error(build.stderr)}\nnkirun\n  {want}"]
    return []


def outputs(folder, names):
    return [np.load(os.path.join(folder, "rank0", f"{n}.npy")) for n in names]


def check_runs(nkirun, nkic, tmp, flags, cases):
    """Each case through nkirun against NumPy, then all of them in one kernel
    through nkirun and one built program, every output byte for byte."""
    failures = []
    argv = ["--strict", "-a", "x=@x.npy", "-o", "out"] + ranks(flags)
    for case in cases:
        name, want = case[0], case[3]
        folder, _, names = case_folder(tmp, name, [case])
        proc = run([nkirun, "run", "kernel.py"] + argv, folder)
        if proc.returncode != 0:
            failures.append(f"{name}: nkirun exits {proc.returncode}\n{proc.stderr}")
        elif not same_arrays(outputs(os.path.join(folder, "out"), names), want):
            got = outputs(os.path.join(folder, "out"), names)
            failures.append(f"{name}: nkirun gives {got!r}, NumPy {want!r}")
    if failures:
        return failures
    folder, _, names = case_folder(tmp, "all" + "".join(flags).replace("-", "_"), cases)
    build = [nkic, "build", "kernel.py", "-a", "x=f32[4,4]", "-o", "prog"] + ranks(flags)
    proc = run(build, folder)
    if proc.returncode != 0:
        return [f"nkic build of the cases that run ({shlex.join(build)}) exits "
                f"{proc.returncode}\n{proc.stderr}"]
    want = [w for c in cases for w in c[3]]
    inputs = ["--strict", "-a", "x=@x.npy"]
    for tool, command in (("nkirun", [nkirun, "run", "kernel.py"] + inputs + ranks(flags)),
                          ("the program", ["./prog"] + inputs)):
        proc = run(command + ["-o", "out_" + tool[-4:]], folder)
        if proc.returncode != 0:
            return [f"{tool}, every case that runs in one kernel, exits {proc.returncode}\n"
                    f"{proc.stderr}"]
        for n, g, w in zip(names, outputs(os.path.join(folder, "out_" + tool[-4:]), names), want):
            if not same_arrays([g], [w]):
                failures.append(f"{tool}, every case in one kernel: {n} is {g!r}, NumPy's {w!r}")
    return failures


def main():
    nkirun, nkic = (os.path.abspath(a) for a in sys.argv[1:3])
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            if isinstance(case[3], str):
                failures += check_refused(nkirun, nkic, tmp, case)
        for flags in sorted({c[1] for c in CASES}):
            running = [c for c in CASES if c[1] == flags and not isinstance(c[3], str)]
            if running:
                failures += check_runs(nkirun, nkic, tmp, flags, running)
    if failures:
        sys.exit("\n\n".join(failures))


if __name__ == "__main__":
    main()
