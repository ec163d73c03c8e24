// The baseline for bench/run.sh: the least work an all-reduce of 8 ranks x
// (2048, 1024) float32 can do in one process, written by hand with plain
// loops and memcpy over std::vectors. Per run: copy each rank's input in,
// sum over the ranks, write the sum into every rank's result, copy each
// result out. Memory is allocated once and reused by every run, as the
// compiled program does; the median of the runs is printed to stderr as
// `time: X us/iter`, the format of nkirun and the compiled programs.
//
// usage: handwritten_all_reduce [ITERS]   (default 20)
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

namespace {

constexpr int kRanks = 8;
constexpr size_t kElements = 2048 * 1024;  // 8 MiB of float32 per rank
constexpr int kDefaultIters = 20;

struct Buffers {
  std::vector<std::vector<float>> input, staged, result, output;
};

Buffers make_buffers() {
  Buffers b;
  for (int r = 0; r < kRanks; ++r) {
    std::vector<float> in(kElements);
    for (size_t i = 0; i < kElements; ++i) in[i] = static_cast<float>((i * 7 + r) % 1000) * 0.25f;
    b.input.push_back(std::move(in));
    b.staged.emplace_back(kElements);
    b.result.emplace_back(kElements);
    b.output.emplace_back(kElements);
  }
  return b;
}

// sum[i] += src[i]. The buffers never overlap; saying so lets the compiler
// vectorize the loop at -O2, as a hand-tuned baseline would be.
void accumulate(float* __restrict sum, const float* __restrict src) {
  for (size_t i = 0; i < kElements; ++i) sum[i] += src[i];
}

void all_reduce(Buffers& b) {
  const size_t bytes = kElements * sizeof(float);
  for (int r = 0; r < kRanks; ++r) std::memcpy(b.staged[r].data(), b.input[r].data(), bytes);
  // Sum into rank 0's result, in rank order, then give every rank a copy.
  float* sum = b.result[0].data();
  std::memcpy(sum, b.staged[0].data(), bytes);
  for (int r = 1; r < kRanks; ++r) accumulate(sum, b.staged[r].data());
  for (int r = 1; r < kRanks; ++r) std::memcpy(b.result[r].data(), sum, bytes);
  for (int r = 0; r < kRanks; ++r) std::memcpy(b.output[r].data(), b.result[r].data(), bytes);
}

}  // namespace

int main(int argc, char** argv) {
  const int iters = argc > 1 ? std::max(1, std::atoi(argv[1])) : kDefaultIters;
  Buffers b = make_buffers();
  std::vector<double> micros;
  for (int i = 0; i < iters; ++i) {
    const auto start = std::chrono::steady_clock::now();
    all_reduce(b);
    const auto stop = std::chrono::steady_clock::now();
    micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
  }
  std::nth_element(micros.begin(), micros.begin() + micros.size() / 2, micros.end());
  // A checksum, so the compiler cannot drop the work.
  double check = 0;
  for (int r = 0; r < kRanks; ++r) check += b.output[r][kElements / 3];
  std::cout << "checksum " << check << "\n";
  std::cerr << "time: " << micros[micros.size() / 2] << " us/iter\n";
  return 0;
}
