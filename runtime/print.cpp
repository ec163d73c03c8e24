// NumPy's array printing (see print.h): the float rules of its
// FloatingFormat (positional or scientific for the whole array, shortest
// unique digits capped at 8 fractional digits, padding to a common width) and
// the line wrapping and summarization of its array2string.
#include "runtime/print.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>

#include "runtime/checked_int.h"
#include "runtime/dtype_traits.h"

namespace nkic::rt {
namespace {

// NumPy's defaults (np.get_printoptions()).
constexpr int kPrecision = 8;
constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
// Enough digits for the exact decimal expansion of any float32 value or
// midpoint between float32 values (the longest, near 2^-150, has ~110).
constexpr int kExactDigits = 200;

// The float formats whose shortest digits we compute.
enum class FloatKind { f32, f16 };

// A positive decimal d0.d1d2... x 10^exp; digits without trailing zeros.
struct Decimal {
  std::string digits;
  int exp = 0;
};

Decimal exact_decimal(double x) {
  char buf[kExactDigits + 16];
  std::snprintf(buf, sizeof buf, "%.*e", kExactDigits, x);
  Decimal d;
  const char* e = std::strchr(buf, 'e');
  d.digits = std::string(1, buf[0]) + std::string(buf + 2, static_cast<size_t>(e - (buf + 2)));
  d.exp = std::atoi(e + 1);
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

int compare(const Decimal& a, const Decimal& b) {
  if (a.exp != b.exp) return a.exp < b.exp ? -1 : 1;
  const size_t n = std::max(a.digits.size(), b.digits.size());
  for (size_t i = 0; i < n; ++i) {
    const char x = i < a.digits.size() ? a.digits[i] : '0';
    const char y = i < b.digits.size() ? b.digits[i] : '0';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

// Adds one unit in the last digit.
Decimal increment(Decimal d) {
  size_t i = d.digits.size();
  while (i > 0 && d.digits[i - 1] == '9') d.digits[--i] = '0';
  if (i == 0) {
    d.digits.insert(d.digits.begin(), '1');
    d.exp += 1;
  } else {
    ++d.digits[i - 1];
  }
  return d;
}

// x's exact digits rounded to n significant digits, half to even, zero-padded.
Decimal rounded(const Decimal& exact, size_t n) {
  Decimal t{exact.digits.substr(0, n), exact.exp};
  if (exact.digits.size() <= n) {
    t.digits.append(n - exact.digits.size(), '0');
    return t;
  }
  const std::string rest = exact.digits.substr(n);
  int half = rest[0] > '5' ? 1 : rest[0] < '5' ? -1 : 0;
  if (half == 0 && rest.find_first_not_of('0', 1) != std::string::npos) half = 1;
  if (half > 0 || (half == 0 && (t.digits.back() - '0') % 2 == 1)) t = increment(t);
  t.digits.resize(n, '0');
  return t;
}

Decimal trimmed(Decimal d) {
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

// The midpoints to the neighbouring values of the format: decimals strictly
// between them read back as x, and so do the midpoints themselves when x's
// mantissa is even (round half to even).
struct Interval {
  double lo, hi;
  bool inclusive;
};

Interval rounding_interval(double x, FloatKind kind) {
  double prev, next;
  bool even;
  if (kind == FloatKind::f32) {
    const float f = static_cast<float>(x);
    prev = std::nextafter(f, 0.0f);
    next = std::nextafter(f, INFINITY);
    even = (detail::float_bits(f) & 1u) == 0;
  } else {
    const uint16_t h = detail::float_to_half_bits(static_cast<float>(x));
    prev = detail::half_bits_to_float(static_cast<uint16_t>(h - 1));
    next = detail::half_bits_to_float(static_cast<uint16_t>(h + 1));
    even = (h & 1u) == 0;
  }
  if (std::isinf(next)) next = x + (x - prev);
  return {(x + prev) / 2, (x + next) / 2, even};
}

// The shortest digits that identify x (> 0) among values of its format (the
// closer of two candidates, ties to even), as NumPy's Dragon4 generates them:
// never fewer than `min_digits` digits, never more than `max_digits` (0: no
// limit), rounding half to even at the limit.
Decimal shortest(double x, FloatKind kind, int min_digits, int max_digits) {
  const Decimal exact = exact_decimal(x);
  const Interval range = rounding_interval(x, kind);
  const Decimal lo = exact_decimal(range.lo);
  const Decimal hi = exact_decimal(range.hi);
  const int bound = range.inclusive ? 0 : 1;  // how strictly a candidate must clear a bound
  for (int n = 1;; ++n) {
    const size_t un = static_cast<size_t>(n);
    Decimal t{exact.digits.substr(0, std::min(un, exact.digits.size())), exact.exp};
    const std::string rest = un < exact.digits.size() ? exact.digits.substr(un) : "";
    t.digits.resize(un, '0');
    const Decimal up = increment(t);
    const bool low_ok = compare(t, lo) >= bound;
    const bool high_ok = compare(hi, up) >= bound;
    const bool cutoff = max_digits > 0 && n >= max_digits;
    if (!cutoff && (n < min_digits || (!low_ok && !high_ok))) continue;
    if (low_ok && !high_ok) return trimmed(t);
    if (high_ok && !low_ok) return trimmed(up);
    // Both or neither: the closer one, ties to an even last digit.
    int half = rest.empty() ? -1 : (rest[0] > '5' ? 1 : rest[0] < '5' ? -1 : 0);
    if (half == 0 && rest.find_first_not_of('0', 1) != std::string::npos) half = 1;
    const bool round_up = half > 0 || (half == 0 && (t.digits.back() - '0') % 2 == 1);
    return trimmed(round_up ? up : t);
  }
}

struct Parts {
  std::string int_part;   // with the sign
  std::string frac_part;  // digits after the point
  int exp = 0;            // scientific only
};

// `precision` < 0: unique digits only (a scalar); otherwise at most that many
// fractional digits and, as NumPy's array printing asks with min_digits=0,
// every digit down to the units.
Parts positional(double v, FloatKind kind, int precision) {
  Parts p;
  const double a = std::fabs(v);
  const std::string sign = std::signbit(v) ? "-" : "";
  if (a == 0) {
    p.int_part = sign + "0";
    return p;
  }
  const Decimal first = exact_decimal(a);
  const int max_digits = precision < 0 ? 0 : std::max(1, first.exp + precision + 1);
  const int min_digits = precision < 0 ? 0 : first.exp + 1;
  const Decimal d = shortest(a, kind, min_digits, max_digits);
  const int n = static_cast<int>(d.digits.size());
  if (d.exp >= 0) {
    p.int_part = d.digits.substr(0, static_cast<size_t>(std::min(n, d.exp + 1)));
    p.int_part.append(static_cast<size_t>(std::max(0, d.exp + 1 - n)), '0');
    if (n > d.exp + 1) p.frac_part = d.digits.substr(static_cast<size_t>(d.exp + 1));
  } else {
    p.int_part = "0";
    p.frac_part = std::string(static_cast<size_t>(-d.exp - 1), '0') + d.digits;
  }
  p.int_part = sign + p.int_part;
  return p;
}

Parts scientific(double v, FloatKind kind, int precision) {
  Parts p;
  const double a = std::fabs(v);
  const std::string sign = std::signbit(v) ? "-" : "";
  Decimal d{"0", 0};
  if (a != 0) d = shortest(a, kind, 0, precision < 0 ? 0 : precision + 1);
  p.int_part = sign + d.digits.substr(0, 1);
  p.frac_part = d.digits.substr(1);
  p.exp = d.exp;
  return p;
}

std::string exponent_text(int exp, int min_digits) {
  std::string digits = std::to_string(std::abs(exp));
  if (static_cast<int>(digits.size()) < min_digits) {
    digits.insert(0, static_cast<size_t>(min_digits) - digits.size(), '0');
  }
  return std::string(exp < 0 ? "-" : "+") + digits;
}

std::string pad_left(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// NumPy's FloatingFormat with its defaults: one layout for all shown values.
class FloatFormat {
 public:
  FloatFormat(const std::vector<double>& values, FloatKind kind) : kind_(kind) {
    std::vector<double> finite;
    bool any_nonfinite = false, neg_inf = false;
    for (double v : values) {
      if (std::isfinite(v)) {
        finite.push_back(v);
      } else {
        any_nonfinite = true;
        neg_inf = neg_inf || (std::isinf(v) && v < 0);
      }
    }
    choose_exp_format(finite);
    if (!finite.empty() && exp_format_) {
      int exp_digits = 2;
      for (double v : finite) {
        const Parts p = scientific(v, kind_, kPrecision);
        precision_ = std::max(precision_, static_cast<int>(p.frac_part.size()));
        pad_left_ = std::max(pad_left_, static_cast<int>(p.int_part.size()));
        exp_digits = std::max(exp_digits, static_cast<int>(std::to_string(std::abs(p.exp)).size()));
      }
      exp_size_ = exp_digits;
      pad_right_ = exp_size_ + 2 + precision_;
    } else if (!finite.empty()) {
      for (double v : finite) {
        const Parts p = positional(v, kind_, kPrecision);
        pad_left_ = std::max(pad_left_, static_cast<int>(p.int_part.size()));
        pad_right_ = std::max(pad_right_, static_cast<int>(p.frac_part.size()));
      }
    }
    if (any_nonfinite) {
      const int offset = pad_right_ + 1;  // the point
      pad_left_ = std::max({pad_left_, 3 - offset, 3 + (neg_inf ? 1 : 0) - offset});
    }
  }

  std::string operator()(double v) const {
    if (!std::isfinite(v)) {
      const std::string text = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
      return pad_left(text, static_cast<size_t>(pad_left_ + pad_right_ + 1));
    }
    if (exp_format_) {
      Parts p = scientific(v, kind_, kPrecision);
      if (static_cast<int>(p.frac_part.size()) < precision_ && v != 0) {
        // NumPy shows the value's further digits, not zeros, up to the common precision.
        const Decimal d = rounded(exact_decimal(std::fabs(v)), static_cast<size_t>(precision_) + 1);
        p.int_part = (std::signbit(v) ? "-" : "") + d.digits.substr(0, 1);
        p.frac_part = d.digits.substr(1);
        p.exp = d.exp;
      }
      p.frac_part.append(static_cast<size_t>(precision_) - p.frac_part.size(), '0');
      return pad_left(p.int_part, static_cast<size_t>(pad_left_)) + "." + p.frac_part + "e" +
             exponent_text(p.exp, exp_size_);
    }
    const Parts p = positional(v, kind_, kPrecision);
    std::string frac = p.frac_part;
    frac.append(static_cast<size_t>(pad_right_) - frac.size(), ' ');
    return pad_left(p.int_part, static_cast<size_t>(pad_left_)) + "." + frac;
  }

 private:
  // Scientific when the magnitudes are huge, tiny or far apart. The ratio is
  // computed in the array's own precision, as NumPy divides its scalars.
  void choose_exp_format(const std::vector<double>& finite) {
    double max_val = 0, min_val = INFINITY;
    for (double v : finite) {
      if (v == 0) continue;
      max_val = std::max(max_val, std::fabs(v));
      min_val = std::min(min_val, std::fabs(v));
    }
    if (max_val == 0) return;
    double ratio = static_cast<float>(max_val) / static_cast<float>(min_val);
    if (kind_ == FloatKind::f16) {
      ratio = detail::half_bits_to_float(detail::float_to_half_bits(static_cast<float>(ratio)));
    }
    exp_format_ = max_val >= 1e8 || min_val < 0.0001 || ratio > 1000.0;
  }

  FloatKind kind_;
  bool exp_format_ = false;
  int pad_left_ = 0;
  int pad_right_ = 0;
  int precision_ = 0;  // scientific: fractional digits shown
  int exp_size_ = 2;
};

// What NumPy's str() of a float scalar prints (a 0-D array).
std::string scalar_float(double v, FloatKind kind) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  const double a = std::fabs(v);
  if (a == 0 || (a >= 1e-4 && a < 1e16)) {
    const Parts p = positional(v, kind, -1);
    return p.int_part + "." + (p.frac_part.empty() ? "0" : p.frac_part);
  }
  const Parts p = scientific(v, kind, -1);
  return p.int_part + (p.frac_part.empty() ? "" : "." + p.frac_part) + "e" +
         exponent_text(p.exp, 2);
}

using ElementFormat = std::function<std::string(int64_t)>;

// The flat indices NumPy shows: everything, or with summarization the first
// and last kEdgeItems along each long axis.
void shown_indices(const std::vector<int64_t>& shape, bool summarize, size_t axis, int64_t base,
                   const std::vector<int64_t>& strides, std::vector<int64_t>* out) {
  if (axis == shape.size()) {
    out->push_back(base);
    return;
  }
  const int64_t n = shape[axis];
  for (int64_t i = 0; i < n; ++i) {
    if (summarize && n > 2 * kEdgeItems && i == kEdgeItems) i = n - kEdgeItems;
    shown_indices(shape, summarize, axis + 1, base + i * strides[axis], strides, out);
  }
}

class ArrayPrinter {
 public:
  ArrayPrinter(const std::vector<int64_t>& shape, bool summarize, ElementFormat format)
      : shape_(shape), summarize_(summarize), format_(std::move(format)), strides_(shape.size()) {
    int64_t s = 1;
    for (size_t i = shape.size(); i-- > 0;) {
      strides_[i] = s;
      s *= shape[i];
    }
  }

  std::string print() const { return recurse(0, 0, " ", kLineWidth); }

 private:
  // Appends `word` to `line`, first moving to a new line when it would not
  // fit (unless the line holds nothing yet, where wrapping cannot help).
  static void extend(std::string* s, std::string* line, const std::string& word, size_t width,
                     const std::string& indent) {
    if (line->size() + word.size() > width && line->size() > indent.size()) {
      size_t end = line->find_last_not_of(' ');
      *s += line->substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
      *line = indent;
    }
    *line += word;
  }

  std::string recurse(size_t axis, int64_t base, const std::string& indent, int width) const {
    if (axis == shape_.size()) return format_(base);
    const std::string next_indent = indent + " ";
    const int next_width = width - 1;  // room for the closing bracket
    const int64_t len = shape_[axis];
    const bool summary = summarize_ && 2 * kEdgeItems < len;
    const int64_t leading = summary ? kEdgeItems : 0;
    const int64_t trailing = summary ? kEdgeItems : len;
    auto item = [&](int64_t i) {
      return recurse(axis + 1, base + i * strides_[axis], next_indent, next_width);
    };
    std::string s;
    if (axis + 1 == shape_.size()) {
      const size_t elem_width = static_cast<size_t>(width - 1);
      std::string line = indent;
      for (int64_t i = 0; i < leading; ++i) {
        extend(&s, &line, item(i), elem_width, indent);
        line += " ";
      }
      if (summary) {
        extend(&s, &line, "...", elem_width, indent);
        line += " ";
      }
      for (int64_t i = len - trailing; i < len - 1; ++i) {
        extend(&s, &line, item(i), elem_width, indent);
        line += " ";
      }
      extend(&s, &line, item(len - 1), elem_width, indent);
      s += line;
    } else {
      const std::string sep(shape_.size() - axis - 1, '\n');
      for (int64_t i = 0; i < leading; ++i) s += indent + item(i) + sep;
      if (summary) s += indent + "..." + sep;
      for (int64_t i = len - trailing; i < len - 1; ++i) s += indent + item(i) + sep;
      s += indent + item(len - 1);
    }
    return "[" + s.substr(indent.size()) + "]";
  }

  std::vector<int64_t> shape_;
  bool summarize_;
  ElementFormat format_;
  std::vector<int64_t> strides_;
};

// A packed element as its bits: 0x and the element read as a little-endian
// integer, in hex, every digit shown (0x7f7f7f7f): a float8 value per byte,
// a float4 value per digit, the first value the lowest.
std::string packed_bits(DType t, const std::byte* p) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out = "0x";
  for (size_t i = dtype_size(t); i-- > 0;) {
    const auto b = static_cast<unsigned>(p[i]);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

FloatKind float_kind(DType t) { return t == DType::float16 ? FloatKind::f16 : FloatKind::f32; }

}  // namespace

std::string format_array(DType dtype, const std::vector<int64_t>& shape, const std::byte* data) {
  const size_t esize = dtype_size(dtype);
  auto at = [&](int64_t i) { return data + i * static_cast<int64_t>(esize); };
  const int64_t size = checked_product(shape, "the element count of an array");

  if (is_packed(dtype)) {
    auto bits = [=](int64_t i) { return packed_bits(dtype, at(i)); };
    if (shape.empty()) return bits(0);
    if (size == 0) return "[]";
    return ArrayPrinter(shape, size > kThreshold, bits).print();
  }
  if (shape.empty()) {
    if (is_float(dtype)) return scalar_float(load_f64(dtype, data), float_kind(dtype));
    if (dtype == DType::bool_) return load_i64(dtype, data) ? "True" : "False";
    return std::to_string(load_i64(dtype, data));
  }
  if (size == 0) return "[]";

  const bool summarize = size > kThreshold;
  std::vector<int64_t> shown;
  std::vector<int64_t> strides(shape.size());
  for (int64_t s = 1, i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    strides[static_cast<size_t>(i)] = s;
    s *= shape[static_cast<size_t>(i)];
  }
  shown_indices(shape, summarize, 0, 0, strides, &shown);

  ElementFormat format;
  if (is_float(dtype)) {
    std::vector<double> values;
    for (int64_t i : shown) values.push_back(load_f64(dtype, at(i)));
    FloatFormat ff(values, float_kind(dtype));
    format = [=](int64_t i) { return ff(load_f64(dtype, at(i))); };
  } else if (dtype == DType::bool_) {
    format = [=](int64_t i) { return std::string(load_i64(dtype, at(i)) ? " True" : "False"); };
  } else {
    size_t width = 0;
    for (int64_t i : shown) width = std::max(width, std::to_string(load_i64(dtype, at(i))).size());
    format = [=](int64_t i) { return pad_left(std::to_string(load_i64(dtype, at(i))), width); };
  }
  return ArrayPrinter(shape, summarize, std::move(format)).print();
}

}  // namespace nkic::rt
