# int() of floats at the int64 limits and round() of ints and floats, every
# ndigits from far below to far above a double's decimal digits.
import nki

@nki.jit
def kernel():
    # repr's shortest digits, where printf would round an exact tie away
    # from the digits that read back (2**-24 is 5.960464477539063e-08).
    print([2.0 ** -k for k in range(1, 80, 3)], [3.0 ** k for k in range(-40, 40, 7)])
    print(int(-9223372036854775808.0), int(9223372036854774784.0), int(-0.9), int(1e18), int(-2.5))
    print(round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5), round(9.223372036854774e18))
    for x in [0, 1, 5, 15, 25, -15, -25, 149, 150, 250, 12345, -12345, 922337203685477580,
              -922337203685477580, 4999999999999999999]:
            print(x, [round(x, n) for n in [2, 0, -1, -2, -3, -5, -18, -19, -20, -400]])
    for x in [0.0, -0.0, 1.23456, -1.23456, 2.675, 0.125, 0.375, 1e300, -1e-300, 123456.789,
              5e-324, 1.7976931348623157e307, 0.5, 2.5, 15.0, 25.0]:
        print(x, [round(x, n) for n in [0, 1, 2, 3, 10, 17, 300, 322, 323, 324, 400, -1, -2, -5, -300,
                                        -307, -308, -309, -400]])
