// The isa operations between the two programs of an LNC-2 rank:
// nisa.core_barrier and nisa.sendrecv. Their arguments are checked as the
// docs state them; running them is not supported yet, because a rank's
// programs run here one after the other (spmd.h), where a barrier or an
// exchange needs the two to meet midway. Library modules import them, so
// they exist; a call is a located error saying so.
#include "interp/nki/args.h"
#include "runtime/format_util.h"

namespace nkic::interp {
namespace nki {

namespace {

void require_lnc2(const CallArgs& c) {
  if (c.ev.context().programs < 2) {
    throw ValueError("nisa." + c.fn.name +
                     " works between the two programs of a logical NeuronCore: run with --lnc 2");
  }
}

[[noreturn]] void not_supported(const CallArgs& c) {
  throw ValueError("nisa." + c.fn.name +
                   " is not supported yet: the two programs of an LNC-2 rank run one after "
                   "the other here, and cannot meet midway");
}

int64_t program_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (!v.is<int64_t>() || (*v.get<int64_t>() != 0 && *v.get<int64_t>() != 1)) {
    throw ValueError(param_name(c, param) + " must be 0 or 1 (a program of the LNC-2 rank), not " +
                     to_repr(v));
  }
  return *v.get<int64_t>();
}

Value nisa_core_barrier(CallArgs& c) {
  const rt::TensorView& data = tensor_arg(c, "data");
  if (data.kind() != rt::MemKind::shared_hbm) {
    throw ValueError(param_name(c, "data") + " must be in shared HBM (nl.shared_hbm), not " +
                     std::string(rt::mem_kind_name(data.kind())));
  }
  const ValueList* cores = sequence_items(c["cores"]);
  if (!cores || cores->size() != 2 || !equals((*cores)[0], Value(int64_t{0})) ||
      !equals((*cores)[1], Value(int64_t{1}))) {
    throw ValueError(param_name(c, "cores") + " must be (0, 1), not " + to_repr(c["cores"]));
  }
  enum_arg(c, "engine", "engine");
  name_arg(c, "name");
  require_lnc2(c);
  not_supported(c);
}

Value nisa_sendrecv(CallArgs& c) {
  const rt::TensorView& src = tensor_arg(c, "src");
  const rt::TensorView& dst = tensor_arg(c, "dst");
  for (const char* param : {"src", "dst"}) {
    const rt::TensorView& t = tensor_arg(c, param);
    if (t.kind() != rt::MemKind::sbuf) {
      throw ValueError(param_name(c, param) + " must be in SBUF, not " +
                       std::string(rt::mem_kind_name(t.kind())));
    }
  }
  if (src.dtype() != dst.dtype() || src.shape() != dst.shape()) {
    throw ValueError(
        "src and dst must have one shape and dtype: src is " + rt::format_shape(src.shape()) + " " +
        std::string(rt::dtype_name(src.dtype())) + ", dst " + rt::format_shape(dst.shape()) + " " +
        std::string(rt::dtype_name(dst.dtype())));
  }
  program_arg(c, "send_to_rank");
  program_arg(c, "recv_from_rank");
  if (!c["pipe_id"].is<int64_t>()) {
    throw ValueError(param_name(c, "pipe_id") + " must be an int, not " + to_repr(c["pipe_id"]));
  }
  enum_arg(c, "dma_engine", "dma_engine");
  name_arg(c, "name");
  require_lnc2(c);
  not_supported(c);
}

}  // namespace

std::vector<OpEntry> nisa_lnc_entries() {
  const Value none;
  const char* nisa = "nki.isa";
  return {
      entry(nisa, "core_barrier",
            {req("data"), req("cores"), opt("engine", enum_member("engine", "gpsimd")),
             opt("name", none)},
            OpRole::device, nisa_core_barrier),
      entry(nisa, "sendrecv",
            {req("src"), req("dst"), req("send_to_rank"), req("recv_from_rank"), req("pipe_id"),
             opt("dma_engine", enum_member("dma_engine", "dma")), opt("name", none)},
            OpRole::device, nisa_sendrecv),
  };
}

}  // namespace nki
}  // namespace nkic::interp
