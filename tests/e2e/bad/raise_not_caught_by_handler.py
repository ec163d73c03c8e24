# A handler for another class lets the exception through; a custom class
# derived from a builtin one reports under its own name.
# run: -n 2 -a input=@data/f32_2x3.npy
# exit: 1
# expect: raise_not_caught_by_handler.py:14:5: error: ShapeError: bad layout 'xy' (ranks 0, 1)
import nki


class ShapeError(ValueError):
    pass


def validate(layout):
    raise ShapeError(f"bad layout {layout!r}")


@nki.jit
def kernel(input):
    try:
        validate("xy")
    except KeyError:
        pass
    return input
