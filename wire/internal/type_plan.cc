#include "wire/internal/type_plan.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "structured/json_parse.h"
#include "wire/internal/msgpack_writer.h"
#include "wire/wire_value.h"

namespace planview::wire::internal {

using structured::ParseJson;
using structured::ParseResult;
using structured::ParseType;
using structured::Type;

int TypePlan::AttributeIndex(std::string_view name) const {
  auto it = std::lower_bound(attributes.begin(), attributes.end(), name,
                             [](const AttributePlan& a, std::string_view n) { return a.name < n; });
  if (it == attributes.end() || it->name != name) return -1;
  return static_cast<int>(it - attributes.begin());
}

const TypePlan& TypePlans::For(const Type& type) {
  auto [it, added] = by_address_.emplace(&type, nullptr);
  if (added) it->second = &Make(type);
  return *it->second;
}

const TypePlan& TypePlans::Make(const Type& type) {
  TypePlan& plan = plans_.emplace_back();
  plan.kind = type.kind();
  plan.type = &type;
  switch (plan.kind) {
    case Type::Kind::kDynamic: plan.has_dynamic = true; break;
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap:
      plan.element = &Make(type.element());
      plan.has_dynamic = plan.element->has_dynamic;
      break;
    case Type::Kind::kTuple:
      for (const Type& t : type.elements()) {
        plan.elements.push_back(&Make(t));
        plan.has_dynamic = plan.has_dynamic || plan.elements.back()->has_dynamic;
      }
      break;
    case Type::Kind::kObject:
      for (const auto& [name, t] : type.attributes()) {
        AttributePlan a;
        a.name = name;
        a.plan = &Make(t);
        if (value_ != nullptr) {
          a.value_key = value_->StoreKey(name);
          a.marker_key = marker_->StoreKey(name);
        } else {
          MsgpackWriter packed(name.size() + 5);
          packed.Str(name);
          a.packed_name = packed.Take();
        }
        if (name.size() <= 15) {
          unsigned char bytes[16] = {};
          bytes[0] = static_cast<unsigned char>(0xa0 | name.size());
          std::memcpy(bytes + 1, name.data(), name.size());
          unsigned char mask[16] = {};
          std::memset(mask, 0xff, name.size() + 1);
          std::memcpy(a.key_words, bytes, sizeof bytes);
          std::memcpy(a.key_masks, mask, sizeof mask);
          a.short_key = true;
        }
        plan.has_dynamic = plan.has_dynamic || a.plan->has_dynamic;
        plan.attributes.push_back(a);
      }
      break;
    default: break;
  }
  return plan;
}

std::optional<TypePlans::Dynamic> TypePlans::FromJson(std::string_view json, TypeError& error) {
  auto it = by_json_.find(json);
  if (it != by_json_.end()) return it->second;
  ParseResult parsed = ParseJson(std::string(json));
  if (!parsed.ok()) {
    error = TypeError{true, parsed.error().message};
    return std::nullopt;
  }
  base::Expected<Type> type = ParseType(parsed.value()->root());
  if (!type) {
    error = TypeError{false, type.error().message};
    return std::nullopt;
  }
  const Type& owned = owned_.emplace_back(WithoutOptionalAttributes(*type));
  Dynamic d{&Make(owned), Slot(owned)};
  by_json_.emplace(std::string(json), d);
  return d;
}

uint32_t TypePlans::Slot(const Type& type) {
  types_.push_back(type);
  return static_cast<uint32_t>(types_.size() - 1);
}

}  // namespace planview::wire::internal
