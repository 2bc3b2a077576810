// The deferred check for lists, sets and maps whose element type has `dynamic` in it: all
// elements must have one runtime type (an untyped null or unknown fits any), and untyped
// nulls and unknowns at dynamic positions take that type. Runs on the finished documents.
#ifndef PLANVIEW_WIRE_INTERNAL_UNIFY_H_
#define PLANVIEW_WIRE_INTERNAL_UNIFY_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "wire/wire_value.h"

namespace planview::wire::internal {

using structured::Type;
using structured::Value;

// Reads and changes the runtime types recorded for dynamic positions; changes are kept aside
// (lookups see them) until Commit() merges them into the sorted table.
class DynamicTypeEditor {
 public:
  explicit DynamicTypeEditor(WireValue& wv) : wv_(wv) {}
  const Type* TypeOf(Value v) const;
  void Remove(Value v);
  const Type& TypeAt(uint32_t slot) const { return wv_.types[slot]; }
  void SetType(Value v, const Type& type);
  void Commit();

 private:
  static constexpr uint32_t kRemoved = UINT32_MAX;
  WireValue& wv_;
  std::unordered_map<uint32_t, uint32_t> added_;  // node index -> type slot, or kRemoved
};

// The common type of two element types where `dynamic` (an untyped null or unknown)
// matches anything; nullopt when they conflict.
std::optional<Type> UnifyTypes(const Type& a, const Type& b);

// Checks the elements of `collection` (declared as `type`, a list, set or map), taken in
// the order `input_order` gives (empty: as they are): a child's position, or -1 and the type
// slot (-1: untyped) of a null no longer in the collection (a set's duplicate) that must fit
// too. Returns the error message, `prefix` + "elements must all have the same type: A and
// B", on conflict. Elements take the common type; with `retype_all` unset, not those already
// of the first element's type when that is the common one.
std::optional<std::string> UnifyElements(DynamicTypeEditor& types, Value collection, const Type& type,
                                         std::string_view prefix,
                                         std::span<const std::pair<int32_t, int32_t>> input_order, bool retype_all);

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_UNIFY_H_
