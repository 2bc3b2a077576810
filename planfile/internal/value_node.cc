#include "planfile/internal/value_node.h"

#include <algorithm>
#include <optional>


namespace planview::planfile::internal {

using structured::Type;
using structured::Value;

Node* Node::Member(std::string_view key) {
  auto it = std::lower_bound(keys.begin(), keys.end(), key);
  return it != keys.end() && *it == key ? &children[static_cast<size_t>(it - keys.begin())] : nullptr;
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

}  // namespace

Node FromWire(const wire::WireValue& value, const Type& type) {
  return FromWireAt(value, value.root(), value.unknown_root(), type);
}

bool ContainsUnknown(const Node& node) {
  if (node.kind == Node::Kind::kUnknown) return true;
  for (const Node& child : node.children) {
    if (ContainsUnknown(child)) return true;
  }
  return false;
}

}  // namespace planview::planfile::internal
