// The operators of user classes, through their dunder methods (see
// user_dunders.h), and which instances hash.
#include "interp/python/user_dunders.h"

namespace nkic::interp {

namespace {

using ast::BinOpKind;
using ast::CmpOpKind;
using ast::UnaryOpKind;

struct DunderNames {
  const char* forward;
  const char* reflected;
  const char* inplace;
};

DunderNames names_of(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add:
      return {"__add__", "__radd__", "__iadd__"};
    case BinOpKind::Sub:
      return {"__sub__", "__rsub__", "__isub__"};
    case BinOpKind::Mul:
      return {"__mul__", "__rmul__", "__imul__"};
    case BinOpKind::MatMul:
      return {"__matmul__", "__rmatmul__", "__imatmul__"};
    case BinOpKind::Div:
      return {"__truediv__", "__rtruediv__", "__itruediv__"};
    case BinOpKind::FloorDiv:
      return {"__floordiv__", "__rfloordiv__", "__ifloordiv__"};
    case BinOpKind::Mod:
      return {"__mod__", "__rmod__", "__imod__"};
    case BinOpKind::Pow:
      return {"__pow__", "__rpow__", "__ipow__"};
    case BinOpKind::LShift:
      return {"__lshift__", "__rlshift__", "__ilshift__"};
    case BinOpKind::RShift:
      return {"__rshift__", "__rrshift__", "__irshift__"};
    case BinOpKind::BitOr:
      return {"__or__", "__ror__", "__ior__"};
    case BinOpKind::BitXor:
      return {"__xor__", "__rxor__", "__ixor__"};
    case BinOpKind::BitAnd:
      return {"__and__", "__rand__", "__iand__"};
  }
  return {"", "", ""};
}

const ClassObj* class_of(const Value& v) {
  auto i = v.get<Value::Instance>();
  return i && (*i)->cls ? (*i)->cls.get() : nullptr;
}

// The function the class of `v` has for `name` (a user method, or a
// builtin one of a builtin class), if any.
std::optional<Value> method_of(const Value& v, const char* name) {
  const ClassObj* c = class_of(v);
  if (!c) return std::nullopt;
  auto f = c->lookup(name);
  if (!f || !(f->is<Value::Function>() || f->is<Value::Builtin>())) return std::nullopt;
  return f;
}

// Whether b's class derives from a's (and is not it): Python then asks b
// first.
bool right_is_subclass(const Value& a, const Value& b) {
  const ClassObj* ca = class_of(a);
  const ClassObj* cb = class_of(b);
  return ca && cb && ca != cb && cb->derives_from(ca);
}

// Whether b's class has its own `name`, not the one a's class has.
bool overrides(const Value& b, const Value& a, const char* name) {
  auto mine = method_of(b, name);
  auto theirs = method_of(a, name);
  return mine && !(theirs && identical(*mine, *theirs));
}

// self.name(other), unless self has no such method or it declines.
std::optional<Value> try_method(const Value& self, const char* name, const Value& other) {
  if (!method_of(self, name)) return std::nullopt;
  auto r = UserMethods::call(self, name, {other});
  if (!r || is_not_implemented(*r)) return std::nullopt;
  return r;
}

const char* compare_forward(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Lt:
      return "__lt__";
    case CmpOpKind::LtE:
      return "__le__";
    case CmpOpKind::Gt:
      return "__gt__";
    case CmpOpKind::GtE:
      return "__ge__";
    case CmpOpKind::Eq:
      return "__eq__";
    default:
      return "__ne__";
  }
}

// a < b is b > a reflected; != reflects to itself.
CmpOpKind swapped(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Lt:
      return CmpOpKind::Gt;
    case CmpOpKind::LtE:
      return CmpOpKind::GtE;
    case CmpOpKind::Gt:
      return CmpOpKind::Lt;
    case CmpOpKind::GtE:
      return CmpOpKind::LtE;
    default:
      return op;
  }
}

}  // namespace

const Value& not_implemented() {
  static const Value v = [] {
    auto c = std::make_shared<ClassObj>();
    c->name = "NotImplementedType";
    return Value(c);
  }();
  return v;
}

bool is_not_implemented(const Value& v) {
  return identical(v, not_implemented());
}

std::optional<Value> user_binary(BinOpKind op, const Value& a, const Value& b) {
  const DunderNames n = names_of(op);
  const bool forward = method_of(a, n.forward).has_value();
  // The reflected method is asked only of an operand of another class.
  const bool reflected = class_of(b) && class_of(b) != class_of(a) && method_of(b, n.reflected);
  if (!forward && !reflected) return std::nullopt;
  bool asked_right = false;
  if (reflected && right_is_subclass(a, b) && overrides(b, a, n.reflected)) {
    asked_right = true;
    if (auto r = try_method(b, n.reflected, a)) return r;
  }
  if (auto r = try_method(a, n.forward, b)) return r;
  if (reflected && !asked_right) {
    if (auto r = try_method(b, n.reflected, a)) return r;
  }
  throw ValueError(std::string("unsupported operand type(s) for ") + ast::op_symbol(op) + ": '" +
                       type_name(a) + "' and '" + type_name(b) + "'",
                   "TypeError");
}

std::optional<Value> user_inplace(BinOpKind op, const Value& a, const Value& b) {
  return try_method(a, names_of(op).inplace, b);
}

std::optional<Value> user_unary(UnaryOpKind op, const Value& v) {
  const char* name = op == UnaryOpKind::Neg   ? "__neg__"
                     : op == UnaryOpKind::Pos ? "__pos__"
                                              : "__invert__";
  if (op == UnaryOpKind::Not || !method_of(v, name)) return std::nullopt;
  return UserMethods::call(v, name, {});
}

std::optional<Value> user_abs(const Value& v) {
  if (!method_of(v, "__abs__")) return std::nullopt;
  return UserMethods::call(v, "__abs__", {});
}

std::optional<Value> user_compare(CmpOpKind op, const Value& a, const Value& b) {
  const char* forward = compare_forward(op);
  const char* reflected = compare_forward(swapped(op));
  if (!method_of(a, forward) && !method_of(b, reflected)) return std::nullopt;
  const bool right_first = right_is_subclass(a, b);
  if (right_first) {
    if (auto r = try_method(b, reflected, a)) return r;
  }
  if (auto r = try_method(a, forward, b)) return r;
  if (!right_first) {
    if (auto r = try_method(b, reflected, a)) return r;
  }
  if (op == CmpOpKind::NotEq) return Value(!equals(a, b));
  if (op == CmpOpKind::Eq) return Value(equals(a, b));
  throw ValueError(std::string("'") + ast::op_symbol(op) +
                       "' not supported between instances of '" + type_name(a) + "' and '" +
                       type_name(b) + "'",
                   "TypeError");
}

std::optional<int64_t> user_len(const Value& v) {
  auto r = UserMethods::call(v, "__len__", {});
  if (!r) return std::nullopt;
  if (!r->is<int64_t>() && !r->is<bool>() && !int_enum_value(*r)) {
    throw ValueError("'" + type_name(*r) + "' object cannot be interpreted as an integer",
                     "TypeError");
  }
  const int64_t n = to_int(*r, "__len__()");
  if (n < 0) throw ValueError("__len__() should return >= 0", "ValueError");
  return n;
}

HashKind hash_kind(const ClassObj& cls) {
  if (cls.is_enum) return HashKind::identity;
  for (const ClassObj* c = &cls; c; c = c->base.get()) {
    auto h = c->attrs.find("__hash__");
    if (h != c->attrs.end()) return h->second.is_none() ? HashKind::unhashable : HashKind::user;
    // A class defining __eq__ gets __hash__ = None, unless it is a frozen
    // dataclass, whose generated __hash__ hashes the fields.
    const bool defines_eq = c->attrs.count("__eq__") != 0;
    if (defines_eq || c->has_fields()) {
      return c->has_fields() && c->frozen ? HashKind::fields : HashKind::unhashable;
    }
  }
  return HashKind::identity;
}

int64_t user_hash(const Value& v) {
  auto r = UserMethods::call(v, "__hash__", {});
  if (!r || !(r->is<int64_t>() || r->is<bool>())) {
    throw ValueError("__hash__ method should return an integer", "TypeError");
  }
  // Kept as it is when it fits in 64 bits, as CPython keeps a Py_ssize_t;
  // -1 (an error in its C API) becomes -2.
  const int64_t h = to_int(*r, "__hash__()");
  return h == -1 ? -2 : h;
}

int64_t int_hash(int64_t n) {
  // Python's: n modulo the Mersenne prime 2**61 - 1, keeping the sign; -1
  // (an error in its C API) becomes -2.
  constexpr uint64_t kModulus = (uint64_t{1} << 61) - 1;
  const uint64_t magnitude = n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
  int64_t h = static_cast<int64_t>(magnitude % kModulus);
  if (n < 0) h = -h;
  return h == -1 ? -2 : h;
}

}  // namespace nkic::interp
