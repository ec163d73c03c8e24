# Binary operators on locals and constants: the left operand is read before
# the right one is evaluated, even when evaluating it rebinds the left's
# variable; ints by themselves, with bools and floats, by negative and zero
# divisors, leaf by leaf and nested: trees of locals whose leaves are not
# all ints (bools, floats, strings deep inside) and whose operations are not
# all int ones (true division, powers, shifts, bit operations).
import nki


def order():
    x = 10

    def bump():
        nonlocal x
        x = 1000
        return 1

    first = x + bump()
    second = bump() + x
    x = 10
    third = (x * 2) - bump() + x
    return first, second, third


def mixed(a, b):
    out = [a + b, a - b, a * b]
    out.append(a + True)
    out.append(a * 2.5)
    out.append(a // -3)
    out.append(a % -3)
    out.append((a - b) // 2 % 5)
    for d in (b, 0, -b):
        try:
            out.append((a // d, a % d))
        except ZeroDivisionError as e:
            out.append(type(e).__name__)
    return out


def trees(a, b):
    f = 0.5
    t = True
    s = "ab"
    out = [(a * b + a) // (b - 1) % 7, ((a - b) * (a + b)) - a * a]
    out.append((a * 2 + f) - 1)
    out.append((a + t) * (b - False))
    out.append((a + b) / 2 + (a - b) // 3)
    out.append((a + 1) ** 2 - (b << 2) + (a & 6 | b ^ 3) - (a >> 1))
    out.append(s * (b - 2) + s * (a % 2))
    for d in (b - b, b - 7):
        try:
            out.append((a + 1) // d - 1)
        except ZeroDivisionError as e:
            out.append(type(e).__name__)
    return out


@nki.jit
def kernel():
    print(order())
    for a in (7, -7, 0):
        print(mixed(a, 4))
        print(trees(a, 4))
    total = 0
    for i in range(20):
        x = i * 3 + 7
        total = total + x % 5 + (x - i) // 2
    print(total)
