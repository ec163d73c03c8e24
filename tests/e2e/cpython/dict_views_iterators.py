# dict.keys(), .values() and .items() are live views: repr, len, `in`, ==,
# not subscriptable, unhashable; a loop over one sees the dict change size as
# RuntimeError. iter(), enumerate(), zip() and reversed() of a list are
# iterators: one walk that next(), loops and list() share, exhausted once.
import nki


@nki.jit
def kernel():
    d = {"a": 1, "b": 2}
    ks, vs, its = d.keys(), d.values(), d.items()
    print(ks, vs, its, len(ks), "a" in ks, 2 in vs, ("b", 2) in its, ("b", 3) in its)
    d["c"] = 3
    print(ks, len(vs), list(its), sorted(vs, reverse=True), bool({}.keys()))
    print(d.keys() == {"c": 0, "a": 1, "b": 5}.keys(), d.items() == dict(d).items(),
          d.values() == d.values(), ks == ["a", "b", "c"])
    print(f"{ks}", str(vs), [d.items()], max(d.values()), tuple(reversed(d.keys())))
    try:
        for k in d.keys():
            d[k + k] = 0
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        for k, v in d.items():
            del d[k]
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        ks[0]
    except TypeError as e:
        print("TypeError:", e)
    try:
        hash(ks)
    except TypeError as e:
        print("TypeError:", e)
    lst = [1, 2, 3, 4]
    out = []
    for x in reversed(lst):
        out.append(x)
        if x == 3:
            lst.pop()
            lst.pop()
            lst.pop()
    print(out)
    r = reversed(lst)
    print(list(r), list(r), list(reversed((1, 2))), list(reversed(range(3))), list(reversed("ab")))
    for k, v in {"x": [1], "y": [2]}.items():
        v.append(k)
        print(k, v)
    a, b = {"p": 1, "q": 2}.values()
    print(a, b, dict({"z": 1}.items()), "-".join({"m": 1, "n": 2}.keys()))
    print(list(enumerate(d.values())), list(zip(d.keys(), d.values())), sum(d.values()))
    it = iter([1, 2, 3])
    print(next(it), list(it), next(it, "end"), list(it))
    e = enumerate("abc")
    print(next(e), [x for x in e], list(e))
    z = zip([1, 2, 3, 4], "xyz")
    for a, b in z:
        if a == 2:
            break
    print(list(z), type(iter("ab")).__name__, type(iter("é")).__name__, type(z).__name__)
    src = [10, 20, 30]
    it = iter(src)
    print(list(zip(it, it)), next(iter(d.items())), next(iter({"k": 9}.values())))
    try:
        next([1])
    except TypeError as ex:
        print("TypeError:", ex)
    try:
        next(iter([]))
    except StopIteration as ex:
        print("StopIteration", repr(ex))
    it = iter(src)
    for x in it:
        src.append(x) if len(src) < 5 else None
    print(src, list(it))
    src2 = [1]
    it2 = iter(src2)
    print(list(it2))
    src2.append(2)
    print(list(it2), iter(it2) is it2)


if __name__ == "__main__":
    kernel()
