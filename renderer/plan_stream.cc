// RenderPlanStreamed: the plan's text written while its resource changes are diffed.
#include "renderer/plan_renderer.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <span>

#include "renderer/internal/diffing.h"
#include "renderer/internal/plan_body.h"

namespace planview::renderer {

namespace {

using namespace internal;  // NOLINT: the plan's internals

// Diffs computed while the plan is written: drift up front (it is small and decides the
// first section), resource changes batch by batch on the pool's threads, each rendered
// into its slot and dropped as soon as its text is out. Changes that are not shown are
// not diffed at all. Warnings come out in the order ComputePlanDiffs gives them: drift,
// resource changes, outputs.
class StreamedDiffs : public DiffSource {
 public:
  StreamedDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const Options& options,
                base::Executor& pool, const std::function<void(std::string_view)>& sink, Warnings& warnings)
      : plan_(plan), schemas_(schemas), profile_(options.profile()), pool_(pool), sink_(sink), warnings_(warnings) {
    PlanDiffs drift_only = ComputeDriftDiffs(plan, schemas, mode, profile_, warnings, &pool);
    drift_ = std::move(drift_only.drift);
    // The texts of the drift that will be shown, on the pool too.
    drift_texts_.resize(drift_.size());
    pool_.ParallelFor(drift_.size(), [&](size_t i) {
      if (ShowsDrift(drift_[i], mode)) drift_texts_[i] = RenderResourceDiff(drift_[i], ChangeCause::kDrift, options);
    });
    deferred_ = ComputeDeferredDiffs(plan, schemas, profile_, warnings);
    invoked_ = DiffInvokedActions(plan, schemas, profile_, warnings);
  }

  const std::vector<DeferredDiff>& Deferred() override { return deferred_; }
  const std::vector<ActionDiff>& Invoked() override { return invoked_; }

  const std::vector<ResourceDiff>& Drift() override { return drift_; }
  std::string DriftText(size_t index, const Options&) override { return std::move(drift_texts_[index]); }

  bool Empty() override {
    if (!empty_) empty_ = ComputeEmpty();
    return *empty_;
  }

  const std::vector<OutputDiff>& Outputs() override {
    if (!outputs_done_) {
      outputs_ = ComputeOutputDiffs(plan_, profile_, output_warnings_);
      outputs_done_ = true;
    }
    return outputs_;
  }

  const std::vector<ResourceChange>& Changes() const override { return plan_.resource_changes; }

  void AppendChanges(std::span<const size_t> shown, const Options& options, std::string& out) override {
    const std::vector<ResourceChange>& all = plan_.resource_changes;
    size_t next_shown = 0;
    std::vector<Slot> slots(std::min(all.size(), kBatch));
    for (size_t start = 0; start < all.size(); start += kBatch) {
      size_t count = std::min(kBatch, all.size() - start);
      // Schema lookups fill a cache: they stay on this thread, in order.
      for (size_t j = 0; j < count; ++j) {
        Slot& slot = slots[j];
        slot.resource = &all[start + j];
        slot.warnings = Warnings();
        slot.text.clear();
        slot.block.reset();
        slot.show = next_shown < shown.size() && shown[next_shown] == start + j;
        if (slot.show) ++next_shown;
        slot.diffable = ResolveBlock(*slot.resource, schemas_, slot.warnings, slot.block);
        slot.triggered = ResourceDiff{};
        if (slot.show) DiffTriggeredActions(plan_, *slot.resource, schemas_, profile_, slot.warnings, slot.triggered.actions_before,
                               slot.triggered.actions_after);
      }
      pool_.ParallelFor(count, [&](size_t j) {
        Slot& slot = slots[j];
        // A change that is not shown is not diffed (a third of a typical plan is no-ops).
        if (!slot.show) return;
        change::Diff diff;
        if (slot.diffable) {
          structured::Change change = ChangeOf(*slot.resource, structured::PathMatcher::Always(), profile_);
          diff = DiffAgainst(*slot.resource, change, slot.block.get(), profile_, slot.warnings);
        }
        slot.text += '\n';
        if (AppendResourceDiff(*slot.resource, diff, ChangeCause::kProposed, options, slot.text, &slot.triggered)) {
          slot.text += '\n';
        } else {
          slot.text.clear();
        }
      });
      for (size_t j = 0; j < count; ++j) {
        warnings_.Append(slots[j].warnings);
        out += slots[j].text;
        if (slots[j].text.capacity() > kSlotKeep) std::string().swap(slots[j].text);
      }
      Flush(out, kFlushBytes);
    }
    changes_done_ = true;
  }

  // Looks up what was not needed for the text, for its warnings; sends the rest of `out`.
  void Finish(const Options& options, std::string& out) {
    if (!changes_done_) AppendChanges({}, options, out);
    Outputs();
    warnings_.Append(output_warnings_);
    Flush(out, 0);
  }

  void Flush(std::string& out, size_t at_least) {
    if (out.size() < at_least || out.empty()) return;
    sink_(out);
    out.clear();
  }

 private:
  static constexpr size_t kBatch = 64;
  static constexpr size_t kFlushBytes = size_t{1} << 20;
  static constexpr size_t kSlotKeep = size_t{1} << 20;

  struct Slot {
    const ResourceChange* resource = nullptr;
    bool show = false;
    bool diffable = false;
    std::shared_ptr<const structured::Block> block;
    ResourceDiff triggered;  // only its actions
    Warnings warnings;
    std::string text;
  };

  // PlanDiffs::Empty without keeping the diffs: stops at the first change that is not a
  // no-op (normally the first one or two). Their warnings come later, with the text.
  bool ComputeEmpty() {
    Warnings ignored;
    for (const ResourceChange& r : plan_.resource_changes) {
      if (r.Moved()) return false;
      structured::Change change = ChangeOf(r, structured::PathMatcher::Always(), profile_);
      if (DiffResource(r, change, schemas_, profile_, ignored).action() != Action::kNoOp) return false;
    }
    for (const OutputDiff& o : Outputs()) {
      if (o.diff.action() != Action::kNoOp) return false;
    }
    return true;
  }

  const Plan& plan_;
  const SchemaSource& schemas_;
  const change::Profile& profile_;
  base::Executor& pool_;
  const std::function<void(std::string_view)>& sink_;
  Warnings& warnings_;
  std::vector<ResourceDiff> drift_;
  std::vector<std::string> drift_texts_;
  std::optional<bool> empty_;
  std::vector<OutputDiff> outputs_;
  std::vector<DeferredDiff> deferred_;
  std::vector<ActionDiff> invoked_;
  Warnings output_warnings_;
  bool outputs_done_ = false;
  bool changes_done_ = false;
};

}  // namespace

void RenderPlanStreamed(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const PlanQuality& quality,
                        std::string_view provider_format_version, const Options& options, base::Executor& pool,
                        const std::function<void(std::string_view)>& sink, Warnings& warnings) {
  StreamedDiffs source(plan, schemas, mode, options, pool, sink, warnings);
  std::string out;
  RenderPlanBody(plan, source, mode, quality, provider_format_version, options, out);
  source.Finish(options, out);
}

}  // namespace planview::renderer
