#include "structured/wire/internal/unify.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace planview::structured::wire::internal {
namespace {

// The values of a container's children (object members: their values).
std::vector<Value> Children(Value v) {
  std::vector<Value> out;
  out.reserve(v.size());
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) out.push_back(v.at(i));
  } else if (v.is_object()) {
    for (size_t i = 0; i < v.size(); ++i) out.push_back(v.member(i).value);
  }
  return out;
}

// Object members with their attribute's position in `type`.
template <typename F>
void ForEachAttribute(Value v, const Type& type, F&& f) {
  const auto& attrs = type.attributes();
  for (size_t i = 0; i < v.size(); ++i) {
    Member m = v.member(i);
    auto it = std::lower_bound(attrs.begin(), attrs.end(), m.key,
                               [](const auto& a, std::string_view k) { return a.first < k; });
    if (it == attrs.end() || it->first != m.key) continue;
    f(static_cast<size_t>(it - attrs.begin()), m.value);
  }
}

// The runtime type of a decoded value: dynamic parts resolved from the recorded types,
// collections by the common type of their elements.
Type RuntimeTypeOf(const DynamicTypeEditor& types, Value v, const Type& declared) {
  if (declared.kind() == Type::Kind::kDynamic) {
    const Type* t = types.TypeOf(v);
    if (t == nullptr) return Type::Dynamic();
    Type own = *t;
    return RuntimeTypeOf(types, v, own);
  }
  if (!HasDynamic(declared) || v.is_null()) return declared;
  switch (declared.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap: {
      Type element = declared.element();
      bool first = true;
      for (Value c : Children(v)) {
        Type t = RuntimeTypeOf(types, c, declared.element());
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
      std::vector<Value> children = Children(v);
      for (size_t i = 0; i < declared.elements().size() && i < children.size(); ++i) {
        elems.push_back(RuntimeTypeOf(types, children[i], declared.elements()[i]));
      }
      return Type::Tuple(std::move(elems));
    }
    case Type::Kind::kObject: {
      std::vector<std::pair<std::string, Type>> attrs = declared.attributes();
      ForEachAttribute(v, declared, [&](size_t i, Value value) {
        attrs[i].second = RuntimeTypeOf(types, value, declared.attributes()[i].second);
      });
      return Type::Object(std::move(attrs));
    }
    default: return declared;
  }
}

// Gives untyped nulls and unknowns at dynamic positions under `v` the type `unified` (the
// collection's common element type) says they have.
void Retype(DynamicTypeEditor& types, Value v, const Type& declared, const Type& unified) {
  if (declared.kind() == Type::Kind::kDynamic) {
    if (unified.kind() == Type::Kind::kDynamic) return;
    const Type* t = types.TypeOf(v);
    if (t == nullptr || *t != unified) {
      Type own = t == nullptr ? Type::Dynamic() : *t;
      types.SetType(v, unified);
      if (own.kind() != Type::Kind::kDynamic) Retype(types, v, own, unified);
    }
    return;
  }
  if (!HasDynamic(declared) || v.is_null() || declared.kind() != unified.kind()) return;
  switch (declared.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap:
      for (Value c : Children(v)) Retype(types, c, declared.element(), unified.element());
      break;
    case Type::Kind::kTuple: {
      std::vector<Value> children = Children(v);
      size_t n = std::min({children.size(), declared.elements().size(), unified.elements().size()});
      for (size_t i = 0; i < n; ++i) Retype(types, children[i], declared.elements()[i], unified.elements()[i]);
      break;
    }
    case Type::Kind::kObject:
      if (unified.attributes().size() != declared.attributes().size()) return;
      ForEachAttribute(v, declared, [&](size_t i, Value value) {
        Retype(types, value, declared.attributes()[i].second, unified.attributes()[i].second);
      });
      break;
    default: break;
  }
}

}  // namespace

const Type* DynamicTypeEditor::TypeOf(Value v) const {
  auto added = added_.find(v.index());
  if (added != added_.end()) return &wv_.types[added->second];
  return wv_.DynamicTypeOf(v);
}

void DynamicTypeEditor::SetType(Value v, const Type& type) {
  uint32_t slot = static_cast<uint32_t>(wv_.types.size());
  wv_.types.push_back(type);
  auto& table = wv_.dynamic_types;
  auto it = std::lower_bound(table.begin(), table.end(), v.index(),
                             [](const std::pair<uint32_t, uint32_t>& e, uint32_t i) { return e.first < i; });
  if (it != table.end() && it->first == v.index()) {
    it->second = slot;
  } else {
    added_[v.index()] = slot;
  }
}

void DynamicTypeEditor::Commit() {
  if (added_.empty()) return;
  auto& table = wv_.dynamic_types;
  for (const auto& [index, slot] : added_) table.emplace_back(index, slot);
  std::sort(table.begin(), table.end());
  added_.clear();
}

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

std::optional<std::string> UnifyElements(DynamicTypeEditor& types, Value collection, const Type& type,
                                         std::string_view prefix) {
  std::vector<Value> children = Children(collection);
  if (children.empty()) return std::nullopt;
  Type first = RuntimeTypeOf(types, children[0], type.element());
  Type unified = first;
  for (size_t i = 1; i < children.size(); ++i) {
    Type t = RuntimeTypeOf(types, children[i], type.element());
    std::optional<Type> u = UnifyTypes(unified, t);
    if (!u) return fmt::format("{}elements must all have the same type: {} and {}", prefix, unified.ToJson(), t.ToJson());
    unified = *u;
  }
  // Elements already of the first one's type need nothing.
  size_t from = unified == first ? 1 : 0;
  for (size_t i = from; i < children.size(); ++i) Retype(types, children[i], type.element(), unified);
  return std::nullopt;
}

}  // namespace planview::structured::wire::internal
