// Reading and writing NumPy .npy files (see npy.h). The header is a Python
// dict literal; we parse the small subset NumPy writes (strings, booleans,
// tuples of integers) with keys in any order.
#include "runtime/npy.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "runtime/checked_int.h"
#include "runtime/machine.h"

namespace nkic::rt {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
// Data starts at a multiple of this, as NumPy aligns it.
constexpr size_t kHeaderAlign = 64;
// np.save leaves room in the header for dim 0 to grow to this many digits
// (so a file can be appended to in place); we do the same, so our files are
// byte-identical to NumPy's.
constexpr size_t kGrowthAxisDigits = 21;
// A version 1 header length is a u16.
constexpr size_t kMaxV1HeaderSize = 65535;

[[noreturn]] void fail(const std::string& path, const std::string& message) {
  throw Error(path + ": " + message);
}

[[noreturn]] void malformed(const std::string& path, const std::string& why) {
  fail(path, "not a .npy file: " + why);
}

// One value of the header dict.
struct HeaderValue {
  enum class Kind { string, boolean, tuple, other } kind = Kind::other;
  std::string text;              // string; the raw text for `other`
  bool flag = false;             // boolean
  std::vector<int64_t> numbers;  // tuple
};

class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& path) : s_(text), path_(path) {}

  std::map<std::string, HeaderValue> parse_dict() {
    std::map<std::string, HeaderValue> out;
    skip_ws();
    expect('{');
    for (;;) {
      skip_ws();
      if (peek() == '}') break;
      const std::string key = parse_string();
      skip_ws();
      expect(':');
      skip_ws();
      out[key] = parse_value();
      skip_ws();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() != '}') error("expected ',' or '}'");
    }
    ++pos_;
    skip_ws();
    if (pos_ != s_.size()) error("unexpected text after the dict");
    return out;
  }

 private:
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skip_ws() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\t' ||
                                s_[pos_] == '\r' || s_[pos_] == '\0')) {
      ++pos_;
    }
  }
  [[noreturn]] void error(const std::string& why) const {
    malformed(path_, "malformed header (" + why + " at column " + std::to_string(pos_ + 1) +
                         "): " + std::string(s_));
  }
  void expect(char c) {
    if (peek() != c) error(std::string("expected '") + c + "'");
    ++pos_;
  }

  std::string parse_string() {
    const char quote = peek();
    if (quote != '\'' && quote != '"') error("expected a string");
    ++pos_;
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != quote) {
      if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ++pos_;
      out += s_[pos_++];
    }
    expect(quote);
    return out;
  }

  int64_t parse_int() {
    const size_t start = pos_;
    int64_t v = 0;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s_[pos_] - '0', &v)) {
        error("dimension too large");
      }
      ++pos_;
    }
    if (pos_ == start) error("expected a non-negative integer");
    if (peek() == 'L') ++pos_;  // Python 2's long suffix
    return v;
  }

  HeaderValue parse_value() {
    HeaderValue v;
    const char c = peek();
    if (c == '\'' || c == '"') {
      v.kind = HeaderValue::Kind::string;
      v.text = parse_string();
    } else if (s_.substr(pos_, 4) == "True" || s_.substr(pos_, 5) == "False") {
      v.kind = HeaderValue::Kind::boolean;
      v.flag = s_[pos_] == 'T';
      pos_ += v.flag ? 4 : 5;
    } else if (c == '(') {
      v.kind = HeaderValue::Kind::tuple;
      ++pos_;
      for (;;) {
        skip_ws();
        if (peek() == ')') break;
        v.numbers.push_back(parse_int());
        skip_ws();
        if (peek() == ',') ++pos_;
        else if (peek() != ')') error("expected ',' or ')' in the shape");
      }
      ++pos_;
    } else {
      skip_other(&v.text);
    }
    return v;
  }

  // Skips a value we do not interpret (a list of fields, a number), keeping its text.
  void skip_other(std::string* text) {
    const size_t start = pos_;
    int depth = 0;
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (c == '\'' || c == '"') {
        parse_string();
        continue;
      }
      if (c == '[' || c == '(' || c == '{') ++depth;
      if (c == ']' || c == ')' || c == '}') {
        if (depth == 0) break;
        --depth;
      }
      if (c == ',' && depth == 0) break;
      ++pos_;
    }
    if (pos_ == start) error("expected a value");
    *text = std::string(s_.substr(start, pos_ - start));
  }

  std::string_view s_;
  const std::string& path_;
  size_t pos_ = 0;
};

const HeaderValue& require(const std::map<std::string, HeaderValue>& dict, const std::string& key,
                           HeaderValue::Kind kind, const std::string& path) {
  auto it = dict.find(key);
  if (it == dict.end()) malformed(path, "header has no '" + key + "'");
  if (it->second.kind != kind) {
    if (key == "descr") fail(path, "unsupported dtype " + it->second.text + " (structured arrays are not supported)");
    malformed(path, "header has a malformed '" + key + "'");
  }
  return it->second;
}

// The width of raw (void) elements, as ml_dtypes writes its float8 arrays
// (`|V1`) and we the packed dtypes (`|V4`, `|V2`); 0 for other descriptors.
size_t raw_bytes_descr(const std::string& descr) {
  if (descr.size() != 3 || (descr[0] != '|' && descr[0] != '<' && descr[0] != '=') ||
      descr[1] != 'V') {
    return 0;
  }
  return descr[2] == '1' || descr[2] == '2' || descr[2] == '4' ? size_t(descr[2] - '0') : 0;
}

// The file's dtype, or `as` when given: the file's elements reinterpreted
// bit for bit, which needs them to be as wide.
DType parse_descr(const std::string& descr, const std::string& path, std::optional<DType> as) {
  const std::optional<DType> t = dtype_from_npy_descr(descr);
  if (as) {
    const size_t size = t ? dtype_size(*t) : raw_bytes_descr(descr);
    if (size == dtype_size(*as)) return *as;
    if (size != 0) {
      fail(path, "holds " + std::to_string(size) + "-byte elements ('" + descr + "'), but " +
                     std::string(dtype_name(*as)) + " has " + std::to_string(dtype_size(*as)) +
                     "-byte elements");
    }
  }
  if (t) return *t;
  if (raw_bytes_descr(descr) == 1) {
    fail(path, "holds one-byte raw values ('" + descr +
                   "'), as float8 arrays are written: name their dtype after the path, as in "
                   "@PATH.npy:float8_e4m3 (or float8_e4m3fn, float8_e5m2, float8_e8m0fnu)");
  }
  if (raw_bytes_descr(descr) == 4) {
    fail(path,
         "holds four-byte raw values ('" + descr +
             "'), as packed float8 arrays are written: name their dtype after the path, as in "
             "@PATH.npy:float8_e4m3fn_x4 (or float8_e5m2_x4)");
  }
  if (!descr.empty() && descr[0] == '>') {
    fail(path, "big-endian data ('" + descr + "') is not supported");
  }
  fail(path, "unsupported dtype '" + descr + "'");
}

uint32_t read_le(const std::string& bytes, size_t at, size_t n) {
  uint32_t v = 0;
  for (size_t i = 0; i < n; ++i) {
    v |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  }
  return v;
}

std::string shape_tuple(const std::vector<int64_t>& shape) {
  if (shape.size() == 1) return "(" + std::to_string(shape[0]) + ",)";
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + ")";
}

}  // namespace

NpyArray parse_npy(const std::string& bytes, const std::string& path, std::optional<DType> as) {
  if (bytes.size() < kMagicSize + 2 || bytes.compare(0, kMagicSize, kMagic, kMagicSize) != 0) {
    malformed(path, "bad magic");
  }
  const int major = static_cast<unsigned char>(bytes[kMagicSize]);
  const int minor = static_cast<unsigned char>(bytes[kMagicSize + 1]);
  if (major < 1 || major > 3) {
    malformed(path, "unsupported format version " + std::to_string(major) + "." +
                        std::to_string(minor));
  }
  const size_t len_size = major == 1 ? 2 : 4;
  const size_t header_start = kMagicSize + 2 + len_size;
  if (bytes.size() < header_start) malformed(path, "header is truncated");
  const size_t header_len = read_le(bytes, kMagicSize + 2, len_size);
  if (bytes.size() - header_start < header_len) malformed(path, "header is truncated");

  HeaderParser parser(std::string_view(bytes).substr(header_start, header_len), path);
  const std::map<std::string, HeaderValue> dict = parser.parse_dict();
  const HeaderValue& descr = require(dict, "descr", HeaderValue::Kind::string, path);
  const HeaderValue& fortran = require(dict, "fortran_order", HeaderValue::Kind::boolean, path);
  const HeaderValue& shape = require(dict, "shape", HeaderValue::Kind::tuple, path);

  NpyArray array;
  array.dtype = parse_descr(descr.text, path, as);
  array.shape = shape.numbers;
  if (static_cast<int64_t>(array.shape.size()) > kMaxTensorDims) {
    malformed(path, "more than " + std::to_string(kMaxTensorDims) + " dimensions");
  }
  const std::optional<int64_t> count = product_if_fits(array.shape);
  if (!count) malformed(path, "shape is too large");
  if (fortran.flag && array.shape.size() > 1) {
    fail(path, "Fortran-ordered arrays are not supported");
  }
  int64_t expected = 0;
  if (__builtin_mul_overflow(*count, static_cast<int64_t>(dtype_size(array.dtype)), &expected)) {
    malformed(path, "shape is too large");
  }
  const size_t found = bytes.size() - header_start - header_len;
  if (found < static_cast<uint64_t>(expected)) {
    fail(path, "file is truncated: expected " + std::to_string(expected) + " data bytes, found " +
                   std::to_string(found));
  }
  if (found > static_cast<uint64_t>(expected)) {
    fail(path, "file has " + std::to_string(found - static_cast<uint64_t>(expected)) +
                   " bytes after the " + std::to_string(expected) + " data bytes");
  }
  array.data.resize(static_cast<size_t>(expected));
  if (expected > 0) {  // an empty array's data() may be null, which memcpy must not get
    std::memcpy(array.data.data(), bytes.data() + header_start + header_len,
                static_cast<size_t>(expected));
  }
  return array;
}

NpyArray read_npy(const std::string& path, std::optional<DType> as) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) fail(path, std::string("cannot read: ") + std::strerror(errno));
  return parse_npy(buf.str(), path, as);
}

std::string serialize_npy(const NpyArray& array) {
  std::string header = "{'descr': '" + std::string(dtype_npy_descr(array.dtype)) +
                       "', 'fortran_order': False, 'shape': " + shape_tuple(array.shape) + ", }";
  if (!array.shape.empty()) {
    const size_t digits = std::to_string(array.shape[0]).size();
    if (digits < kGrowthAxisDigits) header.append(kGrowthAxisDigits - digits, ' ');
  }
  const bool v1 = header.size() + kHeaderAlign < kMaxV1HeaderSize;
  const size_t prefix = kMagicSize + 2 + (v1 ? 2 : 4);
  const size_t unpadded = prefix + header.size() + 1;  // +1 for the closing newline
  header.append((kHeaderAlign - unpadded % kHeaderAlign) % kHeaderAlign, ' ');
  header += '\n';

  std::string out(kMagic, kMagicSize);
  out += static_cast<char>(v1 ? 1 : 2);
  out += '\0';
  const size_t len = header.size();
  for (size_t i = 0; i < (v1 ? 2u : 4u); ++i) out += static_cast<char>((len >> (8 * i)) & 0xff);
  out += header;
  out.append(reinterpret_cast<const char*>(array.data.data()), array.data.size());
  return out;
}

void write_npy(const std::string& path, const NpyArray& array) {
  const std::string bytes = serialize_npy(array);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) fail(path, std::string("cannot write: ") + std::strerror(errno));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) fail(path, std::string("cannot write: ") + std::strerror(errno));
}

}  // namespace nkic::rt
