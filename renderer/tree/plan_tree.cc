#include "renderer/tree/plan_tree.h"

#include <optional>

#include <fmt/format.h>

#include "renderer/document_kind.h"
#include "renderer/document_product.h"
#include "renderer/json_fields.h"
#include "renderer/plan_line.h"
#include "renderer/schema_source.h"
#include "structured/json_parse.h"

namespace planview::renderer::tree {

namespace {

// Top-level members of a plan that nothing here reads (as the plain viewer skips them).
structured::ParseOptions PlanParseOptions(base::Executor* executor) {
  structured::ParseOptions options;
  options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
  options.executor = executor;
  return options;
}

}  // namespace

bool PlanEntry::Risky() const {
  for (formats::ActionCategory c : categories) {
    if (c == formats::ActionCategory::kDelete || c == formats::ActionCategory::kReplace) return true;
  }
  return false;
}

base::Expected<std::unique_ptr<PlanTree>> PlanTree::Load(structured::InputText text, std::string_view file_name,
                                                         const PlanTreeOptions& options) {
  auto failure = [file_name](std::string message) { return base::Error(std::move(message), std::string(file_name)); };
  auto log_failure = [&] {
    return failure(fmt::format("{}: a JSON log, not a plan; browse shows plans (`planview {}` renders it)", file_name,
                               file_name));
  };
  // A log is told by its first lines; a mapped plan whose first line runs past them is told
  // by its parse (as the plain viewer does), not by a search of the whole text for lines.
  const std::string_view view = text.view();
  std::optional<bool> log = LooksLikeLogWithin(view, kLogLookBytes);
  std::optional<structured::InputText> unsettled;  // keeps the mapping for a look after the parse
  if (!log && text.shares_bytes()) {
    unsettled = text;
  } else if (!log) {
    log = LooksLikeLog(view);
  }
  if (log == true) return log_failure();
  structured::ParseOptions parse_options = PlanParseOptions(options.executor);
  bool spans_lines = false;
  parse_options.spans_lines = &spans_lines;
  structured::ParseResult parsed = structured::ParseJson(std::move(text), parse_options);
  if (unsettled && (!parsed.ok() || spans_lines) && LooksLikeLog(view)) return log_failure();
  if (!parsed.ok()) {
    return failure(parsed.error().ToString(file_name));
  }
  structured::Value root = parsed.value()->root();
  std::optional<DocumentKind> kind = KindOfDocument(root);
  if (!kind) {
    return failure(fmt::format(
        "{}: $: not a plan, a state or a log (no key such as resource_changes, values or @message); use --kind",
        file_name));
  }
  if (*kind != DocumentKind::kPlan) {
    return failure(fmt::format("{}: a {}, not a plan; browse shows plans (`planview {}` renders it)", file_name,
                        DocumentKindName(*kind), file_name));
  }

  std::unique_ptr<PlanTree> tree(new PlanTree());
  tree->document_ = parsed.value();
  tree->options_ = options;
  tree->options_.options.color = false;
  tree->options_.options.product = options.product ? *options.product : ProductOfPlanOrState(root).value_or(kDefaultProduct);
  const change::Profile& profile = tree->options_.options.profile();
  base::Expected<Plan> plan = Plan::FromJson(root);
  if (!plan) return failure(fmt::format("{}: {}", file_name, plan.error().message));
  tree->plan_ = *std::move(plan);
  const structured::ProviderSchemas* schemas = options.schemas;
  if (tree->plan_.redacted) {
    base::Expected<structured::ProviderSchemas> embedded = structured::ProviderSchemas::Parse(parsed.value());
    // The message names its own path.
    if (!embedded) return failure(fmt::format("{}: {}", file_name, InputError("", embedded.error().message).message));
    tree->embedded_schemas_ = std::move(*embedded);
    schemas = &*tree->embedded_schemas_;
  }
  tree->schemas_ = std::make_unique<SchemaSource>(schemas);
  // Drift is usually short and decides what is shown: its diffs are computed now.
  tree->drift_plan_.resource_drift = tree->plan_.resource_drift;
  tree->drift_plan_.relevant_attributes = tree->plan_.relevant_attributes;
  tree->drift_diffs_ = ComputePlanDiffs(tree->drift_plan_, *tree->schemas_, options.mode, tree->warnings_, profile);
  tree->change_diffs_.resize(tree->plan_.resource_changes.size());

  // Drift, when the plan shows it (RenderPlan's rule), then the listed changes.
  const bool refresh_only = options.mode == PlanMode::kRefreshOnly;
  if (!tree->drift_diffs_.drift.empty() && (refresh_only || !tree->NoChanges())) {
    for (const ResourceDiff& d : tree->drift_diffs_.drift) {
      if (!refresh_only && d.diff.action() == Action::kNoOp) continue;
      const ResourceChange& r = *d.resource;
      if (!HasResourceBlock(r)) continue;
      tree->entries_.push_back(PlanEntry{&r, ChangeCause::kDrift, formats::CategoriesOf(r)});
      tree->entry_drift_.push_back(&d);
      tree->entry_change_.push_back(0);
    }
  }
  PlanCounts plan_counts;
  for (size_t i = 0; i < tree->plan_.resource_changes.size(); ++i) {
    const ResourceChange& r = tree->plan_.resource_changes[i];
    if (!ShownInPlan(r)) continue;
    PlanEntry entry{&r, ChangeCause::kProposed, formats::CategoriesOf(r)};
    for (formats::ActionCategory c : entry.categories) ++tree->counts_[static_cast<size_t>(c)];
    plan_counts.Count(r);
    tree->entries_.push_back(std::move(entry));
    tree->entry_drift_.push_back(nullptr);
    tree->entry_change_.push_back(i);
  }
  tree->plan_line_ = PlanCountsText(plan_counts, profile);
  for (const OutputChange& o : tree->plan_.output_changes) {
    if (o.action != Action::kNoOp) ++tree->output_changes_;
  }
  for (auto& cache : tree->cache_) cache.resize(tree->entries_.size());
  return tree;
}

const change::Diff& PlanTree::ChangeDiff(size_t i) {
  std::optional<change::Diff>& slot = change_diffs_[i];
  if (!slot) {
    // The plain renderer's own diff computation, over a plan of this one change.
    Plan one;
    one.resource_changes.push_back(plan_.resource_changes[i]);
    PlanDiffs diffs = ComputePlanDiffs(one, *schemas_, options_.mode, warnings_, options_.options.profile());
    slot = diffs.changes.front().diff;
  }
  return *slot;
}

bool PlanTree::NoChanges() {
  for (size_t i = 0; i < plan_.resource_changes.size(); ++i) {
    if (plan_.resource_changes[i].Moved() || ChangeDiff(i).action() != Action::kNoOp) return false;
  }
  Plan outputs;
  outputs.output_changes = plan_.output_changes;
  PlanDiffs diffs = ComputePlanDiffs(outputs, *schemas_, options_.mode, warnings_, options_.options.profile());
  for (const OutputDiff& o : diffs.outputs) {
    if (o.diff.action() != Action::kNoOp) return false;
  }
  return true;
}

const LineTree& PlanTree::Subtree(size_t i, bool show_unchanged) {
  std::unique_ptr<LineTree>& slot = cache_[show_unchanged ? 1 : 0][i];
  if (!slot) {
    // The text renderer's block, with where it wrote each diff node.
    change::Outline outline;
    Options options = options_.options;
    options.verbose = show_unchanged;
    options.outline = &outline;
    const ResourceDiff* drift = entry_drift_[i];
    ResourceDiff change;
    if (drift == nullptr) change = ResourceDiff{entries_[i].resource, ChangeDiff(entry_change_[i]), {}, {}};
    const std::string text = RenderResourceDiff(drift ? *drift : change, entries_[i].cause, options);
    slot = std::make_unique<LineTree>(text, outline);
  }
  return *slot;
}

}  // namespace planview::renderer::tree
