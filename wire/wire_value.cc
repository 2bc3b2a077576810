#include "wire/wire_value.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace planview::wire {

using structured::Member;
using structured::Type;
using structured::Value;

namespace {

// The entry for node `index` in a table sorted by node index.
template <typename Entry>
const Entry* FindNode(const std::vector<Entry>& table, uint32_t index) {
  auto it = std::lower_bound(table.begin(), table.end(), index,
                             [](const Entry& e, uint32_t i) { return e.first < i; });
  return it != table.end() && it->first == index ? &*it : nullptr;
}

}  // namespace

const Refinements* WireValue::RefinementsOf(Value v) const {
  if (v.document() != value.get() || refinements.empty()) return nullptr;
  const auto* e = FindNode(refinements, v.index());
  return e == nullptr ? nullptr : &e->second;
}

const Type* WireValue::DynamicTypeOf(Value v) const {
  if (v.document() != value.get() || dynamic_types.empty()) return nullptr;
  const auto* e = FindNode(dynamic_types, v.index());
  return e == nullptr ? nullptr : &types[e->second];
}

bool WireValue::IsFloat64(Value v) const {
  return v.document() == value.get() && std::binary_search(float64_numbers.begin(), float64_numbers.end(), v.index());
}

Type WithoutOptionalAttributes(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kList: return Type::List(WithoutOptionalAttributes(type.element()));
    case Type::Kind::kSet: return Type::Set(WithoutOptionalAttributes(type.element()));
    case Type::Kind::kMap: return Type::Map(WithoutOptionalAttributes(type.element()));
    case Type::Kind::kTuple: {
      std::vector<Type> elems;
      for (const Type& t : type.elements()) elems.push_back(WithoutOptionalAttributes(t));
      return Type::Tuple(std::move(elems));
    }
    case Type::Kind::kObject: {
      std::vector<std::pair<std::string, Type>> attrs;
      for (const auto& [name, t] : type.attributes()) attrs.emplace_back(name, WithoutOptionalAttributes(t));
      return Type::Object(std::move(attrs));
    }
    default: return type;
  }
}

bool HasDynamic(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kDynamic: return true;
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap: return HasDynamic(type.element());
    case Type::Kind::kTuple:
      for (const Type& t : type.elements()) {
        if (HasDynamic(t)) return true;
      }
      return false;
    case Type::Kind::kObject:
      for (const auto& [name, t] : type.attributes()) {
        if (HasDynamic(t)) return true;
      }
      return false;
    default: return false;
  }
}

Type RuntimeType(const WireValue& wv, Value v, Value unknown, const Type& declared) {
  if (declared.kind() == Type::Kind::kDynamic) {
    const Type* t = wv.DynamicTypeOf(v);
    if (t == nullptr) return Type::Dynamic();
    return RuntimeType(wv, v, unknown, *t);
  }
  if (!HasDynamic(declared) || v.is_null() || unknown.is_true()) return declared;
  switch (declared.kind()) {
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap: {
      // Elements share one type: the first element whose type is fully known, else the
      // first one's.
      std::vector<Type> seen;
      if (declared.kind() == Type::Kind::kMap) {
        for (size_t i = 0; i < v.size(); ++i) {
          Member m = v.member(i);
          seen.push_back(RuntimeType(wv, m.value, UnknownChild(unknown, m.key), declared.element()));
        }
      } else {
        for (size_t i = 0; i < v.size(); ++i) {
          seen.push_back(RuntimeType(wv, v.at(i), UnknownChild(unknown, i), declared.element()));
        }
      }
      Type element = declared.element();
      for (const Type& t : seen) {
        if (!HasDynamic(t)) {
          element = t;
          break;
        }
      }
      if (HasDynamic(element) && !seen.empty()) element = seen.front();
      if (declared.kind() == Type::Kind::kList) return Type::List(element);
      if (declared.kind() == Type::Kind::kSet) return Type::Set(element);
      return Type::Map(element);
    }
    case Type::Kind::kTuple: {
      std::vector<Type> elems;
      for (size_t i = 0; i < declared.elements().size(); ++i) {
        elems.push_back(RuntimeType(wv, v.at(i), UnknownChild(unknown, i), declared.elements()[i]));
      }
      return Type::Tuple(std::move(elems));
    }
    case Type::Kind::kObject: {
      std::vector<std::pair<std::string, Type>> attrs;
      for (const auto& [name, t] : declared.attributes()) {
        attrs.emplace_back(name, RuntimeType(wv, v.find(name), UnknownChild(unknown, name), t));
      }
      return Type::Object(std::move(attrs));
    }
    default: return declared;
  }
}

}  // namespace planview::wire
