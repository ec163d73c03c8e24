# repr() of a str escapes the code points Python deems not printable: the C1
# controls, no-break and other spaces, the soft hyphen, line and paragraph
# separators, format characters, the byte order mark; others print as they are.
import nki


@nki.jit
def kernel():
    out = ""
    for cp in range(0x7f, 0x100):
        out += repr(chr(cp))
    print(out)
    for lo, hi in [(0x1680, 0x1681), (0x2000, 0x2012), (0x2026, 0x2031), (0x205e, 0x2071),
                   (0x3000, 0x3002), (0xfefc, 0xfefd), (0xfeff, 0xff00), (0xff01, 0xff03)]:
        print(repr("".join([chr(cp) for cp in range(lo, hi)])))
    print(repr("h\u00e9llo \u4e2d \U0001f600"), ["a\u2028b", "\xa0"], ("\x85",))
