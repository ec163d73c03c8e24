// The format mini-language.
#include "interp/format.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace nkic::interp {

namespace {

struct Spec {
  char fill = ' ';
  char align = 0;  // < > ^ = or 0 for the type's default
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
  if (s.size() >= 2 && is_align(s[1])) {
    spec.fill = s[0];
    spec.align = s[1];
    i = 2;
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
      spec.fill = '0';
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
    if (!read_int(spec.precision)) throw ValueError("format specifier missing precision");
  }
  if (i < s.size()) spec.type = s[i++];
  if (i != s.size()) throw ValueError("invalid format specifier '" + s + "'");
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

std::string pad(const std::string& sign, const std::string& body, const Spec& spec,
                char default_align) {
  const char align = spec.align ? spec.align : default_align;
  const int len = static_cast<int>(sign.size() + body.size());
  if (spec.width <= len) return sign + body;
  const size_t n = static_cast<size_t>(spec.width - len);
  switch (align) {
    case '<':
      return sign + body + std::string(n, spec.fill);
    case '^':
      return std::string(n / 2, spec.fill) + sign + body + std::string(n - n / 2, spec.fill);
    case '=':
      return sign + std::string(n, spec.fill) + body;
    default:
      return std::string(n, spec.fill) + sign + body;
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
      return pad("", std::string(1, static_cast<char>(v)), spec, '<');
    default:
      throw ValueError(std::string("Unknown format code '") + spec.type +
                       "' for object of type 'int'");
  }
  if (spec.grouping) {
    body = group_digits(body, spec.grouping, spec.type == 0 || spec.type == 'd' ? 3 : 4);
  }
  if (spec.precision >= 0) throw ValueError("Precision not allowed in integer format specifier");
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
      throw ValueError(std::string("Unknown format code '") + type +
                       "' for object of type 'float'");
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
                     type_name(v) + "'");
  }
  std::string text = to_str(v);
  if (spec.precision >= 0 && static_cast<size_t>(spec.precision) < text.size()) {
    text.resize(static_cast<size_t>(spec.precision));
  }
  return pad("", text, spec, '<');
}

std::string format_string(const std::string& fmt, const ValueList& args,
                          const std::vector<std::pair<std::string, Value>>& kwargs) {
  std::string out;
  size_t auto_index = 0;
  for (size_t i = 0; i < fmt.size(); ++i) {
    const char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      throw ValueError("Single '}' encountered in format string");
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
    const size_t close = fmt.find('}', i);
    if (close == std::string::npos) throw ValueError("Single '{' encountered in format string");
    std::string field = fmt.substr(i + 1, close - i - 1);
    i = close;
    std::string spec;
    if (auto colon = field.find(':'); colon != std::string::npos) {
      spec = field.substr(colon + 1);
      field.resize(colon);
    }
    char conversion = 0;
    if (auto bang = field.find('!'); bang != std::string::npos) {
      conversion = bang + 1 < field.size() ? field[bang + 1] : 0;
      field.resize(bang);
    }
    const Value* arg = nullptr;
    if (field.empty() || std::isdigit(static_cast<unsigned char>(field[0]))) {
      const size_t index = field.empty() ? auto_index++ : std::stoul(field);
      if (index >= args.size()) {
        throw ValueError("Replacement index " + std::to_string(index) +
                         " out of range for positional args tuple");
      }
      arg = &args[index];
    } else {
      for (const auto& kv : kwargs) {
        if (kv.first == field) arg = &kv.second;
      }
      if (!arg) throw ValueError("format string names '" + field + "', which is not given");
    }
    if (conversion == 'r' || conversion == 'a') {
      out += format_value(Value(to_repr(*arg)), spec);
    } else if (conversion == 's') {
      out += format_value(Value(to_str(*arg)), spec);
    } else {
      out += format_value(*arg, spec);
    }
  }
  return out;
}

}  // namespace nkic::interp
