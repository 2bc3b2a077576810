// An interactive renderer's model of a plan: the resource changes `tofu show` lists (and
// the drift it shows), each with its action categories, and each one's rendered block as a
// LineTree built only when first asked for (its diff too), so a plan of 50,000 resources
// opens at the cost of parsing it. A resource's LineTree flattens to exactly the block the text
// renderer prints for it (with or without unchanged attributes).
#ifndef PLANVIEW_RENDERER_TREE_PLAN_TREE_H_
#define PLANVIEW_RENDERER_TREE_PLAN_TREE_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/executor.h"
#include "base/expected.h"
#include "renderer/formats/filter.h"
#include "renderer/formats/summary.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "renderer/resource_change.h"
#include "renderer/schema_source.h"
#include "renderer/tree/line_tree.h"
#include "structured/input_text.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::renderer::tree {

struct PlanTreeOptions {
  const structured::ProviderSchemas* schemas = nullptr;  // null: none given (must outlive the tree)
  PlanMode mode = PlanMode::kNormal;
  // Whose renderer: unset reads it from the plan (renderer/document_product.h), as
  // `planview FILE` does; options.product is not read.
  std::optional<Product> product;
  Options options;  // colour is ignored (blocks are always plain text); verbose is per call
  base::Executor* executor = nullptr;  // where parsing runs in parallel; null: this thread
};

struct PlanEntry {
  const ResourceChange* resource = nullptr;
  ChangeCause cause = ChangeCause::kProposed;  // drift is listed first, as the plan prints it
  std::vector<formats::ActionCategory> categories;

  bool Risky() const;  // a delete or a replace
};

class PlanTree {
 public:
  // Parses a plan document. A failure is the one-line message the plain viewer prints
  // (naming `file_name`, a line:column or a JSON path).
  static base::Expected<std::unique_ptr<PlanTree>> Load(structured::InputText text, std::string_view file_name,
                                                        const PlanTreeOptions& options);

  const std::vector<PlanEntry>& entries() const { return entries_; }
  // Counts of the proposed changes per category, and the plan's "N to add, ..." line.
  const formats::CategoryCounts& counts() const { return counts_; }
  const std::string& plan_line() const { return plan_line_; }
  int output_changes() const { return output_changes_; }

  // The rendered block of entry `i` (its comment lines and `resource "t" "n" {` ... `}`),
  // computed on first use. `show_unchanged` renders unchanged attributes and blocks too.
  const LineTree& Subtree(size_t i, bool show_unchanged);
  bool HasSubtree(size_t i, bool show_unchanged) const { return cache_[show_unchanged ? 1 : 0][i] != nullptr; }

  // The product the blocks are rendered as.
  Product product() const { return options_.options.product; }

  // Warnings met so far (missing schemas, changes that could not be rendered): diffs are
  // computed as resources are shown, so these cover the resources shown until now.
  const Warnings& warnings() const { return warnings_; }

 private:
  PlanTree() = default;
  // The diff of resource_changes[i], computed on first use.
  const change::Diff& ChangeDiff(size_t i);
  // PlanDiffs::Empty() without computing more diffs than needed.
  bool NoChanges();

  std::shared_ptr<const structured::Document> document_;
  std::optional<structured::ProviderSchemas> embedded_schemas_;
  std::unique_ptr<SchemaSource> schemas_;
  Plan plan_;
  Plan drift_plan_;       // plan_'s drift and relevant attributes only
  PlanDiffs drift_diffs_;  // refers into drift_plan_
  std::vector<std::optional<change::Diff>> change_diffs_;  // per resource change
  PlanTreeOptions options_;
  Warnings warnings_;
  std::vector<PlanEntry> entries_;
  // Per entry: its drift diff, or the index of its resource change.
  std::vector<const ResourceDiff*> entry_drift_;
  std::vector<size_t> entry_change_;
  std::vector<std::unique_ptr<LineTree>> cache_[2];
  formats::CategoryCounts counts_{};
  std::string plan_line_;
  int output_changes_ = 0;
};

}  // namespace planview::renderer::tree

#endif  // PLANVIEW_RENDERER_TREE_PLAN_TREE_H_
