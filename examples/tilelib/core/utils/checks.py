"""Validation helpers: a kernel states what it needs of its inputs and fails
with a message that says what was received."""


def check(condition: bool, text: str):
    assert condition, f"tilelib: {text}"


def check_divides(total: int, part: int, what: str):
    """Raises when `part` does not divide `total`."""
    if part <= 0 or total % part != 0:
        raise ValueError(f"tilelib: {what}: {total} is not a multiple of {part}")
    return total // part
