// Two threads sharing the elements of one long list: the decoding thread takes them one
// at a time from the front, a helper claims runs of them from the back, and they meet
// wherever their speeds make them meet. Each element goes to exactly one of them: a claim
// of the elements from i on succeeds only while the decoding thread has not taken i, and
// the decoding thread stops at the helper's lowest claim.
#ifndef PLANVIEW_STRUCTURED_WIRE_INTERNAL_LIST_SPLIT_H_
#define PLANVIEW_STRUCTURED_WIRE_INTERNAL_LIST_SPLIT_H_

#include <atomic>
#include <cstdint>

namespace planview::structured::wire::internal {

class ListSplit {
 public:
  explicit ListSplit(uint32_t count) : count_(count), state_(Pack(count, 0)) {}

  // The decoding thread, for i = 0, 1, ... in turn: true when element i is its to decode,
  // false when the helper has it (and every later one).
  bool Take(uint32_t i) {
    uint64_t s = state_.load(std::memory_order_acquire);
    for (;;) {
      if (i >= SplitOf(s)) return false;
      if (state_.compare_exchange_weak(s, Pack(SplitOf(s), i + 1), std::memory_order_acq_rel)) return true;
    }
  }

  // The helper: the elements from i up to its last claim (or the end), unless the
  // decoding thread has taken i already.
  bool Claim(uint32_t i) {
    uint64_t s = state_.load(std::memory_order_acquire);
    for (;;) {
      if (TakenOf(s) > i || i >= SplitOf(s)) return false;
      if (state_.compare_exchange_weak(s, Pack(i, TakenOf(s)), std::memory_order_acq_rel)) return true;
    }
  }

  // The helper's lowest claim (count when it has none).
  uint32_t split() const { return SplitOf(state_.load(std::memory_order_acquire)); }
  // How many elements the decoding thread has taken so far.
  uint32_t taken() const { return TakenOf(state_.load(std::memory_order_acquire)); }
  uint32_t count() const { return count_; }

 private:
  static uint64_t Pack(uint32_t split, uint32_t taken) { return uint64_t{split} << 32 | taken; }
  static uint32_t SplitOf(uint64_t s) { return static_cast<uint32_t>(s >> 32); }
  static uint32_t TakenOf(uint64_t s) { return static_cast<uint32_t>(s); }

  const uint32_t count_;
  std::atomic<uint64_t> state_;
};

}  // namespace planview::structured::wire::internal

#endif  // PLANVIEW_STRUCTURED_WIRE_INTERNAL_LIST_SPLIT_H_
