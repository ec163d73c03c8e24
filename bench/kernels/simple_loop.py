"""A loop of simple statements: assignments of arithmetic expressions, a list
append and a call of a small function, `n` times, then one tiny DMA for a
result. It measures the meta-program alone; bench/python/simple_loop.py runs
the same loop in CPython.

    nkirun run bench/kernels/simple_loop.py -n 1 -a n=200000 --time
"""
import nki
import nki.isa as nisa
import nki.language as nl


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


@nki.jit
def simple_loop(n):
    total = loop(n)
    out = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.shared_hbm)
    nisa.memset(dst=out, value=total % 1000)
    return out
