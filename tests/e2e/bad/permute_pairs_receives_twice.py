# collective_permute's pairs must form a permutation: rank 2 receives twice.
# run: -n 3
# exit: 1
# expect: permute_pairs_receives_twice.py:16:5: error: collective_permute: rank 2 receives twice, from ranks 0 and 1 (pairs (0, 2) and (1, 2)): the pairs must form a permutation (ranks 0-2)
# expect: <caret>    ncc.collective_permute(srcs=[src], dsts=[dst], source_target_pairs=[(0, 2), (2, 0), (1, 2)])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    dst = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.collective_permute(srcs=[src], dsts=[dst], source_target_pairs=[(0, 2), (2, 0), (1, 2)])
    return dst
