# Floor division and modulo of ints of every sign, by positive and negative
# divisors, at the int64 limits too (but for MIN // -1, which needs 2**63),
# and by zero; in expressions, in augmented assignments and folded in loops.
import nki

MAX = 9223372036854775807
MIN = -MAX - 1
VALUES = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 128, -129, MAX, MIN, MAX - 1, MIN + 1]


@nki.jit
def kernel():
    for a in VALUES:
        row = []
        for b in VALUES:
            if a == MIN and b == -1:
                continue
            try:
                row.append((a // b, a % b))
            except ZeroDivisionError as e:
                row.append(type(e).__name__)
        print(a, row)
    total = 0
    for i in range(-50, 50):
        x = i * 7 + 3
        x //= 4
        x %= 9
        total = total + x + (i - 13) // 5 - (i + 4) % 6
    print(total, True // 2, True % 2, 7 // True, -7 % True)
