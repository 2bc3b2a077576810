// A small deterministic random number generator (SplitMix64): the same seed gives the
// same sequence on every platform and standard library, unlike <random>'s distributions.
#ifndef PLANVIEW_BENCH_RNG_H_
#define PLANVIEW_BENCH_RNG_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace planview::bench {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  // A generator for one named stream of work, independent of every other stream.
  static Rng For(uint64_t seed, uint64_t a, uint64_t b = 0, uint64_t c = 0) {
    Rng r(seed ^ 0x6a09e667f3bcc908ull);
    r.state_ ^= r.Next() + a * 0x9e3779b97f4a7c15ull;
    r.state_ ^= r.Next() + b * 0xbf58476d1ce4e5b9ull;
    r.state_ ^= r.Next() + c * 0x94d049bb133111ebull;
    return r;
  }

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); n > 0.
  uint64_t Below(uint64_t n) { return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * n) >> 64); }
  // Uniform in [lo, hi].
  int64_t Range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(Below(static_cast<uint64_t>(hi - lo + 1))); }
  // True with probability percent/100.
  bool Percent(uint64_t percent) { return Below(100) < percent; }
  template <typename T>
  const T& Pick(const std::vector<T>& items) { return items[Below(items.size())]; }
  std::string_view Pick(std::initializer_list<std::string_view> items) { return items.begin()[Below(items.size())]; }

 private:
  uint64_t state_;
};

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_RNG_H_
