from .a import f


def g():
    return f
