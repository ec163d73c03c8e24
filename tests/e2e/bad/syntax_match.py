# A match statement: not supported, reported once at 'match' (its case
# lines follow from it).
# run: -n 1
# exit: 1
# expect: syntax_match.py:11:5: error: match statements are not supported
import nki


@nki.jit
def kernel(x):
    match x:
        case 1:
            pass
