// The evaluator, case by case: module-level source -> what print() writes.
// The expected output of every case is what CPython prints for the same
// source (the cases use only Python features whose results do not depend on
// NKI), so the table checks Python semantics against the reference.
#include <doctest/doctest.h>

#include "run_util.h"

namespace {

struct EvalCase {
  const char* name;
  const char* source;
  const char* expected;
};

const EvalCase kCases[] = {
    {"int arithmetic",
     R"(print(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 7 / 2, 2 ** 10, 2 ** -1, 10 - 3 * 4)
print(True + True, 3 * False, 5 // True, -(-5), +3, ~5)
)",
     R"(3 -4 1 2 -2 3.5 1024 0.5 -2
2 0 5 5 3 -6
)"},
    {"float arithmetic",
     R"(print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 1.5 * 2, 0.1 + 0.2, 1e16, 1e15, 1e-5, 0.0001, 2.0 ** 0.5)
print(3 / 1, 1 / 3, 2.5e-10, -0.0, 123456789.125, float(7), 1.0 + 2)
)",
     R"(3.0 -4.0 1.5 0.5 3.0 0.30000000000000004 1e+16 1000000000000000.0 1e-05 0.0001 1.4142135623730951
3.0 0.3333333333333333 2.5e-10 -0.0 123456789.125 7.0 3.0
)"},
    {"bitwise and shifts",
     R"(print(6 & 3, 6 | 3, 6 ^ 3, 1 << 10, 1024 >> 3, -16 >> 2, True & False, True | False)
)",
     R"(2 7 5 1024 128 -4 False True
)"},
    {"comparisons",
     R"(print(1 < 2 < 3, 1 < 3 < 2, 1 == 1.0, 'a' < 'b', [1, 2] < [1, 3], (1, 2) == (1, 2), 2 != 2)
print(1 in [1, 2], 3 not in (1, 2), 'ell' in 'hello', 'k' in {'k': 1}, None is None, [] is not None)
print(5 in range(0, 10, 5), 6 in range(0, 10, 5))
)",
     R"(True False True True True True False
True True True True True True
True False
)"},
    {"boolean operators return operands",
     R"(print(0 or 'x', 1 and 'y', None or 0 or [], 3 and 0 and 5, not 0, not [1])
def side(v):
    print('side', v)
    return v
r = side(0) and side(1)
r = side(2) or side(3)
print(r)
)",
     R"(x y [] 0 True False
side 0
side 2
2
)"},
    {"conditional expression",
     R"(x = 5
print('big' if x > 3 else 'small', 'big' if x > 10 else 'small')
)",
     R"(big small
)"},
    {"strings",
     R"(s = 'Hello, World'
print(s.upper(), s.lower(), s.startswith('Hell'), s.endswith('x'), s.replace('l', 'L'), s.split(', '))
print('a b  c'.split(), '-'.join(['a', 'b', 'c']), len(s), s[0], s[-1], s[1:5], s[::-1], s[::2])
print('x' * 3, 'ab' + 'cd', 'abc'.find('c'), 'aaa'.count('a'), '  pad  '.strip() + '|')
print(repr('it\'s'), repr("q\"d"), repr('tab\tnl\n'), str(12), repr(1.5))
print('{} + {} = {}'.format(1, 2, 3), '{0}{1}{0}'.format('a', 'b'), '{name}!'.format(name='hi'))
print('{:>6}|{:<6}|{:^6}|'.format('r', 'l', 'c'), '{:08.3f}'.format(3.14159), '{!r}'.format('q'))
)",
     R"(HELLO, WORLD hello, world True False HeLLo, WorLd ['Hello', 'World']
['a', 'b', 'c'] a-b-c 12 H d ello dlroW ,olleH Hlo ol
xxx abcd 2 3 pad|
"it's" 'q"d' 'tab\tnl\n' 12 1.5
1 + 2 = 3 aba hi!
     r|l     |  c   | 0003.142 'q'
)"},
    {"f-strings",
     R"(x = 42
y = 3.14159
name = 'nki'
print(f'{x}', f'{x:d}', f'{x:5d}|', f'{x:<5}|', f'{x:^7}|', f'{x:x}', f'{x:X}', f'{x:#x}', f'{x:b}', f'{x:o}')
print(f'{y:.2f}', f'{y:10.3f}|', f'{y:e}', f'{y:g}', f'{y}', f'{name!r}', f'{name:>6}', f'{1234567:,}')
print(f'{-5:+d}', f'{5:+d}', f'{0.5:%}', f'{x}{name}', f'{x * 2 + 1}', f"{'q'}")
print(f'{3:03d}', f'{-3:05d}', f'{2.5:08.2f}', f'{True}', f'{None}', f'{[1, 2]}')
)",
     R"(42 42    42| 42   |   42   | 2a 2A 0x2a 101010 52
3.14      3.142| 3.141590e+00 3.14159 3.14159 'nki'    nki 1,234,567
-5 +5 50.000000% 42nki 85 q
003 -0003 00002.50 True None [1, 2]
)"},
    {"lists",
     R"(a = [3, 1, 2]
a.append(5)
a.extend([7, 0])
print(a, len(a), a[1:3], a[-2:], a[::-1])
print(a.pop(), a.pop(0), a)
a.insert(1, 9)
a.insert(-1, 8)
print(a, a.index(9))
b = a.copy()
b.reverse()
print(b, a)
b.sort()
print(b, sorted(a, reverse=True))
a[0] = 'z'
a[1:3] = [10, 20, 30]
print(a)
del a[0]
del a[-1]
print(a, a.count(10))
c = a
c.append('shared')
print(a is c, a)
print([1, 2] + [3], [0] * 3, [[0] * 2] * 2, list('ab'), list(range(3)))
)",
     R"([3, 1, 2, 5, 7, 0] 6 [1, 2] [7, 0] [0, 7, 5, 2, 1, 3]
0 3 [1, 2, 5, 7]
[1, 9, 2, 5, 8, 7] 1
[7, 8, 5, 2, 9, 1] [1, 9, 2, 5, 8, 7]
[1, 2, 5, 7, 8, 9] [9, 8, 7, 5, 2, 1]
['z', 10, 20, 30, 5, 8, 7]
[10, 20, 30, 5, 8] 1
True [10, 20, 30, 5, 8, 'shared']
[1, 2, 3] [0, 0, 0] [[0, 0], [0, 0]] ['a', 'b'] [0, 1, 2]
)"},
    {"list += extends in place",
     R"(a = [1]
b = a
a += [2, 3]
print(a, b, a is b)
t = (1,)
u = t
t += (2,)
print(t, u)
)",
     R"([1, 2, 3] [1, 2, 3] True
(1, 2) (1,)
)"},
    {"tuples and unpacking",
     R"(t = (1, 2, 3)
a, b, c = t
print(a, b, c, t[1], t[-1], t[:2], len(t), (1,), ())
first, *rest = [1, 2, 3, 4]
*init, last = 'abc'
x, *mid, y = range(5)
print(first, rest, init, last, x, mid, y)
(p, q), r = (1, 2), 3
print(p, q, r)
i = j = 7
print(i, j)
i, j = j + 1, i - 1
print(i, j)
_, h, w = (4, 128, 32)
print(h * w)
print(t.index(2), t.count(3))
)",
     R"(1 2 3 2 3 (1, 2) 3 (1,) ()
1 [2, 3, 4] ['a', 'b'] c 0 [1, 2, 3] 4
1 2 3
7 7
8 6
4096
1 1
)"},
    {"dicts",
     R"(d = {'a': 1, 'b': 2}
d['c'] = 3
d['a'] = 10
print(d, len(d), d['b'], d.get('z'), d.get('z', 0), 'a' in d)
print(list(d.keys()), list(d.values()), list(d.items()))
d.update({'d': 4}, e=5)
print(d, d.pop('b'), d)
del d['c']
print(d, d.setdefault('f', 6), d)
for k, v in d.items():
    print(k, v)
print(dict(x=1, y=2), dict([('p', 1)]), {**d, 'g': 7})
n = {1: 'one', (2, 3): 'tuple'}
print(n[1], n[2, 3], n[1.0])
)",
     R"({'a': 10, 'b': 2, 'c': 3} 3 2 None 0 True
['a', 'b', 'c'] [10, 2, 3] [('a', 10), ('b', 2), ('c', 3)]
{'a': 10, 'c': 3, 'd': 4, 'e': 5} 2 {'a': 10, 'c': 3, 'd': 4, 'e': 5}
{'a': 10, 'd': 4, 'e': 5, 'f': 6} 6 {'a': 10, 'd': 4, 'e': 5, 'f': 6}
a 10
d 4
e 5
f 6
{'x': 1, 'y': 2} {'p': 1} {'a': 10, 'd': 4, 'e': 5, 'f': 6, 'g': 7}
one tuple one
)"},
    {"builtins",
     R"(print(len([1, 2]), min(3, 1, 2), max([4, 9, 2]), abs(-3), abs(-2.5), sum([1, 2, 3]), sum([0.5, 0.25], 1))
print(int('12'), int(-3.7), int(True), float('1.5'), float(2), bool(0), bool('x'), str(3.0), str(None))
print(list((1, 2)), tuple([3, 4]), list(enumerate('ab')), list(enumerate('ab', 1)), list(zip([1, 2, 3], 'ab')))
print(round(2.5), round(3.5), round(2.675, 2), round(7), sorted([3, 1, 2]), list(reversed([1, 2, 3])))
print(any([0, 0, 1]), all([1, 0]), all([]), divmod(7, 2), divmod(-7, 2), pow(2, 8), repr('x'))
print(isinstance(1, int), isinstance(True, int), isinstance(1, float), isinstance('s', (int, str)), isinstance([], list))
print(type(1) == int, type('a') is str, hasattr('abc', 'upper'), getattr([], 'nope', 'dflt'))
print(range(3), range(1, 5, 2), list(range(5, 0, -2)), len(range(0, 10, 3)), range(10)[3])
print(max('apple', 'pear'), min([(2, 'b'), (1, 'z')]), sorted(['b', 'a']), format(3.14159, '.3f'))
)",
     R"(2 1 9 3 2.5 6 1.75
12 -3 1 1.5 2.0 False True 3.0 None
[1, 2] (3, 4) [(0, 'a'), (1, 'b')] [(1, 'a'), (2, 'b')] [(1, 'a'), (2, 'b')]
2 4 2.67 7 [1, 2, 3] [3, 2, 1]
True False True (3, 1) (-4, 1) 256 'x'
True True False True True
True True True dflt
range(0, 3) range(1, 5, 2) [5, 3, 1] 4 3
pear (1, 'z') ['a', 'b'] 3.142
)"},
    {"loops",
     R"(for i in range(3):
    print('i', i)
for i, v in enumerate(['a', 'b']):
    print(i, v)
for a, b in zip([1, 2], [3, 4]):
    print(a * b)
n = 0
while n < 10:
    n += 3
    if n == 6:
        continue
    print('n', n)
else:
    print('while done')
for x in [1, 2, 3]:
    if x == 2:
        break
    print('x', x)
else:
    print('not printed')
for x in []:
    pass
else:
    print('empty else')
)",
     R"(i 0
i 1
i 2
0 a
1 b
3
8
n 3
n 9
n 12
while done
x 1
empty else
)"},
    {"comprehensions",
     R"(print([x * x for x in range(5)])
print([x for x in range(10) if x % 2 if x > 3])
print([(x, y) for x in range(3) for y in range(x)])
print([[i * j for j in range(3)] for i in range(2)])
x = 'outer'
ys = [x for x in 'ab']
print(x, ys)
)",
     R"([0, 1, 4, 9, 16]
[5, 7, 9]
[(1, 0), (2, 0), (2, 1)]
[[0, 0, 0], [0, 1, 2]]
outer ['a', 'b']
)"},
    {"functions defaults and keywords",
     R"(def f(a, b=2, *args, c=3, **kw):
    return (a, b, args, c, kw)
print(f(1))
print(f(1, 5, 6, 7, c=8, d=9))
print(f(b=1, a=0))
def g(x, y=[]):
    y.append(x)
    return y
print(g(1), g(2))
k = 10
def h(v=k):
    return v
k = 20
print(h())
args = [1, 2]
opts = {'c': 5}
print(f(*args, **opts))
)",
     R"((1, 2, (), 3, {})
(1, 5, (6, 7), 8, {'d': 9})
(0, 1, (), 3, {})
[1, 2] [1, 2]
10
(1, 2, (), 5, {})
)"},
    {"closures and nonlocal",
     R"(def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c = counter()
c()
c()
print(c())
def adders():
    return [lambda x, i=i: x + i for i in range(3)]
print([a(10) for a in adders()])
def outer():
    v = 1
    def inner():
        return v
    v = 2
    return inner()
print(outer())
total = 0
def add(n):
    global total
    total += n
add(5)
add(6)
print(total)
sq = lambda x: x * x
print(sq(7), (lambda *a: len(a))(1, 2, 3))
)",
     R"(3
[10, 11, 12]
2
11
49 3
)"},
    {"recursion",
     R"(def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fact(20), fib(15))
)",
     R"(2432902008176640000 610
)"},
    {"classes",
     R"(class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def scaled(self, k):
        return Point(self.x * k, self.y * k)
p = Point(3, 4)
print(p.norm2(), p.scaled(2).x, Point.dims, p.dims, isinstance(p, Point))
p.x += 1
print(p.x)
class P3(Point):
    def __init__(self, x, y, z):
        Point.__init__(self, x, y)
        self.z = z
    def norm2(self):
        return Point.norm2(self) + self.z * self.z
q = P3(1, 2, 3)
print(q.norm2(), isinstance(q, Point), isinstance(p, P3))
)",
     R"(25 6 2 2 True
4
14 True False
)"},
    {"enum classes",
     R"(from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
print(Color.RED.name, Color.RED.value, Color.GREEN == Color.GREEN, Color.RED == Color.GREEN, Color(2).name)
)",
     R"(RED 1 True False GREEN
)"},
    {"del and globals",
     R"(a = 1
b = [1, 2, 3]
del b[1]
print(b)
del a
print('a' in dir() if False else 'deleted')
)",
     R"([1, 3]
deleted
)"},
    {"chained assignment targets",
     R"(class O:
    pass
o = O()
o.items = [0, 0, 0]
o.items[1] = 5
o.items[2] += 7
o.count = 1
o.count *= 3
print(o.items, o.count)
m = [[0, 0], [0, 0]]
m[1][0] = 9
print(m)
)",
     R"([0, 5, 7] 3
[[0, 0], [9, 0]]
)"},
    {"int limits",
     R"(print(2 ** 62, -2 ** 62 + 1, 9223372036854775807, 7 // -2, -7 % 5, 1 << 62)
)",
     R"(4611686018427387904 -4611686018427387903 9223372036854775807 -4 3 4611686018427387904
)"},
    {"float repr",
     R"(print(1.0, 10.0, 0.1, 1/3, 2/3, 1e22, 1.5e-7, 123456.789, 100.0 / 3, 3.0e15, 1e100)
print(float('inf'), -float('inf'), 5e-324, 1.7976931348623157e308)
)",
     R"(1.0 10.0 0.1 0.3333333333333333 0.6666666666666666 1e+22 1.5e-07 123456.789 33.333333333333336 3000000000000000.0 1e+100
inf -inf 5e-324 1.7976931348623157e+308
)"},
    {"assert passing and pass",
     R"(assert 1 < 2, 'fine'
assert True
if True:
    pass
print('ok')
)",
     R"(ok
)"},
    {"docstrings and annotations",
     R"(def f(x: int, y: float = 1.0) -> float:
    """A docstring."""
    z: int = 3
    w: int
    return x + y + z
print(f(1))
)",
     R"(5.0
)"},
    {"scopes: locals by slot, closures, globals, comprehensions, class bodies",
     R"(g = 'global'
def counter():
    n = 0
    def bump(k=1):
        nonlocal n
        n += k
        return n
    return bump
c = counter()
c()
c(5)
print(c(), g)
def late():
    fs = [lambda: i * 10 for i in range(3)]
    i = 'outer'
    return [f() for f in fs], i
print(late())
def bound_default():
    return [(lambda j=j: j)() for j in range(3)]
print(bound_default())
def set_global():
    global g
    g = 'set by a function'
    def inner():
        return g
    return inner()
print(set_global(), g)
def nested(a, b):
    c = a + b
    def middle(d):
        def inner(e):
            return a + b + c + d + e
        return inner
    return middle(10)(100)
print(nested(1, 2))
def comp(xs, k):
    ys = [x * k for x in xs if x != k]
    table = {x: [x + y for y in ys] for x in range(2)}
    return ys, table
print(comp([1, 2, 3], 2))
def shadow(x):
    vals = [x for x in range(3)]
    return x, vals
print(shadow('kept'))
def in_class(v):
    class Box:
        size = v * 2
        def get(self):
            return self.size + v
    return Box().get()
print(in_class(4))
def fact(n):
    r = 1 if n < 2 else n * fact(n - 1)
    return r
print(fact(10))
def swap(a, b):
    a, b = b, a
    (x, *rest), y = [a, b, 3], 4
    return a, b, x, rest, y
print(swap(1, 2))
def unpack_loop(pairs):
    out = []
    for i, (p, q) in enumerate(pairs):
        out.append(i + p * q)
    return out
print(unpack_loop([(1, 2), (3, 4)]))
def uses_builtin(xs):
    return len(xs), max(xs), sorted(xs)
print(uses_builtin([3, 1, 2]))
def catches():
    try:
        raise ValueError('bad')
    except ValueError as err:
        msg = str(err)
    return msg
print(catches())
def import_inside():
    import math
    from math import floor as fl
    return math.floor(2.5) + fl(3.5)
print(import_inside())
def deleter():
    t = 5
    del t
    t = 6
    return t
print(deleter())
def make_adders():
    adders = []
    for k in range(3):
        def add(x, k=k):
            return x + k
        adders.append(add)
    return [f(10) for f in adders]
print(make_adders())
)",
     R"(7 global
([20, 20, 20], 'outer')
[0, 1, 2]
set by a function set by a function
116
([2, 6], {0: [2, 6], 1: [3, 7]})
('kept', [0, 1, 2])
12
3628800
(2, 1, 2, [1, 3], 4)
[2, 13]
(3, 3, [1, 2, 3])
bad
5
6
[10, 11, 12]
)"},
};

}  // namespace

TEST_CASE("evaluator: source -> printed output") {
  for (const EvalCase& c : kCases) {
    const std::string name = c.name;
    CAPTURE(name);
    const nkic::test::Outcome o = nkic::test::run_code(c.source);
    CHECK(o.error == "");
    CHECK(o.out == c.expected);
  }
}
