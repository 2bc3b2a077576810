#include "wire/internal/type_plan.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "structured/json_parse.h"
#include "structured/json_text.h"
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

struct TypePlans::Compiled {
  Type type;
  std::deque<TypePlan> plans;  // plans.front() is the type's
  // The keys it stored: where each builder's arena text was when compiling began, and
  // the text StoreKey wrote.
  DocumentBuilder::Size value_from;
  DocumentBuilder::Size marker_from;
  std::string value_keys;
  std::string marker_keys;
  bool keys_valid_utf8 = true;  // all of them valid UTF-8
};

const TypePlan& TypePlans::ForRoot(const Type& type) {
  // The plans this thread compiled last, a few types' worth (plan files decode values of
  // a few dozen resource types over and over).
  struct Cache {
    std::array<std::shared_ptr<const Compiled>, 32> entries;
    size_t next = 0;
  };
  thread_local Cache cache;
  for (const std::shared_ptr<const Compiled>& compiled : cache.entries) {
    if (compiled == nullptr || !(compiled->type == type)) continue;
    // Its keys get the ids they had when the arena text is where it was (no other text
    // is stored first): stored again in one go. Else plans of their own.
    if (value_->size().text != compiled->value_from.text || marker_->size().text != compiled->marker_from.text) break;
    value_->StoreText(compiled->value_keys);
    marker_->StoreText(compiled->marker_keys);
    keys_valid_utf8_ = keys_valid_utf8_ && compiled->keys_valid_utf8;
    root_ = compiled;
    return root_->plans.front();
  }
  auto compiled = std::make_shared<Compiled>();
  compiled->type = type;
  compiled->value_from = value_->size();
  compiled->marker_from = marker_->size();
  const bool valid_before = keys_valid_utf8_;
  keys_valid_utf8_ = true;
  const TypePlan& plan = Make(compiled->type, compiled->plans);
  compiled->keys_valid_utf8 = keys_valid_utf8_;
  keys_valid_utf8_ = keys_valid_utf8_ && valid_before;
  compiled->value_keys = value_->TextSince(compiled->value_from);
  compiled->marker_keys = marker_->TextSince(compiled->marker_from);
  root_ = compiled;
  // A builder past its capacity has not stored every key: its plans are not reused.
  if (value_->failed() || marker_->failed()) return plan;
  cache.entries[cache.next++ % cache.entries.size()] = std::move(compiled);
  return plan;
}

const TypePlan& TypePlans::Make(const Type& type, std::deque<TypePlan>& plans) {
  TypePlan& plan = plans.emplace_back();
  plan.kind = type.kind();
  plan.type = &type;
  switch (plan.kind) {
    case Type::Kind::kDynamic: plan.has_dynamic = true; break;
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kMap:
      plan.element = &Make(type.element(), plans);
      plan.has_dynamic = plan.element->has_dynamic;
      break;
    case Type::Kind::kTuple:
      for (const Type& t : type.elements()) {
        plan.elements.push_back(&Make(t, plans));
        plan.has_dynamic = plan.has_dynamic || plan.elements.back()->has_dynamic;
      }
      break;
    case Type::Kind::kObject:
      plan.attributes.reserve(type.attributes().size());
      for (const auto& [name, t] : type.attributes()) {
        AttributePlan a;
        a.name = name;
        a.plan = &Make(t, plans);
        if (value_ != nullptr) {
          a.value_key = RelativeKey(value_->StoreKey(name));
          keys_valid_utf8_ = keys_valid_utf8_ && structured::FindInvalidUtf8(name) == name.size();
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
  // The types this thread parsed (values of one schema name the same few types), a
  // bounded number.
  thread_local std::unordered_map<std::string, Type, TextHash, std::equal_to<>> parsed_types;
  auto known = parsed_types.find(json);
  if (known == parsed_types.end()) {
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
    if (parsed_types.size() >= 256) parsed_types.clear();
    known = parsed_types.emplace(std::string(json), WithoutOptionalAttributes(*type)).first;
  }
  const Type& owned = owned_.emplace_back(known->second);
  Dynamic d{&Make(owned), Slot(owned)};
  by_json_.emplace(std::string(json), d);
  return d;
}

uint32_t TypePlans::Slot(const Type& type) {
  types_.push_back(type);
  return static_cast<uint32_t>(types_.size() - 1);
}

}  // namespace planview::wire::internal
