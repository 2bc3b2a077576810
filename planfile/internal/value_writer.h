// A plan value in the three forms `show -json` writes it, written in place into the plan's
// document (document_out.h): the value with unknowns left out (object members dropped,
// array elements null), `after_unknown` and `before/after_sensitive`. One set of rules for
// both kinds of value a plan file gives, each seen through a view:
// - WireView: a value decoded with a type (wire::WireValue: value document, unknown
//   markers, runtime types of dynamic positions) and the positions marked sensitive.
// - NodeView: a Node tree (values decoded untyped, prior state).
#ifndef PLANVIEW_PLANFILE_INTERNAL_VALUE_WRITER_H_
#define PLANVIEW_PLANFILE_INTERNAL_VALUE_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "planfile/internal/document_out.h"
#include "planfile/internal/value_node.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "wire/wire_value.h"

namespace planview::planfile::internal {

// The type `dynamic` (one shared instance, for values that carry their own type).
const structured::Type& DynamicType();

class NodeView {
 public:
  explicit NodeView(const Node& node) : node_(&node) {}
  Node::Kind kind() const { return node_->kind; }
  bool as_bool() const { return node_->text == "true"; }
  std::string_view text() const { return node_->text; }
  size_t size() const { return node_->children.size(); }
  NodeView child(size_t i) const { return NodeView(node_->children[i]); }
  std::string_view key(size_t i) const { return node_->keys[i]; }
  bool sensitive() const { return node_->sensitive; }
  Node::Shape shape() const { return node_->shape; }
  bool ContainsUnknown() const { return internal::ContainsUnknown(*node_); }

 private:
  const Node* node_;
};

// A decoded value and what is marked sensitive in it: `marks` holds Value::index() of the
// marked positions (sensitive_marks.h), sorted. It outlives its views.
struct MarkedValue {
  wire::WireValue wire;
  std::vector<uint32_t> marks;
};

class WireView {
 public:
  // The root of `value`, declared as `type` (which outlives the view).
  WireView(const MarkedValue& value, const structured::Type& type)
      : WireView(value, value.wire.root(), value.wire.unknown_root(), type) {}
  Node::Kind kind() const;
  structured::Value value() const { return value_; }
  bool as_bool() const { return value_.as_bool(); }
  std::string_view text() const { return value_.text(); }
  size_t size() const { return value_.size(); }
  WireView child(size_t i) const;
  std::string_view key(size_t i) const { return value_.member(i).key; }
  bool sensitive() const;
  Node::Shape shape() const { return ShapeOf(*type_); }
  bool ContainsUnknown() const;
  // True when no position at or under this one is unknown.
  bool WhollyKnown() const;

 private:
  WireView(const MarkedValue& marked, structured::Value value, structured::Value unknown,
           const structured::Type& declared);
  const MarkedValue* marked_;
  structured::Value value_;
  structured::Value unknown_;
  const structured::Type* type_;  // the declared type, a dynamic one resolved from the value
};

// Strings and keys are written as `show -json`'s text holds them (Go's JSON: each byte that
// is not valid UTF-8 as U+FFFD; keys that then repeat or fall out of order sorted, the last
// of equal ones kept). A value holding an infinity cannot be written: the error names
// where ("at [\"a\"][1]: cannot serialize infinity as JSON"), and the slot is left unwritten.
base::Expected<void> PutValue(DocumentOut& out, uint32_t at, const NodeView& view);
base::Expected<void> PutValue(DocumentOut& out, uint32_t at, const WireView& view);
void PutUnknownMarkers(DocumentOut& out, uint32_t at, const NodeView& view);
void PutUnknownMarkers(DocumentOut& out, uint32_t at, const WireView& view);
void PutSensitiveMarkers(DocumentOut& out, uint32_t at, const NodeView& view);
void PutSensitiveMarkers(DocumentOut& out, uint32_t at, const WireView& view);

// Copies a parsed value (object members in their order; an object of more than 16 members
// must be in key order, as every map `show -json` writes is). Parsed JSON holds no
// infinity, so this cannot fail.
void PutCopy(DocumentOut& out, uint32_t at, structured::Value value);

// A Node's value and sensitivity markers as compact JSON text (Go's string escapes), for
// the parts of the document written as text (prior_state).
void AppendValueJson(const Node& node, std::string& out);
void AppendSensitiveJson(const Node& node, std::string& out);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_VALUE_WRITER_H_
