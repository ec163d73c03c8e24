#include "interp/int_operands.h"

namespace nkic::interp {

bool int_tree(const ast::BinOp& b, const Scope& scope, int64_t& out) {
  int64_t x = 0;
  int64_t y = 0;
  return b.int_leaves && int_operand(*b.left, scope, x) && int_operand(*b.right, scope, y) &&
         int_binary_op(b.op, x, y, out);
}

}  // namespace nkic::interp
