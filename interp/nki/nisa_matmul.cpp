// nki.isa's Tensor Engine operations and transposes: nc_matmul,
// nc_transpose and dma_transpose. Each checks what only its arguments tell
// (flags, tiling, engine, axes) and hands the operation (runtime/
// matmul_ops.h), which checks the tiles, to the rank's Device.
#include "interp/nki/args.h"
#include "runtime/isa_members.h"

namespace nkic::interp::nki {
namespace {

using rt::isa::kEngineTensor, rt::isa::kEngineVector;
constexpr int64_t kOobSkip = 1;  // nisa.oob_mode.skip
constexpr int64_t kArraySize = 128;  // the Tensor Engine's rows and columns

bool bool_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto b = v.get<bool>()) return *b;
  throw ValueError(param_name(c, param) + " must be True or False, not '" + type_name(v) + "'");
}

// A tuple of two ints, or an empty tuple (not given).
std::vector<int64_t> pair_arg(const CallArgs& c, const char* param) {
  const ValueList* items = sequence_items(c[param]);
  if (!items || (items->size() != 0 && items->size() != 2)) {
    throw ValueError(param_name(c, param) + " must be a tuple of two ints, not " +
                     to_repr(c[param]));
  }
  std::vector<int64_t> out;
  for (const Value& v : *items) out.push_back(int_of(c, v, param));
  return out;
}

// tile_position and tile_size, which enable tiling mode together: the
// stationary tile then fits a (row_size, column_size) piece of the 128 x
// 128 array at (start_row, start_column).
void tiling(const CallArgs& c, rt::NcMatmul& op) {
  const std::vector<int64_t> position = pair_arg(c, "tile_position");
  const std::vector<int64_t> size = pair_arg(c, "tile_size");
  if (position.empty() && size.empty()) return;
  if (position.empty() || size.empty()) {
    throw ValueError(c.fn.name + ": tile_position and tile_size enable tiling mode together; "
                     "give both or neither");
  }
  const char* axis[] = {"row", "column"};
  for (size_t i = 0; i < 2; ++i) {
    if (size[i] != 32 && size[i] != 64 && size[i] != kArraySize) {
      throw ValueError(param_name(c, "tile_size") + ": the " + axis[i] +
                       " size must be 32, 64 or 128, not " + std::to_string(size[i]));
    }
    // Compared with 128 - size, which cannot overflow as position + size can.
    if (position[i] < 0 || position[i] % size[i] != 0 || position[i] > kArraySize - size[i]) {
      throw ValueError(param_name(c, "tile_position") + ": the start " + axis[i] + " " +
                       std::to_string(position[i]) + " must be a multiple of the " + axis[i] +
                       " size " + std::to_string(size[i]) + " inside the " +
                       std::to_string(kArraySize) + " " + axis[i] + "s");
    }
  }
  op.row_size = size[0];
  op.column_size = size[1];
}

Value nisa_nc_matmul(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& stationary = tensor_arg(c, "stationary");
  const rt::TensorView& moving = tensor_arg(c, "moving");
  bool_arg(c, "is_stationary_onezero");
  bool_arg(c, "is_moving_onezero");
  rt::NcMatmul op;
  op.is_transpose = bool_arg(c, "is_transpose");
  if (!c["accumulate"].is_none()) {
    op.accumulate = bool_arg(c, "accumulate") ? rt::NcMatmul::kAdd : rt::NcMatmul::kOverwrite;
  }
  tiling(c, op);
  if (enum_arg(c, "perf_mode", "matmul_perf_mode") != 0) {
    throw ValueError(c.fn.name + ": perf_mode=matmul_perf_mode.double_row is not supported yet");
  }
  name_arg(c, "name");
  device(c).run({op, {&dst}, {&stationary, &moving}, {}, {}, c.range});
  return Value();
}

Value nisa_nc_transpose(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data = tensor_arg(c, "data");
  const int64_t engine = enum_arg(c, "engine", "engine");
  name_arg(c, "name");
  const bool tensor_path = data.kind() == rt::MemKind::sbuf && dst.kind() == rt::MemKind::psum;
  if (engine == kEngineTensor && !tensor_path) {
    throw ValueError(c.fn.name + ": the Tensor Engine transposes from SBUF to PSUM, and '" +
                     data.name() + "' is in " + std::string(rt::mem_kind_name(data.kind())) +
                     ", '" + dst.name() + "' in " + std::string(rt::mem_kind_name(dst.kind())));
  }
  check_engine(c, engine, {kEngineTensor, kEngineVector},
               "nisa.engine.tensor or nisa.engine.vector");
  if (engine == kEngineVector && tensor_path) {
    throw ValueError(c.fn.name + ": the Vector Engine does not transpose from SBUF to PSUM; "
                     "that is the Tensor Engine's (engine=nisa.engine.tensor)");
  }
  device(c).run({rt::NcTranspose{engine}, {&dst}, {&data}, {}, {}, c.range});
  return Value();
}

Value nisa_dma_transpose(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& src = tensor_arg(c, "src");
  optional_int_arg(c, "priority");
  const int64_t dge = enum_arg(c, "dge_mode", "dge_mode");
  const bool skip = enum_arg(c, "oob_mode", "oob_mode") == kOobSkip;
  name_arg(c, "name");
  const std::vector<int> axes = rt::dma_transpose_axes(src.ndim());
  if (!c["axes"].is_none()) {
    const ValueList* items = sequence_items(c["axes"]);
    std::vector<int64_t> given;
    if (items) {
      for (const Value& v : *items) given.push_back(int_of(c, v, "axes"));
    }
    if (!items || given != std::vector<int64_t>(axes.begin(), axes.end())) {
      throw ValueError(param_name(c, "axes") + " " + to_repr(c["axes"]) + " is not the transpose "
                       "of a " + std::to_string(src.ndim()) + "-D tile: dma_transpose permutes "
                       "with (1, 0), (2, 1, 0) or (3, 1, 2, 0)");
    }
  }
  if (skip && !src.has_row_offsets()) {
    throw ValueError(param_name(c, "oob_mode") +
                     ": oob_mode.skip is only valid when src is indirect (vector_offset)");
  }
  if (skip) throw ValueError(param_name(c, "oob_mode") + ": oob_mode.skip is not supported yet");
  device(c).run({rt::DmaTranspose{dge}, {&dst}, {&src}, {}, {}, c.range});
  return Value();
}

}  // namespace

std::vector<OpEntry> nisa_matmul_entries() {
  const Value none;
  const OpRole device = OpRole::device;
  const char* nisa = "nki.isa";
  const Value no_tile = make_tuple({});
  return {
      entry(nisa, "nc_matmul",
            {req("dst"), req("stationary"), req("moving"), opt("is_stationary_onezero", false),
             opt("is_moving_onezero", false), opt("is_transpose", false),
             opt("accumulate", none), opt("tile_position", no_tile), opt("tile_size", no_tile),
             opt("perf_mode", enum_member("matmul_perf_mode", "none")), opt("name", none)},
            device, nisa_nc_matmul),
      entry(nisa, "nc_transpose",
            {req("dst"), req("data"), opt("engine", enum_member("engine", "unknown")),
             opt("name", none)},
            device, nisa_nc_transpose),
      entry(nisa, "dma_transpose",
            {req("dst"), req("src"), opt("axes", none), opt("priority", none),
             opt("dge_mode", enum_member("dge_mode", "unknown")),
             opt("oob_mode", enum_member("oob_mode", "error")), opt("name", none)},
            device, nisa_dma_transpose),
  };
}

}  // namespace nkic::interp::nki
