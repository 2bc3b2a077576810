// Values unknown as a whole ("known after apply"). When there was a before value it is
// diffed as a deletion so the renderer can show what is being replaced.
#include <memory>

#include "differ/internal/walk.h"
#include "structured/document_builder.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

Diff UnknownCreated(const Change& current) { return AsDiff(current, renderers::Unknown(Diff())); }

// For blocks and nested attributes: every attribute of the before value shows as
// computed rather than deleted. The marker document only lives during the walk; no diff
// keeps a marker.
std::shared_ptr<const structured::Document> AllUnknown(const AttributeMap& attributes) {
  structured::DocumentBuilder builder;
  builder.BeginObject();
  for (const auto& [name, attribute] : attributes) {
    builder.Key(name);
    builder.Bool(true);
  }
  builder.EndObject();
  return builder.Finish();
}

}  // namespace

std::optional<Diff> UnknownType(const Change& change, const structured::Type& type, Path& path) {
  return CheckForUnknown(change, structured::FalseValue(), UnknownCreated,
                         [&](const Change& current, const Change& before) {
                           return AsDiff(current, renderers::Unknown(DiffType(before, type, path)));
                         });
}

std::optional<Diff> UnknownNestedAttribute(const Change& change, const AttributeMap& attributes,
                                           structured::NestingMode mode, Path& path) {
  if (!change.IsUnknown()) return std::nullopt;
  auto markers = AllUnknown(attributes);
  return CheckForUnknown(change, markers->root(), UnknownCreated, [&](const Change& current, const Change& before) {
    return AsDiff(current, renderers::Unknown(DiffNestedAttribute(before, attributes, mode, path)));
  });
}

std::optional<Diff> UnknownBlock(const Change& change, const structured::Block& block, Path& path) {
  if (!change.IsUnknown()) return std::nullopt;
  auto markers = AllUnknown(block.attributes);
  return CheckForUnknown(change, markers->root(), UnknownCreated, [&](const Change& current, const Change& before) {
    return AsDiff(current, renderers::Unknown(DiffBlock(before, block, path)));
  });
}

}  // namespace planview::differ::internal
