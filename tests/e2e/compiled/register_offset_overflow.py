# A run-time offset: the register's value (4, read from the tensor `lut`)
# times the step of its dim, added to a static offset near 2**63, leaves
# int64. Known only when the kernel runs, it is an error there, in the
# interpreter and in the program alike.
# build: -n 1 -a x=f32[4,4] -a lut=i32[1,1]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy -a lut=@../bad/data/i32_1x1_4.npy
# program: -a x=@../bad/data/f32_4x4.npy -a lut=@../bad/data/i32_1x1_4.npy
# exit: 1
# expect: register_offset_overflow.py:21:5: error: integer overflow in a tensor view's offset: the result does not fit in 64 bits (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x, lut):
    idx = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.dma_copy(dst=idx, src=lut)
    t = nl.ndarray((1, 1), dtype=x.dtype, buffer=nl.shared_hbm)
    view = x.ap(pattern=[[1, 1], [1, 1]], offset=2**62 + (2**62 - 3), scalar_offset=idx, indirect_dim=0)
    nisa.dma_copy(dst=t, src=view)
    return t
