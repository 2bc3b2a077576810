// Marking a value's positions sensitive, as `show -json` derives before/after_sensitive:
// what a schema marks sensitive (attributes, also inside nested attribute types, and
// nested blocks) and the positions sensitive paths lead to. One walk for both kinds of
// value a plan file gives: a Node tree (values decoded untyped, prior state) and a
// decoded document (values decoded with a type), whose marks are a list of positions.
#ifndef PLANVIEW_PLANFILE_INTERNAL_SENSITIVE_MARKS_H_
#define PLANVIEW_PLANFILE_INTERNAL_SENSITIVE_MARKS_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "planfile/internal/value_node.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::planfile::internal {

// A position of a Node tree; marking sets Node::sensitive.
class NodeTarget {
 public:
  explicit NodeTarget(Node& node) : node_(&node) {}
  bool is_object() const { return node_->kind == Node::Kind::kObject; }
  bool is_array() const { return node_->kind == Node::Kind::kArray; }
  size_t size() const { return node_->children.size(); }
  NodeTarget child(size_t i) const { return NodeTarget(node_->children[i]); }
  std::optional<NodeTarget> member(std::string_view name) const {
    Node* child = node_->Member(name);
    if (child == nullptr) return std::nullopt;
    return NodeTarget(*child);
  }
  void Mark() const { node_->sensitive = true; }

 private:
  Node* node_;
};

// A position of a decoded document (an unknown is null there, as it is no container in a
// Node tree); marking adds its Value::index() to `marks` (unsorted, may repeat).
class ValueTarget {
 public:
  ValueTarget(structured::Value value, std::vector<uint32_t>& marks) : value_(value), marks_(&marks) {}
  bool is_object() const { return value_.is_object(); }
  bool is_array() const { return value_.is_array(); }
  size_t size() const { return value_.size(); }
  ValueTarget child(size_t i) const {
    return ValueTarget(value_.is_array() ? value_.at(i) : value_.member(i).value, *marks_);
  }
  std::optional<ValueTarget> member(std::string_view name) const {
    structured::Value child = value_.find(name);
    if (child.absent()) return std::nullopt;
    return ValueTarget(child, *marks_);
  }
  void Mark() const { marks_->push_back(value_.index()); }

 private:
  structured::Value value_;
  std::vector<uint32_t>* marks_;
};

namespace marks_internal {

template <typename Target, typename Visit>
void ForEachNested(const Target& target, structured::NestingMode mode, const Visit& visit) {
  switch (mode) {
    case structured::NestingMode::kSingle:
    case structured::NestingMode::kGroup:
      if (target.is_object()) visit(target);
      return;
    case structured::NestingMode::kList:
    case structured::NestingMode::kSet:
      if (target.is_array()) {
        for (size_t i = 0; i < target.size(); ++i) visit(target.child(i));
      }
      return;
    case structured::NestingMode::kMap:
      if (target.is_object()) {
        for (size_t i = 0; i < target.size(); ++i) visit(target.child(i));
      }
      return;
  }
}

template <typename Target, typename Attributes>
void MarkAttributes(const Target& target, const Attributes& attributes) {
  if (!target.is_object()) return;
  for (const auto& [name, attribute] : attributes) {
    std::optional<Target> child = target.member(name);
    if (!child) continue;
    if (attribute.sensitive) {
      child->Mark();
    } else if (attribute.nested_type && attribute.nested_type->may_hold_sensitive) {
      const structured::NestedType& nested = *attribute.nested_type;
      ForEachNested(*child, nested.nesting_mode, [&](const Target& t) { MarkAttributes(t, nested.attributes); });
    }
  }
}

}  // namespace marks_internal

// Marks what `block` marks sensitive in a resource value.
template <typename Target>
void MarkSchemaSensitive(const Target& target, const structured::Block& block) {
  if (!block.may_hold_sensitive) return;  // nothing to mark: no walk
  marks_internal::MarkAttributes(target, block.attributes);
  if (!target.is_object()) return;
  for (const auto& [name, block_type] : block.block_types) {
    std::optional<Target> child = target.member(name);
    if (!child || !block_type.block) continue;
    const structured::Block& inner = *block_type.block;
    marks_internal::ForEachNested(*child, block_type.nesting_mode,
                                  [&](const Target& t) { MarkSchemaSensitive(t, inner); });
  }
}

// Marks the position at `path`; a path that leads nowhere marks nothing.
template <typename Target>
void MarkPath(const Target& root, const std::vector<PathStep>& path) {
  std::optional<Target> at = root;
  for (const PathStep& step : path) {
    if (step.is_index && at->is_array()) {
      if (step.index < 0 || static_cast<uint64_t>(step.index) >= at->size()) return;
      at = at->child(static_cast<size_t>(step.index));
    } else if (!step.is_index && at->is_object()) {
      at = at->member(step.name);
      if (!at) return;
    } else {
      return;
    }
  }
  at->Mark();
}

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_SENSITIVE_MARKS_H_
