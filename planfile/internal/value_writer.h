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
#include <memory>
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

// The kind of a parsed or decoded value's position.
inline Node::Kind KindOf(structured::Value value) {
  switch (value.kind()) {
    case structured::Kind::kNull: return Node::Kind::kNull;
    case structured::Kind::kBool: return Node::Kind::kBool;
    case structured::Kind::kNumber: return Node::Kind::kNumber;
    case structured::Kind::kString: return Node::Kind::kString;
    case structured::Kind::kArray: return Node::Kind::kArray;
    case structured::Kind::kObject: return Node::Kind::kObject;
  }
  return Node::Kind::kNull;
}

class NodeView {
 public:
  explicit NodeView(const Node& node) : node_(&node) {}
  Node::Kind kind() const { return node_->kind; }
  bool as_bool() const { return node_->text == "true"; }
  std::string_view text() const { return node_->text; }
  size_t size() const { return node_->children.size(); }
  NodeView child(size_t i) const { return NodeView(node_->children[i]); }
  std::string_view key(size_t i) const { return node_->keys[i]; }
  // Calls fn(key, child) for each member of an object, in order.
  template <typename Fn>
  void ForEachMember(const Fn& fn) const {
    for (size_t i = 0; i < node_->children.size(); ++i) {
      fn(std::string_view(node_->keys[i]), NodeView(node_->children[i]));
    }
  }
  bool sensitive() const { return node_->sensitive; }
  // Strings and keys are not known to be valid UTF-8.
  bool exact() const { return false; }
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
  Node::Kind kind() const { return unknown_.is_true() ? Node::Kind::kUnknown : KindOf(value_); }
  structured::Value value() const { return value_; }
  bool as_bool() const { return value_.as_bool(); }
  std::string_view text() const { return value_.text(); }
  size_t size() const { return value_.size(); }
  WireView child(size_t i) const;
  std::string_view key(size_t i) const { return value_.member(i).key; }
  // Calls fn(key, child) for each member of an object, in order. The members' unknown
  // markers are found in the same pass (an object's members and its marker's are both in
  // key order, the marker's a subset), not looked up one by one.
  template <typename Fn>
  void ForEachMember(const Fn& fn) const {
    const size_t n = value_.size();
    const bool all_unknown = unknown_.is_true();
    const size_t markers = all_unknown ? 0 : unknown_.size();
    size_t j = 0;
    for (size_t i = 0; i < n; ++i) {
      const structured::Member m = value_.member(i);
      structured::Value marker = all_unknown ? unknown_ : structured::Value();
      while (j < markers) {
        const structured::Member u = unknown_.member(j);
        if (u.key > m.key) break;
        ++j;
        if (u.key == m.key) {
          marker = u.value;
          break;
        }
      }
      fn(m.key, WireView(*marked_, m.value, marker, MemberType(i, m.key)));
    }
  }
  bool sensitive() const;
  // True when no position of the whole value is marked sensitive.
  bool NoneSensitive() const { return marked_->marks.empty(); }
  // True when the decoder saw every string and key of the value valid UTF-8 and no
  // infinity in it (wire::WireValue::json_exact): they are written as they are.
  bool exact() const { return marked_->wire.json_exact; }
  Node::Shape shape() const { return ShapeOf(*type_); }
  bool ContainsUnknown() const;
  // True when no position at or under this one is unknown.
  bool WhollyKnown() const;

 private:
  WireView(const MarkedValue& marked, structured::Value value, structured::Value unknown,
           const structured::Type& declared);
  // The declared type of member i (its key `key`) of this object or map.
  const structured::Type& MemberType(size_t i, std::string_view key) const;
  const MarkedValue* marked_;
  structured::Value value_;
  structured::Value unknown_;
  const structured::Type* type_;  // the declared type, a dynamic one resolved from the value
};

// Where one change's values and marker trees are written: the builder of `out`, each key
// stored in it once and shared by every tree. Keys are found again by the address of their
// text, so the text of every key written through a ValueOut must stay where it is,
// unchanged, while the ValueOut is used (the decoded values outlive it). Not thread-safe.
class ValueOut {
 public:
  explicit ValueOut(DocumentOut& out);
  ~ValueOut();
  ValueOut(const ValueOut&) = delete;
  ValueOut& operator=(const ValueOut&) = delete;
  structured::DocumentBuilder& b() { return out_.b(); }
  // The stored key for `key`, or false when it is not valid UTF-8 (nothing is stored;
  // `exact`: it is known to be valid).
  bool Key(std::string_view key, structured::DocumentBuilder::KeyId& id, bool exact);

  // Keys for DocumentBuilder::PutCopy: keys of decoded values known to be valid UTF-8.
  structured::DocumentBuilder::KeyMap& exact_keys() { return exact_keys_; }

  struct Stacks;  // the tree walk's scratch (value_writer.cc)
  Stacks& stacks() { return *stacks_; }

 private:
  struct CachedKey {
    const char* text = nullptr;
    size_t size = 0;
    structured::DocumentBuilder::KeyId id{};
  };
  static constexpr size_t kCachedKeys = 128;
  DocumentOut& out_;
  std::unique_ptr<Stacks> stacks_;
  CachedKey keys_[kCachedKeys];
  struct ExactKeys final : structured::DocumentBuilder::KeyMap {
    explicit ExactKeys(ValueOut& out) : out(out) {}
    structured::DocumentBuilder::KeyId Map(std::string_view key) override;
    ValueOut& out;
  } exact_keys_{*this};
};

// Strings and keys are written as `show -json`'s text holds them (Go's JSON: each byte that
// is not valid UTF-8 as U+FFFD; keys that then repeat or fall out of order sorted, the last
// of equal ones kept). A value holding an infinity cannot be written: the error names
// where ("at [\"a\"][1]: cannot serialize infinity as JSON"), and the slot is left unwritten.
base::Expected<void> PutValue(ValueOut& out, uint32_t at, const NodeView& view);
base::Expected<void> PutValue(ValueOut& out, uint32_t at, const WireView& view);
void PutUnknownMarkers(ValueOut& out, uint32_t at, const NodeView& view);
void PutUnknownMarkers(ValueOut& out, uint32_t at, const WireView& view);
void PutSensitiveMarkers(ValueOut& out, uint32_t at, const NodeView& view);
void PutSensitiveMarkers(ValueOut& out, uint32_t at, const WireView& view);

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
