#include "wire/implied_type.h"

#include <string>
#include <utility>
#include <vector>

#include "wire/wire_value.h"

namespace planview::wire {

using structured::Attribute;
using structured::Block;
using structured::NestedType;
using structured::NestingMode;
using structured::Type;

namespace {

Type NestedObjectType(const NestedType& nested) {
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& [name, attr] : nested.attributes) attrs.emplace_back(name, ImpliedType(attr));
  Type object = Type::Object(std::move(attrs));
  switch (nested.nesting_mode) {
    case NestingMode::kList: return Type::List(object);
    case NestingMode::kSet: return Type::Set(object);
    case NestingMode::kMap: return Type::Map(object);
    default: return object;
  }
}

}  // namespace

Type ImpliedType(const Attribute& attribute) {
  if (attribute.nested_type) return NestedObjectType(*attribute.nested_type);
  return attribute.type ? WithoutOptionalAttributes(*attribute.type) : Type::Dynamic();
}

Type ImpliedType(const Block& block) {
  std::vector<std::pair<std::string, Type>> attrs;
  for (const auto& [name, attr] : block.attributes) attrs.emplace_back(name, ImpliedType(attr));
  for (const auto& [name, bt] : block.block_types) {
    if (block.attributes.count(name) != 0) continue;  // an attribute wins, as upstream
    Type inner = bt.block ? ImpliedType(*bt.block) : Type::Object({});
    switch (bt.nesting_mode) {
      case NestingMode::kSingle:
      case NestingMode::kGroup: attrs.emplace_back(name, inner); break;
      case NestingMode::kList: attrs.emplace_back(name, HasDynamic(inner) ? Type::Dynamic() : Type::List(inner)); break;
      case NestingMode::kSet: attrs.emplace_back(name, Type::Set(inner)); break;
      case NestingMode::kMap: attrs.emplace_back(name, HasDynamic(inner) ? Type::Dynamic() : Type::Map(inner)); break;
    }
  }
  return Type::Object(std::move(attrs));
}

}  // namespace planview::wire
