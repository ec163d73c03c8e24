# Collectives may not touch the kernel's IO tensors.
# run: -n 2 -a input=@data/f32_2x3.npy
# exit: 1
# expect: collective_on_io.py:14:5: error: all_reduce cannot read the kernel IO tensor 'input': copy it into a nl.shared_hbm tensor first (ranks 0, 1)
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel(input):
    dst = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    group = ncc.ReplicaGroup([[0, 1]])
    ncc.all_reduce(srcs=[input], dsts=[dst], replica_group=group, op=nl.add)
    return dst
