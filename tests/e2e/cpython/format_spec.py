# The format mini-language's whole grammar against Python's rules per type:
# [[fill]align][sign][z][#][0][width][grouping][.precision][type], zero
# padding that is grouped, a float with a precision and no type, '#' on
# floats, 'n', inf and nan with '%', every ValueError a spec can raise, and
# the TypeError of a spec for None, a list, a tuple or a dict.
import nki


def show(spec, value):
    try:
        print(repr(spec), repr(spec.format(value)))
    except (ValueError, OverflowError, TypeError) as e:
        print(repr(spec), type(e).__name__, e)


@nki.jit
def kernel():
    # Zero padding after the sign groups the zeros too; other fills do not.
    for spec, v in [("{:07,}", 5), ("{:08,}", 5), ("{:<08,}", 5), ("{:0=8,}", 5), ("{:x=8,}", 5),
                    ("{:08_x}", 255), ("{:010,.2f}", 1234.5), ("{:08,}", -5), ("{:07,}", -1234),
                    ("{:06,}", 1234), ("{:#010_b}", 5), ("{:=+08,}", 5), ("{:08,}", float("-inf"))]:
        show(spec, v)
    # A float with a precision and no type; '#'; '%'; 'n'; grouping and exponents.
    for spec, v in [("{:.1}", 3.25), ("{:.3}", 100.0), ("{:.0}", 3.25), ("{:.3}", 12.0),
                    ("{:.3}", 123.4), ("{:.2}", 12.0), ("{:.2}", 0.0001), ("{:.2}", 0.00001),
                    ("{:.5}", 1e-5), ("{:.17}", 0.1), ("{:,.2}", 12345.0), ("{:,.6}", 12345.0),
                    ("{:#.0%}", 1), ("{:#.1}", 3.25), ("{:#.1}", 1.0), ("{:#g}", 1.0), ("{:#}", 1.0),
                    ("{:#e}", 1.0), ("{:#.0e}", 1.0), ("{:#.0f}", 1.0), ("{:%}", float("inf")),
                    ("{:.2%}", float("nan")), ("{:,%}", float("inf")), ("{:05}", float("inf")),
                    ("{:08.3%}", -0.5), ("{:_%}", 1.0), ("{:,e}", 1.0), ("{:_.3e}", 12345.0),
                    ("{:,G}", 1e-7), ("{:,g}", 1e20), ("{:,}", 1234567.891), ("{:n}", 12345),
                    ("{:.3n}", 1234.5), ("{:#n}", 5), ("{:#n}", 5.0), ("{:=5n}", 5),
                    ("{:=5n}", -5.0), ("{:05n}", -5)]:
        show(spec, v)
    # 'z', alignment defaults, bools as ints, str's '0' flag, 'c'.
    for spec, v in [("{:z.1f}", -0.01), ("{:z}", -0.0), ("{:z.0f}", -0.3), ("{:z.1%}", -0.0001),
                    ("{:05}", "ab"), ("{:<05}", 3), ("{:=5}", -5), ("{:#x}", -5),
                    ("{:^#9x}", 255), ("{:_o}", 123456), ("{:#_x}", 10**6), ("{:5.2s}", "abc"),
                    ("{:5}", True), ("{:d}", True), ("{}", True), ("{:<5c}", 65), ("{:.1}", "abc")]:
        show(spec, v)
    # Each combination Python refuses, with its message.
    for spec, v in [("{:_n}", 5), ("{:,n}", 5.0), ("{:=5}", "ab"), ("{:+}", "ab"), ("{:#}", "ab"),
                    ("{:,}", "ab"), ("{:z}", "a"), ("{:,c}", 65), ("{:+c}", 65), ("{:#c}", 65),
                    ("{:.2c}", 65), ("{:,x}", 5), ("{:_c}", 5), ("{:,s}", "a"), ("{:xx}", 5),
                    ("{:,_}", 5), ("{:_,}", 5), ("{:,,}", 5), ("{:z}", 5), ("{:.1d}", 1),
                    ("{:c}", -1), ("{:Q}", 1.5), ("{:.}", 1.5), ("{:5.2fx}", 1.5)]:
        show(spec, v)
    for spec, v in [("{:>5}", None), ("{:xx}", [1]), ("{:5}", (1, 2)), ("{:}", {1: 2}),
                    ("{!r:>8}", None), ("{}", [1])]:
        show(spec, v)
    print(f"{None!s:>6}|", format([1, 2]), format(None, ""))
