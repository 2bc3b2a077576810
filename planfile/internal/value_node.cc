#include "planfile/internal/value_node.h"

#include <algorithm>
#include <optional>

#include "structured/json_text.h"

namespace planview::planfile::internal {

using structured::Type;
using structured::Value;

Node* Node::Member(std::string_view key) {
  auto it = std::lower_bound(keys.begin(), keys.end(), key);
  return it != keys.end() && *it == key ? &children[static_cast<size_t>(it - keys.begin())] : nullptr;
}

bool Node::UnknownMarkerIsFalse() const {
  return kind != Kind::kUnknown && kind != Kind::kArray && kind != Kind::kObject;
}

bool Node::SensitiveMarkerIsFalse() const {
  if (sensitive) return false;
  if (kind == Kind::kUnknown) return shape == Shape::kPrimitive;
  return kind != Kind::kArray && kind != Kind::kObject;
}

Node::Shape ShapeOf(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kTuple:
      return Node::Shape::kSequence;
    case Type::Kind::kMap:
    case Type::Kind::kObject:
      return Node::Shape::kMapping;
    default:
      return Node::Shape::kPrimitive;
  }
}

Node ScalarFromJson(Value v) {
  Node node;
  switch (v.kind()) {
    case structured::Kind::kBool:
      node.kind = Node::Kind::kBool;
      node.text = v.as_bool() ? "true" : "false";
      break;
    case structured::Kind::kNumber:
      node.kind = Node::Kind::kNumber;
      node.text = std::string(v.text());
      break;
    case structured::Kind::kString:
      node.kind = Node::Kind::kString;
      node.text = std::string(v.text());
      break;
    default:
      break;
  }
  return node;
}

namespace {

Node FromWireAt(const wire::WireValue& wv, Value v, Value unknown, const Type& declared) {
  const Type* type = &declared;
  if (declared.kind() == Type::Kind::kDynamic) {
    if (const Type* runtime = wv.DynamicTypeOf(v)) type = runtime;
  }
  Node node;
  if (unknown.is_true()) {
    node.kind = Node::Kind::kUnknown;
    node.shape = ShapeOf(*type);
    return node;
  }
  switch (v.kind()) {
    case structured::Kind::kNull:
    case structured::Kind::kBool:
    case structured::Kind::kNumber:
    case structured::Kind::kString:
      node = ScalarFromJson(v);
      break;
    case structured::Kind::kArray: {
      node.kind = Node::Kind::kArray;
      node.children.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        Type element;
        if (type->kind() == Type::Kind::kTuple) {
          if (i < type->elements().size()) element = type->elements()[i];
        } else if (type->is_collection()) {
          element = type->element();
        }
        node.children.push_back(FromWireAt(wv, v.at(i), wire::UnknownChild(unknown, i), element));
      }
      break;
    }
    case structured::Kind::kObject: {
      node.kind = Node::Kind::kObject;
      node.children.reserve(v.size());
      node.keys.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        structured::Member m = v.member(i);
        Type element;
        if (type->kind() == Type::Kind::kObject) {
          if (const Type* a = type->attribute(m.key)) element = *a;
        } else if (type->is_collection()) {
          element = type->element();
        }
        node.keys.emplace_back(m.key);
        node.children.push_back(FromWireAt(wv, m.value, wire::UnknownChild(unknown, m.key), element));
      }
      break;
    }
  }
  return node;
}

using structured::AppendGoJsonString;

}  // namespace

Node FromWire(const wire::WireValue& value, const Type& type) {
  return FromWireAt(value, value.root(), value.unknown_root(), type);
}

void MarkPath(Node& root, const std::vector<PathStep>& path) {
  Node* node = &root;
  for (const PathStep& step : path) {
    if (step.is_index && node->kind == Node::Kind::kArray) {
      if (step.index < 0 || static_cast<uint64_t>(step.index) >= node->children.size()) return;
      node = &node->children[static_cast<size_t>(step.index)];
    } else if (!step.is_index && node->kind == Node::Kind::kObject) {
      node = node->Member(step.name);
      if (node == nullptr) return;
    } else {
      return;
    }
  }
  node->sensitive = true;
}

bool ContainsUnknown(const Node& node) {
  if (node.kind == Node::Kind::kUnknown) return true;
  for (const Node& child : node.children) {
    if (ContainsUnknown(child)) return true;
  }
  return false;
}

void AppendValueJson(const Node& node, std::string& out) {
  switch (node.kind) {
    case Node::Kind::kNull:
    case Node::Kind::kUnknown:
      out += "null";
      return;
    case Node::Kind::kBool:
    case Node::Kind::kNumber:
      out += node.text;
      return;
    case Node::Kind::kString:
      AppendGoJsonString(out, node.text);
      return;
    case Node::Kind::kArray:
      out += '[';
      for (size_t i = 0; i < node.children.size(); ++i) {
        if (i > 0) out += ',';
        AppendValueJson(node.children[i], out);
      }
      out += ']';
      return;
    case Node::Kind::kObject: {
      out += '{';
      bool first = true;
      for (size_t i = 0; i < node.keys.size(); ++i) {
        const std::string& key = node.keys[i];
        const Node& child = node.children[i];
        if (child.kind == Node::Kind::kUnknown) continue;
        if (!first) out += ',';
        first = false;
        AppendGoJsonString(out, key);
        out += ':';
        AppendValueJson(child, out);
      }
      out += '}';
      return;
    }
  }
}

namespace {

// Writes a marker tree (after_unknown, before/after_sensitive): `leaf` gives a node's
// marker text, or nothing for an array or object to descend into; object members whose
// marker `omit` says is `false` are left out.
template <typename Leaf, typename Omit>
void AppendMarkers(const Node& node, std::string& out, const Leaf& leaf, const Omit& omit) {
  if (std::optional<std::string_view> text = leaf(node)) {
    out += *text;
    return;
  }
  const bool object = node.kind == Node::Kind::kObject;
  out += object ? '{' : '[';
  bool first = true;
  for (size_t i = 0; i < node.children.size(); ++i) {
    const Node& child = node.children[i];
    if (object && omit(child)) continue;
    if (!first) out += ',';
    first = false;
    if (object) {
      AppendGoJsonString(out, node.keys[i]);
      out += ':';
    }
    AppendMarkers(child, out, leaf, omit);
  }
  out += object ? '}' : ']';
}

bool IsContainer(const Node& node) { return node.kind == Node::Kind::kArray || node.kind == Node::Kind::kObject; }

}  // namespace

void AppendUnknownJson(const Node& node, std::string& out) {
  AppendMarkers(
      node, out,
      [](const Node& n) -> std::optional<std::string_view> {
        if (IsContainer(n)) return std::nullopt;
        return n.kind == Node::Kind::kUnknown ? "true" : "false";
      },
      [](const Node& n) { return n.UnknownMarkerIsFalse(); });
}

void AppendSensitiveJson(const Node& node, std::string& out) {
  AppendMarkers(
      node, out,
      [](const Node& n) -> std::optional<std::string_view> {
        if (n.sensitive) return "true";
        if (IsContainer(n)) return std::nullopt;
        if (n.kind != Node::Kind::kUnknown) return "false";
        return n.shape == Node::Shape::kSequence ? "[]" : n.shape == Node::Shape::kMapping ? "{}" : "false";
      },
      [](const Node& n) { return n.SensitiveMarkerIsFalse(); });
}

}  // namespace planview::planfile::internal
