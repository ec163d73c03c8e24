"""Random meta-programs in the language's Python subset, for the differential
fuzzer (differential.py meta): each program is a kernel that prints, run by
nkirun and by CPython, whose outputs must be the same text.

A program is a list of independent blocks, each a function of its own
(module-level classes beside it) called by the kernel under a handler that
prints the class of any exception that escapes it. Blocks never depend on
each other, so a failing program is minimized by dropping blocks.
Every block is written from a template whose names and values are drawn at
random; the templates track what each name holds, so nearly every program
is valid Python whose output is defined.

Integers stay in int64 everywhere but in an optional *overflow tail*: one
statement after the blocks whose value leaves int64, where CPython prints it
and nkirun must stop with a located "integer overflow" error (README,
"Integers, slices and strings").

KNOWN_BROKEN names the constructs the interpreter is being fixed for; the
generator leaves them out unless asked (--all-features), so the CI seeds
pass today. Empty the set once they are fixed.
"""

import random

# Constructs left out by default, each a known interpreter bug being fixed.
KNOWN_BROKEN = frozenset({
})

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
EXTREME_INTS = [0, 1, -1, 2, -2, 3, 7, -7, 10, 127, 128, 255, 256, 2**31 - 1, 2**31, -2**31,
                2**32, 2**62, -2**62, INT64_MAX, INT64_MAX - 1, INT64_MIN, INT64_MIN + 1]
SLICE_BOUNDS = [None, 0, 1, -1, 2, -2, 3, -3, 5, -5, 8, -8, 100, -100, 2**62, -2**62, INT64_MAX,
                INT64_MIN, INT64_MAX - 1]
SLICE_STEPS = [None, 1, -1, 2, -2, 3, -3, 7, 2**62, -2**62, INT64_MAX, INT64_MIN, INT64_MIN + 1]
STRINGS = ["abc", "a,b,,c", "  pad me  ", "x-y-z", "", "ABCdef", "aaa", "1,2,3", "Hello World",
           "h\u00e9llo", "tab\there", "a.b.c.d", "--x--", "mIxEd CaSe", "0042", "line1\nline2"]
FLOATS = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 3.14159, 1e-7, 123456.789, 1e16, -1e22, 0.1, 2.0**53,
          float("inf"), float("-inf")]


def lit(v):
    """v as a literal of the language (-2**63 has none of its own)."""
    if v is None:
        return "None"
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, int):
        return "(-9223372036854775807 - 1)" if v == INT64_MIN else (f"({v})" if v < 0 else str(v))
    if isinstance(v, float):
        if v != v:
            return 'float("nan")'
        if v in (float("inf"), float("-inf")):
            return f'float("{v}")'
        return f"({v!r})" if v < 0 or str(v).startswith("-") else repr(v)
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, (list, tuple)):
        inner = ", ".join(lit(x) for x in v)
        return f"[{inner}]" if isinstance(v, list) else f"({inner}{',' if len(v) == 1 else ''})"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{lit(k)}: {lit(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def fits(v):
    return INT64_MIN <= v <= INT64_MAX


class Block:
    """One independent piece of a program: module-level code (classes) and
    the body of its function."""

    def __init__(self, kind, module, body):
        self.kind, self.module, self.body = kind, module, body


class MetaGen:
    def __init__(self, seed, features):
        self.rng = random.Random(seed)
        self.features = features
        self.serial = 0

    def on(self, feature):
        return feature not in KNOWN_BROKEN or feature in self.features

    def fresh(self, stem):
        self.serial += 1
        return f"{stem}{self.serial}"

    def pick(self, xs):
        return self.rng.choice(xs)

    def small(self, lo=0, hi=6):
        return self.rng.randint(lo, hi)

    @staticmethod
    def guarded(body):
        """Each statement under its own handler, so one that raises (an
        invalid format spec, a slice assignment of the wrong length) still
        leaves the rest of the block to run."""
        out = []
        for stmt in body:
            inner = "\n".join("    " + s for s in stmt.split("\n"))
            out.append(f"try:\n{inner}\nexcept Exception as e:\n    print('!', type(e).__name__)")
        return out

    # ---- integers -------------------------------------------------------

    def int_binary(self):
        """(text, value or None when it raises, overflows?) of a random
        binary int operation on extreme operands."""
        a, b = self.pick(EXTREME_INTS), self.pick(EXTREME_INTS)
        op = self.pick(["+", "-", "*", "//", "%", "**", "<<", ">>", "&", "|", "^"])
        if op == "**":
            b = self.small(0, 65)
        if op in ("<<", ">>"):
            b = self.small(0, 70)
        if op in ("//", "%") and b == 0:
            return f"{lit(a)} {op} {lit(b)}", None, False
        value = eval(f"{a} {op} {b}")  # noqa: S307 (our own operands)
        if op == "<<" and value == INT64_MIN and not self.on("shift_to_int64_min"):
            return f"{lit(a)} + 0", a, False
        return f"{lit(a)} {op} {lit(b)}", value, not fits(value)

    def block_ints(self):
        body, overflowed = [], []
        for _ in range(self.small(2, 6)):
            text, value, over = self.int_binary()
            if over:
                overflowed.append(text)
                continue
            body.append(f"print({text})")
        a = self.pick(EXTREME_INTS)
        b = self.pick([x for x in EXTREME_INTS if x != 0])
        for call in (f"divmod({lit(a)}, {lit(b)})", f"abs({lit(a)})", f"-{lit(a)}",
                     f"{lit(a)} == {lit(b)}", f"{lit(a)} < {lit(b)}", f"hash({lit(a)})",
                     f"str({lit(a)})[::-1]", f"int(str({lit(a)}))", f"bool({lit(a)})"):
            try:
                v = eval(call.replace("(-9223372036854775807 - 1)", str(INT64_MIN)))
            except ZeroDivisionError:
                continue
            if isinstance(v, int) and not isinstance(v, bool) and not fits(v):
                continue
            if isinstance(v, tuple) and not all(fits(x) for x in v):
                continue
            if self.rng.random() < 0.5:
                body.append(f"print({call})")
        a = self.pick(EXTREME_INTS)
        if self.on("hex_bin_oct"):
            body.append(f"print(hex({lit(a)}), bin({lit(a)}), oct({lit(a)}))")
        if self.on("int_base"):
            body.append(f"print(int({str(abs(a) % 10**6)!r}, {self.pick([8, 10, 16, 36])}), "
                        f"int({self.pick(['0x1f', '0o17', '0b101', '1_000', ' -12 '])!r}, 0))")
        if self.on("pow_modulo"):
            body.append(f"print(pow({lit(a)}, {self.small(-1, 70)}, {self.pick([7, 10**9 + 7, 2**61 - 1])}))")
        f = self.pick(FLOATS)
        if f == f and abs(f) != float("inf") and fits(int(f)):
            body.append(f"print(int({lit(f)}), round({lit(f)}), round({lit(f)}, {self.small(-3, 3)}))")
        return Block("ints", "", self.guarded(body)), overflowed

    # ---- slices ---------------------------------------------------------

    def slice_text(self):
        """A random slice's text (bounds at and past the int64 limits)."""
        return self.slice_and_text()[0]

    def slice_and_text(self):
        a, b, c = (self.pick(SLICE_BOUNDS), self.pick(SLICE_BOUNDS), self.pick(SLICE_STEPS))
        parts = [lit(a) if a is not None else "", lit(b) if b is not None else ""]
        if c is not None or self.rng.random() < 0.3:
            parts.append(lit(c) if c is not None else "")
        return ":".join(parts), slice(a, b, c)

    def block_slices(self):
        n = self.small(0, 9)
        xs = list(range(n))  # what xs holds, to size slice assignments
        body = [f"xs = list(range({n}))", f"s = {lit(self.pick(STRINGS))}",
                f"t = tuple(range({self.small(0, 6)}))"]
        for _ in range(self.small(3, 8)):
            kind = self.rng.random()
            if kind < 0.25:
                body.append(f"print(xs[{self.slice_text()}])")
            elif kind < 0.4:
                body.append(f"print(s[{self.slice_text()}], t[{self.slice_text()}])")
            elif kind < 0.55:
                bounds = (self.pick(SLICE_BOUNDS[1:]), self.pick(SLICE_BOUNDS[1:]),
                          self.pick([1, -1, 2, -3, 2**62, INT64_MAX, INT64_MIN]))
                body.append(f"r = range({', '.join(lit(x) for x in bounds)})")
                sliced = f"r[{lit(self.pick([0, -1, 2, INT64_MAX]))}] if r else None"
                if self.on("range_slicing"):
                    text, target = self.slice_and_text()
                    # A sliced range whose bounds leave int64 is an overflow error.
                    cut = range(*bounds)[target]
                    if all(INT64_MIN <= x <= INT64_MAX for x in (cut.start, cut.stop, cut.step)):
                        sliced = f"r[{text}]"
                body.append(f"print({sliced}, {lit(self.pick(EXTREME_INTS))} in r)")
            elif kind < 0.7:
                vals = [self.small(-9, 9) for _ in range(self.small(0, 4))]
                text, target = self.slice_and_text()
                if not self.on("slice_assign_wrong_size") and target.step not in (None, 1):
                    vals = [self.small(-9, 9) for _ in xs[target]]
                try:
                    xs[target] = vals
                except ValueError:
                    pass  # the program's handler prints it
                body.append(f"xs[{text}] = {lit(vals)}")
                body.append("print(xs)")
            elif kind < 0.8:
                text, target = self.slice_and_text()
                del xs[target]
                body.append(f"del xs[{text}]")
                body.append("print(xs)")
            elif kind < 0.9:
                i = self.pick([0, 1, -1, 3, -4, 8, INT64_MAX, INT64_MIN])
                body.append(f"print(xs[{lit(i)}] if len(xs) > {lit(i)} >= -len(xs) else 'out')")
            elif self.on("slice_builtin"):
                body.append(f"print(slice({lit(self.pick(SLICE_BOUNDS))}, {lit(self.pick(SLICE_BOUNDS))}).indices({self.small(0, 9)}))")
        return Block("slices", "", self.guarded(body))

    # ---- strings and formatting -----------------------------------------

    def str_call(self, s):
        sep = self.pick([",", "-", " ", "a", ".", "xx", "\n"])
        n = self.pick([-1, 0, 1, 2, 5])
        width = self.small(0, 14)
        options = [
            f"split({lit(sep)})", f"split({lit(sep)}, {n})", "split()", f"rsplit({lit(sep)}, {n})",
            f"split(None, {n})" if self.on("str_split_none_maxsplit") else "split()",
            "strip()", f"strip({lit(self.pick(['a', ' -', 'xz', '']))})", "lstrip()", "rstrip('d ')",
            f"find({lit(self.pick(['a', 'b', '', 'zz', ',']))})",
            f"rfind({lit(self.pick(['a', 'b', '']))}" +
            (f", {self.small(-3, 3)})" if self.on("str_find_start") else ")"),
            f"count({lit(self.pick(['a', '', ',', 'aa']))})",
            f"replace({lit(self.pick(['a', ',', '', 'b']))}, {lit(self.pick(['', 'XY', '-']))}, {n})",
            f"startswith({lit(self.pick(['a', 'A', '', ('x', 'a')]))})",
            f"endswith({lit(self.pick(['c', 'e', '']))})", "upper()", "lower()", "title()",
            "capitalize()", "swapcase()", f"center({width}, '*')", f"ljust({width})",
            f"rjust({width}, '.')", f"zfill({width})", f"partition({lit(sep)})",
            f"rpartition({lit(sep)})", "isdigit()", "isalpha()", "isspace()", "isupper()",
            f"join({lit([self.pick(STRINGS) for _ in range(self.small(0, 3))])})",
            "splitlines()", f"index({lit(self.pick(['a', 'c']))})",
            f"removeprefix({lit(self.pick(['a', 'A', '']))})",
            f"removesuffix({lit(self.pick(['c', 'f', '']))})",
        ]
        if self.on("str_casefold"):
            options.append("casefold()")
        if self.on("str_expandtabs"):
            options.append(f"expandtabs({self.small(0, 8)})")
        if not s.isascii():  # upper()/lower() change ASCII letters only (README)
            options = [o for o in options if not o.startswith(("upper", "lower", "title",
                                                                 "capitalize", "swapcase",
                                                                 "casefold"))]
            if not self.on("str_predicates_unicode"):
                options = [o for o in options if not o.startswith("is")]
        return self.pick(options)

    def block_strings(self):
        body = []
        for _ in range(self.small(3, 7)):
            s = self.pick(STRINGS)
            body.append(f"print(repr({lit(s)}.{self.str_call(s)}))")
        body.append(f"print(len({lit(self.pick(STRINGS))}), ord('A'), chr({self.small(32, 126)}), "
                    f"sorted({lit(self.pick(STRINGS))}), {lit(self.pick(STRINGS))} * {self.small(0, 3)})")
        return Block("strings", "", self.guarded(body))

    def format_spec(self, kind):
        fill_align = self.pick(["", "<", ">", "^", "*>", "0=", "-^"])
        if kind == "s" and "=" in fill_align and not self.on("format_align_eq_str"):
            fill_align = ""
        sign = self.pick(["", "+", "-", " "]) if kind != "s" else ""
        alt = self.pick(["", "#"]) if kind == "i" else ""
        zero = self.pick(["", "0"]) if kind != "s" and not fill_align else ""
        width = self.pick(["", str(self.small(1, 12))])
        group = self.pick(["", ",", "_"]) if kind != "s" else ""
        if (fill_align == "0=" or zero) and not self.on("format_fill_zero_grouping"):
            group = ""
        if kind == "i":
            typ = self.pick(["", "d", "x", "X", "o", "b", "e", "f", "%"] +
                            (["n"] if self.on("format_n_type") else []))
            if typ in ("e", "f", "%") and not self.on("format_alternate_float"):
                alt = ""
            if typ in ("x", "X", "o", "b", "n") and group == ",":
                group = ""
            prec = f".{self.small(0, 4)}" if typ in ("e", "f", "%") and self.rng.random() < 0.6 else ""
        elif kind == "f":
            typ = self.pick(["", "e", "E", "f", "F", "g", "G", "%"])
            prec = self.pick(["", f".{self.small(0, 8)}"])
            if not typ and not self.on("format_float_precision_no_type"):
                prec = ""
        else:
            typ = self.pick(["", "s"])
            prec = self.pick(["", f".{self.small(0, 5)}"])
        if typ == "%" and kind == "f" and not self.on("format_percent_inf"):
            typ = "f"
        if typ in ("", "e", "E", "g", "G") and kind != "s" and \
                not self.on("format_grouping_exponent"):
            group = ""
        return f"{fill_align}{sign}{alt}{zero}{width}{group}{prec}{typ}"

    def block_format(self):
        body = []
        conversions = ["!r", "!s", ""] + (["!a"] if self.on("ascii_conversion") else [])
        for _ in range(self.small(3, 7)):
            kind = self.pick(["i", "f", "s"])
            v = {"i": lambda: self.pick(EXTREME_INTS), "f": lambda: self.pick(FLOATS),
                 "s": lambda: self.pick(STRINGS)}[kind]()
            spec = self.format_spec(kind)
            form = self.rng.random()
            if form < 0.4:
                body.append(f"v = {lit(v)}")
                conv = self.pick(conversions) if kind == "s" else ""
                body.append(f"print(f'[{{v{conv}:{spec}}}]')" if not conv else f"print(f'[{{v{conv}}}]')")
            elif form < 0.6:
                body.append(f"print('[{{0:{spec}}}|{{1!r}}]'.format({lit(v)}, {lit(self.pick(STRINGS))}))")
            elif form < 0.7:
                body.append(f"print(format({lit(v)}, {spec!r}))")
            else:
                flags = self.pick(["", "-", "+", " ", "#", "0", "-+"])
                width = self.pick(["", str(self.small(1, 10))])
                prec = self.pick(["", f".{self.small(0, 5)}"])
                if any(c in flags for c in "+ ") and prec and not self.on("percent_sign_flags"):
                    prec = ""
                if "0" in flags and prec and not self.on("percent_zero_flag_precision"):
                    prec = ""
                if "#" in flags and prec and not self.on("percent_alternate_precision"):
                    prec = ""
                conv = {"i": self.pick("diouxXeEfgGrs"), "f": self.pick("eEfFgGrs"),
                        "s": self.pick("rs" + ("a" if self.on("ascii_conversion") else ""))}[kind]
                if conv in "diouxX" and kind != "i":
                    conv = "s"
                if conv in "diouxX" and v == INT64_MIN and not self.on("percent_precision_int64_min"):
                    prec = ""
                body.append(f"print('<%{flags}{width}{prec}{conv}>' % ({lit(v)},))")
        if self.rng.random() < 0.4:
            body.append(f"print('%(k)s=%(v)05d' % {{'k': 'n', 'v': {self.small(-99, 99)}}})")
        if self.rng.random() < 0.4:
            w = self.small(0, 9)
            body.append(f"w, s = {w}, {lit(self.pick(STRINGS))}")
            typ = "" if self.on("format_float_precision_no_type") else "f"
            body.append(f"print(f'{{s:>{{w}}}}|{{3.25:{{w}}.{{w}}{typ}}}|{{w=}}|{{s!r:^{{w}}}}')")
        return Block("format", "", self.guarded(body))

    # ---- closures, loops, exceptions ------------------------------------

    def block_closures(self):
        n = self.small(1, 5)
        start = self.small(-3, 3)
        body = [
            "def counter(start):",
            "    count = start",
            "    def bump(by=1):",
            "        nonlocal count",
            "        count += by",
            "        return count",
            "    return bump",
            f"c = counter({start})",
            f"print([c() for _ in range({n})], c({self.small(-5, 5)}))",
            "fs = []",
            f"for i in range({n}):",
            "    fs.append(lambda: i)",
            "    fs.append(lambda i=i: i * 10)",
            "print([f() for f in fs])",
            "def outer(x):",
            "    def middle(y):",
            "        def inner(z):",
            "            return x + y + z",
            "        return inner",
            "    return middle",
            f"print(outer({self.small()})({self.small()})({self.small()}))",
        ]
        if self.rng.random() < 0.5:
            body += ["acc = []",
                     "def push(v, into=acc):",
                     "    into.append(v)",
                     "    return len(into)",
                     f"print(push(1), push(2), push({self.small()}, []), acc)"]
        return Block("closures", "", body)

    def block_loops(self):
        items = [self.small(-4, 9) for _ in range(self.small(0, 8))]
        stop = self.small(-2, 9)
        skip = self.small(-2, 9)
        body = [f"xs = {lit(items)}", "out = []",
                "for i, x in enumerate(xs):",
                f"    if x == {skip}:",
                "        continue",
                f"    if x == {stop}:",
                "        out.append('stop')",
                "        break",
                "    out.append(x * i)",
                "else:",
                "    out.append('done')",
                "print(out)",
                f"n = {self.small(0, 12)}",
                "steps = 0",
                "while n > 0:",
                "    steps += 1",
                "    if n % 3 == 0:",
                "        n -= 2",
                "        continue",
                "    n -= 1",
                f"    if steps > {self.small(1, 8)}:",
                "        break",
                "else:",
                "    print('while else', steps)",
                "print(n, steps)",
                "stack = list(xs)",
                "while stack:",
                "    top = stack.pop()",
                "    if top > 5 and len(stack) < 12:",
                "        stack.append(top - 4)",
                "print(stack)"]
        if self.on("for_over_mutated_list"):
            body += ["ys = list(xs)",
                     "for y in ys:",
                     "    if y % 2 == 0 and len(ys) < 20:",
                     "        ys.append(y + 1)",
                     "    elif y in ys and y > 3:",
                     "        ys.remove(y)",
                     "print(ys)"]
        return Block("loops", "", body)

    def block_exceptions(self):
        err = self.fresh("Err")
        module = [f"class {err}(ValueError):",
                  "    def __init__(self, code, *rest):",
                  "        super().__init__(code, *rest)",
                  "        self.code = code",
                  ""]
        raise_kind = self.pick([f"{err}({self.small()}, 'x')", "KeyError('k')", "IndexError()",
                                "ZeroDivisionError('z')", "None"])
        mode = self.pick(["from", "plain", "reraise", "finally_return", "nested"])
        body = [
            "log = []",
            "def risky(i):",
            "    try:",
            f"        if i == {self.small(0, 3)}:",
            f"            raise {raise_kind if raise_kind != 'None' else 'TypeError(i)'}",
            f"        if i == {self.small(0, 3)}:",
            "            return [][i]",
            "        log.append(('ok', i))",
            "    except (KeyError, IndexError) as e:",
            "        log.append(('lookup', type(e).__name__, str(e)))",
        ]
        if mode == "from":
            body += ["    except ValueError as e:",
                     "        raise RuntimeError('wrapped') from e"]
        elif mode == "reraise":
            body += ["    except ValueError:",
                     "        log.append('re')",
                     "        raise"]
        elif mode == "nested":
            body += ["    except Exception as e:",
                     "        try:",
                     "            raise LookupError(str(e))",
                     "        except LookupError as inner:",
                     "            log.append(('inner', str(inner), type(inner.__context__).__name__))"
                     if self.on("exception_cause_unset") else
                     "            log.append(('inner', str(inner)))"]
        else:
            body += ["    except Exception as e:",
                     "        log.append(('other', repr(e)))"]
        body += ["    else:",
                 "        log.append('else')",
                 "    finally:",
                 "        log.append(('finally', i))"]
        if mode == "finally_return":
            body += ["        if i == 2:", "            return 'from finally'"]
        body += ["    return 'end'",
                 f"for i in range({self.small(1, 5)}):",
                 "    try:",
                 "        print(risky(i))",
                 "    except Exception as e:",
                 "        cause = e.__cause__" if self.on("exception_cause_unset") else
                 "        cause = e.__cause__ if isinstance(e, RuntimeError) else None",
                 "        print('caught', type(e).__name__, e.args,",
                 "              type(cause).__name__ if cause is not None else None,",
                 "              getattr(cause, 'code', None))",
                 "print(log)",
                 f"print(issubclass({err}, Exception), isinstance({err}(1), ValueError), {err}(3).args)"]
        return Block("exceptions", "\n".join(module), body)

    # ---- classes with dunders -------------------------------------------

    def block_dunders(self):
        cls = self.fresh("Key")
        mutate = self.pick(["append", "clear", "none"])
        hash_expr = self.pick(["self.v", "0", "self.v % 3", "hash((self.v, 1))", "-1"])
        mutates_searched = self.on("eq_mutates_searched_list") and self.rng.random() < 0.5
        target = "SEARCHED" if mutates_searched else "LOG"
        stmt = {"append": f"{target}.append(0)", "clear": f"{target}.clear()",
                "none": "pass"}[mutate]
        module = [f"class {cls}:",
                  "    def __init__(self, v):",
                  "        self.v = v",
                  "    def __eq__(self, other):",
                  "        LOG.append(('eq', self.v))",
                  f"        if len({target}) < 6:",
                  f"            {stmt}",
                  f"        return isinstance(other, {cls}) and self.v == other.v",
                  "    def __hash__(self):",
                  "        HASHED.append(self.v)",
                  f"        return {hash_expr}",
                  "    def __lt__(self, other):",
                  "        # sorted's comparisons are CPython's choice, not logged",
                  "        return self.v < other.v",
                  "    def __len__(self):",
                  "        return abs(self.v) % 5",
                  "    def __repr__(self):",
                  "        LOG.append(('repr', self.v))",
                  f"        return '{cls}(' + repr(self.v) + ')'",
                  ""]
        vals = [self.small(-3, 5) for _ in range(self.small(1, 6))]
        probe = self.small(-3, 5)
        body = ["LOG.clear()", "SEARCHED.clear()", "HASHED.clear()",
                f"SEARCHED.extend([{cls}(v) for v in {lit(vals)}])",
                f"k = {cls}({probe})"]
        ops = ["print(k in SEARCHED, LOG)", "print(SEARCHED.count(k), len(LOG))",
               "print(SEARCHED.index(k) if k in SEARCHED else -1)",
               "d = {}\nfor x in SEARCHED:\n    d[x] = d.get(x, 0) + 1\nprint(d)\nLOG.clear()  # a dict's probes are CPython's choice",
               "print(sorted(SEARCHED), min(SEARCHED), max(SEARCHED))",
               "print(len(k), bool(k), repr(SEARCHED), str(k), LOG[-3:])",
               f"print(hash(k) == hash({cls}({probe})), {{k: 1}}.get(k), HASHED)",
               "s = {}\ns[k] = 1\ns[k] += 1\nprint(s, HASHED)",
               f"print({cls}({probe}) == k, {cls}({probe}) != k, k == {probe})",
               "if k in SEARCHED:\n    SEARCHED.remove(k)\nprint(SEARCHED)"]
        for _ in range(self.small(2, 5)):
            body.append(self.pick(ops))
        body.append("print(LOG)")
        return Block("dunders", "\n".join(module), body)

    # ---- lists ----------------------------------------------------------

    def block_lists(self):
        """List methods, and a while loop walking a list it shrinks and grows
        by index (defined, unlike a for loop over it)."""
        body = [f"xs = {lit([self.small(-5, 9) for _ in range(self.small(0, 8))])}"]
        for _ in range(self.small(3, 9)):
            i = self.pick([0, 1, -1, 3, -4, 100, -100, INT64_MAX, INT64_MIN])
            v = self.small(-5, 9)
            body.append(self.pick([
                f"xs.insert({lit(i)}, {v})", f"print(xs.pop({lit(i)}) if xs else 'empty')",
                f"xs.extend({lit([v, v + 1])})", "xs.reverse()",
                f"xs.sort(key=lambda x: (x % 3, -x), reverse={self.pick([True, False])})",
                f"print(xs.index({v}) if {v} in xs else None, xs.count({v}))",
                f"xs += [{v}] * {self.small(0, 3)}", f"xs = xs * {self.small(0, 2)} + [{v}]",
                f"print(xs[{lit(i)}] if -len(xs) <= {lit(i)} < len(xs) else None)",
                f"print(sum(xs), min(xs, default=None), max(xs, default={v}), sorted(xs)[:3])",
            ]))
            body.append("print(xs)")
        body += ["i = 0",
                 "while i < len(xs):",
                 f"    if xs[i] % {self.pick([2, 3])} == 0:",
                 "        xs.pop(i)",
                 "        continue",
                 f"    if xs[i] > {self.small(3, 8)} and len(xs) < 30:",
                 "        xs.insert(i + 1, xs[i] - 3)",
                 "    i += 1",
                 "print(xs, i)"]
        return Block("lists", "", self.guarded(body[:-9]) + body[-9:])

    # ---- dicts and enums ------------------------------------------------

    def block_dicts(self):
        keys = ["a", "b", "c", 1, 2, (1, 2), True, 0, -1]
        body = ["d = {}"]
        for _ in range(self.small(4, 12)):
            k = self.pick(keys)
            op = self.pick(["set", "set", "del", "pop", "setdefault", "update", "get", "in",
                            "reinsert"] + (["popitem"] if self.on("dict_popitem") else []))
            v = self.small(-9, 9)
            body.append({
                "set": f"d[{lit(k)}] = {v}",
                "del": f"if {lit(k)} in d:\n    del d[{lit(k)}]",
                "pop": f"print(d.pop({lit(k)}, 'none'))",
                "setdefault": f"print(d.setdefault({lit(k)}, {v}))",
                "update": f"d.update({{{lit(k)}: {v}, {lit(self.pick(keys))}: {v + 1}}})",
                "get": f"print(d.get({lit(k)}), d.get({lit(k)}, 'dflt'))",
                "in": f"print({lit(k)} in d, len(d))",
                "popitem": "if d:\n    print(d.popitem())",
                "reinsert": f"if {lit(k)} in d:\n    d[{lit(k)}] = d.pop({lit(k)})",
            }[op])
            body.append("print(d, list(d.keys()), list(d.values()))")
        body.append("print(dict(zip('xyz', range(3))), {**d, 'z': 0} == dict(d, z=0))")
        if self.on("dict_mutation_during_iteration") and self.rng.random() < 0.5:
            body += ["try:",
                     "    for k in d:",
                     "        d[str(k) + '!'] = 0",
                     "except RuntimeError as e:",
                     "    print('RuntimeError', e)",
                     "print(len(d))"]
        return Block("dicts", "", body)

    def block_enums(self):
        name = self.fresh("Color")
        base = self.pick(["Enum", "IntEnum"])
        values = self.pick([["1", "2", "3"], ["auto()", "auto()", "auto()"], ["10", "10", "20"],
                            ["0", "auto()", "5"]])
        if base == "Enum" and self.rng.random() < 0.3:
            values = ["'r'", "'g'", "'b'"]
        module = [f"class {name}({base}):",
                  f"    RED = {values[0]}",
                  f"    GREEN = {values[1]}",
                  f"    BLUE = {values[2]}",
                  "    def describe(self):",
                  "        return self.name.lower() + ':' + str(self.value)",
                  ""]
        body = [f"print(list({name}), len({name}), [m.name for m in {name}])",
                f"print({name}.RED, repr({name}.GREEN), {name}.BLUE.value, {name}['BLUE'])",
                f"print({name}.RED is {name}.GREEN, {name}.RED == {name}.RED, {name}.BLUE.describe())",
                f"print({name}({name}.BLUE.value), {name}.RED in {name}, f'{{{name}.RED}}')",
                f"d = {{{name}.RED: 'r', {name}.BLUE: 'b'}}",
                f"print(d[{name}.RED], {name}.GREEN in d, sorted(d.values()))"]
        if base == "IntEnum":
            body.append(f"print({name}.RED + 1, {name}.RED < {name}.BLUE, {name}.GREEN == {name}.GREEN.value, int({name}.BLUE))")
            if self.on("intenum_hash"):
                body.append(f"print(hash({name}.RED) == hash({name}.RED.value), {{{name}.RED.value: 1}}.get({name}.RED))")
        if self.on("enum_alias_by_name"):
            body.append(f"print({name}['GREEN'])")
        if self.on("enum_reassign"):
            body += ["try:", f"    {name}.RED = 5", "except AttributeError:", "    print('read-only')"]
        body.append(f"try:\n    {name}(12345)\nexcept ValueError as e:\n    print('ValueError', e)")
        return Block("enums", "\n".join(module), body)

    # ---- the program ----------------------------------------------------

    def block_iterators(self):
        """Iterator objects shared by their consumers, and live dict views."""
        xs = [self.small(-3, 9) for _ in range(self.small(0, 7))]
        keys = ["a", "b", 1, (1, 2), 0, True]
        d = {self.pick(keys): self.small(-5, 5) for _ in range(self.small(0, 4))}
        body = [f"xs = {lit(xs)}", f"d = {lit(d)}"]
        for _ in range(self.small(3, 7)):
            k, v = self.pick(keys), self.small(-5, 5)
            body += self.pick([
                ["it = iter(xs)",
                 f"print([next(it, 'end') for _ in range({self.small(0, 4)})], list(it), "
                 "next(it, None))"],
                ["it = iter(xs)", "print(list(zip(it, it)), list(it))"],
                [f"e = enumerate(xs, {self.small(-2, 3)})", "for i, x in e:",
                 f"    if x > {self.small(0, 6)}:", "        break", "print(list(e))"],
                ["ys = list(xs)", "out = []", "for y in reversed(ys):", "    out.append(y)",
                 f"    if y % 3 == 0 and ys:", "        ys.pop()", "print(out, ys)"],
                ["ks, vs, its = d.keys(), d.values(), d.items()", f"d[{lit(k)}] = {v}",
                 f"print(ks, vs, its, len(ks), {lit(k)} in ks, {v} in vs, "
                 f"({lit(k)}, {v}) in its, sorted(map(str, ks)))"],
                [f"view = d.{self.pick(['keys', 'values', 'items'])}()", "try:",
                 "    for x in view:", f"        d[str(x) + {lit(str(k))}] = {v}",
                 "except RuntimeError as e:", "    print('RuntimeError', e)", "print(len(d))"],
                [f"print(d.keys() == {lit(d)}.keys(), d.items() == dict(d).items(), "
                 "list(reversed(d.values())), tuple(d.items())[:2])"],
            ])
        return Block("iterators", "", body)

    BLOCKS = ["ints", "slices", "strings", "format", "closures", "loops", "exceptions",
              "dunders", "lists", "dicts", "enums", "iterators"]

    def program(self):
        blocks, overflows = [], []
        for _ in range(self.small(2, 5)):
            kind = self.pick(self.BLOCKS)
            if kind == "ints":
                block, over = self.block_ints()
                overflows += over
            else:
                block = getattr(self, f"block_{kind}")()
            blocks.append(block)
        if not overflows and self.rng.random() < 0.25:
            for _ in range(50):  # about one operation in five on these operands overflows
                text, _, over = self.int_binary()
                if over:
                    overflows.append(text)
                    break
        tail = self.pick(overflows) if overflows and self.rng.random() < 0.5 else None
        return Program(blocks, tail)


class Program:
    """Blocks and an optional overflow tail, rendered as a kernel file."""

    def __init__(self, blocks, tail):
        self.blocks, self.tail = blocks, tail

    def render(self):
        lines = ["from enum import Enum, IntEnum, auto", "", "import nki", "",
                 "LOG = []", "SEARCHED = []", "HASHED = []", ""]
        for i, b in enumerate(self.blocks):
            if b.module:
                lines += b.module.splitlines() + [""]
            lines.append(f"def block{i}():  # {b.kind}")
            for stmt in b.body:
                lines += ["    " + s for s in stmt.split("\n")]
            lines.append("")
        lines += ["", "@nki.jit", "def kernel():"]
        for i in range(len(self.blocks)):
            lines += ["    try:", f"        block{i}()", "    except Exception as e:",
                      f"        print('block{i} raised', type(e).__name__)"]
        if self.tail:
            lines.append(f"    print({self.tail})")
        else:
            lines.append("    pass")
        return "\n".join(lines) + "\n"

    def tail_line(self):
        """The 1-based line of the overflow tail in render()'s text."""
        return self.render().splitlines().index(f"    print({self.tail})") + 1

    def without(self, i):
        return Program(self.blocks[:i] + self.blocks[i + 1:], self.tail)

    def without_statement(self, i, j):
        b = self.blocks[i]
        smaller = Block(b.kind, b.module, b.body[:j] + b.body[j + 1:])
        return Program(self.blocks[:i] + [smaller] + self.blocks[i + 1:], self.tail)

    def without_tail(self):
        return Program(self.blocks, None)
