// go-cty's set semantics: which elements are equal (and so kept once) and the order a set
// iterates in: strings bytewise, numbers by value, false before true, anything else by its
// hash text; known elements first, then unknowns (never merged), then one null.
//
// Elements other than strings, numbers and bools are compared by two texts written while
// they are decoded: the hash text go-cty orders by (Go-quoted strings, numbers as %.10g)
// and an exact text that tells apart values whose hash texts are equal: it lists their
// numbers in order, each as `#` when its hash text is exact (integers below 10^10 in
// size) and as `#digits ` otherwise. Everything else in a hash text is unambiguous.
#ifndef PLANVIEW_WIRE_INTERNAL_SET_ORDER_H_
#define PLANVIEW_WIRE_INTERNAL_SET_ORDER_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "structured/cty_type.h"

namespace planview::wire::internal {

using structured::Type;

// What a set element is at its top.
enum class SetLeaf : uint8_t { kContainer, kNull, kUnknown, kFalse, kTrue, kInt, kUint, kNumber, kString };

struct SetElementView {
  SetLeaf leaf = SetLeaf::kContainer;
  bool has_unknown = false;  // an unknown anywhere inside
  std::string_view text;     // kNumber (canonical), kString
  int64_t number = 0;        // kInt; kUint as its bits
  std::string_view hash;     // key texts, for elements compared by them
  std::string_view exact;
};

// The order of `elements` (positions, duplicates left out) for a set whose elements are of
// `kind` (string, number and bool compare by value, others by key text). Returns true,
// leaving `order` empty, when they are in that order already with nothing to drop.
bool CanonicalSetOrder(std::span<const SetElementView> elements, Type::Kind kind, std::vector<uint32_t>& order);
// True when `b` may follow `a` in a set in order with nothing to drop: known elements
// strictly increasing, then unknowns, no null after anything.
bool InSetOrder(const SetElementView& a, const SetElementView& b, Type::Kind kind);

// Key text pieces.
void AppendHashInt(std::string& out, int64_t value);
void AppendHashNumber(std::string& out, std::string_view canonical);  // big.Float %.10g
void AppendExactInt(std::string& out, int64_t value);
void AppendExactNumber(std::string& out, std::string_view canonical);

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_SET_ORDER_H_
