// Values sensitive as a whole: diffed without their sensitivity, then wrapped so the
// renderer can hide them.
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace renderers = change::renderers;

std::optional<Diff> SensitiveType(const Change& change, const structured::Type& type, Path& path) {
  return CheckForSensitive(
      change, path, [&](const Change& value) { return DiffType(value, type, path); },
      [&](Diff inner, bool before_sensitive, bool after_sensitive, Action action) {
        return Diff(renderers::Sensitive(std::move(inner), before_sensitive, after_sensitive), action,
                    change.replace_paths.Matches());
      });
}

std::optional<Diff> SensitiveNestedAttribute(const Change& change, const AttributeMap& attributes,
                                             structured::NestingMode mode, Path& path) {
  return CheckForSensitive(
      change, path, [&](const Change& value) { return DiffNestedAttribute(value, attributes, mode, path); },
      [&](Diff inner, bool before_sensitive, bool after_sensitive, Action action) {
        return Diff(renderers::Sensitive(std::move(inner), before_sensitive, after_sensitive), action,
                    change.replace_paths.Matches());
      });
}

std::optional<Diff> SensitiveBlock(const Change& change, const structured::Block& block, Path& path) {
  return CheckForSensitive(
      change, path, [&](const Change& value) { return DiffBlock(value, block, path); },
      [&](Diff inner, bool before_sensitive, bool after_sensitive, Action action) {
        return Diff(renderers::SensitiveBlock(std::move(inner), before_sensitive, after_sensitive), action,
                    change.replace_paths.Matches());
      });
}

}  // namespace planview::differ::internal
