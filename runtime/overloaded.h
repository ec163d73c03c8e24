// The overload set of lambdas for std::visit: each alternative is handled
// by the lambda that takes it, and an alternative no lambda takes does not
// compile (there is no default case to forget it in).
#pragma once

namespace nkic {

template <typename... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <typename... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace nkic
