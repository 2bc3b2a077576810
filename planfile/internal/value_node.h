// A resource, output or variable value of a plan file as a small tree, with the two things
// `show -json` derives from it besides the value: which positions are unknown and which are
// marked sensitive. Built from msgpack alone (untyped) or from a typed wire decode.
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
  // True when `show -json`'s unknown/sensitive marker of this node is `false`, so that an
  // object's marker leaves it out.
  bool UnknownMarkerIsFalse() const;
  bool SensitiveMarkerIsFalse() const;
};

// A JSON bool, number (its text kept) or string as a node; anything else is null.
Node ScalarFromJson(structured::Value v);

// The shape an unknown value of `type` has.
Node::Shape ShapeOf(const structured::Type& type);

// A typed wire decode as a tree (`type` is the declared type, dynamic parts resolved from
// the value's side tables).
Node FromWire(const wire::WireValue& value, const structured::Type& type);

// One step of a path into a value: an attribute or string key, or a list index.
struct PathStep {
  bool is_index = false;
  std::string name;
  int64_t index = 0;
};
// Marks the node at `path` sensitive; a path that leads nowhere marks nothing.
void MarkPath(Node& root, const std::vector<PathStep>& path);

bool ContainsUnknown(const Node& node);

// `show -json` forms: the value with unknowns left out (members dropped, elements null),
// after_unknown and before/after_sensitive.
void AppendValueJson(const Node& node, std::string& out);
void AppendUnknownJson(const Node& node, std::string& out);
void AppendSensitiveJson(const Node& node, std::string& out);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_VALUE_NODE_H_
