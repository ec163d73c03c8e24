// More methods of str, beyond python_methods.cpp's: affixes, case, padding,
// searching, partition and the character classes. Case follows ASCII; other
// code points are left as they are (kernel code compares names and formats
// messages, all ASCII). Character classes are Python's over Latin-1.
#include <algorithm>
#include <cctype>
#include <limits>

#include "interp/evaluator.h"
#include "interp/python/operators.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/text.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

const std::string& self(CallArgs& c) {
  return *c["self"].get<std::string>();
}

const std::string& arg(CallArgs& c, const char* name) {
  auto s = c[name].get<std::string>();
  if (!s) {
    throw ValueError(c.fn.name + "() argument must be str, not '" + type_name(c[name]) + "'",
                     "TypeError");
  }
  return *s;
}

bool starts(const std::string& s, const std::string& a) {
  return s.compare(0, a.size(), a) == 0;
}
bool ends(const std::string& s, const std::string& a) {
  return a.size() <= s.size() && s.compare(s.size() - a.size(), a.size(), a) == 0;
}

Value s_removeprefix(CallArgs& c) {
  const std::string& s = self(c);
  const std::string& a = arg(c, "prefix");
  return starts(s, a) ? s.substr(a.size()) : s;
}

Value s_removesuffix(CallArgs& c) {
  const std::string& s = self(c);
  const std::string& a = arg(c, "suffix");
  return !a.empty() && ends(s, a) ? s.substr(0, s.size() - a.size()) : s;
}

bool is_upper(char ch) {
  return std::isupper(static_cast<unsigned char>(ch)) != 0;
}
bool is_alpha(char ch) {
  return std::isalpha(static_cast<unsigned char>(ch)) != 0;
}
char upper(char ch) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
}
char lower(char ch) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
}

Value s_title(CallArgs& c) {
  std::string s = self(c);
  bool after_letter = false;
  for (char& ch : s) {
    ch = after_letter ? lower(ch) : upper(ch);
    after_letter = is_alpha(ch);
  }
  return s;
}

Value s_capitalize(CallArgs& c) {
  std::string s = self(c);
  for (size_t i = 0; i < s.size(); ++i) s[i] = i ? lower(s[i]) : upper(s[i]);
  return s;
}

// ASCII, as lower() is here (see the top of this file).
Value s_casefold(CallArgs& c) {
  std::string s = self(c);
  for (char& ch : s) ch = lower(ch);
  return s;
}

// Each tab up to the next multiple of tabsize columns; a newline or return
// restarts the column count, as CPython's.
Value s_expandtabs(CallArgs& c) {
  const std::string& s = self(c);
  const int64_t tabsize = to_int(c["tabsize"], "tabsize");
  std::string out;
  int64_t column = 0;
  for (size_t i = 0; i < s.size(); i += text::char_bytes(s, i)) {
    if (s[i] == '\t') {
      if (tabsize > 0) {
        const int64_t n = tabsize - column % tabsize;
        check_string_length(static_cast<int64_t>(out.size()) + n, "str.expandtabs result");
        out.append(static_cast<size_t>(n), ' ');
        column += n;
      }
      continue;
    }
    out.append(s, i, text::char_bytes(s, i));
    column = s[i] == '\n' || s[i] == '\r' ? 0 : column + 1;
  }
  charge_text(out.size());
  return out;
}

Value s_swapcase(CallArgs& c) {
  std::string s = self(c);
  for (char& ch : s) ch = is_upper(ch) ? lower(ch) : upper(ch);
  return s;
}

// Python's character classes for the code points of Latin-1 and the other
// whitespace; beyond those, a predicate is a located "not supported" error
// rather than a wrong answer (the README says so).
enum CharClass : unsigned {
  kAlpha = 1,
  kDecimal = 2,
  kDigit = 4,
  kNumeric = 8,
  kSpace = 16,
  kUpper = 32,
  kLower = 64,
};

unsigned latin1_class(unsigned cp) {
  if (cp >= '0' && cp <= '9') return kDecimal | kDigit | kNumeric;
  if ((cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)) return kAlpha | kUpper;
  if ((cp >= 'a' && cp <= 'z') || cp == 0xAA || cp == 0xB5 || cp == 0xBA ||
      (cp >= 0xDF && cp <= 0xFF && cp != 0xF7)) {
    return kAlpha | kLower;
  }
  if (cp == 0xB2 || cp == 0xB3 || cp == 0xB9) return kDigit | kNumeric;
  if (cp >= 0xBC && cp <= 0xBE) return kNumeric;
  if ((cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0) {
    return kSpace;
  }
  return 0;
}

unsigned char_class(CallArgs& c, unsigned cp) {
  if (cp <= 0xFF) return latin1_class(cp);
  if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
      cp == 0x202F || cp == 0x205F || cp == 0x3000) {
    return kSpace;
  }
  throw ValueError("str." + c.fn.name + "() of a character beyond Latin-1 ('" + text::chr(cp) +
                   "') is not supported");
}

// The classes of self's code points, one by one.
std::vector<unsigned> classes(CallArgs& c) {
  const std::string& s = self(c);
  charge_text(s.size());
  std::vector<unsigned> out;
  for (size_t i = 0; i < s.size(); i += text::char_bytes(s, i)) {
    const auto cp = static_cast<unsigned>(text::ord(std::string_view(s).substr(i, text::char_bytes(s, i))));
    out.push_back(char_class(c, cp));
  }
  return out;
}

// Some code point, and each in one of `wanted`.
template <unsigned Wanted>
Value all_chars(CallArgs& c) {
  const std::vector<unsigned> k = classes(c);
  return !k.empty() && std::all_of(k.begin(), k.end(), [](unsigned x) { return (x & Wanted) != 0; });
}

// isupper/islower: some cased character, and none of the other case.
Value cased(CallArgs& c, bool want_upper) {
  bool any = false;
  for (unsigned x : classes(c)) {
    if (x & (want_upper ? kLower : kUpper)) return false;
    any = any || (x & (want_upper ? kUpper : kLower));
  }
  return any;
}
Value s_isupper(CallArgs& c) {
  return cased(c, true);
}
Value s_islower(CallArgs& c) {
  return cased(c, false);
}

int64_t pad_width(CallArgs& c) {
  const int64_t w = to_int(c["width"], "width");
  check_string_length(w, "padded string");
  return w;
}

std::string fill_char(CallArgs& c) {
  const std::string& f = arg(c, "fillchar");
  if (text::length(f) != 1) {
    throw ValueError("The fill character must be exactly one character long", "TypeError");
  }
  return f;
}

std::string repeat(const std::string& f, int64_t n) {
  std::string out;
  for (int64_t i = 0; i < n; ++i) out += f;
  return out;
}

// Pads to `width` code points: mode 0 centres (with CPython's split of an
// odd padding), 1 pads on the right (ljust), 2 on the left (rjust).
Value pad(CallArgs& c, int mode) {
  const std::string& s = self(c);
  const int64_t width = pad_width(c);
  const std::string f = fill_char(c);
  const int64_t n = text::length(s);
  if (width <= n) return s;
  const int64_t padding = width - n;
  int64_t left = 0;
  if (mode == 0) left = padding / 2 + (padding & width & 1);
  if (mode == 2) left = padding;
  charge_text(static_cast<size_t>(width));
  return repeat(f, left) + s + repeat(f, padding - left);
}
Value s_center(CallArgs& c) {
  return pad(c, 0);
}
Value s_ljust(CallArgs& c) {
  return pad(c, 1);
}
Value s_rjust(CallArgs& c) {
  return pad(c, 2);
}

Value s_zfill(CallArgs& c) {
  std::string s = self(c);
  const int64_t width = pad_width(c);
  const int64_t n = text::length(s);
  if (width <= n) return s;
  const size_t sign = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
  s.insert(sign, std::string(static_cast<size_t>(width - n), '0'));
  return s;
}

// The part of self that find, rfind, index, rindex and count search: their
// optional start and end (ints or None) as code point indices.
struct Window {
  std::string_view text;  // empty and not `found` when start lies past end
  int64_t first = 0;      // the code point index text starts at
  bool valid = true;
};

int64_t bound(const Value& v, int64_t if_none) {
  if (v.is_none()) return if_none;
  if (!v.is<int64_t>() && !v.is<bool>()) {
    throw ValueError("slice indices must be integers or None or have an __index__ method",
                     "TypeError");
  }
  return to_int(v, "slice indices");
}

Window window(CallArgs& c) {
  const std::string& s = self(c);
  charge_text(s.size());
  const int64_t start = bound(c["start"], 0);
  const int64_t end = bound(c["end"], std::numeric_limits<int64_t>::max());
  const auto [from, to] = text::byte_window(s, start, end);
  if (from > to) return {{}, 0, false};
  return {std::string_view(s).substr(from, to - from), text::index_of_offset(s, from), true};
}

// The code point index of sub in self's window (from the right when asked), or -1.
int64_t search(CallArgs& c, bool from_right) {
  const Window w = window(c);
  const std::string& sub = arg(c, "sub");
  if (!w.valid) return -1;
  const size_t hit = from_right ? w.text.rfind(sub) : text::find(w.text, sub);
  return hit == std::string::npos ? -1 : w.first + text::index_of_offset(w.text, hit);
}

Value s_find(CallArgs& c) {
  return search(c, false);
}
Value s_rfind(CallArgs& c) {
  return search(c, true);
}

Value found(int64_t index) {
  if (index < 0) throw ValueError("substring not found", "ValueError");
  return index;
}
Value s_index(CallArgs& c) {
  return found(search(c, false));
}
Value s_rindex(CallArgs& c) {
  return found(search(c, true));
}

Value s_count(CallArgs& c) {
  const Window w = window(c);
  const std::string& sub = arg(c, "sub");
  if (!w.valid) return int64_t{0};
  if (sub.empty()) return text::length(w.text) + 1;
  int64_t n = 0;
  for (size_t pos = text::find(w.text, sub); pos != std::string::npos;
       pos = text::find(w.text, sub, pos + sub.size())) {
    ++n;
  }
  return n;
}

Value partition(CallArgs& c, bool from_right) {
  const std::string& s = self(c);
  const std::string& sep = arg(c, "sep");
  if (sep.empty()) throw ValueError("empty separator", "ValueError");
  const size_t hit = from_right ? s.rfind(sep) : text::find(s, sep);
  if (hit == std::string::npos) {
    return from_right ? make_tuple({"", "", s}) : make_tuple({s, "", ""});
  }
  return make_tuple({s.substr(0, hit), sep, s.substr(hit + sep.size())});
}
Value s_partition(CallArgs& c) {
  return partition(c, false);
}
Value s_rpartition(CallArgs& c) {
  return partition(c, true);
}

Value s_rsplit(CallArgs& c) {
  const std::string& s = self(c);
  charge_text(s.size());
  int64_t maxsplit = to_int(c["maxsplit"], "maxsplit");
  ValueList out;
  if (c["sep"].is_none()) {
    size_t end = s.size();
    while (true) {
      while (end > 0 && text::space_before(s, end)) end -= text::space_before(s, end);
      if (end == 0) break;
      if (maxsplit == 0) {
        // The rest keeps its leading whitespace, as CPython's does.
        out.emplace_back(s.substr(0, end));
        break;
      }
      size_t b = end;
      while (b > 0 && !text::space_before(s, b)) {
        --b;
        while (b > 0 && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80) --b;
      }
      out.emplace_back(s.substr(b, end - b));
      --maxsplit;
      end = b;
    }
  } else {
    const std::string& sep = arg(c, "sep");
    if (sep.empty()) throw ValueError("empty separator", "ValueError");
    size_t end = s.size();
    while (maxsplit != 0 && end >= sep.size()) {
      const size_t hit = s.rfind(sep, end - sep.size());
      if (hit == std::string::npos) break;
      out.emplace_back(s.substr(hit + sep.size(), end - hit - sep.size()));
      end = hit;
      --maxsplit;
    }
    out.emplace_back(s.substr(0, end));
  }
  std::reverse(out.begin(), out.end());
  return make_list(std::move(out));
}

// The bytes of the line boundary at s[i], or 0: Python's are \n, \r (and
// \r\n), \v, \f, \x1c, \x1d, \x1e, \x85, \u2028 and \u2029.
size_t line_break(const std::string& s, size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  if (b == '\r' && i + 1 < s.size() && s[i + 1] == '\n') return 2;
  if (b == '\n' || b == '\r' || b == '\v' || b == '\f' || (b >= 0x1c && b <= 0x1e)) return 1;
  if (s.compare(i, 2, "\xc2\x85") == 0) return 2;
  if (s.compare(i, 3, "\xe2\x80\xa8") == 0 || s.compare(i, 3, "\xe2\x80\xa9") == 0) return 3;
  return 0;
}

Value s_splitlines(CallArgs& c) {
  const std::string& s = self(c);
  charge_text(s.size());
  const bool keep = truthy(c["keepends"]);
  ValueList out;
  size_t start = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t n = line_break(s, i);
    if (n == 0) {
      i += text::char_bytes(s, i);
      continue;
    }
    out.emplace_back(s.substr(start, (keep ? i + n : i) - start));
    i += n;
    start = i;
  }
  if (start < s.size()) out.emplace_back(s.substr(start));
  return make_list(std::move(out));
}

}  // namespace

const std::vector<BuiltinPtr>& more_str_methods() {
  static const std::vector<BuiltinPtr> methods = [] {
    const Value none;
    const Value space(" ");
    return std::vector<BuiltinPtr>{
        python_fn("removeprefix", {req("self"), req("prefix")}, s_removeprefix),
        python_fn("removesuffix", {req("self"), req("suffix")}, s_removesuffix),
        python_fn("title", {req("self")}, s_title),
        python_fn("capitalize", {req("self")}, s_capitalize),
        python_fn("swapcase", {req("self")}, s_swapcase),
        python_fn("casefold", {req("self")}, s_casefold),
        python_fn("expandtabs", {req("self"), opt("tabsize", int64_t{8})}, s_expandtabs),
        python_fn("isalpha", {req("self")}, all_chars<kAlpha>),
        python_fn("isalnum", {req("self")}, all_chars<kAlpha | kDecimal | kDigit | kNumeric>),
        python_fn("isspace", {req("self")}, all_chars<kSpace>),
        python_fn("isdecimal", {req("self")}, all_chars<kDecimal>),
        python_fn("isdigit", {req("self")}, all_chars<kDigit>),
        python_fn("isnumeric", {req("self")}, all_chars<kNumeric>),
        python_fn("isupper", {req("self")}, s_isupper),
        python_fn("islower", {req("self")}, s_islower),
        python_fn("center", {req("self"), req("width"), opt("fillchar", space)}, s_center),
        python_fn("ljust", {req("self"), req("width"), opt("fillchar", space)}, s_ljust),
        python_fn("rjust", {req("self"), req("width"), opt("fillchar", space)}, s_rjust),
        python_fn("zfill", {req("self"), req("width")}, s_zfill),
        python_fn("find", {req("self"), req("sub"), opt("start", none), opt("end", none)}, s_find),
        python_fn("count", {req("self"), req("sub"), opt("start", none), opt("end", none)}, s_count),
        python_fn("rfind", {req("self"), req("sub"), opt("start", none), opt("end", none)}, s_rfind),
        python_fn("index", {req("self"), req("sub"), opt("start", none), opt("end", none)}, s_index),
        python_fn("rindex", {req("self"), req("sub"), opt("start", none), opt("end", none)}, s_rindex),
        python_fn("partition", {req("self"), req("sep")}, s_partition),
        python_fn("rpartition", {req("self"), req("sep")}, s_rpartition),
        python_fn("rsplit", {req("self"), opt("sep", none), opt("maxsplit", int64_t{-1})},
                  s_rsplit),
        python_fn("splitlines", {req("self"), opt("keepends", false)}, s_splitlines),
    };
  }();
  return methods;
}

}  // namespace nkic::interp
