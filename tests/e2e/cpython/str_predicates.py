# str's character classes (isalpha, isalnum, isspace, isdecimal, isdigit,
# isnumeric, isupper, islower) over every Latin-1 code point, as Python's.
import nki


@nki.jit
def kernel():
    names = ["isalpha", "isalnum", "isspace", "isdecimal", "isdigit", "isnumeric", "isupper", "islower"]
    for name in names:
        hits = ""
        for cp in range(256):
            if getattr(chr(cp), name)():
                hits += chr(cp)
        print(name, ascii(hits))
    print("h\u00e9llo".isalpha(), "\u00c9T\u00c9".isupper(), "\u00e9t\u00e9 1".islower(), "x\u00b2".isalnum())
    print("\u3000 \u2028".isspace(), "".isalpha(), "".isspace(), "\u00bd".isdigit(), "\u00bd".isnumeric())
