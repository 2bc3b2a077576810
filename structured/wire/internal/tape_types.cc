// Runtime types of decoded subtrees, for collections whose element type contains
// `dynamic`: all elements of a list, set or map must end up with one type.
#include <utility>
#include <vector>

#include "structured/wire/internal/tape.h"

namespace planview::structured::wire::internal {
namespace {

// Direct children of a container node (for objects: the value of each member).
std::vector<uint32_t> ValueChildren(const Tape& tape, uint32_t node) {
  std::vector<uint32_t> out;
  const Node& n = tape.nodes[node];
  bool object = n.tag == Tag::kObject;
  uint32_t c = node + 1;
  while (c < n.end) {
    if (object) c = tape.nodes[c].end;  // skip the key
    out.push_back(c);
    c = tape.nodes[c].end;
  }
  return out;
}

// Object/map members as (key, value index).
std::vector<std::pair<uint32_t, uint32_t>> Members(const Tape& tape, uint32_t node) {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  const Node& n = tape.nodes[node];
  uint32_t c = node + 1;
  while (c < n.end) {
    uint32_t key = c;
    uint32_t value = tape.nodes[c].end;
    out.emplace_back(key, value);
    c = tape.nodes[value].end;
  }
  return out;
}

}  // namespace

std::optional<Type> UnifyTypes(const Type& a, const Type& b) {
  if (a.kind() == Type::Kind::kDynamic) return b;
  if (b.kind() == Type::Kind::kDynamic) return a;
  if (a.kind() != b.kind()) return std::nullopt;
  switch (a.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap: {
      std::optional<Type> e = UnifyTypes(a.element(), b.element());
      if (!e) return std::nullopt;
      if (a.kind() == Type::Kind::kList) return Type::List(*e);
      if (a.kind() == Type::Kind::kSet) return Type::Set(*e);
      return Type::Map(*e);
    }
    case Type::Kind::kTuple: {
      if (a.elements().size() != b.elements().size()) return std::nullopt;
      std::vector<Type> elems;
      for (size_t i = 0; i < a.elements().size(); ++i) {
        std::optional<Type> e = UnifyTypes(a.elements()[i], b.elements()[i]);
        if (!e) return std::nullopt;
        elems.push_back(*e);
      }
      return Type::Tuple(std::move(elems));
    }
    case Type::Kind::kObject: {
      const auto& x = a.attributes();
      const auto& y = b.attributes();
      if (x.size() != y.size()) return std::nullopt;
      std::vector<std::pair<std::string, Type>> attrs;
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first) return std::nullopt;
        std::optional<Type> e = UnifyTypes(x[i].second, y[i].second);
        if (!e) return std::nullopt;
        attrs.emplace_back(x[i].first, *e);
      }
      return Type::Object(std::move(attrs));
    }
    default: return a;
  }
}

Type TapeRuntimeType(const Tape& tape, uint32_t node, const Type& declared) {
  const Node& n = tape.nodes[node];
  if (declared.kind() == Type::Kind::kDynamic) {
    const Type* t = tape.TypeOf(n);
    if (t == nullptr) return Type::Dynamic();
    return TapeRuntimeType(tape, node, *t);
  }
  if (!HasDynamic(declared) || n.tag == Tag::kNull || n.tag == Tag::kUnknown) return declared;
  switch (declared.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap: {
      Type element = declared.element();
      bool first = true;
      for (uint32_t c : ValueChildren(tape, node)) {
        Type t = TapeRuntimeType(tape, c, declared.element());
        if (first) {
          element = t;
          first = false;
        } else if (std::optional<Type> u = UnifyTypes(element, t)) {
          element = *u;
        }
      }
      if (declared.kind() == Type::Kind::kList) return Type::List(element);
      if (declared.kind() == Type::Kind::kSet) return Type::Set(element);
      return Type::Map(element);
    }
    case Type::Kind::kTuple: {
      std::vector<Type> elems;
      std::vector<uint32_t> children = ValueChildren(tape, node);
      for (size_t i = 0; i < declared.elements().size() && i < children.size(); ++i) {
        elems.push_back(TapeRuntimeType(tape, children[i], declared.elements()[i]));
      }
      return Type::Tuple(std::move(elems));
    }
    case Type::Kind::kObject: {
      std::vector<std::pair<std::string, Type>> attrs;
      std::vector<std::pair<uint32_t, uint32_t>> members = Members(tape, node);
      for (const auto& [attr, t] : declared.attributes()) attrs.emplace_back(attr, t);
      for (auto [key, value] : members) {
        uint32_t attr_index = static_cast<uint32_t>(tape.nodes[key].aux);
        if (attr_index == 0 || attr_index > attrs.size()) continue;
        attrs[attr_index - 1].second = TapeRuntimeType(tape, value, declared.attributes()[attr_index - 1].second);
      }
      return Type::Object(std::move(attrs));
    }
    default: return declared;
  }
}

void RetypeDynamic(Tape& tape, uint32_t node, const Type& declared, const Type& unified) {
  Node& n = tape.nodes[node];
  if (declared.kind() == Type::Kind::kDynamic) {
    if (unified.kind() == Type::Kind::kDynamic) return;
    const Type* t = tape.TypeOf(n);
    if (t == nullptr || *t != unified) {
      Type own = t == nullptr ? Type::Dynamic() : *t;
      tape.types.push_back(unified);
      tape.ExtraOf(tape.nodes[node]).type = static_cast<int32_t>(tape.types.size() - 1);
      if (own.kind() != Type::Kind::kDynamic) RetypeDynamic(tape, node, own, unified);
    }
    return;
  }
  if (!HasDynamic(declared) || n.tag == Tag::kNull || n.tag == Tag::kUnknown) return;
  switch (declared.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap:
      for (uint32_t c : ValueChildren(tape, node)) RetypeDynamic(tape, c, declared.element(), unified.element());
      break;
    case Type::Kind::kTuple: {
      std::vector<uint32_t> children = ValueChildren(tape, node);
      for (size_t i = 0; i < children.size() && i < declared.elements().size(); ++i) {
        RetypeDynamic(tape, children[i], declared.elements()[i], unified.elements()[i]);
      }
      break;
    }
    case Type::Kind::kObject:
      for (auto [key, value] : Members(tape, node)) {
        uint32_t attr_index = tape.nodes[key].aux;
        if (attr_index == 0 || attr_index > declared.attributes().size()) continue;
        RetypeDynamic(tape, value, declared.attributes()[attr_index - 1].second,
                      unified.attributes()[attr_index - 1].second);
      }
      break;
    default: break;
  }
}

}  // namespace planview::structured::wire::internal
