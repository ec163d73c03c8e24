// printf-style formatting, `"%5.2f of %s" % (x, name)`, as Python's str %
// does it: conversions d i u o x X e E f F g G c r s a and %%, the flags
// - + space # 0, a width and a precision (either may be *), and %(key)s
// taking its value from a dict. Each conversion becomes a spec of the format
// mini-language (format.h), which does the work.
#include "interp/python/percent_format.h"

#include <cmath>
#include <cstdio>
#include <string_view>

#include "interp/python/format.h"
#include "interp/python/operators.h"
#include "interp/python/rounding.h"

namespace nkic::interp {

namespace {

[[noreturn]] void type_error(const std::string& message) {
  throw ValueError(message, "TypeError");
}

class PercentFormatter {
 public:
  PercentFormatter(const std::string& fmt, const Value& args) : fmt_(fmt), args_(args) {
    if (auto t = args.get<Value::Tuple>()) {
      items_ = **t;
    } else {
      items_.push_back(args);
    }
    mapping_ = args.get<Value::Dict>() ? args.get<Value::Dict>()->get() : nullptr;
  }

  std::string run() {
    std::string out;
    while (pos_ < fmt_.size()) {
      const size_t next = fmt_.find('%', pos_);
      out.append(fmt_, pos_, next == std::string::npos ? std::string::npos : next - pos_);
      if (next == std::string::npos) break;
      pos_ = next + 1;
      out += conversion();
    }
    if (!used_key_ && next_ < items_.size() && !(mapping_ && items_.size() == 1)) {
      type_error("not all arguments converted during string formatting");
    }
    return out;
  }

 private:
  char peek() const { return pos_ < fmt_.size() ? fmt_[pos_] : '\0'; }

  const Value& next_arg() {
    if (next_ >= items_.size()) type_error("not enough arguments for format string");
    return items_[next_++];
  }

  // A width or precision: digits, or * taking the next argument.
  std::string number() {
    if (peek() == '*') {
      ++pos_;
      const Value& v = next_arg();
      if (!v.is<int64_t>() && !v.is<bool>()) type_error("* wants int");
      return std::to_string(to_int(v, "*"));
    }
    std::string digits;
    while (std::isdigit(static_cast<unsigned char>(peek()))) digits += fmt_[pos_++];
    return digits;
  }

  std::string conversion() {
    std::optional<Value> keyed;
    if (peek() == '(') {
      const size_t close = fmt_.find(')', pos_);
      if (close == std::string::npos) throw ValueError("incomplete format key", "ValueError");
      if (!mapping_) type_error("format requires a mapping");
      const Value key(fmt_.substr(pos_ + 1, close - pos_ - 1));
      const Value* v = mapping_->find(key);
      if (!v) throw KeyMissing(key);
      keyed = *v;
      used_key_ = true;
      pos_ = close + 1;
    }
    std::string flags;
    while (std::string_view("-+ #0").find(peek()) != std::string_view::npos && peek()) {
      flags += fmt_[pos_++];
    }
    std::string width = number();
    if (!width.empty() && width[0] == '-') {
      flags += '-';
      width.erase(0, 1);
    }
    std::string precision;
    if (peek() == '.') {
      ++pos_;
      precision = number();
      if (precision.empty()) precision = "0";
    }
    while (peek() == 'h' || peek() == 'l' || peek() == 'L') ++pos_;
    if (pos_ >= fmt_.size()) throw ValueError("incomplete format", "ValueError");
    const size_t at = pos_;
    const char type = fmt_[pos_++];
    if (type == '%') return "%";
    if (std::string_view("diuoxXeEfFgGcrsa").find(type) == std::string_view::npos) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%x", static_cast<unsigned char>(type));
      throw ValueError(std::string("unsupported format character '") + type + "' (" + code +
                           ") at index " + std::to_string(at),
                       "ValueError");
    }
    const Value v = keyed ? *keyed : next_arg();
    return convert(type, flags, width, precision, v);
  }

  static bool has(const std::string& flags, char f) { return flags.find(f) != std::string::npos; }

  // d o x X as printf's, with Python's rules: the precision is a minimum of
  // digits, '#' adds 0o/0x/0X, and '0' pads with zeros after the sign and
  // prefix, with or without a precision ('%09.2i' % 1 is 000000001).
  static std::string integer(char t, const std::string& flags, const std::string& width,
                             const std::string& precision, int64_t n) {
    const uint64_t mag = n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
    char buf[32];
    std::snprintf(buf, sizeof buf, t == 'd' ? "%llu" : t == 'o' ? "%llo" : t == 'x' ? "%llx" : "%llX",
                  static_cast<unsigned long long>(mag));
    std::string digits = buf;
    const size_t min_digits = precision.empty() ? 0 : static_cast<size_t>(std::stoll(precision));
    check_string_length(static_cast<int64_t>(min_digits), "formatted number");
    if (digits.size() < min_digits) digits.insert(0, min_digits - digits.size(), '0');
    std::string lead = n < 0 ? "-" : has(flags, '+') ? "+" : has(flags, ' ') ? " " : "";
    if (has(flags, '#') && t != 'd') lead += t == 'o' ? "0o" : t == 'x' ? "0x" : "0X";
    const int64_t w = width.empty() ? 0 : std::stoll(width);
    check_string_length(w, "formatted number");
    const int64_t n_pad = w - static_cast<int64_t>(lead.size() + digits.size());
    if (n_pad <= 0) return lead + digits;
    const std::string padding(static_cast<size_t>(n_pad), has(flags, '0') && !has(flags, '-') ? '0' : ' ');
    if (has(flags, '-')) return lead + digits + padding;
    if (has(flags, '0')) return lead + padding + digits;
    return padding + lead + digits;
  }

  static std::string convert(char type, const std::string& flags, const std::string& width,
                             const std::string& precision, const Value& v) {
    const bool left = has(flags, '-');
    std::string spec = left ? "<" : "";
    auto text_spec = [&](const std::string& s) {
      return format_value(
          Value(s), (left ? "<" : ">") + width + (precision.empty() ? "" : "." + precision) + "s");
    };
    switch (type) {
      case 's':
        return text_spec(to_str(v));
      case 'r':
        return text_spec(to_repr(v));
      case 'a':
        return text_spec(to_ascii(v));
      case 'c': {
        if (auto s = v.get<std::string>(); s && s->size() == 1) return text_spec(*s);
        if (!v.is<int64_t>())
          type_error("%c requires an int or a unicode character, not " + type_name(v));
        return format_value(v, (left ? "<" : ">") + width + "c");
      }
      default:
        break;
    }
    if (!is_number(v)) {
      const bool integral = std::string_view("diuoxX").find(type) != std::string_view::npos;
      type_error(
          std::string("%") + type + " format: " +
          (integral && type != 'd' && type != 'i' && type != 'u' ? "an integer" : "a real number") +
          " is required, not " + type_name(v));
    }
    if (has(flags, '+')) {
      spec += '+';
    } else if (has(flags, ' ')) {
      spec += ' ';
    }
    if (has(flags, '#')) spec += '#';
    if (has(flags, '0') && !left) spec += '0';
    spec += width;
    Value arg = v;
    char t = type == 'i' || type == 'u' ? 'd' : type;
    if (t == 'd' || t == 'o' || t == 'x' || t == 'X') {
      if (auto d = v.get<double>()) {
        if (t != 'd')
          type_error(std::string("%") + type + " format: an integer is required, not float");
        if (!std::isfinite(*d))
          throw ValueError("cannot convert float to integer", "OverflowError");
        arg = Value(truncate_to_int(*d));  // int()'s rules, to the int64 limits
      }
      if (v.is<bool>()) arg = Value(to_int(v, ""));
      return integer(t, flags, width, precision, to_int(arg, ""));
    } else {
      arg = Value(to_number(v, ""));
      spec += "." + (precision.empty() ? std::string("6") : precision);
    }
    return format_value(arg, spec + t);
  }

  const std::string& fmt_;
  const Value& args_;
  ValueList items_;
  const DictObj* mapping_ = nullptr;
  size_t pos_ = 0;
  size_t next_ = 0;
  bool used_key_ = false;
};

}  // namespace

std::string percent_format(const std::string& fmt, const Value& args) {
  return PercentFormatter(fmt, args).run();
}

}  // namespace nkic::interp
