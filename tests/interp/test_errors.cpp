// Errors, case by case: module-level source -> the exact first diagnostic,
// "FILE:LINE:COL: MESSAGE". Columns are 1-based and point at the innermost
// expression or statement at fault (counted by hand from the source).
#include <doctest/doctest.h>

#include "run_util.h"

namespace {

struct ErrorCase {
  const char* source;
  const char* expected;
};

const ErrorCase kCases[] = {
    {"x = 1\nprint(foo)\n", "k.py:2:7: name 'foo' is not defined"},
    {"x = 1 + 'a'\n", "k.py:1:5: unsupported operand type(s) for +: 'int' and 'str'"},
    {"x = 3 // 0\n", "k.py:1:5: division by zero"},
    {"x = 3.0 / 0\n", "k.py:1:5: division by zero"},
    {"x = 5 % 0\n", "k.py:1:5: division by zero"},
    {"x = 2 ** 64\n", "k.py:1:5: integer overflow: the result of ** does not fit in 64 bits"},
    {"x = 9223372036854775807 + 1\n",
     "k.py:1:5: integer overflow: the result of + does not fit in 64 bits"},
    // In a function's arithmetic on its int locals, computed on plain ints
    // first: the failing operation is still the one reported.
    {"def f(a, b):\n    return (a * b + 1) // 2\nf(9223372036854775807, 2)\n",
     "k.py:2:13: integer overflow: the result of * does not fit in 64 bits"},
    {"def f(a, b):\n    return a + (b - 1) % (a - a)\nf(3, 4)\n", "k.py:2:16: division by zero"},
    {"def f(a, b):\n    return a + (b - 1) * (a + 'x')\nf(3, 4)\n",
     "k.py:2:27: unsupported operand type(s) for +: 'int' and 'str'"},
    {"assert 1 > 2, 'one is not ' + str(2)\n", "k.py:1:1: assertion failed: one is not 2"},
    {"assert False\n", "k.py:1:1: assertion failed"},
    {"def f(a, b):\n    return a\nf(1, 2, x=3)\n",
     "k.py:3:1: f() got an unexpected keyword argument 'x'"},
    {"def f(a, b):\n    return a\nf(1)\n", "k.py:3:1: f() missing required argument 'b'"},
    {"def f(a):\n    return a\nf(1, a=2)\n", "k.py:3:1: f() got multiple values for argument 'a'"},
    {"def f(a):\n    return a\nf(1, 2)\n",
     "k.py:3:1: f() takes 1 positional argument but 2 were given"},
    {"raise ValueError('bad shape')\n", "k.py:1:1: ValueError: bad shape"},
    {"class MyError(Exception):\n    pass\nraise MyError('custom')\n", "k.py:3:1: MyError: custom"},
    {"def f():\n    raise KeyError('k')\ntry:\n    f()\nexcept ValueError:\n    pass\n",
     "k.py:2:5: KeyError: 'k'"},
    {"raise\n", "k.py:1:1: RuntimeError: No active exception to reraise"},
    {"raise 5\n", "k.py:1:7: exceptions must derive from BaseException"},
    {"try:\n    x = 1 / 0\nexcept 5:\n    pass\n",
     "k.py:3:8: catching classes that do not inherit from BaseException is not allowed"},
    {"try:\n    pass\nfinally:\n    raise ValueError('in finally')\n",
     "k.py:4:5: ValueError: in finally"},
    {"try:\n    {}['k']\nexcept KeyError:\n    raise TypeError('while handling')\n",
     "k.py:4:5: TypeError: while handling"},
    // The recursion bound is a guard rail, not an exception: no handler sees it.
    {"def f():\n    return f()\ntry:\n    f()\nexcept BaseException:\n    pass\n",
     "k.py:2:12: maximum recursion depth exceeded"},
    {"x = [1, 2]\ny = x[5]\n", "k.py:2:5: list index out of range"},
    {"d = {'a': 1}\ny = d['b']\n", "k.py:2:5: KeyError: 'b'"},
    {"a, b = [1, 2, 3]\n", "k.py:1:1: too many values to unpack (expected 2)"},
    {"a, b, c = (1, 2)\n", "k.py:1:1: not enough values to unpack (expected 3, got 2)"},
    {"x = None\nx.foo\n", "k.py:2:1: 'NoneType' object has no attribute 'foo'"},
    {"x = 5\nx()\n", "k.py:2:1: 'int' object is not callable"},
    {"for i in 5:\n    pass\n", "k.py:1:10: 'int' object is not iterable"},
    {"x = 1 < 'a'\n", "k.py:1:5: '<' not supported between instances of 'int' and 'str'"},
    {"x = int('abc')\n", "k.py:1:5: invalid literal for int() with base 10: 'abc'"},
    {"def f(n):\n    return f(n + 1)\nf(0)\n", "k.py:2:12: maximum recursion depth exceeded"},
    {"import numpy as np\nx = np.zeros(3)\n",
     "k.py:2:5: module 'numpy' has no attribute 'zeros' (kernels' numpy has its dtypes, dtype, "
     "finfo, iinfo, ndarray (for annotations), inf, nan, pi, e and newaxis; arrays live on the "
     "host)"},
    {"import numpy as np\nx = np.ndarray((2, 2))\n",
     "k.py:2:5: numpy arrays are not available to kernels: tensors are made with nki.language "
     "(nl.ndarray) and moved with nki.isa (nisa.dma_copy)"},
    {"import numpy.random\n",
     "k.py:1:8: module 'numpy.random' is not available to kernels: tensors are made with "
     "nki.language (nl.ndarray) and moved with nki.isa (nisa.dma_copy)"},
    {"import numpy as np\nx = np.finfo(np.int32)\n",
     "k.py:2:5: data type int32 not inexact (np.finfo takes float32, float16, bfloat16 and the "
     "float8 dtypes)"},
    {"import numpy as np\nx = np.iinfo(np.float32)\n",
     "k.py:2:5: invalid integer data type float32 (np.iinfo takes the int and uint dtypes)"},
    {"import numpy as np\nx = np.dtype('float64')\n",
     "k.py:2:5: data type 'float64' not understood (kernels have nki.language's dtypes)"},
    {"import torch.nn.functional as F\n",
     "k.py:1:8: module 'torch' is not available to kernels: tensors are made with nki.language "
     "(nl.ndarray) and moved with nki.isa (nisa.dma_copy)"},
    {"import nki.foo\n",
     "k.py:1:8: no module named 'nki.foo' (the modules of nki are nki.collectives, nki.isa, "
     "nki.language, nki.typing)"},
    {"from nki.language import nothing\n",
     "k.py:1:26: cannot import name 'nothing' from 'nki.language'"},
    {"from . import helper\n", "k.py:1:6: attempted relative import with no known parent package"},
    {"from .helper import f\n", "k.py:1:6: attempted relative import with no known parent package"},
    {"import nki.language as nl\nx = nl.nothing\n",
     "k.py:2:5: module 'nki.language' has no attribute 'nothing'"},
    {"x = f'{3.5:d}'\n", "k.py:1:8: Unknown format code 'd' for object of type 'float'"},
    {"def f():\n    nonlocal q\nf()\n", "k.py:2:5: no binding for nonlocal 'q' found"},
    // Meta-program values that would exhaust memory are refused.
    {"s = 'ab'\nfor i in range(30):\n    s = s + s\n",
     "k.py:3:9: string concatenation too long (more than 10000000 characters)"},
    {"l = [0]\nfor i in range(30):\n    l += l\n",
     "k.py:3:5: sequence concatenation too long (more than 10000000 items)"},
    {"l = [0, 1] * (2 ** 62)\n",
     "k.py:1:5: sequence repetition too long (more than 10000000 items)"},
    {"s = 'abc' * 4000000\n",
     "k.py:1:5: string repetition too long (more than 10000000 characters)"},
    {"l = [0] * 10000000\nl.append(1)\n", "k.py:2:1: list too long"},
    {"l = [0] * 10000000\nappend = l.append\nappend(1)\n", "k.py:3:1: list too long"},
    {"l = list(range(10 ** 12))\n",
     "k.py:1:5: list of a range too long (more than 10000000 items)"},
    {"s = '-'.join(['abcd'] * 3000000)\n",
     "k.py:1:5: str.join result too long (more than 10000000 characters)"},
    // Lists that share their items grow exponentially when walked.
    {"l = [0]\nfor i in range(40):\n    l = [l, l]\nprint(l)\n",
     "k.py:4:1: printed value too long (more than 10000000 characters)"},
    {"l = [0]\nm = [0]\nfor i in range(40):\n    l = [l, l]\n    m = [m, m]\nx = l == m\n",
     "k.py:6:5: comparison too long (more than 10000000 items compared)"},
    {"t = (0,)\nfor i in range(40):\n    t = (t, t)\nd = {t: 1}\n",
     "k.py:4:6: hashed key too long (more than 10000000 characters)"},
    {"t = ()\nfor i in range(600):\n    t = (t,)\nd = {t: 1}\n",
     "k.py:4:6: maximum recursion depth exceeded while hashing"},
    {"x = list(enumerate([1, 2], 9223372036854775807))\n",
     "k.py:1:5: integer overflow in enumerate()'s count: the result does not fit in 64 bits"},
    {"x = int('9223372036854775808')\n",
     "k.py:1:5: integer overflow: int('9223372036854775808') does not fit in 64 bits"},
    {"x = round(9223372036854775807, -1)\n",
     "k.py:1:5: integer overflow: round(9223372036854775807, -1) does not fit in 64 bits"},
    {"x = round(1e300, -300) * 0 + round(1.7976931348623157e308, -308)\n",
     "k.py:1:30: OverflowError: rounded value too large to represent"},
    {"x = '{0[5]}'.format([1])\n", "k.py:1:5: IndexError: list index out of range"},
    {"x = '{} {0}'.format(1)\n",
     "k.py:1:5: cannot switch from automatic field numbering to manual field specification"},
    {"x = '{:{:{}}}'.format(1, 2, 3)\n", "k.py:1:5: Max string recursion exceeded"},
    {"x = '{0.real}'.format(1)\n",
     "k.py:1:5: attributes in format fields ('0.real') are not supported"},
    {"x = {1: 2}.keys() & {1: 3}.keys()\n",
     "k.py:1:5: set operations on 'dict_keys' are not supported (sets are not part of the "
     "language)"},
    {"d = {1: 2}\nfor v in d.values():\n    d[v] = v\n",
     "k.py:2:10: RuntimeError: dictionary changed size during iteration"},
    {"x = next(iter(()))\n", "k.py:1:5: StopIteration"},
    {"x = next([1])\n", "k.py:1:5: 'list' object is not an iterator"},
    {"x = next(iter([1]), 1, 2)\n", "k.py:1:5: next expected at most 2 arguments, got 3"},
    {"x = type({}.keys()).__len__(5)\n",
     "k.py:1:5: descriptor '__len__' requires a dict view object but received a 'int'"},
    {"x = type({}.items())()\n", "k.py:1:5: cannot create 'dict_items' instances"},
    {"type(iter(())).x = 1\n",
     "k.py:1:1: cannot set 'x' attribute of immutable type 'tuple_iterator'"},
    {"del type({}.values()).__len__\n",
     "k.py:1:5: cannot set '__len__' attribute of immutable type 'dict_values'"},
    {"x = type(zip())()\n", "k.py:1:5: cannot create 'zip' instances"},
    {"e = enumerate([1])\ne.count = 0\n",
     "k.py:2:1: 'enumerate' object has no attribute 'count'"},
    {"x = chr(1114112)\n", "k.py:1:5: chr() arg not in range(0x110000)"},
    {"x = ord('ab')\n", "k.py:1:5: ord() expected a character, but string of length 2 found"},
    {"x = len(range(-9223372036854775807 - 1, 9223372036854775807))\n",
     "k.py:1:5: OverflowError: range() has more than 2**63 - 1 items"},
};

// Runaway work without statements: comprehension items and calls are steps,
// and so is each item an operation copies, compares, hashes or scans.
const ErrorCase kStepCases[] = {
    {"x = [0 for a in range(10000) for b in range(10000) if False]\n",
     "k.py:1:34: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
    {"f = lambda n: 0 if n == 0 else f(n - 1) + f(n - 1)\nx = f(100)\n",
     "k.py:1:43: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
    {"s = [0] * 900000\nwhile True:\n    t = s + s[:1]\n",
     "k.py:3:9: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
    {"s = 'x' * 9000000\nwhile True:\n    t = s == s + ''\n",
     "k.py:3:14: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
    {"s = list(range(100000))\nwhile True:\n    t = sorted(s)\n",
     "k.py:3:9: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
    {"d = {}\nk = tuple(range(100000))\nwhile True:\n    d[k] = 1\n",
     "k.py:4:5: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
    {"s = [0] * 100000\nwhile True:\n    t = 5 in s\n",
     "k.py:3:9: this rank executed more than 1000000 steps (--max-steps): is there an endless "
     "loop?"},
};

}  // namespace

TEST_CASE("errors: source -> exact diagnostic") {
  for (const ErrorCase& c : kCases) {
    const std::string source = c.source;
    CAPTURE(source);
    const nkic::test::Outcome o = nkic::test::run_code(c.source);
    CHECK(o.error == c.expected);
    CHECK(o.error_ranks == std::vector<int>{0});
  }
}

TEST_CASE("errors: comprehension items and calls are steps too") {
  for (const ErrorCase& c : kStepCases) {
    const std::string source = c.source;
    CAPTURE(source);
    CHECK(nkic::test::run_code(c.source, 1'000'000).error == c.expected);
  }
}

TEST_CASE("errors: a list that holds itself prints without recursing forever") {
  const nkic::test::Outcome o = nkic::test::run_code("a = [1]\na.append(a)\nprint(a)\n");
  CHECK(o.error == "");
  CHECK(o.out == "[1, [...]]\n");  // CPython prints the same
}

TEST_CASE("errors: an endless loop is stopped, not hung") {
  const nkic::test::Outcome o = nkic::test::run_code("while True:\n    pass\n");
  CHECK(o.error.find("k.py:2:5: this rank executed more than") == 0);
}
