// Attributes and values of a known type: dispatch on the schema.
#include <fmt/format.h>

#include "differ/differ.h"
#include "differ/internal/walk.h"

namespace planview::differ {
namespace internal {

using structured::NestingMode;
using structured::Type;

Diff DiffAttribute(const Change& change, const structured::Attribute& attribute, Action parent_action, Path& path) {
  // Terraform's profile: the enclosing block or object handles write-only attributes; on
  // its own such an attribute is diffed by its type.
  if (attribute.write_only && !path.profile().terraform_write_only) {
    return DiffWriteOnly(change, parent_action, path.profile());
  }
  if (attribute.nested_type) {
    return DiffNestedAttribute(change, attribute.nested_type->attributes, attribute.nested_type->nesting_mode, path);
  }
  if (!attribute.type) return Fail(path, Side::kAfter, "the schema gives this attribute neither a type nor a nested type");
  return DiffType(change, *attribute.type, path);
}

Diff DiffNestedAttribute(const Change& change, const AttributeMap& attributes, NestingMode mode, Path& path) {
  if (auto diff = SensitiveNestedAttribute(change, attributes, mode, path)) return *std::move(diff);
  if (auto diff = UnknownNestedAttribute(change, attributes, mode, path)) return *std::move(diff);
  switch (mode) {
    case NestingMode::kSingle:
    case NestingMode::kGroup:
      return DiffNestedObject(change, attributes, path);
    case NestingMode::kMap:
      return DiffNestedMap(change, attributes, path);
    case NestingMode::kList:
      return DiffNestedList(change, attributes, path);
    case NestingMode::kSet:
      return DiffNestedSet(change, attributes, path);
  }
  return Fail(path, Side::kAfter, "the schema gives this attribute an unknown nesting mode");
}

Diff DiffType(const Change& change, const Type& type, Path& path) {
  if (path.profile().empty_strings_null_by_schema && !change.non_legacy_schema && HasEmptyString(change)) {
    return DiffType(WithEmptyStringsNull(change), type, path);
  }
  if (auto diff = SensitiveType(change, type, path)) return *std::move(diff);
  if (auto diff = UnknownType(change, type, path)) return *std::move(diff);
  switch (type.kind()) {
    case Type::Kind::kDynamic:
      // The JSON says what the value is, as for outputs.
      return DiffOutput(change, path);
    case Type::Kind::kString:
    case Type::Kind::kNumber:
    case Type::Kind::kBool:
      return DiffPrimitive(change, type, path);
    case Type::Kind::kObject:
      return DiffObject(change, type, path);
    case Type::Kind::kMap:
      return DiffMap(change, type.element(), path);
    case Type::Kind::kList:
      return DiffList(change, type.element(), path);
    case Type::Kind::kTuple:
      return DiffTuple(change, type.elements(), path);
    case Type::Kind::kSet:
      return DiffSet(change, type.element(), path);
  }
  return Fail(path, Side::kAfter, fmt::format("unsupported type {}", type.FriendlyName()));
}

}  // namespace internal

base::Expected<change::Diff> ComputeDiffForAttribute(const structured::Change& change,
                                                     const structured::Attribute& attribute, Action parent_action,
                                                     const change::Profile& profile) {
  change::DiffArenaScope arena;  // the tree's nodes in one arena
  internal::Path path(profile);
  change::Diff diff = internal::DiffAttribute(change, attribute, parent_action, path);
  return internal::Outcome(path, std::move(diff));
}

base::Expected<change::Diff> ComputeDiffForType(const structured::Change& change, const structured::Type& type,
                                                const change::Profile& profile) {
  change::DiffArenaScope arena;  // the tree's nodes in one arena
  internal::Path path(profile);
  change::Diff diff = internal::DiffType(change, type, path);
  return internal::Outcome(path, std::move(diff));
}

}  // namespace planview::differ
