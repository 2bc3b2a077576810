// Empty strings read as null for legacy SDK providers, which cannot write null strings:
// Terraform's rule (Profile::empty_strings_null_by_schema). A resource whose schema uses
// a feature the legacy SDK never had cannot be such a provider's, so its strings are read
// as they are.
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {

bool HasDynamic(const structured::Type& type) {
  switch (type.kind()) {
    case structured::Type::Kind::kDynamic:
      return true;
    case structured::Type::Kind::kList:
    case structured::Type::Kind::kSet:
    case structured::Type::Kind::kMap:
      return HasDynamic(type.element());
    case structured::Type::Kind::kObject:
      for (const auto& [name, attribute] : type.attributes()) {
        if (HasDynamic(attribute)) return true;
      }
      return false;
    case structured::Type::Kind::kTuple:
      for (const structured::Type& element : type.elements()) {
        if (HasDynamic(element)) return true;
      }
      return false;
    default:
      return false;
  }
}

bool BeyondLegacySdk(const structured::Type& type) {
  if (HasDynamic(type)) return true;
  if (type.kind() == structured::Type::Kind::kTuple || type.kind() == structured::Type::Kind::kObject) return true;
  // Collections of collections of anything but primitives.
  return type.is_collection() && type.element().is_collection() && !type.element().element().is_primitive();
}

bool IsEmptyString(Value value) { return value.is_string() && value.text().empty(); }

}  // namespace

bool UsesNonLegacyFeatures(const structured::Block& block) {
  for (const auto& [name, block_type] : block.block_types) {
    if (block_type.nesting_mode == structured::NestingMode::kMap ||
        block_type.nesting_mode == structured::NestingMode::kGroup) {
      return true;
    }
  }
  for (const auto& [name, attribute] : block.attributes) {
    if (attribute.nested_type) return true;
    if (attribute.type && BeyondLegacySdk(*attribute.type)) return true;
  }
  return false;
}

bool HasEmptyString(const Change& change) { return IsEmptyString(change.before) || IsEmptyString(change.after); }

Change WithEmptyStringsNull(Change change) {
  if (IsEmptyString(change.before)) change.before = Value();
  if (IsEmptyString(change.after)) change.after = Value();
  return change;
}

}  // namespace planview::differ::internal
