#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpus: one file per distinct kernel source.

    seed_corpus.py REPO OUTDIR [--fresh]

Seeds are every kernel file of the repository (examples/*.py, stdlib/**/*.py,
tests/e2e/bad/*.py, tests/e2e/compiled/*.py, tests/e2e/cpython/*.py,
tests/codegen/kernels/*.py, bench/kernels/*.py), the
statements of the REPL's piped sessions (tests/repl/sessions/*.txt, without
the `:` commands), and the source snippets of the C++ tests: every string
literal of tests/**/*.cpp (adjacent literals joined, escapes decoded) that
spans more than one line or is at least kMinSnippet bytes long. Each file is
named by the SHA-1 of its contents, as libFuzzer names corpus files, so a
snippet found twice is one seed. With --fresh, OUTDIR's files are removed
first; otherwise seeds are added to what is there.
"""
import hashlib
import pathlib
import re
import sys

# Shorter one-line literals are mostly names and messages, not source.
kMinSnippet = 8

SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'",
                  "?": "?", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def decode_escapes(body):
    """The text of an ordinary C++ string literal's body."""
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\" or i + 1 == len(body):
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in SIMPLE_ESCAPES:
            out.append(SIMPLE_ESCAPES[e])
            i += 2
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
            digits = m.group(0) if m else "0"
            out.append(chr(int(digits, 16) & 0xFF))
            i += 2 + (len(m.group(0)) if m else 0)
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(chr(int(m.group(0), 8) & 0xFF))
            i += 1 + len(m.group(0))
        else:
            out.append(e)
            i += 2
    return "".join(out)


def string_literals(cpp):
    """The string literals of C++ source, adjacent ones joined, in order."""
    literals = []
    joined = None  # the literal being built from adjacent pieces
    i = 0
    n = len(cpp)
    while i < n:
        c = cpp[i]
        if cpp.startswith("//", i):
            i = cpp.find("\n", i)
            i = n if i < 0 else i
            continue
        if cpp.startswith("/*", i):
            end = cpp.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c.isspace():
            i += 1
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(', cpp[i:i + 24])
        if raw:
            start = i + raw.end()
            close = ")" + raw.group(1) + '"'
            end = cpp.find(close, start)
            if end < 0:
                break
            joined = (joined or "") + cpp[start:end]
            i = end + len(close)
            continue
        plain = re.match(r'(?:u8|u|U|L)?"', cpp[i:i + 3])
        if plain:
            m = re.compile(r'"((?:[^"\\\n]|\\.)*)"').match(cpp, i + plain.end() - 1)
            if not m:
                i += plain.end()
                continue
            joined = (joined or "") + decode_escapes(m.group(1))
            i = m.end()
            continue
        if joined is not None:
            literals.append(joined)
            joined = None
        if c == "'":  # a character literal (or a digit separator): skip it
            m = re.compile(r"'(?:[^'\\\n]|\\.)*'").match(cpp, i)
            i = m.end() if m and not cpp[i - 1].isalnum() else i + 1
            continue
        i += 1
    if joined is not None:
        literals.append(joined)
    return literals


def session_statements(text):
    """The stdin section of a REPL session file, without `:` commands."""
    m = re.search(r"^=== stdin\n(.*?)(?=^=== |\Z)", text, re.S | re.M)
    if not m:
        return None
    lines = [l for l in m.group(1).splitlines(True) if not l.lstrip().startswith(":")]
    return "".join(lines)


def seeds(repo):
    """Every seed's text, with where it came from."""
    for pattern in ["examples/*.py", "stdlib/**/*.py", "tests/e2e/bad/*.py",
                    "tests/e2e/compiled/*.py", "tests/e2e/cpython/*.py",
                    "tests/codegen/kernels/*.py", "bench/kernels/*.py"]:
        for path in sorted(repo.glob(pattern)):
            yield path.read_bytes()
    for path in sorted(repo.glob("tests/repl/sessions/*.txt")):
        text = session_statements(path.read_text())
        if text:
            yield text.encode()
    for path in sorted(repo.glob("tests/**/*.cpp")):
        if "fuzz" in path.parts:
            continue
        # Read as Latin-1, one character per byte, so that a literal's
        # characters (its UTF-8 bytes and its decoded escapes alike) encode
        # back to exactly the bytes the C++ compiler makes of it.
        for literal in string_literals(path.read_bytes().decode("latin-1")):
            if "\n" in literal.rstrip("\n") or len(literal) >= kMinSnippet:
                yield literal.encode("latin-1")


def main():
    args = [a for a in sys.argv[1:] if a != "--fresh"]
    if len(args) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    repo, out = pathlib.Path(args[0]), pathlib.Path(args[1])
    out.mkdir(parents=True, exist_ok=True)
    if "--fresh" in sys.argv[1:]:
        for f in out.iterdir():
            if f.is_file():
                f.unlink()
    names = set()
    for data in seeds(repo):
        name = hashlib.sha1(data).hexdigest()
        if name not in names:
            (out / name).write_bytes(data)
            names.add(name)
    if not names:
        sys.exit("seed_corpus.py: no seeds found under " + str(repo))
    print(f"seed_corpus.py: {len(names)} seeds in {out}")


if __name__ == "__main__":
    main()
