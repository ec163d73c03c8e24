# math, functools and itertools as meta-programs use them, printed as
# CPython computes them.
import functools
import itertools
import math
from functools import partial, reduce
from itertools import accumulate, chain, combinations, islice, permutations, product, zip_longest

import nki


@functools.lru_cache(maxsize=None)
def square(x):
    return x * x


@functools.cache
def cube(x):
    return x * x * x


@nki.jit
def kernel():
    for v in [0, 1, 2.5, -2.5, 7, 1e10, 0.1, 3.0]:
        print(v, math.ceil(v), math.floor(v), math.trunc(v), math.fabs(v), math.copysign(1.0, v))
    for v in [0.5, 1, 2, 8, 10, 1000, 1e-3, 123.456]:
        print(v, math.sqrt(v), math.log(v), math.log2(v), math.log10(v), math.exp(v / 1000))
    print(math.log(8, 2), math.log(100, 10), math.pow(2, 10), math.pow(2.5, 0.5), math.erf(0.5))
    print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(), math.gcd(-4, 6), math.lcm(4, 6), math.lcm(3, 5, 7))
    print(math.isqrt(0), math.isqrt(17), math.isqrt(10**18), math.prod([1, 2, 3, 4]), math.prod([]))
    print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(0.0, 1e-12, abs_tol=1e-9))
    print(math.inf, -math.inf, math.pi, math.e, math.tau, math.isinf(math.inf), math.isnan(math.nan))
    print(math.isfinite(1.0), math.isfinite(math.inf), math.ceil(10 / 3), math.ceil(300 / 128))
    print(math.sin(1.0), math.cos(1.0), math.tan(0.5), math.tanh(0.5), math.atan(1.0))
    print(reduce(lambda a, b: a + b, [1, 2, 3]), reduce(lambda a, b: a * b, [], 1), square(9), cube(3))
    add3 = partial(lambda a, b, c=0: a + b + c, 1, c=10)
    print(add3(2), add3(2, c=0), functools.partial(max, 3)(1, 5))
    print(list(product([1, 2], "ab")), list(product(range(2), repeat=3)), list(product()))
    print(list(chain([1], (2, 3), "ab")), list(chain.from_iterable([[1], [2, 3]])))
    print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], lambda a, b: a * b)),
          list(accumulate([1, 2], initial=10)))
    print(list(combinations(range(4), 2)), list(combinations("abc", 3)), list(combinations([1], 2)))
    print(list(permutations([1, 2, 3])), list(permutations("abc", 2)))
    print(list(islice(range(10), 3)), list(islice(range(10), 2, 8, 3)), list(islice("abcdef", 1, None)))
    print(list(zip_longest([1, 2, 3], "ab")), list(zip_longest([1], [2, 3], fillvalue=0)))
    print(list(itertools.repeat("x", 3)), square.__name__)
