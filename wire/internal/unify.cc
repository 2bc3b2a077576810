#include "wire/internal/unify.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace planview::wire::internal {

using structured::Member;
using structured::Type;
using structured::Value;

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

// Drops the types recorded under `v` (of type `type`) at positions that are no longer
// dynamic: after a value's type was replaced by the common element type, only the
// positions that type leaves dynamic carry types of their own.
void PruneChildren(DynamicTypeEditor& types, Value v, const Type& type) {
  if (v.is_null() || !(v.is_array() || v.is_object())) return;
  auto child = [&](Value c, const Type& declared) {
    if (declared.kind() == Type::Kind::kDynamic) {
      if (const Type* t = types.TypeOf(c)) {
        Type own = *t;
        PruneChildren(types, c, own);
      }
      return;
    }
    types.Remove(c);
    PruneChildren(types, c, declared);
  };
  switch (type.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap:
      for (Value c : Children(v)) child(c, type.element());
      break;
    case Type::Kind::kTuple: {
      std::vector<Value> children = Children(v);
      for (size_t i = 0; i < children.size() && i < type.elements().size(); ++i) child(children[i], type.elements()[i]);
      break;
    }
    case Type::Kind::kObject:
      ForEachAttribute(v, type, [&](size_t i, Value value) { child(value, type.attributes()[i].second); });
      break;
    default: break;
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
      PruneChildren(types, v, unified);
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
  if (added != added_.end()) return added->second == kRemoved ? nullptr : &wv_.types[added->second];
  return wv_.DynamicTypeOf(v);
}

void DynamicTypeEditor::Remove(Value v) {
  if (TypeOf(v) != nullptr) added_[v.index()] = kRemoved;
}

void DynamicTypeEditor::SetType(Value v, const Type& type) {
  added_[v.index()] = static_cast<uint32_t>(wv_.types.size());
  wv_.types.push_back(type);
}

void DynamicTypeEditor::Commit() {
  if (added_.empty()) return;
  auto& table = wv_.dynamic_types;
  std::vector<std::pair<uint32_t, uint32_t>> merged;
  merged.reserve(table.size() + added_.size());
  for (const auto& entry : table) {
    if (added_.count(entry.first) == 0) merged.push_back(entry);
  }
  for (const auto& [index, slot] : added_) {
    if (slot != kRemoved) merged.emplace_back(index, slot);
  }
  std::sort(merged.begin(), merged.end());
  table = std::move(merged);
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
                                         std::string_view prefix,
                                         std::span<const std::pair<int32_t, int32_t>> input_order, bool retype_all) {
  std::vector<Value> children = Children(collection);
  std::vector<Type> runtime;
  std::vector<Value> given;  // absent for dropped nulls
  if (input_order.empty()) {
    given = children;
  } else {
    for (auto [position, slot] : input_order) {
      given.push_back(position >= 0 ? children[static_cast<size_t>(position)] : Value());
    }
  }
  for (size_t i = 0; i < given.size(); ++i) {
    if (!given[i].absent()) {
      runtime.push_back(RuntimeTypeOf(types, given[i], type.element()));
    } else {
      int32_t slot = input_order[i].second;
      runtime.push_back(slot >= 0 ? types.TypeAt(static_cast<uint32_t>(slot)) : Type::Dynamic());
    }
  }
  if (runtime.empty()) return std::nullopt;
  Type first = runtime[0];
  Type unified = first;
  for (size_t i = 1; i < runtime.size(); ++i) {
    std::optional<Type> u = UnifyTypes(unified, runtime[i]);
    if (!u) {
      return fmt::format("{}elements must all have the same type: {} and {}", prefix, unified.ToJson(),
                         runtime[i].ToJson());
    }
    unified = *u;
  }
  // Elements already of the first one's type need nothing.
  size_t from = unified == first && !retype_all ? 1 : 0;
  for (size_t i = from; i < given.size(); ++i) {
    if (!given[i].absent()) Retype(types, given[i], type.element(), unified);
  }
  return std::nullopt;
}

}  // namespace planview::wire::internal
