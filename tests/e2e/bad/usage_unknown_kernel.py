# -k names no kernel of the file.
# run: -n 1 -k kernal
# exit: 2
# expect: nkirun: error: -k kernal: usage_unknown_kernel.py has no kernel of that name (kernels: kernel)
import nki


@nki.jit
def kernel():
    return None
