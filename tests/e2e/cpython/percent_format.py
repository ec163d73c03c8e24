# printf-style formatting with str % args: every conversion, the flags,
# widths and precisions (also *), %(key)s from a dict, a single value or a
# tuple, %%, and the errors Python raises.
import nki


def attempt(f):
    try:
        return f()
    except (TypeError, ValueError, KeyError) as e:
        return f"{type(e).__name__}: {e}"


@nki.jit
def kernel():
    print("%d %i %u|%5d|%-5d|%05d|%+d|% d|%.3d" % (3, -4, 5, 42, 42, -42, 7, 7, 5))
    print("%o %#o %x %#x %X %#X|%8.3x|" % (8, 8, 255, 255, 255, 255, 10))
    print("%f %.2f %10.3f %-10.1f| %e %.3E %g %G %g" % (3.14159, 2.5, -1.5, 2.25, 12345.678, 0.5, 1e-7, 2e20, 100.0))
    print("%s|%10s|%-6s|%.2s|%r|%a|%c%c" % ("ab", "right", "left", "cut", "q", "r", 65, "z"))
    print("%d%%" % 50, "%s" % (1,), "%s" % [1, 2], "%s and %s" % ("a", (1, 2)), "%s" % None)
    print("%(name)s is %(n)03d" % {"name": "tile", "n": 7}, "%(x)r" % {"x": "v"}, "plain" % {})
    print("%*d|%-*s|%.*f" % (5, 1, 4, "ab", 2, 3.14159), "%d" % 2.9, "%d" % True, "%f" % 2)
    print("%5.1f%%" % 99.44, "[%s]" % "x" * 2, "%s" % "%s")
    print(attempt(lambda: "%d %d" % (1,)), attempt(lambda: "%d" % (1, 2)), attempt(lambda: "x" % 3))
    print(attempt(lambda: "%d" % "s"), attempt(lambda: "%x" % 2.5), attempt(lambda: "%(a)s" % {"b": 1}))
    print(attempt(lambda: "%z" % 1), attempt(lambda: "%" % ()), attempt(lambda: "%(a)s" % (1,)))
    # Integers with a precision keep their sign flag, '#' prefix and '0' padding,
    # down to the most negative int64.
    low = -9223372036854775807 - 1
    print("%+.0i|% .0i|%09.2i|%#.5x|<%-.0d>|%.0x|%#5X" % (5, 7, 1, -2, low, low, 255))
    print("%-#8.3x|%+08.3d|%0-6d|%05d|% 05d|%.0d|%.3d" % (5, -5, 3, -3, 3, 0, 0))
    print("%x|%5.1d|%#.0f|%+07.2f|%-+8.2e|%#x|%+x|%u|%i|%o" % (
        9223372036854775807, 3.7, 2.0, 3.14159, 12345.0, 0, 255, -4, low, -8))
    print("%d|%i|%.3d" % (9.2e18, -9223372036854775808.0, -2.5))
