# -a names a parameter the kernel does not have.
# run: -n 1 -a inptu=1
# exit: 1
# expect: unknown_kernel_argument.py:9:5: error: kernel() has no parameter 'inptu' (given by -a inptu=1)
import nki


@nki.jit
def kernel(input=0):
    return None
