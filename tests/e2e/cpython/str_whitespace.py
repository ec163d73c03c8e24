# split(), rsplit() and strip() without arguments split and strip at Python's
# whitespace, Unicode's included.
import nki


@nki.jit
def kernel():
    text = "\x1c a\xa0b\u3000c\x85d\u2028 \u00e9\u2003\u4e2d \x1f"
    print(text.split(), text.rsplit(), text.split(None, 1), text.rsplit(None, 1), text.rsplit(None, 2))
    print(repr(text.strip()), repr(text.lstrip()), repr(text.rstrip()), repr("\u00e9\u00e9".strip()))
    print("x\u2009y".split(), "\u00e9 \u00e8".rsplit(None, 1), "".split(), "\u3000".rsplit(), "a\u00a0".strip("\u00a0"))
