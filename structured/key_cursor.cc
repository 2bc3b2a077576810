#include "structured/key_cursor.h"

namespace planview::structured {
namespace {

// Below this many members a scan is as quick as checking the order first.
constexpr size_t kMinMembers = 6;

}  // namespace

Value KeyCursor::Find(Value object, std::string_view key) {
  size_t count = object.is_object() ? object.size() : 0;
  if (count < kMinMembers) return object.find(key);
  if (order_ == Order::kUnchecked) order_ = object.KeysIncrease() ? Order::kIncreasing : Order::kOther;
  if (order_ == Order::kOther) return object.find(key);
  if (asked_ && !(last_ < key)) {
    // Asked out of order: find the first member not below `key` again.
    uint32_t lo = 0, hi = static_cast<uint32_t>(count);
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (object.CompareKey(mid, key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    next_ = lo;
  }
  asked_ = true;
  last_ = key;
  while (next_ < count) {
    int order = object.CompareKey(next_, key);
    if (order < 0) {
      ++next_;
      continue;
    }
    if (order == 0) return object.member(next_++).value;
    break;
  }
  return {};
}

}  // namespace planview::structured
