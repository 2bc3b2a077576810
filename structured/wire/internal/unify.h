// The deferred check for lists, sets and maps whose element type has `dynamic` in it: all
// elements must have one runtime type (an untyped null or unknown fits any), and untyped
// nulls and unknowns at dynamic positions take that type. Runs on the finished documents.
#ifndef PLANVIEW_STRUCTURED_WIRE_INTERNAL_UNIFY_H_
#define PLANVIEW_STRUCTURED_WIRE_INTERNAL_UNIFY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "structured/wire/wire_value.h"

namespace planview::structured::wire::internal {

// Reads and changes the runtime types recorded for dynamic positions; new entries are kept
// aside (lookups see them) until Commit() merges them into the sorted table.
class DynamicTypeEditor {
 public:
  explicit DynamicTypeEditor(WireValue& wv) : wv_(wv) {}
  const Type* TypeOf(Value v) const;
  void SetType(Value v, const Type& type);
  void Commit();

 private:
  WireValue& wv_;
  std::unordered_map<uint32_t, uint32_t> added_;  // node index -> type slot
};

// The common type of two element types where `dynamic` (an untyped null or unknown)
// matches anything; nullopt when they conflict.
std::optional<Type> UnifyTypes(const Type& a, const Type& b);

// Checks the elements of `collection` (declared as `type`, a list, set or map). Returns the
// error message, `prefix` + "elements must all have the same type: A and B", on conflict.
std::optional<std::string> UnifyElements(DynamicTypeEditor& types, Value collection, const Type& type,
                                         std::string_view prefix);

}  // namespace planview::structured::wire::internal

#endif  // PLANVIEW_STRUCTURED_WIRE_INTERNAL_UNIFY_H_
