#include "renderer/compare/plan_comparison.h"

#include <algorithm>

#include "renderer/compare/internal/attribute_differences.h"
#include "renderer/json_fields.h"
#include "renderer/resource_order.h"
#include "structured/change.h"

namespace planview::renderer::compare {
namespace {

// Address order, then the address text (two spellings upstream's order ties), then deposed key.
int CompareKeys(const ResourceChange& a, const ResourceChange& b) {
  if (int order = CompareResourceAddresses(a.address, b.address); order != 0) return order;
  if (int text = a.address.compare(b.address); text != 0) return text;
  return a.deposed.compare(b.deposed);
}

std::vector<const ResourceChange*> SortedEntries(const std::vector<ResourceChange>& entries) {
  std::vector<const ResourceChange*> sorted;
  sorted.reserve(entries.size());
  for (const ResourceChange& entry : entries) sorted.push_back(&entry);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const ResourceChange* a, const ResourceChange* b) { return CompareKeys(*a, *b) < 0; });
  return sorted;
}

base::Expected<void> CheckUnique(const std::vector<ResourceChange>& entries) {
  std::vector<const ResourceChange*> sorted = SortedEntries(entries);
  for (size_t i = 1; i < sorted.size(); ++i) {
    if (CompareKeys(*sorted[i - 1], *sorted[i]) != 0) continue;
    const ResourceChange* first = sorted[i - 1];
    const ResourceChange* second = sorted[i];
    if (first->path > second->path) std::swap(first, second);  // name the later entry
    return InputError(second->path, "the same address and deposed key as " + first->path +
                                        "; planview diff needs each resource instance once");
  }
  return {};
}

bool ProposesChange(const ProposedAction& proposed) {
  return proposed.present &&
         (proposed.action != Action::kNoOp || !proposed.previous_address.empty() || proposed.importing);
}

ProposedAction ProposedOf(const ResourceChange* entry) {
  if (entry == nullptr) return {};
  return ProposedAction{true, entry->action, entry->Moved() ? entry->previous_address : std::string_view(),
                        entry->Importing()};
}

ProposedAction ProposedOf(const OutputChange* output) {
  if (output == nullptr) return {};
  return ProposedAction{true, output->action, {}, false};
}

// Whether the action keeps an object on both sides (so its attributes compare to another
// such action's): not a create, a delete or a forget, whose other side is empty.
bool KeepsObject(Action action) {
  return action == Action::kNoOp || action == Action::kUpdate || IsReplace(action) || action == Action::kRead;
}

structured::Change ChangeOf(structured::Value change) {
  return structured::Change::FromPlanChange(change, structured::PathMatcher());
}

// The difference between two plans' entries for one key (either may be null), if any.
std::optional<EntryDifference> CompareEntry(std::string_view address, std::string_view deposed,
                                            ProposedAction old_action, structured::Value old_change,
                                            ProposedAction new_action, structured::Value new_change,
                                            const internal::SchemaCursor& schema) {
  const bool old_proposes = ProposesChange(old_action);
  const bool new_proposes = ProposesChange(new_action);
  if (!old_proposes && !new_proposes) return std::nullopt;
  EntryDifference difference{address, deposed, DifferenceKind::kAttributesDiffer, old_action, new_action, {}};
  // Attributes are listed where they say something: both plans act on the same objects
  // (the same action, or both keep an object: update -> replace). Against a create or a
  // delete, every attribute would differ.
  if (old_action.present && new_action.present &&
      (old_action.action == new_action.action || (KeepsObject(old_action.action) && KeepsObject(new_action.action)))) {
    internal::AppendAttributeDifferences(ChangeOf(old_change), ChangeOf(new_change), schema, difference.attributes);
  }
  if (!old_action.present) {
    difference.kind = DifferenceKind::kAdded;
  } else if (!new_action.present) {
    difference.kind = DifferenceKind::kGone;
  } else if (!(old_action == new_action)) {
    difference.kind = DifferenceKind::kActionChanged;
  } else if (difference.attributes.empty()) {
    return std::nullopt;
  }
  return difference;
}

// Walks two lists sorted by `compare` (negative, zero, positive) side by side and calls
// `visit(old, new)` once per key, in order, with null for the side that lacks it.
template <typename T, typename Compare, typename Visit>
void MergeJoin(const std::vector<const T*>& olds, const std::vector<const T*>& news, Compare compare, Visit visit) {
  size_t i = 0;
  size_t j = 0;
  while (i < olds.size() || j < news.size()) {
    int order = i == olds.size() ? 1 : j == news.size() ? -1 : compare(*olds[i], *news[j]);
    const T* old_entry = order <= 0 ? olds[i++] : nullptr;
    const T* new_entry = order >= 0 ? news[j++] : nullptr;
    visit(old_entry, new_entry);
  }
}

structured::Value ChangeValue(const ResourceChange* entry) { return entry ? entry->change : structured::Value(); }
structured::Value ChangeValue(const OutputChange* output) { return output ? output->change : structured::Value(); }

// Where a resource's values sit in its schema (nothing known without one).
internal::SchemaCursor SchemaOf(const ResourceChange& entry, const structured::ProviderSchemas* schemas) {
  if (schemas == nullptr || !entry.mode) return {};
  base::Expected<const structured::Schema*> found = schemas->Find(entry.provider_name, *entry.mode, entry.type);
  if (!found || *found == nullptr || !(*found)->block) return {};
  return internal::SchemaCursor((*found)->block.get());
}

std::vector<EntryDifference> CompareResources(const std::vector<ResourceChange>& old_entries,
                                              const std::vector<ResourceChange>& new_entries,
                                              const structured::ProviderSchemas* schemas) {
  std::vector<EntryDifference> differences;
  MergeJoin(SortedEntries(old_entries), SortedEntries(new_entries), CompareKeys,
            [&](const ResourceChange* old_entry, const ResourceChange* new_entry) {
              const ResourceChange& key = old_entry != nullptr ? *old_entry : *new_entry;
              std::optional<EntryDifference> difference =
                  CompareEntry(key.address, key.deposed, ProposedOf(old_entry), ChangeValue(old_entry),
                               ProposedOf(new_entry), ChangeValue(new_entry), SchemaOf(key, schemas));
              if (difference) differences.push_back(std::move(*difference));
            });
  return differences;
}

std::vector<const OutputChange*> SortedOutputs(const std::vector<OutputChange>& outputs) {
  std::vector<const OutputChange*> sorted;
  sorted.reserve(outputs.size());
  for (const OutputChange& output : outputs) sorted.push_back(&output);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const OutputChange* a, const OutputChange* b) { return a->name < b->name; });
  return sorted;
}

std::vector<EntryDifference> CompareOutputs(const std::vector<OutputChange>& old_outputs,
                                            const std::vector<OutputChange>& new_outputs) {
  std::vector<EntryDifference> differences;
  MergeJoin(SortedOutputs(old_outputs), SortedOutputs(new_outputs),
            [](const OutputChange& a, const OutputChange& b) { return a.name.compare(b.name); },
            [&](const OutputChange* old_output, const OutputChange* new_output) {
              std::string_view name = old_output != nullptr ? old_output->name : new_output->name;
              std::optional<EntryDifference> difference =
                  CompareEntry(name, {}, ProposedOf(old_output), ChangeValue(old_output), ProposedOf(new_output),
                               ChangeValue(new_output), {});
              if (difference) differences.push_back(std::move(*difference));
            });
  return differences;
}

}  // namespace

bool AttributeDifference::Sensitive() const {
  return old_change.before.sensitive || old_change.after.sensitive || new_change.before.sensitive ||
         new_change.after.sensitive;
}

bool AttributeDifference::OnlySensitivityDiffers() const {
  auto same_value = [](const Side& a, const Side& b) {
    return a.unknown == b.unknown && (a.unknown || a.value.Equals(b.value));
  };
  return same_value(old_change.before, new_change.before) && same_value(old_change.after, new_change.after);
}

bool ProposedAction::operator==(const ProposedAction& other) const {
  return present == other.present && action == other.action && previous_address == other.previous_address &&
         importing == other.importing;
}

base::Expected<void> CheckUniqueAddresses(const Plan& plan) {
  if (base::Expected<void> changes = CheckUnique(plan.resource_changes); !changes) return changes;
  return CheckUnique(plan.resource_drift);
}

PlanComparison ComparePlans(const Plan& old_plan, const Plan& new_plan, const CompareOptions& options) {
  PlanComparison comparison;
  comparison.resources = CompareResources(old_plan.resource_changes, new_plan.resource_changes, options.schemas);
  comparison.outputs = CompareOutputs(old_plan.output_changes, new_plan.output_changes);
  if (options.drift) {
    comparison.drift_compared = true;
    comparison.drift = CompareResources(old_plan.resource_drift, new_plan.resource_drift, options.schemas);
  }
  return comparison;
}

}  // namespace planview::renderer::compare
