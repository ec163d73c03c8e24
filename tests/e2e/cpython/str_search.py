# str's searches with a start and an end: find, rfind, index, rindex, count.
import nki


def attempt(f):
    try:
        return f()
    except (TypeError, ValueError) as e:
        return f"{type(e).__name__}: {e}"


@nki.jit
def kernel():
    print('0042'.rfind('4', 1), 'abcabc'.find('b', 2), 'abcabc'.find('b', -3, -1), 'abc'.find('', 3), 'abc'.find('', 4))
    print('abcabc'.rfind('b', 0, 4), 'abcabc'.index('c', 3), 'abcabc'.rindex('a', None, 3), 'aaa'.count('a', 1), 'aaa'.count('', 1, 2))
    print('h\u00e9llo h\u00e9'.find('\u00e9', 2), 'h\u00e9llo'.count('l', -3), 'abc'.count('', 5), 'abc'.find('c', 2, 1), 'abc'.rfind('', 1, 2))
    print(attempt(lambda: 'abc'.index('a', 1)), attempt(lambda: 'abc'.rindex('c', 0, 2)), attempt(lambda: 'abc'.find('a', 'x')))
