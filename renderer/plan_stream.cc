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

// What the plan's body reads, from StreamedPlanDiffs: drift, outputs, deferred changes and
// invoked actions computed up front, resource changes diffed batch by batch (ChangeDiffs),
// each rendered into its slot and dropped as soon as its text is out. Changes that are not
// shown are not diffed at all.
class StreamedDiffs : public DiffSource {
 public:
  StreamedDiffs(const Plan& plan, const PlanDiffs& diffs, ChangeDiffs& changes, PlanMode mode, const Options& options)
      : plan_(plan), diffs_(diffs), changes_(changes) {
    // The texts of the drift that will be shown, on the executor too.
    drift_texts_.resize(diffs.drift.size());
    base::ParallelRunsOn(changes.executor(), diffs.drift.size(), 1, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        if (ShowsDrift(diffs.drift[i], mode)) {
          drift_texts_[i] = RenderResourceDiff(diffs.drift[i], ChangeCause::kDrift, options);
        }
      }
    });
  }

  const std::vector<DeferredDiff>& Deferred() override { return diffs_.deferred; }
  const std::vector<ActionDiff>& Invoked() override { return diffs_.invoked; }
  const std::vector<ResourceDiff>& Drift() override { return diffs_.drift; }
  std::string DriftText(size_t index, const Options&) override { return std::move(drift_texts_[index]); }
  const std::vector<OutputDiff>& Outputs() override { return diffs_.outputs; }
  const std::vector<ResourceChange>& Changes() const override { return plan_.resource_changes; }

  bool Empty() override { return changes_.PlanEmpty(diffs_.outputs); }

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

 private:
  const Plan& plan_;
  const PlanDiffs& diffs_;
  ChangeDiffs& changes_;
  std::vector<std::string> drift_texts_;
};

}  // namespace

void RenderPlanStreamed(const Plan& plan, const PlanDiffs& diffs, ChangeDiffs& changes, PlanMode mode,
                        const PlanQuality& quality, std::string_view provider_format_version, const Options& options,
                        std::string& out) {
  StreamedDiffs source(plan, diffs, changes, mode, options);
  RenderPlanBody(plan, source, mode, quality, provider_format_version, options, out);
}

}  // namespace planview::renderer
