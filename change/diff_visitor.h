// The read-only structure of a diff tree, for code that walks it (output formats, viewers,
// tests): Diff::Accept(visitor) calls the one method for what that node is, with what it
// holds. The node itself gives its action and replace flag (Diff::action(), replace()).
//
// Contract: one call per Accept on a valid diff, none on an empty one (Diff::valid() is
// false); the visitor recurses by calling Accept on the children it is given. Children come
// in the order the text rendering uses: keys sorted bytewise, elements by index. Everything
// is given as computed, sensitive values included: a presentation that may hide them asks
// change/redaction.h (the one policy) at each sensitive node and for nested blocks.
// References are valid as long as the tree (and the Documents its values point into).
#ifndef PLANVIEW_CHANGE_DIFF_VISITOR_H_
#define PLANVIEW_CHANGE_DIFF_VISITOR_H_

#include <span>

#include "change/diff.h"
#include "change/renderers/renderers.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"

namespace planview::change {

using renderers::Blocks;
using renderers::DiffMap;

// A primitive value (or a whole value shown as one). A side without a value is absent
// (Value::absent()) or JSON null.
struct PrimitiveNode {
  const structured::Value& before;
  const structured::Value& after;
  const structured::Type& type;
};

// A list or a set (kList / kSet).
struct SequenceNode {
  bool set;
  std::span<const Diff> elements;
  bool display_context;  // a list of attributes: unchanged neighbours of a change are shown
  bool override_forces_replacement;  // a nested set: its replace flag goes onto its elements
};

struct MapNode {
  const DiffMap& elements;
  bool align_keys;  // a map attribute (false: a nested map of objects)
  bool override_forces_replacement;
  bool override_null_suffix;
};

struct ObjectNode {
  const DiffMap& attributes;
  bool override_null_suffix;
};

// A block: its attributes, and its nested blocks by nesting mode with each block type's
// replace / sensitive / unknown flags (see renderers::Blocks).
struct BlockNode {
  const DiffMap& attributes;
  const Blocks& blocks;
};

// A value (kSensitive) or a nested block (kSensitiveBlock) that is sensitive as a whole,
// on the sides it says.
struct SensitiveNode {
  bool block;
  const Diff& inner;
  bool before_sensitive;
  bool after_sensitive;
};

class DiffVisitor {
 public:
  virtual ~DiffVisitor() = default;
  virtual void Primitive(const Diff& /*node*/, const PrimitiveNode& /*primitive*/) {}
  virtual void Sequence(const Diff& /*node*/, const SequenceNode& /*sequence*/) {}
  virtual void Map(const Diff& /*node*/, const MapNode& /*map*/) {}
  virtual void Object(const Diff& /*node*/, const ObjectNode& /*object*/) {}
  virtual void Block(const Diff& /*node*/, const BlockNode& /*block*/) {}
  virtual void Sensitive(const Diff& /*node*/, const SensitiveNode& /*sensitive*/) {}
  // A value whose type changes: the old value and the new one, each a whole diff.
  virtual void TypeChange(const Diff& /*node*/, const Diff& /*before*/, const Diff& /*after*/) {}
  // A value known only after apply; `before` is what it was (empty when nothing).
  virtual void Unknown(const Diff& /*node*/, const Diff& /*before*/) {}
  // A write-only attribute (its value is never known); `sensitive` is Terraform's wording.
  virtual void WriteOnly(const Diff& /*node*/, bool /*sensitive*/) {}
};

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_VISITOR_H_
