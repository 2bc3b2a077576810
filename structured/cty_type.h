// cty types as `tofu providers schema -json` and the wire format write them:
// "string", "number", "bool", "dynamic", ["list", T], ["set", T], ["map", T],
// ["object", {"name": T, ...}] or ["object", {...}, ["optional", ...]], ["tuple", [T, ...]].
#ifndef PLANVIEW_STRUCTURED_CTY_TYPE_H_
#define PLANVIEW_STRUCTURED_CTY_TYPE_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/expected.h"
#include "structured/json_value.h"

namespace planview::structured {

class Type {
 public:
  enum class Kind { kDynamic, kString, kNumber, kBool, kList, kSet, kMap, kObject, kTuple };
  // The dynamic pseudo-type.
  Type();
  static Type String();
  static Type Number();
  static Type Bool();
  static Type Dynamic();
  static Type List(Type element);
  static Type Set(Type element);
  static Type Map(Type element);
  // Attributes are kept sorted by name; `optional` names attributes that may be omitted.
  static Type Object(std::vector<std::pair<std::string, Type>> attributes, std::vector<std::string> optional = {});
  static Type Tuple(std::vector<Type> elements);

  // Inline: the differ asks for every attribute and element.
  Kind kind() const { return kind_; }
  bool is_primitive() const { return kind_ == Kind::kString || kind_ == Kind::kNumber || kind_ == Kind::kBool; }
  bool is_collection() const { return kind_ == Kind::kList || kind_ == Kind::kSet || kind_ == Kind::kMap; }  // list, set, map
  // List, set, map: the element type.
  const Type& element() const;
  // Object: attributes sorted by name; tuple: elements in order.
  const std::vector<std::pair<std::string, Type>>& attributes() const;
  const std::vector<std::string>& optional_attributes() const;
  const std::vector<Type>& elements() const;
  // Object: the attribute's type, or nullptr.
  const Type* attribute(std::string_view name) const;
  bool is_optional(std::string_view name) const;

  bool operator==(const Type& other) const;
  bool operator!=(const Type& other) const { return !(*this == other); }

  // Compact type JSON, as ctyjson.MarshalType writes it (object keys sorted).
  std::string ToJson() const;
  // cty's friendly name: "string", "list of string", "map of number", "object", "tuple".
  std::string FriendlyName() const;

 private:
  struct Data;
  explicit Type(std::shared_ptr<const Data> data);
  std::shared_ptr<const Data> data_;  // null means dynamic
  Kind kind_ = Kind::kDynamic;       // data_'s, kept here
};

// Parses type JSON. The error's message names the path inside the type
// (`[1]["port"]: unknown type "integer"`), which is also its `path`.
base::Expected<Type> ParseType(Value json);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_CTY_TYPE_H_
