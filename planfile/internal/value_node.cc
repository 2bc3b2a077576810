#include "planfile/internal/value_node.h"

#include <algorithm>

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
      node.children.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        Type element;
        if (type->kind() == Type::Kind::kTuple) {
          if (i < type->elements().size()) element = type->elements()[i];
        } else if (type->is_collection()) {
          element = type->element();
        }
        node.children.push_back(FromWireAt(wv, v.at(i), structured::wire::UnknownChild(unknown, i), element));
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
        node.children.push_back(FromWireAt(wv, m.value, structured::wire::UnknownChild(unknown, m.key), element));
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
      AppendString(out, node.text);
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
      for (size_t i = 0; i < node.children.size(); ++i) {
        if (i > 0) out += ',';
        AppendUnknownJson(node.children[i], out);
      }
      out += ']';
      return;
    case Node::Kind::kObject: {
      out += '{';
      bool first = true;
      for (size_t i = 0; i < node.keys.size(); ++i) {
        const std::string& key = node.keys[i];
        const Node& child = node.children[i];
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
      for (size_t i = 0; i < node.children.size(); ++i) {
        if (i > 0) out += ',';
        AppendSensitiveJson(node.children[i], out);
      }
      out += ']';
      return;
    case Node::Kind::kObject: {
      out += '{';
      bool first = true;
      for (size_t i = 0; i < node.keys.size(); ++i) {
        const std::string& key = node.keys[i];
        const Node& child = node.children[i];
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
