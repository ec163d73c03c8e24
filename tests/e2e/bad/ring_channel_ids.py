# channel_ids must be 0, 1, ... one per channel.
# run: -n 2
# exit: 1
# expect: ring_channel_ids.py:16:5: error: collective_permute_implicit: channel_ids [1] should be the consecutive integers from 0, one per channel (1) (ranks 0, 1)
# expect: <caret>    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[dst]], replica_group=[[0, 1]], channel_ids=[1])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    dst = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.collective_permute_implicit(srcs_by_channel=[[src]], dsts_by_channel=[[dst]], replica_group=[[0, 1]], channel_ids=[1])
    return dst
