// A plan's resource changes diffed on demand, a batch at a time, for presentations that
// stream (renderer/formats/): a presenter names the changes it shows, in the order it shows
// them; each is diffed on the executor's threads, handed to the presenter's `render` there,
// and its diff dropped once the batch is written, so the diffs of a whole plan are never
// held at once. Changes never named are not diffed (as in RenderPlanStreamed: values of
// theirs that do not fit the schema go unmentioned; a missing schema is still warned about).
#ifndef PLANVIEW_RENDERER_CHANGE_DIFFS_H_
#define PLANVIEW_RENDERER_CHANGE_DIFFS_H_

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/executor.h"
#include "change/profile.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/action_diff.h"
#include "renderer/plan_diffs.h"
#include "renderer/schema_source.h"
#include "structured/schema.h"

namespace planview::renderer {

class ChangeDiffs {
 public:
  // Runs on the executor's threads: appends what the presenter shows of one change.
  using RenderFn = std::function<void(const ResourceDiff& diff, std::string& text)>;
  // Runs one call at a time, in the order asked for, on the calling thread or a helper
  // (while the next batch is rendered, never at the same time as another emit): `index`
  // into Changes(), `text` what `render` wrote for it.
  using EmitFn = std::function<void(size_t index, std::string_view text)>;

  // Looks up every change's schema (in plan order, on this thread). `executor` may be null
  // (this thread only). `sink`, when set, is where Flush sends a presenter's output.
  ChangeDiffs(const Plan& plan, const SchemaSource& schemas, const change::Profile& profile,
              base::Executor* executor, std::function<void(std::string_view)> sink);
  ChangeDiffs(const ChangeDiffs&) = delete;
  ChangeDiffs& operator=(const ChangeDiffs&) = delete;
  ~ChangeDiffs();

  const std::vector<ResourceChange>& Changes() const { return plan_.resource_changes; }
  base::Executor* executor() const { return executor_; }

  // Diffs the changes at `order` (indices into Changes()), `render`s each and `emit`s them
  // in that order. A change may be asked for again (it is diffed again).
  void Render(std::span<const size_t> order, const RenderFn& render, const EmitFn& emit);

  // PlanDiffs::Empty for these changes and `outputs`: no output changes, no change is a
  // move and every change's diff is a no-op (diffs changes, a batch at a time, until one
  // is not). The diffs of the batch that ends it, from the first change that is not a
  // no-op on, are kept for Render, which takes each (with its warnings) the first time its
  // change is asked for instead of diffing it again. (The no-op diffs before are dropped:
  // presentations do not show a no-op change.)
  bool PlanEmpty(const std::vector<OutputDiff>& outputs);

  // Hands `out` to the sink (if any; then clears it) when it holds at least `at_least`
  // bytes: a presenter writing its output in order calls it as it goes.
  static constexpr size_t kFlushBytes = size_t{1} << 20;
  void Flush(std::string& out, size_t at_least = kFlushBytes);

  // The changes' warnings, in plan order, as ComputePlanDiffs gives them: each change's
  // schema lookup, diff and triggered actions (Terraform's profile) in turn.
  void AppendWarnings(Warnings& warnings);

 private:
  struct Slot;
  // A change's schema and what is known of it once looked up.
  struct Entry {
    std::shared_ptr<const structured::Block> block;
    bool diffable = false;
    bool diffed = false;  // its diff's warnings are in `lookup`
    Warnings lookup;      // the schema lookup's warnings, then the diff's
  };
  // Terraform's actions around a change (only changes that have some, or warnings).
  struct Triggered {
    std::vector<ActionDiff> before, after;
    Warnings warnings;
  };

  const Plan& plan_;
  const change::Profile& profile_;
  base::Executor* executor_;
  std::function<void(std::string_view)> sink_;
  std::vector<Entry> entries_;  // per change
  std::unordered_map<size_t, Triggered> triggered_;
  std::optional<bool> no_changes_;
  // A diff PlanEmpty made, with the diff's warnings, until Render takes it.
  struct Ready {
    change::Diff diff;
    Warnings warnings;
  };
  std::unordered_map<size_t, Ready> ready_;
};

// ComputePlanDiffs for a presentation that streams: the drift, output, deferred and invoked
// diffs up front (`diffs()`, whose `changes` stay empty) and the resource changes diffed on
// demand (`changes()`), with ComputePlanDiffs' schema lookups in its order. Finish adds the
// warnings to `warnings` in ComputePlanDiffs' order (drift's are added at once).
class StreamedPlanDiffs {
 public:
  StreamedPlanDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const change::Profile& profile,
                    base::Executor* executor, std::function<void(std::string_view)> sink, Warnings& warnings);

  const PlanDiffs& diffs() const { return diffs_; }
  ChangeDiffs& changes() { return changes_; }
  void Finish();

 private:
  Warnings& warnings_;
  PlanDiffs diffs_;
  ChangeDiffs changes_;
  Warnings later_;  // outputs', deferred changes' and invoked actions'
};

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_CHANGE_DIFFS_H_
