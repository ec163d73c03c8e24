# nisa.exponential is NeuronCore-v4's (trn3); the default platform is trn2.
# build: -n 1
# run: -n 1
# program:
# exit: 1
# expect: exponential_trn2.py:19:5: error: exponential: the instruction is NeuronCore-v4's (trn3 on); the platform is trn2 (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# expect-build: exponential_trn2.py:19:5: error: exponential: the instruction is NeuronCore-v4's (trn3 on); the platform is trn2
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
