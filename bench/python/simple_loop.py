"""bench/kernels/simple_loop.py's loop in CPython. Prints `time: X us/iter`,
the median of ITERS runs.

    python3 bench/python/simple_loop.py N ITERS
"""
import sys

from timing import report_median


def scaled(a, b):
    return a * b + 1


def loop(n):
    xs = []
    total = 0
    for i in range(n):
        x = i * 3 + 7
        y = (x - i) // 2
        total = total + x % 5 + scaled(x, y) % 11
        xs.append(y)
    return total + len(xs)


def main():
    n, iters = int(sys.argv[1]), int(sys.argv[2])
    print(report_median(lambda: loop(n), iters) % 1000)


main()
