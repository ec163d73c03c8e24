# Builtins CPython has that the meta-language took later: int(text, base)
# with prefixes and underscores, pow(b, e, m), hex/oct/bin, slice() and its
# indices(), a range sliced, dict.popitem(), the chaining attributes of an
# exception, an Enum alias by name, a wrong-size extended slice assignment,
# and a shift to -2**63. Every error is caught and printed as CPython's.
from enum import Enum
import nki

INT64_MIN, INT64_MAX = -2**62 * 2, 2**62 - 1 + 2**62


class Color(Enum):
    RED = 10
    GREEN = 10
    BLUE = 20


def attempt(f, *args):
    try:
        print(repr(f(*args)))
    except (ValueError, TypeError, KeyError, ZeroDivisionError) as e:
        print(type(e).__name__, e)


def ints():
    texts = ['0x1f', '0X1F', 'ff', '1_000', '_1', '1_', '1__0', '0_7', '007', '0', '00',
             '-0b101', '+0o17', '0x', '0x_1f', ' 12 ', '-', '', 'z', '0b2', '0b1']
    for text in texts:
        for base in [0, 2, 8, 10, 16, 36]:
            attempt(int, text, base)
        attempt(int, text)
    # the int64 limits, in the bases whose value fits
    for text in ['9223372036854775807', '-9223372036854775808', '-0x8000000000000000',
                 '0x7FFF_FFFF_FFFF_FFFF']:
        for base in [0, 10, 16]:
            if (base == 16) == ('x' in text):
                attempt(int, text, base)
    attempt(int, '5', 1)
    attempt(int, '5', 37)
    attempt(int, 5, 10)
    for x in [0, 1, -1, 255, -255, 8, -8, INT64_MAX, INT64_MIN, True]:
        print(hex(x), oct(x), bin(x))
    attempt(hex, 1.5)
    for b in [3, -3, 0, 1, 2, 10, INT64_MAX, INT64_MIN]:
        for e in [0, 1, 4, 63, -1, INT64_MAX]:
            for m in [5, -5, 7, 1, -1, INT64_MAX, INT64_MIN, 0]:
                attempt(pow, b, e, m)
    attempt(pow, 2.0, 3, 5)
    # the shifts whose result fits in 64 bits, -2**63 among them
    print((-1) << 63, -2 << 62, 1 << 62, 0 << 64, -(1 << 62) << 1, INT64_MIN >> 63)


def slices():
    for s in [slice(5), slice(1, 100), slice(None, None, -1), slice(-3, None, 2),
              slice(8, 2, -3), slice(INT64_MIN, INT64_MAX, 3)]:
        print(s, s.start, s.stop, s.step, [s.indices(n) for n in [0, 1, 5, 9]])
        print(list(range(10))[s], 'abcdefghij'[s])
        for r in [range(10), range(3, 30, 4), range(20, -5, -3), range(0)]:
            print(r[s], list(r[s]) == list(r)[s])
    attempt(slice(None, None, 0).indices, 4)
    attempt(slice(1).indices, -1)
    for seq in [[1, 2], (1,), 'ab', range(3)]:
        attempt(lambda: seq[::0])
    xs = list(range(8))
    try:
        del xs[1::0]
    except ValueError as e:
        print('ValueError', e)
    try:
        xs[::2] = [1]
    except ValueError as e:
        print('ValueError', e)


def dicts():
    d = {'a': 1, 'b': 2, 'c': 3}
    print(d.popitem(), d)
    d['z'] = 0
    print(d.popitem(), d.popitem(), d.popitem(), d)
    attempt(d.popitem)


def exceptions():
    try:
        raise KeyError('k')
    except KeyError as e:
        print(e.__cause__, e.__context__, e.__suppress_context__)
    try:
        try:
            raise KeyError('first')
        except KeyError:
            raise ValueError('second')
    except ValueError as e:
        print(repr(e.__context__), e.__cause__, e.__suppress_context__)
    try:
        try:
            {}['missing']
        except KeyError as inner:
            raise ValueError('from') from inner
    except ValueError as e:
        print(repr(e.__cause__), repr(e.__context__), e.__suppress_context__)


def enums():
    print(Color['GREEN'], Color['RED'], Color['BLUE'])
    for name in ['PURPLE', 'value', '__init__']:
        try:
            print(Color[name])
        except KeyError as e:
            print('KeyError', e)


@nki.jit
def kernel():
    ints()
    slices()
    dicts()
    exceptions()
    enums()
