// RenderPlanStreamed: the plan's text written while its resource changes are diffed.
#include "renderer/plan_renderer.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <span>

#include "renderer/change_diffs.h"
#include "renderer/internal/diffing.h"
#include "renderer/internal/plan_body.h"

namespace planview::renderer {

namespace {

using namespace internal;  // NOLINT: the plan's internals

// Diffs computed while the plan is written: drift up front (it is small and decides the
// first section), resource changes batch by batch on the pool's threads (ChangeDiffs), each
// rendered into its slot and dropped as soon as its text is out. Changes that are not shown
// are not diffed at all. Schema lookups and warnings come in ComputePlanDiffs' order: drift,
// resource changes, outputs, deferred changes, invoked actions.
class StreamedDiffs : public DiffSource {
 public:
  StreamedDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const Options& options,
                base::Executor& pool, const std::function<void(std::string_view)>& sink, Warnings& warnings)
      : plan_(plan),
        profile_(options.profile()),
        warnings_(warnings),
        drift_(ComputeDriftDiffs(plan, schemas, mode, profile_, warnings, &pool).drift),
        changes_(plan, schemas, profile_, &pool, sink) {
    // The texts of the drift that will be shown, on the pool too.
    drift_texts_.resize(drift_.size());
    pool.ParallelFor(drift_.size(), [&](size_t i) {
      if (ShowsDrift(drift_[i], mode)) drift_texts_[i] = RenderResourceDiff(drift_[i], ChangeCause::kDrift, options);
    });
    Outputs();
    deferred_ = ComputeDeferredDiffs(plan, schemas, profile_, later_warnings_);
    invoked_ = DiffInvokedActions(plan, schemas, profile_, later_warnings_);
  }

  const std::vector<DeferredDiff>& Deferred() override { return deferred_; }
  const std::vector<ActionDiff>& Invoked() override { return invoked_; }

  const std::vector<ResourceDiff>& Drift() override { return drift_; }
  std::string DriftText(size_t index, const Options&) override { return std::move(drift_texts_[index]); }

  bool Empty() override {
    for (const OutputDiff& o : Outputs()) {
      if (o.diff.action() != Action::kNoOp) return false;
    }
    return changes_.NoChanges();
  }

  const std::vector<OutputDiff>& Outputs() override {
    if (!outputs_done_) {
      outputs_ = ComputeOutputDiffs(plan_, profile_, later_warnings_);
      outputs_done_ = true;
    }
    return outputs_;
  }

  const std::vector<ResourceChange>& Changes() const override { return plan_.resource_changes; }

  void AppendChanges(std::span<const size_t> shown, const Options& options, std::string& out) override {
    changes_.Render(
        shown,
        [&options](const ResourceDiff& d, std::string& text) {
          text += '\n';
          if (AppendResourceDiff(*d.resource, d.diff, ChangeCause::kProposed, options, text, &d)) {
            text += '\n';
          } else {
            text.clear();
          }
        },
        [&](size_t, std::string_view text) {
          out += text;
          changes_.Flush(out);
        });
  }

  // Adds the warnings in order and sends the rest of `out`.
  void Finish(std::string& out) {
    changes_.AppendWarnings(warnings_);
    warnings_.Append(later_warnings_);
    changes_.Flush(out, 0);
  }

 private:
  const Plan& plan_;
  const change::Profile& profile_;
  Warnings& warnings_;
  std::vector<ResourceDiff> drift_;
  ChangeDiffs changes_;
  std::vector<std::string> drift_texts_;
  std::vector<OutputDiff> outputs_;
  std::vector<DeferredDiff> deferred_;
  std::vector<ActionDiff> invoked_;
  Warnings later_warnings_;  // outputs', deferred changes' and invoked actions'
  bool outputs_done_ = false;
};

}  // namespace

void RenderPlanStreamed(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const PlanQuality& quality,
                        std::string_view provider_format_version, const Options& options, base::Executor& pool,
                        const std::function<void(std::string_view)>& sink, Warnings& warnings) {
  StreamedDiffs source(plan, schemas, mode, options, pool, sink, warnings);
  std::string out;
  RenderPlanBody(plan, source, mode, quality, provider_format_version, options, out);
  source.Finish(out);
}

}  // namespace planview::renderer
