// Python's int() of a float and round(), over our 64-bit ints: exact at the
// int64 limits, rounding half to even on the exact binary value as CPython
// does, and an OverflowError (a ValueError) where CPython would return an int
// that does not fit in 64 bits.
#pragma once

#include <cstdint>

namespace nkic::interp {

// int(x): x truncated toward zero.
int64_t truncate_to_int(double x);

// round(x): the nearest int, ties to even.
int64_t round_to_int(double x);

// round(x, ndigits) for an int x: x itself when ndigits >= 0, else the
// nearest multiple of 10**-ndigits, ties to even (round(15, -1) == 20).
int64_t round_int(int64_t x, int64_t ndigits);

// round(x, ndigits) for a float: the double nearest to x rounded to ndigits
// decimal places (negative: to a multiple of 10**-ndigits).
double round_float(double x, int64_t ndigits);

}  // namespace nkic::interp
