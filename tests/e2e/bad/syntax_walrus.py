# An assignment expression is a construct the language leaves out: said so,
# located at the ':='.
# run: -n 1
# exit: 1
# expect: syntax_walrus.py:13:11: error: assignment expressions (:=) are not supported
# expect: <caret>    if (n := 3) > 2:
# expect: <caret>          ^~
import nki


@nki.jit
def kernel():
    if (n := 3) > 2:
        pass
