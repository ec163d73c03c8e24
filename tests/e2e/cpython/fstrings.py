# f-strings, str.format and format() with the format mini-language.
import nki


@nki.jit
def kernel():
    x = 3.14159
    n = 1234567
    w = 10
    name = "tile"
    print(f"{x=}", f"{x = }", f"{n=:,}", f"{name!r}", f"{name!s}", f"{name!a}")
    print(f"[{x:>8.3f}]", f"{n:,}", f"{5:08b}", f"[{name:^10}]", f"{0.256:.2%}", f"{x:e}")
    print(f"[{name:>{w}}]", f"[{x:{w}.{2}f}]", f"{{literal}}", f"{n:_}", f"{255:#x}", f"{255:X}")
    print(f"{-5:+d}", f"{5:+d}", f"{x:.0f}", f"{1e-7:g}", f"{12:o}", f"{n:>12,}")
    print("{:>8.3f}|{:<6}|{:^6}|".format(x, "ab", "cd"), "{0}{1}{0}".format("a", "b"))
    print("{name}:{val:.1f}".format(name="v", val=2.25), format(x, ".2f"), format(42, "05d"), format("s", ">3"))
    print(f"{[1, 2]!r:>10}", f"{'q'!r:^7}", f"{True}", f"{None!r}", f"{3:{'>'}{5}}")
    items = {"a": 1}
    print(f"{items['a']}", f"{len(items) + 1}", f"{'nested ' + name}")
