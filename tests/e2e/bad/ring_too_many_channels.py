# A ring of a replica group that is not one list of every rank takes at most
# two channels.
# run: -n 4
# exit: 1
# expect: ring_too_many_channels.py:18:5: error: collective_permute_implicit: 3 channels, but a ring of replica group [[0, 1], [2, 3]] takes at most 2 (ranks 0-3)
# expect: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[src[:, p:p + 2]] for p in parts], dsts_by_channel=[[dst[:, p:p + 2]] for p in parts], replica_group=[[0, 1], [2, 3]], channel_ids=[0, 1, 2])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((2, 6), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    dst = nl.ndarray((2, 6), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    parts = [0, 2, 4]
    ncc.collective_permute_implicit(srcs_by_channel=[[src[:, p:p + 2]] for p in parts], dsts_by_channel=[[dst[:, p:p + 2]] for p in parts], replica_group=[[0, 1], [2, 3]], channel_ids=[0, 1, 2])
    return dst
