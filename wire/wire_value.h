// A value decoded from the provider wire format, in the structured value model.
//
// Contract:
// - `value` holds the known parts as JSON, with cty's normalisation applied: object
//   attributes and map keys sorted bytewise, set elements deduplicated and in cty's order,
//   strings NFC, numbers as canonical decimal text (see number.h). Every object attribute
//   is present; an unknown value is a JSON null at its position.
// - `unknown` is the parallel marker tree a plan's `after_unknown` uses: `true` for an
//   unknown value, arrays mirror lists/sets/tuples element by element, objects list only
//   members that are unknown or contain something (`{}` for a wholly known object).
// - Side tables, keyed by the node index (`Value::index()`) of a position in `value` and
//   sorted by it, carry what JSON cannot: refinements of refined unknowns, the runtime type
//   of values at `dynamic` positions (absent for an untyped null or unknown; an index into
//   `types`), and which numbers are held as float64 (needed to re-encode them byte for
//   byte).
// - `json_exact`: true when the decoder saw that `value` is as Go's JSON text of it reads
//   back: every string and key valid UTF-8 and no number an infinity (false: not known;
//   a reader then checks each string itself).
#ifndef PLANVIEW_WIRE_WIRE_VALUE_H_
#define PLANVIEW_WIRE_WIRE_VALUE_H_

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "wire/refinements.h"

namespace planview::wire {

struct WireValue {
  std::shared_ptr<const structured::Document> value;
  std::shared_ptr<const structured::Document> unknown;
  std::vector<std::pair<uint32_t, Refinements>> refinements;
  std::vector<std::pair<uint32_t, uint32_t>> dynamic_types;
  std::vector<structured::Type> types;
  std::vector<uint32_t> float64_numbers;
  bool json_exact = false;

  structured::Value root() const { return value ? value->root() : structured::Value(); }
  structured::Value unknown_root() const { return unknown ? unknown->root() : structured::Value(); }

  const Refinements* RefinementsOf(structured::Value v) const;
  const structured::Type* DynamicTypeOf(structured::Value v) const;
  bool IsFloat64(structured::Value v) const;
};

// The marker of a child inside an `unknown` tree: array element or object member.
inline structured::Value UnknownChild(structured::Value marker, size_t index) {
  return marker.is_true() ? marker : marker.at(index);
}
inline structured::Value UnknownChild(structured::Value marker, std::string_view key) {
  return marker.is_true() ? marker : marker.find(key);
}

// The runtime type of the value at `v` (marker `unknown`) declared as `declared`: dynamic
// parts replaced by the types the value carries; untyped nulls and unknowns stay dynamic.
structured::Type RuntimeType(const WireValue& wv, structured::Value v, structured::Value unknown,
                             const structured::Type& declared);

// The type without optional-attribute markers, at every depth.
structured::Type WithoutOptionalAttributes(const structured::Type& type);
// True when `type` is or contains `dynamic`.
bool HasDynamic(const structured::Type& type);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_WIRE_VALUE_H_
