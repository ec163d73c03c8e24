# Dict comprehensions: conditions, several for clauses, unpacking targets,
# later keys replacing earlier ones, the variables' own scope, nesting.
import nki


@nki.jit
def kernel():
    d = {"a": 1, "b": 2, "c": 3}
    print({k: v * 2 for k, v in d.items()}, {i: i * i for i in range(6) if i % 2 if i > 1})
    print({x: y for x in "ab" for y in (1, 2)}, {k: 0 for k in [3, 1, 3, 2]})
    print({(i, j): i * j for i in range(2) for j in range(2)}, {v: k for k, v in d.items()})
    k = "outer"
    print({k: len(k) for k in ["xy", "z"]}, k, {i: {j: i + j for j in range(2)} for i in range(2)})
    print({n: [m for m in range(n)] for n in range(3)}, {}, {a: b for a, b in []})
