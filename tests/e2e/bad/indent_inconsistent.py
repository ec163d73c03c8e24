# A dedent that matches no outer level.
# run: -n 1
# exit: 1
# expect: indent_inconsistent.py:11:3: error: unindent does not match any outer indentation level
import nki

@nki.jit
def kernel(x):
    if True:
        y = 1
  return x
