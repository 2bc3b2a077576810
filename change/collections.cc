#include "change/collections.h"

#include <algorithm>
#include <string>

#include "change/process_slice.h"

namespace planview::change {
namespace {

// The action of a collection before looking at its elements.
Action StartingAction(bool before_is_collection, bool after_is_collection) {
  if (before_is_collection && !after_is_collection) return Action::kDelete;
  if (!before_is_collection && after_is_collection) return Action::kCreate;
  return Action::kNoOp;
}

}  // namespace

MapTransform::MapTransform(structured::Value before, structured::Value after, size_t expected)
    : action_(StartingAction(before.is_object(), after.is_object())) {
  elements_.reserve(expected);
}

void MapTransform::Add(std::string_view key, Diff diff) {
  action_ = CompareActions(action_, diff.action());
  elements_.emplace(key, std::move(diff));
}

std::pair<renderers::DiffMap, Action> TransformMap(structured::Value before, structured::Value after,
                                                   const std::vector<std::string_view>& keys,
                                                   const std::function<Diff(std::string_view)>& process) {
  MapTransform map(before, after, keys.size());
  for (std::string_view key : keys) map.Add(key, process(key));
  return std::move(map).Finish();
}

std::pair<std::vector<Diff>, Action> TransformSlice(structured::Value before, structured::Value after,
                                                    const Profile& profile,
                                                    const std::function<bool(size_t, size_t)>& should_diff,
                                                    const std::function<Diff(size_t, size_t)>& process) {
  Action current = StartingAction(before.is_array(), after.is_array());
  std::vector<Diff> elements;
  elements.reserve(std::max(before.size(), after.size()));
  ProcessSlice(ClassifyElements(before, after), profile, should_diff, [&](size_t b, size_t a) {
    elements.push_back(process(b, a));
    current = CompareActions(current, elements.back().action());
  });
  return {std::move(elements), current};
}

}  // namespace planview::change
