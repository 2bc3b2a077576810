// How a Document encodes its values in 32-bit words: the tag in a value's head word and
// the limits of the encoding. Read by Value's inline accessors, written by DocumentBuilder;
// not an API (readers use Value and Kind).
#ifndef PLANVIEW_STRUCTURED_INTERNAL_VALUE_LAYOUT_H_
#define PLANVIEW_STRUCTURED_INTERNAL_VALUE_LAYOUT_H_

#include <cstdint>

namespace planview::structured::internal {

enum Tag : uint32_t {
  kTagNull = 0,
  kTagFalse = 1,
  kTagTrue = 2,
  kTagNumber = 3,
  kTagString = 4,
  kTagArray = 5,
  kTagObject = 6,
};
inline constexpr uint32_t kTagBits = 3;
inline constexpr uint32_t kMaxLength = (uint32_t{1} << (32 - kTagBits)) - 1;
constexpr Tag TagOf(uint32_t head) { return static_cast<Tag>(head & ((1u << kTagBits) - 1)); }
constexpr uint32_t LengthOf(uint32_t head) { return head >> kTagBits; }
// Objects with more members than this are followed by a key index (see Document), which
// is this one word when the members are in key order already.
inline constexpr uint32_t kIndexedObjectSize = 16;
inline constexpr uint32_t kAlreadySortedIndex = UINT32_MAX;

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_VALUE_LAYOUT_H_
