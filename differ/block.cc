// Blocks: attributes first (write-only ones last, once the block's own action is known:
// after the other attributes, or after the nested blocks too in Terraform's profile),
// then nested blocks by nesting mode.
#include <string>

#include "differ/differ.h"
#include "differ/internal/walk.h"

namespace planview::differ {
namespace internal {
namespace {
namespace renderers = change::renderers;

bool IsEmptyString(Value value) { return value.is_string() && value.text().empty(); }

// One attribute of a block, or nothing when it is null on both sides and unchanged.
std::optional<Diff> DiffBlockAttribute(Change change, const structured::Attribute& attribute, Action current,
                                       Path& path) {
  if (!change.relevant_attributes.MatchesPartial()) change = change.AsNoOp();
  // Legacy SDK providers cannot write null strings, so an empty string in a block means null
  // (OpenTofu's rule; Terraform's profile decides in DiffType, and keeps the attribute).
  if (!path.profile().empty_strings_null_by_schema) {
    if (IsEmptyString(change.before)) change.before = Value();
    if (IsEmptyString(change.after)) change.after = Value();
  }
  // Changes to a block's attributes always count as implicit.
  change.before_explicit = false;
  change.after_explicit = false;
  // Write-only attributes take the block's action (`current`); their own is always NoOp.
  Diff diff = DiffAttribute(change, attribute, current, path);
  if (diff.action() == Action::kNoOp && change.before.is_null() && change.after.is_null() && !attribute.write_only) {
    return std::nullopt;
  }
  return diff;
}

bool AbsentOnBothSides(Action action, const Change& change) {
  return action == Action::kNoOp && change.before.is_null() && change.after.is_null();
}

}  // namespace

Diff DiffBlock(const Change& input, const structured::Block& block, Path& path) {
  if (auto diff = SensitiveBlock(input, block, path)) return *std::move(diff);
  if (auto diff = UnknownBlock(input, block, path)) return *std::move(diff);
  // No shape check: upstream reads a block that is not an object as one without
  // attributes (conformance: TestWriteOnly_ComputeDiffForBlock/list_nested_block).
  const change::Profile& profile = path.profile();
  Change change = input;
  if (profile.empty_strings_null_by_schema && !change.non_legacy_schema) {
    change.non_legacy_schema = UsesNonLegacyFeatures(block);
  }

  Action current = change.DefaultActionForIteration();
  structured::MapValue value = ChildMap(change);
  // The schema's names come in key order, so each run of lookups is one walk.
  structured::OrderedChildren children(value);

  KeyedDiffs attributes;
  attributes.reserve(block.attributes.size());
  // Write-only attributes go second: they take the action the other attributes decide.
  for (bool write_only : {false, true}) {
    children.Restart();
    for (const auto& [name, attribute] : block.attributes) {
      if (attribute.write_only != write_only) continue;
      if (write_only && profile.terraform_write_only) continue;  // after the nested blocks
      path.PushAttribute(name);
      PathStep step(path);
      std::optional<Diff> diff = DiffBlockAttribute(children.GetChild(name), attribute, current, path);
      if (path.failed()) return Diff();
      if (!diff) continue;
      current = CompareActions(current, diff->action());
      attributes.emplace(name, *std::move(diff));
    }
  }

  renderers::Blocks blocks;
  blocks.records_unknown = profile.unknown_blocks;
  children.Restart();
  for (const auto& [name, block_type] : block.block_types) {
    if (path.failed()) return Diff();
    path.PushAttribute(name);
    PathStep step(path);
    if (!block_type.block) return Fail(path, Side::kAfter, "the schema gives this nested block no block");
    const structured::Block& nested = *block_type.block;

    Change child = children.GetChild(name);
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    bool before_sensitive = child.IsBeforeSensitive();
    bool after_sensitive = child.IsAfterSensitive();
    bool replace = child.replace_paths.Matches();
    // Terraform's profile records an unknown block type beside its old blocks; OpenTofu's
    // replaces the whole type by one unknown value.
    const bool unknown = profile.unknown_blocks && child.IsUnknown();
    if (!profile.unknown_blocks) {
      if (auto diff = UnknownBlock(child, nested, path)) {
        if (AbsentOnBothSides(diff->action(), child)) continue;
        blocks.AddSingleBlock(name, *std::move(diff), replace, before_sensitive, after_sensitive);
        continue;
      }
    }

    switch (block_type.nesting_mode) {
      case structured::NestingMode::kSet: {
        auto [diffs, action] = DiffBlockSet(child, nested, path);
        if (AbsentOnBothSides(action, child) && !unknown) continue;
        blocks.AddAllSetBlock(name, std::move(diffs), replace, before_sensitive, after_sensitive, unknown);
        current = CompareActions(current, action);
        break;
      }
      case structured::NestingMode::kList: {
        auto [diffs, action] = DiffBlockList(child, nested, path);
        if (AbsentOnBothSides(action, child) && !unknown) continue;
        blocks.AddAllListBlock(name, std::move(diffs), replace, before_sensitive, after_sensitive, unknown);
        current = CompareActions(current, action);
        break;
      }
      case structured::NestingMode::kMap: {
        auto [diffs, action] = DiffBlockMap(child, nested, path);
        if (AbsentOnBothSides(action, child) && !unknown) continue;
        blocks.AddAllMapBlocks(name, std::move(diffs), replace, before_sensitive, after_sensitive, unknown);
        current = CompareActions(current, action);
        break;
      }
      case structured::NestingMode::kSingle:
      case structured::NestingMode::kGroup: {
        Diff diff = DiffBlock(child, nested, path);
        if (AbsentOnBothSides(diff.action(), child) && !unknown) continue;
        Action action = diff.action();
        blocks.AddSingleBlock(name, std::move(diff), replace, before_sensitive, after_sensitive, unknown);
        current = CompareActions(current, action);
        break;
      }
    }
  }

  if (path.failed()) return Diff();
  if (profile.terraform_write_only) {
    // The block's own change and final action, for every write-only attribute.
    for (const auto& [name, attribute] : block.attributes) {
      if (attribute.write_only) attributes.emplace(name, DiffWriteOnly(change, current, profile));
    }
  }

  return Diff(renderers::Block(std::move(attributes), std::move(blocks)), current, change.replace_paths.Matches());
}

}  // namespace internal

base::Expected<change::Diff> ComputeDiffForBlock(const structured::Change& change, const structured::Block& block,
                                                 const change::Profile& profile) {
  change::DiffArenaScope arena;  // the tree's nodes in one arena
  internal::Path path(profile);
  change::Diff diff = internal::DiffBlock(change, block, path);
  return internal::Outcome(path, std::move(diff));
}

}  // namespace planview::differ
