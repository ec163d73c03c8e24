# collective_permute's pairs must form a permutation: rank 0 sends twice.
# run: -n 3
# exit: 1
# expect: permute_pairs_sends_twice.py:16:5: error: collective_permute: rank 0 sends twice, to ranks 1 and 2 (pairs (0, 1) and (0, 2)): the pairs must form a permutation (ranks 0-2)
# expect: <caret>    ncc.collective_permute(srcs=[src], dsts=[dst], source_target_pairs=[(0, 1), (1, 2), (0, 2)])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="src")
    dst = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="dst")
    ncc.collective_permute(srcs=[src], dsts=[dst], source_target_pairs=[(0, 1), (1, 2), (0, 2)])
    return dst
