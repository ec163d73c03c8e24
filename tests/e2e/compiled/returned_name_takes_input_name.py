# The kernel writes into its input x and returns another tensor under the
# name x: the returned tensor keeps the name and the written-back input is
# x.input, so -o and --print keep both, interpreted and compiled alike.
# build: -n 2 -a x=f32[2,3]
# run: -n 2 -a x=@../bad/data/f32_2x3.npy --print
# program: -a x=@../bad/data/f32_2x3.npy --print
# outputs: rank0/x.npy rank0/x.input.npy rank1/x.npy rank1/x.input.npy
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    nisa.memset(dst=x[0:1, :], value=-7.0)
    y = nl.ndarray((2, 2), dtype=nl.int32, buffer=nl.shared_hbm)
    nisa.memset(dst=y, value=5)
    x = y
    return x
