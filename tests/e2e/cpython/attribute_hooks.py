# A class's own __setattr__, __delattr__ and __getattr__ are called, for
# `obj.x = v`, `del obj.x`, setattr() and delattr(), and for a name found
# nowhere else; object.__setattr__ / super().__setattr__ store past them.
# __len__ must give a non-negative int.
import nki


class Doubles:
    def __init__(self):
        self.log = []

    def __setattr__(self, name, value):
        if name != "log":
            self.log.append(name)
            value = value * 2
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        return "no " + name

    def __delattr__(self, name):
        self.log.append("del " + name)
        super().__delattr__(name)


class Child(Doubles):
    def __setattr__(self, name, value):
        super().__setattr__(name, value + 1 if name == "y" else value)


class Guarded:
    def __setattr__(self, name, value):
        raise AttributeError("read-only: " + name)


class WithProperty:
    def __init__(self):
        self._v = 0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value + 100

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)


class Length:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


def attempt(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


def assign(obj, name, value):
    setattr(obj, name, value)
    return getattr(obj, name)


def remove(obj, name):
    delattr(obj, name)
    return obj.log


@nki.jit
def kernel():
    d = Doubles()
    d.y = 1
    print(d.y, d.zzz, d.log, getattr(d, "q", 5), hasattr(d, "anything"))
    print(assign(d, "z", 10), d.log)
    del d.y
    print(d.y, d.log, remove(d, "z"), d.z)
    c = Child()
    c.y = 1
    c.w = 5
    print(c.y, c.w, c.log)
    g = Guarded()
    print(attempt(lambda: setattr(g, "a", 1)), attempt(lambda: g.a))
    p = WithProperty()
    p.v = 1
    print(p.v, p._v)
    print(len(Length(3)), bool(Length(0)), bool(Length(2)), len(Length(True)))
    print(attempt(lambda: len(Length(-1))), attempt(lambda: bool(Length(-1))))
    print(attempt(lambda: len(Length("a"))), attempt(lambda: len(Length(2.0))))
