# A str is a sequence of code points: len, indexing, slicing, iteration,
# ord/chr, searching, splitting, stripping and formatting count code points.
import nki


@nki.jit
def kernel():
    words = ['', 'a', 'héllo', 'naïve café', '✓ ok ✓', '日本語テキスト', '🙂x🙃', 'aé✓🙂']
    for s in words:
        print(repr(s), len(s), [c for c in s], [ord(c) for c in s], s[::-1], s[1:-1], s[::2])
        print(s.find('é'), s.find('✓'), s.find(''), s.count(''), s.count('é'), 'é' in s)
        # upper() and lower() map ASCII letters only
        print(s.replace('', '|'), s.replace('é', 'E'), s.split('é'), s.strip('a✓🙂'), s.isascii(),
              s.upper() if s.isascii() else s)
        print('[' + '{:*^12}'.format(s) + ']', '[' + '{:é<9.3}'.format(s) + ']', '{!r:>10}'.format(s))
        if s:
            print(s[0], s[-1], s[len(s) // 2], ord(s[-1]), chr(ord(s[0])) == s[0])
    print(chr(233), chr(0x1F642), ord('\u2713'), 'α', len('\U0001F642'))
    print('{0[0]} {1[1]} {0[1]} {2[k]} {3[2]}'.format([1, 2], 'ab', {'k': 'v'}, (4, 5, 6)))
    print('{:{}}|{:>{w}}|{!s:^7}'.format(3, 5, 'x', 'é', w=4))
    print('{:c}{:c}{:c}'.format(65, 233, 0x1F642), '%')
