# A user __eq__, __lt__, __repr__, __hash__ or key function that changes the
# list or dict being searched, compared, sorted or printed: every walk holds
# the container and the item it compares, and reads the length again after
# each call, so the answers are CPython's (and nothing is freed under it).
import nki


class Clears:
    """Equal to nothing; comparing it empties `victim` and refills it."""

    def __init__(self, victim, refill=0):
        self.victim = victim
        self.refill = refill

    def __eq__(self, other):
        self.victim.clear()
        for i in range(self.refill):
            self.victim.append(i)
        return False

    __hash__ = object.__hash__


class Shrinks:
    """Equal to anything once it has removed the list's last item."""

    def __init__(self, victim):
        self.victim = victim

    def __eq__(self, other):
        if self.victim:
            self.victim.pop()
        return True

    __hash__ = object.__hash__


class Reprs:
    def __init__(self, victim):
        self.victim = victim

    def __repr__(self):
        self.victim.clear()
        return "R"


class Key:
    """A dict key whose __eq__ empties the dict it is looked up in."""

    def __init__(self, d, n):
        self.d = d
        self.n = n

    def __hash__(self):
        return 7

    def __eq__(self, other):
        self.d.clear()
        return isinstance(other, Key) and self.n == other.n


class Grows:
    def __init__(self, victim, n):
        self.victim = victim
        self.n = n

    def __lt__(self, other):
        self.victim.append(self.n)
        return self.n < other.n


def attempt(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


def error_of(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__


@nki.jit
def kernel():
    a = [1, 2, 3]
    print(Clears(a) in a, a)
    b = [1, 2, 3]
    print(b.count(Clears(b, 1000)), len(b))
    c = [1, 2, 3]
    print(error_of(lambda: c.index(Clears(c))), c)
    d = [5, 6, 7]
    print(attempt(lambda: d.remove(Clears(d))), d)
    e = [1, 2, 3]
    print(e.count(Shrinks(e)), e)
    f = [1, 2, 3]
    f.remove(Shrinks(f))
    print(f)
    g = [4, 5, 6]
    print(g.index(Shrinks(g)), g)
    # == and < of lists whose items clear both lists.
    x, y = [0, 0], [0, 0]
    x[0] = Clears(y, 3)
    y[0] = Clears(x, 1000)
    print(x == y, len(x), len(y))
    p, q = [0, 1], [0, 2]
    p[0] = Clears(q)
    print(attempt(lambda: p < q), q)
    print((Clears([]), 1) == (Clears([]), 1))
    # Printing a list or dict whose item's __repr__ clears it.
    r = [0, 1, 2]
    r[0] = Reprs(r)
    print(r, r)
    s = {}
    s[1] = Reprs(s)
    s[2] = 2
    print(s, s)
    # A dict whose key's __eq__ clears it.
    t = {}
    t[Key(t, 1)] = "one"
    print(Key(t, 1) in t, t)
    t2 = {}
    t2[Key(t2, 1)] = 1
    print(error_of(lambda: t2[Key(t2, 2)]), len(t2))
    u = {}
    u[Key(u, 1)] = 1
    print(len({**u}), len(u))
    # sort: a key function or __lt__ that grows the list being sorted.
    v = [3, 1, 2]
    print(attempt(lambda: v.sort(key=lambda n: v.append(0) or n)), v)
    w = [0, 0, 0]
    w[:] = [Grows(w, 3), Grows(w, 1), Grows(w, 2)]
    print(attempt(lambda: w.sort()), [g.n for g in w])
    z = []
    print(sorted([Grows(z, 2), Grows(z, 1)], key=lambda g: g.n)[0].n, len(z) >= 0)
    # The same object counts as equal: a list holding itself equals itself.
    h = []
    h.append(h)
    print(h == h, h, [h] == [h], h in h, h.count(h), h.index(h))
    k = {}
    k[1] = k
    print(k == k, k)
