# str.expandtabs (columns restart after a newline or return), str.casefold,
# and splitlines at every line boundary Python knows.
import nki


@nki.jit
def kernel():
    print(repr('tab\there'.expandtabs(2)), repr('a\tb\n\tc\r\td'.expandtabs()), repr('ab\t'.expandtabs(0)))
    print(repr('\u00e9\tx'.expandtabs(4)), repr('a\tb'.expandtabs(-1)), repr('\t\t'.expandtabs(tabsize=3)))
    print('mIxEd'.casefold(), 'ABC def'.casefold(), ''.casefold())
    text = "a\vb\fc\x1cd\x1de\x1ef\x85g\u2028h\u2029i\r\nj\rk\n"
    print(text.splitlines(), text.splitlines(True), "".splitlines(), "\n\n".splitlines(keepends=True))
