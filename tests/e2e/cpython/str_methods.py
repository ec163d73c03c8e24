# The str methods kernel code uses.
import nki


@nki.jit
def kernel():
    name = "NKILIB_LOG_LEVEL_attention"
    print(name.removeprefix("NKILIB_LOG_LEVEL_"), name.removeprefix("x"), name.removesuffix("tion"))
    print(name.startswith(("A", "NKI")), name.endswith(("x", "y")), "a.b.c".split(".", 1))
    print("a b  c ".split(), " a b c ".rsplit(None, 1), "a,b,c".rsplit(",", 1), "x".rsplit(","))
    print("-".join(["a", "b"]), "  pad  ".strip(), "xxhixx".strip("x"), "..a".lstrip("."), "a..".rstrip("."))
    print("aXbXc".replace("X", "-"), "aXbXc".replace("X", "-", 1), "MiXed".upper(), "MiXed".lower())
    print("hello world".title(), "hELLO".capitalize(), "AbC".swapcase())
    print("banana".find("an"), "banana".rfind("an"), "banana".index("na"), "banana".count("a"))
    print("123".isdigit(), "abc".isalpha(), "a1".isalnum(), "ABC".isupper(), "abc".islower())
    print(" \t".isspace(), "".isalpha(), "A1".isupper(), "12".islower())
    print("42".zfill(5), "-42".zfill(5), repr("ab".center(7, "*")), repr("ab".center(6)))
    print(repr("ab".ljust(5)), repr("ab".rjust(5, ".")), "a=b=c".partition("="), "a=b=c".rpartition("="))
    print("abc".partition("x"), "abc".rpartition("x"))
    print("one\ntwo\r\nthree".splitlines(), "x\ny\n".splitlines(True))
    print("{} and {name}".format(1, name="two"), "{:>5}|{:<5}|{:^5}".format("a", "b", "c"))
    try:
        "abc".index("z")
    except ValueError as e:
        print("index:", e)
    print(' a  b '.split(None, 1), ' a b c'.split(maxsplit=1), 'a\t b \n'.split(None, 1), ' x '.split(None, 0), '  '.split(None, 1))
