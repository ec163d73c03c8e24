// See work_meter.h.
#include "interp/work_meter.h"

#include <string>

#include "interp/python/value.h"

namespace nkic::interp {
namespace {

thread_local WorkMeter* current_meter = nullptr;

}  // namespace

void WorkMeter::exceeded() const {
  throw ValueError("this rank executed more than " + std::to_string(limit_) +
                   " steps (--max-steps): is there an endless loop?");
}

WorkMeter::Use::Use(WorkMeter& meter) : previous_(current_meter) { current_meter = &meter; }
WorkMeter::Use::~Use() { current_meter = previous_; }

void charge_work(int64_t units) {
  if (current_meter) current_meter->charge(units);
}

void charge_text(size_t bytes) {
  charge_work(1 + static_cast<int64_t>(bytes / kTextBytesPerStep));
}

}  // namespace nkic::interp
