# Python's exceptions in the meta-language: try/except/else/finally, raise,
# the builtin classes and their hierarchy, and the errors builtins raise.
import nki


class ShapeError(ValueError):
    pass


def checked(n):
    if n < 0:
        raise ShapeError(f"negative: {n}")
    return n


def finally_return():
    try:
        return "body"
    finally:
        print("finally runs on return")


def finally_overrides():
    try:
        raise KeyError("k")
    finally:
        return "finally wins"


def reraise():
    try:
        {}["missing"]
    except KeyError:
        print("handling, then re-raising")
        raise


none_value = None


def caught(f, *args):
    try:
        f(*args)
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return "nothing raised"


def caught_type(f):
    # The class only, where CPython's message words differ from ours.
    return caught(f).split(":")[0]


@nki.jit
def kernel():
    try:
        checked(-3)
    except ValueError as e:
        print("caught", repr(e), str(e), e.args, isinstance(e, ShapeError), isinstance(e, LookupError))
    try:
        checked(2)
    except ShapeError:
        print("not reached")
    else:
        print("else runs")
    finally:
        print("finally runs")
    print(finally_return())
    print(finally_overrides())
    try:
        reraise()
    except LookupError as e:
        print("outer", repr(e), e.args)
    for i in range(4):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            print("loop", i)
        finally:
            print("finally of", i)
    try:
        raise RuntimeError("outer") from ValueError("cause")
    except RuntimeError as e:
        print(repr(e), repr(e.__cause__))
    try:
        raise NotImplementedError
    except (TypeError, RuntimeError) as e:
        print("tuple", repr(e), isinstance(e, RuntimeError))
    try:
        assert 1 == 2, "one is not two"
    except AssertionError as e:
        print("assert", e.args)
    try:
        assert False
    except AssertionError as e:
        print("bare assert", e.args)
    try:
        raise ValueError("a", 2)
    except:
        print("bare except")
    print(caught(lambda: {}["k"]))
    print(caught(lambda: [][0]))
    print(caught(lambda: (1, 2)[5]))
    print(caught(lambda: int("x")))
    print(caught(lambda: float("y")))
    print(caught(lambda: 1 / 0))
    print(caught_type(lambda: 1 // 0))
    print(caught_type(lambda: 1 % 0))
    print(caught(lambda: (1).nope))
    print(caught(lambda: undefined_name))
    print(caught_type(lambda: 1 + "a"))
    print(caught(lambda: len(5)))
    print(caught(lambda: none_value()))
    print(caught_type(lambda: checked()))
    print(caught(lambda: checked(1, 2)))
    print(caught(lambda: [1].pop(3)))
    print(caught(lambda: [1].index(7)))
    print(caught(lambda: max([])))
    print(caught(lambda: "a" in 3))
    print(caught(lambda: "{0}".format()))
    print(caught(lambda: ord("ab")))
    print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
    print(ModuleNotFoundError.__mro__[1].__name__ if False else "skip")
    e = ValueError()
    print(repr(e), str(e) == "", e.args)
    print(repr(KeyError("k")), str(KeyError("k")), str(IndexError("i")))
