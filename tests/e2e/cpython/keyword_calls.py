# Calls with keywords: in and out of the signature's order, mixed with
# positional arguments, defaults (a mutable one shared between calls),
# methods, lambdas, builtins, and the order in which arguments are
# evaluated; then the calls that must fail, by the exception's type.
import nki

log = []


def noted(tag, value):
    log.append(tag)
    return value


def three(a, b=2, c=3):
    return (a, b, c)


def grow(x, into=[]):
    into.append(x)
    return len(into)


def only_keywords(a, *, k=5):
    return (a, k)


def rest(a, **more):
    return (a, sorted(more.items()))


def swapped(c, a=1, b=2):
    return (a, b, c)


def nested(depth, a=0, b=0):
    # The same call site, called again (through another callee) while its
    # arguments are being evaluated.
    if depth == 0:
        return (a, b)
    callee = nested if depth % 2 else swapped
    return (depth, callee(depth - 1, b=nested(depth - 1, a=depth), a=depth + 10))


class Box(nki.language.NKIObject):
    def scaled(self, v, factor=1, offset=0):
        return v * factor + offset


@nki.jit
def kernel():
    print(three(1), three(1, c=9), three(a=4, c=6, b=5), three(7, b=8), three(c=1, a=2))
    print(grow(1), grow(2, into=[]), grow(3), grow(x=4))
    print(only_keywords(1), only_keywords(1, k=2), rest(1, z=3, y=2), rest(a=0))
    box = Box()
    print(box.scaled(3), box.scaled(3, offset=1), box.scaled(v=2, factor=5), box.scaled(1, 2, offset=3))
    f = lambda p, q=10: p - q
    print(f(1), f(q=1, p=5), f(4, q=2))
    print(three(noted("a", 1), c=noted("c", 3), b=noted("b", 2)), log)
    print(sorted([3, 1, 2], reverse=True), sorted(["bb", "a", "ccc"], key=len))
    print(round(2.5, ndigits=0), "a,b".split(sep=","), min([4, 2, 8], key=lambda v: -v))
    print("x", "y", sep="-", end="|\n")
    for callee in (three, swapped, three, swapped, three):
        # One call site, several callees: each binds its own way.
        print(callee(b=1, c=2, a=3), callee(7, b=8))
    print(nested(4), nested(3))
    args = {"b": 20, "c": 30}
    print(three(1, **args), three(*[1, 2], c=4))
    for bad in (lambda: three(1, a=2), lambda: three(b=1), lambda: three(1, d=4),
                lambda: three(1, 2, 3, c=4), lambda: only_keywords(k=1),
                lambda: box.scaled(1, v=2), lambda: sorted([1], reversed=True)):
        try:
            bad()
            print("no error")
        except TypeError as e:
            print(type(e).__name__)
