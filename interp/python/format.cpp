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
  char align = 0;          // < > ^ = or 0 for the type's default
  char sign = '-';
  bool alternate = false;
  int width = 0;
  char grouping = 0;
  int precision = -1;
  char type = 0;
};

// Widths and precisions beyond this are a mistake, not a layout.
constexpr int kMaxFormatWidth = 10000;

Spec parse_spec(const std::string& s) {
  Spec spec;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  const size_t fill_bytes = s.empty() ? 0 : text::char_bytes(s, 0);
  if (s.size() > fill_bytes && is_align(s[fill_bytes])) {
    spec.fill = s.substr(0, fill_bytes);
    spec.align = s[fill_bytes];
    i = fill_bytes + 1;
  } else if (!s.empty() && is_align(s[0])) {
    spec.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
  if (i < s.size() && s[i] == '#') {
    spec.alternate = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    if (!spec.align) {
      spec.fill = "0";
      spec.align = '=';
    }
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
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!read_int(spec.precision))
      throw ValueError("format specifier missing precision", "ValueError");
  }
  if (i < s.size()) spec.type = s[i++];
  if (i != s.size()) throw ValueError("invalid format specifier '" + s + "'", "ValueError");
  return spec;
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
      if (v < 0 || v > 0x10FFFF) throw ValueError("%c arg not in range(0x110000)");
      return pad("", text::chr(v), spec, '<');
    default:
      throw ValueError(
          std::string("Unknown format code '") + spec.type + "' for object of type 'int'",
          "ValueError");
  }
  if (spec.grouping) {
    body = group_digits(body, spec.grouping, spec.type == 0 || spec.type == 'd' ? 3 : 4);
  }
  if (spec.precision >= 0)
    throw ValueError("Precision not allowed in integer format specifier", "ValueError");
  return pad(sign_text(negative, spec) + (spec.alternate ? prefix : ""), body, spec, '>');
}

std::string format_float(double v, const Spec& spec) {
  char type = spec.type;
  if (std::isnan(v) || std::isinf(v)) {
    std::string body = std::isnan(v) ? "nan" : "inf";
    if (type == 'F' || type == 'E' || type == 'G') {
      for (char& c : body) c = static_cast<char>(std::toupper(c));
    }
    return pad(sign_text(std::signbit(v) && !std::isnan(v), spec), body, spec, '>');
  }
  const bool negative = std::signbit(v);
  const double mag = std::fabs(v);
  std::string body;
  char buf[kMaxFormatWidth + 400];
  if (type == 0 && spec.precision < 0) {
    body = repr_float(mag);
  } else if (type == '%') {
    std::snprintf(buf, sizeof buf, "%.*f", spec.precision < 0 ? 6 : spec.precision, mag * 100);
    body = std::string(buf) + "%";
  } else {
    const int precision = spec.precision < 0 ? 6 : spec.precision;
    std::string fmt = "%";
    if (spec.alternate) fmt += "#";
    fmt += ".*";
    fmt += type == 0 ? 'g' : (type == 'n' ? 'g' : type);
    if (type != 0 && type != 'n' && std::string("fFeEgG").find(type) == std::string::npos) {
      throw ValueError(std::string("Unknown format code '") + type + "' for object of type 'float'",
                       "ValueError");
    }
    std::snprintf(buf, sizeof buf, fmt.c_str(), precision, mag);
    body = buf;
    if (type == 0 && body.find_first_of(".e") == std::string::npos) body += ".0";
  }
  if (spec.grouping) {
    const size_t end = body.find_first_of(".e%");
    const std::string int_part = body.substr(0, end);
    body = group_digits(int_part, spec.grouping, 3) +
           (end == std::string::npos ? "" : body.substr(end));
  }
  return pad(sign_text(negative, spec), body, spec, '>');
}

}  // namespace

std::string format_value(const Value& v, const std::string& spec_text) {
  if (spec_text.empty()) return to_str(v);
  const Spec spec = parse_spec(spec_text);
  if (v.is<bool>() && spec.type == 0) return pad("", to_str(v), spec, '<');
  if (v.is<int64_t>() || v.is<bool>()) {
    if (spec.type && std::string("eEfFgG%").find(spec.type) != std::string::npos) {
      return format_float(to_number(v, ""), spec);
    }
    return format_int(to_int(v, ""), spec);
  }
  if (auto d = v.get<double>()) return format_float(*d, spec);
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a formatted value");
  if (spec.type != 0 && spec.type != 's') {
    throw ValueError(std::string("Unknown format code '") + spec.type + "' for object of type '" +
                         type_name(v) + "'",
                     "ValueError");
  }
  std::string str = to_str(v);
  if (spec.precision >= 0 && spec.precision < text::length(str)) {
    str = text::slice(str, rt::slice_span(0, spec.precision, 1, text::length(str)));
  }
  return pad("", str, spec, '<');
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
