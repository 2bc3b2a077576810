#include "renderer/change_diffs.h"

#include <algorithm>
#include <utility>

#include "renderer/internal/diffing.h"

namespace planview::renderer {

namespace {

constexpr size_t kBatch = 64;
constexpr size_t kSlotKeep = size_t{1} << 20;

}  // namespace

struct ChangeDiffs::Slot {
  size_t index = 0;
  ResourceDiff diff;
  Warnings warnings;  // the diff's
  std::string text;
  std::optional<Ready> ready;  // PlanEmpty's diff of this change, when it made one
};

ChangeDiffs::ChangeDiffs(const Plan& plan, const SchemaSource& schemas, const change::Profile& profile,
                         base::Executor* executor, std::function<void(std::string_view)> sink)
    : plan_(plan), profile_(profile), executor_(executor), sink_(std::move(sink)) {
  // Schema lookups fill a cache: they stay on this thread, in ComputePlanDiffs' order (every
  // change's block, then every change's triggered actions).
  // Changes sorted by address come in runs of one type: a change of the same provider,
  // mode and type as the one before, whose schema was found without a warning, takes the
  // same block without a look-up.
  const std::vector<ResourceChange>& all = plan.resource_changes;
  entries_.resize(all.size());
  const ResourceChange* found = nullptr;  // the change before, when its schema was found so
  for (size_t i = 0; i < all.size(); ++i) {
    const ResourceChange& r = all[i];
    Entry& entry = entries_[i];
    if (found != nullptr && r.mode == found->mode && r.type == found->type && r.provider_name == found->provider_name) {
      entry.diffable = true;
      entry.block = entries_[i - 1].block;
      continue;
    }
    entry.diffable = internal::ResolveBlock(r, schemas, entry.lookup, entry.block);
    found = entry.diffable && entry.block != nullptr && entry.lookup.empty() ? &r : nullptr;
  }
  if (!profile.deferred_and_actions) return;
  for (size_t i = 0; i < all.size(); ++i) {
    Triggered t;
    DiffTriggeredActions(plan, all[i], schemas, profile, t.warnings, t.before, t.after);
    if (!t.warnings.empty() || !t.before.empty() || !t.after.empty()) triggered_.emplace(i, std::move(t));
  }
}

ChangeDiffs::~ChangeDiffs() = default;

void ChangeDiffs::Render(std::span<const size_t> order, const RenderFn& render, const EmitFn& emit) {
  const std::vector<ResourceChange>& all = plan_.resource_changes;
  // Two batches of slots: while one batch is diffed and rendered, the batch before it is
  // emitted (as one more item of the same parallel loop), so no thread waits for the
  // output to be written between batches.
  std::vector<Slot> slots(2 * std::min(order.size(), kBatch));
  std::span<Slot> written;  // the batch rendered last, not emitted yet
  auto emit_batch = [&](std::span<Slot> batch) {
    for (Slot& slot : batch) {
      Entry& entry = entries_[slot.index];
      if (!entry.diffed) {
        entry.diffed = true;
        entry.lookup.Append(slot.warnings);
      }
      emit(slot.index, slot.text);
      if (slot.text.capacity() > kSlotKeep) std::string().swap(slot.text);
    }
  };
  for (size_t start = 0, b = 0; start < order.size(); start += kBatch, b ^= 1) {
    const size_t count = std::min(kBatch, order.size() - start);
    std::span<Slot> batch = std::span(slots).subspan(b * kBatch, count);
    for (size_t j = 0; j < count; ++j) {
      Slot& slot = batch[j];
      slot.index = order[start + j];
      slot.diff = ResourceDiff{&all[slot.index], {}, {}, {}};
      slot.warnings = Warnings();
      slot.text.clear();
      slot.ready.reset();
      if (auto r = ready_.find(slot.index); r != ready_.end()) {
        slot.ready = std::move(r->second);
        ready_.erase(r);
      }
      auto t = triggered_.find(slot.index);
      if (t != triggered_.end()) {
        slot.diff.actions_before = t->second.before;
        slot.diff.actions_after = t->second.after;
      }
    }
    // Item 0 emits the batch before (when there is one); the others are this batch's slots.
    const size_t first = written.empty() ? 0 : 1;
    base::ParallelRunsOn(executor_, first + count, 1, [&](size_t begin, size_t end) {
      for (size_t item = begin; item < end; ++item) {
        if (item < first) {
          emit_batch(written);
          continue;
        }
        Slot& slot = batch[item - first];
        const Entry& entry = entries_[slot.index];
        if (slot.ready) {
          slot.diff.diff = std::move(slot.ready->diff);
          slot.warnings = std::move(slot.ready->warnings);
        } else if (entry.diffable) {
          slot.diff.diff = internal::DiffPlannedChange(*slot.diff.resource, entry.block.get(), profile_, slot.warnings);
        }
        render(slot.diff, slot.text);
        slot.diff = ResourceDiff();  // dropped on the thread that built it
      }
    });
    written = batch;
  }
  emit_batch(written);
}

bool ChangeDiffs::PlanEmpty(const std::vector<OutputDiff>& outputs) {
  for (const OutputDiff& o : outputs) {
    if (o.diff.action() != Action::kNoOp) return false;
  }
  if (no_changes_) return *no_changes_;
  const std::vector<ResourceChange>& all = plan_.resource_changes;
  // A move decides without a diff.
  if (std::any_of(all.begin(), all.end(), [](const ResourceChange& r) { return r.Moved(); })) {
    no_changes_ = false;
    return false;
  }
  std::vector<Ready> batch;
  for (size_t start = 0; start < all.size(); start += kBatch) {
    const size_t count = std::min(kBatch, all.size() - start);
    batch.assign(count, Ready());
    base::ParallelRunsOn(executor_, count, 1, [&](size_t begin, size_t end) {
      for (size_t j = begin; j < end; ++j) {
        const Entry& entry = entries_[start + j];
        if (entry.diffable) {
          batch[j].diff = internal::DiffPlannedChange(all[start + j], entry.block.get(), profile_, batch[j].warnings);
        }
      }
    });
    size_t first = 0;  // the first change that is not a no-op, or `count`
    while (first < count && (!entries_[start + first].diffable || batch[first].diff.action() == Action::kNoOp)) {
      ++first;
    }
    for (size_t j = first; j < count; ++j) {
      if (entries_[start + j].diffable) ready_.emplace(start + j, std::move(batch[j]));
    }
    if (first < count) {  // a change that is not a no-op
      no_changes_ = false;
      return false;
    }
  }
  no_changes_ = true;
  return true;
}

void ChangeDiffs::Flush(std::string& out, size_t at_least) {
  if (!sink_ || out.empty() || out.size() < at_least) return;
  sink_(out);
  out.clear();
}

void ChangeDiffs::AppendWarnings(Warnings& warnings) {
  for (size_t i = 0; i < entries_.size(); ++i) {
    warnings.Append(entries_[i].lookup);
    auto t = triggered_.find(i);
    if (t != triggered_.end()) warnings.Append(t->second.warnings);
  }
}

StreamedPlanDiffs::StreamedPlanDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode,
                                     const change::Profile& profile, base::Executor* executor,
                                     std::function<void(std::string_view)> sink, Warnings& warnings)
    : warnings_(warnings),
      diffs_(internal::ComputeDriftDiffs(plan, schemas, mode, profile, warnings, executor)),
      changes_(plan, schemas, profile, executor, std::move(sink)) {
  internal::ComputeLaterDiffs(plan, schemas, profile, later_, diffs_);
}

void StreamedPlanDiffs::Finish() {
  changes_.AppendWarnings(warnings_);
  warnings_.Append(later_);
}

}  // namespace planview::renderer
