# str.expandtabs (columns restart after a newline or return) and str.casefold.
import nki


@nki.jit
def kernel():
    print(repr('tab\there'.expandtabs(2)), repr('a\tb\n\tc\r\td'.expandtabs()), repr('ab\t'.expandtabs(0)))
    print(repr('\u00e9\tx'.expandtabs(4)), repr('a\tb'.expandtabs(-1)), repr('\t\t'.expandtabs(tabsize=3)))
    print('mIxEd'.casefold(), 'ABC def'.casefold(), ''.casefold())
