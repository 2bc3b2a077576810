// A value of a plan file as a small tree, with the two things `show -json` derives from it
// besides the value: which positions are unknown and which are marked sensitive. Built
// from msgpack alone (untyped), from a typed wire decode inside an untyped value, or from
// the prior state's JSON; value_writer.h writes it.
#ifndef PLANVIEW_PLANFILE_INTERNAL_VALUE_NODE_H_
#define PLANVIEW_PLANFILE_INTERNAL_VALUE_NODE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "wire/wire_value.h"

namespace planview::planfile::internal {

struct Node {
  enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject, kUnknown };
  // What an unknown value would have been, when a type says so: `show -json` writes its
  // sensitivity as `[]` for sequences, `{}` for objects and maps, `false` otherwise.
  enum class Shape : uint8_t { kPrimitive, kSequence, kMapping };

  Kind kind = Kind::kNull;
  Shape shape = Shape::kPrimitive;
  bool sensitive = false;
  std::string text;                                   // "true"/"false", number text, string
  // Array elements, or object member values (the keys in `keys`, sorted bytewise).
  std::vector<Node> children;
  std::vector<std::string> keys;

  Node* Member(std::string_view key);
};

// A JSON bool, number (its text kept) or string as a node; anything else is null.
Node ScalarFromJson(structured::Value v);

// The shape an unknown value of `type` has.
Node::Shape ShapeOf(const structured::Type& type);

// A typed wire decode as a tree (`type` is the declared type, dynamic parts resolved from
// the value's side tables).
Node FromWire(const wire::WireValue& value, const structured::Type& type);

// One step of a path into a value: an attribute or string key, or a list index (-1 when
// the number is not a whole one; `name` may keep the number's text).
struct PathStep {
  bool is_index = false;
  std::string name;
  int64_t index = 0;
};

bool ContainsUnknown(const Node& node);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_VALUE_NODE_H_
