# str's character classes are Python's over Latin-1; beyond it they are refused.
# run: -n 1
# exit: 1
# expect: str_predicate_beyond_latin1.py:11:11: error: str.isalpha() of a character beyond Latin-1 ('中') is not supported (rank 0)
# expect: <caret>    print("\u4e2d".isalpha())
import nki


@nki.jit
def kernel():
    print("\u4e2d".isalpha())
