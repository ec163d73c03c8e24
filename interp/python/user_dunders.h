// The operators of user classes: a class's __add__ / __radd__ / __iadd__
// (and the other arithmetic and bitwise ones), __neg__ / __pos__ /
// __invert__ / __abs__, the orderings __lt__ / __le__ / __gt__ / __ge__ and
// __ne__, with Python's rules: the reflected method of the right operand
// when the left one has none or returns NotImplemented, first when the right
// operand's class derives from the left's and overrides it. And __hash__:
// which instances hash, and how.
#pragma once

#include <optional>

#include "frontend/ast.h"
#include "interp/python/value.h"

namespace nkic::interp {

// The NotImplemented singleton, and whether a value is it.
const Value& not_implemented();
bool is_not_implemented(const Value& v);

// a OP b through the operands' dunders; nullopt when neither is an instance
// with a method for OP (the caller then reports the operand types).
std::optional<Value> user_binary(ast::BinOpKind op, const Value& a, const Value& b);
// a OP= b: __iadd__ and friends, else what user_binary does.
std::optional<Value> user_inplace(ast::BinOpKind op, const Value& a, const Value& b);
std::optional<Value> user_unary(ast::UnaryOpKind op, const Value& v);
// abs(v) through __abs__.
std::optional<Value> user_abs(const Value& v);
// <, <=, >, >=, == and != through the operands' dunders, what the method
// returned; nullopt when neither operand has the method. Throws Python's
// TypeError when both decline an ordering (== and != fall back to identity
// or structure).
std::optional<Value> user_compare(ast::CmpOpKind op, const Value& a, const Value& b);

// len(v) through a user __len__, checked as CPython checks it (an int, not
// negative); nullopt when v has none.
std::optional<int64_t> user_len(const Value& v);

// How instances of a class hash, as Python decides from the class chain: by
// identity; by a user __hash__; by the fields (a frozen dataclass); not at
// all (a class defining __eq__ without __hash__, `__hash__ = None`, an NKI
// class or a dataclass that is not frozen).
enum class HashKind { identity, user, fields, unhashable };
HashKind hash_kind(const ClassObj& cls);
// The user __hash__ of `v`, as hash() gives it.
int64_t user_hash(const Value& v);
// Python's hash() of an int.
int64_t int_hash(int64_t n);

}  // namespace nkic::interp
