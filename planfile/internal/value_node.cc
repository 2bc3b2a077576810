#include "planfile/internal/value_node.h"

#include <algorithm>

#include "structured/json_text.h"

namespace planview::planfile::internal {

using structured::Type;
using structured::Value;

Node* Node::Member(std::string_view key) {
  auto it = std::lower_bound(members.begin(), members.end(), key,
                             [](const std::pair<std::string, Node>& m, std::string_view k) { return m.first < k; });
  return it != members.end() && it->first == key ? &it->second : nullptr;
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

namespace {

Node FromWireAt(const structured::wire::WireValue& wv, Value v, Value unknown, const Type& declared) {
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
      break;
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
    case structured::Kind::kArray: {
      node.kind = Node::Kind::kArray;
      node.elements.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        Type element;
        if (type->kind() == Type::Kind::kTuple) {
          if (i < type->elements().size()) element = type->elements()[i];
        } else if (type->is_collection()) {
          element = type->element();
        }
        node.elements.push_back(FromWireAt(wv, v.at(i), structured::wire::UnknownChild(unknown, i), element));
      }
      break;
    }
    case structured::Kind::kObject: {
      node.kind = Node::Kind::kObject;
      node.members.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        structured::Member m = v.member(i);
        Type element;
        if (type->kind() == Type::Kind::kObject) {
          if (const Type* a = type->attribute(m.key)) element = *a;
        } else if (type->is_collection()) {
          element = type->element();
        }
        node.members.emplace_back(std::string(m.key),
                                  FromWireAt(wv, m.value, structured::wire::UnknownChild(unknown, m.key), element));
      }
      break;
    }
  }
  return node;
}

void AppendString(std::string& out, std::string_view text) { structured::AppendGoJsonString(out, text); }

}  // namespace

Node FromWire(const structured::wire::WireValue& value, const Type& type) {
  return FromWireAt(value, value.root(), value.unknown_root(), type);
}

void MarkPath(Node& root, const std::vector<PathStep>& path) {
  Node* node = &root;
  for (const PathStep& step : path) {
    if (step.is_index && node->kind == Node::Kind::kArray) {
      if (step.index < 0 || static_cast<uint64_t>(step.index) >= node->elements.size()) return;
      node = &node->elements[static_cast<size_t>(step.index)];
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
  for (const Node& element : node.elements) {
    if (ContainsUnknown(element)) return true;
  }
  for (const auto& [key, child] : node.members) {
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
      AppendString(out, node.text);
      return;
    case Node::Kind::kArray:
      out += '[';
      for (size_t i = 0; i < node.elements.size(); ++i) {
        if (i > 0) out += ',';
        AppendValueJson(node.elements[i], out);
      }
      out += ']';
      return;
    case Node::Kind::kObject: {
      out += '{';
      bool first = true;
      for (const auto& [key, child] : node.members) {
        if (child.kind == Node::Kind::kUnknown) continue;
        if (!first) out += ',';
        first = false;
        AppendString(out, key);
        out += ':';
        AppendValueJson(child, out);
      }
      out += '}';
      return;
    }
  }
}

void AppendUnknownJson(const Node& node, std::string& out) {
  switch (node.kind) {
    case Node::Kind::kUnknown:
      out += "true";
      return;
    case Node::Kind::kArray:
      out += '[';
      for (size_t i = 0; i < node.elements.size(); ++i) {
        if (i > 0) out += ',';
        AppendUnknownJson(node.elements[i], out);
      }
      out += ']';
      return;
    case Node::Kind::kObject: {
      out += '{';
      bool first = true;
      for (const auto& [key, child] : node.members) {
        if (child.UnknownMarkerIsFalse()) continue;
        if (!first) out += ',';
        first = false;
        AppendString(out, key);
        out += ':';
        AppendUnknownJson(child, out);
      }
      out += '}';
      return;
    }
    default:
      out += "false";
      return;
  }
}

void AppendSensitiveJson(const Node& node, std::string& out) {
  if (node.sensitive) {
    out += "true";
    return;
  }
  switch (node.kind) {
    case Node::Kind::kUnknown:
      out += node.shape == Node::Shape::kSequence ? "[]" : node.shape == Node::Shape::kMapping ? "{}" : "false";
      return;
    case Node::Kind::kArray:
      out += '[';
      for (size_t i = 0; i < node.elements.size(); ++i) {
        if (i > 0) out += ',';
        AppendSensitiveJson(node.elements[i], out);
      }
      out += ']';
      return;
    case Node::Kind::kObject: {
      out += '{';
      bool first = true;
      for (const auto& [key, child] : node.members) {
        if (child.SensitiveMarkerIsFalse()) continue;
        if (!first) out += ',';
        first = false;
        AppendString(out, key);
        out += ':';
        AppendSensitiveJson(child, out);
      }
      out += '}';
      return;
    }
    default:
      out += "false";
      return;
  }
}

}  // namespace planview::planfile::internal
