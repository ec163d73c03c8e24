# A for loop (and a comprehension) walks the live list, as CPython's list
# iterator does: items appended in the loop are visited, an item removed
# ahead is skipped, an item assigned ahead is seen; through enumerate() and
# zip() too. A dict whose size changes while a loop walks it is a
# RuntimeError.
import nki


def attempt(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


def grow_dict(d):
    for k in d:
        d[k + 10] = 0


def shrink_dict(d):
    n = 0
    for k in d:
        n += 1
        if n == 2:
            del d[k]
    return n


def in_comprehension(d):
    return [d.setdefault(k + 10, 0) for k in d]


@nki.jit
def kernel():
    # A worklist that grows while it is walked.
    work = [3]
    seen = []
    for n in work:
        seen.append(n)
        if n > 0:
            work.append(n - 1)
    print(seen, work)
    a = [1, 2, 3, 4]
    out = []
    for v in a:
        out.append(v)
        if v == 1:
            a.remove(2)
    print(out, a)
    b = [1, 2, 3]
    out = []
    for v in b:
        b[2] = 99
        out.append(v)
    print(out)
    out = []
    for i, v in enumerate(b):
        b[2] = 7
        out.append((i, v))
    print(out)
    q = [1, 2]
    out = []
    for i, v in enumerate(q, 10):
        if i < 12:
            q.append(v * 10)
        out.append((i, v))
    print(out, q)
    x1, x2 = [1, 2, 3], ["a", "b", "c", "d"]
    out = []
    for u, w in zip(x1, x2):
        x1.append(u)
        out.append(u + len(w))
    print(out, len(x1), list(zip(x1, x2, "xy")), list(enumerate("ab")))
    print(sorted(zip([2, 1], "ba")), dict(enumerate("xy", 1)), [*zip()], list(zip([1])))
    print(attempt(lambda: enumerate(5)), attempt(lambda: zip([1], 2)))
    c = [1, 2, 3]
    for v in c:
        c.clear()
        print("once", v)
    print(c)
    e = [0]
    print([e.append(x + 1) or x for x in e if x < 4], e)
    # Nested loops over the same list.
    f = [1, 2]
    pairs = []
    for x in f:
        for y in f:
            pairs.append((x, y))
            if len(f) < 3:
                f.append(3)
    print(pairs)
    # A dict resized while a loop walks it; values changed are fine.
    print(attempt(lambda: grow_dict({1: 1, 2: 2})))
    print(attempt(lambda: shrink_dict({1: 1, 2: 2, 3: 3})))
    print(attempt(lambda: in_comprehension({1: 1})))
    g = {1: 1, 2: 2}
    for k in g:
        g[k] = k * 10
    print(g)
    h = {1: 1}
    for k in h:
        h[2] = 2
        break
    print(h)
