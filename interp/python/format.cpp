// The format mini-language.
#include "interp/python/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>

#include "interp/python/operators.h"
#include "interp/python/text.h"

namespace nkic::interp {

namespace {

struct Spec {
  std::string fill = " ";  // one code point
  bool fill_given = false;
  char align = 0;  // < > ^ = or 0 for the type's default
  char sign = 0;   // + - space, or 0 when not given
  bool no_negative_zero = false;  // 'z'
  bool alternate = false;
  bool zero_flag = false;  // a '0' before the width, with no alignment given
  int width = 0;
  char grouping = 0;
  int precision = -1;
  char type = 0;
};

// Widths and precisions beyond this are a mistake, not a layout.
constexpr int kMaxFormatWidth = 10000;

[[noreturn]] void spec_error(const std::string& message) {
  throw ValueError(message, "ValueError");
}

// The type code as Python's messages show it.
std::string code_text(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%x", static_cast<unsigned char>(c));
  return buf;
}

// Python's grammar: [[fill]align][sign][z][#][0][width][grouping][.precision][type].
Spec parse_spec(const std::string& s, const std::string& type_name) {
  Spec spec;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  const size_t fill_bytes = s.empty() ? 0 : text::char_bytes(s, 0);
  if (s.size() > fill_bytes && is_align(s[fill_bytes])) {
    spec.fill = s.substr(0, fill_bytes);
    spec.fill_given = true;
    spec.align = s[fill_bytes];
    i = fill_bytes + 1;
  } else if (!s.empty() && is_align(s[0])) {
    spec.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
  if (i < s.size() && s[i] == 'z') {
    spec.no_negative_zero = true;
    ++i;
  }
  if (i < s.size() && s[i] == '#') {
    spec.alternate = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    if (!spec.fill_given) spec.fill = "0";
    if (!spec.align) spec.zero_flag = true;
    ++i;
  }
  auto read_int = [&](int& out) {
    int v = 0;
    bool any = false;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      v = v * 10 + (s[i++] - '0');
      if (v > kMaxFormatWidth) throw ValueError("format width or precision too large");
      any = true;
    }
    if (any) out = v;
    return any;
  };
  read_int(spec.width);
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) spec.grouping = s[i++];
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) {
    if (s[i] == spec.grouping) spec_error(std::string("Cannot specify '") + s[i] + "' with '" + s[i] + "'.");
    spec_error("Cannot specify both ',' and '_'.");
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!read_int(spec.precision)) spec_error("Format specifier missing precision");
  }
  if (s.size() - i > 1) {
    spec_error("Invalid format specifier '" + s + "' for object of type '" + type_name + "'");
  }
  if (i < s.size()) spec.type = s[i++];
  if (spec.grouping) {
    const bool decimal = spec.type == 0 || std::string("deEfFgG%").find(spec.type) != std::string::npos;
    const bool binary = std::string("boxX").find(spec.type) != std::string::npos;
    if (!decimal && !(binary && spec.grouping == '_')) {
      spec_error(std::string("Cannot specify '") + spec.grouping + "' with '" +
                 code_text(spec.type) + "'.");
    }
  }
  return spec;
}

// Digits between every separator: 3, or 4 in binary, octal and hex.
int group_size(const Spec& spec) {
  return std::string("boxX").find(spec.type) != std::string::npos && spec.type ? 4 : 3;
}

std::string group_digits(const std::string& digits, char sep, int every) {
  std::string out;
  const int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % every == 0) out += sep;
    out += digits[static_cast<size_t>(i)];
  }
  return out;
}

// `n` copies of the fill.
std::string fill(const Spec& spec, int64_t n) {
  std::string out;
  for (int64_t k = 0; k < n; ++k) out += spec.fill;
  return out;
}

// Widths count code points, as Python's do.
std::string pad(const std::string& sign, const std::string& body, const Spec& spec,
                char default_align) {
  const char align = spec.align ? spec.align : default_align;
  const int64_t len = text::length(sign) + text::length(body);
  if (spec.width <= len) return sign + body;
  const int64_t n = spec.width - len;
  switch (align) {
    case '<':
      return sign + body + fill(spec, n);
    case '^':
      return fill(spec, n / 2) + sign + body + fill(spec, n - n / 2);
    case '=':
      return sign + fill(spec, n) + body;
    default:
      return fill(spec, n) + sign + body;
  }
}

// A number: its sign (and prefix), its integer digits, and the rest (fraction,
// exponent, '%'). Grouping separates the integer digits; padding with zeros
// after the sign groups the padding too, as Python does ('{:08,}' is 0,000,005).
std::string pad_number(const std::string& sign, std::string digits, const std::string& rest,
                       const Spec& spec) {
  const char align = spec.align ? spec.align : (spec.zero_flag ? '=' : '>');
  if (spec.grouping) {
    const int every = group_size(spec);
    if (align == '=' && spec.fill == "0") {
      const int64_t want = spec.width - text::length(sign) - text::length(rest);
      auto grouped_length = [every](int64_t n) { return n + (n - 1) / every; };
      int64_t n = static_cast<int64_t>(digits.size());
      while (grouped_length(n) < want) ++n;
      digits.insert(0, static_cast<size_t>(n) - digits.size(), '0');
    }
    digits = group_digits(digits, spec.grouping, every);
  }
  Spec layout = spec;
  layout.align = align;
  return pad(sign, digits + rest, layout, '>');
}

std::string sign_text(bool negative, const Spec& spec) {
  if (negative) return "-";
  if (spec.sign == '+') return "+";
  if (spec.sign == ' ') return " ";
  return "";
}

std::string to_base(uint64_t v, int base, bool upper) {
  if (v == 0) return "0";
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out;
  while (v) {
    out.insert(out.begin(), digits[v % static_cast<uint64_t>(base)]);
    v /= static_cast<uint64_t>(base);
  }
  return out;
}

std::string format_int(int64_t v, const Spec& spec) {
  const bool negative = v < 0;
  const uint64_t mag = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string body, prefix;
  switch (spec.type) {
    case 0:
    case 'd':
    case 'n':
      body = to_base(mag, 10, false);
      break;
    case 'x':
      body = to_base(mag, 16, false);
      prefix = "0x";
      break;
    case 'X':
      body = to_base(mag, 16, true);
      prefix = "0X";
      break;
    case 'o':
      body = to_base(mag, 8, false);
      prefix = "0o";
      break;
    case 'b':
      body = to_base(mag, 2, false);
      prefix = "0b";
      break;
    case 'c':
      break;
    default:
      spec_error("Unknown format code '" + code_text(spec.type) + "' for object of type 'int'");
  }
  if (spec.precision >= 0) spec_error("Precision not allowed in integer format specifier");
  if (spec.no_negative_zero) {
    spec_error("Negative zero coercion (z) not allowed in integer format specifier");
  }
  if (spec.type == 'c') {
    if (spec.sign) spec_error("Sign not allowed with integer format specifier 'c'");
    if (spec.alternate) spec_error("Alternate form (#) not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10FFFF) throw ValueError("%c arg not in range(0x110000)", "OverflowError");
    return pad_number("", text::chr(v), "", spec);
  }
  return pad_number(sign_text(negative, spec) + (spec.alternate ? prefix : ""), body, "", spec);
}

// Strips the zeros ending a mantissa's fraction, and then a bare point.
std::string strip_fraction_zeros(std::string mantissa) {
  if (mantissa.find('.') == std::string::npos) return mantissa;
  while (mantissa.back() == '0') mantissa.pop_back();
  if (mantissa.back() == '.') mantissa.pop_back();
  return mantissa;
}

// No type with a precision: 'g', but exponent notation already where the
// fixed form would need no fraction, and ".0" added to a fixed integer
// ('{:.1}'.format(3.25) is 3e+00, '{:.3}'.format(12.0) is 12.0), as Python.
std::string general_with_point(double mag, int precision, bool alternate) {
  const int p = precision == 0 ? 1 : precision;
  char buf[kMaxFormatWidth + 400];
  std::snprintf(buf, sizeof buf, alternate ? "%#.*e" : "%.*e", p - 1, mag);
  const std::string exp_form = buf;
  const size_t e = exp_form.find('e');
  const int exponent = std::stoi(exp_form.substr(e + 1));
  if (exponent < -4 || exponent >= p - 1) {
    const std::string mantissa = exp_form.substr(0, e);
    return (alternate ? mantissa : strip_fraction_zeros(mantissa)) + exp_form.substr(e);
  }
  std::snprintf(buf, sizeof buf, alternate ? "%#.*g" : "%.*g", p, mag);
  std::string body = buf;
  if (body.find('.') == std::string::npos) body += ".0";
  return body;
}

std::string float_body(double mag, const Spec& spec) {
  const char type = spec.type == 'n' ? 'g' : spec.type;
  if (type != 0 && std::string("fFeEgG%").find(type) == std::string::npos) {
    spec_error("Unknown format code '" + code_text(type) + "' for object of type 'float'");
  }
  if (type == 0 && spec.precision < 0) return repr_float(mag);
  if (type == 0) return general_with_point(mag, spec.precision, spec.alternate);
  const int precision = spec.precision < 0 ? 6 : spec.precision;
  char buf[kMaxFormatWidth + 400];
  const std::string fmt = std::string(spec.alternate ? "%#.*" : "%.*") + (type == '%' ? 'f' : type);
  std::snprintf(buf, sizeof buf, fmt.c_str(), precision, type == '%' ? mag * 100 : mag);
  return std::string(buf) + (type == '%' ? "%" : "");
}

std::string format_float(double v, const Spec& spec) {
  const bool negative = std::signbit(v) && !std::isnan(v);
  if (std::isnan(v) || std::isinf(v)) {
    float_body(1.0, spec);  // an unknown type code is an error for these too
    std::string body = std::isnan(v) ? "nan" : "inf";
    if (spec.type == 'F' || spec.type == 'E' || spec.type == 'G') {
      for (char& c : body) c = static_cast<char>(std::toupper(c));
    }
    if (spec.type == '%') body += '%';
    Spec layout = spec;
    layout.grouping = 0;
    return pad_number(sign_text(negative, spec), body, "", layout);
  }
  const std::string body = float_body(std::fabs(v), spec);
  // 'z': a negative value rounded to zero prints as zero.
  const bool rounded_to_zero =
      body.substr(0, body.find_first_of("eE")).find_first_of("123456789") == std::string::npos;
  const size_t end = body.find_first_of(".eE%");
  const std::string digits = body.substr(0, end);
  const std::string rest = end == std::string::npos ? "" : body.substr(end);
  return pad_number(sign_text(negative && !(spec.no_negative_zero && rounded_to_zero), spec),
                    digits, rest, spec);
}

// A str: no sign, 'z', '#', '=' or grouping, as Python's str.__format__.
std::string format_text(std::string str, const Spec& spec) {
  if (spec.sign) spec_error("Sign not allowed in string format specifier");
  if (spec.no_negative_zero) {
    spec_error("Negative zero coercion (z) not allowed in string format specifier");
  }
  if (spec.alternate) spec_error("Alternate form (#) not allowed in string format specifier");
  if (spec.align == '=') spec_error("'=' alignment not allowed in string format specifier");
  if (spec.grouping) spec_error(std::string("Cannot specify '") + spec.grouping + "' with 's'.");
  if (spec.precision >= 0 && spec.precision < text::length(str)) {
    str = text::slice(str, rt::slice_span(0, spec.precision, 1, text::length(str)));
  }
  return pad("", str, spec, '<');
}

}  // namespace

std::string format_value(const Value& v, const std::string& spec_text) {
  if (spec_text.empty()) return to_str(v);
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a formatted value");
  // These take only an empty spec, as object.__format__ does.
  if (v.is_none() || v.is<Value::List>() || v.is<Value::Tuple>() || v.is<Value::Dict>()) {
    throw ValueError("unsupported format string passed to " + type_name(v) + ".__format__",
                     "TypeError");
  }
  const bool number = v.is<int64_t>() || v.is<bool>() || v.is<double>();
  const Spec spec = parse_spec(spec_text, number ? type_name(v) : "str");
  if (v.is<int64_t>() || v.is<bool>()) {
    if (spec.type && std::string("eEfFgG%").find(spec.type) != std::string::npos) {
      return format_float(to_number(v, ""), spec);
    }
    return format_int(to_int(v, ""), spec);
  }
  if (auto d = v.get<double>()) return format_float(*d, spec);
  if (spec.type != 0 && spec.type != 's') {
    spec_error("Unknown format code '" + code_text(spec.type) + "' for object of type '" +
               type_name(v) + "'");
  }
  return format_text(to_str(v), spec);
}

namespace {

// The value a replacement field names: arg_name ("[" index "]")*, where
// arg_name is empty (the next automatic index), digits, or a keyword, and an
// index of digits is an int (else a str key), as in Python.
class FieldResolver {
 public:
  FieldResolver(const ValueList& args, const KwArgs& kwargs) : args_(args), kwargs_(kwargs) {}

  Value resolve(const std::string& field) {
    const size_t end = field.find_first_of(".[");
    Value v = argument(field.substr(0, end));
    for (size_t i = end; i != std::string::npos && i < field.size();) {
      if (field[i] == '.') {
        throw ValueError("attributes in format fields ('" + field + "') are not supported");
      }
      const size_t close = field.find(']', i);
      if (close == std::string::npos) throw ValueError("Missing ']' in format string");
      const std::string key = field.substr(i + 1, close - i - 1);
      if (key.empty()) throw ValueError("Empty attribute in format string");
      v = element(v, key);
      i = close + 1;
      if (i < field.size() && field[i] != '.' && field[i] != '[') {
        throw ValueError("Only '.' or '[' may follow ']' in format field specifier");
      }
    }
    return v;
  }

 private:
  static bool all_digits(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
  }

  static int64_t number(const std::string& digits) {
    int64_t n = 0;
    for (char c : digits) {
      if (__builtin_mul_overflow(n, 10, &n) || __builtin_add_overflow(n, c - '0', &n)) {
        throw ValueError("Too many decimal digits in format string");
      }
    }
    return n;
  }

  Value argument(const std::string& name) {
    if (name.empty() || all_digits(name)) {
      const bool automatic = name.empty();
      if (numbering_ && *numbering_ != automatic) {
        throw ValueError(automatic ? "cannot switch from manual field specification to "
                                     "automatic field numbering"
                                   : "cannot switch from automatic field numbering to manual "
                                     "field specification");
      }
      numbering_ = automatic;
      const int64_t index = automatic ? next_++ : number(name);
      if (index >= static_cast<int64_t>(args_.size())) {
        throw ValueError("Replacement index " + std::to_string(index) +
                             " out of range for positional args tuple",
                         "IndexError");
      }
      return args_[static_cast<size_t>(index)];
    }
    for (const auto& kv : kwargs_) {
      if (kv.first == name) return kv.second;
    }
    throw KeyMissing(Value(name));
  }

  static Value element(const Value& v, const std::string& key) {
    if (auto d = v.get<Value::Dict>()) {
      const Value k = all_digits(key) ? Value(number(key)) : Value(key);
      if (const Value* hit = (*d)->find(k)) return *hit;
      throw KeyMissing(k);
    }
    if (!all_digits(key)) {
      throw ValueError(type_name(v) + " indices must be integers, not 'str'", "TypeError");
    }
    const int64_t i = number(key);
    if (auto s = v.get<std::string>()) {
      if (i >= text::length(*s))
        throw ValueError("IndexError: string index out of range", "IndexError");
      return text::at(*s, i);
    }
    if (auto items = sequence_items(v)) {
      if (i >= static_cast<int64_t>(items->size())) {
        throw ValueError("IndexError: " + type_name(v) + " index out of range", "IndexError");
      }
      return (*items)[static_cast<size_t>(i)];
    }
    throw ValueError("'" + type_name(v) + "' object is not subscriptable", "TypeError");
  }

  const ValueList& args_;
  const KwArgs& kwargs_;
  std::optional<bool> numbering_;  // automatic (true) or manual, once a field says
  int64_t next_ = 0;
};

// The end of the replacement field that opens at fmt[open]: its matching
// '}', counting braces nested in its format spec.
size_t field_end(const std::string& fmt, size_t open) {
  int depth = 0;
  for (size_t i = open; i < fmt.size(); ++i) {
    if (fmt[i] == '{') ++depth;
    if (fmt[i] == '}' && --depth == 0) return i;
  }
  throw ValueError("expected '}' before end of string", "ValueError");
}

std::string format_with(const std::string& fmt, FieldResolver& fields, int depth);

std::string replacement(std::string field, FieldResolver& fields, int depth) {
  std::string spec;
  // The spec starts at the first ':' outside brackets ({0[a:b]} indexes by 'a:b').
  size_t colon = std::string::npos, bang = std::string::npos;
  for (size_t k = 0, bracket = 0; k < field.size(); ++k) {
    if (field[k] == '[') ++bracket;
    if (field[k] == ']' && bracket) --bracket;
    if (bracket) continue;
    if (field[k] == '!' && bang == std::string::npos) bang = k;
    if (field[k] == ':') {
      colon = k;
      break;
    }
  }
  if (colon != std::string::npos) {
    spec = field.substr(colon + 1);
    field.resize(colon);
  }
  char conversion = 0;
  if (bang != std::string::npos && bang < field.size()) {
    if (bang + 2 != field.size()) throw ValueError("expected ':' after conversion specifier");
    conversion = field[bang + 1];
    if (conversion != 'r' && conversion != 's' && conversion != 'a') {
      throw ValueError(std::string("Unknown conversion specifier ") + conversion);
    }
    field.resize(bang);
  }
  // The field's own argument first, then those nested in its spec, as Python.
  const Value arg = fields.resolve(field);
  if (spec.find('{') != std::string::npos) {
    if (depth >= 1) throw ValueError("Max string recursion exceeded");
    spec = format_with(spec, fields, depth + 1);
  }
  if (conversion == 'r') return format_value(Value(to_repr(arg)), spec);
  if (conversion == 'a') return format_value(Value(to_ascii(arg)), spec);
  if (conversion == 's') return format_value(Value(to_str(arg)), spec);
  return format_value(arg, spec);
}

std::string format_with(const std::string& fmt, FieldResolver& fields, int depth) {
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    const char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      throw ValueError("Single '}' encountered in format string", "ValueError");
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    const size_t close = field_end(fmt, i);
    out += replacement(fmt.substr(i + 1, close - i - 1), fields, depth);
    check_string_length(static_cast<int64_t>(out.size()), "str.format result");
    i = close;
  }
  return out;
}

}  // namespace

std::string format_string(const std::string& fmt, const ValueList& args, const KwArgs& kwargs) {
  FieldResolver fields(args, kwargs);
  return format_with(fmt, fields, 0);
}

}  // namespace nkic::interp
